"""Fewer quantization groups: a read through ``K floordiv G`` (an int4 weight's grouped scale) takes a larger
``G``: one group over the whole loop, then twice as large a group.  The scale tensor it reads shrinks with the
number of groups; ``simplify_maps`` then makes a single group a broadcast.  The K loop itself is shrunk by
``shrink_linked`` (the activation's K and the weight's shrink together)."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.case.workload import Affine, Case, Generic
from fuzz.reduce.passes.common import refit


def _larger(a: Affine, dims: tuple[int, ...]) -> Iterator[Affine]:
    """The result with one floordiv term's divisor raised: to the whole extent it divides, then doubled."""
    for t in a.divs:
        if t.op != "floordiv" or t.divisor <= 0:
            continue
        extent = t.inner.range(dims)[1] + 1
        for g in dict.fromkeys((extent, 2 * t.divisor)):
            if t.divisor < g <= extent:
                yield replace(a, divs=tuple(replace(x, divisor=g) if x is t else x for x in a.divs))


def candidates(case: Case) -> Iterator[Case]:
    inputs = {t.name for t in case.inputs}
    for k, op in enumerate(case.ops):
        if not isinstance(op, Generic):
            continue
        for m, (name, amap) in enumerate(zip(op.inputs, op.maps)):
            if name not in inputs:
                continue  # an op's output keeps its shape: only an input may take fewer groups
            for r, a in enumerate(amap):
                for new in _larger(a, op.dims):
                    maps = op.maps[:m] + (amap[:r] + (new,) + amap[r + 1:],) + op.maps[m + 1:]
                    yield refit(replace(case, ops=case.ops[:k] + (replace(op, maps=maps),) + case.ops[k + 1:]))
