"""Attention: the exact float64 reference and a certified bound carried through scores, exp, sums and PV.

The reference is ``softmax(scale * Q K^T + mask) V`` along K2 in float64, rounded once to the dtype.  The bound
holds every implementation the profile's ``AttentionNumerics`` allows (``fuzz.judge.profiles``): the textbook
three-pass softmax, IREE's online softmax (running maximum with rescaling, exp2 with ``scale * log2(e)`` folded
into Q in the operands' dtype, P rounded before the PV matmul) and TVM's legalization (every step in the
operands' dtype).  Let ``u`` be the unit roundoff of the intermediates (``inner``), ``u_in`` the operands',
``u_r`` the online form's rescaling (f32 or wider: IREE's online_attention keeps its running maximum, sum and
accumulator in f32 whatever the operands' dtype):

1. Scores.  ``T_j = |scale| sum_i |q_i k_ji|``.  The computed score, in natural-log units and up to a shift
   common to the row, is within ``delta_j`` of ``s_j = scale q.k_j + mask_j``: the folded scale's relative
   error (log2(e) and the product rounded in the dtype, each q rounded: 4 u_in), the K1-term sum
   (gamma_{K1+2}(u), two more roundings for the scaling and the mask), 3 u of |s_j| + |mask_j|, and the
   rounded subtraction of the running maximum and the rescale exponents m_old - m_new (one sign: together at
   most |s_j - m| again), (u + u_r) (|s_j - m| + delta_j + max delta).
2. Weights.  ``w_j = exp(s_j - m)`` lies in the box ``[w_j e^-delta_j (1 - eta), w_j e^delta_j (1 + eta)]``
   widened by an absolute floor (flushed or subnormal results); eta is exp's declared ulps (``exp_ulps``) in
   units of ``u``, times the same in ``u_r`` for each later rise of the running maximum (each a rescale factor
   exp2(m_old - m_new) on the weight; exp2(0) is exactly 1).  A boolean mask's dropped entries weigh exactly 0.
3. The weighted mean ``sum w v / sum w`` over that box is extreme where the larger values take their upper
   weights and the rest their lower ones: the extremes over the K2 + 1 thresholds of the values sorted, exact.
4. What the numerator alone suffers (P rounded to the dtype: the online form rounds ``exp(s_j - m_t)`` against
   the running maximum m_t, anywhere between s_j and m, and rescales it after: exactly only where every value
   between the weight's box and 1 rounds to one value, else u_in of the weight plus half a subnormal; products,
   the K2-term sum, the rescalings of the
   online form: at most K2 of them, each rounding the running sums) adds ``E_N`` absolutely; the denominator's
   K2-term sum and rescalings a relative ``eps_L``; the final reciprocal and product two roundings in ``u``;
   then the result is rounded to the dtype (``round_interval``, which applies ``ftz``).

Operand intervals (an attention reading computed values) widen the scores by the products of the radii and
the result by V's radius.  A row whose boolean mask drops every score, or scores that may overflow the dtype,
is undefined (``UndefinedBehavior``).  Profile fields read: ``attention``, ``exp_ulps``, ``extra_ulps``,
``ftz`` and ``keeps_wider`` (through ``round_interval``).
"""
from __future__ import annotations

import numpy as np

from fuzz.case.ops.attention import Attention
from fuzz.case.workload import NUMPY_DTYPE
from fuzz.judge.numerics import UndefinedBehavior, round_interval, round_to
from fuzz.judge.profiles import STRICT, Profile
from fuzz.judge.sums import gamma
from fuzz.judge.value import Value

F32_UNIT = 2.0 ** -24


def unit(dtype: str) -> float:
    """Unit roundoff of a float dtype from its numpy type (so a dtype added to the tables plugs in)."""
    return 2.0 ** -(np.finfo(np.dtype(NUMPY_DTYPE[dtype])).nmant + 1)


def _units(dtype: str, prof: Profile) -> tuple[float, float]:
    """(u of the operands, u of the intermediates) under the profile, ``extra_ulps`` folded in."""
    u_in = unit(dtype)
    u = u_in if prof.attention.inner == "input" else min(u_in, F32_UNIT)
    grow = 1 + 2 * prof.extra_ulps
    return u_in * grow, u * grow


def _mid_radius(v: Value) -> tuple[np.ndarray, np.ndarray]:
    return (v.lo + v.hi) / 2, (v.hi - v.lo) / 2


def _scores(op: Attention, q: Value, k: Value, mask: Value | None, units: tuple, what: str):
    """(s, keep, delta): exact scores [B, M, K2], the kept entries and each score's error bound; ``units``: the
    operands', the intermediates' and the online form's rescaling unit roundoffs (``_units``)."""
    u_in, u, u_r = units
    (qm, qr), (km, kr) = _mid_radius(q), _mid_radius(k)
    s = op.scale * np.einsum("bmi,bji->bmj", qm, km)
    mag = abs(op.scale) * np.einsum("bmi,bji->bmj", np.abs(qm) + qr, np.abs(km) + kr)
    radius = abs(op.scale) * np.einsum("bmi,bji->bmj", qr, np.abs(km) + kr) + \
        abs(op.scale) * np.einsum("bmi,bji->bmj", np.abs(qm), kr)
    keep = np.ones(s.shape, bool)
    madd = np.zeros(s.shape)
    if op.mask == "additive":
        mm, mr = _mid_radius(mask)
        s, madd, radius = s + mm, np.abs(mm) + mr, radius + mr
    elif op.mask == "boolean":
        keep = mask.data != 0
        if not np.array_equal(mask.lo, mask.hi):
            raise UndefinedBehavior(f"{what}: a boolean mask computed with uncertain values")
    if np.any(~keep.any(axis=-1)):
        raise UndefinedBehavior(f"{what}: a boolean mask drops every score of a row: softmax of nothing")
    big = float(np.finfo(np.dtype(NUMPY_DTYPE[q.dtype])).max) / 4
    if np.any((mag + madd)[keep] > big):
        raise UndefinedBehavior(f"{what}: scores may overflow {q.dtype} (|scale| sum |q k| + |mask| reaches "
                                f"{float(np.max(mag + madd)):g})")
    k1 = q.data.shape[-1]
    fold = (1 + 4 * u_in) * (1 + gamma(k1 + 2, u)) - 1 + 2.0 ** -50
    delta = fold * mag + 3 * u * (np.abs(s) + madd) + radius
    m = np.max(np.where(keep, s, -np.inf), axis=-1, keepdims=True)
    dmax = np.max(np.where(keep, delta, 0.0), axis=-1, keepdims=True)
    # the subtraction of the running maximum, and the online form's rescale exponents m_old - m_new: rounded
    # differences that all have one sign, so that together they are at most |s - m| too
    delta = delta + (u + u_r) * (np.abs(s - m) + delta + dmax)
    return s - m, keep, delta


def _rises(s: np.ndarray, keep: np.ndarray, delta: np.ndarray) -> np.ndarray:
    """Per key, how many times the online form's running maximum may still rise after it: at most once per kept
    key whose computed score may exceed its own (``s_i + delta_i > s_j - delta_j``).  A rescale where the maximum
    does not rise multiplies by exp2(0), exactly 1 (C's Annex F: exp2(+-0) returns 1).  Counted by one stable sort
    of the upper ends ahead of the lower ends, per row."""
    k2 = s.shape[-1]
    up, low = np.where(keep, s + delta, -np.inf), s - delta
    order = np.argsort(np.concatenate([up, low], axis=-1), axis=-1, kind="stable")  # an equal upper end sorts first
    below = np.cumsum(order < k2, axis=-1)  # upper ends at or before each sorted position
    at = np.empty_like(order)
    np.put_along_axis(at, order, np.arange(2 * k2), axis=-1)  # where each entry landed
    return k2 - np.take_along_axis(below, at[..., k2:], axis=-1)


def _weights(s: np.ndarray, keep: np.ndarray, delta: np.ndarray, units: tuple, inner: str, prof: Profile):
    """(w, lo, hi, top) per score: the exact weights, the box every implementation's weights stay in, and the
    largest any exp of a non-positive argument computes (an online softmax's P against its running maximum)."""
    with np.errstate(under="ignore", over="ignore"):
        w = np.where(keep, np.exp(np.minimum(s, 0.0)), 0.0)
        # exp of the weight, then a rescale factor exp(m_old - m_new) for each rise of the running maximum after it
        eta = (1 + prof.exp_ulps * 2 * units[1]) * (1 + prof.exp_ulps * 2 * units[2]) ** _rises(s, keep, delta) - 1
        floor = (prof.exp_ulps + 2) * float(np.finfo(np.dtype(NUMPY_DTYPE[inner])).tiny)
        lo = np.where(keep, np.maximum(w * np.exp(-delta) * (1 - eta) - floor, 0.0), 0.0)
        hi = np.where(keep, w * np.exp(delta) * (1 + eta) + floor, 0.0)
    return w, lo, hi, (1 + eta) + floor


def _p_error(wl, wh, top: float, dt: str, u_in: float, prof: Profile) -> np.ndarray:
    """``_p_rounding`` with the dtype's floor: half its smallest subnormal (and ``extra_ulps`` of them), or its
    smallest normal where the profile may flush."""
    fi = np.finfo(np.dtype(NUMPY_DTYPE[dt]))
    tiny = float(fi.tiny) if prof.ftz else float(fi.smallest_subnormal) * (0.5 + prof.extra_ulps)
    return _p_rounding(wl, wh, np.full(wh.shape, top), dt, u_in, tiny)


CHUNK = 1 << 16  # points (rows x K2 x N) per block of ``weighted_mean_range``: its arrays stay in cache
F64_UNIT = 2.0 ** -53


def weighted_mean_range(v: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Min and max of ``sum_j w_j v_j / sum_j w_j`` over the box ``lo <= w <= hi`` (lo >= 0, some hi > 0).

    ``v``: [B, K2, N]; ``lo``/``hi``: [B, M, K2].  Returns [B, M, N].  The maximum puts the upper weights on
    a set of largest values (a threshold in sorted order), the minimum on a set of smallest.  Computed in blocks of
    rows (``CHUNK`` points), each widened outward by float64's own error in its sums (``_float64_slack``)."""
    order = np.argsort(-v, axis=1)  # values descending along K2, per (b, n)
    vs = np.take_along_axis(v, order, axis=1)
    b_, m_, k2 = lo.shape
    rows = max(1, CHUNK // max(1, k2 * v.shape[2]))
    out_lo, out_hi = np.empty((b_, m_, v.shape[2])), np.empty((b_, m_, v.shape[2]))
    for b in range(b_):
        for s in range(0, m_, rows):
            out_lo[b, s:s + rows], out_hi[b, s:s + rows] = _block_range(v[b], vs[b], order[b], lo[b, s:s + rows],
                                                                        hi[b, s:s + rows])
    return out_lo, out_hi


def _block_range(v, vs, order, lo, hi):
    """One block: ``v`` [K2, N], ``vs``/``order`` its values sorted descending per column and their rows,
    ``lo``/``hi`` [m, K2].  With the lower weights everywhere (sums ``R``, ``W``), putting the upper ones on the
    t leading values adds the prefix sums of ``d = hi - lo`` (times the values) in that order: one forward prefix
    sum serves the maximum (the t largest lead) and the minimum (the t smallest: the last t, total less prefix)."""
    d = hi[:, order] - lo[:, order]  # [m, K2, N], each column in its values' order
    dv = d * vs
    np.cumsum(dv, axis=1, out=dv)
    np.cumsum(d, axis=1, out=d)
    r, w = lo @ v, lo.sum(axis=1)[:, None]  # every weight at its lower end: [m, N], [m, 1]
    top_r, top_w = r + dv[:, -1], w + d[:, -1]  # every weight at its upper end
    with np.errstate(invalid="ignore", divide="ignore"):  # a NaN (an infinite weight) propagates to the bound
        up = _ratio(r[:, None] + dv, w[:, None] + d, -np.inf)  # the t = 1..K2 largest upweighted
        down = _ratio(top_r[:, None] - dv, top_w[:, None] - d, np.inf)  # all but the first s = 1..K2 upweighted
        hi_ = np.maximum(np.max(up, axis=1), _ratio(r, w, -np.inf))  # and none upweighted (t = 0)
        lo_ = np.minimum(np.min(down, axis=1), np.minimum(_ratio(r, w, np.inf), _ratio(top_r, top_w, np.inf)))
    slack = _float64_slack(v, lo, hi)
    return lo_ - slack, hi_ + slack


def _ratio(num: np.ndarray, den: np.ndarray, none: float) -> np.ndarray:
    """num / den where the denominator is positive; ``none`` (no such weighting: it never is the extreme)
    elsewhere."""
    return np.where(den > 0, num / np.where(den > 0, den, 1.0), none)


def _float64_slack(v, lo, hi) -> np.ndarray:
    """How far float64's rounding of the K2-term prefix sums and their differences can move a ratio: each sum is
    within 2 (K2 + 1) 2^-53 of the sum of its terms' magnitudes, at most ``hi @ |v|`` for the numerator and
    ``sum hi`` for the denominator, which is at least ``sum lo``; the ratio moves by at most (its numerator's
    error + |ratio| times its denominator's) / its denominator, |ratio| at most max |v|, plus its own rounding."""
    k2 = v.shape[0]
    eps = 4 * (k2 + 2) * F64_UNIT
    num, den, least = hi @ np.abs(v), hi.sum(axis=1)[:, None], lo.sum(axis=1)[:, None]
    with np.errstate(invalid="ignore", divide="ignore"):
        slack = eps * (num + np.abs(v).max(axis=0) * den) / least
    return np.where(least > 0, slack, np.inf)


def _p_rounding(wl: np.ndarray, wh: np.ndarray, top: np.ndarray, dt: str, u_in: float, tiny: float) -> np.ndarray:
    """Per weight, how far rounding P to the dtype before the PV matmul may move it, in units of the final weights.

    The online softmax rounds ``P_j = exp(s_j - m_t)`` against the running maximum ``m_t`` of the keys seen so far,
    anywhere in ``[s_j, m]``, then rescales the sums by ``exp(m_t - m) <= 1``: P is rounded at a scale between the
    weight's own (``[wl, wh]``) and 1 (``top``: the box of exp of a non-positive argument), not at the weight's.
    Where that whole range rounds to one value r (rounding is monotone), the rescaled error is at most max |r - end|;
    elsewhere the relative rounding error ``u_in`` of the weight's upper end, plus half the dtype's smallest
    subnormal (``tiny``: the smallest normal where P may be flushed)."""
    hi = np.maximum(wh, top)
    rl, rh = round_to(wl, dt), round_to(hi, dt)
    one = np.maximum(np.abs(rl - wl), np.abs(rh - hi))
    return np.where(rl == rh, one, u_in * wh + tiny)


def eval_attention(op: Attention, ins: list[Value], prof: Profile = STRICT) -> Value:
    what = f"op {op.name!r}"
    q, k, v = ins[:3]
    dt = q.dtype
    numerics = prof.attention
    u_in, u = _units(dt, prof)
    inner = dt if numerics.inner == "input" or unit(dt) <= F32_UNIT else "f32"
    units = (u_in, u, min(u, F32_UNIT * (1 + 2 * prof.extra_ulps)))  # the online form rescales in f32 or wider
    s, keep, delta = _scores(op, q, k, ins[3] if len(ins) > 3 else None, units, what)
    w, wl, wh, top = _weights(s, keep, delta, units, inner, prof)
    vm, vr = _mid_radius(v)
    exact = np.einsum("bmj,bjn->bmn", w, vm) / w.sum(axis=-1)[..., None]
    mu_lo, mu_hi = weighted_mean_range(vm, wl, wh)
    k2 = v.data.shape[1]
    g = gamma(k2, u)
    absv = np.abs(vm) + vr
    p_err = _p_error(wl, wh, top, dt, u_in, prof) if numerics.rounds_p else np.zeros_like(wh)
    e_n = np.einsum("bmj,bjn->bmn", p_err, absv) + \
        ((1 + u) * (1 + g) ** 2 - 1) * np.einsum("bmj,bjn->bmn", wh + p_err, absv)
    eps_l = (1 + g) ** 2 - 1
    lmin = wl.sum(axis=-1)[..., None]
    with np.errstate(divide="ignore", invalid="ignore"):  # eps_l may be infinite (K2 u >= 1): handled below
        a, b = mu_lo - e_n / lmin - vr.max(axis=1)[:, None], mu_hi + e_n / lmin + vr.max(axis=1)[:, None]
        lo = np.minimum(a / (1 + eps_l), a / (1 - eps_l)) * 1.0
        hi = np.maximum(b / (1 + eps_l), b / (1 - eps_l))
    if not eps_l < 1:  # the computed sum of weights may be any fraction of the exact one: no finite bound holds
        lo, hi = np.full_like(lo, -np.inf), np.full_like(hi, np.inf)
    final = (1 + u) ** 2 * (1 + 2.0 ** -50)
    lo = np.where(lo < 0, lo * final, lo / final)
    hi = np.where(hi > 0, hi * final, hi / final)
    lo, hi = round_interval(lo, hi, dt, prof)
    mag = np.einsum("bmj,bjn->bmn", w, np.abs(vm)) / w.sum(axis=-1)[..., None]
    return Value(round_to(exact, dt), dt, mag, lo, hi)
