"""The fast reference gives the slow one's values and bounds no looser, on a sample of generated cases.

The full comparison (2,500 cases per space, every profile) is ``python -m tests.reference_compare``."""
from collections import Counter

import numpy as np
import pytest

from fuzz.case import workload as W
from fuzz.judge.value import Value
from tests import reference_compare as C
from tests import ROOT


@pytest.mark.parametrize("space, cases", [("default", 30), ("wide", 6)])
def test_generated_cases_agree_under_every_profile(space, cases):
    tally = Counter()
    for case in C.generated(space, cases, first_seed=500):
        with np.errstate(all="ignore"):
            C.compare_case(case, tally)
    assert tally["cases"] == cases and tally["equal"] > 0
    assert not {k: tally[k] for k in C.FAILURES if tally[k]}, tally


def test_the_handwritten_seeds_agree():
    tally = Counter()
    for name in ("wrong-code-matmuls", "wrong-code-softmax-f16", "wrong-code-integer-division",
                 "wrong-code-quasi-affine-compound"):
        C.compare_case(W.load(f"{ROOT}/corpus/seeds/{name}.json"), tally)
    assert not {k: tally[k] for k in C.FAILURES if tally[k]}, tally


def _value(data, lo, hi, dtype="f32"):
    data, lo, hi = (np.array(a, np.float64) for a in (data, lo, hi))
    return Value(data, dtype, np.abs(data), lo, hi)


def test_the_comparison_counts_a_wrong_value_and_a_looser_bound_as_failures():
    old = _value([1.0, 2.0, 3.0], [0.9, 2.0, 3.0], [1.1, 2.0, 3.0])
    tally = Counter()
    C._values(_value([1.0000001, 2.0, 4.0], [0.9, 2.0, 3.0], [1.1, 2.0, 4.0]), old, tally)
    C._bounds(_value([1.0, 2.0, 3.0], [0.8, 2.0, 3.0], [1.05, 2.0, 3.0]), old, tally)
    assert tally["float64-rounding"] == 1 and tally["value-mismatch"] == 1 and tally["equal"] == 1
    assert tally["looser"] == 1 and tally["same-bound"] == 2
    ints = Counter()
    C._values(_value([1, 2], [1, 2], [1, 2], "i32"), _value([1, 3], [1, 3], [1, 3], "i32"), ints)
    assert ints["value-mismatch"] == 1


def _matmul_cases():
    """Real-size matmul shapes in miniature, taken through the real-size path (``matmul_fast``) below."""
    from fuzz.case.workload import Affine, Case, Expr, Generic, Matmul, Tensor, ValueSpec
    def t(name, shape, dtype, dist, seed, **kw):
        return Tensor(name, shape, dtype, ValueSpec(dist, seed, **kw))
    yield Case((t("a", (48, 200), "f16", "normal", 1), t("b", (40, 200), "f16", "normal", 2)),
               (Matmul("mm", ("a", "b"), "f32", "b"),), ("mm",), "mm", "f16 x f16 -> f32, B stored N x K")
    yield Case((t("a", (2, 33, 100), "f16", "positive", 3), t("b", (2, 100, 17), "f16", "normal", 4)),
               (Matmul("mm", ("a", "b"), "f16"),), ("mm",), "mm", "batched, f16 accumulator")
    yield Case((t("a", (30, 160), "f16", "wide", 12, scale=9.0), t("b", (160, 21), "f16", "normal", 13)),
               (Matmul("mm", ("a", "b"), "f16"),), ("mm",), "mm", "f16 accumulator, products below f16's normals")
    yield Case((t("a", (12, 1024), "f16", "normal", 14), t("b", (1024, 20), "f16", "wide", 15, scale=6.0)),
               (Matmul("mm", ("a", "b"), "f16"),), ("mm",), "mm", "f16 accumulator, K = 1,024 as at real size")
    yield Case((t("a", (31, 64), "f32", "wide", 5, scale=3.0), t("b", (64, 65), "f32", "normal", 6)),
               (Matmul("mm", ("a", "b"), "f32"),), ("mm",), "mm", "f32, wide range")
    yield Case((t("a", (40, 129), "f16", "int", 7, low=-3, high=3), t("b", (129, 24), "f16", "int", 8, low=-3, high=3)),
               (Matmul("mm", ("a", "b"), "f32"),), ("mm",), "mm", "exact integers: a zero-wide bound")
    ident = (Affine((1, 0)), Affine((0, 1)))
    dq = Generic("dq", ("w", "s"), (96, 40), ("parallel", "parallel"), (ident, (Affine((0, 1)),)),
                 Expr("mul", (Expr("cast", (Expr("in", index=0),), dtype="f16"), Expr("in", index=1))), "f16")
    yield Case((t("x", (24, 96), "f16", "normal", 9), t("w", (96, 40), "i8", "int", 10, low=-8, high=7),
                t("s", (40,), "f16", "positive", 11, scale=1 / 16)),
               (dq, Matmul("mm", ("x", "dq"), "f32")), ("mm",), "mm", "dequantized weights: operands with width")


def test_real_size_matmuls_hold_the_slow_bound(monkeypatch):
    """The real-size matmul path (fuzz.judge.matmul_fast: BLAS values, bounds from magnitudes; f16 accumulators'
    products rounded and summed by the compiled kernel, fuzz.judge.f16_kernel) is sound: under every profile its
    value is the slow reference's (or both lie in the other's bound) and its bound holds the slow one; where the
    slow bound is zero-wide, so is its own; and it is at most twice as wide (measured: within 2.5% where the
    operands are points, 1.95x for dequantized weights under the FMA profiles)."""
    from fuzz.judge import f16_products, matmul_fast
    monkeypatch.setattr(matmul_fast, "TERMS", 0)  # take these small shapes through the real-size path
    monkeypatch.setattr(f16_products, "KERNEL_TERMS", 0)  # and their f16 accumulators through the kernel
    from tests import reference_slow
    from fuzz.case.values import materialize_all
    from fuzz.judge.reference import evaluate_every_profile
    for case in _matmul_cases():
        inputs = materialize_all(case)
        with np.errstate(all="ignore"):
            new, old = evaluate_every_profile(case, inputs), reference_slow.evaluate_every_profile(case, inputs)
        for prof, env in old.items():
            n, o = new[prof]["mm"], env["mm"]
            tally = Counter()
            C._values(n, o, tally)
            assert tally["value-mismatch"] == 0, (case.note, prof, tally)
            tol = C.LOOSE_SCALE * np.maximum(np.abs(o.lo), o.magnitude)
            assert np.all(n.lo <= o.lo + tol) and np.all(n.hi >= o.hi - tol), (case.note, prof)
            assert np.array_equal(n.lo == n.hi, o.lo == o.hi) or not np.any(o.lo == o.hi), (case.note, prof)
            wider = (n.hi - n.lo) - (o.hi - o.lo)
            assert np.all(wider <= (o.hi - o.lo) + tol), (case.note, prof, float(np.max(wider)))
