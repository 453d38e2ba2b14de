"""What a case exercises, for campaign statistics: which workload kinds, op types, conv
attributes, access maps and body ops produce findings and which never do.

The names are those of the generator's switchable features (``fuzz/swarm.FEATURES``), so a
feature's finding rate and the switch that turns it off speak of the same thing, plus a few
that only describe (``ops:N``, ``dtype:IN->OUT`` per op, ``reduce:COMBINER-DTYPE``,
``generic:*``, ``conv:1x1``).  A case never exercises a feature its swarm draw switched off.
"""
from __future__ import annotations

import re

from fuzz.workload import Case, Conv2d, Expr, Generic


def _body_ops(e: Expr) -> set[str]:
    ops = {e.op} if e.op not in ("in", "const") else set()
    for a in e.args:
        ops |= _body_ops(a)
    return ops


def _conv(op: Conv2d, types: dict) -> set[str]:
    cin = types[op.inputs[0]][0][3 if op.layout == "NHWC" else 1]
    kh, kw = types[op.inputs[1]][0][:2] if op.layout == "NHWC" else types[op.inputs[1]][0][2:]
    grouping = "dense" if op.groups == 1 else "depthwise" if op.groups == cin else "grouped"
    out = {f"conv:{op.layout}", f"conv:{grouping}", f"conv:acc-{op.acc}"}
    out |= {name for name, on in (("conv:strided", max(op.stride) > 1), ("conv:dilated", max(op.dilation) > 1),
                                  ("conv:padded", any(op.padding)), ("conv:1x1", (kh, kw) == (1, 1))) if on}
    return out


def _map(amap, loops: int) -> set[str]:
    """The access styles of one input map (one pass: the generator asks this of every draw)."""
    out, read, singles = set(), set(), []
    for a in amap:
        nonzero = [i for i, c in enumerate(a.coeffs) if c]
        read.update(nonzero)
        if min(a.coeffs) < 0:
            out.add("map:reversed")
        elif a.offset:
            out.add("map:offset")
        if len(nonzero) > 1 or max(map(abs, a.coeffs)) > 1:
            out.add("map:window")
        if len(nonzero) == 1:
            singles.append(nonzero[0])
    if singles != sorted(singles):
        out.add("map:transposed")
    if len(read) < loops:
        out.add("map:broadcast")
    return out


def _generic(op: Generic) -> set[str]:
    out = {f"generic:{'reduction' if op.reduction else 'elementwise'}"}
    if op.reduce:
        out |= {f"reduce:{op.reduce}", f"reduce:{op.reduce}-{op.out}"}
    for amap in op.maps:
        out |= _map(amap, len(op.dims))
    return out | {f"body:{o}" for o in _body_ops(op.body) if o not in ("add", "mul", "cast")}


_NOTE = re.compile(r"kind=(\w+) inputs=(\w+)")


def of(case: Case, types: dict | None = None) -> list[str]:
    """Sorted feature names of ``case`` (``types``: its ``tensor_types()``, when the caller has them)."""
    found = {f"ops:{len(case.ops)}"} | ({"chain:long"} if len(case.ops) >= 4 else set())
    m = _NOTE.search(case.note)
    if m:
        found |= {f"kind:{m.group(1)}", f"inputs:{m.group(2)}"}
    types = types or case.tensor_types()
    found |= {f"dtype:{t}" for _, t in types.values()}
    for op in case.ops:
        found.add(f"dtype:{'/'.join(sorted({types[n][1] for n in op.inputs}))}->"
                  f"{op.acc if isinstance(op, Conv2d) else op.out}")
        found |= _conv(op, types) if isinstance(op, Conv2d) else _generic(op)
    return sorted(found)
