"""Shrink sizes: batch, spatial, channels, filter taps of convs; loop sizes of generics.

Each size goes to 1, then to half, then one less; consumers and inputs are refit."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.case.workload import Case, Generic
from fuzz.reduce.passes.common import conv_inputs, refit, with_input_shape


def smaller(n: int, floor: int = 1) -> list[int]:
    return [m for m in dict.fromkeys((floor, n // 2, n - 1)) if floor <= m < n]


def _conv(case: Case) -> Iterator[Case]:
    for op, x, w in conv_inputs(case):
        nhwc = op.layout == "NHWC"
        n, h, wd, c = x.shape if nhwc else (x.shape[0], x.shape[2], x.shape[3], x.shape[1])
        kh, kw, cpg, f = w.shape if nhwc else (w.shape[2], w.shape[3], w.shape[1], w.shape[0])
        g = op.groups
        pack_x = (lambda n, h, wd, c: (n, h, wd, c)) if nhwc else (lambda n, h, wd, c: (n, c, h, wd))
        pack_w = (lambda kh, kw, cpg, f: (kh, kw, cpg, f)) if nhwc else (lambda kh, kw, cpg, f: (f, cpg, kh, kw))
        edits = []
        edits += [(pack_x(m, h, wd, c), w.shape) for m in smaller(n)]
        edits += [(pack_x(n, m, wd, c), w.shape) for m in smaller(h, op.dilation[0] * (kh - 1) + 1)]
        edits += [(pack_x(n, h, m, c), w.shape) for m in smaller(wd, op.dilation[1] * (kw - 1) + 1)]
        edits += [(pack_x(n, h, wd, m * g), pack_w(kh, kw, m, f)) for m in smaller(cpg)]
        edits += [(x.shape, pack_w(kh, kw, cpg, m * g)) for m in smaller(f // g)]
        edits += [(x.shape, pack_w(m, kw, cpg, f)) for m in smaller(kh)]
        edits += [(x.shape, pack_w(kh, m, cpg, f)) for m in smaller(kw)]
        for xs, ws in edits:
            for end in (False, True):  # keep the leading, then the trailing corner of the values
                yield refit(with_input_shape(with_input_shape(case, x.name, xs, end), w.name, ws, end), end)


def _generic(case: Case) -> Iterator[Case]:
    for k, op in enumerate(case.ops):
        if not isinstance(op, Generic):
            continue
        for d, size in enumerate(op.dims):
            for m in smaller(size):
                dims = op.dims[:d] + (m,) + op.dims[d + 1:]
                ops = case.ops[:k] + (replace(op, dims=dims),) + case.ops[k + 1:]
                yield refit(replace(case, ops=ops))
                yield refit(replace(case, ops=ops), keep_end=True)


def candidates(case: Case) -> Iterator[Case]:
    yield from _conv(case)
    yield from _generic(case)
