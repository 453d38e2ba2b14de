"""The case format: round trips, and clear one-line errors for malformed cases."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzz import workload as W
from fuzz.generator import cases, generate


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
    return W.to_json(generate(3))


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
    (("ops", 0, "inputs"), ["nope", "in1"], "not defined"),
    (("ops", 0, "kind"), "matmul", "kind: 'matmul' is not one of conv2d, generic"),
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
    j = json.loads(open("corpus/seeds/iree-sdxl-int8-conv-requant.json").read())
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
        case = W.load(f"corpus/seeds/{name}.json")
        assert case.name == name
