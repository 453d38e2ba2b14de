"""Simplify body ops in place: floor division and modulo become their truncating forms, shifts by a
constant become multiplications, approximated functions become exp, and float division a multiplication.

Each replacement keeps the node count and the dtypes; it is smaller in the reducer's op weight
(``WEIGHT``).  A failure that survives ``floordiv -> truncdiv`` is not about rounding toward -inf."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.case.workload import Case, Expr, Generic
from fuzz.reduce.passes.simplify_body import _paths, _put

SIMPLER = {"floordiv": "truncdiv", "floormod": "truncmod", "tanh": "exp", "sigmoid": "exp", "erf": "exp", "div": "mul"}
WEIGHT = {"floordiv": 3, "floormod": 3, "truncdiv": 2, "truncmod": 2, "tanh": 2, "sigmoid": 2, "erf": 2, "div": 2,
          "shl": 2, "shr": 2}  # every other op weighs 1


def weight(e: Expr) -> int:
    return WEIGHT.get(e.op, 1) + sum(weight(a) for a in e.args)


def _simpler(node: Expr) -> Iterator[Expr]:
    if node.op in SIMPLER:
        yield replace(node, op=SIMPLER[node.op])
    if node.op == "shl" and node.args[1].op == "const":  # a << c == a * 2^c
        shift = node.args[1]
        yield Expr("mul", (node.args[0], replace(shift, value=2 ** int(shift.value))))  # an int: i64 takes no float over 2^53


def candidates(case: Case) -> Iterator[Case]:
    for k, op in enumerate(case.ops):
        if not isinstance(op, Generic):
            continue
        for path, node in _paths(op.body):
            for new in _simpler(node):
                body = _put(op.body, path, new)
                yield replace(case, ops=case.ops[:k] + (replace(op, body=body),) + case.ops[k + 1:])
