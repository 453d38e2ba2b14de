"""Standalone repro for tvm:relax-cpu (compiler-crash): TVM and numpy only.

Rebuilds the Relax module kernelfuzz built, as it built it: Relax's default pipeline for the target in its two
halves (legalization: LegalizeOps, FuseOps, FuseTIR, dlight on GPUs; then lowering inside relax.build), with
the stored MetaSchedule trace of each PrimFunc applied in between, or relax.build's own pipeline ("unfused").
Runs it with relax.VirtualMachine on inputs/*.npy and judges the outputs against reference/ (python check.py
semantics). Exit 1: outside the bound."""
import importlib
import os
import sys

import numpy as np
import tvm
from tvm import relax, s_tir

import check

os.chdir(os.path.dirname(os.path.abspath(__file__)))
CONFIG = {'target': {'kind': 'llvm', 'num-cores': 2}, 'pipeline': 'default', 'schedules': {}}  # target, pipeline, one schedule trace per PrimFunc
INPUTS = ['in0', 'in1']
SOURCE = '# from typing import TypeVar\n# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n# from tvm.script import relax as R\n\nop0_d1 = TypeVar("op0_d1")\nop0_d2 = TypeVar("op0_d2")\nop0_d3 = TypeVar("op0_d3")\n@I.ir_module\nclass Module:\n    @T.prim_func(private=True, s_tir=True)\n    def op0(in0: T.Buffer((T.int64(1), op0_d1, op0_d2, op0_d3), "int8"), in1: T.Buffer((T.int64(1), T.int64(1), op0_d3, op0_d3), "int8"), op0: T.Buffer((T.int64(1), "op0_d1 - T.int64(1) + T.int64(1)", "op0_d2 - T.int64(1) + T.int64(1)", op0_d3), "int32")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        for b, i, j, k, ry, rx, rc in T.grid(T.int64(1), op0_d1, op0_d2, op0_d3, T.int64(1), T.int64(1), T.int64(1)):\n            with T.sblock("op0"):\n                v_b, v_i, v_j, v_k, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [b, i, j, k, ry, rx, rc])\n                T.reads(in0[v_b, v_i + v_ry, v_j + v_rx, v_rc], in1[v_ry, v_rx, v_rc, v_k])\n                T.writes(op0[v_b, v_i, v_j, v_k])\n                with T.init():\n                    op0[v_b, v_i, v_j, v_k] = 0\n                op0[v_b, v_i, v_j, v_k] = op0[v_b, v_i, v_j, v_k] + (T.Cast("int32", in0[v_b, v_i + v_ry, v_j + v_rx, v_rc]) - 60) * (T.Cast("int32", in1[v_ry, v_rx, v_rc, v_k]) + 5)\n\n    @R.function\n    def main(in0: R.Tensor((1, op0_d1, op0_d2, op0_d3), dtype="int8"), in1: R.Tensor((1, 1, op0_d3, op0_d3), dtype="int8")) -> R.Tensor((1, op0_d1, op0_d2, op0_d3), dtype="int32"):\n        cls = Module\n        with R.dataflow():\n            lv = R.call_tir(cls.op0, (in0, in1), out_ty=R.Tensor((1, op0_d1 - 1 + 1, op0_d2 - 1 + 1, op0_d3), dtype="int32"))\n            lv1: R.Tensor((1, op0_d1, op0_d2, op0_d3), dtype="int32") = R.match_cast(lv, R.Tensor((1, op0_d1, op0_d2, op0_d3), dtype="int32"))\n            lv2: R.Tensor((1, op0_d1, op0_d2, op0_d3), dtype="int32") = R.match_cast(lv1, R.Tensor((1, op0_d1, op0_d2, op0_d3), dtype="int32"))\n            gv: R.Tensor((1, op0_d1, op0_d2, op0_d3), dtype="int32") = lv2\n            R.output(gv)\n        return gv'

target = tvm.target.Target(CONFIG["target"])
mod = tvm.script.from_source(SOURCE)
if CONFIG["pipeline"] == "unfused":
    executable = relax.build(mod, target)
else:
    backend = {"llvm": "cpu_generic", "cuda": "cuda", "rocm": "rocm"}[target.kind.name]
    pipeline = importlib.import_module(f"tvm.relax.backend.{backend}.pipeline")
    with target:
        mod = tvm.transform.Sequential(pipeline.library_dispatch_passes(target) + pipeline.legalize_passes(target))(mod)
        for name, trace in CONFIG["schedules"].items():
            sch = s_tir.Schedule(tvm.IRModule({"main": mod[name]}))
            s_tir.Trace.apply_json_to_schedule(trace, sch)
            mod.update_func(mod.get_global_var(name), sch.mod["main"])
        executable = relax.build(mod, target, relax_pipeline=tvm.transform.Sequential(
            pipeline.dataflow_lower_passes(target) + pipeline.finalize_passes(target)))
if target.kind.name != "llvm" or "mtriple" in CONFIG["target"]:
    print(f"compiled for {CONFIG['target']}; there is no device here to run it")
    sys.exit(0)
out = relax.VirtualMachine(executable, tvm.cpu())["main"](
    *[tvm.runtime.tensor(np.load(f"inputs/{n}.npy")) for n in INPUTS])
outs = [out] if isinstance(out, tvm.runtime.Tensor) else list(out)
sys.exit(check.main_arrays([o.numpy() for o in outs]))
