"""The standalone script of a Relax configuration's result, for repro bundles (``fuzz/publish/bundle.py``).

A Relax configuration's source is its Relax module (TVMScript, before any pipeline) under one header
line, ``# kernelfuzz relax: {"target": ..., "pipeline": ..., "schedules": {primfunc: trace}}``.  The
script rebuilds that module the way kernelfuzz built it (Relax's default pipeline for the target in its
two halves, each stored MetaSchedule trace applied to its PrimFunc in between, or ``relax.build``'s own
pipeline for ``unfused``), runs it with ``relax.VirtualMachine`` on ``inputs/*.npy`` and judges the
outputs with ``check.py``.  It needs only TVM and numpy.
"""
from __future__ import annotations

import json

from fuzz.execute.backend import RELAX_HEADER


SCRIPT = '''"""Standalone repro for {config} ({verdict}): TVM and numpy only.

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
CONFIG = {settings!r}  # target, pipeline, one schedule trace per PrimFunc
INPUTS = {inputs!r}
SOURCE = {source!r}

target = tvm.target.Target(CONFIG["target"])
mod = tvm.script.from_source(SOURCE)
if CONFIG["pipeline"] == "unfused":
    executable = relax.build(mod, target)
else:
    backend = {{"llvm": "cpu_generic", "cuda": "cuda", "rocm": "rocm"}}[target.kind.name]
    pipeline = importlib.import_module(f"tvm.relax.backend.{{backend}}.pipeline")
    with target:
        mod = tvm.transform.Sequential(pipeline.library_dispatch_passes(target) + pipeline.legalize_passes(target))(mod)
        for name, trace in CONFIG["schedules"].items():
            sch = s_tir.Schedule(tvm.IRModule({{"main": mod[name]}}))
            s_tir.Trace.apply_json_to_schedule(trace, sch)
            mod.update_func(mod.get_global_var(name), sch.mod["main"])
        executable = relax.build(mod, target, relax_pipeline=tvm.transform.Sequential(
            pipeline.dataflow_lower_passes(target) + pipeline.finalize_passes(target)))
if target.kind.name != "llvm" or "mtriple" in CONFIG["target"]:
    print(f"compiled for {{CONFIG['target']}}; there is no device here to run it")
    sys.exit(0)
out = relax.VirtualMachine(executable, tvm.cpu())["main"](
    *[tvm.runtime.tensor(np.load(f"inputs/{{n}}.npy")) for n in INPUTS])
outs = [out] if isinstance(out, tvm.runtime.Tensor) else list(out)
sys.exit(check.main_arrays([o.numpy() for o in outs]))
'''


def script(result, case) -> str | None:
    """The standalone script of a Relax configuration's result (None for any other result)."""
    if not result.source.startswith(RELAX_HEADER):
        return None
    header, _, source = result.source.partition("\n")
    return SCRIPT.format(config=result.config, verdict=result.verdict.value, settings=json.loads(header[len(RELAX_HEADER):]),
                         inputs=[t.name for t in case.inputs], source=source)
