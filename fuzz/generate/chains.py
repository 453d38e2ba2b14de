"""Chains: a consumer read from an earlier value (a reduction, an elementwise op or, in the wide space,
a conv of it), the ``mixed`` workload kind, and the consumers the wide space chains after any kind.
"""
from __future__ import annotations

from fuzz.case.workload import FLOAT_DTYPES, Conv2d
from fuzz.generate.base import Builder
from fuzz.generate.convs import conv, conv_types, requant_out, requantize
from fuzz.generate.generics import generic, generic_out, outs


def layout_of(b: Builder, name: str) -> str | None:
    """The conv layout a 4-D value inherits from the conv that made it (through its epilogues)."""
    for op in reversed(b.ops):
        if isinstance(op, Conv2d):
            return op.layout if len(b.types[name][0]) == 4 else None
    return None


def _chained_conv(b: Builder, src: str, t: str, layout: str) -> str | None:
    """(Wide space) a conv of ``src``, requantized half the time when it is int8; None if ``src`` is too small."""
    shape = b.types[src][0]
    if min(shape[1:3] if layout == "NHWC" else shape[2:]) < 3:
        return None
    acc = "i32" if t == "i8" else b.pick(("f16", "f32"), lambda a: b.on(f"conv:acc-{a}"))
    out = conv(b, t, acc, src, layout)
    if t == "i8" and b.ch.int(0, 1):
        return requantize(b, out, b.pick(("i8", "f16"), lambda o: requant_out(b, o)))
    return out


def consumer(b: Builder, src: str) -> str:
    """An op reading ``src``: a reduction or elementwise generic over it, or (wide space) a conv of it."""
    ch = b.ch
    t = b.types[src][1]
    layout = layout_of(b, src)
    if b.space.consumers and layout and t in ("i8", "f16") and ch.int(0, 2) == 0:
        chained = _chained_conv(b, src, t, layout)
        if chained:
            return chained
    i8_next = b.pick(("i32", "i8"), lambda o: generic_out(b, o)) if b.space.int8_reads and t == "i8" else "i32"
    floats = b.pick(("f16", "f32"), b.typed) if b.typed("f16") or b.typed("f32") else None
    nxt = {"i8": i8_next, "i32": "i32", "f16": floats, "f32": "f32"}[t]
    shape = b.types[src][0]
    if ch.int(0, 1):
        return generic(b, [src], 0, t == nxt, nxt, dims=shape)
    return generic(b, [src], ch.int(0, 1), False, b.pick(("f16", "f32"), b.typed) if t in FLOAT_DTYPES else nxt,
                   dims=shape)


def mixed(b: Builder) -> str:
    """A conv (requantized half the time when int8) or a reduction, feeding a consumer."""
    if b.ch.int(0, 1):
        src = conv(b, *conv_types(b))
        if b.types[src][1] == "i32" and b.ch.int(0, 1) and requant_out(b, "i8"):
            src = requantize(b, src, "i8")
    else:
        src = generic(b, [], b.ch.int(1, 2), True, outs(b, ("f16", "f32", "i32")))
    return consumer(b, src)
