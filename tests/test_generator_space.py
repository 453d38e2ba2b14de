"""The wide generator space: larger, deeper, still valid, UB-free and deterministic."""
import json
from math import prod

from fuzz.case.workload import Conv2d, Generic, dumps, from_json
from fuzz.generate.generator import DEFAULT, WIDE, acceptable, generate
from fuzz.generate.swarm import FULL, Swarm, parse
from fuzz.judge.reference import evaluate
from fuzz.reduce.reducer import elements
from tests import small

SEEDS = range(40)


def test_wide_cases_are_larger_deeper_and_reach_chained_convs():
    wide = [generate(s, WIDE, swarm=small()) for s in SEEDS]
    default = [generate(s, DEFAULT, swarm=small()) for s in SEEDS]
    assert sum(map(elements, wide)) > 3 * sum(map(elements, default))
    assert max(len(c.ops) for c in wide) > max(len(c.ops) for c in default)
    assert any("chained=" in c.note and not c.note.endswith("chained=0") for c in wide)
    full = [generate(s, WIDE, small(FULL)) for s in range(100)]  # chained convs: a few percent of the full stream
    assert any(sum(isinstance(o, Conv2d) for o in c.ops) >= 2 for c in full)
    extents = {d for c in wide for s, _ in c.tensor_types().values() for d in s}
    assert extents & {15, 17, 31, 33, 65}


def test_wide_cases_are_valid_deterministic_and_round_trip():
    for s in SEEDS:
        case = generate(s, WIDE, swarm=small())
        assert case == generate(s, WIDE, swarm=small()) and case.name == f"wide{s}"
        assert acceptable(case, space=WIDE)
        assert from_json(json.loads(dumps(case))) == case
        assert all(prod(v.data.shape) == prod(case.tensor_types()[n][0]) for n, v in evaluate(case).items())


def _int8_to_int8_elementwise(case):
    types = case.tensor_types()
    fresh = {t.name for t in case.inputs}
    return any(isinstance(o, Generic) and "reduction" not in o.iterators and o.out == "i8"
               and any(n in fresh and types[n][1] == "i8" for n in o.inputs) for o in case.ops)


def test_only_the_wide_space_draws_int8_to_int8_elementwise_generics():
    """The blind spot behind the Hexagon vlut-gather bug: int8 tensors transposed, reversed or broadcast."""
    elementwise = parse(False, only="elementwise")
    assert sum(_int8_to_int8_elementwise(generate(s, WIDE, small(elementwise))) for s in range(100)) >= 5
    assert sum(_int8_to_int8_elementwise(generate(s, WIDE, small(FULL))) for s in range(200)) >= 2
    assert sum(_int8_to_int8_elementwise(generate(s, WIDE, swarm=small())) for s in range(200)) >= 1  # rarer with swarm
    assert not any(_int8_to_int8_elementwise(generate(s, DEFAULT, small(swarm)))
                   for s in range(100) for swarm in (FULL, Swarm(), elementwise))
