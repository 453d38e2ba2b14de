"""Judge a finding's outputs against kernelfuzz's reference bounds: numpy, and ml_dtypes for bf16 and float8.

usage: python3 check.py OUTPUT [OUTPUT ...]
  one file per case output, in the order of OUTPUTS below, from any folder: a .npy file, or a .bin file holding the
  raw little-endian elements in the declared type (what iree-run-module writes where .npy cannot hold the type).

Exit status, the rule of every script in a kernelfuzz bundle (the TVM scripts exit through ``exit_with`` below):
  0  ran, and every element lies within the certified bound: the bug is not shown
  1  ran, and an element lies outside it, or the compiled program returned another type or shape: the bug is shown
  2  could not run or could not judge: an output file missing, extra or unreadable, a file of another type or shape
     than its output (not this output), a tool, device or package missing
  3  the script's own error (it prints its traceback; a traceback never exits 1)
"""
import os
import sys
import traceback

import numpy as np

OUTPUTS = [('op0', [1, 1], 'int32')]  # (name, shape, dtype) per case output
REFERENCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference")  # beside this file
INPUTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "inputs")


class CannotJudge(Exception):
    """Exit 2: the script could not run the case or could not judge its outputs; the message names what is missing."""

    verb = "could not judge"


class CannotRun(CannotJudge):
    verb = "could not run"


class Reproduced(Exception):
    """Exit 1 without a judgement of outputs: the compiler failed again as kernelfuzz saw it fail."""


def dtype(name):
    """A numpy dtype by name; bfloat16, float8_* and int4 come from ml_dtypes (numpy has no such types)."""
    try:
        return np.dtype(name)
    except TypeError:
        pass
    try:
        import ml_dtypes
    except ImportError:
        raise CannotJudge(f"{name} needs the ml_dtypes package: pip install ml_dtypes") from None
    return np.dtype(getattr(ml_dtypes, name))


def is_float(t):
    """numpy's floats and ml_dtypes' (numpy files bfloat16 and float8_* under kind 'V')."""
    return t.kind == "f" or t.name.startswith(("bfloat16", "float8"))


def read(path, t, shape):
    """The array a file holds, in the declared type ``t`` where the file holds raw bytes: a .npy of an ml_dtypes type
    holds them (descr '|V2'), a .bin holds nothing else."""
    if not os.path.isfile(path):
        raise CannotJudge(f"{path}: no such file (the run wrote no output there)")
    if path.endswith(".bin"):
        raw = np.fromfile(path, np.uint8)
        if raw.size != t.itemsize * int(np.prod(shape)):
            raise CannotJudge(f"{path}: {raw.size} bytes, expected {t.itemsize * int(np.prod(shape))} "
                              f"({t.name}{list(shape)})")
        return raw.view(t).reshape(shape)
    try:
        a = np.load(path)
    except (OSError, ValueError, EOFError) as e:
        raise CannotJudge(f"{path}: not a readable .npy file ({type(e).__name__}: {e})") from None
    return a.view(t) if a.dtype.kind == "V" and a.dtype.itemsize == t.itemsize else a


def load_input(name, t):
    """Input ``name`` of the case as ``inputs/<name>.npy`` holds it, in its declared type (the TVM scripts' inputs)."""
    want = dtype(t)
    a = read(os.path.join(INPUTS, f"{name}.npy"), want, None)
    if a.dtype != want:
        raise CannotRun(f"inputs/{name}.npy holds {a.dtype}, the case declares {want.name}")
    return a


def poison(out):
    """Elements still holding the poison kernelfuzz fills buffers with: 0xA5 bytes, or in a float all bits set (of
    any float width, converted to this one: fuzz/judge/poison.py)."""
    fills = set([bytes([0xA5]) * out.dtype.itemsize])
    if is_float(out.dtype):
        fills.add(bytes([0xFF]) * out.dtype.itemsize)
        with np.errstate(invalid="ignore", over="ignore"):
            fills |= set(np.frombuffer(bytes([0xFF]) * np.dtype(t).itemsize, t).astype(out.dtype).tobytes()
                         for t in (np.float16, np.float32, np.float64))
    b = np.ascontiguousarray(out).reshape(-1).view(np.uint8).reshape(out.size, -1)
    hit = [np.all(b == np.frombuffer(f, np.uint8), axis=1) for f in fills]
    return np.any(hit, axis=0).reshape(out.shape)


def _largest(t):
    try:
        return float(np.finfo(t).max)
    except ValueError:
        import ml_dtypes
        return float(ml_dtypes.finfo(t).max)


def judge(name, shape, t, out):
    """Whether ``out`` shows the bug (an element outside [lo, hi]); prints the evidence."""
    want = dtype(t)
    if out.shape != tuple(shape) or out.dtype != want:
        # kernelfuzz's oracle holds a result to its declared type and shape too (float16 returned as float32 is a
        # bug even where the values are right)
        print(f"{name}: got {out.dtype}{list(out.shape)}, expected {want.name}{list(shape)}")
        return True
    ref = read(os.path.join(REFERENCE, f"{name}.npy"), want, shape)
    lo, hi = (read(os.path.join(REFERENCE, f"{name}.{end}.npy"), np.dtype(np.float64), shape) for end in ("lo", "hi"))
    exact = out.dtype == np.int64  # i64 (its bounds are saved as int64): compared exactly, float64 rounds above 2^53
    o = out if exact else out.astype(np.float64)
    with np.errstate(invalid="ignore"):
        bad = ~((o >= lo) & (o <= hi)) & ~(np.isnan(o) & np.isnan(ref.astype(np.float64)))
    if is_float(out.dtype):  # +-inf is a correct result only where the bound passes the finite range
        top = _largest(out.dtype)
        bad &= ~(((o == np.inf) & (hi > top)) | ((o == -np.inf) & (lo < -top)))
    err = (np.abs(o.astype(object) - ref.astype(object)).astype(np.float64) if exact
           else np.abs(o - ref.astype(np.float64)))
    finite = np.isfinite(err)
    unwritten = int((bad & poison(out)).sum())
    print(f"{name}: max |error| {err[finite].max(initial=0):.6g}"
          + (f" (+{int((~finite).sum())} NaN/Inf)" if not finite.all() else "")
          + f", {int(bad.sum())} of {bad.size} elements outside the certified bound"
          + (f", first at {tuple(int(i) for i in np.argwhere(bad)[0])}" if bad.any() else "")
          + (f"; {unwritten} hold the poison: never written" if unwritten else ""))
    return bool(bad.any())


def _count(got, what):
    """One per case output, or could not judge, naming the outputs missing or the extra ones."""
    names = [n for n, _, _ in OUTPUTS]
    if not OUTPUTS:
        raise CannotJudge("this check.py names no output to judge (OUTPUTS is empty)")
    if len(got) < len(names):
        raise CannotJudge(f"{len(got)} {what} for {len(names)} outputs: missing {', '.join(names[len(got):])} "
                          f"(usage: python3 check.py {' '.join(f'{n}.npy' for n in names)})")
    if len(got) > len(names):
        raise CannotJudge(f"{len(got)} {what} for {len(names)} outputs ({', '.join(names)}): extra "
                          f"{', '.join(map(str, got[len(names):]))}")


def main(paths):
    """Judge output files; a file of another type or shape than its output is not that output: could not judge."""
    _count(paths, "files")
    outs = []
    for path, (name, shape, t) in zip(paths, OUTPUTS):
        out = read(path, dtype(t), shape)
        if out.shape != tuple(shape) or out.dtype != dtype(t):
            raise CannotJudge(f"{path} holds {out.dtype}{list(out.shape)}; output {name} is {t}{list(shape)}: "
                              "not this output (files go in the order of OUTPUTS)")
        outs.append(out)
    return main_arrays(outs)


def main_arrays(outs):
    """Judge the arrays a compiled program returned, in order: 1 when any shows the bug, else 0."""
    _count(outs, "results")
    bad = [judge(n, shape, t, np.asarray(o)) for (n, shape, t), o in zip(OUTPUTS, outs)]
    print("MISCOMPILE: outside the bound" if any(bad) else "ok: within the certified bound")
    return 1 if any(bad) else 0


COMPILE_FAILURES = ("rejected", "compiler-crash", "timeout")  # kernelfuzz's verdicts of a compile that failed


def compile_failure(error, doing, verdict):
    """What the compiler raising ``error`` while ``doing`` means, to raise: the bug shown again (Reproduced: exit 1)
    where kernelfuzz saw the compile fail, else could not run (exit 2): a compile that fails now is not the wrong
    result the finding shows."""
    traceback.print_exception(type(error), error, error.__traceback__)
    first = (str(error).strip().splitlines() or [""])[-1][:200]
    if verdict not in COMPILE_FAILURES:
        return CannotRun(f"the compiler failed {doing}, where kernelfuzz's compile succeeded: "
                         f"{type(error).__name__}: {first}")
    return Reproduced(f"the compiler failed {doing} ({type(error).__name__}: {first}), as kernelfuzz saw ({verdict})")


def compile_in_child(script, verdict):
    """Where kernelfuzz saw the compile crash, compile in a child first (``script --compile-only``): a crash that kills
    its process (SIGSEGV in LLVM) can only be reported from outside it.  Returns None where the child compiled (the
    caller compiles and runs it), else the exit status: 1 where it died, or the child's own status."""
    if verdict != "compiler-crash" or "--compile-only" in sys.argv:
        return None
    import signal
    import subprocess
    child = subprocess.run([sys.executable, os.path.abspath(script), "--compile-only"])
    if child.returncode < 0:
        print(f"reproduced: the compile died ({signal.Signals(-child.returncode).name}), as kernelfuzz saw ({verdict})")
        return 1
    return child.returncode or None


def exit_with(step, *args):
    """The one place of the exit rule: ``step``'s own 0 or 1; 1 where the compiler failed again as kernelfuzz saw it
    (Reproduced); 2 where it could not run or judge; 3 with the traceback for any other exception (a script's own
    error never reads as the bug shown)."""
    try:
        code = step(*args)
    except Reproduced as e:
        print(f"reproduced: {e}")
        code = 1
    except CannotJudge as e:
        print(f"{e.verb}: {e}", file=sys.stderr)
        code = 2
    except Exception:  # noqa: BLE001  the script's own error, whatever it is
        traceback.print_exc()
        print("the script's own error (exit 3): please report it with the traceback above", file=sys.stderr)
        code = 3
    sys.exit(code)


if __name__ == "__main__":
    exit_with(main, sys.argv[1:])
