"""The conv family: ``conv2d``, plain or quantized.

Inputs are converted exactly to the ``acc`` dtype, multiplied and accumulated
in ``acc``; the result has dtype ``acc``.  Layouts NHWC/HWCF and NCHW/FCHW,
explicit padding (top, bottom, left, right), stride, dilation, groups
(depthwise when groups == input channels).  ``zero_points`` (i8 -> i32 only)
make it the quantized conv: ``sum((x - zx) * (w - zw))``, and padding then
pads with ``zx`` (a padded tap contributes nothing, as in TFLite and ONNX
QLinearConv); without zero points padding is zero.  ``form`` tells a linalg
lowering whether to spell it as the named op where one exists or as its
``linalg.generic`` twin; it never changes the result.  An optional third input is the init the sum
starts from (``fuzz.case.ops.init``: a bias per filter or a tensor of the result's shape, in ``acc``), and
f32 images and filters accumulate in f32 (format version 3, like the init).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from math import prod

from fuzz.case import untrusted as U
from fuzz.case.ops.base import CONV_DTYPES, DTYPES, check, check_zero_points, form, names, op_name, read_zero_points
from fuzz.case.ops.init import FORMS_VERSION, init_of, init_shape

_KEYS = ("kind", "name", "inputs", "layout", "acc"), ("stride", "dilation", "padding", "groups", "zero_points", "form")


@dataclass(frozen=True)
class Conv2d:
    name: str
    inputs: tuple[str, ...]  # image, filter (, init: fuzz/case/ops/init.py)
    layout: str  # "NHWC" (filter HWCF) or "NCHW" (filter FCHW)
    stride: tuple[int, int] = (1, 1)
    dilation: tuple[int, int] = (1, 1)
    padding: tuple[int, int, int, int] = (0, 0, 0, 0)  # top, bottom, left, right
    groups: int = 1
    acc: str = "f32"
    kind: str = field(default="conv2d", init=False)
    zero_points: tuple[int, int] | None = None  # (image, filter): the quantized conv
    form: str = "named"

    @property
    def nhwc(self) -> bool:
        return self.layout == "NHWC"

    def filter_dims(self, w: tuple[int, ...]) -> tuple[int, int, int, int]:
        """(kh, kw, channels per group, filters) of the filter shape ``w`` in this layout."""
        return tuple(w) if self.nhwc else (w[2], w[3], w[1], w[0])

    def reduction_length(self, types: dict) -> int:
        kh, kw, cpg, _ = self.filter_dims(types[self.inputs[1]][0])
        return kh * kw * cpg

    @property
    def channel_axis(self) -> int:
        """The result's output-channel dim (where a bias init broadcasts)."""
        return 3 if self.nhwc else 1

    def version(self) -> int:
        if init_of(self) is not None:
            return FORMS_VERSION
        return 2 if self.zero_points is not None or self.form != "named" else 1

    def to_json(self) -> dict:
        j = {"kind": "conv2d", "name": self.name, "inputs": list(self.inputs), "layout": self.layout,
             "stride": list(self.stride), "dilation": list(self.dilation), "padding": list(self.padding),
             "groups": self.groups, "acc": self.acc}
        if self.zero_points is not None:
            j["zero_points"] = list(self.zero_points)
        if self.form != "named":
            j["form"] = self.form
        return j

    @staticmethod
    def from_json(j: dict, where: str) -> "Conv2d":
        U.fields(j, where, *_KEYS)
        inputs = names(j["inputs"], where + ".inputs", 3)
        check(len(inputs) in (2, 3), f"{where}: conv2d takes [image, filter] or [image, filter, init], got {list(inputs)}")
        most = U.MAX_CONV_ATTR
        return Conv2d(op_name(j, where), inputs, U.text(j["layout"], where + ".layout", ("NHWC", "NCHW")),
                      U.integers(j.get("stride", [1, 1]), where + ".stride", 1, most, 2),
                      U.integers(j.get("dilation", [1, 1]), where + ".dilation", 1, most, 2),
                      U.integers(j.get("padding", [0, 0, 0, 0]), where + ".padding", 0, most, 4),
                      U.integer(j.get("groups", 1), where + ".groups", 1, U.MAX_TENSOR_ELEMENTS),
                      U.text(j["acc"], where + ".acc", DTYPES), zero_points=read_zero_points(j, where),
                      form=form(j, where))

    def result_type(self, types: dict) -> tuple[tuple[int, ...], str]:
        where = f"op {self.name!r}"
        check(self.layout in ("NHWC", "NCHW"), f"{where}: layout {self.layout!r} must be NHWC or NCHW")
        check(all(s >= 1 for s in self.stride + self.dilation), f"{where}: stride and dilation must be >= 1")
        check(all(p >= 0 for p in self.padding), f"{where}: padding must be >= 0")
        (xs, xt), (ws, wt) = types[self.inputs[0]], types[self.inputs[1]]
        check(xt == wt, f"{where}: image is {xt} but filter is {wt}; cast one of them first")
        check((xt, self.acc) in CONV_DTYPES,
              f"{where}: {xt} inputs with {self.acc} accumulation unsupported; use one of {sorted(CONV_DTYPES)}")
        check_zero_points(self.zero_points, xt, self.acc, where)
        out = conv_out_shape(self, xs, ws)
        macs = prod(out) * prod(ws) // ws[3 if self.nhwc else 0]
        check(macs <= U.MAX_CONV_MACS, f"{where}: {macs} multiply-adds exceed the limit of {U.MAX_CONV_MACS}; "
                                       "use smaller tensors", "limit")
        init_shape(self, out, types, self.channel_axis)
        return out, self.acc

    def describe(self) -> str:
        zp = f" zero points {list(self.zero_points)}" if self.zero_points else ""
        zp += f" into {init_of(self)}" if init_of(self) else ""
        return (f"conv2d {self.layout} stride {list(self.stride)} dilation {list(self.dilation)} "
                f"padding {list(self.padding)} groups {self.groups} acc {self.acc}{zp}"
                + (" (generic form)" if self.form == "generic" else ""))


def conv_out_shape(op: Conv2d, x: tuple[int, ...], w: tuple[int, ...]) -> tuple[int, ...]:
    where = f"op {op.name!r}"
    check(len(x) == 4 and len(w) == 4, f"{where}: conv2d needs 4-d image and filter, got {x} and {w}")
    n, h, wd, c = x if op.nhwc else (x[0], x[2], x[3], x[1])
    kh, kw, cpg, f = op.filter_dims(w)
    g = op.groups
    check(g >= 1 and c % g == 0 and f % g == 0, f"{where}: groups={g} must divide input channels {c} and filters {f}")
    check(cpg * g == c, f"{where}: filter has {cpg} channels per group but image has {c} channels / {g} groups")
    pt, pb, pl, pr = op.padding
    oh = (h + pt + pb - op.dilation[0] * (kh - 1) - 1) // op.stride[0] + 1
    ow = (wd + pl + pr - op.dilation[1] * (kw - 1) - 1) // op.stride[1] + 1
    check(oh >= 1 and ow >= 1, f"{where}: the dilated filter does not fit the padded image (output {oh}x{ow})")
    return (n, oh, ow, f) if op.nhwc else (n, f, oh, ow)
