"""Standalone repro for tvm:cpu-compute-at (out-of-bound): TVM and numpy only.

Compiles the exact scheduled module kernelfuzz compiled, runs it on inputs/*.npy and judges
the outputs against reference/ (python check.py semantics). Exit 1: outside the bound."""
import os
import sys

import numpy as np
import tvm

import check

os.chdir(os.path.dirname(os.path.abspath(__file__)))
TARGET = {'kind': 'llvm', 'num-cores': 2}
INPUTS = ['in2', 'in3', 'op0_in']
OUTPUTS = [('op2', [1, 7, 4, 2], 'int32')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in2: T.Buffer((7,), "int32"), in3: T.Buffer((7, 7, 1, 2), "int8"), op0_in: T.Buffer((1, 7, 1, 3), "int32"), op2: T.Buffer((1, 7, 4, 2), "int32")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        op1 = T.sblock_alloc_buffer((1, 7, 1, 3), "int8")\n        op2_pad = T.sblock_alloc_buffer((1, 7, 7, 5), "int8")\n        for i0, i1_0_0, i1_0_1 in T.grid(1, 2, 2):\n            for i1_1, i2, i3 in T.grid(2, 1, 3):\n                with T.sblock("op1"):\n                    v_i0 = T.axis.spatial(1, i0)\n                    v_i1 = T.axis.spatial(7, i1_0_0 * 4 + i1_0_1 * 2 + i1_1)\n                    v_i2, v_i3 = T.axis.remap("SS", [i2, i3])\n                    T.where((i1_0_0 * 2 + i1_0_1) * 2 + i1_1 < 7)\n                    T.reads(op0_in[v_i0, v_i1, v_i2, v_i3], in2[v_i1])\n                    T.writes(op1[v_i0, v_i1, v_i2, v_i3])\n                    op1[v_i0, v_i1, v_i2, v_i3] = T.Cast("int8", T.min(T.max(T.nearbyint(T.Cast("float32", op0_in[v_i0, v_i1, v_i2, v_i3] + in2[v_i1]) * T.float32(0.00909423828125)), T.float32(-128.0)), T.float32(127.0)))\n            for ax0, ax1 in T.grid(2, 3):\n                with T.sblock("op2_pad"):\n                    v_i0 = T.axis.spatial(1, 0)\n                    v_i1 = T.axis.spatial(7, i1_0_0 * 4 + i1_0_1 * 2 + ax0)\n                    v_i2 = T.axis.spatial(7, 3)\n                    v_i3 = T.axis.spatial(5, ax1)\n                    T.where((i1_0_0 * 2 + i1_0_1) * 2 + ax0 < 7)\n                    T.reads(op1[v_i0, v_i1, v_i2 - 3, v_i3])\n                    T.writes(op2_pad[v_i0, v_i1, v_i2, v_i3])\n                    op2_pad[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(3 <= v_i2 and v_i2 < 4 and 0 <= v_i3 and v_i3 < 3, op1[v_i0, v_i1, v_i2 - 3, v_i3], T.int8(0))\n        for b, k, i, j, ry, rx, rc in T.grid(1, 7, 4, 2, 1, 2, 7):\n            with T.sblock("op2"):\n                v_b, v_k, v_i, v_j, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [b, k, i, j, ry, rx, rc])\n                T.reads(op2_pad[v_b, v_rc, v_ry * 3 + v_i * 2, v_j * 2 + v_rx * 2], in3[v_k, v_rc, v_ry, v_rx])\n                T.writes(op2[v_b, v_k, v_i, v_j])\n                with T.init():\n                    op2[v_b, v_k, v_i, v_j] = 0\n                op2[v_b, v_k, v_i, v_j] = op2[v_b, v_k, v_i, v_j] + T.Cast("int32", op2_pad[v_b, v_rc, v_ry * 3 + v_i * 2, v_j * 2 + v_rx * 2]) * T.Cast("int32", in3[v_k, v_rc, v_ry, v_rx])'

mod = tvm.script.from_source(SOURCE)
if not isinstance(mod, tvm.IRModule):
    mod = tvm.IRModule({"main": mod})
executable = tvm.compile(mod, target=tvm.target.Target(TARGET))
args = [tvm.runtime.tensor(np.load(f"inputs/{n}.npy")) for n in INPUTS]
results = [tvm.runtime.tensor(np.zeros(shape, dtype)) for _, shape, dtype in OUTPUTS]
executable(*args, *results)
sys.exit(check.main_arrays([r.numpy() for r in results]))
