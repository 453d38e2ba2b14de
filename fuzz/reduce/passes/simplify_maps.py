"""Simplify affine maps: a quasi-affine result becomes affine (a broadcast 0, or a floordiv / mod term dropped or
replaced by the expression it divides), and a compound or offset access becomes a plain loop dim."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.case.workload import Affine, Case, Generic
from fuzz.reduce.passes.common import is_plain, refit


def _plain(d: int, n: int) -> Affine:
    return Affine(tuple(int(i == d) for i in range(n)))


def _affine(a: Affine) -> list[Affine]:
    """A quasi-affine result as affine ones: the constant 0 (a broadcast read: the input shrinks), then per
    division term the result with the term replaced by what it divides (a wider read), and without it."""
    out = [Affine((0,) * len(a.coeffs))] if a.divs else []
    for t in a.divs:
        rest = replace(a, divs=tuple(x for x in a.divs if x is not t))
        inner = t.inner
        out.append(Affine(tuple(c + t.coeff * i for c, i in zip(a.coeffs, inner.coeffs)),
                          a.offset + t.coeff * inner.offset, rest.divs))
        out.append(rest)
    return out


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
                options = _affine(a) + [_plain(d, len(op.dims)) for d in a.used]
                if a.offset and any(a.coeffs):
                    options.insert(len(a.divs) * 2, Affine(a.coeffs, 0, a.divs))
                for new in options:
                    maps = op.maps[:m] + (amap[:r] + (new,) + amap[r + 1:],) + op.maps[m + 1:]
                    yield refit(replace(case, ops=case.ops[:k] + (replace(op, maps=maps),) + case.ops[k + 1:]))
