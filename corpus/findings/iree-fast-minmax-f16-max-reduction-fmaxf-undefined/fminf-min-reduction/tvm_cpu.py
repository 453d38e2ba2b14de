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
INPUTS = ['op0_in']
OUTPUTS = [('op1', [1, 1, 1], 'float16')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(op0_in: T.Buffer((1, 1, 1, 2), "float16"), op1: T.Buffer((1, 1, 1), "float16")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        for i0, i1, i2, r3 in T.grid(1, 1, 1, 2):\n            with T.sblock("op1"):\n                v_i0, v_i1, v_i2, v_r3 = T.axis.remap("SSSR", [i0, i1, i2, r3])\n                T.reads(op0_in[v_i0, v_i1, v_i2, v_r3])\n                T.writes(op1[v_i0, v_i1, v_i2])\n                with T.init():\n                    op1[v_i0, v_i1, v_i2] = T.float16(65504.0)\n                op1[v_i0, v_i1, v_i2] = T.min(op1[v_i0, v_i1, v_i2], op0_in[v_i0, v_i1, v_i2, v_r3])'

mod = tvm.script.from_source(SOURCE)
if not isinstance(mod, tvm.IRModule):
    mod = tvm.IRModule({"main": mod})
executable = tvm.compile(mod, target=tvm.target.Target(TARGET))
args = [tvm.runtime.tensor(np.load(f"inputs/{n}.npy")) for n in INPUTS]
results = [tvm.runtime.tensor(np.zeros(shape, dtype)) for _, shape, dtype in OUTPUTS]
executable(*args, *results)
sys.exit(check.main_arrays([r.numpy() for r in results]))
