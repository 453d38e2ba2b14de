"""TVM the way its users reach it: a Relax module (``frontends/tvm/relax_lower.py``) through Relax's own
pipeline for the target, run by ``relax.VirtualMachine``.

Compile runs Relax's default pipeline for the target (``tvm.relax.backend.<target>.pipeline``) in
its two halves: library dispatch and legalization (``LegalizeOps``, ``AnnotateTIROpPattern``,
``FoldConstant``, ``FuseOps``, ``FuseTIR``, and for GPU targets dlight's default schedules), then
dataflow lowering and finalization inside ``relax.build``.  Back to back they are exactly
``relax.get_default_pipeline(target)``.  Between them the ``sampled`` configuration draws one
schedule per fused PrimFunc from MetaSchedule's design space (seeded from the program, as
``tvm:cpu-sampled``) and ``tuned`` runs Relax's MetaSchedule integration
(``MetaScheduleTuneIRMod``) and applies the best record of each PrimFunc, as
``MetaScheduleApplyDatabase`` does; either stores the traces, one per PrimFunc, in the case
(``{"<primfunc>": trace}``), and replays them exactly.  ``unfused`` is what ``relax.build`` /
``tvm.compile`` does with a Relax module by default: ``LegalizeOps`` only, one PrimFunc per op.

Facts: ``primfuncs`` (each PrimFunc the pipeline produced, with the ops ``FuseOps`` grouped into
it, e.g. ``fused_conv2d_add_cast`` <- conv2d, add, cast), ``primfunc_count`` and ``kernel_count`` (the same
without pure reshapes, which Relax turns into views).  The Hexagon
configuration runs under kernelfuzz's Hexagon harness (``frontends/devices/hexagon.py``) when the pipeline
fused the whole case into one PrimFunc of the case's inputs; otherwise it only compiles, and
``hexagon`` in the facts says which and why.  The source kept for repros is the Relax module before
the pipeline, under a header line naming target, pipeline and schedules (``frontends/tvm/relax_repro.py``
turns it into a standalone script).
"""
from __future__ import annotations

import importlib
import json
import tempfile

import numpy as np

from frontends.tvm import errors, frontend as tvm_frontend
from frontends.tvm.erf import refused_erf
from frontends.tvm.relax_repro import RELAX_HEADER
from frontends.tvm.repro import read_back, repro  # noqa: F401  the bundle's scripts
from fuzz.execute.backend import Availability, Config, ProgramFailure, handing_over

MODULE = __name__
PIPELINES = {
    "default": "Relax's default pipeline for the target (relax.get_default_pipeline: LegalizeOps, FuseOps, FuseTIR), "
               "relax.VirtualMachine",
    "unfused": "relax.build's own default pipeline, as tvm.compile runs it: LegalizeOps only, one PrimFunc per op",
    "sampled": "default pipeline, then one MetaSchedule design-space draw per fused PrimFunc (seeded, traces stored)",
    "tuned": "default pipeline with Relax's MetaSchedule integration (relax_integration.tune_relax, what "
             "MetaScheduleTuneIRMod runs) over the fused PrimFuncs, each best record applied as "
             "MetaScheduleApplyDatabase does, traces stored (opt-in: minutes per case)",
    "dlight": "Relax's default GPU pipeline: FuseOps, FuseTIR, then dlight's default schedules",
}
_BACKEND = {"llvm": "cpu_generic", "cuda": "cuda", "rocm": "rocm"}  # tvm.relax.backend.<x>.pipeline
TUNE_TRIALS = 16
BUILD_TIMEOUT = 300.0  # per MetaSchedule build or measurement, worker start-up included


def _config(target: str, pipeline: str, note: str = "", opt_in: bool = False) -> Config:
    name = f"tvm:relax-{target}" + ("" if pipeline == "default" else f"-{pipeline}")
    return Config(name, MODULE, target, (pipeline,), note + PIPELINES[pipeline], tvm_frontend.PROFILE[target], opt_in)


CONFIGS = (
    _config("cpu", "default"),
    _config("cpu", "unfused"),
    _config("cpu", "sampled"),
    _config("cpu", "tuned", opt_in=True),
    _config("cuda", "dlight", "CUDA sm_80 PTX; "),
    _config("rocm", "dlight", "ROCm gfx942 code object; "),
    Config("tvm:relax-hexagon", MODULE, "hexagon", ("default",),
           "Relax's default pipeline for Hexagon v68 (integer HVX); the fused PrimFunc runs under kernelfuzz's harness "
           "when FuseOps made the whole case one kernel, compile-only otherwise (facts.hexagon says which)",
           tvm_frontend.PROFILE["hexagon"]),
)


def release_gap(config: Config) -> str:
    """What the installed TVM release lacks for ``config`` ('' when nothing): ``frontends/tvm/compat.py``."""
    from frontends.tvm.compat import release_gap as gap
    return gap(config)


def availability(config: Config) -> Availability:
    """As the TE configurations of the same target (``tvm_frontend.availability``)."""
    schedule = "sampled" if config.flags[0] in ("sampled", "tuned") else "default"
    a = tvm_frontend.availability(Config(config.name, tvm_frontend.MODULE, config.target, (schedule,)))
    if config.target == "hexagon" and a.status == "runs":
        return Availability("runs", f"{a.why}, for cases the pipeline fuses into one PrimFunc; compile-only otherwise")
    if config.target == "cuda" and a.status == "runs":  # not yet: the VM program would need its launches replayed
        return Availability("compile-only", "Relax's VM launches kernels through TVM's CUDA runtime, which the "
                                            "apache-tvm wheel lacks; the CUDA binding runs tvm:cuda-dlight only")
    if config.target == "rocm" and a.status == "runs":  # the same: the gfx942 simulator runs one PrimFunc's plan
        return Availability("compile-only", "Relax's VM launches kernels through TVM's ROCm runtime, which the "
                                            "apache-tvm wheel lacks, and kernelfuzz does not replay the VM's "
                                            "launches; the gfx942 simulator runs tvm:rocm-dlight only")
    return a


def warm_up(configs=None) -> None:
    """As the TE configurations' warm-up (the same pipeline names need MetaSchedule's tensor intrinsics)."""
    tvm_frontend.warm_up(configs)
    import tvm.relax  # noqa: F401


def warm_up_note(configs=None) -> str:
    return tvm_frontend.warm_up_note(configs)


def _passes(target):
    """(library dispatch + legalization, dataflow lowering + finalization) of Relax's default pipeline.

    ``tvm.relax.pipeline.dataflow_lower_passes`` fails in 0.27 (the backend packages do not export it), so the
    halves come from the backend's own pipeline module."""
    p = importlib.import_module(f"tvm.relax.backend.{_BACKEND[target.kind.name]}.pipeline")
    return (p.library_dispatch_passes(target) + p.legalize_passes(target),
            p.dataflow_lower_passes(target) + p.finalize_passes(target))


def _callees(func) -> list[str]:
    """Names of the PrimFuncs a (fused) Relax function calls, in order."""
    from tvm import relax
    names: list[str] = []

    def visit(e):
        if _is_call_tir(e):
            names.append(e.args[0].name_hint)
    relax.analysis.post_order_visit(func.body, visit)
    return names


def _is_call_tir(e) -> bool:
    import tvm
    return isinstance(e, tvm.relax.Call) and isinstance(e.op, tvm.ir.Op) and e.op.name == "relax.call_tir"


def _fusion_groups(mod) -> dict[str, list[str]]:
    """The functions FuseOps made, each with the PrimFuncs (one per op) it grouped."""
    from tvm import relax
    return {gv.name_hint: _callees(f) for gv, f in mod.functions_items()
            if isinstance(f, relax.Function) and f.attrs is not None and "Primitive" in f.attrs}


def _primfuncs(mod, groups: dict) -> dict[str, list[str]]:
    from tvm import tirx
    return {gv.name_hint: groups.get(gv.name_hint, [gv.name_hint]) for gv, f in mod.functions_items()
            if isinstance(f, tirx.PrimFunc)}


def _counts(mod, primfuncs: dict) -> dict:
    """The PrimFunc facts; ``kernel_count`` leaves out pure reshapes, which Relax turns into views (no kernel)."""
    from tvm import relax
    kernels = [n for n in primfuncs if not relax.analysis.has_reshape_pattern(mod[n])]
    return {"primfuncs": primfuncs, "primfunc_count": len(primfuncs), "kernel_count": len(kernels)}


def _legalize(mod, target, passes) -> tuple:
    """Apply the first half of the pipeline; FuseOps' groups are read right after it runs."""
    groups: dict = {}
    with target:
        for p in passes:
            mod = p(mod)
            if p.info.name == "FuseOps":
                groups = _fusion_groups(mod)
    return mod, _primfuncs(mod, groups)


def _with_funcs(mod, funcs: dict):
    for name, f in funcs.items():
        mod.update_func(mod.get_global_var(name), f)
    return mod


def _schedule(mod, flags: tuple, target, seed: int, stored: dict | None) -> tuple:
    """Each PrimFunc scheduled by the stored trace, else drawn (sampled) or tuned; returns (module, traces)."""
    import tvm

    from frontends.tvm import schedules as tvm_schedules
    names = sorted(_primfuncs(mod, {}))
    if stored is None and flags[0] == "tuned":  # a second flag overrides the trial budget
        stored = _tune(mod, target, int(flags[1]) if len(flags) > 1 else TUNE_TRIALS, seed)
    traces, funcs = {}, {}
    for k, name in enumerate(names):
        single = tvm.IRModule({"main": mod[name]})
        if stored is not None:
            if name not in stored:
                continue  # untuned (or a stored schedule of another program): Relax's default
            scheduled, traces[name] = tvm_schedules.replay(single, json.dumps(stored[name])), stored[name]
        else:
            sch = tvm_schedules._sampled(single, target, seed + k)
            scheduled, traces[name] = sch.mod, json.loads(tvm_schedules.trace_json(sch))
        funcs[name] = scheduled["main"]
    return _with_funcs(mod, funcs), traces


def _tune(mod, target, trials: int, seed: int) -> dict:
    """Relax's MetaSchedule integration over the fused PrimFuncs; the best record's trace per PrimFunc.

    ``relax_integration.tune_relax`` is what the ``MetaScheduleTuneIRMod`` pass calls, but with the pass's
    defaults (the xgboost cost model, absent here; no seed; builders killed after 30 s, less than a builder
    process takes to import TVM on a busy machine) no candidate ever reaches the runner.  The records are looked
    up the way ``MetaScheduleApplyDatabase`` looks them up."""
    from tvm.s_tir import meta_schedule as ms
    from tvm.s_tir.meta_schedule.tune_context import _normalize_mod

    from frontends.tvm import schedules as tvm_schedules
    with tempfile.TemporaryDirectory(prefix="kernelfuzz-relax-tune-") as work_dir:
        database = ms.relax_integration.tune_relax(
            mod, {}, target, work_dir, trials, num_trials_per_iter=4, cost_model="random", seed=seed,
            builder=ms.builder.LocalBuilder(max_workers=1, timeout_sec=BUILD_TIMEOUT),
            runner=ms.runner.LocalRunner(timeout_sec=BUILD_TIMEOUT))
        best = {}
        for name in _primfuncs(mod, {}):
            sch = database.query_schedule(_normalize_mod(mod[name]), target, workload_name=name)
            if sch is not None:
                best[name] = json.loads(tvm_schedules.trace_json(sch))
    return best


def _find(x, items) -> int | None:
    return next((i for i, y in enumerate(items) if x.same_as(y)), None)


def _param_view(mod, binding, params) -> tuple[int, list[int]] | None:
    """(parameter, shape) when the binding reshapes a parameter: the harness passes that as a view."""
    from tvm import relax
    value = binding.value
    if not _is_call_tir(value) or len(value.args[1].fields) != 1:
        return None
    k = _find(value.args[1].fields[0], params)
    if k is None or not relax.analysis.has_reshape_pattern(mod[value.args[0].name_hint]):
        return None
    return k, [int(n) for n in binding.var.ty.shape.values]


def _single_kernel(mod) -> tuple[str, list] | str:
    """(PrimFunc, per kernel input its main parameter and the shape it is viewed at) when main is one PrimFunc
    call on its parameters (reshaped, perhaps), else why the Hexagon harness cannot run the module."""
    from tvm import relax
    main = mod["main"]
    params, views, calls = list(main.params), [], []
    for b in (b for blk in main.body.blocks for b in blk.bindings):
        if isinstance(b.value, relax.Var):
            continue  # a rename
        view = _param_view(mod, b, params)
        views.append((b.var, view)) if view else calls.append(b.value)
    if len(calls) != 1 or not _is_call_tir(calls[0]):
        return f"main does {len(calls)} things, not one PrimFunc call (the harness runs one kernel)"
    args = []
    for a in calls[0].args[1].fields:
        k, v = _find(a, params), _find(a, [var for var, _ in views])
        if k is None and v is None:
            return "the kernel reads values main computes first (the harness passes only case inputs)"
        args.append((k, None) if k is not None else views[v][1])
    return calls[0].args[0].name_hint, args


def _header(config: Config, traces: dict) -> str:
    return RELAX_HEADER + json.dumps({"target": tvm_frontend.TARGETS[config.target], "pipeline": config.flags[0],
                                "schedules": traces}, separators=(",", ":")) + "\n"


def _stored(case, config: Config) -> dict | None:
    trace = case.schedule_for(config.name)
    return None if trace is None else json.loads(trace)


def _int4(case) -> str | None:
    """Relax takes no i4 parameter kernelfuzz can feed: R.Tensor's int4 has the packing mismatch of TE's (see
    frontends/tvm/lower._int4_input), and kernelfuzz's Relax lowering has no packed-uint8 form yet."""
    if any(t.dtype == "i4" for t in case.inputs):
        return "int4 weights: kernelfuzz's Relax lowering has no packed int4 parameters yet (the TE configurations " \
               "take them, packed two a byte and unpacked with shifts)"
    return None


def takes(case, config: Config) -> str | None:
    """The contract's ``takes``: an element type the target refuses, a float16 erf its codegen has none of (a body
    erf reaches Relax as TE, ``emit_te``), MetaSchedule's static shapes, int4 weights."""
    return (tvm_frontend.refused_type(case, config) or refused_erf(case, config)
            or tvm_frontend.static_only(case, config) or _int4(case))


def compile(case, config: Config, workdir: str):
    import tvm
    from tvm import relax

    from frontends.tvm.relax_lower import lower
    from frontends.tvm.schedules import seed_for

    mod = lower(case)  # our own code: an exception here is a kernelfuzz bug, not a finding
    target, pipeline = tvm_frontend._target(config), config.flags[0]
    script = mod.script()
    source, facts = _header(config, {}) + script, {}
    try:
        handing_over(workdir, source)
        if pipeline == "unfused":
            with target:
                legal = relax.transform.LegalizeOps()(mod)
            facts.update(_counts(legal, _primfuncs(legal, {})))
            with tvm_frontend.codegen_env(config):
                executable = relax.build(mod, target)
        else:
            first, second = _passes(target)
            mod, primfuncs = _legalize(mod, target, first)
            facts.update(_counts(mod, primfuncs))
            if pipeline in ("sampled", "tuned"):
                mod, traces = _schedule(mod, config.flags, target, seed_for(case, config.name), _stored(case, config))
                facts["schedule"] = json.dumps(traces, separators=(",", ":"))
                source = _header(config, traces) + script
            handing_over(workdir, source, facts)
            with target, tvm_frontend.codegen_env(config):
                executable = relax.build(mod, target, relax_pipeline=tvm.transform.Sequential(second))
        handle = _handle(mod, executable, case, config, workdir, facts)
    except Exception as e:  # TVM's verdict where TVM raised it; kernelfuzz's own errors go on as they are
        raise errors.verdict(e, source, facts) from None
    return handle, source, facts


def _handle(mod, executable, case, config: Config, workdir: str, facts: dict):
    if config.target in ("cuda", "rocm"):
        facts["assembly_lines"] = tvm_frontend._keep_assembly(executable, workdir, config)
    if config.target != "hexagon":
        return ("vm", executable, len(case.outputs))
    kernel = _single_kernel(mod)
    if isinstance(kernel, str):
        facts["hexagon"] = f"compile-only: {kernel}"
        return ("compile-only", facts["hexagon"], None)
    return _hexagon_kernel(mod, kernel, case, config, workdir, facts)


def _hexagon_kernel(mod, kernel: tuple, case, config: Config, workdir: str, facts: dict):
    """The one fused PrimFunc compiled alone for Hexagon and linked to the harness."""
    import tvm
    name, order = kernel
    if tvm_frontend.availability(Config(config.name, tvm_frontend.MODULE, "hexagon", ("default",))).status \
            == "compile-only":
        facts["hexagon"] = "compile-only: no Hexagon toolchain here"
        return ("compile-only", facts["hexagon"], None)
    func = mod[name].with_attr("global_symbol", "main")
    executable = tvm.compile(tvm.IRModule({"main": func}), target=tvm_frontend._target(config))
    facts["hexagon"] = f"runs: the pipeline fused the whole case into {name}"
    types = case.tensor_types()
    outputs = [types[n] for n in case.outputs]
    return ("hexagon", tvm_frontend._link_hexagon(executable, workdir, facts), (order, outputs))


def run(handle, inputs: list[np.ndarray]) -> list[np.ndarray]:
    import tvm
    from tvm import relax

    from frontends.tvm.lower import TVM_DTYPE

    kind, executable, extra = handle
    if kind == "compile-only":
        raise ProgramFailure(executable, kind="compile-only")
    if kind == "hexagon":
        from frontends.devices import hexagon
        order, outputs = extra
        results, _ = hexagon.run(executable, [inputs[k] if shape is None else inputs[k].reshape(shape)
                                              for k, shape in order],
                                 [(shape, np.dtype(TVM_DTYPE[dtype])) for shape, dtype in outputs])
        return results
    try:
        vm = relax.VirtualMachine(executable, tvm.cpu())
        out = vm["main"](*[tvm.runtime.tensor(a) for a in inputs])
    except RuntimeError as e:
        raise ProgramFailure(str(e)) from None
    outs = [out] if extra == 1 else list(out)
    return [np.asarray(o.numpy()).copy() for o in outs]
