"""The importer forms in TE (``fuzz.case.ops.init``, ``fuzz.case.ops.reshape``).

* A conv or matmul with an init operand is its sum (a compute named ``<op>_sum``) and one elementwise add
  of the init, named after the op (a bias read at the result's channel index): the form TVM's importers give
  a bias.  Not ``te.sum(..., init=...)``: apache-tvm 0.27's ``te.create_prim_func`` drops a Reduce node's
  ``init`` and writes zero in ``T.init()`` (measured: a constant init of 1.0 comes out 0.0), so that spelling
  would be wrong code of TVM's own making on every such case.
* ``reshape`` is one ``te.compute`` named after the op: a collapse or expand reads the operand at the
  row-major unravelling of the result's flat index (``floordiv`` / ``floormod``, folded by TIR's simplifier),
  a transpose at the permuted index.  Shapes are the case's static ones (a reshape's result is static:
  ``fuzz.case.dynamic``).
"""
from __future__ import annotations

from math import prod

from tvm import te, tirx

from fuzz.case.ops.conv import Conv2d


def accumulate(op, total: te.Tensor, init: te.Tensor) -> te.Tensor:
    """``total + init`` named after the op; the init in full or, as a bias, at the result's channel index."""
    rank = len(total.shape)
    axis = op.channel_axis if isinstance(op, Conv2d) else rank - 1
    full = len(init.shape) == rank

    def add(*i):
        return total(*i) + (init[i] if full else init[i[axis]])
    return te.compute(total.shape, add, name=op.name)


def reshape(op, x: te.Tensor, xshape: tuple[int, ...], out: tuple[int, ...]) -> te.Tensor:
    if op.mode == "transpose":
        def moved(*i):
            src = [None] * len(i)
            for k, p in enumerate(op.perm):
                src[p] = i[k]
            return x[tuple(src)]
        return te.compute(out, moved, name=op.name)

    def reread(*i):
        flat = i[0]
        for k in range(1, len(out)):
            flat = flat * out[k] + i[k]
        src = []
        for k in range(len(xshape)):
            inner = prod(xshape[k + 1:])
            v = tirx.floordiv(flat, inner) if inner > 1 else flat
            src.append(tirx.floormod(v, xshape[k]) if k else v)
        return x[tuple(src)]
    return te.compute(out, reread, name=op.name)
