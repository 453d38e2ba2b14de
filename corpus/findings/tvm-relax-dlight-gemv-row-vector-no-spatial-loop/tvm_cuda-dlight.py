"""Standalone repro for tvm:cuda-dlight (compiler-crash): TVM and numpy only.

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
TARGET = {'kind': 'cuda', 'arch': 'sm_80'}
INPUTS = ['in0', 'op0_in']
OUTPUTS = [('op1', [2], 'float32')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@T.prim_func(s_tir=True)\ndef main(in0: T.Buffer((2, 2), "float32"), op0_in: T.Buffer((2,), "float32"), op1: T.Buffer((2,), "float32")):\n    T.func_attr({"tirx.noalias": True})\n    # with T.sblock("root"):\n    for i0, r1 in T.grid(2, 2):\n        with T.sblock("op1"):\n            v_i0, v_r1 = T.axis.remap("SR", [i0, r1])\n            T.reads(in0[v_i0, v_r1], op0_in[v_i0])\n            T.writes(op1[v_i0])\n            with T.init():\n                op1[v_i0] = T.float32(0.0)\n            op1[v_i0] = op1[v_i0] + (in0[v_i0, v_r1] - op0_in[v_i0])'

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
