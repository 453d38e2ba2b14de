"""The oracle: bug or rounding, decided per element with evidence.

Each configuration is judged against the reference, never only against
another configuration, so a verdict says which side is wrong.  The reference
carries, per element, an interval [lo, hi] containing every correct
compilation's result under the configuration's numerics profile
(``fuzz.judge.reference``).  An output element inside it is rounding; outside it,
a miscompile.  Integer outputs have degenerate intervals wherever their
inputs are exact, so integer paths must match exactly.  ±Inf is allowed only
where the interval reaches beyond the dtype's finite range (fp16 overflow is
then possible in a correct program, and the evidence says so).  A wrong element
that still holds the poison its buffer started with (``fuzz.judge.poison``) was
never written: its symptom is ``unwritten``, and a NaN poison makes no NaN/Inf
mismatch, so the bug buckets alike whatever the dtype.

Outcomes are the ``Verdict`` enum, decided here and nowhere else.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

import ml_dtypes
import numpy as np

from fuzz.judge.poison import holds_poison, is_float
from fuzz.judge.reference import Value


class Verdict(enum.Enum):
    EXACT = "exact"
    WITHIN_BOUND = "within-bound"  # differs from the reference by rounding only
    OUT_OF_BOUND = "out-of-bound"  # outside every correct compilation's result: a miscompile
    NONFINITE_MISMATCH = "nan/inf-mismatch"
    REJECTED = "rejected"  # the compiler refused a valid case
    COMPILER_CRASH = "compiler-crash"
    TIMEOUT = "timeout"
    RUNTIME_ERROR = "runtime-error"  # the compiled program failed or died
    COMPILE_DIVERGENCE = "compile-divergence"  # compiles under one configuration but not another
    FLAKY = "flaky"  # re-running the same compiled case gave different outputs
    COMPILED = "compiled"  # a compile-only configuration compiled (nothing ran)
    UNSUPPORTED = "emulator-unsupported"  # compiled, but the emulator cannot execute this code
    LIMITATION = "known-limitation"  # the compiler refused a construct its documentation excludes on purpose
    NOT_EXPRESSIBLE = "not-expressible"  # the configuration's input language (a dialect) cannot express the case
    INTERNAL_ERROR = "internal-error"  # a bug in kernelfuzz itself, never a finding

    @property
    def is_finding(self) -> bool:
        return self in FINDINGS


FINDINGS = frozenset({Verdict.OUT_OF_BOUND, Verdict.NONFINITE_MISMATCH, Verdict.REJECTED, Verdict.COMPILER_CRASH,
                      Verdict.TIMEOUT, Verdict.RUNTIME_ERROR, Verdict.COMPILE_DIVERGENCE, Verdict.FLAKY})
NUMERIC = frozenset({Verdict.OUT_OF_BOUND, Verdict.NONFINITE_MISMATCH})  # re-run before recording


@dataclass(frozen=True)
class Evidence:
    max_abs_err: float = 0.0
    max_ratio: float = 0.0  # max over elements of |error| / allowed deviation in its direction
    max_bound: float = 0.0  # largest allowed deviation from the reference
    bad: int = 0  # elements outside their bound
    first_bad: tuple[tuple[int, ...], ...] = ()  # up to five indices
    max_ulps: int = 0  # largest distance in units in the last place of the output dtype
    overflow: bool = False  # a bound or the reference reaches beyond the dtype's finite range
    nonfinite: bool = False  # NaN or Inf in the output or the reference
    detail: str = ""
    symptom: str = ""  # what the wrong elements look like (``symptom``); a wrong result's bucket key

    def summary(self) -> dict:
        return {k: (v if not isinstance(v, float) or np.isfinite(v) else str(v)) for k, v in vars(self).items()}


@dataclass(frozen=True)
class Judgement:
    verdict: Verdict
    evidence: Evidence


def ulp_distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Units in the last place between two arrays of one float dtype (order-preserving bit mapping)."""
    if not is_float(a.dtype):  # int64 in Python ints: their difference may not fit int64
        wide = np.int64 if a.dtype.itemsize < 8 else object
        return np.abs(a.astype(wide) - b.astype(wide))
    ints = {1: np.int8, 2: np.int16, 4: np.int32, 8: np.int64}[a.dtype.itemsize]

    def ordered(x):
        i = x.view(ints).astype(np.int64)
        return np.where(i < 0, np.iinfo(ints).min - i, i)
    return np.abs(ordered(a) - ordered(b))


def _within(o: np.ndarray, ref: Value, maxf: float) -> np.ndarray:
    with np.errstate(invalid="ignore"):
        inside = (o >= ref.lo) & (o <= ref.hi)
    inside |= (o == np.inf) & (ref.hi > maxf)
    inside |= (o == -np.inf) & (ref.lo < -maxf)
    return inside | (np.isnan(o) & np.isnan(ref.data))


def judge(ref: Value, out: np.ndarray) -> Judgement:
    expected = ref.as_declared()
    if out.shape != expected.shape or out.dtype != expected.dtype:
        return Judgement(Verdict.OUT_OF_BOUND, Evidence(
            float("inf"), float("inf"), detail=f"got {out.dtype}{list(out.shape)}, expected "
                                               f"{expected.dtype}{list(expected.shape)}"))
    isf = is_float(out.dtype)
    maxf = float(ml_dtypes.finfo(out.dtype).max) if isf else float("inf")
    o, r = out.astype(np.float64), ref.data.astype(np.float64)
    nonfinite_o, nonfinite_r = ~np.isfinite(o), ~np.isfinite(r)
    exact = out.dtype == np.int64  # i64: judged in Python ints (float64 rounds above 2^53: a slip there is wrong)
    if exact:
        ox = out.astype(object)
        bad = ~((ox >= ref.lo) & (ox <= ref.hi)).astype(bool)
        o_err = np.abs(ox - ref.data).astype(np.float64)
    else:
        bad = ~_within(o, ref, maxf)
    unwritten = bad & holds_poison(out)
    with np.errstate(invalid="ignore"):
        err = o_err if exact else np.where(nonfinite_o | nonfinite_r, np.where(o == r, 0.0, np.inf), np.abs(o - r))
        allowed = np.where(o >= r, ref.hi - r, r - ref.lo).astype(np.float64)
        ratio = np.where(err == 0, 0.0, np.divide(err, allowed, out=np.full(err.shape, np.inf), where=allowed > 0))
    idx = [tuple(int(i) for i in ix) for ix in np.argwhere(bad)[:5]]
    ulps = ulp_distance(out, expected)
    ev = Evidence(
        max_abs_err=float(err.max(initial=0.0)), max_ratio=float(ratio.max(initial=0.0)),
        max_bound=float(np.maximum(ref.hi - r, r - ref.lo).max(initial=0.0)),
        bad=int(bad.sum()), first_bad=tuple(idx),
        max_ulps=int(ulps.max(initial=0)),
        overflow=bool(isf and (np.any(ref.hi > maxf) or np.any(ref.lo < -maxf) or np.any(nonfinite_r))),
        nonfinite=bool(np.any(nonfinite_o) or np.any(nonfinite_r)),
        detail=_detail(idx, ref.data if exact else r, ref, ox if exact else o, unwritten), symptom=symptom(r[bad], o[bad], ulps[bad] if isf else None, unwritten[bad]))
    if np.array_equal(out, expected, equal_nan=isf):
        return Judgement(Verdict.EXACT, ev)
    if not idx:
        return Judgement(Verdict.WITHIN_BOUND, ev)
    if np.any(bad & ~unwritten & (nonfinite_o | nonfinite_r)):  # a NaN poison is no NaN the program made
        return Judgement(Verdict.NONFINITE_MISMATCH, ev)
    return Judgement(Verdict.OUT_OF_BOUND, ev)


FEW_ULPS = 4
UNWRITTEN = "unwritten"  # some wrong element still holds the poison its buffer started with


def symptom(want: np.ndarray, got: np.ndarray, ulps: np.ndarray | None, unwritten: np.ndarray | None = None) -> str:
    """What the wrong elements (reference ``want``, output ``got``, their distance in ulps, whether each holds
    the poison) have in common, in words that stay the same across the cases of one bug: poison nobody
    overwrote ("unwritten", whatever the dtype), a non-finite value, a slip of a few ulps (rounding,
    contraction: floats only, ``ulps`` None for an integer output, where 9 for 6 is a wrong value), every one
    zero (a flush, a dropped store), or a gross error ("wrong value").
    Finer classes split one bug: a pad border written wrong shows zeros expected in the pad itself and
    nonzero ones in the conv reading it (tvm-reverse-compute-at-drops-pad-border has both)."""
    if want.size == 0:
        return ""
    if unwritten is not None and np.any(unwritten):
        return UNWRITTEN
    if not np.all(np.isfinite(got) & np.isfinite(want)):
        return "got non-finite" if np.all(np.isfinite(want)) else "expected non-finite"
    if ulps is not None and ulps.max() <= FEW_ULPS:
        return f"within {FEW_ULPS} ulps"
    if np.all(got == 0):
        return "got zero"
    return "wrong value"


def _detail(idx: list, r: np.ndarray, ref: Value, o: np.ndarray, unwritten: np.ndarray) -> str:
    if not idx:
        return ""
    i = idx[0]
    if o.dtype == object:  # i64: every digit (``.9g`` would hide a slip of one)
        text = f"at {i}: expected {r[i]} in [{ref.lo[i]}, {ref.hi[i]}], got {o[i]}"
    else:
        text = f"at {i}: expected {r[i]:.9g} in [{ref.lo[i]:.9g}, {ref.hi[i]:.9g}], got {o[i]:.9g}"
    poisoned = int(unwritten.sum())
    return text + (f"; {poisoned} wrong elements hold the poison: never written" if poisoned else "")
