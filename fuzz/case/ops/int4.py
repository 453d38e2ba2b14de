"""int4 weights: what a case may do with an ``i4`` value, and how int4 values are packed two to a byte.

``i4`` (signed, [-8, 7]) is a *storage* type: the weights of a weight-only quantized matmul or conv, stored as
int4 and dequantized (``(w - zp) * scale``) by a generic before the op that reads them.  So:

* only a case input may be ``i4``, with ``int`` values inside [-8, 7]; no op produces ``i4`` (no cast to it, no
  ``i4`` constant, no ``i4`` result);
* only a ``generic`` reads an ``i4`` value, and every read (``["in", k]``) of it sits directly under a ``cast``
  to a wider type: the dequantization.  Arithmetic on int4 itself (overflow at 3 bits) is out of scope.

Packing (the layouts the compilers' runtimes take, measured on iree-base-runtime 3.13 and apache-tvm 0.27):
``pack_flat`` is IREE's ``SINT_4`` buffer (the row-major elements, two a byte, the even element in the low
nibble, an odd count padded with a zero nibble); ``pack_rows`` packs each row of the last dim the same way
into ``ceil(n / 2)`` bytes (``uint8``), the layout frontends/tvm/lower.py unpacks with shifts and masks.
"""
from __future__ import annotations

import numpy as np

from fuzz.case.untrusted import check

STORAGE = "i4"


def _reads(e, i4: set[int], under_cast: bool, where: str) -> None:
    if e.op == "in":
        check(e.index not in i4 or under_cast,
              f"{where}: an i4 input is read outside a cast; int4 is a storage type: cast it (to f16, f32 or i32) first")
        return
    check(not (e.op in ("const", "cast") and e.dtype == STORAGE),
          f"{where}: {e.op} to i4; int4 is a storage type for weight inputs, no op produces it")
    for a in e.args:
        _reads(a, i4, e.op == "cast", where)


def check_op(op, types: dict) -> None:
    """``op`` reads ``i4`` values only as the generic dequantization allows, and produces none."""
    where = f"op {op.name!r}"
    i4 = {k for k, n in enumerate(op.inputs) if types[n][1] == STORAGE}
    body = getattr(op, "body", None) if op.kind == "generic" else None
    check(not i4 or body is not None, f"{where}: {op.kind} reads an i4 value; dequantize it with a generic first")
    if body is not None:
        _reads(body, i4, False, where + ".body")
    check(types[op.name][1] != STORAGE, f"{where}: produces i4; int4 is a storage type for weight inputs only")


def check_input(name: str, dtype: str, dist: str) -> None:
    check(dtype != STORAGE or dist == "int",
          f"input {name!r}: i4 values are drawn as integers in [-8, 7]; use the 'int' distribution")


def _pack_last(a: np.ndarray) -> np.ndarray:
    """Two nibbles a byte along the last axis (low nibble first), the last axis padded to even."""
    v = np.asarray(a).astype(np.int8).astype(np.uint8) & 0x0F
    if v.shape[-1] % 2:
        v = np.concatenate([v, np.zeros(v.shape[:-1] + (1,), np.uint8)], axis=-1)
    return (v[..., 0::2] | (v[..., 1::2] << 4)).astype(np.uint8)


def pack_flat(a: np.ndarray) -> np.ndarray:
    """IREE's SINT_4 buffer: the row-major elements two a byte, low nibble first (1-d, ceil(size / 2) bytes)."""
    return _pack_last(np.asarray(a).reshape(-1))


def pack_rows(a: np.ndarray) -> np.ndarray:
    """Each row of the last axis packed two a byte, low nibble first: shape (..., ceil(n / 2)), uint8."""
    return _pack_last(a)


def is_int4(a: np.ndarray) -> bool:
    import ml_dtypes
    return np.asarray(a).dtype == np.dtype(ml_dtypes.int4)
