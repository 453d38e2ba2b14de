"""Simplify input values: small integers, then fewer distinct values, down to all ones or zeros, and
last one value from the ends of the current range (a splat of the largest keeps an overflow that small
values lose: exp of a large input, a product past the accumulator's range; splats keep their values
whatever shape shrink-dims gives them)."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.case.workload import Case, ValueSpec

LADDER = ((-4, 4), (-1, 1), (0, 1), (1, 1), (0, 0))


def complexity(spec: ValueSpec) -> int:
    return spec.high - spec.low + 1 if spec.dist == "int" else 10**6


def candidates(case: Case) -> Iterator[Case]:
    for k, t in enumerate(case.inputs):
        ends = ((t.values.high, t.values.high), (t.values.low, t.values.low)) if t.values.dist == "int" else ()
        for low, high in LADDER + ends:
            spec = ValueSpec("int", t.values.seed, low, high, base_shape=t.values.base_shape,
                             base_offset=t.values.base_offset)
            if complexity(spec) < complexity(t.values):
                yield replace(case, inputs=case.inputs[:k] + (replace(t, values=spec),) + case.inputs[k + 1:])
