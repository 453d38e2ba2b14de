"""The oracle on bf16 and float8: results rounded exactly to each type (ml_dtypes, nearest even), a planted one-ulp
error caught, and correct results under every accumulator a case declares (and any wider one) accepted.

"Correct results" here are computed independently of the reference: products and sums rounded step by step in
the declared accumulator with ml_dtypes' own arithmetic, in several summation orders, and in f32 where the case
declares bf16 (a wider accumulator is always allowed)."""
import itertools

import ml_dtypes
import numpy as np
import pytest

from fuzz.case import workload as W
from fuzz.case.values import materialize_all
from fuzz.judge.numerics import UndefinedBehavior
from fuzz.judge.oracle import Verdict, judge
from fuzz.judge.reference import evaluate, evaluate_every_profile

NP = {"bf16": ml_dtypes.bfloat16, "f32": np.float32, "f16": np.float16}
ACCEPTED = (Verdict.EXACT, Verdict.WITHIN_BOUND)


def _ident(rank):
    return tuple(W.Affine(tuple(int(i == d) for i in range(rank))) for d in range(rank))


def _matmul_case(dtype, acc, dist="normal", m=3, k=37, n=4):
    vs = [W.ValueSpec("int", 11 + i, low=-6, high=6) if dist == "int" else W.ValueSpec(dist, 11 + i, scale=2.0)
          for i in range(2)]
    a, b = W.Tensor("a", (m, k), dtype, vs[0]), W.Tensor("b", (k, n), dtype, vs[1])
    return W.Case((a, b), (W.Matmul("mm", ("a", "b"), acc=acc),), ("mm",), "mm")


def _sequential(a, b, acc, order):
    """A correct compilation: each product and each partial sum rounded to ``acc``, summed in ``order``."""
    t = NP[acc]
    out = np.zeros((a.shape[0], b.shape[1]), t)
    for i, j in itertools.product(range(a.shape[0]), range(b.shape[1])):
        s = t(0)
        for kk in order:
            s = t(np.float32(s) + np.float32(t(np.float32(a[i, kk]) * np.float32(b[kk, j]))))
        out[i, j] = s
    return out


@pytest.mark.parametrize("dtype,acc", [("bf16", "bf16"), ("bf16", "f32"), ("f8E4M3FN", "f32"), ("f8E5M2", "f32"),
                                       ("f8E4M3FNUZ", "f32"), ("f8E5M2FNUZ", "f32")])
def test_sequential_sums_in_the_declared_accumulator_are_accepted_in_every_order(dtype, acc):
    case = _matmul_case(dtype, acc)
    ins = materialize_all(case)
    a, b = ins["a"], ins["b"]
    k = a.shape[1]
    for prof, env in evaluate_every_profile(case).items():
        ref = env["mm"]
        assert ref.as_declared().dtype == np.dtype(NP[acc])
        for order in (range(k), range(k - 1, -1, -1), [*range(0, k, 2), *range(1, k, 2)]):
            for wide in {acc, "f32"}:  # the declared accumulator, and f32 (wider is allowed)
                got = _sequential(a, b, wide, list(order)).astype(NP[acc])
                assert judge(ref, got).verdict in ACCEPTED, (prof, wide, dtype)


def _plant_one_ulp(out: np.ndarray, at: int = 0) -> np.ndarray:
    """``out`` with element ``at`` moved one ulp away from zero (its bit pattern plus one)."""
    bad = out.copy()
    bits = bad.reshape(-1).view({1: np.uint8, 2: np.uint16}[bad.itemsize])
    bits[at] += 1
    return bad


def test_a_one_ulp_error_in_a_bf16_result_is_caught():
    case = _matmul_case("bf16", "bf16", dist="int", k=5)  # |partial sums| <= 180: exact in bf16, bound zero
    ref = evaluate(case)["mm"]
    assert ref.exact and judge(ref, ref.as_declared()).verdict is Verdict.EXACT
    nonzero = int(np.flatnonzero(ref.data.reshape(-1))[0])
    j = judge(ref, _plant_one_ulp(ref.as_declared(), nonzero))
    assert j.verdict is Verdict.OUT_OF_BOUND and j.evidence.bad == 1 and j.evidence.max_ulps == 1


def test_a_one_ulp_error_in_a_realistic_bf16_result_beyond_its_bound_is_caught():
    """Realistic values give a bound of some ulps; an error that far past it is caught, one inside is not."""
    case = _matmul_case("bf16", "f32", k=3)
    ref = evaluate(case)["mm"]
    out = ref.as_declared()
    assert judge(ref, out).verdict is Verdict.EXACT
    width = float(np.max(ref.hi - ref.lo))
    far = out.copy()
    far.reshape(-1)[0] += np.float32(2 * width + 1e-3)
    assert judge(ref, far).verdict is Verdict.OUT_OF_BOUND


def _to_fp8_case(dtype, scale):
    """An f32 input narrowed to ``dtype``: a float8 result (a case file may declare one; the generator does not)."""
    x = W.Tensor("x", (64,), "f32", W.ValueSpec("normal", 5, scale=scale))
    body = W.Expr("cast", (W.Expr("in", index=0),), dtype=dtype)
    op = W.Generic("q", ("x",), (64,), ("parallel",), (_ident(1),), body, dtype)
    return W.Case((x,), (op,), ("q",), "q")


@pytest.mark.parametrize("dtype", ["f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ"])
def test_a_float8_result_is_rounded_to_nearest_even_and_a_one_ulp_error_is_caught(dtype):
    case = _to_fp8_case(dtype, 3.0)
    x = materialize_all(case)["x"]
    ref = evaluate(case)["q"]
    want = x.astype(W.NUMPY_DTYPE[dtype])  # ml_dtypes: round to nearest even
    assert judge(ref, want).verdict is Verdict.EXACT
    j = judge(ref, _plant_one_ulp(want, int(np.flatnonzero(np.abs(x) > 0.5)[0])))
    assert j.verdict is Verdict.OUT_OF_BOUND and j.evidence.bad == 1


@pytest.mark.parametrize("dtype,most", [("f8E4M3FN", 448), ("f8E5M2", 57344), ("f8E4M3FNUZ", 240),
                                        ("f8E5M2FNUZ", 57344)])
def test_a_float8_result_beyond_its_finite_range_is_undefined_never_judged(dtype, most):
    """Compilers saturate, give inf or NaN there (ml_dtypes: NaN for the types without inf): no rule to judge by."""
    x = W.Tensor("x", (4,), "f32", W.ValueSpec("int", 1, low=most, high=most))
    big = W.Expr("mul", (W.Expr("in", index=0), W.Expr("const", dtype="f32", value=2.0)))
    case = W.Case((x,), (W.Generic("q", ("x",), (4,), ("parallel",), (_ident(1),),
                                   W.Expr("cast", (big,), dtype=dtype), dtype),), ("q",), "q")
    with pytest.raises(UndefinedBehavior, match="beyond the finite range"):
        evaluate(case)
    at_edge = W.Case((x,), (W.Generic("q", ("x",), (4,), ("parallel",), (_ident(1),),
                                      W.Expr("cast", (W.Expr("in", index=0),), dtype=dtype), dtype),), ("q",), "q")
    assert float(evaluate(at_edge)["q"].data[0]) == most


def test_float8_inputs_out_of_range_are_refused_when_materialized():
    x = W.Tensor("x", (4,), "f8E4M3FNUZ", W.ValueSpec("int", 1, low=300, high=400))
    with pytest.raises(W.WorkloadError, match="beyond the finite range"):
        materialize_all(W.Case((x,), (), ("x",), "c"))


@pytest.mark.parametrize("acc", ["bf16", "f32"])
def test_a_bf16_conv_accepts_products_rounded_to_its_accumulator(acc):
    """The conv reference rounds each product to a bf16 accumulator (as f16's does): a direct conv computed so
    with ml_dtypes is accepted; in f32 it is accepted under either declaration."""
    x = W.Tensor("x", (1, 5, 5, 2), "bf16", W.ValueSpec("normal", 3, scale=2.0))
    w = W.Tensor("w", (3, 3, 2, 3), "bf16", W.ValueSpec("normal", 4, scale=2.0))
    case = W.Case((x, w), (W.Conv2d("c", ("x", "w"), "NHWC", acc=acc),), ("c",), "c")
    ins = materialize_all(case)
    xs, ws = ins["x"].astype(np.float32), ins["w"].astype(np.float32)
    ref = evaluate(case)["c"]
    for wide in {acc, "f32"}:
        t = NP[wide]
        out = np.zeros((1, 3, 3, 3), t)
        for i, j, f in itertools.product(range(3), range(3), range(3)):
            s = t(0)
            for ky, kx, c in itertools.product(range(3), range(3), range(2)):
                s = t(np.float32(s) + np.float32(t(xs[0, i + ky, j + kx, c] * ws[ky, kx, c, f])))
            out[0, i, j, f] = s
        assert judge(ref, out.astype(NP[acc])).verdict in ACCEPTED, wide


def test_tvm_cpu_declares_bf16_intermediates_kept_in_f32():
    """TVM computes a bf16 expression in f32 and rounds where it stores (BF16ComputeLegalize): x * (y * x) with
    x = 31, y = 35 is 33536 there (y * x = 1085 unrounded), 33792 rounding each op (1085 -> 1088).  The strict
    profile rejects TVM's value; the profile TVM's CPU configurations declare accepts both."""
    from fuzz.judge import profiles

    x = W.Tensor("x", (1,), "bf16", W.ValueSpec("int", 1, low=31, high=31))
    y = W.Tensor("y", (1,), "bf16", W.ValueSpec("int", 1, low=35, high=35))
    body = W.Expr("mul", (W.Expr("in", index=0), W.Expr("mul", (W.Expr("in", index=1), W.Expr("in", index=0)))))
    case = W.Case((x, y), (W.Generic("e", ("x", "y"), (1,), ("parallel",), (_ident(1), _ident(1)), body, "bf16"),),
                  ("e",), "e")
    tvm_value, per_op = np.array([33536], ml_dtypes.bfloat16), np.array([33792], ml_dtypes.bfloat16)
    strict, tvm = evaluate(case)["e"], evaluate(case, prof=profiles.get("tvm-llvm-cpu"))["e"]
    assert judge(strict, per_op).verdict is Verdict.EXACT and judge(strict, tvm_value).verdict is Verdict.OUT_OF_BOUND
    assert judge(tvm, per_op).verdict in ACCEPTED and judge(tvm, tvm_value).verdict in ACCEPTED
    import frontends
    assert {c.profile for c in frontends.all_configs() if c.name in ("tvm:cpu", "tvm:relax-cpu")} == {"tvm-llvm-cpu"}
