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
INPUTS = ['in0', 'in1']
OUTPUTS = [('op1', [1, 1, 1, 3], 'float16')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, 1, 1, 3), "int8"), in1: T.Buffer((1, 1, 1, 3), "int8"), op1: T.Buffer((1, 1, 1, 3), "float16")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        op0 = T.sblock_alloc_buffer((1, 1, 1, 3), "int32")\n        for b, i, j, k, ry, rx, rc in T.grid(1, 1, 1, 3, 1, 1, 1):\n            with T.sblock("op0"):\n                v_b, v_i, v_j, v_k, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [b, i, j, k, ry, rx, rc])\n                T.reads(in0[v_b, v_i + v_ry, v_j + v_rx, v_k + v_rc], in1[v_ry, v_rx, v_rc, v_k])\n                T.writes(op0[v_b, v_i, v_j, v_k])\n                with T.init():\n                    op0[v_b, v_i, v_j, v_k] = 0\n                op0[v_b, v_i, v_j, v_k] = op0[v_b, v_i, v_j, v_k] + T.Cast("int32", in0[v_b, v_i + v_ry, v_j + v_rx, v_k + v_rc]) * T.Cast("int32", in1[v_ry, v_rx, v_rc, v_k])\n        for i0, i1, i2, i3 in T.grid(1, 1, 1, 3):\n            with T.sblock("op1"):\n                v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])\n                T.reads(op0[v_i0, v_i1, v_i2, v_i3])\n                T.writes(op1[v_i0, v_i1, v_i2, v_i3])\n                op1[v_i0, v_i1, v_i2, v_i3] = T.Cast("float16", T.Cast("float32", op0[v_i0, v_i1, v_i2, v_i3]))'

mod = tvm.script.from_source(SOURCE)
if not isinstance(mod, tvm.IRModule):
    mod = tvm.IRModule({"main": mod})
executable = tvm.compile(mod, target=tvm.target.Target(TARGET))
args = [tvm.runtime.tensor(np.load(f"inputs/{n}.npy")) for n in INPUTS]
results = [tvm.runtime.tensor(np.zeros(shape, dtype)) for _, shape, dtype in OUTPUTS]
executable(*args, *results)
sys.exit(check.main_arrays([r.numpy() for r in results]))
