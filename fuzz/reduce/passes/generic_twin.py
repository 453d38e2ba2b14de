"""Named op -> generic twin: spell a conv, matmul or pool as the ``linalg.generic`` it means.

If the failure survives, the named op's own path (data tiling, mmt4d, microkernels, pooling
vectorization) is not what fails; if it does not, the repro keeps the named op and says so."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.case.workload import Case


def candidates(case: Case) -> Iterator[Case]:
    for k, op in enumerate(case.ops):
        if getattr(op, "form", None) == "named":
            yield replace(case, ops=case.ops[:k] + (replace(op, form="generic"),) + case.ops[k + 1:])
