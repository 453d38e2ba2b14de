"""What the ONNX writer's modules share: the opset, the importer commands, ``Unwritable``, and the ``Builder`` that
collects nodes and initializers (every helper returns the name of the value it made)."""
from __future__ import annotations

import numpy as np

from fuzz.case.ops.base import NUMPY_DTYPE

OPSET = 18  # ai.onnx opset of every model written (ReduceMax/ReduceMin take axes as an input from 18 on)
IR_VERSION = 8  # the ONNX IR version of opset 18
MODEL = "model.onnx"  # the file name in a workdir and in a bundle
# The importer calls a maintainer runs on ``MODEL`` (the frontends record theirs in their facts, ``importer``).
IREE_IMPORT = ("iree-import-onnx", MODEL, "-o", "kernel.mlir")  # the iree-compile line reads kernel.mlir
TVM_IMPORT = f"from_onnx(onnx.load({MODEL!r}), opset={OPSET})"  # from tvm.relax.frontend.onnx
IMPORTERS = {"iree": " ".join(IREE_IMPORT), "tvm": f"tvm.relax.frontend.onnx.{TVM_IMPORT}"}


class Unwritable(Exception):
    """The case holds something ONNX (or this writer) cannot express exactly; the message says what."""


ONNX_DTYPES = ("f16", "f32", "i8", "i32", "i64")
NCHW, NHWC = (0, 3, 1, 2), (0, 2, 3, 1)  # Transpose perms: NHWC -> NCHW, NCHW -> NHWC
HWCF_TO_FCHW = (3, 2, 0, 1)


def tensor_type(dtype: str) -> int:
    from onnx import TensorProto
    return {"f16": TensorProto.FLOAT16, "f32": TensorProto.FLOAT, "i8": TensorProto.INT8,
            "i32": TensorProto.INT32, "i64": TensorProto.INT64}[dtype]


class Builder:
    """The nodes and initializers written so far; every helper returns the name of the value it made."""

    def __init__(self, types: dict):
        self.types = types  # the case's value -> (shape, dtype)
        self.nodes, self.inits, self.count = [], [], 0

    def fresh(self, hint: str) -> str:
        self.count += 1
        return f"{hint}__{self.count}"

    def node(self, op: str, inputs: list[str], out: str | None = None, **attrs) -> str:
        from onnx import helper
        out = out or self.fresh(op.lower())
        self.nodes.append(helper.make_node(op, inputs, [out], name=out, **attrs))
        return out

    def const(self, value, dtype: str, hint: str = "c") -> str:
        """A constant (a scalar broadcasts) of the case's ``dtype``, or ``"i64"`` for shapes and axes."""
        from onnx import numpy_helper
        numpy = "int64" if dtype == "i64" else NUMPY_DTYPE[dtype]
        name = self.fresh(hint)
        self.inits.append(numpy_helper.from_array(np.asarray(value, dtype=numpy), name))
        return name

    def cast(self, x: str, src: str, dst: str) -> str:
        return x if src == dst else self.node("Cast", [x], to=tensor_type(dst))

    def finish(self, x: str, name: str) -> str:
        """Name value ``x`` ``name``: the last node's output renamed where ``x`` is it, else an ``Identity``."""
        if self.nodes and self.nodes[-1].output[0] == x:
            self.nodes[-1].output[0] = self.nodes[-1].name = name
            return name
        return self.node("Identity", [x], name)

    def transpose(self, x: str, perm, out: str | None = None) -> str:
        return x if tuple(perm) == tuple(range(len(perm))) and out is None else \
            self.node("Transpose", [x], out, perm=list(perm))


