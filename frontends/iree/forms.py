"""The importer forms in linalg, as torch-mlir and IREE's ONNX importer emit them (``fuzz.case.ops.init``,
``fuzz.case.ops.reshape``).

* An init operand is the ``outs`` of the conv or matmul: used as it is when it has the result's shape, else
  ``linalg.broadcast`` of the bias along the output channels into a ``tensor.empty`` (the importers' bias).
* ``reshape`` is ``tensor.collapse_shape`` / ``tensor.expand_shape`` (with ``output_shape``) /
  ``linalg.transpose``.  A dynamic operand is first cast to its static type: a reshape's result is static
  (``fuzz.case.dynamic``).
"""
from __future__ import annotations

from frontends.iree.emit import Emitter, dynamic_of, init, tensor_type
from fuzz.case.ops.init import init_of
from fuzz.case.workload import Conv2d, Reshape


def outs(em: Emitter, op, ins: list[str], types: dict, reduce: str | None) -> str:
    """The ``outs`` operand of a conv or matmul: its init operand (broadcast where it is a bias), else the
    combiner's identity."""
    oshape = types[op.name][0]
    name = init_of(op)
    if name is None:
        return init(em, oshape, op.acc, reduce)
    ishape, dtype = types[name]
    v = em.static(ins[2], ishape, dtype)
    static = tensor_type(tuple(oshape), dtype)
    if tuple(ishape) != tuple(oshape):
        axis = op.channel_axis if isinstance(op, Conv2d) else len(oshape) - 1
        added = [d for d in range(len(oshape)) if d != axis]
        empty = em.op(f"tensor.empty() : {static}", "e")
        v = em.op(f"linalg.broadcast ins({v} : {tensor_type(tuple(ishape), dtype)}) outs({empty} : {static}) "
                  f"dimensions = {added}", "bias")
    if dynamic_of(oshape):  # the result's type has ``?`` dims: the outs must have it too
        v = em.op(f"tensor.cast {v} : {static} to {tensor_type(oshape, dtype)}")
    return v


def reshape(em: Emitter, op: Reshape, ins: list[str], types: dict) -> str:
    shape, dtype = types[op.inputs[0]]
    x = em.static(ins[0], shape, dtype)
    src, dst = tensor_type(tuple(shape), dtype), tensor_type(tuple(types[op.name][0]), dtype)
    if op.mode == "transpose":
        empty = em.op(f"tensor.empty() : {dst}", "e")
        return em.op(f"linalg.transpose ins({x} : {src}) outs({empty} : {dst}) permutation = {list(op.perm)}", "tr")
    groups = "[" + ", ".join(str(list(g)) for g in op.groups) + "]"
    if op.mode == "collapse":
        return em.op(f"tensor.collapse_shape {x} {groups} : {src} into {dst}", "col")
    return em.op(f"tensor.expand_shape {x} {groups} output_shape {list(op.shape)} : {src} into {dst}", "exp")
