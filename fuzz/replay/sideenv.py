"""Side environments: one cached venv per compiler release (a ``frontends.releases.Release``, handed in by the
command line), outside the corpus, made once and reused.

A side environment is a plain venv (made with this interpreter, without the system's or this venv's packages)
holding only the release's compiler wheels and the other packages kernelfuzz needs to replay, reduce and localize
there (``REPLAY_DEPS``, at this project's pins: matplotlib for the error plots a bundle carries, Jinja2 and MarkupSafe
for the campaign page `kernelfuzz fuzz` writes).  kernelfuzz's own code is never installed there: a release's replay
runs ``<env>/bin/python -m fuzz.cli replay ...`` with ``PYTHONPATH`` set to this checkout, so only the
compilers differ between columns of the matrix.

Folders: ``$KERNELFUZZ_RELEASES``, else ``${XDG_CACHE_HOME:-~/.cache}/kernelfuzz/releases/<family>-<version>/``.
Creation is atomic: the venv is built in a temporary sibling folder, ``kernelfuzz-release.json`` (the packages
it was built for) is written last, then the folder is renamed into place.  A folder without that file, or with
other packages or another Python, is half-built or stale, and is rebuilt, never used.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from fuzz import settings

ROOT = Path(__file__).resolve().parents[2]  # the checkout whose code the side environments run
MARKER = "kernelfuzz-release.json"
REPLAY_DEPS = ("numpy", "ml_dtypes", "numba", "llvmlite", "click", "rich", "pebble", "psutil", "cloudpickle", "PyYAML",
               "matplotlib", "Jinja2", "MarkupSafe")
INSTALL_TIMEOUT = 1800.0


class SideEnvError(RuntimeError):
    """A release that cannot be installed (unknown version, no network): one line naming the fix."""


def cache_root() -> Path:
    return settings.releases_dir()


def pins(names=REPLAY_DEPS, pyproject: Path = ROOT / "pyproject.toml") -> tuple[str, ...]:
    """This project's exact pins (pyproject.toml) of the packages a replay needs besides the compilers."""
    deps = tomllib.loads(pyproject.read_text())["project"]["dependencies"]
    by_name = {d.split("==")[0].strip().lower().replace("_", "-"): d for d in deps}
    return tuple(by_name[n.lower().replace("_", "-")] for n in names)


def requirements(rel) -> tuple[str, ...]:
    return rel.packages + pins()


def wanted(rel) -> dict:
    """What a usable side environment for ``rel`` records in its marker file."""
    return {"release": rel.name, "requirements": list(requirements(rel)),
            "python": ".".join(map(str, sys.version_info[:2])), "scripts": "relocated"}


def python(env: Path) -> Path:
    return env / "bin" / "python"


def usable(env: Path, rel) -> bool:
    try:
        marker = json.loads((env / MARKER).read_text())
    except (OSError, ValueError):
        return False
    return marker == wanted(rel) and python(env).exists()


def _pip(args: list[str], timeout: float = INSTALL_TIMEOUT) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


def build(rel, folder: Path, say=print) -> None:
    """Make the venv in ``folder`` (which must not exist yet) and write its marker last."""
    made = _pip([sys.executable, "-m", "venv", str(folder)])
    if made.returncode:
        raise SideEnvError(f"{rel.name}: could not make a venv with {sys.executable}: {_last(made.stderr)}")
    reqs = requirements(rel)
    say(f"kernelfuzz: installing {rel.name} into {folder.parent} ({' '.join(reqs)})")
    got = _pip([str(python(folder)), "-m", "pip", "install", "--no-input", "--disable-pip-version-check", "-q",
                *reqs])
    if got.returncode:
        raise SideEnvError(f"{rel.name}: pip could not install {' '.join(rel.packages)}: {_last(got.stderr)}; "
                           f"name a release the package index has (`pip index versions "
                           f"{rel.packages[0].split('==')[0]}` lists them)")
    (folder / MARKER).write_text(json.dumps(wanted(rel), indent=1) + "\n")


def _relocate(built: Path, final: Path) -> None:
    """The venv's scripts (``iree-compile``'s shebang, ``activate``) name the folder it was built in: point them at
    the folder it is renamed to, so the environment's own tools run too (an environment built before this is stale)."""
    old, new = str(built).encode(), str(final).encode()
    for f in (built / "bin").iterdir() if (built / "bin").is_dir() else ():
        if f.is_file() and not f.is_symlink():
            data = f.read_bytes()
            if old in data and (data.startswith(b"#!") or f.name.startswith("activate")):
                f.write_bytes(data.replace(old, new))


def _last(text: str) -> str:
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip() and not ln.startswith("WARNING")]
    return lines[-1] if lines else "no message"


def ensure(rel, root: Path | None = None, say=print, builder=build) -> Path:
    """The side environment of ``rel``: reused when its marker matches, else (re)built atomically."""
    root = root or cache_root()
    env = root / rel.slug
    if usable(env, rel):
        return env
    root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".building-{rel.slug}-", dir=root))
    try:
        tmp.rmdir()  # venv wants to make the folder itself; the unique name stays ours
        builder(rel, tmp, say)
        if usable(env, rel):  # another kernelfuzz finished the same release meanwhile: keep its copy
            return env
        if env.exists():  # half-built by an older kernelfuzz, or stale: never used, replaced
            say(f"kernelfuzz: {env} is incomplete or was made for other packages: rebuilding it")
            stale = Path(tempfile.mkdtemp(prefix=f".stale-{rel.slug}-", dir=root))
            env.rename(stale / "env")
            shutil.rmtree(stale, ignore_errors=True)
        _relocate(tmp, env)
        tmp.rename(env)
    except subprocess.TimeoutExpired:
        raise SideEnvError(f"{rel.name}: installing took over {INSTALL_TIMEOUT:.0f} s; check the network to the "
                           f"package index and rerun (finished releases are kept)") from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return env


def child_env(extra: dict | None = None) -> dict:
    """The environment of a release's replay: this checkout's code first, nothing from this venv."""
    env = settings.environment(drop=("PYTHONHOME", "VIRTUAL_ENV"))
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra or {})
    return env
