"""IREE frontend: linalg MLIR text -> ``iree-compile`` (a subprocess) -> ``iree.runtime``.

The compiler runs as a subprocess with a timeout: a crash is a negative exit
status (signal) or LLVM's crash banner, a rejection any other non-zero exit.
The module then runs in the worker through the IREE runtime's local-task
driver.  The exact command line is kept with the source for repros.
"""
from __future__ import annotations

import importlib.util
import os
import shlex
import subprocess

import numpy as np

from fuzz.backend import Availability, CompilerFailure, Config, ProgramFailure

MODULE = __name__
CPU = ("--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
       "--iree-llvmcpu-target-cpu=host")
CONFIGS = (
    Config("iree:cpu-O0", MODULE, "cpu", CPU + ("--iree-opt-level=O0",),
           "IREE llvm-cpu, O0 (aggressive fusion off)"),
    Config("iree:cpu-O2", MODULE, "cpu", CPU + ("--iree-opt-level=O2",),
           "IREE llvm-cpu, O2 (aggressive fusion on)"),
)
COMPILE_TIMEOUT = 120.0
_CRASH_MARKS = ("Please report issues to", "Stack dump:", "LLVM ERROR", "Assertion `")


def _tool() -> str | None:
    if importlib.util.find_spec("iree.compiler") is None:
        return None
    from iree.compiler.tools.binaries import find_tool
    return find_tool("iree-compile")


def availability(config: Config) -> Availability:
    if _tool() is None:
        return Availability("unavailable", "iree-base-compiler is not installed: run `make venv`")
    if importlib.util.find_spec("iree.runtime") is None:
        return Availability("compile-only", "iree-base-runtime is not installed: run `make venv`")
    return Availability("runs", "host CPU, local-task driver")


def command(config: Config, mlir: str, vmfb: str) -> list[str]:
    return ["iree-compile", mlir, "-o", vmfb, *config.flags]


def compile(case, config: Config, workdir: str):
    from frontends.iree_lower import lower

    return compile_text(lower(case), config, workdir)


def compile_text(text: str, config: Config, workdir: str):
    """Compile MLIR text with the configuration's flags; returns (vmfb bytes, annotated source)."""
    mlir, vmfb = os.path.join(workdir, "kernel.mlir"), os.path.join(workdir, "kernel.vmfb")
    with open(mlir, "w") as f:
        f.write(text)
    argv = command(config, "kernel.mlir", "kernel.vmfb")  # relative: diagnostics name kernel.mlir
    try:
        p = subprocess.run([_tool(), *argv[1:]], capture_output=True, text=True, timeout=COMPILE_TIMEOUT,
                           cwd=workdir)
    except subprocess.TimeoutExpired:
        raise CompilerFailure(f"iree-compile timed out after {COMPILE_TIMEOUT:.0f} s", crashed=True) from None
    if p.returncode < 0 or any(m in p.stderr for m in _CRASH_MARKS):
        raise CompilerFailure(f"iree-compile died (status {p.returncode}):\n{_clip(p.stderr)}", crashed=True)
    if p.returncode:
        raise CompilerFailure(_clip(p.stderr))
    with open(vmfb, "rb") as f:
        return f.read(), f"// {shlex.join(argv)}\n{text}"


def _clip(text: str, head: int = 3000, tail: int = 2000) -> str:
    """Diagnostics keep their first error (the cause) and their end (the stack)."""
    return text if len(text) <= head + tail else f"{text[:head]}\n[...]\n{text[-tail:]}"


_INSTANCE = {}


def run(vmfb: bytes, inputs: list[np.ndarray]) -> list[np.ndarray]:
    import iree.runtime as rt

    if "config" not in _INSTANCE:
        _INSTANCE["config"] = rt.Config("local-task")
    try:
        ctx = rt.SystemContext(config=_INSTANCE["config"])
        ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, vmfb))
        out = ctx.modules.module.main(*inputs)
    except (RuntimeError, ValueError) as e:
        raise ProgramFailure(str(e)) from None
    outs = out if isinstance(out, (tuple, list)) else [out]
    return [np.asarray(o).copy() for o in outs]
