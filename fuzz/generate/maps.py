"""Access maps of generic inputs: plain, transposed, broadcast, strided windows, reversed, offset, and
quasi-affine (``floordiv`` / ``mod`` by constants).

Quasi-affine reads come in two forms, and one case serves both compilers: the single-dimension form
(``d1 floordiv 3``, ``d0 mod 2``), which linalg tiles and IREE compiles, most of the time; and, where
``map:compound`` is on, a third of the time a compound form (``(d0*2 + d3) floordiv 3``,
``(d1*3) mod 4``, ``d2 floordiv 2 + d2 mod 3``), which TVM's index simplifier must get right and IREE
rejects on purpose (a known-limitation verdict, ``frontends/iree/dump.LIMITATIONS``).  Every
loop dim stays read plainly by some operand (linalg derives loop bounds from them).
"""
from __future__ import annotations

from dataclasses import replace

from fuzz.case.workload import Affine, Div
from fuzz.generate.base import Builder, identity

STYLES = ("plain", "plain", "window", "reversed", "offset", "floordiv", "mod")


def permutation(b: Builder, n: int) -> list[int]:
    left, out = list(range(n)), []
    while left:
        out.append(left.pop(b.ch.int(0, len(left) - 1)))
    return out


def _unit(d: int, nd: int, c: int = 1) -> Affine:
    return Affine(tuple(c * int(i == d) for i in range(nd)))


def quasi(b: Builder, op: str, d: int, nd: int, free: list[int]) -> tuple[Affine, set[int]]:
    """``d op k`` (single dimension), or where compound forms are on, a third of the time one of them; returns
    the result and the dims it reads."""
    k = b.ch.int(2, 4)
    if not (b.on("map:compound") and b.ch.int(0, 2) == 0):
        return Affine((0,) * nd, 0, (Div(_unit(d, nd), op, k),)), {d}
    form = b.ch.int(0, 2 if b.on("map:floordiv") and b.on("map:mod") else 1)
    if form == 0 and free:  # (d*c + e) op k: two dims under one division
        e = b.ch.choice(free)
        inner = Affine(tuple(b.ch.int(2, 4) * int(i == d) + int(i == e) for i in range(nd)))
        return Affine((0,) * nd, 0, (Div(inner, op, k + 1),)), {d, e}
    if form <= 1:  # (d*c) op k: a scaled dim
        return Affine((0,) * nd, 0, (Div(_unit(d, nd, b.ch.int(2, 3)), op, k + 1),)), {d}
    other = "mod" if op == "floordiv" else "floordiv"  # a sum of two divisions of one dim
    return Affine((0,) * nd, 0, (Div(_unit(d, nd), op, k), Div(_unit(d, nd), other, k + 1))), {d}


def _result(b: Builder, d: int, dims, iters, used: set[int]) -> Affine:
    """One input dim's index: the plain read of loop dim ``d`` in a drawn style."""
    nd = len(dims)
    style = b.pick(STYLES, lambda s: s == "plain" or b.on(f"map:{s}"), "plain")
    red = [r for r, t in enumerate(iters) if t == "reduction" and r not in used]
    if style in ("floordiv", "mod"):
        a, read = quasi(b, style, d, nd, red)
        used |= read
        return a
    coeffs = [int(i == d) for i in range(nd)]
    if style == "window" and iters[d] == "parallel" and red:
        r = b.ch.choice(red)
        used.add(r)
        coeffs[d], coeffs[r] = b.ch.int(1, 3), b.ch.int(1, 2)
    if style == "reversed":
        return Affine(tuple(-c for c in coeffs), dims[d] - 1)
    return Affine(tuple(coeffs), b.ch.int(1, 2) if style == "offset" else 0)


def access(b: Builder, dims: tuple[int, ...], iters: tuple[str, ...]) -> tuple[Affine, ...]:
    """A random access: identity, transposed, broadcast, strided window, reversed, offset, quasi-affine."""
    nd = len(dims)
    order = permutation(b, nd) if b.ch.int(0, 1) and b.on("map:transposed") else list(range(nd))
    keep = ([d for d in order if b.ch.int(0, 3)] or order[:1]) if b.on("map:broadcast") else order  # drops broadcast
    exprs, used = [], set()
    for d in keep:
        if d in used:
            continue
        used.add(d)
        exprs.append(_result(b, d, dims, iters, used))
    return tuple(exprs)


def read_reductions_plainly(b: Builder, names: list, maps: list, dims, iters, first: int) -> None:
    """linalg bounds every loop through a plain dK read: add one to the first fresh input if missing (in
    loop order where transposed reads are off)."""
    seen = {a.plain_dim for m in maps for a in m}
    missing = [d for d, t in enumerate(iters) if t == "reduction" and d not in seen]
    if not missing:
        return
    amap = maps[first] + tuple(identity(d, len(dims)) for d in missing)
    if not b.on("map:transposed"):
        amap = tuple(sorted(amap, key=lambda a: min(a.used, default=0)))
    maps[first] = amap
    t = next(i for i, t in enumerate(b.inputs) if t.name == names[first])
    shape = tuple(a.range(dims)[1] + 1 for a in amap)
    b.inputs[t] = replace(b.inputs[t], shape=shape)
    b.types[names[first]] = (shape, b.types[names[first]][1])
