"""Standalone repro for tvm:rocm-dlight (rejected): TVM and numpy only.

Compiles the exact scheduled module kernelfuzz compiled, runs it on inputs/*.npy and judges
the outputs against reference/ (python check.py semantics). Exit 1: outside the bound."""
import os
import sys

import numpy as np
import tvm

import check

os.chdir(os.path.dirname(os.path.abspath(__file__)))
TARGET = {'kind': 'rocm', 'mcpu': 'gfx942'}
INPUTS = ['in0', 'in1']
OUTPUTS = [('op1', [1, 1, 1, 3], 'float16')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, 1, 1, 3), "int8"), in1: T.Buffer((1, 1, 1, 3), "int8"), op1: T.Buffer((1, 1, 1, 3), "float16")):\n        T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})\n        # with T.sblock("root"):\n        for ax0_fused_0 in T.thread_binding(1, thread="blockIdx.x"):\n            for ax0_fused_1 in T.thread_binding(256, thread="threadIdx.x"):\n                with T.sblock("op0"):\n                    v0 = T.axis.spatial(3, ax0_fused_0 * 256 + ax0_fused_1)\n                    T.where(ax0_fused_0 * 256 + ax0_fused_1 < 3)\n                    T.reads(in0[0, 0, 0, v0], in1[0, 0, 0, v0])\n                    T.writes(op1[0, 0, 0, v0])\n                    with T.init():\n                        op1[0, 0, 0, v0] = T.Cast("float16", T.Cast("float32", 0))\n                    op1[0, 0, 0, v0] = T.Cast("float16", T.Cast("float32", T.Add(op1[0, 0, 0, v0], T.Cast("int32", in0[0, 0, 0, v0]) * T.Cast("int32", in1[0, 0, 0, v0]))))'

mod = tvm.script.from_source(SOURCE)
if not isinstance(mod, tvm.IRModule):
    mod = tvm.IRModule({"main": mod})
executable = tvm.compile(mod, target=tvm.target.Target(TARGET))
args = [tvm.runtime.tensor(np.load(f"inputs/{n}.npy")) for n in INPUTS]
results = [tvm.runtime.tensor(np.zeros(shape, dtype)) for _, shape, dtype in OUTPUTS]
executable(*args, *results)
sys.exit(check.main_arrays([r.numpy() for r in results]))
