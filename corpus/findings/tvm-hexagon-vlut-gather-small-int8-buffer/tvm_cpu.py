"""Standalone repro for tvm:cpu (exact): TVM and numpy only.

Compiles the exact scheduled module kernelfuzz compiled, runs it on inputs/*.npy and judges
the outputs against reference/ (python check.py semantics). Exit 1: outside the bound."""
import os
import sys

import numpy as np
import tvm

import check

os.chdir(os.path.dirname(os.path.abspath(__file__)))
TARGET = {'kind': 'llvm', 'num-cores': 2}
INPUTS = ['in3']
OUTPUTS = [('op2', [1, 1, 2, 2], 'int32')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in3: T.Buffer((1, 1, 2), "int8"), op2: T.Buffer((1, 1, 2, 2), "int32")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        for i0, i1, i2, i3 in T.grid(1, 1, 2, 2):\n            with T.sblock("op2"):\n                v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])\n                T.reads(in3[v_i0, v_i1, v_i2])\n                T.writes(op2[v_i0, v_i1, v_i2, v_i3])\n                op2[v_i0, v_i1, v_i2, v_i3] = T.Cast("int32", in3[v_i0, v_i1, v_i2])'

mod = tvm.script.from_source(SOURCE)
if not isinstance(mod, tvm.IRModule):
    mod = tvm.IRModule({"main": mod})
executable = tvm.compile(mod, target=tvm.target.Target(TARGET))
args = [tvm.runtime.tensor(np.load(f"inputs/{n}.npy")) for n in INPUTS]
results = [tvm.runtime.tensor(np.zeros(shape, dtype)) for _, shape, dtype in OUTPUTS]
executable(*args, *results)
sys.exit(check.main_arrays([r.numpy() for r in results]))
