"""The fast reference against the slow one it replaced (tests/reference_slow.py, main 5c88ffe), value by value.

For every value of a case (inputs and ops) under every numerics profile, ``compare_case`` counts elements:

* ``equal``: the same value after rounding to its dtype;
* ``float64-rounding``: a different float value where the slow reference's element was not exactly known
  (its bound has width) and each value lies inside the other's bound: float64's own summation error, which
  the bound covers, decided a rounding (the two sum the same terms in different orders);
* ``value-mismatch``: any other difference (a failure);
* bounds: ``tighter`` (inside the slow bound, narrower), ``same-bound``, ``looser-by-float64`` (outside the
  slow bound by no more than float64 rounding of the bound's own sums: 2^-40 of its magnitude or ends) and
  ``looser`` (a failure);
* ``undefined-agree`` / ``undefined-mismatch``: both raise UndefinedBehavior with the same message, or not.

``python -m tests.reference_compare --cases 2500`` draws that many cases from each generator space (default
and wide) and prints the counts with the time each reference took (`make bench`, section reference, runs
the same comparison at the size its --reference-cases says).
"""
from __future__ import annotations

import argparse
import time
from collections import Counter

import numpy as np

from fuzz.case.values import materialize_all
from fuzz.case.ops.init import init_of
from fuzz.case.workload import FLOAT_DTYPES, Conv2d, Generic, Matmul, Pad, Pool2d, WorkloadError
from fuzz.generate.base import SPACES
from fuzz.generate.generator import generate
from fuzz.judge.reference import evaluate_every_profile
from tests import reference_slow, small

FAILURES = ("value-mismatch", "looser", "undefined-mismatch")
LOOSE_SCALE = 2.0**-40


def _both(f, *args):
    try:
        return f(*args), None
    except WorkloadError as e:
        return None, str(e)


def _values(new, old, tally: Counter) -> None:
    a, b = new.as_declared(), old.as_declared()
    same = (a == b) | (np.isnan(a.astype(np.float64)) & np.isnan(b.astype(np.float64))) \
        if old.dtype in FLOAT_DTYPES else (a == b)
    tally["equal"] += int(same.sum())
    if same.all():
        return
    if old.dtype not in FLOAT_DTYPES:
        tally["value-mismatch"] += int((~same).sum())
        return
    with np.errstate(invalid="ignore"):
        covered = (old.lo < old.hi) & (new.data >= old.lo) & (new.data <= old.hi) & (old.data >= new.lo) \
            & (old.data <= new.hi)
    tally["float64-rounding"] += int((~same & covered).sum())
    tally["value-mismatch"] += int((~same & ~covered).sum())


def _bounds(new, old, tally: Counter) -> None:
    lo_n, hi_n, lo_o, hi_o = (np.asarray(a, np.float64) for a in (new.lo, new.hi, old.lo, old.hi))
    with np.errstate(invalid="ignore", over="ignore"):
        scale = LOOSE_SCALE * np.maximum(np.maximum(np.abs(lo_o), np.abs(hi_o)), old.magnitude)
        eq = ((lo_n == lo_o) | (np.isnan(lo_n) & np.isnan(lo_o))) & ((hi_n == hi_o) | (np.isnan(hi_n) & np.isnan(hi_o)))
        inside = (lo_n >= lo_o) & (hi_n <= hi_o)
        close = (lo_n >= lo_o - scale) & (hi_n <= hi_o + scale)
    tally["same-bound"] += int(eq.sum())
    tally["tighter"] += int((~eq & inside).sum())
    tally["looser-by-float64"] += int((~eq & ~inside & close).sum())
    tally["looser"] += int((~eq & ~inside & ~close).sum())


def compare_case(case, tally: Counter, times: Counter | None = None) -> None:
    """Add this case's counts to ``tally`` (and each reference's seconds to ``times``)."""
    inputs = materialize_all(case)
    t0 = time.perf_counter()
    new, new_err = _both(evaluate_every_profile, case, inputs)
    t1 = time.perf_counter()
    old, old_err = _both(reference_slow.evaluate_every_profile, case, inputs)
    t2 = time.perf_counter()
    if times is not None:
        times["new"] += t1 - t0
        times["old"] += t2 - t1
    tally["cases"] += 1
    if new_err or old_err:
        tally["undefined-agree" if new_err == old_err else "undefined-mismatch"] += 1
        return
    for prof, env in old.items():
        for name, v in env.items():
            _values(new[prof][name], v, tally)
            _bounds(new[prof][name], v, tally)


MODELLED_OPS = (Conv2d, Generic, Matmul, Pad, Pool2d)
MODELLED_DTYPES = frozenset({"f16", "f32", "i8", "i32"})


def modelled(case) -> bool:
    """Whether the slow reference models every op and dtype of ``case``: it predates attention, reshapes, an init to
    accumulate into, int4 and the newer floats, and knows none of their semantics (dynamic dims change no value)."""
    plain = all(isinstance(op, MODELLED_OPS) and (isinstance(op, Generic) or init_of(op) is None) for op in case.ops)
    return plain and {t for _, t in case.tensor_types().values()} <= MODELLED_DTYPES


def generated(space: str, cases: int, first_seed: int = 0):
    """The first ``cases`` cases from ``first_seed`` on that the slow reference models (``modelled``)."""
    seed = first_seed
    while cases:
        case, seed = generate(seed, SPACES[space], small()), seed + 1
        if modelled(case):
            cases -= 1
            yield case


def run(cases: int, first_seed: int = 0, out=print) -> Counter:
    """The comparison on ``cases`` cases of each space; returns the counts of both spaces together."""
    total = Counter()
    for space in ("default", "wide"):
        tally, times = Counter(), Counter()
        for case in generated(space, cases, first_seed):
            with np.errstate(all="ignore"):
                compare_case(case, tally, times)
        out(f"    {space}: {tally['cases']} cases x {len(reference_slow.PROFILES)} profiles; reference "
            f"{times['old']:.1f} s before, {times['new']:.1f} s after ({times['old'] / max(times['new'], 1e-9):.1f}x)")
        out("      " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items()) if k != "cases"))
        total += tally
    bad = {k: total[k] for k in FAILURES if total[k]}
    out(f"    failures: {bad or 'none'}")
    return total


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cases", type=int, default=2500, help="generated cases per space (default and wide)")
    p.add_argument("--first-seed", type=int, default=0)
    args = p.parse_args()
    total = run(args.cases, args.first_seed)
    raise SystemExit(1 if any(total[k] for k in FAILURES) else 0)


if __name__ == "__main__":
    main()
