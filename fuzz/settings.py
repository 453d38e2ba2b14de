"""Every environment variable kernelfuzz reads, its default and its meaning: the one place that touches
``os.environ`` (``tests/test_settings.py`` holds every other module to that, and ``docs/environment.md`` to this
table).

A variable is a ``Variable`` record; readers call ``get(VAR)`` (or the typed helpers below it), writers ``put``.
Variables another program reads (``ROCM_PATH`` for TVM's ROCm codegen, ``LD_LIBRARY_PATH`` for the loader) are
listed too where kernelfuzz sets or reads them, so a user sees every variable that changes what a run does.

Settings reach worker processes through the environment they inherit: ``--device N`` puts ``KERNELFUZZ_DEVICE``
before any worker starts, and the CUDA driver's ``prepare`` hook puts its ``libcuda.so`` link on
``LD_LIBRARY_PATH`` (``fuzz.execute.isolate``).  Nothing here changes the environment inside a compile: a
compiler that needs a tool path gets it for the duration of that compile (``scoped``).
"""
from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Variable:
    name: str
    default: str  # what an unset variable means, in words
    meaning: str


VARIABLES: list[Variable] = []


def _var(name: str, default: str, meaning: str) -> Variable:
    v = Variable(name, default, meaning)
    VARIABLES.append(v)
    return v


DEVICE = _var("KERNELFUZZ_DEVICE", "0", "which GPU the device configurations (CUDA, HIP) use, as an index among the "
              "devices CUDA_VISIBLE_DEVICES / HIP_VISIBLE_DEVICES leave visible; `--device N` sets it for the "
              "command and its workers")
IREE_CPU = _var("KERNELFUZZ_IREE_CPU", "this machine's CPU", "what `host` means for the IREE CPU configurations: a "
                "CPU name LLVM knows (e.g. `skylake-avx512`), to test code for another CPU this one can run")
SIMULATE = _var("KERNELFUZZ_SIMULATE", "0 (a real GPU where one runs the code)", "`1` runs the CUDA "
               "configurations on kernelfuzz's PTX simulator even where a GPU could run them, for comparison")
PTX_ENGINE = _var("KERNELFUZZ_PTX_ENGINE", "vector", "which PTX simulator runs a kernel: `vector` (every thread of a "
                  "batch of blocks in lockstep as arrays) or `reference` (one thread at a time, the vector machine's "
                  "oracle); both give the same outputs and facts")
HEXAGON_RUNNER = _var("KERNELFUZZ_HEXAGON_RUNNER", "qemu-hexagon", "a command template with `{prog}`, `{args}` and "
                      "`{out}` that runs a linked Hexagon program instead of QEMU (a simulator or a device)")
RELEASES = _var("KERNELFUZZ_RELEASES", "$XDG_CACHE_HOME/kernelfuzz/releases", "the folder of the side "
                "environments `replay --releases` and `run --releases` install named compiler releases into")
CACHE = _var("XDG_CACHE_HOME", "~/.cache", "kernelfuzz's cache lives in its `kernelfuzz/` folder (the Hexagon "
             "harness objects, the `libcuda.so` link, the release environments); a relative path is ignored, as "
             "the XDG specification says")
CUDA_PATH = _var("CUDA_PATH", "unset", "a CUDA install whose `lib64/` and `compat/` are searched for the NVIDIA "
                 "driver library after the system folders")
CUDA_HOME = _var("CUDA_HOME", "unset", "read as CUDA_PATH where that is unset")
CUDA_VISIBLE = _var("CUDA_VISIBLE_DEVICES", "every device", "NVIDIA's device selection (it renumbers the devices "
                    "KERNELFUZZ_DEVICE indexes); recorded in each CUDA result's facts")
HIP_VISIBLE = _var("HIP_VISIBLE_DEVICES", "every device", "AMD's device selection, as CUDA_VISIBLE_DEVICES; "
                   "recorded in each HIP result's facts")
LIBRARY_PATH = _var("LD_LIBRARY_PATH", "the loader's own", "kernelfuzz puts its `libcuda.so` link first on it "
                    "where the NVIDIA driver ships only `libcuda.so.1` (IREE opens `libcuda.so`), before workers start")
ROCM_PATH = _var("ROCM_PATH", "/usr/lib/x86_64-linux-gnu", "where TVM's ROCm codegen finds AMD's device bitcode "
                 "(`amdgcn/bitcode/`, Debian's rocm-device-libs); kernelfuzz sets it for a gfx942 compile only "
                 "where it is unset")
ROCM_LLD = "/usr/lib/llvm-19/bin"  # the ld.lld TVM's ROCm codegen links gfx942 code objects with (Debian lld-19)
PATH = _var("PATH", "the shell's", f"where tools are found; kernelfuzz puts `{ROCM_LLD}` (ld.lld 19) first on it "
            "for the duration of a gfx942 compile by TVM")

_KNOWN = frozenset(v.name for v in VARIABLES)


def get(var: Variable, environ: Mapping[str, str] | None = None) -> str | None:
    """The variable's value, None where unset or empty (``environ``: another environment, for tests)."""
    if var.name not in _KNOWN:
        raise KeyError(f"{var.name} is not a kernelfuzz setting: add it to fuzz/settings.py")
    return (os.environ if environ is None else environ).get(var.name) or None


def put(var: Variable, value: str, environ: dict | None = None) -> None:
    """Set the variable for this process and the processes it starts from now on."""
    get(var)  # known
    (os.environ if environ is None else environ)[var.name] = value


def prepend_path(var: Variable, folder: str, environ: dict | None = None) -> None:
    """``folder`` first on a ``:``-separated path variable, once."""
    parts = [p for p in (get(var, environ) or "").split(":") if p and p != folder]
    put(var, ":".join([folder, *parts]), environ)


def environment(drop: tuple[str, ...] = ()) -> dict[str, str]:
    """A copy of this process's environment for a child process, without the variables named in ``drop``."""
    return {k: v for k, v in os.environ.items() if k not in drop}


@contextlib.contextmanager
def scoped(values: Mapping[Variable, str]) -> Iterator[None]:
    """The environment with ``values`` set for the duration of the block, then as it was (a compile that needs a
    tool path gets it without changing the process for every later case)."""
    before = {v.name: get(v) for v in values}
    os.environ.update({v.name: value for v, value in values.items()})
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def rocm_bitcode() -> str:
    """The folder holding AMD's device bitcode (``amdgcn/bitcode/``)."""
    return get(ROCM_PATH) or ROCM_PATH.default


def rocm_codegen() -> contextlib.AbstractContextManager:
    """For the duration of one TVM gfx942 compile: ``ROCM_PATH`` (where unset) and ld.lld 19 first on ``PATH``."""
    return scoped({ROCM_PATH: rocm_bitcode(), PATH: f"{ROCM_LLD}:{get(PATH) or ''}"})


def cache_dir(*parts: str) -> Path:
    """``$XDG_CACHE_HOME/kernelfuzz/<parts>`` (``~/.cache`` where unset, empty or relative); the caller creates it
    (and falls back where it cannot: a read-only home)."""
    root = get(CACHE)
    base = Path(root) if root and os.path.isabs(root) else Path.home() / ".cache"
    return base.joinpath("kernelfuzz", *parts)


def releases_dir() -> Path:
    """The side environments' folder: ``$KERNELFUZZ_RELEASES``, else ``cache_dir("releases")``."""
    chosen = get(RELEASES)
    return Path(chosen) if chosen else cache_dir("releases")


def device_index() -> int | None:
    """``KERNELFUZZ_DEVICE`` as an index; None where unset (the vendor's first visible device)."""
    value = get(DEVICE)
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"{DEVICE.name}={value!r} is not a device index (0, 1, ...)") from None
