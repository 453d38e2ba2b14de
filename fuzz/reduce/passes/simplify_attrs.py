"""Simplify conv attributes: no padding, unit stride and dilation, one group, NHWC layout."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.case.workload import Case
from fuzz.reduce.passes.common import conv_inputs, refit, with_input_shape


def _swap(case: Case, old, new) -> Case:
    return replace(case, ops=tuple(new if op is old else op for op in case.ops))


def candidates(case: Case) -> Iterator[Case]:
    for op, x, w in conv_inputs(case):
        if any(op.padding):
            yield refit(_swap(case, op, replace(op, padding=(0, 0, 0, 0))))
            for side in range(4):
                if op.padding[side]:
                    pad = tuple(0 if i == side else p for i, p in enumerate(op.padding))
                    yield refit(_swap(case, op, replace(op, padding=pad)))
        if op.stride != (1, 1):
            yield refit(_swap(case, op, replace(op, stride=(1, 1))))
        if op.dilation != (1, 1):
            yield refit(_swap(case, op, replace(op, dilation=(1, 1))))
        if op.groups > 1:  # one group: every filter sees every channel
            c = x.shape[3] if op.layout == "NHWC" else x.shape[1]
            ws = w.shape[:2] + (c, w.shape[3]) if op.layout == "NHWC" else (w.shape[0], c) + w.shape[2:]
            yield refit(with_input_shape(_swap(case, op, replace(op, groups=1)), w.name, ws))
        if op.layout == "NCHW":
            xs = (x.shape[0], x.shape[2], x.shape[3], x.shape[1])
            ws = (w.shape[2], w.shape[3], w.shape[1], w.shape[0])
            moved = with_input_shape(with_input_shape(case, x.name, xs), w.name, ws)
            yield refit(_swap(moved, op, replace(op, layout="NHWC")))
