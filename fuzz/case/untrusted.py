"""What an untrusted case file may contain: resource limits, safe names and typed field readers.

A case file is untrusted input (a corpus in CI, a finding sent by someone), and every name in it
ends up in a path, an MLIR SSA name, a TVMScript identifier or a shell line.  The limits and
patterns are declared here, in one place; the loader (``fuzz.case.workload.from_json``) checks every
case against them *before* anything is allocated, drawn or compiled; the generator's spaces stay
well inside them (``tests/test_front_door.py`` checks that).

Every problem is a ``WorkloadError`` whose one-line message names the field and the fix, with a
``kind`` (type, value, range, limit, name, schema, ...) for statistics; ``CaseFileError`` adds
the file.  This module imports nothing from kernelfuzz: it sits below the workload model, which
re-exports both errors.

The limits bound the reference interpreter's memory: it keeps float64 data, bounds and
magnitudes per element (32 bytes), and evaluates a generic over its whole iteration space at
once (about 160 bytes per loop point), so these figures keep one case under about 1.5 GB.
"""
from __future__ import annotations

import json
import keyword
import math
import os
import re
import reprlib
from typing import Any

MAX_FILE_BYTES = 16 * 2**20  # a case file (schedule traces included); the corpus's largest is ~10 KB
MAX_JSON_DEPTH = 64  # nesting of JSON lists and objects (expression bodies nest deepest)
MAX_INPUTS = 32
MAX_OPS = 32
MAX_RANK = 8  # dimensions of a tensor
MAX_LOOPS = 12  # loop dims of a generic
MAX_TENSOR_ELEMENTS = 2**22  # per tensor, the drawn base shape of an input included (wide draws <= 600,000)
MAX_TOTAL_BYTES = 2**25  # all values of a case together, in their declared dtypes
MAX_LOOP_POINTS = 2**23  # iteration space of one generic (wide draws <= 4,000,000 multiply-adds per case)
MAX_CONV_MACS = 2**30  # multiply-adds of one conv or matmul (the 230x230 fp16 seed: 1.2e8)
MAX_EXPR_DEPTH = 32
MAX_EXPR_NODES = 512
MAX_CONV_ATTR = 1024  # stride, dilation, padding
MAX_AFFINE = 2**16  # |coefficient| and |offset| of an affine map term
MAX_AFFINE_TEXT = 256  # characters of one affine expression
MAX_SEED = 2**63 - 1  # numpy's default_rng takes non-negative seeds
MAX_WIDE_SCALE = 1000.0  # 2**scale stays finite in float64
MAX_NOTE = 16384

KINDS = ("unreadable", "size", "encoding", "json", "nesting", "version", "schema", "type", "value", "range",
         "limit", "name", "verdict", "hash", "malformed")  # what CaseFileError.kind can be


class WorkloadError(ValueError):
    """A malformed case.  The message names the offending field and the fix; ``kind`` (see ``KINDS``) says
    what kind of problem it is."""

    def __init__(self, message: str, kind: str = "schema"):
        super().__init__(message)
        self.kind = kind


class CaseFileError(WorkloadError):
    """A case file that cannot be used, in one line: the file, the field and the fix."""

    def __init__(self, path: object, message: str, kind: str):
        line = " ".join(f"{path}: {message}".split())  # one line whatever the message held
        super().__init__(line if len(line) <= 600 else line[:597] + "...", kind)
        self.path = path


def check(cond: object, message: str, kind: str = "schema") -> None:
    if not cond:
        raise WorkloadError(message, kind)


_REPR = reprlib.Repr()
_REPR.maxstring, _REPR.maxother, _REPR.maxlong, _REPR.maxlist, _REPR.maxdict = 40, 40, 24, 6, 4


def show(value: Any) -> str:
    """A value for an error message: short, one line, whatever a hostile file holds."""
    return _REPR.repr(value)


def integer(v: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    check(isinstance(v, int) and not isinstance(v, bool), f"{where}: expected an integer, got {show(v)}", "type")
    bounds = f">= {lo}" if hi is None else f"<= {hi}" if lo is None else f"in [{lo}, {hi}]"
    check((lo is None or v >= lo) and (hi is None or v <= hi), f"{where}: {show(v)} is out of range; use an "
                                                               f"integer {bounds}", "range")
    return v


def integers(v: Any, where: str, lo: int | None = None, hi: int | None = None, length: int | None = None,
             most: int = 64) -> tuple[int, ...]:
    """A list of integers in [lo, hi], of exactly ``length`` items (or at most ``most``)."""
    check(isinstance(v, list), f"{where}: expected a list of integers, got {show(v)}", "type")
    check(len(v) == length if length is not None else len(v) <= most,
          f"{where}: expected {length if length is not None else f'at most {most}'} integers, got {len(v)}",
          "range" if length is None else "schema")
    return tuple(integer(x, f"{where}[{k}]", lo, hi) for k, x in enumerate(v))


def number(v: Any, where: str) -> float:
    """A finite JSON number (NaN, Infinity and huge integers are refused)."""
    check(isinstance(v, (int, float)) and not isinstance(v, bool), f"{where}: expected a number, got {show(v)}",
          "type")
    check(abs(v) < 1e300 if isinstance(v, int) else math.isfinite(v),
          f"{where}: {show(v)} is not a finite number; use a finite one", "range")
    return float(v)


def text(v: Any, where: str, choices: tuple[str, ...] | None = None, most: int = 256) -> str:
    check(isinstance(v, str), f"{where}: expected a string, got {show(v)}", "type")
    check(len(v) <= most, f"{where}: longer than {most} characters", "limit")
    check(choices is None or v in choices, f"{where}: {show(v)} is not one of {', '.join(choices or ())}", "value")
    return v


def fields(j: Any, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict:
    """``j`` as an object holding every required field and nothing unknown (a typo must not pass silently)."""
    check(isinstance(j, dict), f"{where}: expected an object, got {show(j)}", "type")
    missing = [k for k in required if k not in j]
    check(not missing, f"{where}: missing field(s) {', '.join(missing)}")
    unknown = sorted(str(k) for k in j if k not in required + optional)
    check(not unknown, f"{where}: unknown field(s) {show(unknown)}; remove them (fields: "
                       f"{', '.join(required + optional)})")
    return j


def json_depth(j: Any) -> int:
    """Nesting depth of parsed JSON, without recursion (a hostile file may nest thousands deep)."""
    deepest, stack = 0, [(j, 1)]
    while stack:
        x, d = stack.pop()
        if isinstance(x, (list, dict)):
            deepest = max(deepest, d)
            stack.extend((y, d + 1) for y in (x.values() if isinstance(x, dict) else x))
    return deepest


def read_json(path) -> Any:
    """The parsed JSON of a case file; every way a file can be unreadable is a CaseFileError."""
    try:
        size = os.stat(path).st_size
        if size > MAX_FILE_BYTES:
            raise CaseFileError(path, f"{size} bytes exceed the limit of {MAX_FILE_BYTES} for a case file", "size")
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise CaseFileError(path, f"cannot read ({e.strerror or e})", "unreadable") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CaseFileError(path, f"not UTF-8 text (byte {data[e.start]:#04x} at offset {e.start}: a binary file?); "
                                  "a case file is JSON: restore it from git or delete it", "encoding") from None
    try:
        j = json.loads(text)
    except RecursionError:
        raise CaseFileError(path, f"JSON nested deeper than {MAX_JSON_DEPTH}; restore it from git or delete it",
                            "nesting") from None
    except ValueError as e:  # JSONDecodeError, or an integer longer than Python converts
        raise CaseFileError(path, f"not valid JSON ({e}); restore it from git or delete it", "json") from None
    if json_depth(j) > MAX_JSON_DEPTH:
        raise CaseFileError(path, f"JSON nested deeper than {MAX_JSON_DEPTH}; restore it from git or delete it",
                            "nesting")
    return j


def tensor_name(v: Any, where: str) -> str:
    problem = tensor_name_problem(v)
    check(problem is None, f"{where}: {show(v)} {problem}", "type" if not isinstance(v, str) else "name")
    return v


def case_name(v: Any, where: str) -> str:
    problem = case_name_problem(v)
    check(problem is None, f"{where}: {show(v)} {problem}", "type" if not isinstance(v, str) else "name")
    return v


# Inputs and ops name MLIR SSA values, TVM buffers and .npy files: identifiers (not Python keywords).
TENSOR_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
# Cases name folders (findings/<name>/, reduced/<name>/): no separators, no leading dot.
CASE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")
CONFIG_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_:.+-]{0,99}")
SHA256 = re.compile(r"[0-9a-f]{16,64}")


def tensor_name_problem(name: object) -> str | None:
    """Why ``name`` cannot name an input or op (None when it can)."""
    if not isinstance(name, str) or not TENSOR_NAME.fullmatch(name):
        return "must be an identifier of at most 64 letters, digits and underscores (like in0, conv_1)"
    if keyword.iskeyword(name):  # TVMScript names buffers after them: the repro script would not parse
        return "is a Python keyword (the TVMScript repro could not parse); rename it (like x_in)"
    return None


def case_name_problem(name: object) -> str | None:
    """Why ``name`` cannot name a case (None when it can): it becomes a folder name."""
    if not isinstance(name, str) or not CASE_NAME.fullmatch(name):
        return ("must be at most 128 letters, digits, '_', '-' and '.', not starting with '.' "
                "(it names a folder: no '/' or '..')")
    return None
