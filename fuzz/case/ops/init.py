"""The accumulate-into form: a conv or matmul whose sum starts from a value instead of zero.

Importers (torch-mlir, IREE's ONNX importer) attach a bias by broadcasting it into the ``outs`` operand of
``linalg.conv_2d_*`` / ``linalg.matmul``, so the compiler sees ``out = init + sum(products)``, not a following
add.  Here the init is an optional last input of ``conv2d`` and ``matmul`` (``inputs = [x, w, init]``), of the
accumulator dtype and either the result's shape (``"full"``: another tensor, a residual) or one value per output
channel (``"bias"``: a 1-d tensor of the result's channel extent, NHWC/NCHW conv: F, matmul: N, broadcast
over every other dim).  Its meaning is one more term of the sum: the reference adds it before rounding once,
and a float bound counts it as a term (an implementation may add it first, last or anywhere between).
"""
from __future__ import annotations

from fuzz.case.ops.base import check

INIT_SHAPES = ("full", "bias")
FORMS_VERSION = 3  # the case format that introduced init operands, reshapes and f32 x f32 convs


def init_of(op) -> str | None:
    """The name of ``op``'s init operand, or None (the sum starts from zero)."""
    return op.inputs[2] if len(op.inputs) == 3 else None


def init_shape(op, out: tuple[int, ...], types: dict, channel_axis: int) -> str | None:
    """``"full"`` or ``"bias"``: how ``op``'s init broadcasts to its result ``out`` (None: no init); checked."""
    name = init_of(op)
    if name is None:
        return None
    shape, dtype = types[name]
    where = f"op {op.name!r}"
    check(dtype == op.acc, f"{where}: init {name!r} is {dtype} but the accumulator is {op.acc}; cast it first")
    if tuple(shape) == tuple(out):
        return "full"
    check(tuple(shape) == (out[channel_axis],),
          f"{where}: init {name!r} has shape {list(shape)}; use the result's {list(out)} or a bias "
          f"[{out[channel_axis]}] (one per output channel)")
    return "bias"
