"""Named ops as linalg's named ops: the paths (data tiling, mmt4d, microkernels, pooling vectorization) that
a generic never reaches.

* ``matmul``: ``linalg.matmul`` / ``linalg.batch_matmul``; transposed forms through their
  ``indexing_maps`` (IREE 3.13's MLIR has no ``matmul_transpose_b``: the maps are its spelling);
  with zero points ``linalg.quantized_matmul`` / ``quantized_batch_matmul`` (no transposed form exists:
  those are spelled as the generic twin).
* ``pool2d``: ``linalg.pooling_{nhwc,nchw}_{max,sum}`` with a shape-only window operand, the output
  filled with the combiner's identity.
* ``pad``: ``tensor.pad`` yielding the value.

``form = "generic"`` spells a matmul or pool as its twin (``as_generic``), the pool's window again a
shape-only operand, so linalg can bound the window's reduction dims.
"""
from __future__ import annotations

from frontends.iree.emit import MLIR_TYPE, Emitter, Shape, dims_map, dynamic_of, generic, init, tensor_type
from frontends.iree.forms import outs
from fuzz.case.workload import Matmul, Pad, Pool2d


def _matmul_maps(op: Matmul, batch: bool) -> str:
    """The ``indexing_maps`` of a transposed (batch_)matmul; loops (b,) m, n, k."""
    lead = (0,) if batch else ()
    m, n, k = (x + len(lead) for x in (0, 1, 2))
    a = lead + ((k, m) if op.transpose == "a" else (m, k))
    b = lead + ((n, k) if op.transpose == "b" else (k, n))
    nd = len(lead) + 3
    return f"indexing_maps = [{dims_map(nd, a)}, {dims_map(nd, b)}, {dims_map(nd, lead + (m, n))}] "


def matmul(em: Emitter, op: Matmul, ins: list[str], types: dict) -> str:
    out = outs(em, op, ins, types, "add")  # the init the sum starts from (an importer's bias), or zeros
    if op.form == "generic" or (op.zero_points and op.transpose != "none"):
        return generic(em, op.as_generic(types), ins[:2], types, out_init=out)
    (ashape, dtype), (bshape, _) = types[op.inputs[0]], types[op.inputs[1]]
    oshape = types[op.name][0]
    batch = len(oshape) == 3
    out_ty = tensor_type(oshape, op.acc)
    operands, tys = [*ins[:2]], [tensor_type(ashape, dtype), tensor_type(bshape, dtype)]
    if op.zero_points:
        name = "quantized_batch_matmul" if batch else "quantized_matmul"
        operands += [em.const(z, "i32") for z in op.zero_points]
        tys += ["i32", "i32"]
        maps = ""
    else:
        name = "batch_matmul" if batch else "matmul"
        maps = _matmul_maps(op, batch) if op.transpose != "none" else ""
    return em.op(f"linalg.{name} {maps}ins({', '.join(operands)} : {', '.join(tys)}) "
                 f"outs({out} : {out_ty}) -> {out_ty}", "mm")


def pool(em: Emitter, op: Pool2d, ins: list[str], types: dict) -> str:
    window = (tuple(op.window), (4, 5))  # the twin's loops: four parallel, then the window's two
    if op.form == "generic":
        return generic(em, op.as_generic(types), ins, types, shape_only=(window,))
    (xshape, xdtype), oshape = types[op.inputs[0]], types[op.name][0]
    out_ty = tensor_type(oshape, op.acc)
    out = init(em, oshape, op.acc, "max" if op.mode == "max" else "add")
    win_ty = tensor_type(op.window, op.acc)
    win = em.empty(op.window, op.acc)
    attrs = (f"{{dilations = dense<[{op.dilation[0]}, {op.dilation[1]}]> : tensor<2xi64>, "
             f"strides = dense<[{op.stride[0]}, {op.stride[1]}]> : tensor<2xi64>}}")
    name = f"pooling_{op.layout.lower()}_{op.mode}"
    return em.op(f"linalg.{name} {attrs} ins({ins[0]}, {win} : {tensor_type(xshape, xdtype)}, {win_ty}) "
                 f"outs({out} : {out_ty}) -> {out_ty}", "pool")


def pad_tensor(em: Emitter, x: str, shape, dtype: str, low, high, value: float) -> str:
    """``tensor.pad`` of ``x`` yielding ``value``; the block's index arguments get fresh names."""
    c = em.const(value, dtype)
    p = em.fresh("pad")
    em.emit(f"{p} = tensor.pad {x} low{list(low)} high{list(high)} {{")
    em.emit(f"^bb0({', '.join(em.fresh('idx') + ': index' for _ in shape)}):")
    em.emit(f"  tensor.yield {c} : {MLIR_TYPE[dtype]}")
    padded = Shape((n + a + b for n, a, b in zip(shape, low, high)), dict.fromkeys(dynamic_of(shape)))
    em.emit(f"}} : {tensor_type(shape, dtype)} to {tensor_type(padded, dtype)}")
    return p


def pad(em: Emitter, op: Pad, ins: list[str], types: dict) -> str:
    shape, dtype = types[op.inputs[0]]
    return pad_tensor(em, ins[0], shape, dtype, op.low, op.high, op.value)

