"""IREE frontend: linalg MLIR text -> ``iree-compile`` (a subprocess) -> ``iree.runtime``.

The compiler runs as a subprocess with a timeout: a crash is a negative exit
status (signal) or LLVM's crash banner, a rejection any other non-zero exit.
The module then runs in the worker through the IREE runtime: the local-task
driver for the CPU, the HIP or CUDA driver where such a device exists, else on
kernelfuzz's simulators (``frontends/iree/simulated.py``: the PTX simulator for
CUDA, the gfx942 simulator for HIP; which one, and why, is decided in
``frontends/devices/cuda_sim.py`` and ``hip_sim.py``).  Every compile dumps its executables
and records, per dispatch, the codegen pipeline it actually got
(VectorDistribute, TileAndFuse, ...), so "with vector distribution" is a
fact read from the compiler, not a flag.  The exact command line is kept with
the source for repros, and in the facts of a failed compile.

Batches (``compile_batch``, ``fuzz/execute/batch.py``): one module holds case ``k`` as ``@case<k>``; IREE
names its dispatches ``case<k>_dispatch_<n>``, and the program after executable deduplication
says which dispatches each function calls, so each case gets the dispatch facts of its lone
compile.  A failed batch names the cases its diagnostics locate (``culprits``).

A rejection whose first error IREE documents as a limitation (``LIMITATIONS``, with its source) is
raised as one: recorded as a known limitation, never as a finding.

CPU configurations compile for ``host``, which means another CPU on another machine: every compile records the
CPU and features IREE resolved (facts ``cpu``, read from the dump), and ``retarget`` compiles a saved case for the
CPU its verdict was recorded on, where this machine can run that CPU's code.  ``KERNELFUZZ_IREE_CPU`` makes
``host`` mean another CPU (a name LLVM knows, e.g. ``skylake-avx512``), to test as that machine would.
"""
from __future__ import annotations

import functools
import importlib.util
import os
import shlex
import shutil
import subprocess
import tempfile

import numpy as np

from fuzz.execute import float_types
from frontends.devices import cuda_driver, cuda_sim, hip_sim

from frontends.iree import cpu as iree_cpu, runner as iree_runner
from frontends.iree.repro import read_back, repro  # noqa: F401  the bundle's scripts (fuzz/execute/backend.py)
from frontends.iree.simulated import CRASH_MARKS as _CRASH_MARKS
from frontends.iree.dump import (
    DUMP,
    FLOW_IR,
    KERNELS,
    batch_dispatch_facts,
    clip,
    culprits,
    dispatch_facts,
    entry,
    limitation,
    reached,
)
from fuzz import settings
from fuzz.execute.backend import Availability, CompilerFailure, Config, compile_time_left

MODULE = __name__
# kernelfuzz localize: the module laying out the pipeline as points per target (fuzz/reduce/localize.py)
LOCALIZE = {"cpu": "frontends.iree.localize", "cuda": "frontends.iree.gpu_localize", "gfx942": "frontends.iree.gpu_localize"}
CPU = ("--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu")
HOST = iree_cpu.HOST
GFX942 = ("--iree-hal-target-device=hip", "--iree-rocm-target=gfx942")
# IREE 3.13 emits PTX for sm_60..sm_89, sm_120 and sm_121 (no ptxas: the driver compiles the PTX when it loads it);
# sm_90, sm_90a and sm_100 are "missing GPU target", and chip names crash iree-compile: no native Hopper target.
CUDA = ("--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80")
FUSION = "--iree-dispatch-creation-enable-aggressive-fusion="
NO_VECDIST = ("--iree-codegen-llvmgpu-use-vector-distribution=false",
              "--iree-codegen-llvmgpu-use-reduction-vector-distribution=false")
NO_IGEMM = ("--iree-codegen-llvmgpu-use-igemm=false",)
O = {n: f"--iree-opt-level=O{n}" for n in (0, 2, 3)}
# iree_linalg_ext.attention decomposed into linalg generics at the graph level (four dispatches), instead of the
# default online_attention dispatch decomposed inside codegen: a different lowering (docs/configurations.md)
DECOMPOSE_ATTENTION = ("--iree-preprocessing-pass-pipeline=builtin.module(util.func("
                       "iree-linalg-ext-decompose-aggregated-ops{filter-ops=iree_linalg_ext.attention}))")
DRIVER = {"cpu": "local-task", "gfx942": "hip", "cuda": "cuda"}


def _c(name: str, target: str, flags: tuple, note: str, profile: str = "iree-llvm-cpu") -> Config:
    return Config(f"iree:{name}", MODULE, target, flags, note, profile)


CONFIGS = (
    _c("cpu-O0", "cpu", CPU + HOST + (O[0], FUSION + "false"), "llvm-cpu O0, aggressive fusion off"),
    _c("cpu-O0-fusion", "cpu", CPU + HOST + (O[0], FUSION + "true"), "llvm-cpu O0, aggressive fusion on"),
    _c("cpu-O2", "cpu", CPU + HOST + (O[2], FUSION + "true"), "llvm-cpu O2, aggressive fusion on"),
    _c("cpu-O2-no-fusion", "cpu", CPU + HOST + (O[2], FUSION + "false"), "llvm-cpu O2, aggressive fusion off"),
    _c("cpu-O3", "cpu", CPU + HOST + (O[3],), "llvm-cpu O3"),
    _c("cpu-im2col", "cpu", CPU + HOST + (O[2], "--iree-global-opt-use-im2col-for-convs=true"),
       "llvm-cpu O2, convs as im2col + matmul"),
    _c("cpu-ukernels", "cpu", CPU + HOST + (O[2], "--iree-llvmcpu-enable-ukernels=all"), "llvm-cpu O2, all ukernels"),
    _c("cpu-generic", "cpu", CPU + (O[2], "--iree-llvmcpu-target-cpu=generic"), "llvm-cpu O2, generic x86-64 CPU",
       "strict"),  # contract flags too, but the x86-64 baseline has no FMA: measured exact (fuzz/judge/profiles.py)
    _c("cpu-vw16", "cpu", CPU + HOST + (O[2], "--iree-llvmcpu-target-vector-width-in-bytes=16"),
       "llvm-cpu O2, 16-byte vectors"),
    _c("cpu-no-distribution", "cpu", CPU + HOST + (O[2], "--iree-llvmcpu-disable-distribution"),
       "llvm-cpu O2, thread distribution disabled"),
    _c("cpu-fast", "cpu", CPU + HOST + (O[2], "--iree-llvmcpu-use-fast-min-max-ops",
                                        "--iree-llvmcpu-reassociate-fp-reductions"),
       "llvm-cpu O2, fast min/max and reassociated fp reductions", "iree-cpu-fast"),
    _c("cpu-attention-decomposed", "cpu", CPU + HOST + (O[2], DECOMPOSE_ATTENTION),
       "llvm-cpu O2, attention decomposed before dispatch formation (not the online form)",
       "iree-cpu-decomposed-attention"),
    _c("gfx942-O2", "gfx942", GFX942 + (O[2],), "HIP gfx942 O2 (vector distribution and igemm as default)", "gpu"),
    _c("gfx942-no-fusion", "gfx942", GFX942 + (O[2], FUSION + "false"), "HIP gfx942 O2, aggressive fusion off",
       "gpu"),
    _c("gfx942-no-vecdist", "gfx942", GFX942 + (O[2],) + NO_VECDIST,
       "HIP gfx942 O2, vector distribution and reduction vector distribution off", "gpu"),
    _c("gfx942-no-igemm", "gfx942", GFX942 + (O[2],) + NO_IGEMM,
       "HIP gfx942 O2, implicit GEMM off: convs can reach VectorDistribute", "gpu"),
    _c("gfx942-no-igemm-no-vecdist", "gfx942", GFX942 + (O[2],) + NO_IGEMM + NO_VECDIST,
       "HIP gfx942 O2, implicit GEMM and vector distribution off", "gpu"),
    _c("cuda-sm80-O2", "cuda", CUDA + (O[2],), "CUDA sm_80 PTX O2 (runs forward-compatibly on newer GPUs)", "gpu"),
    _c("cuda-sm89-O2", "cuda", (CUDA[0], "--iree-cuda-target=sm_89", O[2]),
       "CUDA sm_89 PTX O2 (native on Ada; by the driver's PTX JIT on Hopper and newer)", "gpu"),
    _c("cuda-sm120-O2", "cuda", (CUDA[0], "--iree-cuda-target=sm_120", O[2]),
       "CUDA sm_120 PTX O2 (native on Blackwell sm_120; IREE 3.13's newest target)", "gpu"),
)
COMPILE_TIMEOUT = 120.0  # a direct call's limit per iree-compile; under the engine, what its --compile-timeout leaves



def _installed(module: str) -> bool:
    """Whether ``iree.<part>`` can be imported (find_spec raises, not answers, when ``iree`` itself is absent)."""
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def _tool() -> str | None:
    if not _installed("iree.compiler"):
        return None
    from iree.compiler.tools.binaries import find_tool
    return find_tool("iree-compile")


@functools.cache
def device_count(driver: str) -> int:
    """Devices the IREE runtime's driver sees here (0 when the driver or its library is missing)."""
    if not _installed("iree.runtime"):
        return 0
    import iree.runtime as rt
    try:
        return len(rt.get_driver(driver).query_available_devices())
    except (RuntimeError, ValueError, OSError):
        return 0


def availability(config: Config) -> Availability:
    if _tool() is None:
        return Availability("unavailable", "iree-base-compiler is not installed: run `make venv`")
    from frontends.iree import flags
    gap = "" if flags.version().startswith(flags.SPELLED_FOR) else release_gap(config)
    if gap:  # an older release in its side environment (`--releases`)
        return Availability("unavailable", f"{gap}: this release cannot build the configuration")
    driver = DRIVER[config.target]
    if not _installed("iree.runtime"):
        return Availability("compile-only", "iree-base-runtime is not installed: run `make venv`")
    if config.target == "cpu":
        return Availability("runs", "host CPU, local-task driver")
    if config.target == "cuda":  # the driver says which device and whether this PTX runs there; else simulated
        return cuda_sim.availability(cuda_sm(config))
    if config.target == "gfx942":  # IREE's hip driver, else the gfx942 simulator
        return hip_sim.availability()
    if device_count(driver):
        return Availability("runs", f"{device_count(driver)} {driver} device(s)")
    return Availability("compile-only", f"no {driver} device here: compiled and inspected, not run")


def cuda_sm(config: Config) -> str:
    return next(f.split("=")[1] for f in config.flags if f.startswith("--iree-cuda-target="))


prepare = cuda_driver.prepare_for  # before lanes spawn: a libcuda.so IREE's CUDA driver can open


def release_gap(config: Config) -> str:
    """Why the installed IREE release cannot build ``config`` ('' when it can): a flag it does not know."""
    from frontends.iree.flags import release_gap as gap
    return gap(config.flags)


def command(config: Config, mlir: str, vmfb: str) -> list[str]:
    return ["iree-compile", mlir, "-o", vmfb, *iree_cpu.flags(config)]


# ---------------------------------------------------------------- the CPU behind ``host`` (frontends/iree/cpu.py)

_PROBE = "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = arith.addf %a, %a : tensor<4xf32>\n" \
         "  return %0 : tensor<4xf32>\n}\n"


def host_cpu() -> dict:
    """The CPU ``--iree-llvmcpu-target-cpu=host`` resolves to here (one tiny compile per process and setting)."""
    return _resolve(settings.get(settings.IREE_CPU))


_probing = []  # non-empty while the probe compiles: its own failure must not ask for host_cpu() again


@functools.cache
def _resolve(pinned: str | None) -> dict:
    with tempfile.TemporaryDirectory(prefix="kernelfuzz-cpu-") as workdir:
        _probing.append(pinned)
        try:
            _iree_compile(_PROBE, command(CONFIGS[0], "kernel.mlir", "kernel.vmfb"), workdir, COMPILE_TIMEOUT, _PROBE)
        finally:
            _probing.pop()
        return dispatch_facts(os.path.join(workdir, DUMP))["cpu"]


def retarget(config: Config, recorded: dict) -> tuple[Config | None, str]:
    """``iree_cpu.retarget`` on this machine (the replay hook of the frontend contract)."""
    if iree_cpu.HOST[0] not in config.flags or not recorded:
        return config, ""  # compiled for a named CPU (or nothing recorded): no probe compile needed
    return iree_cpu.retarget(config, recorded, host_cpu())


def compile_for(config: Config, recorded: dict) -> Config:
    """``config`` compiling for the recorded CPU (replay compiles, without running, what compiling alone decides)."""
    return iree_cpu.named(config, recorded) if iree_cpu.HOST[0] in config.flags else config


# The newer float types a target's code cannot take, each with what it rests on (IREE 3.13)
REJECTS = {"gfx942": float_types.rules((float_types.OCP_FP8, "IREE refuses OCP float8 on gfx942 ('F8E5M2 and "
                                        "F8E4M3FN types are not supported on gfx942 (MI-300)'); gfx942 takes the FNUZ "
                                        "encodings")),
           "cuda": float_types.rules((float_types.FP8, "IREE 3.13's CUDA backend cannot lower arith.extf from a "
                                      "float8 type (an unrealized_conversion_cast reaches LLVM translation, sm_89 "
                                      "and sm_120)"))}


def takes(case, config: Config) -> str | None:
    """``takes``: an element type the target refuses, int4 IREE cannot size, a single dispatch's dynamic result."""
    from frontends.iree.lower import odd_int4, single_dispatch_dynamic
    return (float_types.refusal(case, REJECTS.get(config.target, {}), "frontends/iree/frontend.py")
            or odd_int4(case) or single_dispatch_dynamic(case, config.flags))


def compile(case, config: Config, workdir: str):
    from frontends.iree.lower import lower

    return compile_text(lower(case), config, workdir)


def compile_text(text: str, config: Config, workdir: str):
    """Compile MLIR text with the configuration's flags; returns (vmfb bytes, annotated source)."""
    argv = command(config, "kernel.mlir", "kernel.vmfb")  # relative: diagnostics name kernel.mlir
    source = f"// {shlex.join(argv)}\n{text}"
    _iree_compile(text, _split(config, argv), workdir, compile_time_left(COMPILE_TIMEOUT), source)
    handle = _handle(config, workdir, COMPILE_TIMEOUT)  # first: a simulated configuration's kernels: its second stage
    return handle, source, {**dispatch_facts(os.path.join(workdir, DUMP)), **reached(workdir, handle=handle),
                            **_device_facts(config)}


def _simulated(config: Config) -> bool:
    if config.target == "gfx942":
        return hip_sim.simulated()
    return config.target == "cuda" and cuda_sim.simulated(cuda_sm(config))


def run_timeout(config: Config, timeout: float) -> float:
    """A simulated configuration's runs get longer (``frontends/devices/simulation.run_timeout``)."""
    from frontends.devices.simulation import run_timeout as limit
    return limit(config.target != "cpu" and _simulated(config), timeout)


def _split(config: Config, argv: list[str]) -> list[str]:
    """A simulated configuration's compile stops at the host program (``frontends/iree/simulated.py``)."""
    from frontends.iree import simulated
    return [*argv, *simulated.SPLIT] if _simulated(config) else argv


def _device_facts(config: Config) -> dict:
    if config.target == "cuda":
        return cuda_sim.facts(cuda_sm(config))
    if config.target == "gfx942":
        return hip_sim.facts()
    return cuda_driver.device_facts(DRIVER[config.target])


def _iree_compile(text: str, argv: list[str], workdir: str, timeout: float, source: str, extra: tuple = (),
                  culprits=lambda stderr: ()) -> None:
    """Run iree-compile on ``text`` in ``workdir``; a failure raises CompilerFailure with the single-case command
    line in its facts and, for a batch, the culprits its diagnostics name."""
    with open(os.path.join(workdir, "kernel.mlir"), "w") as f:
        f.write(text)
    for folder in (DUMP, FLOW_IR, KERNELS):  # nothing of an earlier compile in this folder is read as this one's
        shutil.rmtree(os.path.join(workdir, folder), ignore_errors=True)
    try:
        p = subprocess.run([_tool(), *argv[1:], f"--iree-hal-dump-executable-files-to={DUMP}", *extra],
                           capture_output=True, text=True, timeout=timeout, cwd=workdir)
    except subprocess.TimeoutExpired:  # a timeout, never a crash: the compile was given no more time
        raise CompilerFailure(f"iree-compile timed out after {timeout:.0f} s", source=source, timed_out=True,
                              facts={"command": shlex.join(argv)}) from None
    crashed = p.returncode < 0 or any(m in p.stderr for m in _CRASH_MARKS)
    if crashed or p.returncode:
        message = f"iree-compile died (status {p.returncode}):\n{clip(p.stderr)}" if crashed else clip(p.stderr)
        if crashed and not extra and "Running pass '" not in p.stderr:  # a lone compile: name the MLIR pass
            message += _failing_pass(argv, workdir, timeout)
        raise CompilerFailure(message, crashed=crashed, source=source,
                              facts={"command": shlex.join(argv), **_failed_cpu(argv, workdir)},
                              culprits=tuple(culprits(p.stderr)), limitation="" if crashed else limitation(p.stderr))


def _failed_cpu(argv: list[str], workdir: str) -> dict:
    """The CPU a failed compile was for: from the dump where it got that far, else what ``host`` resolves to here
    (a rejection or crash on one CPU may be absent on another)."""
    cpu = dispatch_facts(os.path.join(workdir, DUMP)).get("cpu")
    if cpu is None and not _probing and iree_cpu.compiles_for_host(argv):
        try:
            cpu = host_cpu()
        except CompilerFailure:
            return {}
    return {"cpu": cpu} if cpu else {}


REPRODUCER = "--mlir-pass-pipeline-crash-reproducer=crash_reproducer.mlir"


def _failing_pass(argv: list[str], workdir: str, timeout: float) -> str:
    """The MLIR pass a crash happened in, from the same compile with a crash reproducer (MLIR then recovers from
    the crash and names the pass).  A crash's stack names functions only where llvm-symbolizer is installed;
    the pass is the same on every machine.  The first run stays without it: recovering hides LLVM's own pretty
    stack trace, which names the LLVM pass where one crashes."""
    try:
        p = subprocess.run([_tool(), *argv[1:], REPRODUCER], capture_output=True, text=True, timeout=timeout,
                           cwd=workdir)
    except subprocess.TimeoutExpired:
        return ""
    note = next((ln for ln in p.stderr.splitlines() if "Pipeline failed while executing" in ln), "")
    return f"\nthe same compile with {REPRODUCER.split('=')[0]}: {note}" if note else ""


def _handle(config: Config, workdir: str, timeout: float):
    """The compiled program; a simulated configuration's second stage gets what the compile timeout leaves."""
    if _simulated(config):
        from frontends.iree import simulated
        return simulated.finish(_tool(), iree_cpu.flags(config), workdir, compile_time_left(timeout), config.target)
    with open(os.path.join(workdir, "kernel.vmfb"), "rb") as f:
        return f.read(), DRIVER[config.target]


# ---------------------------------------------------------------- batches (fuzz/execute/batch.py)
_AFTER_DEDUP = ("--mlir-print-ir-after=iree-flow-deduplicate-executables", f"--mlir-print-ir-tree-dir={FLOW_IR}")


def compile_batch(cases, config: Config, workdir: str, timeout: float = COMPILE_TIMEOUT):
    from frontends.iree.lower import lower

    return compile_texts([lower(c) for c in cases], config, workdir, timeout)


def compile_texts(texts: list[str], config: Config, workdir: str, timeout: float = COMPILE_TIMEOUT):
    """Compile single-case texts (each ``@main``) as one module, text ``k`` as ``@case<k>`` with a location
    naming it; returns (handle, [(single-case source, its dispatch facts)])."""
    lines, spans = [], []
    for k, text in enumerate(texts):
        body = text.replace("func.func @main(", f"func.func @{entry(k)}(", 1).rstrip("\n")
        spans.append((len(lines) + 1, len(lines) + body.count("\n") + 1))
        lines += (body + f' loc("{entry(k)}")').splitlines()
    module = "\n".join(lines) + "\n"
    argv = command(config, "kernel.mlir", "kernel.vmfb")
    _iree_compile(module, _split(config, argv), workdir, compile_time_left(timeout), f"// {shlex.join(argv)}\n{module}",
                  _AFTER_DEDUP, lambda stderr: culprits(stderr, spans))
    handle = _handle(config, workdir, timeout)  # first: a simulated configuration's kernels come from its second stage
    facts = batch_dispatch_facts(workdir, len(texts), handle)
    return handle, [(f"// {shlex.join(argv)}\n{t}", {**f, **_device_facts(config)}) for t, f in zip(texts, facts)]


def run(handle, inputs: list[np.ndarray]) -> list[np.ndarray]:
    return run_entry(handle, "main", inputs)


def run_function(handle, k: int, inputs: list[np.ndarray]) -> list[np.ndarray]:
    return run_entry(handle, entry(k), inputs)


def run_entry(handle, function: str, inputs: list[np.ndarray]) -> list[np.ndarray]:
    """Call ``function`` of a compiled program: a vmfb on IREE's runtime, or a simulated CUDA or gfx942 one."""
    from frontends.iree import simulated
    if isinstance(handle, simulated.Program):
        return simulated.run(handle, function, inputs)
    return iree_runner.invoke(*handle, function, inputs)


def export(handle, k: int | None = None):
    """The compiled module as an ``Artifact`` for ``frontends.iree.runner`` (a worker with the runtime only)."""
    from frontends.iree import simulated
    from fuzz.execute.backend import Artifact

    if isinstance(handle, simulated.Program):
        return simulated.export(handle, "main" if k is None else entry(k))
    vmfb, driver = handle
    return Artifact("frontends.iree.runner", {"vmfb": vmfb, "driver": driver,
                                              "function": "main" if k is None else entry(k)})
