"""Shrink a size that several values share, all of them at once: one class of dims the ops force equal
(``fuzz.case.dynamic.equal_dims``: a matmul's K in its activation and in the int4 weight a dequantizing generic
reads, attention's batch, sequence (M), head (K1, N) and key (K2) lengths across Q, K, V and the mask, a dim read
plainly along a chain of generics), whichever op family holds them.

The per-op passes shrink one op's sizes and refit its consumers; a size that enters an op through a value another
op made (the dequantized weight, attention's operands after a cast) cannot move that way, since the other operand
keeps the old size.  Here every case input dim of the class takes the new size, every generic loop reading or
writing the class does too, and the rest is refit (a grouped scale's ``K floordiv G`` extent follows).  Sizes go to 1,
then half, then one less; dynamic marks stay (``static_dims`` removes them)."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.case.dynamic import equal_dims
from fuzz.case.workload import Case, Generic, WorkloadError
from fuzz.reduce.passes.common import refit, with_input_shape
from fuzz.reduce.passes.shrink_dims import smaller


def classes(case: Case) -> list[set[tuple[str, int]]]:
    """The classes of equal dims that hold a case input's dim (only those can be shrunk), largest first."""
    try:
        rep = equal_dims(case)
    except WorkloadError:
        return []
    groups: dict[tuple[str, int], set[tuple[str, int]]] = {}
    for dim, root in rep.items():
        groups.setdefault(root, set()).add(dim)
    inputs = {t.name for t in case.inputs}
    held = [g for g in groups.values() if len(g) > 1 and any(n in inputs for n, _ in g)]
    return sorted(held, key=lambda g: (-len(g), sorted(g)))


def _loops(op: Generic, cls: set[tuple[str, int]]) -> set[int]:
    """The loops of a generic that read or write a dim of the class plainly."""
    loops = {a.plain_dim for name, amap in zip(op.inputs, op.maps) for j, a in enumerate(amap)
             if (name, j) in cls and a.plain_dim is not None}
    return loops | {d for i, d in enumerate(op.parallel) if (op.name, i) in cls}


def resized(case: Case, cls: set[tuple[str, int]], size: int, keep_end: bool = False) -> Case:
    """Every input dim and generic loop of the class at ``size``, the rest refit."""
    for t in case.inputs:
        dims = [j for j in range(len(t.shape)) if (t.name, j) in cls]
        if dims:
            shape = tuple(size if j in dims else n for j, n in enumerate(t.shape))
            case = with_input_shape(case, t.name, shape, keep_end)
    ops = []
    for op in case.ops:
        if isinstance(op, Generic) and (loops := _loops(op, cls)):
            op = replace(op, dims=tuple(size if d in loops else n for d, n in enumerate(op.dims)))
        ops.append(op)
    return refit(replace(case, ops=tuple(ops)), keep_end)


def candidates(case: Case) -> Iterator[Case]:
    types = {t.name: t.shape for t in case.inputs}
    for cls in classes(case):
        now = next(types[n][j] for n, j in sorted(cls) if n in types)
        for m in smaller(now):
            for end in (False, True):  # keep the leading, then the trailing corner of the values
                yield resized(case, cls, m, end)
