"""Files kernelfuzz writes: atomically (a reader, or a crash, never sees a half-written corpus or campaign
file), with the mode the umask gives a new file (a teammate reads a shared campaign, a served report; scripts are
executable), and only inside the output folder they belong to (``inside``): names come from case files, which are
untrusted input.  ``folder_name`` is the one rule that turns a case or configuration name into a file or folder
name (a reader that globs a folder back, ``fuzz.judge.signature``, finds it by the same rule); ``write_npy`` the
one ``.npy`` writer."""
from __future__ import annotations

import io
import json
import os
import re
import tempfile
from pathlib import Path


def umask() -> int:
    """The process's umask, read without changing it (``os.umask`` sets it, for a moment, for every thread)."""
    try:
        with open("/proc/self/status") as f:
            return next(int(line.split()[1], 8) for line in f if line.startswith("Umask:"))
    except (OSError, StopIteration, ValueError):  # not Linux, or a kernel before 4.7
        mask = os.umask(0o022)
        os.umask(mask)
        return mask


def atomic_write(path: str | os.PathLike, data: str | bytes, executable: bool = False) -> None:
    """Write ``path`` whole or not at all, mode 0666 (0777 ``executable``) less the umask, as ``open`` would."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")  # mode 0600, whatever
    done = False
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)
            f.flush()
            os.fchmod(f.fileno(), (0o777 if executable else 0o666) & ~umask())
            os.fsync(f.fileno())
        os.replace(tmp, path)
        done = True
    finally:
        if not done:  # interrupted or failed: no temporary file is left behind
            Path(tmp).unlink(missing_ok=True)


def write_json(path: str | os.PathLike, obj) -> None:
    atomic_write(path, json.dumps(obj, indent=1, default=str) + "\n")


def write_npy(path: str | os.PathLike, array) -> None:
    """``array`` as a ``.npy`` file, atomically (numpy imported here only: the corpus tools need none)."""
    import numpy as np
    a = np.asarray(array)
    if a.dtype.isbuiltin == 2:  # ml_dtypes' bfloat16 and float8: raw bytes, which every reader views as the
        a = a.view(f"V{a.dtype.itemsize}")  # declared type; numpy writes float8_e5m2 as '<f1', then cannot read it
    buf = io.BytesIO()
    np.save(buf, a)
    atomic_write(path, buf.getvalue())


_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")


def folder_name(name: str) -> str:
    """The file or folder name of a case or configuration name: every character but ``A-Za-z0-9_.-`` becomes
    ``_`` (``tvm:cpu-sampled`` -> ``tvm_cpu-sampled``).  Paths still go through ``inside``: ``..`` survives."""
    return _UNSAFE.sub("_", name)


class UnsafePath(ValueError):
    """A path built from a name would leave its output folder."""


def inside(root: str | os.PathLike, *parts: str) -> Path:
    """``root/parts...``, refused unless it resolves (symbolic links and ``..`` followed) to a path inside
    ``root``: every path kernelfuzz builds from a case, input or configuration name goes through here."""
    base = Path(root).resolve()
    path = base.joinpath(*parts).resolve()
    if path == base or base not in path.parents:
        raise UnsafePath(f"{Path(root, *parts)} would be written outside {root}/; rename the case or input "
                         "(names may not hold '/' or '..')")
    return Path(root, *parts)
