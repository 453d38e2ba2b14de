"""Verdicts: how one configuration's result compares with the reference.

Outcomes are an enum decided here and nowhere else.  The numeric comparison
is, for now, exact equality for integer outputs and, for float outputs, a
tolerance of (K + 2) * eps * max|reference|, where K is the longest reduction
in the case and eps that of its least precise float dtype (f16 rounding
upstream of an f32 output shows in the output): scaled by reduction length
and output magnitude.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

import numpy as np


class Verdict(enum.Enum):
    EXACT = "exact"
    WITHIN_TOLERANCE = "within-tolerance"
    MISMATCH = "mismatch"
    NONFINITE_MISMATCH = "nan/inf-mismatch"
    REJECTED = "rejected"  # the compiler refused a valid case
    COMPILER_CRASH = "compiler-crash"
    TIMEOUT = "timeout"
    RUNTIME_ERROR = "runtime-error"
    INTERNAL_ERROR = "internal-error"  # a bug in kernelfuzz itself, never a finding
    UNAVAILABLE = "unavailable"

    @property
    def is_finding(self) -> bool:
        return self in FINDINGS


FINDINGS = frozenset({Verdict.MISMATCH, Verdict.NONFINITE_MISMATCH, Verdict.REJECTED,
                      Verdict.COMPILER_CRASH, Verdict.TIMEOUT, Verdict.RUNTIME_ERROR})


@dataclass(frozen=True)
class Comparison:
    verdict: Verdict
    max_abs_err: float = 0.0
    tolerance: float = 0.0
    bad: int = 0  # elements outside the tolerance
    first_bad: tuple[int, ...] | None = None
    detail: str = ""


def tolerance(ref: np.ndarray, reduction_length: int, eps: float | None = None) -> float:
    if not np.issubdtype(ref.dtype, np.floating):
        return 0.0
    eps = max(eps or 0.0, float(np.finfo(ref.dtype).eps))
    finite = ref[np.isfinite(ref)].astype(np.float64)
    scale = max(float(np.abs(finite).max(initial=0.0)), float(np.finfo(ref.dtype).tiny))
    return (reduction_length + 2) * eps * scale


def compare(ref: np.ndarray, out: np.ndarray, reduction_length: int, eps: float | None = None) -> Comparison:
    if out.shape != ref.shape or out.dtype != ref.dtype:
        return Comparison(Verdict.MISMATCH, float("inf"),
                          detail=f"got {out.dtype}{list(out.shape)}, expected {ref.dtype}{list(ref.shape)}")
    r, o = ref.astype(np.float64), out.astype(np.float64)
    nonfinite = ~np.isfinite(r) | ~np.isfinite(o)
    if np.any(nonfinite):
        same = (np.isnan(r) & np.isnan(o)) | (r == o)
        wrong = nonfinite & ~same
        if np.any(wrong):
            first = tuple(int(i) for i in np.argwhere(wrong)[0])
            return Comparison(Verdict.NONFINITE_MISMATCH, float("inf"), bad=int(wrong.sum()), first_bad=first,
                              detail=f"at {first}: expected {r[first]}, got {o[first]}")
    with np.errstate(invalid="ignore"):
        err = np.where(nonfinite, 0.0, np.abs(r - o))
    worst = float(err.max(initial=0.0))
    tol = tolerance(ref, reduction_length, eps)
    if worst == 0.0:
        return Comparison(Verdict.EXACT, 0.0, tol)
    bad = err > tol
    if not np.any(bad):
        return Comparison(Verdict.WITHIN_TOLERANCE, worst, tol)
    first = tuple(int(i) for i in np.argwhere(bad)[0])
    return Comparison(Verdict.MISMATCH, worst, tol, int(bad.sum()), first,
                      f"at {first}: expected {r[first]}, got {o[first]}")
