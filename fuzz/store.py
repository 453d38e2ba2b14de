"""Files kernelfuzz writes: atomically (a reader, or a crash, never sees a half-written corpus or campaign
file), and only inside the output folder they belong to (``inside``): names come from case files, which are
untrusted input."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def atomic_write(path: str | os.PathLike, data: str | bytes) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json(path: str | os.PathLike, obj) -> None:
    atomic_write(path, json.dumps(obj, indent=1, default=str) + "\n")


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
