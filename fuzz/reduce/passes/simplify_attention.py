"""Simplify attention's attributes: drop the mask (its input, or the ops that made it, go with it), then take
the scale to 1.  A boolean mask is not made additive: that is another lowering to the compilers, not a simpler one.

Its sizes (batch, sequence, head and key lengths) are ``shrink_linked``'s: they are shared with Q, K, V and the
mask, and through them with whatever made those."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.case.ops.attention import Attention
from fuzz.case.workload import Case
from fuzz.reduce.passes.common import prune


def _swap(case: Case, old: Attention, new: Attention) -> Case:
    return replace(case, ops=tuple(new if op is old else op for op in case.ops))


def candidates(case: Case) -> Iterator[Case]:
    for op in case.ops:
        if not isinstance(op, Attention):
            continue
        if op.mask != "none":
            yield prune(_swap(case, op, replace(op, mask="none", inputs=op.inputs[:3])))
        if op.scale != 1.0:
            yield _swap(case, op, replace(op, scale=1.0))
