"""Dynamic dimensions: which dims of which values a compiler sees as unknown (``?``) until run time.

A case input may mark dims ``dynamic`` (``Tensor.dynamic``).  The values are unchanged (the reference never
looks at the marks); only the compiled program's types change: IREE gets ``?`` dimensions, TVM symbolic
extents, and the run binds the concrete sizes.  Dynamism spreads through the DAG by one rule, the same for
every frontend: a dim of an op's result is dynamic when it *passes through* a dynamic dim of an operand with
the same size (a generic's parallel loop read plainly as ``dK``, a matmul's M and N and batch, a conv's batch
and filters, a pool's batch and channels), and every dim of a ``pad`` of a dynamic dim (size + low + high).
Every other result dim (a conv's output rows, a reduction's kept dims read only through windows) stays static:
a compiler then sees dynamic operands feeding a static result, which is valid and common.  A reshape's result
and an init operand are static (the importer forms: a lowering casts a dynamic operand to its static type).

``dynamic_dims(case)`` gives, per value, its dynamic dims, each with its *source*: the (operand, dim) whose
size it equals (its own name for an input), or None where the size differs (a pad), so a lowering that needs
a size (IREE's ``tensor.empty``) reads it with ``tensor.dim`` from the source.
"""
from __future__ import annotations

from fuzz.case.ops.conv import Conv2d
from fuzz.case.ops.generic import Generic
from fuzz.case.ops.named import Matmul, Pad, Pool2d
from fuzz.case.ops.reshape import Reshape
from fuzz.case.untrusted import WorkloadError

Source = tuple[str, int] | None  # (value, dim) with the same size, or None (a pad's result)


def _generic_through(op: Generic) -> dict[int, list[tuple[str, int]]]:
    """Result dim -> the (operand, dim) pairs that read its loop plainly."""
    out: dict[int, list[tuple[str, int]]] = {}
    for i, loop in enumerate(op.parallel):
        out[i] = [(name, j) for name, amap in zip(op.inputs, op.maps)
                  for j, a in enumerate(amap) if a.plain_dim == loop]
    return out


def _conv_through(op: Conv2d, types: dict) -> dict[int, list[tuple[str, int]]]:
    """A conv's batch comes from the image, its output channels from the filter's F dim."""
    f_out, f_filter = (3, 3) if op.nhwc else (1, 0)
    return {0: [(op.inputs[0], 0)], f_out: [(op.inputs[1], f_filter)]}


def through(op, types: dict) -> dict[int, list[tuple[str, int]]]:
    """The operand dims each result dim of ``op`` passes through unchanged in size."""
    if isinstance(op, Conv2d):
        return _conv_through(op, types)
    if isinstance(op, (Matmul, Pool2d)):
        return _generic_through(op.as_generic(types))
    if isinstance(op, Generic):
        return _generic_through(op)
    return {}


def dynamic_dims(case, types: dict | None = None) -> dict[str, dict[int, Source]]:
    """Per value, its dynamic dims and where each one's size can be read (module docstring)."""
    types = types or case.tensor_types()
    dyn: dict[str, dict[int, Source]] = {t.name: {d: (t.name, d) for d in t.dynamic} for t in case.inputs}
    for op in case.ops:
        if isinstance(op, Pad):
            dyn[op.name] = {d: None for d in dyn[op.inputs[0]]}
            continue
        mine: dict[int, Source] = {}
        for i, sources in through(op, types).items():
            hits = [(n, j) for n, j in sources if j in dyn[n]]
            if hits:
                mine[i] = hits[0]
        dyn[op.name] = mine
    return dyn


def _plain_reads(op, types: dict) -> list[list[tuple[str, int]]]:
    """Per loop of ``op`` (its generic twin's), the (value, dim) pairs it reads or writes plainly: equal sizes."""
    if isinstance(op, (Pad, Reshape)):
        return []
    if isinstance(op, Conv2d):
        groups = [[(op.name, i), *srcs] for i, srcs in through(op, types).items()]
        if op.groups == 1:  # a dense conv's image channels are the filter's
            groups.append([(op.inputs[0], 3 if op.nhwc else 1), (op.inputs[1], 2 if op.nhwc else 1)])
        return groups
    g = op if isinstance(op, Generic) else op.as_generic(types)
    loops = [[(n, j) for n, amap in zip(g.inputs, g.maps) for j, a in enumerate(amap) if a.plain_dim == d]
             for d in range(len(g.dims))]
    for i, d in enumerate(g.parallel):
        loops[d].append((op.name, i))
    return [group for group in loops if group]


def equal_dims(case, types: dict | None = None) -> dict[tuple[str, int], tuple[str, int]]:
    """Every (value, dim) the case's ops force to one size, mapped to one representative of its class: what a
    frontend that proves shapes equal symbolically (Relax) must name with one variable."""
    types = types or case.tensor_types()
    parent: dict[tuple[str, int], tuple[str, int]] = {}

    def find(x):
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for op in case.ops:
        for group in _plain_reads(op, types):
            for x in group[1:]:
                parent[find(x)] = find(group[0])
    values = [(t.name, t.shape) for t in case.inputs] + [(n, types[n][0]) for n in (op.name for op in case.ops)]
    return {(n, d): find((n, d)) for n, shape in values for d in range(len(shape))}


def check_marks(name: str, shape: tuple[int, ...], dynamic: tuple[int, ...]) -> None:
    """An input's ``dynamic`` marks: distinct dims of its shape, in increasing order."""
    if list(dynamic) != sorted(set(dynamic)) or any(not 0 <= d < len(shape) for d in dynamic):
        raise WorkloadError(f"input {name!r}: dynamic {list(dynamic)} must list distinct dims of its rank-{len(shape)} "
                            f"shape in increasing order (0 to {len(shape) - 1})", "range")


def shape_text(shape, dims) -> str:
    """A shape for people, its dynamic dims marked ``?``: ``[?13, 8]`` (13 at run time, unknown to the compiler)."""
    return "[" + ", ".join(f"?{n}" if d in dims else str(n) for d, n in enumerate(shape)) + "]"


def is_dynamic(case) -> bool:
    return any(t.dynamic for t in case.inputs)
