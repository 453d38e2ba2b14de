"""The generator: deterministic, valid, UB-free, covering every workload shape, never splat."""
import json
from collections import Counter

import numpy as np
from hypothesis import given, settings

from fuzz.case import workload as W
from fuzz.case.values import materialize_all
from fuzz.generate import features
from fuzz.generate.floats import NEW_FLOATS
from fuzz.generate import sizes
from fuzz.generate.generator import DEFAULT, KINDS, WEIGHT_ONLY, acceptable, cases, generate, rounds
from fuzz.generate.swarm import FULL, Swarm
from fuzz.judge.reference import evaluate
from tests import small

SEEDS = range(150)


def test_same_seed_same_case():
    assert all(generate(s, swarm=small()) == generate(s, swarm=small()) for s in range(20))
    assert generate(1, swarm=small()) != generate(2, swarm=small())


def test_every_kind_and_attribute_appears():
    generated = [generate(s, swarm=small(FULL)) for s in SEEDS]
    kinds = Counter(c.note.split()[1].split("=")[1] for c in generated)
    assert set(kinds) == set(KINDS) | {WEIGHT_ONLY, "attention"}  # both drawn by the seed's own stream, not the kind pick
    convs = [op for c in generated for op in c.ops if isinstance(op, W.Conv2d)]
    assert {op.layout for op in convs} == {"NHWC", "NCHW"}
    assert any(op.groups > 1 for op in convs) and any(op.groups == 1 for op in convs)
    assert any(op.stride != (1, 1) for op in convs) and any(op.dilation != (1, 1) for op in convs)
    assert any(any(op.padding) for op in convs)
    assert {op.acc for op in convs} == {"f16", "f32", "i32"}
    generics = [op for c in generated for op in c.ops if isinstance(op, W.Generic)]
    coeffs = [a.coeffs for op in generics for m in op.maps for a in m]
    assert any(sum(1 for x in c if x) > 1 for c in coeffs), "no strided window access"
    assert any(min(c) < 0 for c in coeffs), "no reversed access"
    assert any(len(m) < len(op.dims) for op in generics for m in op.maps), "no broadcast access"
    assert {op.reduce for op in generics} >= {None, "add", "max", "min"}


def _ops(cases, kind):
    return [op for c in cases for op in c.ops if isinstance(op, kind)]


def test_named_ops_appear_in_every_form():
    generated = [generate(s, swarm=small(FULL)) for s in range(300)]
    mms = _ops(generated, W.Matmul)
    assert {op.transpose for op in mms} == {"none", "a", "b"} and any(op.zero_points for op in mms)
    assert {op.acc for op in mms} == {"f16", "f32", "i32"} and {op.form for op in mms} == {"named", "generic"}
    batched = {len(c.tensor_types()[op.inputs[0]][0]) for c in generated for op in c.ops if isinstance(op, W.Matmul)}
    assert batched == {2, 3}
    pools = _ops(generated, W.Pool2d)
    assert {op.mode for op in pools} == {"max", "sum"} and {op.layout for op in pools} == {"NHWC", "NCHW"}
    assert any(op.stride != (1, 1) for op in pools) and any(op.dilation != (1, 1) for op in pools)
    assert any(op.value != 0 for op in _ops(generated, W.Pad))
    assert any(op.zero_points for op in _ops(generated, W.Conv2d))


def test_quasi_affine_reads_come_mostly_in_the_single_dimension_form_iree_tiles():
    results = [a for c in (generate(s, swarm=small(FULL)) for s in range(300)) for op in c.ops
               if isinstance(op, W.Generic) for m in op.maps for a in m if a.divs]
    single = [a for a in results if "map:compound" not in features._map((a,), len(a.coeffs))]
    assert {t.op for a in single for t in a.divs} == {"floordiv", "mod"}
    assert len(results) > 40 and len(results) / 2 < len(single) < len(results)  # compound: a third of the time


def _body_ops(cases) -> Counter:
    return Counter(o for c in cases for op in c.ops if isinstance(op, W.Generic) for o in W.expr_ops(op.body))


def test_every_body_op_is_drawn_and_integer_divisors_are_never_zero():
    generated = [generate(s, swarm=small(FULL)) for s in range(400)]
    assert set(W.SCALAR_OPS) <= set(_body_ops(generated)), set(W.SCALAR_OPS) - set(_body_ops(generated))
    divs = [e for c in generated for op in c.ops if isinstance(op, W.Generic) for e in _nodes(op.body)
            if e.op in ("floordiv", "floormod", "truncdiv", "truncmod")]
    constants = {e.args[1].value for e in divs if e.args[1].op == "const"}
    assert 0 not in constants and any(v < 0 for v in constants) and any(v > 0 for v in constants)
    assert any(e.args[1].op != "const" for e in divs)  # by tensor values too
    for case in generated:  # no division by zero, no INT_MIN / -1: the reference would raise
        evaluate(case)


def _nodes(e):
    yield e
    for a in e.args:
        yield from _nodes(a)


def test_dag_patterns_share_values_and_return_several_outputs():
    generated = [generate(s, swarm=small(FULL)) for s in range(200)]
    by_kind = {k: [c for c in generated if f"kind={k} " in c.note] for k in ("softmax", "norm", "residual", "fanout")}
    for kind, cs in by_kind.items():
        assert cs and all("dag:shared" in features.of(c) for c in cs), kind
        assert any(len(c.outputs) > 1 for c in cs), kind
    residual = by_kind["residual"][0]
    conv = residual.ops[0]
    assert any(conv.inputs[0] in op.inputs and conv.name in op.inputs for op in residual.ops[1:])


def test_inputs_are_never_splat():
    for s in SEEDS:
        for name, a in materialize_all(generate(s, swarm=small())).items():
            if a.size > 3:
                assert len(np.unique(a)) > 1, f"seed {s}: input {name} is splat"


def _newer_float(case: W.Case) -> bool:
    """Retyped to bf16 or a float8 type (fuzz/generate/floats.py): drawn exact for f16, not required exact in a
    type whose fewer significand bits round the same small integers."""
    return any(t.dtype in NEW_FLOATS for t in case.inputs)


def test_exact_mode_cases_are_exact_end_to_end_where_their_ops_allow():
    """Exact inputs: every partial sum in every order is representable, so the certified bound is zero, unless
    the case declares an op its semantics round (exp, tanh, sigmoid, div, sqrt: a softmax)."""
    limit = {"f16": 2048, "f32": 2**24}
    generated = [generate(s, swarm=small(swarm)) for s in SEEDS for swarm in (FULL, Swarm())]
    exact_cases = [c for c in generated if "inputs=exact" in c.note and not _newer_float(c)]
    assert len(exact_cases) > len(generated) // 4
    assert sum(rounds(c) for c in exact_cases) < len(exact_cases) // 4
    for case in exact_cases:
        env = evaluate(case)
        types = case.tensor_types()
        assert rounds(case) or all(env[n].exact for n in case.outputs), case.name
        for op in case.ops:
            sums = isinstance(op, (W.Conv2d, W.Matmul)) or getattr(op, "reduce", getattr(op, "mode", "")) in ("add", "sum")
            if types[op.name][1] in limit and sums and env[op.name].exact:
                assert env[op.name].magnitude.max() <= limit[types[op.name][1]], case.name
    norms = [c for c in exact_cases if "kind=norm" in c.note]
    assert norms and not any(rounds(c) for c in norms)  # the centred values and the variance: exact


def test_generated_cases_are_acceptable_and_small():
    """...small, or within the real-size budget where the seed's size stream drew a real-size case
    (fuzz/generate/sizes.py; tests/test_sizes.py holds the rest of that budget)."""
    for s in SEEDS:
        case = generate(s, swarm=small())
        real = "size=real" in case.note
        assert acceptable(case, "inputs=exact" in case.note, sizes.REAL if real else DEFAULT)
        most = sizes.BUDGET.inputs if real else 100_000
        assert all(np.prod(shape) <= most for shape, _ in case.tensor_types().values())


@settings(max_examples=60, deadline=None)
@given(cases())
def test_strategy_cases_are_valid_and_defined(case):
    W.from_json(json.loads(W.dumps(case)))
    evaluate(case)  # raises UndefinedBehavior if the generator let UB through


def test_a_residual_whose_draw_left_only_grouped_convs_is_still_generated():
    """Seed 689's swarm draw kept kind:residual and, of the conv groupings, only conv:grouped: the residual
    family knew dense and depthwise alone, so all 200 draws failed and the campaign would have stopped."""
    from fuzz.generate.swarm import parse
    assert generate(689, swarm=parse(True, "size:real", "")).ops[0].groups > 1  # its ordinary case (689 is real-size)
    only_grouped = parse(True, "dense,depthwise", "kind:residual")
    for seed in range(20):
        case = generate(seed, swarm=small(only_grouped))
        conv = next(op for op in case.ops if isinstance(op, W.Conv2d))  # a float8 retype widens the inputs first
        assert conv.groups > 1 and "conv:grouped" in features.of(case), seed
