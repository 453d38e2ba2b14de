"""The NVIDIA driver on this machine: where ``libcuda`` is, a ``libcuda.so`` IREE can open, and what device it drives.

IREE's CUDA HAL driver dlopens ``libcuda.so`` only, and many driver installs ship only ``libcuda.so.1`` (measured on
an H200 with driver 580.159: IREE saw no device until a ``libcuda.so`` link was put on ``LD_LIBRARY_PATH``).
``prepare()`` finds the driver library (``ctypes.util.find_library``, ``ldconfig -p``, the usual directories,
``$CUDA_PATH``) and, where only ``libcuda.so.1`` exists, makes a private folder under kernelfuzz's cache holding a
``libcuda.so`` link to it and puts that folder first on ``LD_LIBRARY_PATH`` in ``os.environ``.  The dynamic loader
reads ``LD_LIBRARY_PATH`` when a process starts, so this must happen before worker lanes are spawned (they inherit
the environment): ``fuzz.execute.isolate.Lane`` calls the ``prepare`` hooks of its frontends before it spawns.

The parent process asks the driver itself through ctypes (``cuInit``, ``cuDeviceGetCount``, ``cuDeviceGetName``,
``cuDeviceComputeCapability``, ``cuDriverGetVersion``), by the full path found: this works without the optional
CUDA binding (a GPU payload without it stays small) and without the link.  ``--device N`` and
``CUDA_VISIBLE_DEVICES`` pick the device; what was picked is recorded in the facts of every device result.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import functools
import hashlib
import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from fuzz import settings

DIRS = ("/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/lib/wsl/lib", "/usr/local/cuda/compat",
        "/usr/local/nvidia/lib64", "/usr/local/nvidia/lib")
NAMES = ("libcuda.so", "libcuda.so.1")
VISIBLE = {"cuda": settings.CUDA_VISIBLE, "hip": settings.HIP_VISIBLE}
FAULT_MARKS = ("CUDA_ERROR_", "hipError", "HIP error", "HSA_STATUS_ERROR")  # a device fault in a runtime's message


def search_dirs(environ=None) -> list[str]:
    """Where the driver library may be: the usual folders, then $CUDA_PATH's (``environ``: another environment)."""
    cuda = settings.get(settings.CUDA_PATH, environ) or settings.get(settings.CUDA_HOME, environ)
    return [*DIRS, *((f"{cuda}/lib64", f"{cuda}/compat") if cuda else ())]


def _ldconfig() -> str:
    try:
        return subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return ""


def find_libcuda(dirs=None, ldconfig: str | None = None, found_by_name: str | None = "ask") -> Path | None:
    """The driver library's file, preferring ``libcuda.so`` (IREE opens that name) over ``libcuda.so.1``.

    ``dirs``, ``ldconfig`` (the text of ``ldconfig -p``) and ``found_by_name`` (what ``ctypes.util.find_library``
    returned) replace what this machine says, for tests."""
    listed = _ldconfig() if ldconfig is None else ldconfig
    named = ctypes.util.find_library("cuda") if found_by_name == "ask" else found_by_name
    candidates = [ln.split("=>")[-1].strip() for ln in listed.splitlines()
                  if ln.strip().split(" ")[0] in NAMES and "=>" in ln]
    for folder in (search_dirs() if dirs is None else dirs):
        candidates += [os.path.join(folder, n) for n in NAMES]
    if named and os.path.isabs(named):
        candidates.append(named)
    existing = [Path(c) for c in dict.fromkeys(candidates) if os.path.exists(c)]
    plain = [p for p in existing if p.name == "libcuda.so"]
    return (plain or existing or [None])[0]


@dataclass(frozen=True)
class Driver:
    library: Path | None  # the driver's file
    linked: Path | None = None  # our libcuda.so link to it, when the install has only libcuda.so.1
    problem: str = ""  # why IREE cannot open it (no folder could hold the link)

    @property
    def iree_opens(self) -> bool:
        """Whether IREE's CUDA driver, which dlopens ``libcuda.so``, will find this driver in worker processes."""
        return self.library is not None and (self.library.name == "libcuda.so" or self.linked is not None)

    @property
    def note(self) -> str:
        if self.library is None:
            return "no NVIDIA driver library (libcuda.so / libcuda.so.1) found"
        return f"NVIDIA driver {self.library}" + (" via link" if self.linked else "")


def link_dir(library: Path, root: Path | None = None) -> Path:
    """A private folder holding ``libcuda.so`` -> ``library`` (one per driver file, replaced atomically)."""
    digest = hashlib.sha256(str(library.resolve()).encode()).hexdigest()[:12]
    folder = (root or settings.cache_dir()) / "libcuda-link" / digest
    folder.mkdir(parents=True, exist_ok=True)
    link = folder / "libcuda.so"
    if not (link.is_symlink() and os.readlink(link) == str(library)):
        tmp = folder / f".libcuda.so.{os.getpid()}"
        tmp.unlink(missing_ok=True)
        tmp.symlink_to(library)
        os.replace(tmp, link)
    return folder


def prepend_library_path(folder: Path, environ=None) -> None:
    settings.prepend_path(settings.LIBRARY_PATH, str(folder), environ)


@functools.cache
def prepare() -> Driver:
    """Find the driver and make ``libcuda.so`` loadable by processes started from now on (see the docstring)."""
    library = find_libcuda()
    if library is None or library.name == "libcuda.so":
        return Driver(library)
    errors = []
    for root in (settings.cache_dir(), Path(tempfile.gettempdir()) / f"kernelfuzz-{os.getuid()}"):
        try:
            folder = link_dir(library, root)
        except OSError as e:  # a read-only home: try the temporary folder
            errors.append(f"{root}: {e.strerror or e}")
            continue
        prepend_library_path(folder)
        return Driver(library, folder / "libcuda.so")
    return Driver(library, problem=f"IREE opens libcuda.so only, and no folder could hold a link to {library} "
                                   f"({'; '.join(errors)})")


@dataclass(frozen=True)
class Device:
    index: int
    name: str
    capability: tuple[int, int]
    driver_version: int  # CUDA's encoding: 12080 is 12.8

    @property
    def sm(self) -> str:
        return f"sm_{self.capability[0]}{self.capability[1]}"

    def facts(self, driver: Driver) -> dict:
        v = self.driver_version
        return {"device": {"index": self.index, "name": self.name, "sm": self.sm,
                           "cuda_driver": f"{v // 1000}.{v % 1000 // 10}", "library": str(driver.library),
                           **visible("cuda")}}


def visible(vendor: str) -> dict:
    """The vendor's device-selection variable, when set (it renumbers the devices kernelfuzz sees)."""
    value = settings.get(VISIBLE[vendor])
    return {VISIBLE[vendor].name: value} if value is not None else {}


def selected_index() -> int:
    """``--device N`` (``KERNELFUZZ_DEVICE``), else 0."""
    index = settings.device_index()
    return 0 if index is None else index


@functools.cache
def query(library: str | None, index: int) -> tuple[int, Device | None, str]:
    """(device count, the selected device, why none) from the driver itself, through ctypes."""
    if library is None:
        return 0, None, "no NVIDIA driver library found"
    try:
        cu = ctypes.CDLL(library)
    except OSError as e:
        return 0, None, f"cannot load {library}: {e}"
    count, handle, version = ctypes.c_int(0), ctypes.c_int(0), ctypes.c_int(0)
    if cu.cuInit(0) != 0 or cu.cuDeviceGetCount(ctypes.byref(count)) != 0 or count.value == 0:
        return 0, None, "the NVIDIA driver reports no device"
    if not 0 <= index < count.value:
        return count.value, None, f"--device {index}: only {count.value} CUDA device(s) here"
    name, major, minor = ctypes.create_string_buffer(256), ctypes.c_int(0), ctypes.c_int(0)
    cu.cuDeviceGet(ctypes.byref(handle), index)
    cu.cuDeviceGetName(name, 256, handle)
    cu.cuDeviceGetAttribute(ctypes.byref(major), 75, handle)  # CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR
    cu.cuDeviceGetAttribute(ctypes.byref(minor), 76, handle)  # ..._MINOR
    cu.cuDriverGetVersion(ctypes.byref(version))
    return count.value, Device(index, name.value.decode(errors="replace"), (major.value, minor.value),
                               version.value), ""


def device() -> tuple[Driver, Device | None, str]:
    """The driver, the selected CUDA device (None: none) and why none."""
    driver = prepare()
    _, dev, why = query(None if driver.library is None else str(driver.library), selected_index())
    return driver, dev, why


def runs_natively(sm: str, dev: Device) -> bool:
    """Whether code compiled for ``sm`` (``sm_89``) is native to the device, else the driver compiles its PTX
    (forward compatibility: PTX for an older ``sm`` runs on a newer device; never the other way)."""
    return sm == dev.sm


def how_it_runs(sm: str, dev: Device | None) -> str:
    """In words: native SASS, the driver's PTX JIT, or refused (a target newer than the device)."""
    major, minor = int(sm[3:-1]), int(sm[-1])
    if dev is None:
        return (f"{sm} PTX: native on compute capability {major}.{minor} devices, by the driver's PTX JIT on newer "
                f"ones, not on older ones")
    if runs_natively(sm, dev):
        return f"native: {sm} is {dev.name}'s own architecture"
    if (major, minor) < dev.capability:
        return f"by the driver's PTX JIT: {sm} PTX, forward-compatible, compiled for {dev.name} ({dev.sm})"
    return f"cannot run on {dev.name} ({dev.sm}): {sm} is newer than the device"


def is_device_fault(message: str) -> bool:
    """Whether a run's failure is a device fault (illegal address, launch failure, ...): the context is broken."""
    return any(mark in message for mark in FAULT_MARKS)


def availability(sm: str, what: str = "PTX"):
    """Whether IREE's code for ``sm`` runs here: which driver file was found, on which device, natively or by the
    driver's PTX JIT; compile-only with the reason where it cannot (no device, a target newer than the device, a
    driver IREE cannot open)."""
    from fuzz.execute.backend import Availability

    driver, dev, why = device()
    if dev is None:
        return Availability("compile-only", f"no device ({why}); {how_it_runs(sm, None)}")
    if not driver.iree_opens:
        return Availability("compile-only", driver.problem)
    how = how_it_runs(sm, dev)
    if how.startswith("cannot"):
        return Availability("compile-only", f"{what} {how}")
    return Availability("runs", f"{driver.note}; {how}")


def device_facts(driver_name: str) -> dict:
    """What a device result records: the device, the driver and the selection (``--device``, the vendor's variable);
    ``driver_name`` is IREE's ("cuda", "hip"; nothing for the CPU)."""
    if driver_name == "cuda":
        driver, dev, _ = device()
        return dev.facts(driver) if dev is not None else {}
    chosen = {**visible("hip"), **({"index": selected_index()} if settings.get(settings.DEVICE) is not None else {})}
    return {"device": chosen} if driver_name == "hip" and chosen else {}


def prepare_for(configs) -> None:
    """A frontend's ``prepare(configs)`` hook (run in the parent before lanes spawn): the libcuda link, for CUDA."""
    if any(c.target == "cuda" for c in configs):
        prepare()
