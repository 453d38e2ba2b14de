"""``shape:unit`` (fuzz/generate/units.py): a case of generics rewritten to unit loop extents stays valid, reads
what its maps read at the origin, and is left alone where that cannot hold."""
from dataclasses import replace

import numpy as np

from fuzz.case import workload as W
from fuzz.case.ops.affine import Affine
from fuzz.case.ops.generic import Generic
from fuzz.case.values import materialize_all
from fuzz.generate import units
from fuzz.generate.features import of
from fuzz.generate.generator import generate
from fuzz.generate.swarm import parse
from fuzz.judge.reference import evaluate
from tests import small

UNIT = small(parse(True, "", "shape:unit"))


def test_pinned_cases_are_valid_unit_cases_whose_reference_runs():
    for seed in range(12):
        case = generate(seed, swarm=UNIT)
        assert units.is_unit(case) and "shape:unit" in of(case)
        assert W.from_json(W.to_json(case)) == case  # the loader's checks: every read inside its tensor
        with np.errstate(all="ignore"):
            values = evaluate(case, materialize_all(case))
        assert all(values[o].data.size == 1 for o in case.outputs), seed



def _chained() -> W.Case:
    """A pinned unit case whose second op reads the first op's result (the seeds' first such case)."""
    return next(c for c in (generate(s, swarm=UNIT) for s in range(40))
                if len(c.ops) > 1 and c.ops[0].name in c.ops[1].inputs)


def _grown(case: W.Case, by: int) -> W.Case:
    """The case with every loop extent and input dim ``by`` larger (still valid for plain and offset reads)."""
    return replace(case, inputs=tuple(replace(t, shape=tuple(n + by for n in t.shape)) for t in case.inputs),
                   ops=tuple(replace(op, dims=tuple(d + by for d in op.dims)) for op in case.ops))


def test_an_offset_read_keeps_the_index_it_reads_and_a_result_read_off_origin_is_refused():
    case = _chained()
    g, h = case.ops[0], case.ops[1]
    name = g.inputs[0]
    shifted = replace(g, maps=(tuple(replace(a, offset=a.offset + 2) for a in g.maps[0]),) + g.maps[1:])
    drawn = _grown(replace(case, ops=(shifted,) + case.ops[1:]), 2)
    unit = units.unit(drawn, False, None)
    assert unit is not None and units.is_unit(unit)
    reads = [m for op in drawn.ops for i, m in zip(op.inputs, op.maps) if i == name]
    want = tuple(max(int(m[d].evaluate((0,) * 8)) + 1 for m in reads) for d in range(len(g.maps[0])))
    assert next(t for t in unit.inputs if t.name == name).shape == want and min(want) >= 3  # the +2 kept
    assert W.from_json(W.to_json(unit)) == unit
    assert units.unit(unit, False, None) is None  # already unit
    k = h.inputs.index(g.name)
    off = replace(h, maps=h.maps[:k] + (tuple(replace(a, offset=a.offset + 1) for a in h.maps[k]),) + h.maps[k + 1:])
    assert units.unit(_grown(replace(case, ops=(g, off) + case.ops[2:]), 1), False, None) is None


def test_a_conv_a_dynamic_case_and_a_real_size_case_are_left_alone():
    conv = generate(0, swarm=small(parse(True, "", "kind:conv")))
    assert units.unit(conv, False, None) is None
    case = generate(0, swarm=UNIT)
    assert units.unit(replace(case, note=case.note + " size=real layer=\"x\""), False, None) is None
