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
OUTPUTS = [('op0', [1, 48, 1, 2], 'float16')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, 16, 19, 1), "float16"), in1: T.Buffer((48, 1, 7, 1), "float16"), op0: T.Buffer((1, 48, 1, 2), "float16")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        op0_pad = T.sblock_alloc_buffer((1, 16, 19, 4), "float16")\n        for i0, i1, i2, i3 in T.grid(1, 16, 19, 4):\n            with T.sblock("op0_pad"):\n                v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])\n                T.reads(in0[v_i0, v_i1, v_i2, v_i3])\n                T.writes(op0_pad[v_i0, v_i1, v_i2, v_i3])\n                op0_pad[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(0 <= v_i2 and v_i2 < 19 and 0 <= v_i3 and v_i3 < 1, in0[v_i0, v_i1, v_i2, v_i3], T.float16(0.0))\n        for b, k, i, j, ry, rx, rc in T.grid(1, 48, 1, 2, 7, 1, 1):\n            with T.sblock("op0"):\n                v_b, v_k, v_i, v_j, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [b, k, i, j, ry, rx, rc])\n                T.reads(op0_pad[v_b, v_k // 3 + v_rc, v_ry * 3 + v_i, v_j * 3 + v_rx], in1[v_k, v_rc, v_ry, v_rx])\n                T.writes(op0[v_b, v_k, v_i, v_j])\n                with T.init():\n                    op0[v_b, v_k, v_i, v_j] = T.float16(0.0)\n                op0[v_b, v_k, v_i, v_j] = op0[v_b, v_k, v_i, v_j] + op0_pad[v_b, v_k // 3 + v_rc, v_ry * 3 + v_i, v_j * 3 + v_rx] * in1[v_k, v_rc, v_ry, v_rx]'

mod = tvm.script.from_source(SOURCE)
if not isinstance(mod, tvm.IRModule):
    mod = tvm.IRModule({"main": mod})
executable = tvm.compile(mod, target=tvm.target.Target(TARGET))
args = [tvm.runtime.tensor(np.load(f"inputs/{n}.npy")) for n in INPUTS]
results = [tvm.runtime.tensor(np.zeros(shape, dtype)) for _, shape, dtype in OUTPUTS]
executable(*args, *results)
sys.exit(check.main_arrays([r.numpy() for r in results]))
