"""Certified bounds: every correct summation order stays inside, a wrong computation does not."""
from dataclasses import replace

import numpy as np
import pytest
from tests import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzz.case import workload as W
from fuzz.judge.oracle import Verdict, judge
from fuzz.judge.profiles import PROFILES, STRICT
from fuzz.judge.reference import evaluate, quantum

IN0, IN1 = W.Expr("in", index=0), W.Expr("in", index=1)


def dot_case(p, k, in_dtype, acc, dist="normal", seed=0):
    """out[i] = sum_k a[i, k] * b[k], products and sums declared in ``acc``."""
    cast = (lambda e: e) if in_dtype == acc else (lambda e: W.Expr("cast", (e,), dtype=acc))
    spec = W.ValueSpec(dist, seed, -8, 8, 1.0) if dist != "int" else W.ValueSpec("int", seed, -8, 8)
    op = W.Generic("dot", ("a", "b"), (p, k), ("parallel", "reduction"),
                   ((W.Affine((1, 0)), W.Affine((0, 1))), (W.Affine((0, 1)),)),
                   W.Expr("mul", (cast(IN0), cast(IN1))), acc, "add")
    spec_b = W.ValueSpec(dist, seed + 1, -8, 8, 1.0)
    return W.Case((W.Tensor("a", (p, k), in_dtype, spec), W.Tensor("b", (k,), in_dtype, spec_b)), (op,), ("dot",))


def emulate(case, order, acc_dtype, tree=False):
    """A compiler's answer: products rounded to the declared dtype, summed in ``acc_dtype`` in ``order``."""
    env = evaluate(case)
    a, b = env["a"].data, env["b"].data
    decl = np.float16 if case.ops[0].out == "f16" else np.float32
    prods = (a * b[None, :]).astype(decl).astype(acc_dtype)[:, order]
    if tree:
        while prods.shape[1] > 1:
            if prods.shape[1] % 2:
                prods = np.concatenate([prods, np.zeros((prods.shape[0], 1), acc_dtype)], axis=1)
            prods = (prods[:, 0::2] + prods[:, 1::2]).astype(acc_dtype)
        return prods[:, 0].astype(decl)
    acc = np.zeros(prods.shape[0], acc_dtype)
    for j in range(prods.shape[1]):
        acc = (acc + prods[:, j]).astype(acc_dtype)
    return acc.astype(decl)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 300), st.integers(0, 10**6), st.sampled_from(["normal", "positive", "wide"]))
def test_every_f16_summation_order_is_within_the_bound(k, seed, dist):
    case = dot_case(6, k, "f16", "f16", dist, seed)
    ref = evaluate(case)["dot"]
    order = np.random.default_rng(seed).permutation(k)
    for out in (emulate(case, order, np.float16), emulate(case, order, np.float16, tree=True),
                emulate(case, np.arange(k), np.float16)):
        assert judge(ref, out).verdict in (Verdict.EXACT, Verdict.WITHIN_BOUND)


def test_accumulating_wider_than_declared_stays_inside():
    case = dot_case(8, 200, "f16", "f16", "positive")
    out = emulate(case, np.arange(200), np.float32)
    assert judge(evaluate(case)["dot"], out).verdict in (Verdict.EXACT, Verdict.WITHIN_BOUND)


def test_accumulating_narrower_than_declared_is_out_of_bound():
    case = dot_case(8, 200, "f16", "f32", "positive")
    out = emulate(case, np.arange(200), np.float16).astype(np.float32)
    j = judge(evaluate(case)["dot"], out)
    assert j.verdict is Verdict.OUT_OF_BOUND and j.evidence.max_ratio > 1


def test_exact_inputs_give_a_zero_bound_that_catches_one_dropped_term():
    case = dot_case(4, 20, "f16", "f16", "int")  # 20 * 8 * 8 = 1280 <= 2048: every order exact
    ref = evaluate(case)["dot"]
    assert ref.exact and np.array_equal(ref.lo, ref.data)
    dropped = emulate(case, np.arange(19), np.float16)  # skips the last iteration
    assert judge(ref, dropped).verdict is Verdict.OUT_OF_BOUND
    assert judge(ref, emulate(case, np.arange(20)[::-1], np.float16)).verdict is Verdict.EXACT


def test_bound_of_the_seed_shape_certifies_its_reported_difference():
    """The TVM report: fp16 conv, K = 7*7*3 = 147, inputs in (0,1): a 0.5 difference is within the bound."""
    case = W.load(f"{ROOT}/corpus/seeds/tvm-hexagon-conv2d-fp16.json")
    x = W.Tensor("lv1", (1, 21, 21, 3), "f16", replace(case.inputs[0].values, sha256=None))  # a smaller image
    small = W.Case((x, case.inputs[1]), case.ops, case.outputs)
    ref = evaluate(small)["conv2d_nhwc"]
    bound = np.maximum(ref.hi - ref.data, ref.data - ref.lo)
    assert bound.min() > 0.5  # so a 0.5 difference after a reduction reorder is rounding, not a bug


def test_round_whose_input_interval_straddles_a_half_may_differ_by_one():
    body = W.Expr("round", (W.Expr("mul", (IN0, W.Expr("const", dtype="f16", value=0.5))),))
    op = W.Generic("r", ("s",), (3,), ("parallel",), ((W.Affine((1,)),),), body, "f16")
    red = W.Generic("s", ("a",), (3, 3), ("parallel", "reduction"), ((W.Affine((1, 0)), W.Affine((0, 1))),),
                    IN0, "f16", "add")
    case = W.Case((W.Tensor("a", (3, 3), "f16", W.ValueSpec("normal", 3)),), (red, op), ("r",))
    r = evaluate(case)["r"]
    assert np.all(r.hi - r.lo <= 1) and np.all(r.lo <= r.data) and np.all(r.data <= r.hi)


def test_quantum_is_the_largest_power_of_two_dividing_all_values():
    assert quantum(np.array([3.0, 6.0, -12.0])) == 1.0
    assert quantum(np.array([0.5, 1.5, 4.0])) == 0.5
    assert quantum(np.array([8.0, 24.0])) == 8.0
    assert quantum(np.zeros(3)) == float("inf")


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_profiles_only_widen_the_strict_bound(name):
    case = dot_case(5, 30, "f16", "f16", "normal", 4)
    strict, other = evaluate(case, prof=STRICT)["dot"], evaluate(case, prof=PROFILES[name])["dot"]
    assert np.all(other.lo <= strict.lo) and np.all(other.hi >= strict.hi)
