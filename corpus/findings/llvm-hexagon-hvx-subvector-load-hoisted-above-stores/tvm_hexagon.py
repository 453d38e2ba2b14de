"""Standalone repro for tvm:hexagon (exact): TVM and numpy only.

Compiles the exact scheduled module kernelfuzz compiled, runs it on inputs/*.npy and judges
the outputs against reference/ (python check.py semantics). Exit 1: outside the bound.
kernelfuzz ran it with outputs and intermediate buffers poisoned (NaN, 0xA5 bytes); here TVM's
default pipeline runs it into zeroed outputs, so an element the kernel never writes holds
whatever the memory held."""
import os
import sys

import numpy as np
import tvm

import check

os.chdir(os.path.dirname(os.path.abspath(__file__)))
TARGET = {'kind': 'llvm', 'mtriple': 'hexagon', 'mcpu': 'hexagonv68', 'num-cores': 1, 'mattr': ['+hvxv68', '+hvx-length128b', '-hvx-qfloat', '-hvx-ieee-fp']}
INPUTS = ['in0', 'in1']
OUTPUTS = [('op1', [1, 8, 1], 'int32')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, 8, 9, 4), "int8"), in1: T.Buffer((8, 1, 5, 2), "int8"), op1: T.Buffer((1, 8, 1), "int32")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        op0 = T.sblock_alloc_buffer((1, 8, 1, 2), "int32")\n        for b, k, i, j, ry, rx, rc in T.grid(1, 8, 1, 2, 5, 2, 1):\n            with T.sblock("op0"):\n                v_b, v_k, v_i, v_j, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [b, k, i, j, ry, rx, rc])\n                T.reads(in0[v_b, v_k + v_rc, v_ry * 2 + v_i, v_rx * 2 + v_j], in1[v_k, v_rc, v_ry, v_rx])\n                T.writes(op0[v_b, v_k, v_i, v_j])\n                with T.init():\n                    op0[v_b, v_k, v_i, v_j] = 0\n                op0[v_b, v_k, v_i, v_j] = op0[v_b, v_k, v_i, v_j] + T.Cast("int32", in0[v_b, v_k + v_rc, v_ry * 2 + v_i, v_rx * 2 + v_j]) * T.Cast("int32", in1[v_k, v_rc, v_ry, v_rx])\n        for i0, i1, i2, r3 in T.grid(1, 8, 1, 2):\n            with T.sblock("op1"):\n                v_i0, v_i1, v_i2, v_r3 = T.axis.remap("SSSR", [i0, i1, i2, r3])\n                T.reads(op0[v_i0, v_i1, v_i2, v_r3])\n                T.writes(op1[v_i0, v_i1, v_i2])\n                with T.init():\n                    op1[v_i0, v_i1, v_i2] = 2147483647\n                op1[v_i0, v_i1, v_i2] = T.min(op1[v_i0, v_i1, v_i2], op0[v_i0, v_i1, v_i2, v_r3])'

mod = tvm.script.from_source(SOURCE)
if not isinstance(mod, tvm.IRModule):
    mod = tvm.IRModule({"main": mod})
executable = tvm.compile(mod, target=tvm.target.Target(TARGET))
if TARGET["kind"] in ("cuda", "rocm") and not tvm.device(TARGET["kind"]).exist:  # kernelfuzz only compiled it
    print(f"compiled for {TARGET['kind']}; no such device here, the run is skipped")
    sys.exit(0)
args = [tvm.runtime.tensor(np.load(f"inputs/{n}.npy")) for n in INPUTS]
results = [tvm.runtime.tensor(np.zeros(shape, dtype)) for _, shape, dtype in OUTPUTS]
executable(*args, *results)
sys.exit(check.main_arrays([r.numpy() for r in results]))
