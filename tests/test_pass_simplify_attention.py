"""simplify-attention: the mask goes (with the input that held it), then the scale goes to 1."""
from dataclasses import replace

from fuzz.case.ops.attention import Attention
from fuzz.case.workload import load
from fuzz.reduce.passes import simplify_attention
from fuzz.reduce.reducer import size, valid
from tests import ROOT

ATTENTION = ROOT / "tests" / "cases" / "attention-bf16-boolean-mask-seed177.json"


def _attention(case) -> Attention:
    return next(op for op in case.ops if isinstance(op, Attention))


def test_the_mask_is_dropped_with_its_input_first():
    case = load(ATTENTION)
    first = next(simplify_attention.candidates(case))
    assert valid(first) and _attention(first).mask == "none"
    assert [t.name for t in first.inputs] == ["in0", "in1", "in2"] and size(first) < size(case)


def test_the_scale_goes_to_one_and_counts_as_simpler():
    case = load(ATTENTION)
    op = _attention(case)
    scaled = replace(case, ops=(replace(op, mask="none", inputs=op.inputs[:3], scale=0.125),),
                     inputs=case.inputs[:3])
    (one,) = list(simplify_attention.candidates(scaled))
    assert valid(one) and _attention(one).scale == 1.0 and size(one) < size(scaled)


def test_an_attention_with_no_mask_and_scale_one_has_nothing_to_simplify():
    case = load(ATTENTION)
    op = _attention(case)
    plain = replace(case, ops=(replace(op, mask="none", inputs=op.inputs[:3], scale=1.0),), inputs=case.inputs[:3])
    assert not list(simplify_attention.candidates(plain))
