"""Standalone repro for tvm:relax-cpu (out-of-bound): TVM and numpy only.

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
INPUTS = ['in0', 'in1', 'in2']
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n# from tvm.script import relax as R\n\n@I.ir_module\nclass Module:\n    @R.function\n    def main(in0: R.Tensor((1, 1, 2), dtype="float16"), in1: R.Tensor((1, 2, 2), dtype="float16"), in2: R.Tensor((1, 2, 2), dtype="float16")) -> R.Tensor((1, 1, 2), dtype="float16"):\n        with R.dataflow():\n            lv: R.Tensor((1, 1, 1, 2), dtype="float16") = R.expand_dims(in0, axis=[2])\n            lv1: R.Tensor((1, 2, 1, 2), dtype="float16") = R.expand_dims(in1, axis=[2])\n            lv2: R.Tensor((1, 2, 1, 2), dtype="float16") = R.expand_dims(in2, axis=[2])\n            lv3: R.Tensor((1, 1, 1, 2), dtype="float16") = R.nn.attention(lv, lv1, lv2, scale=T.float32(1.0), causal_mask=None, window_size=None)\n            lv4: R.Tensor((1, 1, 2), dtype="float16") = R.squeeze(lv3, axis=[2])\n            gv: R.Tensor((1, 1, 2), dtype="float16") = lv4\n            R.output(gv)\n        return gv'

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
