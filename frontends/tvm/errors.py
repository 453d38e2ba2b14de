"""Which exceptions of a TVM compile are TVM's verdicts, and which are kernelfuzz's own bugs.

``fuzz.execute.backend``'s contract: only the compiler's errors are its verdicts (a ``CompilerFailure``); an
exception of kernelfuzz's own code inside a compile (a stored trace that does not parse, a lowering bug) must
surface as kernelfuzz's error, never as "TVM rejected the case".  Both travel as the same Python types
(``RuntimeError``, ``ValueError``), so the type cannot tell them apart; where they were raised can.  The deepest
frame of the traceback that is TVM's or kernelfuzz's decides: TVM's are its Python package, the FFI's Cython
layer and the C++ frames the FFI appends (``src/...cc``); kernelfuzz's are this repository's.  Frames of the
standard library and of other packages between them (``json`` decoding a trace, numpy) do not decide.

TVM's verdicts: an ``InternalError`` (a failed ``ICHECK``) is a crash; any other ``RuntimeError`` or
``ValueError`` a rejection; any other exception raised in TVM's own Python (dlight's rules, MetaSchedule) a crash,
named by its line (``python_crash``).
"""
from __future__ import annotations

import os
from pathlib import Path

from fuzz.execute.backend import CompilerFailure

KERNELFUZZ = str(Path(__file__).resolve().parents[2])  # the repository: fuzz/ and frontends/


def _packages() -> tuple[str, ...]:
    import tvm
    import tvm_ffi
    return tuple(os.path.dirname(m.__file__) + os.sep for m in (tvm, tvm_ffi))


def _owner(filename: str, tvm_dirs: tuple[str, ...]) -> str | None:
    """"tvm", "kernelfuzz" or None (a frame that does not decide)."""
    if filename.startswith(tvm_dirs) or not filename.endswith(".py"):  # TVM's Python, or Cython / C++ frames
        return "tvm"
    if filename.startswith(KERNELFUZZ + os.sep) and "site-packages" not in filename:
        return "kernelfuzz"
    return None


def raised_by_tvm(e: BaseException) -> bool:
    """Whether TVM raised ``e``, rather than kernelfuzz's code around its calls."""
    import traceback
    tvm_dirs = _packages()
    for frame in reversed(traceback.extract_tb(e.__traceback__)):
        owner = _owner(os.path.abspath(frame.filename) if frame.filename.endswith(".py") else frame.filename,
                       tvm_dirs)
        if owner:
            return owner == "tvm"
    return False


def python_crash(e: Exception) -> str | None:
    """The crash line of an exception raised inside TVM's own Python code (None: raised elsewhere)."""
    import traceback
    frame = traceback.extract_tb(e.__traceback__)[-1]
    home = next((d for d in _packages() if frame.filename.startswith(d)), None)
    if home is None:
        return None
    where = os.path.relpath(frame.filename, os.path.dirname(home.rstrip(os.sep)))
    return f"{type(e).__name__} in {where}:{frame.lineno} ({frame.name}): {frame.line} {e}".rstrip()


def verdict(e: Exception, source: str, facts: dict) -> CompilerFailure:
    """TVM's verdict on a compile that raised ``e``; re-raises ``e`` where kernelfuzz's own code raised it."""
    import tvm
    if not raised_by_tvm(e):
        raise e
    if isinstance(e, tvm.error.InternalError):
        return CompilerFailure(str(e), crashed=True, source=source, facts=facts)
    if isinstance(e, (RuntimeError, ValueError)):
        return CompilerFailure(str(e), source=source, facts=facts)
    crash = python_crash(e)
    if crash is None:
        raise e
    return CompilerFailure(crash, crashed=True, source=source, facts=facts)
