"""The fast reference's parts: f16 product rounding, BLAS convs with and without intervals, the shared pass.

Each is held to an independent definition: numpy's own f16 conversion, and the slow reference of main
5c88ffe (tests/reference_slow.py), which walks one filter tap and one profile at a time.
"""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzz.case import workload as W
from fuzz.case.values import materialize_all
from fuzz.judge import f16_kernel, f16_products
from fuzz.judge.f16_products import F16_OVERFLOW, _round_to_f16_grid, rounded_product_sums
from fuzz.judge.profiles import PROFILES
from fuzz.judge.reference import UndefinedBehavior, evaluate, evaluate_every_profile
from tests import reference_slow

IN0 = W.Expr("in", index=0)


def _numpy_f16(p: np.ndarray) -> np.ndarray:
    return p.astype(np.float16).astype(np.float32)


def _grid(p: np.ndarray) -> np.ndarray:
    q = p.copy()
    _round_to_f16_grid(q, np.empty(q.shape, np.int32))
    return q


def test_f16_grid_rounding_matches_numpy_on_a_sweep_of_f32_bit_patterns():
    bits = np.arange(0, np.float32(F16_OVERFLOW).view(np.int32), 613, dtype=np.int64).astype(np.int32)
    p = bits.view(np.float32)
    p = np.concatenate([p, -p])
    np.testing.assert_array_equal(_grid(p), _numpy_f16(p))


def test_f16_grid_rounding_breaks_every_tie_to_even():
    """The midpoints between neighbouring f16 values, subnormals included: ties go to the even significand."""
    f16 = np.arange(0, 0x7BFF, dtype=np.uint16).view(np.float16).astype(np.float32)  # 0 .. just below 65504
    nxt = np.nextafter(f16.astype(np.float16), np.float16(np.inf)).astype(np.float32)
    mid = (f16 + nxt) / 2  # exact in f32: f16 has 11 significant bits
    for p in (mid, -mid):
        np.testing.assert_array_equal(_grid(p), _numpy_f16(p))


def test_rounded_product_sums_round_each_product_and_overflow_to_inf():
    rng = np.random.default_rng(3)
    x = rng.normal(0, 4, (37, 29)).astype(np.float16).astype(np.float64)
    w = rng.normal(0, 4, (29, 5)).astype(np.float16).astype(np.float64)
    expected = (x[:, :, None] * w[None]).astype(np.float16).astype(np.float64).sum(axis=1)
    np.testing.assert_array_equal(rounded_product_sums(x, w), expected)
    big = np.full((2, 3), 300.0)  # 300 * 300 = 90000: beyond f16, each product rounds to inf
    assert np.all(rounded_product_sums(big, np.full((3, 1), 300.0)) == np.inf)
    assert np.all(np.isnan(rounded_product_sums(big, np.array([[300.0], [-300.0], [1.0]]))))


def test_the_kernel_rounds_every_product_significand_to_f16_ties_to_even():
    """Every product of two f16 significands is an integer below 2^22 times a power of two: the compiled kernel's
    rounding (Veltkamp's splitting over f16's normals, the 2^-24 grid below them) is numpy's f16 conversion, ties
    and both signs included, in f16's normal range and across its subnormals (scale 2^-34: products 2^-34..2^-12)."""
    n = np.arange(1, 1 << 22, dtype=np.float32)
    one = np.ones((1, 1), np.float32)
    for scale in (2.0 ** -10, 2.0 ** -34):
        p = n * np.float32(scale) * np.where(n % 3 == 0, -1, 1).astype(np.float32)
        got = f16_kernel.rounded_sums(p[:, None], one)[:, 0]
        np.testing.assert_array_equal(got, _numpy_f16(p))


def test_the_kernel_takes_only_sums_exact_in_every_order():
    """Rounded products are multiples of 2^-24 below 65504: sums within 2^29 are exact in float64, in any order."""
    assert f16_kernel.exact_sums(8196, F16_OVERFLOW - 1) and not f16_kernel.exact_sums(8197, F16_OVERFLOW - 1)
    assert f16_kernel.exact_sums(1 << 20, 500.0) and not f16_kernel.exact_sums(1 << 20, 520.0)


def _direct(x, w):
    return (x[:, :, None] * w[None]).astype(np.float32).astype(np.float16).astype(np.float64).sum(axis=1)


@pytest.mark.parametrize("kind", ["normal", "subnormal-products", "wide", "sparse", "large"])
@pytest.mark.parametrize("path", ["kernel", "grid"])
def test_each_path_of_the_rounded_product_sums_is_the_definition(kind, path, monkeypatch):
    """The compiled kernel (from KERNEL_TERMS products on) and the grid path (below) both equal the
    product-by-product definition, on values whose products fall below f16's normals or near its overflow."""
    rng = np.random.default_rng(len(kind))
    x, w = rng.normal(size=(23, 300)), rng.normal(size=(300, 19))
    if kind == "subnormal-products":
        x, w = x * 2.0 ** -8, w * 2.0 ** -8
    elif kind == "wide":
        x, w = x * 2.0 ** rng.integers(-14, 3, x.shape), w * 2.0 ** rng.integers(-14, 3, w.shape)
    elif kind == "sparse":
        x, w = x * (rng.random(x.shape) < 0.2), w * (rng.random(w.shape) < 0.2)
    elif kind == "large":
        x, w = x * 40, w * 40
    x, w = (a.astype(np.float16).astype(np.float64) for a in (x, w))
    monkeypatch.setattr(f16_products, "KERNEL_TERMS", 0 if path == "kernel" else 1 << 62)
    taken = []
    monkeypatch.setattr(f16_kernel, "rounded_sums", lambda *a, f=f16_kernel.rounded_sums: taken.append(1) or f(*a))
    np.testing.assert_array_equal(rounded_product_sums(x, w), _direct(x, w))
    assert bool(taken) == (path == "kernel")
    for a, b in ((x[:, :0], w[:0]), (x[:0], w), (x, w[:, :0]), (x.T[:5].T, w[:5])):  # empty, strided
        np.testing.assert_array_equal(rounded_product_sums(a, b), _direct(a, b))


def test_the_kernel_at_real_size_is_the_definition_on_sampled_outputs():
    """A 1,000 x 1,024 x 600 f16 product (every core, products across f16's whole normal and subnormal range):
    200 outputs drawn at random are the product-by-product definition."""
    rng = np.random.default_rng(7)
    x = (rng.normal(size=(1000, 1024)) * 2.0 ** rng.integers(-12, 4, (1000, 1024))).astype(np.float16)
    w = rng.normal(size=(1024, 600)).astype(np.float16)
    x, w = x.astype(np.float64), w.astype(np.float64)
    assert x.size * w.shape[1] >= f16_products.KERNEL_TERMS
    got = rounded_product_sums(x, w)
    i, j = rng.integers(0, 1000, 200), rng.integers(0, 600, 200)
    want = (x[i] * w[:, j].T).astype(np.float32).astype(np.float16).astype(np.float64).sum(axis=1)
    np.testing.assert_array_equal(got[i, j], want)


def _spec(dist: str, seed: int) -> W.ValueSpec:
    return W.ValueSpec("int", seed, -4, 4) if dist == "int" else W.ValueSpec(dist, seed)


def conv_case(dtype, acc, layout, g, sizes, stride, dil, pad, zp, dist, seed, intervals) -> W.Case:
    """A conv; with ``intervals`` its image comes from a body whose result has width under some profiles (an
    f16 product under FMA contraction; integers times 1.0 in f32, 1 ulp wide under hexagon-qfloat, cast to
    i8: trunc takes the interval to two integers)."""
    cpg, fpg, kh, kw, h, wd = sizes
    xs = (2, h, wd, cpg * g) if layout == "NHWC" else (2, cpg * g, h, wd)
    ws = (kh, kw, cpg, fpg * g) if layout == "NHWC" else (fpg * g, cpg, kh, kw)
    tensors = [W.Tensor("x", xs, dtype, _spec(dist, seed)), W.Tensor("w", ws, dtype, _spec(dist, seed + 1))]
    ops, image = [], "x"
    if intervals:
        src = "f16" if dtype == "f16" else "f32"
        tensors[0] = W.Tensor("x", xs, src, _spec("normal" if dtype == "f16" else "int", seed))
        body = W.Expr("mul", (IN0, W.Expr("const", dtype=src, value=0.3 if dtype == "f16" else 1.0)))
        body = body if dtype == "f16" else W.Expr("cast", (body,), dtype="i8")
        ident = tuple(W.Affine(tuple(int(i == d) for i in range(4))) for d in range(4))
        ops.append(W.Generic("pre", ("x",), xs, ("parallel",) * 4, (ident,), body, dtype))
        image = "pre"
    ops.append(W.Conv2d("c", (image, "w"), layout, stride, dil, pad, g, acc, zero_points=zp))
    return W.Case(tuple(tensors), tuple(ops), ("c",))


@st.composite
def convs(draw, intervals: bool):
    dtype, acc = draw(st.sampled_from([("f16", "f16"), ("f16", "f32"), ("i8", "i32")]))
    layout, g = draw(st.sampled_from(["NHWC", "NCHW"])), draw(st.integers(1, 3))
    cpg, fpg, kh, kw = (draw(st.integers(1, 3)) for _ in range(4))
    stride, dil = (draw(st.integers(1, 2)), draw(st.integers(1, 3))), (draw(st.integers(1, 2)), 1)
    pad = tuple(draw(st.integers(0, 2)) for _ in range(4))
    h, wd = draw(st.integers(dil[0] * (kh - 1) + 1, 8)), draw(st.integers(kw, 8))
    zp = draw(st.sampled_from([None, (3, -2)])) if dtype == "i8" else None
    dist = "int" if dtype == "i8" else draw(st.sampled_from(["int", "normal", "positive"]))
    return conv_case(dtype, acc, layout, g, (cpg, fpg, kh, kw, h, wd), stride, dil, pad, zp, dist,
                     draw(st.integers(0, 999)), intervals)


def _same_as_slow(case) -> None:
    inputs = materialize_all(case)
    new, old = evaluate_every_profile(case, inputs), reference_slow.evaluate_every_profile(case, inputs)
    for prof in PROFILES:
        for name, v in old[prof].items():
            n = new[prof][name]
            np.testing.assert_array_equal(n.as_declared(), v.as_declared())
            for field in ("lo", "hi", "magnitude"):  # sums of the same terms in another float64 order
                a, b = getattr(n, field), getattr(v, field)
                assert np.all((a == b) | (np.abs(a - b) <= 2**-45 * np.maximum(v.magnitude, np.abs(b)))), field


@settings(max_examples=60, deadline=None)
@given(convs(intervals=False))
def test_blas_conv_matches_the_tap_by_tap_reference_under_every_profile(case):
    _same_as_slow(case)


@settings(max_examples=60, deadline=None)
@given(convs(intervals=True))
def test_conv_of_operands_with_intervals_matches_the_tap_by_tap_reference(case):
    _same_as_slow(case)


@pytest.mark.parametrize("dtype, acc", [("f16", "f16"), ("f16", "f32"), ("i8", "i32")])
def test_operands_with_width_take_the_interval_path_and_match(dtype, acc):
    """The property above tests the interval path only where some profile's image has width: it does, for
    floats and integers alike."""
    case = conv_case(dtype, acc, "NCHW", 2, (3, 2, 3, 2, 9, 8), (2, 1), (1, 2), (1, 0, 2, 1),
                     (3, -2) if dtype == "i8" else None, "int" if dtype == "i8" else "normal", 7, True)
    every = evaluate_every_profile(case)
    assert every["strict"]["pre"].exact and any(not every[p]["pre"].exact for p in PROFILES)
    _same_as_slow(case)


def _div_case() -> W.Case:
    """x / (y + 0) in f32: the divisor's interval holds 0 where y is 0, or where a profile flushes subnormals
    and y is one."""
    x, y = W.Tensor("x", (4,), "f32", W.ValueSpec("positive", 1)), W.Tensor("y", (4,), "f32", W.ValueSpec("positive", 2))
    body = W.Expr("div", (IN0, W.Expr("add", (W.Expr("in", index=1), W.Expr("const", dtype="f32", value=0.0)))))
    op = W.Generic("q", ("x", "y"), (4,), ("parallel",), ((W.Affine((1,)),), (W.Affine((1,)),)), body, "f32")
    return W.Case((x, y), (op,), ("q",))


@pytest.mark.parametrize("y0, profile", [(0.0, "strict"), (1e-39, "gpu")])
def test_undefined_under_any_profile_names_the_first_such_profile_like_the_slow_reference(y0, profile):
    case = _div_case()
    inputs = {"x": np.ones(4, np.float32), "y": np.array([1.0, 2.0, y0, 3.0], np.float32)}
    with pytest.raises(UndefinedBehavior) as new:
        evaluate_every_profile(case, inputs)
    with pytest.raises(UndefinedBehavior) as old:
        reference_slow.evaluate_every_profile(case, inputs)
    assert str(new.value) == str(old.value) and f"under the {profile} numerics profile" in str(new.value)


def _fake_pass(fails: dict[str, tuple[str, ...]]):
    """``every_profile`` over three fake ops and four fake profiles; op k is undefined under the profiles
    ``fails[k]`` names (a profile reads only ``ftz`` and, for op b, ``fma``)."""
    from types import SimpleNamespace

    from fuzz.judge.profiles import Profile
    from fuzz.judge.sharing import every_profile
    from fuzz.judge.value import exact_value
    profiles = {n: Profile(n, "", fma=fma, ftz=ftz) for n, fma, ftz in
                (("p0", False, False), ("p1", False, True), ("p2", True, False), ("p3", True, True))}
    calls = []

    def evaluate(op, ins, prof, memo):
        key = (op.name, prof.ftz, prof.fma if op.name == "b" else None)
        calls.append(key)
        if fails and prof.name in fails.get(op.name, ()):  # reads the name: nothing is shared then
            raise UndefinedBehavior(f"op {op.name} undefined")
        return exact_value(ins[0].data + 1, "i32")
    ops = [SimpleNamespace(name=n, inputs=(src,)) for n, src in (("a", "x"), ("b", "a"), ("c", "b"))]
    return (lambda: every_profile(ops, {"x": exact_value(np.zeros(2, np.int64), "i32")}, profiles, evaluate)), calls


def test_the_shared_pass_evaluates_once_per_distinct_fields_read():
    run, calls = _fake_pass({})
    envs = run()
    assert sorted(calls) == sorted([("a", False, None), ("a", True, None), ("b", False, False), ("b", True, False),
                                    ("b", False, True), ("b", True, True), ("c", False, None), ("c", True, None),
                                    ("c", False, None), ("c", True, None)])  # op c's operands differ under p2, p3
    assert envs["p0"]["a"] is envs["p2"]["a"] and all(np.all(e["c"].data == 3) for e in envs.values())


def test_the_first_failing_profile_in_order_is_named_with_its_own_first_undefined_op():
    """p2 fails at op a, p1 only at op c: evaluated one profile after another, p1 fails first."""
    run, _ = _fake_pass({"a": ("p2",), "c": ("p1", "p3")})
    with pytest.raises(UndefinedBehavior, match=r"^op c undefined \(under the p1 numerics profile\)$"):
        run()


def test_the_shared_pass_gives_each_profile_what_evaluating_it_alone_gives():
    from tests import handwritten as H
    for build in H.EXACT + H.INEXACT:
        case = build()
        every = evaluate_every_profile(case)
        for name, prof in PROFILES.items():
            alone = evaluate(case, None, prof)
            for k, v in alone.items():
                got = every[name][k]
                for field in ("data", "lo", "hi", "magnitude"):
                    np.testing.assert_array_equal(getattr(got, field), getattr(v, field), err_msg=f"{build.__name__} {name} {k}")


@st.composite
def matmuls(draw):
    """A matmul of every form; a third of them read an operand made by a body (width under some profiles)."""
    dtype, acc = draw(st.sampled_from([("f16", "f16"), ("f16", "f32"), ("f32", "f32"), ("i8", "i32")]))
    m, n, k = (draw(st.integers(1, 6)) for _ in range(3))
    transpose, batch = draw(st.sampled_from(["none", "a", "b"])), draw(st.sampled_from([(), (2,)]))
    ashape = batch + ((k, m) if transpose == "a" else (m, k))
    bshape = batch + ((n, k) if transpose == "b" else (k, n))
    zp = draw(st.sampled_from([None, (3, -2)])) if dtype == "i8" else None
    dist = "int" if dtype == "i8" else draw(st.sampled_from(["int", "normal", "wide"]))
    seed = draw(st.integers(0, 999))
    tensors = [W.Tensor("a", ashape, dtype, _spec(dist, seed)), W.Tensor("b", bshape, dtype, _spec(dist, seed + 1))]
    ops, first = [], "a"
    if dtype != "i8" and draw(st.integers(0, 2)) == 0:
        ident = tuple(W.Affine(tuple(int(i == d) for i in range(len(ashape)))) for d in range(len(ashape)))
        body = W.Expr("mul", (IN0, W.Expr("const", dtype=dtype, value=0.3)))
        ops.append(W.Generic("pre", ("a",), ashape, ("parallel",) * len(ashape), (ident,), body, dtype))
        first = "pre"
    ops.append(W.Matmul("mm", (first, "b"), acc, transpose, zp))
    return W.Case(tuple(tensors), tuple(ops), ("mm",))


@settings(max_examples=120, deadline=None)
@given(matmuls())
def test_matmul_matches_its_generic_twin_in_the_slow_reference_under_every_profile(case):
    _same_as_slow(case)


def test_a_matmul_beyond_the_accumulator_is_undefined_with_the_twins_message():
    """33,100 terms of 255 * 255 reach 2.15e9 > 2^31 - 1 in some order: undefined, as the slow twin says."""
    k = 33_100
    case = W.Case((W.Tensor("a", (1, k), "i8", W.ValueSpec("int", 1, -128, 127)),
                   W.Tensor("b", (k, 1), "i8", W.ValueSpec("int", 2, -128, 127))),
                  (W.Matmul("mm", ("a", "b"), "i32", zero_points=(127, 127)),), ("mm",))
    inputs = {"a": np.full((1, k), -128, np.int8), "b": np.full((k, 1), -128, np.int8)}
    with pytest.raises(UndefinedBehavior) as new:
        evaluate_every_profile(case, inputs)
    with pytest.raises(UndefinedBehavior) as old:
        reference_slow.evaluate_every_profile(case, inputs)
    assert str(new.value) == str(old.value) and "overflow" in str(new.value)


@st.composite
def pools(draw):
    """A pool of every mode and layout, after a pad (or a body with width under some profiles)."""
    dtype, acc = draw(st.sampled_from([("f16", "f16"), ("f16", "f32"), ("f32", "f32"), ("i8", "i32"), ("i32", "i32")]))
    layout, mode = draw(st.sampled_from(["NHWC", "NCHW"])), draw(st.sampled_from(["max", "sum"]))
    window, stride, dil = ((draw(st.integers(1, 3)), draw(st.integers(1, 3))) for _ in range(3))
    h, w = (d * (k - 1) + 1 + draw(st.integers(0, 5)) for d, k in zip(dil, window))
    shape = (2, h, w, 3) if layout == "NHWC" else (2, 3, h, w)
    dist = "int" if dtype[0] == "i" else draw(st.sampled_from(["int", "normal"]))
    x = W.Tensor("x", shape, dtype, _spec(dist, draw(st.integers(0, 999))))
    ident = tuple(W.Affine(tuple(int(i == d) for i in range(4))) for d in range(4))
    pre = W.Generic("pre", ("x",), shape, ("parallel",) * 4, (ident,),
                    W.Expr("mul", (IN0, W.Expr("const", dtype=dtype, value=0.3 if dtype[0] == "f" else 2))), dtype)
    first = draw(st.sampled_from([None, pre]))
    op = W.Pool2d("p", ("x" if first is None else "pre",), mode, layout, window, stride, dil, acc)
    return W.Case((x,), ((first,) if first else ()) + (op,), ("p",))


@settings(max_examples=100, deadline=None)
@given(pools())
def test_pool_matches_its_generic_twin_in_the_slow_reference_under_every_profile(case):
    _same_as_slow(case)


@st.composite
def contractions(draw):
    """sum_k f(x) * g(y) over plain reads in any order (transposed, broadcast, the same input twice)."""
    dtype, out = draw(st.sampled_from([("f16", "f16"), ("f16", "f32"), ("f32", "f32"), ("i8", "i32"), ("i32", "i32")]))
    dims = tuple(draw(st.integers(1, 5)) for _ in range(3))  # d0, d1 parallel, d2 reduced
    ra = draw(st.sampled_from([(0, 2), (2, 0), (0, 1, 2)]))
    rb = draw(st.sampled_from([(2, 1), (1, 2), (1,), (2,)] if 1 not in ra else [(2,), (1, 2), (2, 1)]))
    same = draw(st.booleans()) and ra == rb
    dist = "int" if dtype[0] == "i" else draw(st.sampled_from(["int", "normal"]))
    seed = draw(st.integers(0, 999))
    x = W.Tensor("x", tuple(dims[d] for d in ra), dtype, _spec(dist, seed))
    y = W.Tensor("y", tuple(dims[d] for d in rb), dtype, _spec(dist, seed + 1))
    factor = (lambda e: e) if dtype == out else (lambda e: W.Expr("cast", (e,), dtype=out))
    amap = [tuple(W.Affine(tuple(int(i == d) for i in range(3))) for d in r) for r in (ra, rb)]
    ins = ("x", "x") if same else ("x", "y")
    body = W.Expr("mul", (factor(IN0), factor(W.Expr("in", index=1))))
    op = W.Generic("g", ins, dims, ("parallel", "parallel", "reduction"), tuple(amap), body, out, "add")
    return W.Case((x,) if same else (x, y), (op,), ("g",))


@settings(max_examples=150, deadline=None)
@given(contractions())
def test_generic_contractions_match_the_loop_nest_of_the_slow_reference_under_every_profile(case):
    _same_as_slow(case)


def test_an_integer_product_beyond_the_dtype_is_undefined_with_the_loop_nests_message():
    x = W.Tensor("x", (3, 4), "i32", W.ValueSpec("int", 1, -9, 9))
    y = W.Tensor("y", (4,), "i32", W.ValueSpec("int", 2, -9, 9))
    ident = (W.Affine((1, 0)), W.Affine((0, 1)))
    op = W.Generic("g", ("x", "y"), (3, 4), ("parallel", "reduction"), (ident, (W.Affine((0, 1)),)),
                   W.Expr("mul", (IN0, W.Expr("in", index=1))), "i32", "add")
    case = W.Case((x, y), (op,), ("g",))
    inputs = {"x": np.array([[1, 2, 3, 4], [5, -(2**20), 7, 8], [0, 0, 0, 1]], np.int32),
              "y": np.array([1, 2**12, -3, 4], np.int32)}
    with pytest.raises(UndefinedBehavior) as new:
        evaluate_every_profile(case, inputs)
    with pytest.raises(UndefinedBehavior) as old:
        reference_slow.evaluate_every_profile(case, inputs)
    assert str(new.value) == str(old.value) and "-4294967296" in str(new.value)


@pytest.mark.parametrize("block", [1, 40, 700])
@pytest.mark.parametrize("intervals", [False, True])
def test_blocks_smaller_than_one_output_row_or_one_output_give_the_same_conv(monkeypatch, block, intervals):
    """Blocks of outputs (rows, parts of a row, one output) are stitched back where they belong."""
    from fuzz.judge import conv
    monkeypatch.setattr(conv, "BLOCK", block)
    for dtype, acc in (("f16", "f16"), ("i8", "i32")):
        _same_as_slow(conv_case(dtype, acc, "NHWC", 2, (2, 2, 3, 2, 7, 9), (1, 2), (2, 1), (1, 1, 0, 2),
                                None, "int" if dtype == "i8" else "normal", 5, intervals))
