"""Independent numpy implementations of attention as the compilers build it (for tests/test_attention_bound.py):
TVM 0.27's legalization (every step in the operands' dtype), IREE 3.13's llvm-cpu online softmax (tiles of K2,
a running maximum with rescaling, f32 accumulators, exp2 with log2(e) folded in the dtype, P rounded to the
dtype) and the textbook three-pass softmax in f32.  Sums run sequentially in the named dtype."""
import numpy as np


def _seq_sum(terms: np.ndarray, dtype, axis: int = -1) -> np.ndarray:
    terms = np.moveaxis(terms, axis, -1)
    acc = np.zeros(terms.shape[:-1], dtype)
    for j in range(terms.shape[-1]):
        acc = (acc + terms[..., j].astype(dtype)).astype(dtype)
    return acc


def _bias(mask, kind, dtype):
    if kind == "additive":
        return mask.astype(dtype)
    if kind == "boolean":
        return np.where(mask != 0, 0, -np.inf).astype(dtype)
    return None


def tvm_like(q, k, v, mask, kind, scale):
    dt = q.dtype.type
    s = _seq_sum(q[:, :, None, :].astype(dt) * k[:, None, :, :].astype(dt), dt)
    s = (s * dt(scale)).astype(dt)
    b = _bias(mask, kind, dt)
    s = s if b is None else (s + b).astype(dt)
    e = np.exp((s - s.max(axis=-1, keepdims=True)).astype(np.float32)).astype(dt)
    p = (e / _seq_sum(e, dt)[..., None]).astype(dt)
    return _seq_sum(p[..., :, None] * v[:, None, :, :], dt, axis=2)


def iree_like(q, k, v, mask, kind, scale, tile=4):
    dt = q.dtype.type
    f32 = np.float32
    c = dt(dt(scale) * dt(1.4426950408889634))
    qs = (q * c).astype(dt)
    s = _seq_sum(qs[:, :, None, :].astype(f32) * k[:, None, :, :].astype(f32), f32)
    if kind == "additive":
        s = (s + (mask.astype(f32) * f32(1.44269502)).astype(f32)).astype(f32)
    elif kind == "boolean":
        s = np.where(mask != 0, s, -np.inf).astype(f32)
    B, M, K2 = s.shape
    acc = np.zeros((B, M, v.shape[-1]), f32)
    mx = np.full((B, M), -3.40282347e38, f32)
    total = np.zeros((B, M), f32)
    for t in range(0, K2, tile):
        st = s[..., t:t + tile]
        new = np.maximum(mx, st.max(axis=-1)).astype(f32)
        alpha = np.exp2((mx - new).astype(f32)).astype(f32)
        p = np.exp2((st - new[..., None]).astype(f32)).astype(f32)
        total = (alpha * total).astype(f32)
        total = (total + _seq_sum(p, f32)).astype(f32)
        acc = (alpha[..., None] * acc).astype(f32)
        pc = p.astype(dt).astype(f32)
        acc = (acc + _seq_sum(pc[..., :, None] * v[:, None, t:t + tile, :].astype(f32), f32, axis=2)).astype(f32)
        mx = new
    return ((f32(1) / total)[..., None] * acc).astype(f32).astype(dt)


def three_pass(q, k, v, mask, kind, scale):
    f32 = np.float32
    s = np.einsum("bmi,bji->bmj", q.astype(f32), k.astype(f32)).astype(f32) * f32(scale)
    b = _bias(mask, kind, f32)
    s = s if b is None else s + b
    e = np.exp(s - s.max(axis=-1, keepdims=True)).astype(f32)
    p = (e / e.sum(axis=-1, keepdims=True)).astype(f32)
    return np.einsum("bmj,bjn->bmn", p, v.astype(f32)).astype(q.dtype)
