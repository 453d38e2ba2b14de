"""Hexagon execution without the Hexagon SDK: link a TVM kernel object to kernelfuzz's own
freestanding harness (``hexagon_harness.c``) and run it under Debian's ``qemu-hexagon``.

The harness is compiled once per CPU version (clang-16) and cached; each kernel is linked to
it with lld-16 (``--defsym=kernel_entry=__tvm_ffi_<name>``), so no code is generated per
kernel.  Tensors travel through files.  QEMU 7.2 knows only CPU v67, so v68 objects run with
``-cpu v67``; it cannot execute HVX floating point at all (its decoder aborts), which is
reported as ``emulator cannot run this`` and never as a compiler bug.

Where a user has a Hexagon simulator or device, ``KERNELFUZZ_HEXAGON_RUNNER`` replaces QEMU:
a command template with ``{prog}``, ``{args}`` and ``{out}`` (e.g.
``adb-run-hexagon {prog} {args} {out}``).  That hook is documented, not exercised here.

A linked program travels as an ``Artifact`` (``artifact``; ``run_artifact`` runs it): the ELF's bytes and the
output shapes, for a Dask worker that declares ``hexagon`` and has QEMU or the runner, not TVM
(``--run-on``, fuzz/execute/remote.py).
"""
from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import struct
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

from fuzz import settings
from fuzz.execute.backend import Artifact, ProgramFailure

HARNESS = Path(__file__).with_name("hexagon_harness.c")
CPU = "hexagonv68"
QEMU, CLANG, LLD = "qemu-hexagon", "clang-16", "ld.lld-16"
INSTALL = "apt-get install qemu-user clang-16 lld-16 (or `make system-deps` as root)"
RUN_TIMEOUT = 120.0
_DTYPE_CODE = {"i": 0, "u": 1, "f": 2}


def missing_tools() -> list[str]:
    needed = [CLANG, LLD] + ([] if settings.get(settings.HEXAGON_RUNNER) else [QEMU])
    return [t for t in needed if shutil.which(t) is None]


def cache_dir() -> Path:
    root = settings.cache_dir("hexagon")
    root.mkdir(parents=True, exist_ok=True)
    return root


def harness_object(cpu: str = CPU) -> Path:
    """The harness compiled for ``cpu``, cached by the hash of its source."""
    digest = hashlib.sha256(HARNESS.read_bytes()).hexdigest()[:12]
    obj = cache_dir() / f"harness-{cpu}-{digest}.o"
    if not obj.exists():
        tmp = obj.with_suffix(f".{os.getpid()}.tmp")
        subprocess.run([CLANG, "--target=hexagon-unknown-linux-musl", f"-mcpu={cpu}", "-O2", "-ffreestanding",
                        "-fno-builtin", "-nostdlib", "-c", str(HARNESS), "-o", str(tmp)], check=True,
                       capture_output=True)
        os.replace(tmp, obj)
    return obj


def link(kernel: Path, prog: Path, entry: str = "__tvm_ffi_main") -> None:
    p = subprocess.run([LLD, "-static", "-o", str(prog), str(harness_object()), str(kernel),
                        f"--defsym=kernel_entry={entry}"], capture_output=True, text=True)
    if p.returncode:
        # an undefined helper is a gap in kernelfuzz's harness, not a compiler bug
        raise RuntimeError(f"linking the Hexagon harness failed: {p.stderr.strip()[:2000]}")


def write_args(path: Path, inputs: list[np.ndarray], outputs: list[tuple[tuple[int, ...], np.dtype]]) -> None:
    with open(path, "wb") as f:
        f.write(b"KFH1" + struct.pack("<i", len(inputs) + len(outputs)))
        for arr, is_out in [(a, 0) for a in inputs] + [(np.empty(s, d), 1) for s, d in outputs]:
            f.write(struct.pack("<iiii", arr.ndim, _DTYPE_CODE[arr.dtype.kind], arr.dtype.itemsize * 8, is_out))
            f.write(struct.pack(f"<{arr.ndim}q", *arr.shape) + struct.pack("<q", arr.nbytes))
        for a in inputs:
            f.write(np.ascontiguousarray(a).tobytes())


def _command(prog: Path, args: Path, out: Path) -> list[str]:
    template = settings.get(settings.HEXAGON_RUNNER)
    if template:
        return shlex.split(template.format(prog=prog, args=args, out=out))
    return [QEMU, "-cpu", "v67", str(prog), str(args), str(out)]


def classify(returncode: int, stderr: str) -> str:
    """ran | arg-check | out-of-bounds | guest-crash | emulator (QEMU itself cannot run this code)."""
    if returncode == 0:
        return "ran"
    if "assertion" in stderr.lower() or "decode" in stderr.lower() or "illegal instruction" in stderr.lower() \
            or "unsupported" in stderr.lower():
        return "emulator"
    if returncode == 2:
        return "arg-check"
    if returncode == 3:
        return "out-of-bounds"
    return "guest-crash"


def run(prog: Path, inputs: list[np.ndarray], outputs: list[tuple[tuple[int, ...], np.dtype]],
        timeout: float = RUN_TIMEOUT) -> tuple[list[np.ndarray], float]:
    """Run a linked kernel; returns the outputs and the emulation seconds."""
    args, out = prog.with_name("args.bin"), prog.with_name("out.bin")
    write_args(args, inputs, outputs)
    out.unlink(missing_ok=True)
    start = time.perf_counter()
    try:
        p = subprocess.run(_command(prog, args, out), capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise ProgramFailure(f"hang: no exit after {timeout:.0f} s under {QEMU}", kind="hang") from None
    seconds = time.perf_counter() - start
    kind = classify(p.returncode, p.stderr)
    if kind != "ran":
        raise ProgramFailure(f"{kind} (exit status {p.returncode}): {p.stderr.strip()[-2000:]}", kind=kind)
    data = out.read_bytes()
    results, at = [], 0
    for shape, dtype in outputs:
        n = int(np.prod(shape)) * np.dtype(dtype).itemsize
        results.append(np.frombuffer(data[at:at + n], dtype=dtype).reshape(shape).copy())
        at += n
    return results, seconds


def artifact(prog: Path, outputs: list[tuple[tuple[int, ...], np.dtype]]) -> Artifact:
    """A linked program as a self-contained value for ``run_artifact`` on another machine."""
    return Artifact(__name__, {"elf": prog.read_bytes(), "outputs": [(tuple(s), np.dtype(d)) for s, d in outputs]})


def run_artifact(payload: dict, inputs: list[np.ndarray]) -> list[np.ndarray]:
    with tempfile.TemporaryDirectory(prefix="kernelfuzz-hexagon-") as folder:
        prog = Path(folder) / "kernel.hexagon"
        prog.write_bytes(payload["elf"])
        prog.chmod(0o755)
        return run(prog, inputs, payload["outputs"])[0]
