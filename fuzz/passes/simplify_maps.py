"""Simplify affine maps: a compound or offset access becomes a plain loop dim."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.passes.common import is_plain, refit
from fuzz.workload import Affine, Case, Generic


def _plain(d: int, n: int) -> Affine:
    return Affine(tuple(int(i == d) for i in range(n)))


def candidates(case: Case) -> Iterator[Case]:
    inputs = {t.name for t in case.inputs}
    for k, op in enumerate(case.ops):
        if not isinstance(op, Generic):
            continue
        for m, (name, amap) in enumerate(zip(op.inputs, op.maps)):
            if name not in inputs:
                continue
            for r, a in enumerate(amap):
                if is_plain(a) is not None:
                    continue
                options = [_plain(d, len(op.dims)) for d, c in enumerate(a.coeffs) if c]
                if a.offset and any(a.coeffs):
                    options.insert(0, Affine(a.coeffs, 0))
                for new in options:
                    maps = op.maps[:m] + (amap[:r] + (new,) + amap[r + 1:],) + op.maps[m + 1:]
                    yield refit(replace(case, ops=case.ops[:k] + (replace(op, maps=maps),) + case.ops[k + 1:]))
