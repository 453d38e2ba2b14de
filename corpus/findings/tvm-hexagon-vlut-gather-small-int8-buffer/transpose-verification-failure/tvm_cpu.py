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
INPUTS = ['in0']
OUTPUTS = [('op0', [8, 16], 'int8')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((16, 8), "int8"), op0: T.Buffer((8, 16), "int8")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        for i0, i1 in T.grid(8, 16):\n            with T.sblock("op0"):\n                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])\n                T.reads(in0[v_i1, v_i0])\n                T.writes(op0[v_i0, v_i1])\n                op0[v_i0, v_i1] = in0[v_i1, v_i0]'

mod = tvm.script.from_source(SOURCE)
if not isinstance(mod, tvm.IRModule):
    mod = tvm.IRModule({"main": mod})
executable = tvm.compile(mod, target=tvm.target.Target(TARGET))
args = [tvm.runtime.tensor(np.load(f"inputs/{n}.npy")) for n in INPUTS]
results = [tvm.runtime.tensor(np.zeros(shape, dtype)) for _, shape, dtype in OUTPUTS]
executable(*args, *results)
sys.exit(check.main_arrays([r.numpy() for r in results]))
