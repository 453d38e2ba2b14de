"""Simplify generic bodies: a node becomes one of its same-typed children, an input, or 0 / 1; an
operand the body no longer reads is dropped (with its map, and the input if nothing else reads it)."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.case.workload import Case, Expr, Generic, expr_dtype
from fuzz.reduce.passes.common import prune


def _paths(e: Expr, path=()):
    yield path, e
    for k, a in enumerate(e.args):
        yield from _paths(a, path + (k,))


def _put(e: Expr, path: tuple, new: Expr) -> Expr:
    if not path:
        return new
    args = list(e.args)
    args[path[0]] = _put(args[path[0]], path[1:], new)
    return replace(e, args=tuple(args))


def _replacements(node: Expr, dtype: str, in_dtypes: tuple[str, ...]) -> Iterator[Expr]:
    for child in node.args:
        if expr_dtype(child, in_dtypes) == dtype:
            yield child
    for i, t in enumerate(in_dtypes):
        if t == dtype and node != Expr("in", index=i):
            yield Expr("in", index=i)
    for v in (0.0, 1.0):
        const = Expr("const", dtype=dtype, value=v)
        if node != const:
            yield const


def _without_operand(e: Expr, i: int) -> Expr:
    """The body with operand ``i`` gone: later operands move down by one."""
    if e.op == "in":
        return replace(e, index=e.index - (e.index > i))
    return replace(e, args=tuple(_without_operand(a, i) for a in e.args))


def _unread(op: Generic) -> list[int]:
    read = {node.index for _, node in _paths(op.body) if node.op == "in"}
    return [i for i in range(len(op.inputs)) if i not in read] if len(op.inputs) > 1 else []


def candidates(case: Case) -> Iterator[Case]:
    types = case.tensor_types()
    for k, op in enumerate(case.ops):
        if not isinstance(op, Generic):
            continue
        for i in reversed(_unread(op)):
            dropped = replace(op, inputs=op.inputs[:i] + op.inputs[i + 1:], maps=op.maps[:i] + op.maps[i + 1:],
                              body=_without_operand(op.body, i))
            yield prune(replace(case, ops=case.ops[:k] + (dropped,) + case.ops[k + 1:]))
        in_dtypes = tuple(types[n][1] for n in op.inputs)
        for path, node in _paths(op.body):
            if node.op in ("in", "const"):
                continue
            for new in _replacements(node, expr_dtype(node, in_dtypes), in_dtypes):
                body = _put(op.body, path, new)
                yield replace(case, ops=case.ops[:k] + (replace(op, body=body),) + case.ops[k + 1:])
