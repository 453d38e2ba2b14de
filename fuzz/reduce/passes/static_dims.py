"""Make dynamic dims static: every input's at once, then one input's, then one dim at a time.

If the failure survives, the dynamic-shape paths (masked or peeled vectorization, dynamic tiling, symbolic
schedules) are not what fails, and the repro is the simpler static case; if it does not, the marks stay and
the repro says the failure needs them."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.case.workload import Case


def _with(case: Case, k: int, dynamic: tuple[int, ...]) -> Case:
    return replace(case, inputs=case.inputs[:k] + (replace(case.inputs[k], dynamic=dynamic),) + case.inputs[k + 1:])


def candidates(case: Case) -> Iterator[Case]:
    marked = [k for k, t in enumerate(case.inputs) if t.dynamic]
    if len(marked) > 1:
        yield replace(case, inputs=tuple(replace(t, dynamic=()) for t in case.inputs))
    for k in marked:
        yield _with(case, k, ())
    for k in marked:
        dims = case.inputs[k].dynamic
        if len(dims) > 1:
            for d in dims:
                yield _with(case, k, tuple(x for x in dims if x != d))
