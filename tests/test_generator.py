"""The generator: deterministic, valid, UB-free, covering every workload shape, never splat."""
import json
from collections import Counter

import numpy as np
from hypothesis import given, settings

from fuzz import workload as W
from fuzz.generator import KINDS, acceptable, cases, generate
from fuzz.reference import evaluate
from fuzz.values import materialize_all

SEEDS = range(150)


def test_same_seed_same_case():
    assert all(generate(s) == generate(s) for s in range(20))
    assert generate(1) != generate(2)


def test_every_kind_and_attribute_appears():
    generated = [generate(s) for s in SEEDS]
    kinds = Counter(c.note.split()[1].split("=")[1] for c in generated)
    assert set(kinds) == set(KINDS)
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


def test_inputs_are_never_splat():
    for s in SEEDS:
        for name, a in materialize_all(generate(s)).items():
            if a.size > 3:
                assert len(np.unique(a)) > 1, f"seed {s}: input {name} is splat"


def test_exact_mode_cases_are_exact_end_to_end():
    """Exact inputs: every partial sum in every order is representable, so the certified bound is zero."""
    limit = {"f16": 2048, "f32": 2**24}
    exact_cases = [c for c in map(generate, SEEDS) if "inputs=exact" in c.note]
    assert len(exact_cases) > len(SEEDS) // 4
    for case in exact_cases:
        env = evaluate(case)
        assert all(env[n].exact for n in case.outputs), case.name
        for op in case.ops:
            acc = op.acc if isinstance(op, W.Conv2d) else op.out
            if acc in limit and (isinstance(op, W.Conv2d) or op.reduce == "add"):
                assert env[op.name].magnitude.max() <= limit[acc], case.name


def test_generated_cases_are_acceptable_and_small():
    for s in SEEDS:
        case = generate(s)
        assert acceptable(case, "inputs=exact" in case.note)
        assert all(np.prod(shape) <= 100_000 for shape, _ in case.tensor_types().values())


@settings(max_examples=60, deadline=None)
@given(cases())
def test_strategy_cases_are_valid_and_defined(case):
    W.from_json(json.loads(W.dumps(case)))
    evaluate(case)  # raises UndefinedBehavior if the generator let UB through
