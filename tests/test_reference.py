"""The reference interpreter against independent numpy formulations."""
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzz.case import workload as W
from fuzz.judge.reference import UndefinedBehavior, evaluate, reference_outputs


def naive_conv(x, w, layout, stride, dilation, padding, groups, zero_points=(0, 0)):
    """Direct definition of a grouped conv, one output element at a time; a padded tap contributes nothing
    (with zero points, padding holds the image zero point)."""
    zx, zw = zero_points
    if layout == "NCHW":
        x, w = x.transpose(0, 2, 3, 1), w.transpose(2, 3, 1, 0)
    n, h, wd, c = x.shape
    kh, kw, cpg, f = w.shape
    (sh, sw), (dh, dw), (pt, pb, pl, pr) = stride, dilation, padding
    oh, ow = (h + pt + pb - dh * (kh - 1) - 1) // sh + 1, (wd + pl + pr - dw * (kw - 1) - 1) // sw + 1
    out = np.zeros((n, oh, ow, f), dtype=np.int64)
    for b, i, j, k in itertools.product(range(n), range(oh), range(ow), range(f)):
        g = k // (f // groups)
        for ky, kx, ci in itertools.product(range(kh), range(kw), range(cpg)):
            y, xx = i * sh + ky * dh - pt, j * sw + kx * dw - pl
            if 0 <= y < h and 0 <= xx < wd:
                out[b, i, j, k] += (int(x[b, y, xx, g * cpg + ci]) - zx) * (int(w[ky, kx, ci, k]) - zw)
    return out if layout == "NHWC" else out.transpose(0, 3, 1, 2)


@st.composite
def int_convs(draw):
    layout = draw(st.sampled_from(["NHWC", "NCHW"]))
    g = draw(st.integers(1, 3))
    cpg, fpg = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    kh, kw = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    stride = (draw(st.integers(1, 3)), draw(st.integers(1, 3)))
    dil = (draw(st.integers(1, 2)), draw(st.integers(1, 2)))
    pad = tuple(draw(st.integers(0, 2)) for _ in range(4))
    h, w = draw(st.integers(dil[0] * (kh - 1) + 1, 7)), draw(st.integers(dil[1] * (kw - 1) + 1, 7))
    n, c, f = draw(st.integers(1, 2)), cpg * g, fpg * g
    xs = (n, h, w, c) if layout == "NHWC" else (n, c, h, w)
    ws = (kh, kw, cpg, f) if layout == "NHWC" else (f, cpg, kh, kw)
    zp = draw(st.sampled_from([None, (0, 0), (-128, 127), (5, -3)]))
    case = W.Case((W.Tensor("x", xs, "i8", W.ValueSpec("int", draw(st.integers(0, 99)), -128, 127)),
                   W.Tensor("w", ws, "i8", W.ValueSpec("int", draw(st.integers(0, 99)), -128, 127))),
                  (W.Conv2d("c", ("x", "w"), layout, stride, dil, pad, g, "i32", zero_points=zp),), ("c",))
    return case


@settings(max_examples=80, deadline=None)
@given(int_convs())
def test_conv_matches_direct_definition(case):
    from fuzz.case.values import materialize_all
    v = materialize_all(case)
    op = case.ops[0]
    expected = naive_conv(v["x"], v["w"], op.layout, op.stride, op.dilation, op.padding, op.groups,
                          op.zero_points or (0, 0))
    np.testing.assert_array_equal(reference_outputs(case, v)[0], expected.astype(np.int32))


def _generic(inputs, dims, iters, maps, body, out, reduce=None):
    tensors = tuple(W.Tensor(n, s, t, W.ValueSpec("int", k, -9, 9)) for k, (n, s, t) in enumerate(inputs))
    amaps = tuple(tuple(W.parse_affine(a, len(dims), "t") for a in m) for m in maps)
    op = W.Generic("g", tuple(n for n, _, _ in inputs), dims, iters, amaps, body, out, reduce)
    return W.Case(tensors, (op,), ("g",))


IN0, IN1 = W.Expr("in", index=0), W.Expr("in", index=1)


def test_generic_matmul_through_transposed_map_matches_einsum():
    body = W.Expr("mul", (IN0, IN1))
    case = _generic([("a", (5, 4), "i32"), ("b", (3, 5), "i32")], (4, 3, 5), ("parallel", "parallel", "reduction"),
                    [["d2", "d0"], ["d1", "d2"]], body, "i32", "add")
    env = evaluate(case)
    np.testing.assert_array_equal(env["g"].data, np.einsum("ki,jk->ij", env["a"].data, env["b"].data))


def test_generic_strided_window_max_matches_sliding_window():
    case = _generic([("a", (9,), "f32"), ("k", (3,), "f32")], (4, 3), ("parallel", "reduction"),
                    [["d0*2 + d1"], ["d1"]], IN0, "f32", "max")
    env = evaluate(case)
    windows = np.lib.stride_tricks.sliding_window_view(env["a"].data, 3)[::2]
    np.testing.assert_array_equal(env["g"].data, windows.max(axis=1))


def test_generic_broadcast_and_reversed_access():
    body = W.Expr("sub", (IN0, IN1))
    case = _generic([("a", (3, 4), "i32"), ("b", (4,), "i32")], (3, 4), ("parallel", "parallel"),
                    [["d0", "d1"], ["-d1 + 3"]], body, "i32")
    env = evaluate(case)
    np.testing.assert_array_equal(env["g"].data, env["a"].data - env["b"].data[::-1][None, :])


def test_round_is_half_to_even_and_float_to_int_truncates():
    half = W.Expr("mul", (W.Expr("cast", (IN0,), dtype="f32"), W.Expr("const", dtype="f32", value=0.5)))
    body = W.Expr("cast", (W.Expr("round", (half,)),), dtype="i32")
    case = _generic([("a", (8,), "i32")], (8,), ("parallel",), [["d0"]], body, "i32")
    env = evaluate(case)
    np.testing.assert_array_equal(env["g"].data, np.rint(env["a"].data * 0.5).astype(np.int64))
    trunc = _generic([("a", (8,), "f32")], (8,), ("parallel",), [["d0"]], W.Expr("cast", (IN0,), dtype="i32"), "i32")
    e2 = evaluate(trunc)
    np.testing.assert_array_equal(e2["g"].data, np.trunc(e2["a"].data).astype(np.int64))


def test_int_narrowing_cast_wraps():
    body = W.Expr("cast", (W.Expr("mul", (IN0, W.Expr("const", dtype="i32", value=100))),), dtype="i8")
    env = evaluate(_generic([("a", (8,), "i32")], (8,), ("parallel",), [["d0"]], body, "i8"))
    np.testing.assert_array_equal(env["g"].as_declared(), (env["a"].data * 100).astype(np.int8))


def test_f16_accumulating_conv_rounds_each_product():
    x = 1 + 2.0 ** -10  # x*x = 1 + 2^-9 + 2^-20: the 2^-20 is lost in an f16 product, kept in f32
    case = W.Case((W.Tensor("x", (1, 1, 1, 1), "f16", W.ValueSpec("int", 0, 1, 1)),
                   W.Tensor("w", (1, 1, 1, 1), "f16", W.ValueSpec("int", 0, 1, 1))),
                  (W.Conv2d("c", ("x", "w"), "NHWC", acc="f16"),), ("c",))
    v = {"x": np.full((1, 1, 1, 1), x, np.float16), "w": np.full((1, 1, 1, 1), x, np.float16)}
    assert float(reference_outputs(case, v)[0].item()) == 1 + 2.0 ** -9
    f32 = W.Case(case.inputs, (W.Conv2d("c", ("x", "w"), "NHWC", acc="f32"),), ("c",))
    assert float(reference_outputs(f32, v)[0].item()) == np.float32(x * x)


def test_i32_accumulation_overflow_is_undefined():
    case = _generic([("a", (4, 3), "i32")], (4, 3), ("parallel", "reduction"), [["d0", "d1"]],
                    W.Expr("mul", (IN0, W.Expr("const", dtype="i32", value=2**30))), "i32", "add")
    with pytest.raises(UndefinedBehavior, match="overflow"):
        evaluate(case)


def test_out_of_range_float_to_int_cast_is_undefined():
    big = W.Expr("mul", (IN0, W.Expr("const", dtype="f32", value=1000.0)))
    case = _generic([("a", (8,), "f32")], (8,), ("parallel",), [["d0"]], W.Expr("cast", (big,), dtype="i8"), "i8")
    with pytest.raises(UndefinedBehavior, match="i8"):
        evaluate(case)


# ---------------------------------------------------------------- named ops, pad, quasi-affine maps


def _ints(name, shape, lo=-9, hi=9, dtype="i8"):
    return W.Tensor(name, shape, dtype, W.ValueSpec("int", sum(map(ord, name)), lo, hi))


@pytest.mark.parametrize("batch", [False, True])
@pytest.mark.parametrize("transpose", ["none", "a", "b"])
@pytest.mark.parametrize("zp", [None, (3, -2)])
def test_matmul_matches_einsum_in_every_form(batch, transpose, zp):
    m, n, k = 3, 4, 5
    ashape = (k, m) if transpose == "a" else (m, k)
    bshape = (n, k) if transpose == "b" else (k, n)
    lead = (2,) if batch else ()
    case = W.Case((_ints("a", lead + ashape), _ints("b", lead + bshape)),
                  (W.Matmul("mm", ("a", "b"), "i32", transpose, zp),), ("mm",))
    env = evaluate(case)
    za, zb = zp or (0, 0)
    a, b = env["a"].data - za, env["b"].data - zb
    a = np.swapaxes(a, -1, -2) if transpose == "a" else a
    b = np.swapaxes(b, -1, -2) if transpose == "b" else b
    np.testing.assert_array_equal(env["mm"].data, a @ b)
    assert env["mm"].exact and case.tensor_types()["mm"] == (lead + (m, n), "i32")


def test_f16_matmul_with_f16_accumulation_rounds_each_product_like_the_generic():
    x = 1 + 2.0 ** -10
    case = W.Case((_ints("a", (1, 1), dtype="f16"), _ints("b", (1, 1), dtype="f16")),
                  (W.Matmul("mm", ("a", "b"), "f16"),), ("mm",))
    v = {"a": np.full((1, 1), x, np.float16), "b": np.full((1, 1), x, np.float16)}
    assert float(reference_outputs(case, v)[0].item()) == 1 + 2.0 ** -9


def _naive_pool(x, mode, window, stride, dilation):
    n, h, w, c = x.shape
    oh, ow = (h - dilation[0] * (window[0] - 1) - 1) // stride[0] + 1, (w - dilation[1] * (window[1] - 1) - 1) // stride[1] + 1
    out = np.zeros((n, oh, ow, c), np.int64)
    for b, i, j, ch in itertools.product(range(n), range(oh), range(ow), range(c)):
        taps = [int(x[b, i * stride[0] + ky * dilation[0], j * stride[1] + kx * dilation[1], ch])
                for ky in range(window[0]) for kx in range(window[1])]
        out[b, i, j, ch] = max(taps) if mode == "max" else sum(taps)
    return out


@pytest.mark.parametrize("mode", ["max", "sum"])
@pytest.mark.parametrize("layout", ["NHWC", "NCHW"])
def test_pool_matches_direct_definition(mode, layout):
    xs = (2, 7, 8, 3) if layout == "NHWC" else (2, 3, 7, 8)
    op = W.Pool2d("p", ("x",), mode, layout, (3, 2), (2, 1), (1, 2), "i32")
    env = evaluate(W.Case((_ints("x", xs, -100, 100),), (op,), ("p",)))
    x = env["x"].data if layout == "NHWC" else env["x"].data.transpose(0, 2, 3, 1)
    expected = _naive_pool(x, mode, op.window, op.stride, op.dilation)
    got = env["p"].data if layout == "NHWC" else env["p"].data.transpose(0, 2, 3, 1)
    np.testing.assert_array_equal(got, expected)


def test_pad_fills_every_new_element_with_its_value():
    op = W.Pad("p", ("x",), (0, 2, 1), (1, 0, 3), -5)
    env = evaluate(W.Case((_ints("x", (2, 3, 4)),), (op,), ("p",)))
    np.testing.assert_array_equal(env["p"].data, np.pad(env["x"].data, ((0, 1), (2, 0), (1, 3)), constant_values=-5))
    assert env["p"].exact and env["p"].data.shape == (3, 5, 8)


def test_quasi_affine_reads_follow_floor_division():
    """out[i, j] = a[(i*4 + j) floordiv 3, j mod 2]: Python's // and % on the loop indices."""
    case = _generic([("a", (5, 2), "i32")], (3, 4), ("parallel", "parallel"),
                    [["(d0*4 + d1) floordiv 3", "d1 mod 2"]], IN0, "i32")
    env = evaluate(case)
    a = env["a"].data
    expected = [[a[(i * 4 + j) // 3, j % 2] for j in range(4)] for i in range(3)]
    np.testing.assert_array_equal(env["g"].data, expected)


def test_integer_division_body_by_tensor_values_with_negative_operands():
    body = W.Expr("add", (W.Expr("floordiv", (IN0, IN1)), W.Expr("truncmod", (IN0, IN1))))
    case = W.Case((_ints("a", (6,), -50, 50, "i32"), W.Tensor("b", (6,), "i32", W.ValueSpec("int", 4, 1, 7))),
                  (W.Generic("g", ("a", "b"), (6,), ("parallel",), ((W.Affine((1,)),), (W.Affine((-1,), 5),)),
                             body, "i32"),), ("g",))
    env = evaluate(case)
    a, b = env["a"].data, env["b"].data[::-1]
    np.testing.assert_array_equal(env["g"].data, a // b + np.fmod(a, b))
    zero = W.Case((case.inputs[0], W.Tensor("b", (6,), "i32", W.ValueSpec("int", 4, -1, 1))), case.ops, ("g",))
    with pytest.raises(UndefinedBehavior, match="may be 0"):
        evaluate(zero)
