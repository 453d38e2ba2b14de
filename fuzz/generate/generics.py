"""The generic family: elementwise and reduction loop nests over fresh inputs and earlier values.

``generic`` is the building block every other family reuses (epilogues, consumers, the ops of DAG
patterns); ``elementwise`` and ``reduction`` are the two workload kinds made of generics alone.
"""
from __future__ import annotations

from math import prod

from fuzz.case.workload import Expr, Generic, WorkloadError
from fuzz.generate.base import Builder, exact_bound, identity
from fuzz.generate.bodies import body
from fuzz.generate.maps import access, read_reductions_plainly


def generic_out(b: Builder, out: str) -> bool:
    """Whether a generic may produce ``out``: int32 generics read int8 inputs, narrowing to int8 clamps."""
    return b.typed(out) and (out != "i32" or b.typed("i8")) and (out != "i8" or b.on("body:clamp"))


def outs(b: Builder, options: tuple[str, ...]) -> str:
    return b.pick(options, lambda o: generic_out(b, o))


def _iterators(b: Builder, dims: tuple[int, ...], reduction: bool, reads: bool, fresh: bool) -> tuple[tuple, tuple]:
    """Loop sizes and iterator types: reduction dims appended for fresh inputs to read (and some existing dims
    turned into reductions when the generic reads earlier values), at least one of each kind for a reduction."""
    iters = ["parallel"] * len(dims)
    if not reduction:
        return dims, tuple(iters)
    # new dims are read by fresh inputs only (earlier values are read as they are)
    extra = b.ch.int(1, 2) if not reads else b.ch.int(0, 2) if fresh else 0
    dims = dims + tuple(b.extent(2, b.space.reduce_extent) for _ in range(extra))
    iters += ["reduction"] * extra
    for d in range(len(iters) - extra):
        if reads and b.ch.int(0, 2) == 0:
            iters[d] = "reduction"
    if "reduction" not in iters:
        iters[-1] = "reduction"
    if "parallel" not in iters:
        iters[0] = "parallel"  # with one dim: no reduction after all (the generic is elementwise)
    return dims, tuple(iters)


def _product(dtypes: tuple[str, ...], out: str) -> Expr:
    """The product of every operand, each converted to ``out``: a reduction's body."""
    operands = [Expr("in", index=i) if t == out else Expr("cast", (Expr("in", index=i),), dtype=out)
                for i, t in enumerate(dtypes)]
    e = operands[0]
    for o in operands[1:]:
        e = Expr("mul", (e, o))
    return e


def _in_dtype(b: Builder, out: str, reduction: bool, n_new: int) -> str | None:
    int8 = out == "i32" or (out == "i8" and not reduction and b.space.int8_reads and b.ch.int(0, 1) == 1)
    if int8 and n_new and not b.typed("i8"):
        raise WorkloadError("int8 inputs switched off")
    return ("i8" if int8 else b.pick(("f16", "f16", "f32"), b.typed)) if n_new else None


def generic(b: Builder, srcs: list[str], n_new: int, reduction: bool, out: str,
            dims: tuple[int, ...] | None = None) -> str:
    """A generic over existing values ``srcs`` (read through identity maps) plus ``n_new`` fresh inputs."""
    if dims is None:
        dims = tuple(b.extent(1, b.space.extent) for _ in range(b.ch.int(1, 3)))
    dims, iters = _iterators(b, dims, reduction, bool(srcs), n_new > 0)
    maps = [tuple(identity(d, len(dims)) for d in range(len(b.types[s][0]))) for s in srcs]
    names = list(srcs)
    terms = prod(dims[i] for i, t in enumerate(iters) if t == "reduction")
    in_dtype = _in_dtype(b, out, reduction, n_new)
    for _ in range(n_new):
        amap = access(b, dims, iters)
        shape = tuple(a.range(dims)[1] + 1 for a in amap)
        names.append(b.tensor(shape, in_dtype, exact_bound(terms, out, len(srcs) + n_new)))
        maps.append(amap)
    if n_new:
        read_reductions_plainly(b, names, maps, dims, iters, len(srcs))
    dtypes = tuple(b.types[n][1] for n in names)
    if "reduction" in iters:
        red = b.pick(("add", "add", "add", "max", "min"), lambda r: b.on(f"reduce:{r}"), "add")
        return b.add(Generic(b.name(), tuple(names), dims, iters, tuple(maps), _product(dtypes, out), out, red))
    e = body(b, out, dtypes, b.ch.int(1, 3))
    return b.add(Generic(b.name(), tuple(names), dims, iters, tuple(maps), e, out))


def elementwise(b: Builder) -> str:
    """One or two elementwise generics over fresh inputs (the second may also read the first)."""
    out = outs(b, ("f16", "f32", "i32", "i8"))
    first = generic(b, [], b.ch.int(1, 3), False, out)
    if not b.ch.int(0, 1):
        return first
    dims = b.types[first][0]
    if b.coin("map:broadcast") and len(dims) < 4:  # a new loop dim broadcasts ``first``
        dims += (b.extent(1, b.space.extent),)
    return generic(b, [first], b.ch.int(0, 1), False, outs(b, ("f16", "f32", out)), dims)


def reduction(b: Builder) -> str:
    """A reduction generic over fresh inputs."""
    return generic(b, [], b.ch.int(1, 2), True, outs(b, ("f16", "f32", "i32")))
