"""Lower a case to a Relax module the way a framework importer builds one (``relax.BlockBuilder``).

* ``conv2d`` becomes ``relax.op.nn.conv2d`` (NHWC data with HWIO filters, or NCHW with OIHW;
  strides, dilation, padding as (top, left, bottom, right), groups, ``out_dtype`` = the case's
  accumulator), which ``LegalizeOps`` hands to TOPI's conv.
* An elementwise generic whose every input is read plainly (each map a permutation of, or a
  broadcast over, the loop dims) becomes Relax ops: ``permute_dims`` / ``reshape`` views, then
  ``add``, ``subtract``, ``multiply``, ``maximum``, ``minimum``, ``astype``, ``round``, ``clip``,
  ``exp`` and ``where`` over comparisons, so a requantize or dequantize epilogue is the op chain an
  importer emits.  A scalar constant stays a ``relax.const`` operand of a binary op (legalization
  inlines it); a body with a constant subexpression (``cast`` of a constant, say) goes through TE.
* ``attention`` becomes ``relax.op.nn.attention`` (one head; a mask as its bias), which ``LegalizeOps``
  hands to TOPI: batch matmuls, the scale, the bias and ``topi.nn.softmax`` in the operands' dtype.
* An init operand (``fuzz.case.ops.init``) is ``add`` after the conv or matmul, a bias ``reshape``d to
  broadcast along the output channels first (what the ONNX and PyTorch importers emit for Conv's and Gemm's
  bias); ``reshape`` ops are ``reshape`` (collapse, expand) and ``permute_dims`` (transpose).
* Every other generic (reductions, offset, reversed or windowed reads) is ``emit_te`` of
  ``frontends.tvm.lower``'s TE compute, named after the case op, so ``AnnotateTIROpPattern`` and
  ``FuseOps`` see its real pattern kind.

The function is ``main``: the case inputs as parameters, its output (a tuple for several) as result.
The declared semantics hold op by op: every Relax op rounds in its own dtype, TOPI's ``round`` is
half to even, ``astype`` from float to int truncates, and ``conv2d`` converts both operands to
``out_dtype`` before it multiplies.
"""
from __future__ import annotations

import tvm
from tvm import relax

from frontends.tvm.lower import TVM_DTYPE
from frontends.tvm.lower import generic as te_generic
from frontends.tvm.lower import lower_op as te_op
from fuzz.case.dynamic import dynamic_dims, equal_dims, is_dynamic
from fuzz.case.ops.expr import V1_OPS
from fuzz.case.ops.init import init_of
from fuzz.case.workload import FLOAT_DTYPES, Attention, Case, Conv2d, Expr, Generic, Matmul, Reshape

_BINARY = {"add": relax.op.add, "sub": relax.op.subtract, "mul": relax.op.multiply,
           "max": relax.op.maximum, "min": relax.op.minimum}
_COMPARE = {"gt": relax.op.greater, "lt": relax.op.less, "ge": relax.op.greater_equal,
            "le": relax.op.less_equal, "eq": relax.op.equal}


def _reads(e: Expr) -> bool:
    return e.op == "in" or any(_reads(a) for a in e.args)


def _relax_ops(e: Expr) -> bool:
    """Every op of the body has a Relax operator of the same semantics here (the body ops of the first case
    format); division, modulo, shifts, bitwise ops, sqrt, tanh, sigmoid and erf go through ``emit_te`` of the TE
    compute, whose semantics kernelfuzz states exactly."""
    return e.op in V1_OPS and all(_relax_ops(a) for a in e.args)


def _no_constant_subexpression(e: Expr) -> bool:
    """Every non-leaf subexpression reads an input: legalization inlines scalar operands of binary ops, but a
    Relax op over constants alone would legalize to a PrimFunc of no tensor."""
    if not e.args:
        return True
    return _reads(e) and all(_no_constant_subexpression(a) for a in e.args)


def _plain_dims(amap) -> list[int] | None:
    """The loop dim each input dim reads, when every one is read plainly (coefficient 1, no offset), once."""
    dims = []
    for a in amap:
        if a.offset or a.divs or sorted(a.coeffs)[-1:] != [1] or sum(map(abs, a.coeffs)) != 1:
            return None
        dims.append(a.coeffs.index(1))
    return dims if len(set(dims)) == len(dims) else None


def relax_expressible(op: Generic) -> bool:
    """Whether an elementwise generic lowers to Relax ops (see the module docstring)."""
    return (not op.reduction and all(_plain_dims(m) is not None for m in op.maps) and _reads(op.body)
            and _relax_ops(op.body)
            and _no_constant_subexpression(op.body))


def _view(bb: relax.BlockBuilder, x, amap, dims):
    """The input with its axes in loop-dim order, broadcastable to the loop dims (numpy rules: a read of the
    trailing dims, such as an NHWC bias, as it is; otherwise reshaped with 1 where it broadcasts)."""
    read = _plain_dims(amap)
    order = sorted(range(len(read)), key=lambda k: read[k])
    if order != list(range(len(read))):
        x = bb.emit(relax.op.permute_dims(x, order))
    if sorted(read) != list(range(len(dims) - len(read), len(dims))):
        x = bb.emit(relax.op.reshape(x, [dims[d] if d in read else 1 for d in range(len(dims))]))
    return x


def _expr(bb: relax.BlockBuilder, e: Expr, views: list, dtypes: tuple[str, ...]):
    """(Relax value, dtype) of a body over the input views."""
    if e.op == "in":
        return views[e.index], dtypes[e.index]
    if e.op == "const":
        return relax.const(e.value if e.dtype in FLOAT_DTYPES else int(e.value), TVM_DTYPE[e.dtype]), e.dtype
    args = [_expr(bb, a, views, dtypes) for a in e.args]
    a, t = args[0]
    if e.op in _BINARY:
        return bb.emit(_BINARY[e.op](a, args[1][0])), t
    if e.op == "cast":
        return (a if t == e.dtype else bb.emit(relax.op.astype(a, TVM_DTYPE[e.dtype]))), e.dtype
    if e.op == "round":
        return bb.emit(relax.op.round(a)), t
    if e.op == "exp":
        return bb.emit(relax.op.exp(a)), t
    if e.op == "clamp":
        lo, hi = (e.lo, e.hi) if t in FLOAT_DTYPES else (int(e.lo), int(e.hi))
        return bb.emit(relax.op.clip(a, lo, hi)), t
    cond = bb.emit(_COMPARE[e.pred](a, args[1][0]))
    return bb.emit(relax.op.where(cond, args[2][0], args[3][0])), args[2][1]


def _elementwise(bb: relax.BlockBuilder, op: Generic, ins: list, dtypes: tuple[str, ...], dims: list):
    """``dims``: the loop extents (the result's shape, symbolic where dynamic, so broadcasts stay provable)."""
    views = [_view(bb, x, amap, dims) if _reads_input(op.body, k) else None
             for k, (x, amap) in enumerate(zip(ins, op.maps))]
    value, _ = _expr(bb, op.body, views, dtypes)
    covered = {d for k, amap in enumerate(op.maps) if _reads_input(op.body, k) for d in _plain_dims(amap)}
    if len(covered) != len(op.dims):  # no input spans every loop dim: the result broadcasts to the output
        value = bb.emit(relax.op.broadcast_to(value, list(dims)))
    return value


def _reads_input(e: Expr, k: int) -> bool:
    return (e.op == "in" and e.index == k) or any(_reads_input(a, k) for a in e.args)


def _conv(bb: relax.BlockBuilder, op: Conv2d, x, w):
    pt, pb, pl, pr = op.padding
    return bb.emit(relax.op.nn.conv2d(
        x, w, strides=op.stride, padding=(pt, pl, pb, pr), dilation=op.dilation, groups=op.groups,
        data_layout=op.layout, kernel_layout="HWIO" if op.layout == "NHWC" else "OIHW",
        out_dtype=TVM_DTYPE[op.acc]))


def _accumulate(bb: relax.BlockBuilder, op, types: dict, total, init):
    """``total + init``; a bias reshaped to one value per output channel, broadcast over the rest."""
    if init is None:
        return total
    out = types[op.name][0]
    if types[init_of(op)][0] != out:
        axis = op.channel_axis if isinstance(op, Conv2d) else len(out) - 1
        init = bb.emit(relax.op.reshape(init, [-1 if d == axis else 1 for d in range(len(out))]))
    return bb.emit(relax.op.add(total, init))


def _reshape(bb: relax.BlockBuilder, op: Reshape, types: dict, x):
    if op.mode == "transpose":
        return bb.emit(relax.op.permute_dims(x, list(op.perm)))
    return bb.emit(relax.op.reshape(x, list(types[op.name][0])))


def _matmul(bb: relax.BlockBuilder, op: Matmul, types: dict, a, b):
    """``relax.op.matmul`` (what an importer emits for torch.matmul / bmm), a stored-transposed operand read
    through ``permute_dims`` of its last two axes, as ``a.transpose(-1, -2)`` imports."""
    def t(x, name):
        nd = len(types[name][0])
        return bb.emit(relax.op.permute_dims(x, list(range(nd - 2)) + [nd - 1, nd - 2]))
    a = t(a, op.inputs[0]) if op.transpose == "a" else a
    b = t(b, op.inputs[1]) if op.transpose == "b" else b
    return bb.emit(relax.op.matmul(a, b, out_dtype=TVM_DTYPE[op.acc]))


def _attention(bb: relax.BlockBuilder, op: Attention, types: dict, ins: list):
    """``R.nn.attention`` (``attention_bias`` with a mask), as an importer emits SDPA: Q, K, V given one head
    axis ([B, S, 1, D]), the mask a [B, 1, M, K2] bias (a boolean one as ``where(mask != 0, 0, -inf)``), the
    result's head axis dropped again."""
    dt = TVM_DTYPE[types[op.inputs[0]][1]]
    q, k, v = (bb.emit(relax.op.expand_dims(x, [2])) for x in ins[:3])
    bias = None
    if op.mask == "additive":
        bias = bb.emit(relax.op.expand_dims(ins[3], [1]))
    elif op.mask == "boolean":
        keep = bb.emit(relax.op.not_equal(ins[3], relax.const(0, TVM_DTYPE[types[op.inputs[3]][1]])))
        bias = bb.emit(relax.op.expand_dims(relax.op.where(keep, relax.const(0.0, dt),
                                                           relax.const(float("-inf"), dt)), [1]))
    out = bb.emit(relax.op.nn.attention(q, k, v, bias, scale=float(op.scale)))
    return bb.emit(relax.op.squeeze(out, [2]))


def _shapes(case: Case, types: dict):
    """The shape Relax gives each value: static, but one ``tirx.Var`` for each class of dims the case forces
    equal (``equal_dims``) that holds a dynamic dim (``dynamic_dims``), so Relax can prove the operands of a
    broadcasting op equal (as an importer names a sequence length once); a dim the case marks static but that
    equals a dynamic one is symbolic too."""
    eq, dyn = equal_dims(case, types), dynamic_dims(case, types)
    classes = {eq[(v, d)] for v, dims in dyn.items() for d in dims}
    var = {c: tvm.tirx.Var(f"{c[0]}_d{c[1]}", "int64") for c in sorted(classes)}
    return lambda name: [var[eq[(name, d)]] if eq[(name, d)] in var else n for d, n in enumerate(types[name][0])]


def lower(case: Case) -> tvm.IRModule:
    """The Relax module of the case (function ``main``); with dynamic dims, inputs have symbolic shapes
    (``_shapes``) and every op's result is ``match_cast`` to the case's, so the kernels Relax legalizes and dlight
    schedules get symbolic extents where the case's are dynamic."""
    types = case.tensor_types()
    shape, dynamic = _shapes(case, types), is_dynamic(case)
    params = [relax.Var(t.name, relax.TensorType(shape(t.name), TVM_DTYPE[t.dtype])) for t in case.inputs]
    bb = relax.BlockBuilder()
    with bb.function("main", params):
        with bb.dataflow():
            env = {t.name: p for t, p in zip(case.inputs, params)}
            for op in case.ops:
                ins = [env[n] for n in op.inputs]
                init = ins[2] if isinstance(op, (Conv2d, Matmul)) and init_of(op) else None
                if isinstance(op, Conv2d) and not op.zero_points:
                    env[op.name] = _accumulate(bb, op, types, _conv(bb, op, *ins[:2]), init)
                elif isinstance(op, Matmul) and not op.zero_points and op.form == "named":
                    env[op.name] = _accumulate(bb, op, types, _matmul(bb, op, types, *ins[:2]), init)
                elif isinstance(op, Reshape):
                    env[op.name] = _reshape(bb, op, types, ins[0])
                elif isinstance(op, Attention):
                    env[op.name] = _attention(bb, op, types, ins)
                elif not isinstance(op, Generic):  # quantized convs and matmuls, pools, pads: their TE computes
                    static = [types[n][0] for n in op.inputs]  # TE's window extents, whatever Relax infers
                    env[op.name] = bb.emit_te(lambda *ts, op=op, s=static: te_op(op, list(ts), static=s), *ins,
                                              primfunc_name_hint=op.name)
                elif relax_expressible(op):
                    env[op.name] = _elementwise(bb, op, ins, tuple(types[n][1] for n in op.inputs), shape(op.name))
                else:
                    env[op.name] = bb.emit_te(lambda *ts, op=op: te_generic(op, list(ts)), *ins,
                                              primfunc_name_hint=op.name)
                if dynamic:  # the case's shape, whatever Relax inferred (a conv's rows from a symbolic filter)
                    env[op.name] = bb.match_cast(env[op.name], relax.TensorType(shape(op.name),
                                                                                TVM_DTYPE[types[op.name][1]]))
            outs = [env[n] for n in case.outputs]
            result = bb.emit_output(outs[0] if len(outs) == 1 else relax.Tuple(outs))
        bb.emit_func_output(result)
    return bb.get()
