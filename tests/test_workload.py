"""The case format: round trips, and clear one-line errors for malformed cases."""
import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzz.case import workload as W
from fuzz.generate.generator import cases, generate
from tests import ROOT, small


@settings(max_examples=60, deadline=None)
@given(cases())
def test_generated_case_round_trips_through_json(case):
    assert W.from_json(json.loads(W.dumps(case))) == case


@given(st.lists(st.integers(-5, 5), min_size=1, max_size=4), st.integers(-9, 9))
def test_affine_text_round_trips(coeffs, offset):
    a = W.Affine(tuple(coeffs), offset)
    assert W.parse_affine(str(a), len(coeffs), "t") == a


def test_affine_range_covers_reversed_access():
    a = W.parse_affine("-d0 + 4", 1, "t")
    assert a.range((5,)) == (0, 4)


def _seed_json():
    return W.to_json(generate(3, swarm=small()))


def _mutate(path, value):
    j = _seed_json()
    target = j
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return j


MALFORMED = [
    (("format",), "kernelfuzz.case/99", "format"),
    (("inputs", 0, "dtype"), "f64", "dtype"),
    (("inputs", 0, "shape"), [0, 3], r"shape\[0\]: 0 is out of range; use an integer in \[1, "),
    (("inputs", 0, "values", "dist"), "splat", "values.dist: 'splat' is not one of int, normal"),
    (("inputs", 0, "values"), KeyError, "missing field"),
    (("ops", 0, "inputs", 0), "nope", "not defined"),
    (("ops", 0, "kind"), "winograd", "kind: 'winograd' is not one of conv2d, generic, matmul"),
    (("outputs",), ["ghost"], "ghost"),
    (("outputs",), [], "at least one output"),
]


@pytest.mark.parametrize("path,value,fragment", MALFORMED)
def test_malformed_case_names_the_problem(path, value, fragment):
    with pytest.raises(W.WorkloadError, match=fragment):
        W.from_json(_mutate(path, value))


def _generic_case(**changes):
    base = dict(inputs=(W.Tensor("a", (4, 3), "f32", W.ValueSpec("normal", 1)),),
                ops=(W.Generic("g", ("a",), (4, 3), ("parallel", "reduction"),
                               ((W.Affine((1, 0)), W.Affine((0, 1))),), W.Expr("in", index=0), "f32", "add"),),
                outputs=("g",))
    base.update(changes)
    return W.Case(**base)


def test_generic_rejects_out_of_bounds_map():
    op = W.Generic("g", ("a",), (4, 3), ("parallel", "reduction"),
                   ((W.Affine((1, 0)), W.Affine((0, 1), 1)),), W.Expr("in", index=0), "f32", "add")
    with pytest.raises(W.WorkloadError, match="outside"):
        _generic_case(ops=(op,)).tensor_types()


def test_generic_rejects_mixed_dtype_body():
    body = W.Expr("add", (W.Expr("in", index=0), W.Expr("const", dtype="f16", value=1.0)))
    op = W.Generic("g", ("a",), (4, 3), ("parallel", "parallel"), ((W.Affine((1, 0)), W.Affine((0, 1))),), body, "f32")
    with pytest.raises(W.WorkloadError, match="explicit cast"):
        _generic_case(ops=(op,)).tensor_types()


def test_generic_rejects_unrepresentable_constant():
    body = W.Expr("add", (W.Expr("in", index=0), W.Expr("const", dtype="f32", value=0.1)))
    op = W.Generic("g", ("a",), (4, 3), ("parallel", "parallel"), ((W.Affine((1, 0)), W.Affine((0, 1))),), body, "f32")
    with pytest.raises(W.WorkloadError, match="representable"):
        _generic_case(ops=(op,)).tensor_types()


def test_reduction_dim_must_be_read_plainly_for_linalg():
    op = W.Generic("g", ("a",), (2, 2), ("parallel", "reduction"),
                   ((W.Affine((1, 1)), W.Affine((0, 0))),), W.Expr("in", index=0), "f32", "add")
    with pytest.raises(W.WorkloadError, match="plain d1"):
        _generic_case(ops=(op,)).tensor_types()


def test_conv_groups_must_divide_channels():
    j = json.loads(open(f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json").read())
    j["ops"][0]["groups"] = 3
    with pytest.raises(W.WorkloadError, match="groups=3"):
        W.from_json(j)


def test_load_reports_corrupt_file_by_name(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text('{"format": "kernelfuzz.case/1", "inputs": [')
    with pytest.raises(W.WorkloadError, match="broken.json: not valid JSON"):
        W.load(p)
    assert p.read_text().startswith('{"format"')  # the file is left as it was


def test_seed_cases_load():
    for name in ("tvm-hexagon-conv2d-fp16", "iree-sdxl-int8-conv-requant"):
        case = W.load(f"{ROOT}/corpus/seeds/{name}.json")
        assert case.name == name


# ---------------------------------------------------------------- quasi-affine maps


@st.composite
def quasi_affine(draw, ndims=3):
    coeffs = tuple(draw(st.lists(st.integers(-3, 3), min_size=ndims, max_size=ndims)))
    divs = []
    for _ in range(draw(st.integers(0, 2))):
        inner = W.Affine(tuple(draw(st.lists(st.integers(-2, 4), min_size=ndims, max_size=ndims))),
                         draw(st.integers(-3, 3)))
        if not any(inner.coeffs) or any(d.inner == inner for d in divs):
            continue
        divs.append(W.Div(inner, draw(st.sampled_from(["floordiv", "mod"])), draw(st.integers(2, 7)),
                          draw(st.sampled_from([1, -1, 2, -3]))))
    return W.Affine(coeffs, draw(st.integers(-9, 9)), tuple(divs))


@given(quasi_affine())
def test_quasi_affine_text_round_trips(a):
    assert W.parse_affine(str(a), 3, "t") == a


@given(quasi_affine(), st.lists(st.integers(1, 5), min_size=3, max_size=3))
def test_quasi_affine_range_is_exactly_the_smallest_and_largest_index(a, dims):
    values = [a.evaluate(p) for p in np.ndindex(*dims)]
    assert a.range(tuple(dims)) == (min(values), max(values))


def test_quasi_affine_text_reads_like_mlir():
    """floordiv, mod and * bind tighter than + and -, left to right: 2*d0 floordiv 3 is (2*d0) floordiv 3."""
    a = W.parse_affine("2*d0 floordiv 3 + d1 mod 5 - 1", 2, "t")
    assert [a.evaluate((i, j)) for i, j in [(0, 0), (4, 7), (5, 2)]] == [-1, 2 + 2 - 1, 3 + 2 - 1]
    assert str(a) == "(d0*2) floordiv 3 + d1 mod 5 - 1"
    assert str(W.parse_affine("(d0 floordiv 2)*3 - d1 mod 4", 2, "t")) == "(d0 floordiv 2)*3 - d1 mod 4"
    assert W.parse_affine("d1*2 + 3", 2, "t") == W.Affine((0, 2), 3)  # affine text is read as before


@pytest.mark.parametrize("text,fragment", [("d0 floordiv 1", ">= 2"), ("d0 mod d1", "divides by a dim"),
                                           ("(d0 floordiv 2) floordiv 2", "nests"), ("d0 * d1", "two dims"),
                                           ("d0 floordiv", "ends too early"), ("d0 % 2", "cannot parse")])
def test_malformed_quasi_affine_text_names_the_problem(text, fragment):
    with pytest.raises(W.WorkloadError, match=fragment):
        W.parse_affine(text, 2, "t")


def test_generic_rejects_a_quasi_affine_read_past_the_extent():
    op = W.Generic("g", ("a",), (4, 3), ("parallel", "reduction"),
                   ((W.parse_affine("d0", 2, "t"), W.parse_affine("(d0 + d1*2) floordiv 2", 2, "t")),),
                   W.Expr("in", index=0), "f32", "add")
    with pytest.raises(W.WorkloadError, match=r"reads \[0, 3\] outside 'a' extent 3"):
        _generic_case(ops=(op,)).tensor_types()


# ---------------------------------------------------------------- versions and named ops


def test_version_1_cases_are_written_as_version_1_and_new_constructs_as_version_2():
    old = W.load(f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json")
    assert W.to_json(old)["format"] == "kernelfuzz.case/1"
    q = replace(old, ops=(replace(old.ops[0], zero_points=(1, 2)),) + old.ops[1:])
    assert W.to_json(q)["format"] == "kernelfuzz.case/2"
    assert W.from_json(json.loads(W.dumps(q))) == q
    body = W.Expr("floordiv", (W.Expr("in", index=0), W.Expr("const", dtype="f32", value=2.0)))
    with pytest.raises(W.WorkloadError, match="floordiv needs int operands"):
        _generic_case(ops=(replace(_generic_case().ops[0], body=body),)).tensor_types()


def test_every_corpus_case_loads_and_saves_back_unchanged():
    paths = [p for p in Path(f"{ROOT}/corpus").rglob("*.json") if '"kernelfuzz.case/' in p.read_text()[:200]]
    assert len(paths) >= 10
    for p in paths:
        assert W.to_json(W.load(p)) == json.loads(p.read_text()), p


def _named_case():
    vs = W.ValueSpec("int", 1, -3, 3)
    ts = (W.Tensor("a", (2, 4, 5), "i8", vs), W.Tensor("b", (2, 3, 5), "i8", vs), W.Tensor("x", (1, 6, 6, 3), "f16", vs))
    ops = (W.Matmul("mm", ("a", "b"), "i32", "b", (1, -2)), W.Pad("p", ("x",), (0, 1, 1, 0), (0, 2, 0, 0), -2.5),
           W.Pool2d("pool", ("p",), "max", "NHWC", (3, 2), (2, 1), (1, 2), "f32", "generic"))
    return W.Case(ts, ops, ("mm", "pool"))


def test_named_ops_round_trip_and_infer_their_shapes():
    case = _named_case()
    assert W.from_json(json.loads(W.dumps(case))) == case
    types = case.tensor_types()
    assert types["mm"] == ((2, 4, 3), "i32") and types["p"] == ((1, 9, 7, 3), "f16")
    assert types["pool"] == ((1, 4, 5, 3), "f32")


@pytest.mark.parametrize("edit,fragment", [
    (lambda c: replace(c.ops[0], transpose="none"), "K=5 but B has K=3"),
    (lambda c: replace(c.ops[0], acc="f32"), "i8 inputs with f32 accumulation"),
    (lambda c: replace(c.ops[0], zero_points=(200, 0)), "int8 values"),
    (lambda c: replace(c.ops[1], value=0.1), "not exactly representable in f16"),
    (lambda c: replace(c.ops[1], low=(0, 1)), "one entry per dim"),
    (lambda c: replace(c.ops[2], window=(10, 2)), "does not fit the image"),
    (lambda c: replace(c.ops[2], acc="i32"), "cannot be held exactly in i32"),
])
def test_malformed_named_op_names_the_problem(edit, fragment):
    case = _named_case()
    new = edit(case)
    ops = tuple(new if op.name == new.name else op for op in case.ops)
    with pytest.raises(W.WorkloadError, match=fragment):
        replace(case, ops=ops).tensor_types()


def test_outputs_must_be_distinct_values_computed_by_ops():
    with pytest.raises(W.WorkloadError, match="twice"):
        replace(_named_case(), outputs=("mm", "mm")).tensor_types()
    with pytest.raises(W.WorkloadError, match="case input"):
        replace(_named_case(), outputs=("a",)).tensor_types()
