"""Standalone repro for tvm:hexagon-hvx-vectorize (compiler-crash): TVM and numpy only.

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

TARGET = {'kind': 'llvm', 'mtriple': 'hexagon', 'mcpu': 'hexagonv68', 'num-cores': 1, 'mattr': ['+hvxv68', '+hvx-length128b', '-hvx-qfloat', '-hvx-ieee-fp']}
INPUTS = ['in0', 'in1']
OUTPUTS = [('op0', [1, 1, 1, 8], 'int32')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, 1, 1, 4), "int8"), in1: T.Buffer((1, 1, 1, 8), "int8"), op0: T.Buffer((1, 1, 1, 8), "int32")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        for b_i_j_fused in T.parallel(1):\n            for k_0, ry, rx, rc in T.grid(2, 1, 1, 1):\n                for k_1 in T.vectorized(4):\n                    with T.sblock("op0"):\n                        v_b = T.axis.spatial(1, 0)\n                        v_i = T.axis.spatial(1, 0)\n                        v_j = T.axis.spatial(1, 0)\n                        v_k = T.axis.spatial(8, k_0 * 4 + k_1)\n                        v_ry, v_rx, v_rc = T.axis.remap("RRR", [ry, rx, rc])\n                        T.reads(in0[v_b, v_i + v_ry, v_j + v_rx, v_k // 2 + v_rc], in1[v_ry, v_rx, v_rc, v_k])\n                        T.writes(op0[v_b, v_i, v_j, v_k])\n                        with T.init():\n                            op0[v_b, v_i, v_j, v_k] = 0\n                        op0[v_b, v_i, v_j, v_k] = op0[v_b, v_i, v_j, v_k] + T.Cast("int32", in0[v_b, v_i + v_ry, v_j + v_rx, v_k // 2 + v_rc]) * T.Cast("int32", in1[v_ry, v_rx, v_rc, v_k])'

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
