"""Simplify named-op attributes: no zero points, no init to accumulate into (the sum starts from zero), no
transpose, unit pool stride and dilation, sum pooling, NHWC; pad with zero.  A transposed operand that is a case input takes the plain layout's shape."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.case.workload import Case, Conv2d, Matmul, Pad, Pool2d
from fuzz.case.ops.init import init_of
from fuzz.reduce.passes.common import prune, refit, with_input_shape


def _swap(case: Case, old, new) -> Case:
    return replace(case, ops=tuple(new if op is old else op for op in case.ops))


def _matmul(case: Case, op: Matmul, inputs: set[str]) -> Iterator[Case]:
    if op.transpose != "none":
        k = 0 if op.transpose == "a" else 1
        name = op.inputs[k]
        if name in inputs:
            shape = case.tensor_types()[name][0]
            plain = with_input_shape(case, name, shape[:-2] + (shape[-1], shape[-2]))
            yield refit(_swap(plain, op, replace(op, transpose="none")))


def _pool(case: Case, op: Pool2d, inputs: set[str]) -> Iterator[Case]:
    for attrs in ({"stride": (1, 1)}, {"dilation": (1, 1)}, {"mode": "sum"}):
        if any(getattr(op, k) != v for k, v in attrs.items()):
            yield refit(_swap(case, op, replace(op, **attrs)))
    if op.layout == "NCHW" and op.inputs[0] in inputs:
        n, c, h, w = case.tensor_types()[op.inputs[0]][0]
        yield refit(_swap(with_input_shape(case, op.inputs[0], (n, h, w, c)), op, replace(op, layout="NHWC")))


def _pad(case: Case, op: Pad, inputs: set[str]) -> Iterator[Case]:
    if op.value != 0:
        yield _swap(case, op, replace(op, value=0.0))


_SIMPLIFY = {Matmul: _matmul, Pool2d: _pool, Pad: _pad}


def candidates(case: Case) -> Iterator[Case]:
    inputs = {t.name for t in case.inputs}
    for op in case.ops:
        if getattr(op, "zero_points", None) is not None:
            yield _swap(case, op, replace(op, zero_points=None))
        if isinstance(op, (Conv2d, Matmul)) and init_of(op) is not None:
            yield prune(_swap(case, op, replace(op, inputs=op.inputs[:2])))
        if isinstance(op, Conv2d):
            continue
        if type(op) in _SIMPLIFY:
            yield from _SIMPLIFY[type(op)](case, op, inputs)
