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
INPUTS = ['in0', 'in1', 'in2']
OUTPUTS = [('op1', [2, 12, 1], 'int32')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((12, 1, 1, 64), "int8"), in1: T.Buffer((67, 12, 1, 1), "int8"), in2: T.Buffer((2, 12), "int8"), op1: T.Buffer((2, 12, 1), "int32")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        op0 = T.sblock_alloc_buffer((2, 12, 1), "int32")\n        for i0, i1, i2, r3, r4 in T.grid(2, 12, 1, 1, 64):\n            with T.sblock("op0"):\n                v_i0, v_i1, v_i2, v_r3, v_r4 = T.axis.remap("SSSRR", [i0, i1, i2, r3, r4])\n                T.reads(in1[v_i0 * 3 + v_r4, v_i1, v_i2 * -1, v_r3])\n                T.writes(op0[v_i0, v_i1, v_i2])\n                with T.init():\n                    op0[v_i0, v_i1, v_i2] = 2147483647\n                op0[v_i0, v_i1, v_i2] = T.min(op0[v_i0, v_i1, v_i2], T.Cast("int32", in1[v_i0 * 3 + v_r4, v_i1, v_i2 * -1, v_r3]))\n        for i0, i1, i2 in T.grid(2, 12, 1):\n            with T.sblock("op1"):\n                v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])\n                T.reads(op0[v_i0, v_i1, v_i2], in2[v_i0, 11 - v_i1])\n                T.writes(op1[v_i0, v_i1, v_i2])\n                op1[v_i0, v_i1, v_i2] = T.Cast("int32", T.Cast("float16", op0[v_i0, v_i1, v_i2]) * T.Cast("float16", in2[v_i0, 11 - v_i1]))'

mod = tvm.script.from_source(SOURCE)
if not isinstance(mod, tvm.IRModule):
    mod = tvm.IRModule({"main": mod})
executable = tvm.compile(mod, target=tvm.target.Target(TARGET))
args = [tvm.runtime.tensor(np.load(f"inputs/{n}.npy")) for n in INPUTS]
results = [tvm.runtime.tensor(np.zeros(shape, dtype)) for _, shape, dtype in OUTPUTS]
executable(*args, *results)
sys.exit(check.main_arrays([r.numpy() for r in results]))
