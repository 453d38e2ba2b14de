"""``int:i64`` (fuzz/generate/int64.py): i64 generics over inputs across the int64 range, defined by construction,
drawn only where ``--only int:i64`` pins it."""
import random

import numpy as np
import pytest

from fuzz.case.workload import Expr, Generic
from fuzz.generate import features, int64, seeded
from fuzz.generate.base import Builder, RandomChooser
from fuzz.generate.generator import acceptable, generate
from fuzz.generate.swarm import Swarm, parse
from fuzz.judge.numerics import UndefinedBehavior
from fuzz.judge.reference import evaluate_every_profile
from fuzz.judge.scalar import Scalar, eval_expr

ONLY = parse(True, "", "int:i64")
MIN, MAX = int64.I64_MIN, int64.I64_MAX


def _values(rng: np.random.Generator, lo: int, hi: int, n: int) -> np.ndarray:
    """Exact values of a window (python ints, as the reference holds i64), its two ends always among them."""
    inner = [lo + int(rng.integers(0, 2**62)) * (hi - lo) // 2**62 for _ in range(n - 2)]
    return np.array([lo, hi] + inner, object)


def _bodies(count: int, off: frozenset = frozenset()):
    """(body node, leaves) drawn as the family draws them: i64 leaves, and i32 leaves read widened."""
    for seed in range(count):
        ch = RandomChooser(random.Random(seed))
        leaves, narrow32 = [], []
        for k in range(ch.int(1, 3)):
            if ch.int(0, 2):
                leaves.append(int64.Node(Expr("in", index=k), *int64.window(ch)))
            else:
                lo, hi = int64.wideint.window(ch)
                leaves.append(int64.Node(Expr("cast", (Expr("in", index=k),), dtype="i64"), lo, hi))
                narrow32.append(leaves[-1])
        try:
            yield int64.Draw(Builder(ch, True, off=off), leaves, narrow32).node(ch.int(2, 4)), leaves
        except int64.WorkloadError:  # a switched-off set that leaves no way to narrow: the draw is redrawn
            continue


def _args(rng, leaves) -> list[Scalar]:
    out = []
    for n in leaves:
        v = _values(rng, n.lo, n.hi, 48)
        out.append(Scalar(v, v, v, "i64") if n.e.op == "in" else Scalar(v.astype(np.int64), v.astype(np.int64),
                                                                           v.astype(np.int64), "i32"))
    return out


@pytest.mark.parametrize("off", [frozenset(), frozenset({"body:shr", "body:clamp"}),
                                 frozenset({"body:and", "body:or", "body:select", "body:max", "body:shl"})])
def test_every_drawn_body_is_defined_on_every_value_of_its_windows_and_stays_in_its_interval(off):
    """The construction makes a body defined: evaluated exactly over its windows' ends and random values, no op is
    undefined (a zero divisor, INT64_MIN / -1, an overflowing sum, product or shift, abs of INT64_MIN), and every
    value lies in the interval the generator keeps for it."""
    rng = np.random.default_rng(0)
    drawn = 0
    for node, leaves in _bodies(300, off):
        r = eval_expr(node.e, _args(rng, leaves), "i64 body")  # raises UndefinedBehavior where an op is undefined
        assert r.dtype == "i64"
        values = np.ravel(np.asarray(r.data, object)).tolist()  # a body of constants only: one value
        assert node.lo <= min(values) and max(values) <= node.hi, node.e
        assert MIN <= node.lo <= node.hi <= MAX
        drawn += 1
    assert drawn > 250


def test_the_undefined_is_caught_by_the_same_check():
    """The check above can fail: an unnarrowed (x << 16) >> 16 of a 49-bit value overflows."""
    x = np.array([2**48 - 1], object)
    body = Expr("shr", (Expr("shl", (Expr("in", index=0), int64.const(16).e)), int64.const(16).e))
    with pytest.raises(UndefinedBehavior):
        eval_expr(body, [Scalar(x, x, x, "i64")], "probe")


@pytest.mark.parametrize("op", ["floormod", "truncmod", "and", "or", "xor"])
def test_the_reference_bounds_an_op_with_an_int64_min_constant(op):
    """Bounds beyond int64 (|INT64_MIN|, INT64_MIN - 1) made the reference fail with OverflowError on an i64
    constant INT64_MIN, which the family draws: they stay exact python ints."""
    x = np.array([MAX, MIN + 1, -5, 0, 7], object)
    body = Expr(op, (Expr("in", index=0), int64.const(MIN).e))
    r = eval_expr(body, [Scalar(x, x, x, "i64")], "probe")
    f = {"floormod": lambda a: a - MIN * (a // MIN), "truncmod": lambda a: a if a != MIN else 0,
         "and": lambda a: a & MIN, "or": lambda a: a | MIN, "xor": lambda a: a ^ MIN}[op]
    assert r.data.tolist() == [f(int(v)) for v in x]
    assert all(lo <= v <= hi for lo, v, hi in zip(r.lo.tolist(), r.data.tolist(), r.hi.tolist()))


def _walk(e: Expr):
    yield e
    for a in e.args:
        yield from _walk(a)


def _shapes(e: Expr) -> set[str]:
    """The 64-bit patterns a body holds, by structure."""
    out = set()
    for n in _walk(e):
        c = [a.value for a in n.args if a.op == "const"]
        if n.op == "shr" and n.args[0].op == "shl" and n.args[0].args[1] == n.args[1]:
            out.add("sext")
        if n.op == "shr" and c == [32]:
            out.add("hi32")
        if n.op == "cast" and n.dtype == "i64" and n.args[0].op == "in":
            out.add("widen")
        if n.op == "cast" and n.dtype == "i32":
            out.add("wrap32")
        if n.op == "mul" and all(a.op == "cast" for a in n.args):
            out.add("widemul")
        if n.op in ("add", "sub") and any(a.op == "and" and int64.const(int64.LOW).e in a.args for a in n.args):
            out.add("carry")
        if n.op in int64.DIVISIONS and n.args[1].op == "const":
            out.add(f"{n.op}-const")
        if n.op in ("min", "max", "select", "clamp", "and", "or", "xor", "abs", "neg", "shl") or n.op in int64.DIVISIONS:
            out.add(n.op)
    return out


def test_the_bodies_cover_the_64_bit_lowerings():
    seen = set()
    for s in range(80):
        seen |= _shapes(generate(s, swarm=ONLY).ops[0].body)
    want = {"sext", "hi32", "widen", "wrap32", "widemul", "carry", "min", "max", "select", "clamp", "and", "or", "xor",
            "abs", "neg", "shl"} | set(int64.DIVISIONS) | {f"{d}-const" for d in int64.DIVISIONS}
    assert want <= seen, want - seen


def test_only_int_i64_draws_defined_i64_cases_whose_inputs_are_wide():
    cases = [generate(s, swarm=ONLY) for s in range(60)]
    assert all(int64.is_i64(c) and "int:i64" in features.of(c) for c in cases)
    assert all(len(c.ops) == 1 and isinstance(c.ops[0], Generic) and c.ops[0].out in ("i64", "i32") for c in cases)
    assert {t.dtype for c in cases for t in c.inputs} == {"i64", "i32"}
    assert any(c.ops[0].out == "i32" for c in cases) and any(c.ops[0].reduce for c in cases)
    assert any(c.ops[0].dims == (1,) for c in cases)  # one element: uniform values, the scalar path
    assert all(acceptable(c) for c in cases)
    for c in cases[:12]:  # integer-only bodies: every output's certified interval is its value, under every profile
        for env in evaluate_every_profile(c).values():
            assert all(env[n].exact for n in c.outputs)
    i64 = [t.values for c in cases for t in c.inputs if t.dtype == "i64"]
    assert min(v.low for v in i64) == MIN and max(v.high for v in i64) == MAX
    ch = RandomChooser(random.Random(0))
    windows = [int64.window(ch) for _ in range(300)]
    for c in int64.CENTERS:  # a narrow window around each value where lowerings change
        assert any(lo <= c <= hi and hi - lo <= 2**21 for lo, hi in windows), c
    assert any((lo, hi) == (-(2 ** (w - 1)), 2 ** (w - 1) - 1) for lo, hi in windows for w in range(33, 64))


def test_a_case_never_draws_a_body_op_its_swarm_switched_off():
    for s in range(30):
        c = generate(s, swarm=ONLY)
        assert not set(c.swarm) & set(features.of(c)), (s, set(c.swarm) & set(features.of(c)))


def test_with_i32_off_every_tensor_is_i64_and_nothing_wraps_to_i32():
    """The row requires nothing (a requirement would enter the swarm draw every case of a pin switching i32 off
    records): with i32 off, the family reads and returns i64 only."""
    for s in range(20):
        c = generate(s, swarm=parse(True, "dtype:i32", "int:i64"))
        assert int64.is_i64(c) and {t for _, t in c.tensor_types().values()} == {"i64"}
        assert not any(n.op == "cast" and n.dtype == "i32" for n in _walk(c.ops[0].body))


def test_it_is_opt_in_no_seed_takes_it_unpinned():
    """Odds 0: no seed decides it under the default swarm or an unrelated pin; every seed does under the pin, and the
    pin keeps out what it excludes (int:wide)."""
    for swarm in (Swarm(), parse(True, "", "inputs:exact"), parse(True, "", "kind:elementwise")):
        assert not any("int:i64" in seeded.decide(swarm, seeded.streams(s).__getitem__) for s in range(400))
    assert not any(int64.is_i64(generate(s)) for s in range(40))
    for s in range(40):
        on = seeded.decide(ONLY, seeded.streams(s).__getitem__)
        assert "int:i64" in on and "int:wide" not in on


@pytest.mark.compilers
def test_a_sample_is_exact_on_iree_cpu_and_tvm_cpu():
    import frontends
    from fuzz.execute.isolate import Lane
    from fuzz.execute.runner import run_case
    from fuzz.judge.oracle import Verdict

    configs = [c for c in frontends.all_configs() if c.name in ("iree:cpu-O2", "tvm:cpu")]
    lane = Lane(("frontends.tvm.frontend", "frontends.iree.frontend"))
    wrong = []
    try:
        for s in range(8):
            case = generate(s, swarm=ONLY)
            results = {r.config: r for r in run_case(lane, case, configs).results}
            assert set(results) == {"iree:cpu-O2", "tvm:cpu"}
            wrong += [(s, n, r.summary()) for n, r in results.items() if r.verdict != Verdict.EXACT]
    finally:
        lane.close()
    assert not wrong
