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
INPUTS = ['in0']
OUTPUTS = [('op0', [1], 'float32')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, "in0_d1", "in0_d2"), "float8_e4m3fn"), op0: T.Buffer((1,), "float32")):\n        in0_d1, in0_d2 = T.int32(), T.int32()\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        for i0, r1 in T.grid(1, 1):\n            with T.sblock("op0"):\n                v_i0, v_r1 = T.axis.remap("SR", [i0, r1])\n                T.reads(in0[v_i0, v_r1 * -1, v_r1])\n                T.writes(op0[v_i0])\n                with T.init():\n                    op0[v_i0] = T.float32(340282346638528859811704183484516925440.0)\n                op0[v_i0] = T.min(op0[v_i0], T.Cast("float32", T.Cast("float16", in0[v_i0, v_r1 * -1, v_r1])))'

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
