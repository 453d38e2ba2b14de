"""Standalone repro for tvm:cuda-dlight (rejected): TVM and numpy only.

Compiles the exact scheduled module kernelfuzz compiled, runs it on inputs/*.npy and judges
the outputs against reference/ (python check.py semantics). Exit 1: outside the bound."""
import os
import sys

import numpy as np
import tvm

import check

os.chdir(os.path.dirname(os.path.abspath(__file__)))
TARGET = {'kind': 'cuda', 'arch': 'sm_80'}
INPUTS = ['in0', 'in1']
OUTPUTS = [('op0', [1, 6, 1, 1], 'int32')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, 3, 1, 3), "int8"), in1: T.Buffer((6, 1, 1, 2), "int8"), op0: T.Buffer((1, 6, 1, 1), "int32")):\n        T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})\n        # with T.sblock("root"):\n        op0_rf_local = T.sblock_alloc_buffer((2, 1, 6, 1, 1), "int32", scope="local")\n        for ax0_0_fused in T.thread_binding(3, thread="blockIdx.x"):\n            for ax1_fused_1 in T.thread_binding(2, thread="threadIdx.x", annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):\n                for ax0_1_init in range(2):\n                    with T.sblock("op0_rf_init"):\n                        vax1_fused_1 = T.axis.spatial(2, ax1_fused_1)\n                        v0 = T.axis.spatial(6, ax0_0_fused * 2 + ax0_1_init)\n                        T.reads()\n                        T.writes(op0_rf_local[vax1_fused_1, 0, v0, 0, 0])\n                        op0_rf_local[vax1_fused_1, 0, v0, 0, 0] = 0\n                for ax1_fused_0, ax0_1 in T.grid(1, 2):\n                    with T.sblock("op0_rf_update"):\n                        vax1_fused_1 = T.axis.spatial(2, ax1_fused_1)\n                        v0 = T.axis.spatial(6, ax0_0_fused * 2 + ax0_1)\n                        vax1_fused_0 = T.axis.reduce(1, ax1_fused_0)\n                        T.reads(op0_rf_local[vax1_fused_1, 0, v0, 0, 0], in0[0, v0 // 2, 0, (vax1_fused_0 * 2 + vax1_fused_1) * 2], in1[v0, 0, 0, vax1_fused_0 * 2 + vax1_fused_1])\n                        T.writes(op0_rf_local[vax1_fused_1, 0, v0, 0, 0])\n                        op0_rf_local[vax1_fused_1, 0, v0, 0, 0] = op0_rf_local[vax1_fused_1, 0, v0, 0, 0] + T.Cast("int32", in0[0, v0 // 2, 0, (vax1_fused_0 * 2 + vax1_fused_1) * 2]) * T.Cast("int32", in1[v0, 0, 0, vax1_fused_0 * 2 + vax1_fused_1])\n            for ax1_0_fused in range(1):\n                for ax0 in T.thread_binding(2, thread="threadIdx.x"):\n                    for ax1_1 in range(2):\n                        with T.sblock("op0"):\n                            vax1_fused_1 = T.axis.reduce(2, ax0)\n                            v0 = T.axis.spatial(6, ax0_0_fused * 2 + ax1_1)\n                            T.reads(op0_rf_local[vax1_fused_1, 0, v0, 0, 0])\n                            T.writes(op0[0, v0, 0, 0])\n                            with T.init():\n                                op0[0, v0, 0, 0] = 0\n                            op0[0, v0, 0, 0] = op0[0, v0, 0, 0] + op0_rf_local[vax1_fused_1, 0, v0, 0, 0]'

mod = tvm.script.from_source(SOURCE)
if not isinstance(mod, tvm.IRModule):
    mod = tvm.IRModule({"main": mod})
executable = tvm.compile(mod, target=tvm.target.Target(TARGET))
args = [tvm.runtime.tensor(np.load(f"inputs/{n}.npy")) for n in INPUTS]
results = [tvm.runtime.tensor(np.zeros(shape, dtype)) for _, shape, dtype in OUTPUTS]
executable(*args, *results)
sys.exit(check.main_arrays([r.numpy() for r in results]))
