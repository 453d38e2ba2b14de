"""Standalone repro for tvm:rocm-dlight (compiler-crash): TVM and numpy only.

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
TARGET = {'kind': 'rocm', 'mcpu': 'gfx942'}
INPUTS = ['in0']
OUTPUTS = [('op0', [1, 1, 1], 'int32')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@T.prim_func(s_tir=True)\ndef main(in0: T.Buffer((1, 1, 1, 1, 2), "int8"), op0: T.Buffer((1, 1, 1), "int32")):\n    T.func_attr({"tirx.noalias": True})\n    # with T.sblock("root"):\n    for i0, i1, i2, r3, r4 in T.grid(1, 1, 1, 1, 2):\n        with T.sblock("op0"):\n            v_i0, v_i1, v_i2, v_r3, v_r4 = T.axis.remap("SSSRR", [i0, i1, i2, r3, r4])\n            T.reads(in0[v_r4 // 3 + v_i0, v_i2, 0, v_r3, v_r4])\n            T.writes(op0[v_i0, v_i1, v_i2])\n            with T.init():\n                op0[v_i0, v_i1, v_i2] = 0\n            op0[v_i0, v_i1, v_i2] = op0[v_i0, v_i1, v_i2] + T.Cast("int32", in0[v_r4 // 3 + v_i0, v_i2, 0, v_r3, v_r4])'

mod = tvm.script.from_source(SOURCE)
if not isinstance(mod, tvm.IRModule):
    mod = tvm.IRModule({"main": mod})
import tvm.s_tir.dlight as dl

with tvm.target.Target(TARGET):  # dlight's default GPU rules, where kernelfuzz's compile failed
    mod = dl.ApplyDefaultSchedule(dl.gpu.Matmul(), dl.gpu.GEMV(), dl.gpu.Reduction(),
                                  dl.gpu.GeneralReduction(), dl.gpu.Fallback())(mod)
executable = tvm.compile(mod, target=tvm.target.Target(TARGET))
if TARGET["kind"] in ("cuda", "rocm") and not tvm.device(TARGET["kind"]).exist:  # kernelfuzz only compiled it
    print(f"compiled for {TARGET['kind']}; no such device here, the run is skipped")
    sys.exit(0)
args = [tvm.runtime.tensor(np.load(f"inputs/{n}.npy")) for n in INPUTS]
results = [tvm.runtime.tensor(np.zeros(shape, dtype)) for _, shape, dtype in OUTPUTS]
executable(*args, *results)
sys.exit(check.main_arrays([r.numpy() for r in results]))
