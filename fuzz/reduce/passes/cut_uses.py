"""DAG cases: drop one of several outputs, or cut one use of a value read several times.

A value that feeds several ops (softmax's row maximum, a conv and its residual add) keeps its other
consumers when one of them reads a fresh input of the same type instead: the candidate tells whether the
failure needs the value to be shared, which is what fusion changes."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.case.workload import Case
from fuzz.reduce.passes.common import fresh_input, prune


def _uses(case: Case, name: str) -> int:
    return sum(op.inputs.count(name) for op in case.ops) + case.outputs.count(name)


def candidates(case: Case) -> Iterator[Case]:
    if len(case.outputs) > 1:
        for out in case.outputs:
            yield prune(replace(case, outputs=tuple(o for o in case.outputs if o != out)))
    types = case.tensor_types()
    produced = {op.name for op in case.ops}
    for k, op in enumerate(case.ops):
        for i, name in enumerate(op.inputs):
            if name not in produced or _uses(case, name) < 2:
                continue
            fresh = f"{name}_{op.name}_in"
            cut = replace(op, inputs=op.inputs[:i] + (fresh,) + op.inputs[i + 1:])
            yield prune(replace(case, ops=case.ops[:k] + (cut,) + case.ops[k + 1:],
                                inputs=case.inputs + (fresh_input(case, fresh, *types[name]),)))
