"""What a case exercises, for campaign statistics: which workload kinds, op types, conv
attributes, access maps and body ops produce findings and which never do.

The names are those of the generator's switchable features (``fuzz/swarm.FEATURES``), so a
feature's finding rate and the switch that turns it off speak of the same thing, plus a few
that only describe (``ops:N``, ``dtype:IN->OUT`` per op, ``reduce:COMBINER-DTYPE``,
``generic:*``, ``conv:1x1``, ``matmul:plain``, ``pool:strided``, ``pool:dilated``, ``pad:zero``,
``dag:shared``: a value read by several ops, ``attention:mask-KIND``, ``init:bias`` / ``init:full``,
``reshape:MODE``); the importer forms ``conv:f32``, ``init:accumulate`` and ``op:reshape``; ``shape:dynamic`` when an input marks a dim
dynamic; ``dtype:i4`` (by the dtype pattern) and ``kind:weight_only`` (by the note) for int4 weights; ``size:real``
(by the note) for a case of real size.  A case never
exercises a feature its swarm draw switched off.
"""
from __future__ import annotations

import re

from fuzz.case.ops.init import init_of
from fuzz.case.workload import Attention, Case, Conv2d, Expr, Generic, Matmul, Pad, Pool2d, Reshape
from fuzz.generate import table


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
    out |= {"conv:quantized"} if op.zero_points else set()
    out |= {"conv:f32"} if types[op.inputs[0]][1] == "f32" else set()
    out |= {name for name, on in (("conv:strided", max(op.stride) > 1), ("conv:dilated", max(op.dilation) > 1),
                                  ("conv:padded", any(op.padding)), ("conv:1x1", (kh, kw) == (1, 1))) if on}
    return out


def _quasi(a) -> set[str]:
    """floordiv / mod terms of one result, and whether it is compound (anything but ``dK op k``)."""
    out = {f"map:{t.op}" for t in a.divs}
    single = len(a.divs) == 1 and not any(a.coeffs) and not a.offset and a.divs[0].coeff == 1 \
        and a.divs[0].inner.plain_dim is not None
    return out | ({"map:compound"} if a.divs and not single else set())


def _map(amap, loops: int) -> set[str]:
    """The access styles of one input map (one pass: the generator asks this of every draw)."""
    out, read, singles = set(), set(), []
    for a in amap:
        nonzero = [i for i, c in enumerate(a.coeffs) if c]
        read.update(a.used)
        if a.divs:
            out |= _quasi(a)
        if min(a.coeffs) < 0:
            out.add("map:reversed")
        elif a.offset:
            out.add("map:offset")
        if len(nonzero) > 1 or max(map(abs, a.coeffs)) > 1:
            out.add("map:window")
        lone = a.used if len(a.used) == 1 and (len(nonzero) == 1 or not nonzero) else ()
        singles.extend(lone)
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


def _named(op, types: dict) -> set[str]:
    """Matmuls, pools and pads (describing names: ``matmul:plain``, ``pool:strided``)."""
    if isinstance(op, Pad):
        return {"pad:value"} if op.value else {"pad:zero"}
    if isinstance(op, Pool2d):
        out = {f"pool:{op.mode}"} | ({"pool:strided"} if max(op.stride) > 1 else set())
        return out | ({"pool:dilated"} if max(op.dilation) > 1 else set())
    out = {"matmul:batch" if len(types[op.inputs[0]][0]) == 3 else "matmul:plain"}
    out |= {"matmul:transposed"} if op.transpose != "none" else set()
    return out | ({"matmul:quantized"} if op.zero_points else set())


def _init(op, types: dict) -> set[str]:
    """``init:accumulate`` (and how the init broadcasts) for a conv or matmul with an init operand."""
    name = init_of(op)
    if name is None:
        return set()
    return {"init:accumulate", "init:full" if types[name][0] == types[op.name][0] else "init:bias"}


def _op(op, types: dict) -> set[str]:
    form = {"form:generic"} if getattr(op, "form", "named") == "generic" else set()
    if isinstance(op, Reshape):
        return {"op:reshape", f"reshape:{op.mode}"}
    if isinstance(op, (Conv2d, Matmul)):
        form |= _init(op, types)
    if isinstance(op, Attention):
        return {f"attention:mask-{op.mask}"}
    if isinstance(op, Conv2d):
        return form | _conv(op, types)
    return form | (_generic(op) if isinstance(op, Generic) else _named(op, types))


def _dag(case: Case) -> set[str]:
    """``dag:multi-output``, and ``dag:shared`` (describing: a value read by several ops)."""
    out = {"dag:multi-output"} if len(case.outputs) > 1 else set()
    reads = [n for op in case.ops for n in set(op.inputs)]
    return out | ({"dag:shared"} if len(reads) > len(set(reads)) else set())


_NOTE = re.compile(r"kind=(\w+) inputs=(\w+)")
_GENERIC_FORM = re.compile(r"\bform=generic\b")  # an attention drawn as its generic form
_CHAINED = re.compile(r"chained=(\d+)")
_REAL = re.compile(r"\bsize=real\b")  # a real-size case (fuzz/generate/sizes.py) says so in its note


def _chained(case: Case, generated: bool) -> bool:
    """``chain:long``: consumers chained after the workload, as the generator's note records them (a DAG
    pattern has four ops of its own); files from before that record: four or more ops."""
    m = _CHAINED.search(case.note)
    if m:
        return int(m.group(1)) > 0
    if generated and "space=" not in case.note:  # the default space never chains
        return False
    return len(case.ops) >= 4



def of(case: Case, types: dict | None = None) -> list[str]:
    """Sorted feature names of ``case`` (``types``: its ``tensor_types()``, when the caller has them)."""
    m = _NOTE.search(case.note)
    found = {f"ops:{len(case.ops)}"} | ({"chain:long"} if _chained(case, m is not None) else set())
    if m:
        found |= {f"kind:{m.group(1)}", f"inputs:{m.group(2)}"}
    found |= {"form:generic"} if _GENERIC_FORM.search(case.note) else set()
    found |= {"size:real"} if _REAL.search(case.note) else set()
    types = types or case.tensor_types()
    found |= {f"dtype:{t}" for _, t in types.values()}
    found |= {"shape:dynamic"} if any(t.dynamic for t in case.inputs) else set()
    for op in case.ops:
        found.add(f"dtype:{'/'.join(sorted({types[n][1] for n in op.inputs}))}->{types[op.name][1]}")
        found |= _op(op, types)
    found |= {f.name for f in table.FEATURES if f.shows is not None and f.shows(case)}  # a row that says how
    return sorted(found | _dag(case))
