"""Lower a case to linalg MLIR text for IREE.

Convs become named ops where linalg has one: ``linalg.conv_2d_nhwc_hwcf`` /
``conv_2d_nchw_fchw`` (depthwise with multiplier 1: ``depthwise_conv_2d_nhwc_hwc``
/ ``nchw_chw`` after collapsing the filter), and with zero points their
quantized forms (``conv_2d_nhwc_hwcf_q``, ``conv_2d_nchw_fchw_q``,
``depthwise_conv_2d_nhwc_hwc_q``); other grouped convs, convs of form
``generic`` and every generic become ``linalg.generic``.  Padding is an
explicit ``tensor.pad`` (of the image zero point for a quantized conv).
Named convs promote operands to the accumulator type before the multiply,
exactly the declared conv semantics.  Matmuls, pools and pads are
``frontends.iree.named``; attention ``iree_linalg_ext.attention`` (``frontends.iree.attention``); scalar
bodies ``frontends.iree.body``; init operands (the ``outs`` a conv or matmul accumulates into) and reshapes
``frontends.iree.forms``.  The
function is ``@main`` with the case inputs as arguments and its outputs as
results (several for a DAG case).
"""
from __future__ import annotations

from math import prod

from frontends.iree.attention import attention
from frontends.iree.emit import (
    MLIR_TYPE,
    Emitter,
    Shape,
    affine_map,
    combine,
    dynamic_of,
    generic,
    init,
    linalg_generic,
    tensor_type,
)
from frontends.iree.forms import outs, reshape
from frontends.iree.named import matmul, pad, pad_tensor, pool
from fuzz.case.dynamic import dynamic_dims
from fuzz.case.workload import FLOAT_DTYPES, Attention, Case, Conv2d, Generic, Matmul, Pad, Pool2d, Reshape

_NAMED_CONV = {("NHWC", False): "conv_2d_nhwc_hwcf", ("NCHW", False): "conv_2d_nchw_fchw",
               ("NHWC", True): "depthwise_conv_2d_nhwc_hwc", ("NCHW", True): "depthwise_conv_2d_nchw_chw"}
_QUANTIZED = ("conv_2d_nhwc_hwcf", "conv_2d_nchw_fchw", "depthwise_conv_2d_nhwc_hwc")


def _named_conv(op: Conv2d, types: dict) -> str | None:
    """The linalg named op that spells this conv exactly, if any."""
    kh, kw, cpg, f = op.filter_dims(types[op.inputs[1]][0])
    if op.form == "generic" or not (op.groups == 1 or (op.groups == f and cpg == 1)):
        return None
    name = _NAMED_CONV[(op.layout, op.groups > 1)]
    if op.zero_points is None:
        return name
    return name + "_q" if name in _QUANTIZED else None


def _conv_generic(em: Emitter, op: Conv2d, x: str, w: str, xs, xt: str, ws, oshape, out: str) -> str:
    """Loops (n, oh, ow, f, ky, kx, c) for NHWC, (n, f, oh, ow, c, ky, kx) for NCHW."""
    kh, kw, cpg, f = op.filter_dims(ws)
    (sh, sw), (dh, dw), fpg = op.stride, op.dilation, f // op.groups
    n_, oh, ow, ff, ky, kx, cc = range(7) if op.nhwc else (0, 2, 3, 1, 5, 6, 4)
    yy, xx = f"d{oh} * {sh} + d{ky} * {dh}", f"d{ow} * {sw} + d{kx} * {dw}"
    chan = f"(d{ff} floordiv {fpg}) * {cpg} + d{cc}"
    xmap = [f"d{n_}", yy, xx, chan] if op.nhwc else [f"d{n_}", chan, yy, xx]
    wmap = [f"d{ky}", f"d{kx}", f"d{cc}", f"d{ff}"] if op.nhwc else [f"d{ff}", f"d{cc}", f"d{ky}", f"d{kx}"]
    omap = [f"d{n_}", f"d{oh}", f"d{ow}", f"d{ff}"] if op.nhwc else [f"d{n_}", f"d{ff}", f"d{oh}", f"d{ow}"]
    zp = [em.const(z, op.acc) for z in op.zero_points] if op.zero_points else None
    out_ty = tensor_type(oshape, op.acc)

    def mac(e: Emitter, args: list[str], acc: str) -> str:
        a, b = e.cast(args[0], xt, op.acc), e.cast(args[1], xt, op.acc)
        if zp:  # the quantized conv: (x - zx) * (w - zw)
            a, b = (e.op(f"arith.subi {v}, {z} : {MLIR_TYPE[op.acc]}") for v, z in zip((a, b), zp))
        p = e.op(f"arith.{'mulf' if op.acc in FLOAT_DTYPES else 'muli'} {a}, {b} : {MLIR_TYPE[op.acc]}")
        return combine(e, "add", acc, p, op.acc)

    return linalg_generic(em, [(x, tensor_type(xs, xt), xt), (w, tensor_type(ws, xt), xt)],
                          [affine_map(7, m) for m in (xmap, wmap, omap)], ["parallel"] * 4 + ["reduction"] * 3,
                          out, out_ty, op.acc, mac)


def conv(em: Emitter, op: Conv2d, ins: list[str], types: dict) -> str:
    """``ins``: image, filter (, init: the ``outs``)."""
    x, w = ins[:2]
    (xs, xt), (ws, _), (oshape, _) = types[op.inputs[0]], types[op.inputs[1]], types[op.name]
    out = outs(em, op, ins, types, None)
    pt, pb, pl, pr = op.padding
    if any(op.padding):
        lo, hi = ([0, pt, pl, 0], [0, pb, pr, 0]) if op.nhwc else ([0, 0, pt, pl], [0, 0, pb, pr])
        zx = op.zero_points[0] if op.zero_points else 0
        x = pad_tensor(em, x, xs, xt, lo, hi, zx)
        xs = Shape((n + a + b for n, a, b in zip(xs, lo, hi)), dict.fromkeys(dynamic_of(xs)))
    named = _named_conv(op, types)
    if named is None:
        return _conv_generic(em, op, x, w, xs, xt, ws, oshape, out)
    out_ty = tensor_type(oshape, op.acc)
    kh, kw, cpg, f = op.filter_dims(ws)
    if op.groups > 1:  # depthwise, multiplier 1: filter HWC / CHW
        w, ws = em.static(w, ws, xt), tuple(ws)  # collapse_shape of a dynamic filter: left to the static type
        fs = (kh, kw, f) if op.nhwc else (f, kh, kw)
        assoc = "[[0], [1], [2, 3]]" if op.nhwc else "[[0, 1], [2], [3]]"
        w = em.op(f"tensor.collapse_shape {w} {assoc} : {tensor_type(ws, xt)} into {tensor_type(fs, xt)}")
        ws = fs
    operands, tys = [x, w], [tensor_type(xs, xt), tensor_type(ws, xt)]
    if op.zero_points:
        operands += [em.const(z, "i32") for z in op.zero_points]
        tys += ["i32", "i32"]
    attrs = (f"{{dilations = dense<[{op.dilation[0]}, {op.dilation[1]}]> : tensor<2xi64>, "
             f"strides = dense<[{op.stride[0]}, {op.stride[1]}]> : tensor<2xi64>}}")
    return em.op(f"linalg.{named} {attrs} ins({', '.join(operands)} : {', '.join(tys)}) "
                 f"outs({out} : {out_ty}) -> {out_ty}", "conv")


_LOWER = {Conv2d: conv, Generic: generic, Matmul: matmul, Pool2d: pool, Pad: pad, Attention: attention,
          Reshape: reshape}


def _arg(name: str) -> str:
    """The SSA name of an input: prefixed, so an input named like an emitted value (acc, a0, v1) cannot
    redefine it; the name itself is an identifier (checked when the case was loaded)."""
    return f"%arg_{name}"


def _sizes(em: Emitter, env: dict, types: dict, name: str, dyn: dict) -> None:
    """``types[name]`` as a ``Shape`` whose dynamic dims hold their sizes, read by ``tensor.dim`` from the
    operand dims they pass through (fuzz/case/dynamic.py), before the op that needs them."""
    shape, dtype = types[name]
    sizes = {}
    for d, src in dyn.items():
        if src is not None:
            (v, j), (sshape, sdtype) = src, types[src[0]]
            c = em.op(f"arith.constant {j} : index", "c")
            sizes[d] = em.op(f"tensor.dim {env[v]}, {c} : {tensor_type(sshape, sdtype)}", "dim")
        else:
            sizes[d] = None
    types[name] = (Shape(shape, sizes), dtype)


def lower(case: Case) -> str:
    """The MLIR module text of the case (function ``@main``); dynamic dims (``Tensor.dynamic``, spread as
    fuzz/case/dynamic.py says) are ``?`` in every type, sized by ``tensor.dim`` where an op needs a size."""
    types = dict(case.tensor_types())
    dyn = dynamic_dims(case, types)
    em = Emitter()
    env = {t.name: _arg(t.name) for t in case.inputs}
    for t in case.inputs:
        types[t.name] = (Shape(t.shape, dict.fromkeys(t.dynamic)), t.dtype)
    for op in case.ops:
        if dyn[op.name]:
            _sizes(em, env, types, op.name, dyn[op.name])
        env[op.name] = _LOWER[type(op)](em, op, [env[n] for n in op.inputs], types)
    args = ", ".join(f"{_arg(t.name)}: {tensor_type(*types[t.name])}" for t in case.inputs)
    results = [tensor_type(*types[n]) for n in case.outputs]
    head = f"func.func @main({args}) -> ({', '.join(results)}) {{"
    ret = f"  return {', '.join(env[n] for n in case.outputs)} : {', '.join(results)}"
    return "\n".join([head, *em.lines, ret, "}"]) + "\n"


def odd_int4(case) -> str | None:
    """Why IREE cannot take this case's int4 weights (None: it can).  IREE's stream layer packs sub-byte tensors
    tightly (iree-org/iree#13344) and sizes a tensor in whole bytes: an i4 tensor of an odd element count has
    none ('stream.tensor.sizeof' op failed to calculate total byte count), a documented limit, not a bug."""
    odd = [t.name for t in case.inputs if t.dtype == "i4" and prod(t.shape) % 2]
    return f"i4 inputs {', '.join(odd)} hold an odd number of int4 values: IREE sizes packed sub-byte tensors in " \
           "whole bytes (iree-org/iree#13344)" if odd else None


SINGLE_DISPATCH_PASS = "iree-preprocessing-make-single-dispatch"  # frontends/iree/preprocessing.py's configurations


def single_dispatch_dynamic(case, flags: tuple[str, ...]) -> str | None:
    """Why a single-dispatch configuration (``flags``) cannot take a case whose result has a dynamic dim (None:
    it can).  IREE's MakeSingleDispatchForFunction refuses such a function by design ("unhandled dynamic dimensions for
    created dispatch region"; its source: "Getting the dynamic dimensions of result values ... is involved. Ignore
    this case for now"): a documented limit of the pass, not a bug, measured on IREE 3.13 in tests/test_dynamic.py.
    Dynamic operands that feed a static result (a dynamic reduction dim) are taken: the pass compiles them."""
    if not any(SINGLE_DISPATCH_PASS in f for f in flags):
        return None
    dynamic = dynamic_dims(case)
    outputs = [name for name in case.outputs if dynamic.get(name)]
    return (f"result {', '.join(outputs)} has a dynamic dim: iree-preprocessing-make-single-dispatch does not "
            "handle dynamic result dims (frontends/iree/lower.py)") if outputs else None
