"""TVM frontend: TE -> PrimFunc -> schedule -> ``tvm.compile``, run in the worker.

Configurations are (target, schedule) pairs. ``cpu`` compiles and runs on the host; ``hexagon`` (v68, integer HVX,
HVX float off: the runnable build) and ``hexagon-qfloat`` (the device's default fp16 codegen, HVX qfloat) compile
here with their assembly kept; ``cuda`` (CUDA C for sm_80) runs where a device and the CUDA binding exist: the PyPI
wheel has no CUDA runtime, so frontends/tvm/cuda_run.py compiles TVM's CUDA C with NVRTC and launches its kernels
with the dimensions TVM recorded (else the PTX simulator runs them); ``rocm`` (gfx942) runs the same launch plan on
kernelfuzz's gfx942 simulator (``frontends/tvm/simulated.py``). TVM is imported only inside compile/run, so listing
configurations never needs it. Which exceptions are TVM's verdicts (a crash, a rejection) and which are kernelfuzz's
own: ``frontends/tvm/errors.py``.
"""
from __future__ import annotations

import contextlib
import importlib.util
import json
import math
import os
import time

import numpy as np

from fuzz.execute import float_types
from frontends.devices import reach
from frontends.tvm import errors
from frontends.tvm.erf import refused_erf
from frontends.tvm.repro import TVM_HEADER, TVM_PENDING, read_back, repro  # noqa: F401  the bundle's scripts
from fuzz import settings
from fuzz.case.dynamic import is_dynamic
from fuzz.execute.backend import Availability, Config, ProgramFailure, handing_over
from fuzz.judge.poison import poisoned

MODULE = __name__
LOCALIZE = "frontends.tvm.localize"  # kernelfuzz localize: the pipeline as points (fuzz/reduce/localize.py)
HEXAGON_ATTRS = ["+hvxv68", "+hvx-length128b"]
TARGETS = {
    # num-cores is fixed, not the host's: MetaSchedule's design space (and so every sampled
    # schedule) must be the same on every machine
    "cpu": {"kind": "llvm", "num-cores": 2},
    "hexagon": {"kind": "llvm", "mtriple": "hexagon", "mcpu": "hexagonv68", "num-cores": 1,
                "mattr": HEXAGON_ATTRS + ["-hvx-qfloat", "-hvx-ieee-fp"]},
    "hexagon-qfloat": {"kind": "llvm", "mtriple": "hexagon", "mcpu": "hexagonv68", "num-cores": 1,
                       "mattr": HEXAGON_ATTRS + ["+hvx-qfloat"], "cl-opt": ["-force-hvx-float"]},
    "cuda": {"kind": "cuda", "arch": "sm_80"},
    "rocm": {"kind": "rocm", "mcpu": "gfx942"},
}
SCHEDULES = {  # implemented in frontends/tvm/schedules.py
    "default": "TE default schedule (untuned)",
    "sampled": "random draw from MetaSchedule's design space for the target (seeded, trace stored)",
    "tuned": "MetaSchedule tune_tir with a trial budget, best trace stored (opt-in: minutes per case)",
    "dlight": "TVM dlight default GPU schedule (thread binding)",
    "reorder-reduction": "reduction loops of every reduction block reversed: changes summation order",
    "hoist-reduction": "reduction loops moved outermost in their order: must stay bit-exact",
    "split-vectorize-parallel": "outer spatial loops fused and parallel, innermost spatial loop split by 4 "
                                "and vectorized",
    "hvx-vectorize": "innermost spatial loop vectorized by a full 128-byte HVX register where it divides "
                     "(else split by 4)",
    "hvx-fuse-vectorize": "every elementwise block's loops fused and vectorized by 128-byte HVX registers, as "
                          "TOPI's Hexagon injective schedule does",
    "cache-write": "every reduction block writes through a global cache buffer",
    "rfactor": "innermost reduction loop split by 2 and rfactor'ed into partial sums",
    "compute-at": "each block's consumer moved under the block's outer spatial loop (split by 2), as "
                  "MetaSchedule's multi-level tiling fuses consumers (reverse_compute_at)",
}
PROFILE = {"cpu": "tvm-llvm-cpu", "hexagon": "hexagon-harness", "hexagon-qfloat": "hexagon-qfloat", "cuda": "gpu", "rocm": "gpu"}
CPU_SCHEDULES = ("default", "sampled", "reorder-reduction", "hoist-reduction", "split-vectorize-parallel",
                 "cache-write", "rfactor", "compute-at")


def _config(target: str, schedule: str, note: str = "", opt_in: bool = False) -> Config:
    name = f"tvm:{target}" + ("" if schedule == "default" else f"-{schedule}")
    return Config(name, MODULE, target, (schedule,), f"{note}{SCHEDULES[schedule]}", PROFILE[target], opt_in)


def _configs() -> tuple[Config, ...]:
    return (*(_config("cpu", s) for s in CPU_SCHEDULES),
            _config("cpu", "tuned", opt_in=True),
            _config("hexagon", "default", "Hexagon v68, integer HVX, no HVX float; "),
            _config("hexagon", "hvx-vectorize", "Hexagon v68 HVX; "),
            _config("hexagon", "hvx-fuse-vectorize", "Hexagon v68 HVX; "),
            _config("hexagon", "sampled", "Hexagon v68 HVX; "),
            _config("hexagon-qfloat", "hvx-vectorize", "Hexagon v68 HVX qfloat (fp16 device default); "),
            _config("cuda", "dlight", "CUDA sm_80 PTX; "),
            _config("rocm", "dlight", "ROCm gfx942 code object; "))


CONFIGS = _configs()


def release_gap(config: Config) -> str:
    """What the installed TVM release lacks for ``config`` ('' when nothing): ``frontends/tvm/compat.py``."""
    from frontends.tvm.compat import release_gap as gap
    return gap(config)


def availability(config: Config) -> Availability:
    if importlib.util.find_spec("tvm") is None:
        return Availability("unavailable", "apache-tvm is not installed: run `make venv`")
    schedule = config.flags[0]
    if schedule in ("sampled", "tuned"):
        missing = [m for m in ("psutil", "cloudpickle") if importlib.util.find_spec(m) is None]
        if missing:
            return Availability("unavailable", f"MetaSchedule needs {', '.join(missing)}: pip install {' '.join(missing)}")
    if config.target == "cpu":
        return Availability("runs", "host CPU")
    if config.target == "cuda":
        return cuda_availability()
    if config.target == "rocm":
        # TVM's ROCm codegen links AMD's device bitcode with ld.lld; Debian ships both (ROCm 5.2 bitcode serves
        # gfx942; lld must be new enough for code object v6: lld-19)
        if not (os.path.isdir(f"{settings.rocm_bitcode()}/amdgcn/bitcode")
                and os.path.exists(f"{settings.ROCM_LLD}/ld.lld")):
            return Availability("unavailable", "needs AMD device bitcode and lld 19: "
                                               "apt-get install rocm-device-libs lld-19 (or `make system-deps`)")
        return rocm_availability()
    if config.target == "hexagon-qfloat":
        return Availability("compile-only", "HVX qfloat cannot execute under any QEMU; assembly kept")
    from frontends.devices import hexagon
    missing = hexagon.missing_tools()
    if missing:
        return Availability("compile-only", f"no {', '.join(missing)} to link and emulate: {hexagon.INSTALL}")
    if settings.get(settings.HEXAGON_RUNNER):
        return Availability("runs", f"on the device runner ${settings.HEXAGON_RUNNER.name}")
    return Availability("runs", f"under {hexagon.QEMU} (ISA emulation, CPU v67 mode), linked to kernelfuzz's harness")


def cuda_availability() -> Availability:
    """TVM's CUDA kernels run through the CUDA binding where a device exists (frontends/tvm/cuda_run.py), else on
    the PTX simulator (frontends/tvm/simulated.py: NVRTC's PTX; the binding is needed for NVRTC either way)."""
    from frontends.devices import cuda_driver
    from frontends.devices.simulation import prefer_device
    from frontends.tvm import cuda_run as tvm_cuda_run
    driver, dev, why = cuda_driver.device()
    if tvm_cuda_run.binding_missing():
        return Availability("compile-only", tvm_cuda_run.binding_missing())
    device = Availability("compile-only", f"no device: {why}") if dev is None else \
        Availability("runs", f"{driver.note}; TVM's CUDA C compiled by NVRTC for {dev.name} ({dev.sm}): native, "
                             f"launched through cuda-bindings")
    return prefer_device(device, "PTX simulator (NVRTC's PTX for sm_80)")  # the rule of every simulated device


def rocm_availability() -> Availability:
    """TVM's gfx942 kernels run on the gfx942 simulator (frontends/tvm/simulated.py), even where a HIP device is:
    the apache-tvm wheel has no ROCm runtime to launch them there."""
    from frontends.devices import hip_sim
    return Availability("runs", f"simulated on kernelfuzz's {hip_sim.SIMULATOR}: TVM's gfx942 assembly and launch "
                                "plan (the apache-tvm wheel has no ROCm runtime)", simulated=True)


def run_timeout(config: Config, timeout: float) -> float:
    """A simulated configuration's runs get longer (``frontends/devices/simulation.run_timeout``)."""
    from frontends.devices.simulation import run_timeout as limit
    simulated = config.target == "rocm" or (config.target == "cuda" and cuda_availability().simulated)
    return limit(simulated, timeout)


# Schedules that import MetaSchedule's tensor intrinsics: MetaSchedule's TuneContext does, and dlight's GPU
# matmul rule does when it tensorizes. Every other schedule compiles with plain `import tvm`.
INTRINSICS = ("sampled", "tuned", "dlight")


def _needs_intrinsics(configs) -> bool:
    return configs is None or any(c.flags[0] in INTRINSICS for c in configs)


def warm_up_note(configs=None) -> str:
    if _needs_intrinsics(configs):
        return "TVM and MetaSchedule's tensor intrinsics (about 30 s, longer on a busy machine)"
    return "TVM (a few seconds)"


def warm_up(configs=None) -> None:
    """Import TVM once per worker, and MetaSchedule's tensor intrinsics only when a configuration needs them:
    their TVMScript parse calls inspect.stack() per function, which took 30 s on an idle machine and 60-200 s
    on 2 busy cores (it made the first ``sampled`` compile of a lane time out when it happened there)."""
    import tvm  # noqa: F401
    if _needs_intrinsics(configs):
        import tvm.s_tir.tensor_intrin  # noqa: F401


MATTR = "mattr="  # a flag after the schedule: LLVM target features the configuration adds (backend_options.py)


def target_of(config: Config) -> dict:
    """The configuration's TVM target as JSON: its target's, with the LLVM target features its flags add."""
    extra, base = [f[len(MATTR):] for f in config.flags[1:] if f.startswith(MATTR)], TARGETS[config.target]
    return {**base, "mattr": [*base.get("mattr", []), *extra]} if extra else base


def _target(config: Config):
    import tvm
    return tvm.target.Target(target_of(config))


def codegen_env(config: Config) -> contextlib.AbstractContextManager:
    """What TVM's code generation for the target needs of the environment, for the duration of one build (ROCm:
    where it finds AMD's bitcode and ld.lld); the worker's own environment stays as it started."""
    return settings.rocm_codegen() if config.target == "rocm" else contextlib.nullcontext()


def outside_dlight_contract(case) -> str | None:
    """Why dlight, given this case as one PrimFunc, would be outside its contract (None: inside).

    TVM's dlight schedules the PrimFuncs Relax makes: FuseOps' groups (at most one conv, matmul or pool, with
    its injective producers and consumers) and legalized operators (softmax, layer norm: several generic
    reductions in one PrimFunc), each returning one tensor.  The TE configurations hand it the whole case; a
    PrimFunc that also exports an intermediate, or chains two convs, matmuls or pools, fails in dlight's rules
    in ways Relax never reaches (triaged in corpus/TRIAGE.md: "Buffer ... is used before its definition",
    `set-scope`, `auto_inline_consumer_chain`, "Cannot allocate global memory").  `tvm:relax-*-dlight`
    compile such cases split the way Relax splits them."""
    if len(case.outputs) > 1:
        return (f"dlight schedules PrimFuncs that return one tensor; this case returns {len(case.outputs)} "
                f"(tvm:relax-*-dlight compile it as Relax splits it)")
    anchors = [name for op in case.ops for name in ([op.name] * (2 if op.kind == "attention" else 1))
               if op.kind in ("conv2d", "matmul", "pool2d", "attention")]  # attention's TE form: two matmuls
    if len(anchors) > 1:
        return (f"dlight schedules at most one conv, matmul or pool per PrimFunc (Relax's FuseOps never groups "
                f"two); this case chains {', '.join(anchors)} (tvm:relax-*-dlight compile it as Relax splits it)")
    return None


METASCHEDULE = ("sampled", "tuned")


def static_only(case, config: Config) -> str | None:
    """Why MetaSchedule cannot take this case (None: it can): its design spaces and tuning are for static
    shapes only (apache/tvm#11747 keeps dynamic extents out of its tasks; Relax leaves dynamic kernels to
    dlight), and on a symbolic extent it dies in a check, not a rejection."""
    if config.flags[0] in METASCHEDULE and is_dynamic(case):
        return "MetaSchedule samples and tunes static shapes only; this case has dynamic dims (fuzz/case/dynamic.py)"
    return None


# The newer float types a target cannot take, each with what it rests on (TVM 0.27)
_HEXAGON = float_types.rules((("bf16",) + float_types.FP8, "the Hexagon harness passes f16, f32 and integer "
                                                            "buffers only"))
REJECTS = {"hexagon": _HEXAGON, "hexagon-qfloat": _HEXAGON,  # frontends/devices/hexagon.py: no ml_dtypes kinds
           "cuda": float_types.rules((float_types.FP8, "TVM's CUDA target here is sm_80, which has no float8 "
                                                       "instructions"))}


def refused_type(case, config: Config) -> str | None:
    """An element type of the case the configuration's target cannot take (``REJECTS``), with why."""
    return float_types.refusal(case, REJECTS.get(config.target, {}), "frontends/tvm/frontend.py")


def takes(case, config: Config) -> str | None:
    """The contract's ``takes``: an element type the target refuses, then dlight's contract or MetaSchedule's
    static shapes."""
    outside = outside_dlight_contract(case) if config.flags[0] == "dlight" else static_only(case, config)
    return refused_type(case, config) or refused_erf(case, config) or outside


def compile(case, config: Config, workdir: str):
    import tvm

    from frontends.tvm.lower import lower
    from frontends.tvm.poison import PIPELINE
    from frontends.tvm.schedules import schedule, seed_for

    func = lower(case)  # our own code: an exception here is a kernelfuzz bug, not a finding
    target = _target(config)
    mod = tvm.IRModule({"main": func})
    stored = case.schedule_for(config.name)
    header = f"{TVM_HEADER}{json.dumps(target_of(config))}\n"  # bundles rebuild from this
    pending = f"{TVM_PENDING}dlight\n" if config.flags[0] == "dlight" else ""  # bundles apply it
    source = header + pending + func.script()
    facts: dict = {}
    try:
        handing_over(workdir, source)
        seed = seed_for(case, config.name)
        trials = {"trials": int(f) for f in config.flags[1:] if not f.startswith(MATTR)}
        mod, trace = schedule(mod, config.flags[0], target, seed, stored, **trials)
        source, facts = header + mod.script(), ({"schedule": trace} if trace else {})
        handing_over(workdir, source, facts)
        with codegen_env(config):
            executable = tvm.compile(mod, target=target, tir_pipeline=PIPELINE)  # intermediates start poisoned
    except Exception as e:  # TVM's verdict where TVM raised it; kernelfuzz's own errors go on as they are
        raise errors.verdict(e, source, facts) from None
    if config.target != "cpu":
        facts["assembly_lines"] = _keep_assembly(executable, workdir, config)
    types = case.tensor_types()
    outputs = [types[n] for n in case.outputs]
    if config.target == "hexagon" and not availability(config).status == "compile-only":
        return ("hexagon", _link_hexagon(executable, workdir, facts), outputs), source, facts
    if config.target == "cuda":  # the launches TVM's host code makes, for the CUDA binding (cuda_run.py)
        from frontends.tvm import cuda_run as tvm_cuda_run
        launch = tvm_cuda_run.plan(mod, target, PIPELINE)
        code = executable.mod.imports[0].inspect_source("")
        facts.update(launches=launch.get("kernels", launch.get("unrunnable")), **_cuda_facts(),
                     reached=_reached(reach.cuda_c(code), launch))
        return ("cuda", (code, launch), outputs), source, facts
    if config.target == "rocm":  # the same launch plan, run on the gfx942 simulator (simulated.run_gfx942)
        from frontends.devices import hip_sim
        from frontends.tvm import cuda_run as tvm_cuda_run
        launch = tvm_cuda_run.plan(mod, target, PIPELINE)
        code = executable.mod.imports[0].inspect_source("asm")
        facts.update(launches=launch.get("kernels", launch.get("unrunnable")), **hip_sim.FACTS,
                     reached=_reached(reach.gfx942(code), launch))
        return ("rocm", (code, launch), outputs), source, facts
    return ("host", executable, outputs), source, facts


def _reached(record: dict, launch: dict) -> dict:
    """What the GPU code reached (``frontends/devices/reach``), with the most workgroups one of its kernels
    launches where the launch plan's grid is a number (not a size the run binds)."""
    grids = [k["grid"] for k in launch.get("kernels", [])]
    static = [math.prod(g) for g in grids if all(isinstance(x, int) for x in g)]
    return {**reach.merge([record]), "kernels": len(grids), **({"workgroups": max(static)} if static else {})}


def _link_hexagon(executable, workdir: str, facts: dict):
    from pathlib import Path

    from frontends.devices import hexagon
    kernel, prog = Path(workdir) / "kernel.o", Path(workdir) / "kernel.hexagon"
    executable.mod.write_to_file(str(kernel))
    start = time.perf_counter()
    hexagon.link(kernel, prog)
    facts["link_s"] = round(time.perf_counter() - start, 4)
    return prog


def _keep_assembly(executable, workdir: str, config: Config) -> int:
    """Write the device assembly next to the kernel; returns its line count."""
    mod = executable.mod
    kind = "asm"
    if config.target in ("cuda", "rocm"):  # the device module: PTX, or gfx942 assembly
        mod, kind = mod.imports[0], ("" if config.target == "cuda" else "asm")
    text = mod.inspect_source(kind)
    with open(f"{workdir}/kernel.{config.target}.s", "w") as f:
        f.write(text)
    return text.count("\n")


def _cuda_facts() -> dict:
    """Where a CUDA result ran: the device, or the simulator (``frontends/devices/cuda_sim.FACTS``)."""
    from frontends.devices import cuda_driver, cuda_sim
    return dict(cuda_sim.FACTS) if cuda_availability().simulated else \
        {"executor": "device", **cuda_driver.device_facts("cuda")}


def run(handle, inputs: list[np.ndarray]) -> list[np.ndarray]:
    import tvm

    from frontends.tvm.lower import TVM_DTYPE

    kind, executable, outputs = handle
    inputs = _packed(inputs)
    if kind == "rocm":
        from frontends.tvm import simulated
        return simulated.run_gfx942(*executable, inputs, [(shape, TVM_DTYPE[dtype]) for shape, dtype in outputs])
    if kind == "cuda":
        from frontends.devices import cuda_driver
        from frontends.tvm import cuda_run as tvm_cuda_run
        shapes = [(shape, TVM_DTYPE[dtype]) for shape, dtype in outputs]
        if cuda_availability().simulated:
            from frontends.tvm import simulated
            return simulated.run(*executable, inputs, shapes)
        return tvm_cuda_run.run(*executable, inputs, shapes, cuda_driver.selected_index())
    if kind == "hexagon":
        from frontends.devices import hexagon
        results, _ = hexagon.run(executable, inputs, [(shape, np.dtype(TVM_DTYPE[dtype])) for shape, dtype in outputs])
        return results
    results = [tvm.runtime.tensor(poisoned(shape, TVM_DTYPE[dtype])) for shape, dtype in outputs]
    try:
        executable(*[tvm.runtime.tensor(a) for a in inputs], *results)
    except RuntimeError as e:
        raise ProgramFailure(str(e)) from None
    return [r.numpy() for r in results]


def _packed(inputs: list[np.ndarray]) -> list[np.ndarray]:
    """int4 inputs as the lowered PrimFunc takes them: two a byte along the last dim (frontends/tvm/lower.py)."""
    from fuzz.case.ops.int4 import is_int4, pack_rows
    return [pack_rows(a) if is_int4(a) else a for a in inputs]


def exports(config: Config) -> bool:
    """Programs that travel to a runner (fuzz/execute/remote.py): Hexagon's linked ELF and its output shapes; CUDA's
    source and launch plan (the runner compiles it with NVRTC for its own GPU: tvm_cuda_run.run_artifact)."""
    return config.target in ("hexagon", "cuda")


def export(handle, k=None):
    from frontends.devices import hexagon
    from frontends.tvm.lower import TVM_DTYPE

    kind, prog, outputs = handle
    shapes = [(tuple(shape), np.dtype(TVM_DTYPE[dtype])) for shape, dtype in outputs]
    if kind == "cuda":
        from frontends.tvm import cuda_run as tvm_cuda_run
        return tvm_cuda_run.artifact(*prog, shapes)
    if kind != "hexagon":
        raise RuntimeError("only a linked Hexagon program or a planned CUDA one can be exported; this one was compiled "
                           f"only: the compiling host needs {hexagon.INSTALL}")
    return hexagon.artifact(prog, shapes)
