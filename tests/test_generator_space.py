"""The wide generator space: larger, deeper, still valid, UB-free and deterministic."""
from math import prod

from fuzz.generator import DEFAULT, WIDE, acceptable, generate
from fuzz.reducer import elements
from fuzz.reference import evaluate
import json

from fuzz.workload import Conv2d, dumps, from_json

SEEDS = range(40)


def test_wide_cases_are_larger_deeper_and_reach_chained_convs():
    wide = [generate(s, WIDE) for s in SEEDS]
    default = [generate(s, DEFAULT) for s in SEEDS]
    assert sum(map(elements, wide)) > 3 * sum(map(elements, default))
    assert max(len(c.ops) for c in wide) >= 4 > max(len(c.ops) for c in default)
    assert any(sum(isinstance(o, Conv2d) for o in c.ops) >= 2 for c in wide)
    extents = {d for c in wide for s, _ in c.tensor_types().values() for d in s}
    assert extents & {15, 17, 31, 33, 65}


def test_wide_cases_are_valid_deterministic_and_round_trip():
    for s in SEEDS:
        case = generate(s, WIDE)
        assert case == generate(s, WIDE) and case.name == f"wide{s}"
        assert acceptable(case, space=WIDE)
        assert from_json(json.loads(dumps(case))) == case
        assert all(prod(v.data.shape) == prod(case.tensor_types()[n][0]) for n, v in evaluate(case).items())
