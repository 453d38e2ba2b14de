"""Shared edits for reduction passes: keep a case consistent after one of its parts changed."""
from __future__ import annotations

from dataclasses import replace

from fuzz.case.workload import Affine, Case, Conv2d, Generic, Tensor, WorkloadError


def is_plain(a: Affine) -> int | None:
    """The loop dim a map result reads plainly (coefficient 1, offset 0, no division), else None."""
    return a.plain_dim


def prune(case: Case) -> Case:
    """Drop ops that no output depends on, then inputs nothing reads."""
    needed = set(case.outputs)
    ops = []
    for op in reversed(case.ops):
        if op.name in needed:
            ops.append(op)
            needed |= set(op.inputs)
    return replace(case, ops=tuple(reversed(ops)), inputs=tuple(t for t in case.inputs if t.name in needed))


def reshaped(t: Tensor, shape: tuple[int, ...], keep_end: bool = False) -> Tensor:
    """The tensor at a new shape; shrinking crops its values (keeping those that made it fail),
    from the leading corner or, with ``keep_end``, from the trailing one."""
    base = t.values.base_shape or t.shape
    off = t.values.base_offset or (0,) * len(t.shape)
    if len(shape) == len(t.shape) and all(n <= m for n, m in zip(shape, t.shape)):
        new_off = tuple(o + (m - n if keep_end else 0) for o, m, n in zip(off, t.shape, shape))
        values = replace(t.values, base_shape=tuple(base), base_offset=new_off if any(new_off) else None,
                         sha256=None)
    else:
        values = replace(t.values, base_shape=None, base_offset=None, sha256=None)
    return replace(t, shape=tuple(shape), values=values)


def with_input_shape(case: Case, name: str, shape: tuple[int, ...], keep_end: bool = False) -> Case:
    return replace(case, inputs=tuple(reshaped(t, shape, keep_end) if t.name == name else t for t in case.inputs))


def refit(case: Case, keep_end: bool = False) -> Case:
    """Propagate shapes forward: a generic takes loop sizes from op outputs it reads plainly, and
    every case input read by a generic takes the extent its affine maps need.  An input read by several
    generics (a DAG: softmax reads x twice) is fitted by the first and read like an op output by the rest."""
    types = {t.name: t.shape for t in case.inputs}
    inputs = {t.name: t for t in case.inputs}
    fitted: set[str] = set()
    ops = []
    for op in case.ops:
        if isinstance(op, Generic):
            dims = list(op.dims)
            for name, amap in zip(op.inputs, op.maps):
                if name not in inputs or name in fitted:
                    for k, a in enumerate(amap):
                        d = is_plain(a)
                        if d is not None:
                            dims[d] = types[name][k]
            op = replace(op, dims=tuple(dims))
            for name, amap in zip(op.inputs, op.maps):
                if name in inputs and name not in fitted:
                    shape = tuple(a.range(op.dims)[1] + 1 for a in amap)
                    inputs[name] = reshaped(inputs[name], shape, keep_end)
                    types[name] = shape
            fitted.update(n for n in op.inputs if n in inputs)
        ops.append(op)
        try:
            types[op.name] = replace(case, inputs=tuple(inputs.values()), ops=tuple(ops),
                                     outputs=(op.name,)).tensor_types()[op.name][0]
        except WorkloadError:
            return case  # inconsistent: the candidate is dropped by the reducer's validation
    return replace(case, inputs=tuple(inputs[t.name] for t in case.inputs), ops=tuple(ops))


def fresh_input(case: Case, name: str, shape, dtype: str) -> Tensor:
    from fuzz.case.workload import ValueSpec
    seed = sum(map(ord, name)) + len(case.inputs)
    return Tensor(name, tuple(shape), dtype, ValueSpec("int", seed, -4, 4))


def conv_inputs(case: Case) -> list[tuple[Conv2d, Tensor, Tensor]]:
    """Convs whose image and filter are both case inputs (their shapes are free to change)."""
    inputs = {t.name: t for t in case.inputs}
    return [(op, inputs[op.inputs[0]], inputs[op.inputs[1]]) for op in case.ops
            if isinstance(op, Conv2d) and op.inputs[0] in inputs and op.inputs[1] in inputs]
