"""Input values: regenerate a tensor exactly from its ValueSpec.

Values are drawn with ``numpy.random.default_rng(seed)`` and converted to the
tensor dtype.  A spec may carry the sha256 of the bytes it produced when it was
saved; a mismatch (for example after a numpy change in a distribution) is an
error, never a silent change of the case.
"""
from __future__ import annotations

import hashlib
from dataclasses import replace

import numpy as np

from fuzz.case.workload import FLOAT_DTYPES, NUMPY_DTYPE, Case, Tensor, ValueSpec, WorkloadError


def _draw(spec: ValueSpec, shape: tuple[int, ...]) -> np.ndarray:
    rng = np.random.default_rng(spec.seed)
    if spec.dist == "int":
        return rng.integers(spec.low, spec.high, size=shape, endpoint=True)
    if spec.dist == "normal":
        return rng.normal(0.0, spec.scale, size=shape)
    if spec.dist == "positive":
        return rng.uniform(0.0, spec.scale, size=shape)
    sign = rng.choice([-1.0, 1.0], size=shape)
    return sign * np.exp2(rng.uniform(-spec.scale, spec.scale, size=shape))


def materialize(t: Tensor) -> np.ndarray:
    """The tensor's values in its numpy dtype, checked against the stored hash."""
    base = t.values.base_shape or t.shape
    off = t.values.base_offset or (0,) * len(t.shape)
    crop = tuple(slice(o, o + n) for o, n in zip(off, t.shape))
    with np.errstate(over="ignore", invalid="ignore"):
        a = _draw(t.values, base)[crop].astype(NUMPY_DTYPE[t.dtype])
    if t.dtype in FLOAT_DTYPES and not np.all(np.isfinite(a.astype(np.float64))):
        raise WorkloadError(f"input {t.name!r}: values beyond the finite range of {t.dtype} (float8 types have no "
                            "inf, some no NaN either); draw smaller values (scale, low/high)", "range")
    if t.values.sha256 and digest(a) != t.values.sha256:
        raise WorkloadError(f"input {t.name!r}: regenerated values do not match the stored sha256 (the file was "
                            "edited, or numpy's random stream changed); restore the file from git, or delete "
                            "sha256 to accept the values this numpy draws", "hash")
    return a


def digest(a: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()[:16]


def materialize_all(case: Case) -> dict[str, np.ndarray]:
    return {t.name: materialize(t) for t in case.inputs}


def with_digests(case: Case) -> Case:
    """The same case with every input's sha256 filled in (done when saving)."""
    def seal(t: Tensor) -> Tensor:
        if t.values.sha256:
            return t
        return replace(t, values=replace(t.values, sha256=digest(materialize(t))))
    return replace(case, inputs=tuple(seal(t) for t in case.inputs))
