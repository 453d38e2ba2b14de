"""Standalone repro for tvm:cpu (exact): TVM and numpy only.

Compiles the exact scheduled module kernelfuzz compiled, runs it on inputs/*.npy and judges
the outputs against reference/ (python3 check.py semantics). Exit 1: outside the bound.
As in kernelfuzz, every output and every intermediate buffer starts poisoned (all bits set in a
float: a NaN; 0xA5 in every byte of an integer), so an element the kernel never writes is seen
rather than read back from whatever the memory held."""
import os
import sys

import numpy as np
import tvm

import check

os.chdir(os.path.dirname(os.path.abspath(__file__)))
from poison import PIPELINE as POISONED, poisoned  # noqa: E402  beside this script: TVM and numpy only

TARGET = {'kind': 'llvm', 'num-cores': 2}
INPUTS = ['in0', 'in1', 'in2']
OUTPUTS = [('op0', [1, 1, 2], 'float16')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, 1, 2), "float16"), in1: T.Buffer((1, 2, 2), "float16"), in2: T.Buffer((1, 2, 2), "float16"), op0: T.Buffer((1, 1, 2), "float16")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        op0_0 = T.sblock_alloc_buffer((1, 1, 2))\n        op0_1 = T.sblock_alloc_buffer((1, 1, 2))\n        op0_2 = T.sblock_alloc_buffer((1, 1))\n        op0_3 = T.sblock_alloc_buffer((1, 1, 2))\n        op0_4 = T.sblock_alloc_buffer((1, 1))\n        op0_5 = T.sblock_alloc_buffer((1, 1, 2), "float16")\n        op0_6 = T.sblock_alloc_buffer((1, 1, 2))\n        for i0, i1, i2, r3 in T.grid(1, 1, 2, 2):\n            with T.sblock("op0_0"):\n                v_i0, v_i1, v_i2, v_r3 = T.axis.remap("SSSR", [i0, i1, i2, r3])\n                T.reads(in0[v_i0, v_i1, v_r3], in1[v_i0, v_i2, v_r3])\n                T.writes(op0_0[v_i0, v_i1, v_i2])\n                with T.init():\n                    op0_0[v_i0, v_i1, v_i2] = T.float32(0.0)\n                op0_0[v_i0, v_i1, v_i2] = op0_0[v_i0, v_i1, v_i2] + T.Cast("float32", in0[v_i0, v_i1, v_r3]) * T.Cast("float32", in1[v_i0, v_i2, v_r3])\n        for i0, i1, i2 in T.grid(1, 1, 2):\n            with T.sblock("op0_1"):\n                v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])\n                T.reads(op0_0[v_i0, v_i1, v_i2])\n                T.writes(op0_1[v_i0, v_i1, v_i2])\n                op0_1[v_i0, v_i1, v_i2] = op0_0[v_i0, v_i1, v_i2]\n        for i0, i1, r2 in T.grid(1, 1, 2):\n            with T.sblock("op0_2"):\n                v_i0, v_i1, v_r2 = T.axis.remap("SSR", [i0, i1, r2])\n                T.reads(op0_1[v_i0, v_i1, v_r2])\n                T.writes(op0_2[v_i0, v_i1])\n                with T.init():\n                    op0_2[v_i0, v_i1] = T.float32(-340282346638528859811704183484516925440.0)\n                op0_2[v_i0, v_i1] = T.max(op0_2[v_i0, v_i1], op0_1[v_i0, v_i1, v_r2])\n        for i0, i1, i2 in T.grid(1, 1, 2):\n            with T.sblock("op0_3"):\n                v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])\n                T.reads(op0_1[v_i0, v_i1, v_i2], op0_2[v_i0, v_i1])\n                T.writes(op0_3[v_i0, v_i1, v_i2])\n                op0_3[v_i0, v_i1, v_i2] = T.exp(op0_1[v_i0, v_i1, v_i2] - op0_2[v_i0, v_i1])\n        for i0, i1, r2 in T.grid(1, 1, 2):\n            with T.sblock("op0_4"):\n                v_i0, v_i1, v_r2 = T.axis.remap("SSR", [i0, i1, r2])\n                T.reads(op0_3[v_i0, v_i1, v_r2])\n                T.writes(op0_4[v_i0, v_i1])\n                with T.init():\n                    op0_4[v_i0, v_i1] = T.float32(0.0)\n                op0_4[v_i0, v_i1] = op0_4[v_i0, v_i1] + op0_3[v_i0, v_i1, v_r2]\n        for i0, i1, i2 in T.grid(1, 1, 2):\n            with T.sblock("op0_5"):\n                v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])\n                T.reads(op0_3[v_i0, v_i1, v_i2], op0_4[v_i0, v_i1])\n                T.writes(op0_5[v_i0, v_i1, v_i2])\n                op0_5[v_i0, v_i1, v_i2] = T.Cast("float16", op0_3[v_i0, v_i1, v_i2] / op0_4[v_i0, v_i1])\n        for i0, i1, i2, r3 in T.grid(1, 1, 2, 2):\n            with T.sblock("op0_6"):\n                v_i0, v_i1, v_i2, v_r3 = T.axis.remap("SSSR", [i0, i1, i2, r3])\n                T.reads(op0_5[v_i0, v_i1, v_r3], in2[v_i0, v_r3, v_i2])\n                T.writes(op0_6[v_i0, v_i1, v_i2])\n                with T.init():\n                    op0_6[v_i0, v_i1, v_i2] = T.float32(0.0)\n                op0_6[v_i0, v_i1, v_i2] = op0_6[v_i0, v_i1, v_i2] + T.Cast("float32", op0_5[v_i0, v_i1, v_r3]) * T.Cast("float32", in2[v_i0, v_r3, v_i2])\n        for i0, i1, i2 in T.grid(1, 1, 2):\n            with T.sblock("op0"):\n                v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])\n                T.reads(op0_6[v_i0, v_i1, v_i2])\n                T.writes(op0[v_i0, v_i1, v_i2])\n                op0[v_i0, v_i1, v_i2] = T.Cast("float16", op0_6[v_i0, v_i1, v_i2])'

mod = tvm.script.from_source(SOURCE)
if not isinstance(mod, tvm.IRModule):
    mod = tvm.IRModule({"main": mod})
executable = tvm.compile(mod, target=tvm.target.Target(TARGET), tir_pipeline=POISONED)
if TARGET["kind"] in ("cuda", "rocm") and not tvm.device(TARGET["kind"]).exist:  # kernelfuzz only compiled it
    print(f"compiled for {TARGET['kind']}; no such device here, the run is skipped")
    sys.exit(0)
if "mtriple" in TARGET:  # a Hexagon object: kernelfuzz runs it under QEMU with its own harness
    print(f"compiled for {TARGET['mtriple']}; it does not run on this host (kernelfuzz run case.json runs it)")
    sys.exit(0)
args = [tvm.runtime.tensor(np.load(f"inputs/{n}.npy")) for n in INPUTS]
results = [tvm.runtime.tensor(poisoned(shape, dtype)) for _, shape, dtype in OUTPUTS]
executable(*args, *results)
sys.exit(check.main_arrays([r.numpy() for r in results]))
