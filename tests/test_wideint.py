"""``int:wide`` (fuzz/generate/wideint.py): i32 generics over inputs across the int32 range, defined by construction."""
import random

import numpy as np
import pytest

from fuzz.case.values import materialize_all
from fuzz.case.workload import Generic
from fuzz.generate import features, seeded, wideint
from fuzz.generate.base import Builder, RandomChooser
from fuzz.generate.generator import acceptable, generate
from fuzz.generate.swarm import Swarm, parse
from fuzz.judge.numerics import UndefinedBehavior
from fuzz.judge.reference import evaluate_every_profile
from fuzz.judge.scalar import Scalar, eval_expr

ONLY = parse(True, "", "int:wide")
I32_MIN, I32_MAX = wideint.I32_MIN, wideint.I32_MAX


def _leaf_values(rng: np.random.Generator, lo: int, hi: int, n: int) -> np.ndarray:
    """Values of a window, its two ends always among them (where a body's intervals are tight)."""
    return np.concatenate([[lo, hi], rng.integers(lo, hi, size=n - 2, endpoint=True)]).astype(np.int64)


def _bodies(count: int, off: frozenset = frozenset()):
    """(body node, leaves) drawn the way the family draws them, each leaf's window from the same stream."""
    for seed in range(count):
        ch = RandomChooser(random.Random(seed))
        b = Builder(ch, True, off=off)
        leaves = [wideint.Node(wideint.Expr("in", index=k), *wideint.window(ch)) for k in range(ch.int(1, 3))]
        try:
            yield wideint.Draw(b, leaves).node(ch.int(2, 4)), leaves
        except wideint.WorkloadError:  # a switched-off set that leaves no way to narrow: the draw is redrawn
            continue


@pytest.mark.parametrize("off", [frozenset(), frozenset({"body:shr", "body:clamp"}),
                                 frozenset({"body:and", "body:or", "body:select", "body:max", "body:shr"})])
def test_every_drawn_body_is_defined_on_every_value_of_its_windows_and_stays_in_its_interval(off):
    """The construction, not the reference's rejection, makes a body defined: evaluated over its windows' ends
    and random values, no op is undefined (a zero divisor, INT_MIN / -1, an overflowing sum, product or shift,
    abs of INT_MIN), and every value lies in the interval the generator keeps for it."""
    rng = np.random.default_rng(0)
    drawn = 0
    for node, leaves in _bodies(300, off):
        args = [Scalar(v, v, v, "i32") for v in (_leaf_values(rng, n.lo, n.hi, 64) for n in leaves)]
        r = eval_expr(node.e, args, "wide body")  # raises UndefinedBehavior where an op is undefined
        assert node.lo <= r.data.min() and r.data.max() <= node.hi, node.e
        assert I32_MIN <= node.lo <= node.hi <= I32_MAX
        drawn += 1
    assert drawn > 250


def test_a_divisor_that_may_be_minus_one_never_divides_a_dividend_that_may_be_int_min():
    ch = RandomChooser(random.Random(1))
    d = wideint.Draw(Builder(ch, True), [wideint.Node(wideint.Expr("in", index=0), I32_MIN, I32_MAX)])
    full = wideint.Node(wideint.Expr("in", index=0), I32_MIN, I32_MAX)
    for _ in range(200):
        div = d.divisor(2, full)
        assert not (div.lo <= -1 <= div.hi), div


def test_the_undefined_is_caught_by_the_same_check():
    """The check above can fail: INT_MIN / (y | 1) with y = -1 is undefined, and so is x / (y & 7)."""
    v = np.array([I32_MIN, -1], np.int64)
    x, y = Scalar(v[:1], v[:1], v[:1], "i32"), Scalar(v[1:], v[1:], v[1:], "i32")
    odd = wideint.bitwise("or", wideint.Node(wideint.Expr("in", index=1), -1, -1), wideint.const(1))
    with pytest.raises(UndefinedBehavior):
        eval_expr(wideint.Expr("truncdiv", (wideint.Expr("in", index=0), odd.e)), [x, y], "probe")


def _wide_cases(n: int, swarm: Swarm = ONLY):
    return [generate(s, swarm=swarm) for s in range(n)]


def test_only_int_wide_draws_wide_cases_of_i32_generics():
    cases = _wide_cases(24)
    assert all(wideint.is_wide(c) and "int:wide" in features.of(c) for c in cases)
    assert all(len(c.ops) == 1 and isinstance(c.ops[0], Generic) and c.ops[0].out == "i32" for c in cases)
    assert all(t.dtype == "i32" for c in cases for t in c.inputs)
    assert all(acceptable(c) for c in cases)


def test_the_values_are_wide():
    """Most cases read values past 2^23 in magnitude (where 24-bit paths stop being exact); some reach each end of
    the int32 range and some lie around 2^24; divisions divide by values and constants beyond 16 bits."""
    cases = _wide_cases(40)
    biggest = [max(int(np.abs(a.astype(np.int64)).max()) for a in materialize_all(c).values()) for c in cases]
    assert sum(m >= 2**23 for m in biggest) >= 0.6 * len(cases), biggest
    lows = [t.values.low for c in cases for t in c.inputs]
    highs = [t.values.high for c in cases for t in c.inputs]
    assert min(lows) == I32_MIN and max(highs) == I32_MAX
    assert any(2**24 - 4096 <= lo and hi <= 2**24 + 4096 for lo, hi in zip(lows, highs))
    divisions = [c for c in cases if set(features.of(c)) & {f"body:{d}" for d in wideint.DIVISIONS}]
    assert len(divisions) >= 0.5 * len(cases)


def test_a_case_never_draws_a_body_op_its_swarm_switched_off():
    for s in range(30):
        c = generate(s, swarm=ONLY)
        assert not set(c.swarm) & set(features.of(c)), (s, set(c.swarm) & set(features.of(c)))


def test_the_seeds_own_stream_decides_it_and_pins_decide_it_without_a_draw():
    wide = {s for s in range(80) if "int:wide" in seeded.decide(Swarm(), seeded.streams(s).__getitem__)}
    assert 3 <= len(wide) <= 20  # one seed in ten
    without = parse(True, "int:wide", "")
    assert not any("int:wide" in seeded.decide(without, seeded.streams(s).__getitem__) for s in wide)
    assert all("int:wide" in seeded.decide(ONLY, seeded.streams(s).__getitem__) for s in range(10))


def test_reference_certifies_a_wide_case_exactly():
    """Integer-only bodies: every output's certified interval is its value (bound zero), under every profile."""
    for c in _wide_cases(6):
        for env in evaluate_every_profile(c).values():
            assert all(env[n].exact for n in c.outputs)
