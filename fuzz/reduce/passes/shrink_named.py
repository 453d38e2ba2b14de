"""Shrink named ops: a matmul's batch, M, N and K; a pool's batch, image, channels and window; a pad's
amounts and its input.  Sizes go to 1, then half, then one less; consumers and inputs are refit."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.case.workload import Case, Matmul, Pad, Pool2d
from fuzz.reduce.passes.common import refit, with_input_shape
from fuzz.reduce.passes.shrink_dims import smaller


def _swap(case: Case, old, new) -> Case:
    return replace(case, ops=tuple(new if op is old else op for op in case.ops))


def _mm_shapes(op: Matmul, batch, m: int, n: int, k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    lead = () if batch is None else (batch,)
    return (lead + ((k, m) if op.transpose == "a" else (m, k)), lead + ((n, k) if op.transpose == "b" else (k, n)))


def _matmul(case: Case, op: Matmul, inputs: set[str]) -> Iterator[Case]:
    if not set(op.inputs) <= inputs:
        return
    batch, m, n, k = op.sizes(case.tensor_types())
    edits = [(b, m, n, k) for b in (smaller(batch) if batch else [])]
    edits += [(batch, x, n, k) for x in smaller(m)] + [(batch, m, x, k) for x in smaller(n)]
    edits += [(batch, m, n, x) for x in smaller(k)]
    for sizes in edits:
        a, b = _mm_shapes(op, *sizes)
        for end in (False, True):
            yield refit(with_input_shape(with_input_shape(case, op.inputs[0], a, end), op.inputs[1], b, end), end)


def _pool(case: Case, op: Pool2d, inputs: set[str]) -> Iterator[Case]:
    for d in range(2):
        for w in smaller(op.window[d]):
            yield refit(_swap(case, op, replace(op, window=op.window[:d] + (w,) + op.window[d + 1:])))
    if op.inputs[0] not in inputs:
        return
    shape = case.tensor_types()[op.inputs[0]][0]
    spatial = (1, 2) if op.layout == "NHWC" else (2, 3)
    for axis in range(4):
        floor = op.dilation[spatial.index(axis)] * (op.window[spatial.index(axis)] - 1) + 1 if axis in spatial else 1
        for x in smaller(shape[axis], floor):
            yield refit(with_input_shape(case, op.inputs[0], shape[:axis] + (x,) + shape[axis + 1:]))


def _pad(case: Case, op: Pad, inputs: set[str]) -> Iterator[Case]:
    for side in ("low", "high"):
        amounts = getattr(op, side)
        for d, p in enumerate(amounts):
            for x in smaller(p, 0):
                yield refit(_swap(case, op, replace(op, **{side: amounts[:d] + (x,) + amounts[d + 1:]})))
    if op.inputs[0] in inputs:
        shape = case.tensor_types()[op.inputs[0]][0]
        for axis, size in enumerate(shape):
            for x in smaller(size):
                yield refit(with_input_shape(case, op.inputs[0], shape[:axis] + (x,) + shape[axis + 1:]))


_SHRINK = {Matmul: _matmul, Pool2d: _pool, Pad: _pad}


def candidates(case: Case) -> Iterator[Case]:
    inputs = {t.name for t in case.inputs}
    for op in case.ops:
        if type(op) in _SHRINK:
            yield from _SHRINK[type(op)](case, op, inputs)
