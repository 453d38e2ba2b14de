"""The vector machine's tensor-core sums (frontends/devices/ptx/vops_warp.py ``mma_bits``, which mma.sync and wmma.mma
share): every element of D = A x B + C is the exact sum rounded once as ``ops_warp`` defines it (to nearest for f16,
toward zero for f32), whether a warp passes the coarse bound whole, is bounded element by element, is summed with
TwoSum or goes to the scalar functions; and the coarse bound never passes a warp the element bound would not."""
import math

import numpy as np
import pytest

from frontends.devices.ptx import ops_warp, vops_warp
from frontends.devices.ptx.values import F16, encode

WARPS = 48


def _halves(rng, shape, ty: str, spread: int) -> np.ndarray:
    """16-bit patterns of ``ty``: small integers, zeros, and values 2^+-``spread`` apart (exact sums that need the
    element bound, inexact ones that need TwoSum or the scalar functions)."""
    x = rng.integers(-4, 5, shape) * np.exp2(rng.integers(-spread, spread + 1, shape))
    x[rng.random(shape) < 0.2] = 0.0
    if ty == "f16":
        return x.astype(np.float16).view(np.uint16)
    return (x.astype(np.float32).view(np.uint32) >> np.uint32(16)).astype(np.uint16)  # exact: few significant bits


def _acc(rng, shape, ct: str, spread: int) -> np.ndarray:
    x = rng.normal(size=shape) * np.exp2(rng.integers(-spread, spread + 1, shape))
    return x.astype(np.float16).view(np.uint16) if ct == "f16" else x.astype(np.float32).view(np.uint32)


def _fragments(seed: int, at: str, ct: str):
    rng = np.random.default_rng(seed)
    spreads = rng.integers(0, 14, WARPS)  # per warp: from integers to values far apart
    a16 = np.stack([_halves(rng, (16, 16), at, int(s)) for s in spreads])
    b16 = np.stack([_halves(rng, (16, 8), at, int(s)) for s in spreads])
    cb = np.stack([_acc(rng, (16, 8), ct, int(s)) for s in spreads])
    return a16, b16, cb


def _definition(a16, b16, cb, at: str, ct: str, dt: str) -> np.ndarray:
    A, B = vops_warp._half_values(a16, at), vops_warp._half_values(b16, at)
    C = cb.view(np.float16 if ct == "f16" else np.float32).astype(np.float64)
    out = np.zeros(C.shape, np.uint64)
    for w, r, c in np.ndindex(C.shape):
        xs = [float(A[w, r, k] * B[w, k, c]) for k in range(16)] + [float(C[w, r, c])]
        out[w, r, c] = encode(math.fsum(xs), F16) if dt == "f16" else ops_warp.truncated_sum(xs)
    return out


@pytest.mark.parametrize("at,ct,dt", [("f16", "f32", "f32"), ("f16", "f16", "f16"), ("bf16", "f32", "f32")])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_element_is_the_exact_sum_rounded_once(at, ct, dt, seed):
    a16, b16, cb = _fragments(seed, at, ct)
    assert vops_warp.mma_bits(a16, b16, cb, at, ct, dt).tolist() == _definition(a16, b16, cb, at, ct, dt).tolist()


@pytest.mark.parametrize("at,ct", [("f16", "f32"), ("f16", "f16"), ("bf16", "f32")])
def test_the_coarse_bound_passes_a_warp_only_where_the_element_bound_passes_every_element(at, ct):
    a16, b16, cb = _fragments(7, at, ct)
    A, B = vops_warp._half_values(a16, at), vops_warp._half_values(b16, at)
    C = cb.view(np.float16 if ct == "f16" else np.float32).astype(np.float64)
    cfmt = (11, 5) if ct == "f16" else (24, 8)
    grain = np.minimum(vops_warp._least_grain(a16, 2, at)[:, :, None] + vops_warp._least_grain(b16, 1, at)[:, None],
                       vops_warp._grains(cb, *cfmt))
    half = vops_warp.HALF[at]
    floor = np.minimum(vops_warp._warp_grain(a16, *half) + vops_warp._warp_grain(b16, *half),
                       vops_warp._warp_grain(cb, *cfmt))
    whole, (exact, _) = vops_warp._whole_warps(A, B, C, floor), vops_warp._bounded(A, B, C, grain)
    assert (floor <= grain.min((1, 2))).all()
    assert not (whole & ~exact.all((1, 2))).any()
    assert 0 < whole.sum() < WARPS  # both kinds of warp were drawn: the test exercises both paths


@pytest.mark.parametrize("ct,dt", [("f32", "f32"), ("f16", "f16"), ("f32", "f16")])
def test_a_batch_exact_in_binary32_is_summed_there_as_defined(ct, dt):
    """Small integers and their halves (every warp within binary32's bound: ``_single``), zeros of both signs
    included (an all-zero sum is +0), give the exact sum rounded once."""
    rng = np.random.default_rng(11)
    a16 = (rng.integers(-8, 9, (WARPS, 16, 16)) * np.exp2(rng.integers(-1, 2, (WARPS, 16, 16)))).astype(np.float16)
    b16 = (rng.integers(-8, 9, (WARPS, 16, 8)) * 0.5).astype(np.float16)
    a16[0], b16[1] = -0.0, 0.0
    c = (rng.integers(-99, 100, (WARPS, 16, 8)) * 0.25).astype(np.float16 if ct == "f16" else np.float32)
    c[:2] = -0.0
    a16, b16, cb = a16.view(np.uint16), b16.view(np.uint16), c.view(np.uint16 if ct == "f16" else np.uint32)
    assert vops_warp._single(a16, b16, cb, ct, dt) is not None
    assert vops_warp.mma_bits(a16, b16, cb, "f16", ct, dt).tolist() == _definition(a16, b16, cb, "f16", ct, dt).tolist()


def test_a_batch_past_binary32_takes_the_binary64_path():
    a16 = np.full((2, 16, 16), 1024.0, np.float16).view(np.uint16)
    b16 = np.full((2, 16, 8), 1024.0, np.float16).view(np.uint16)
    cb = np.full((2, 16, 8), 2.0 ** -20, np.float32).view(np.uint32)  # 2^24 x 2^-20 apart: not exact in binary32
    assert vops_warp._single(a16, b16, cb, "f32", "f32") is None
    assert vops_warp.mma_bits(a16, b16, cb, "f16", "f32", "f32").tolist() == \
        _definition(a16, b16, cb, "f16", "f32", "f32").tolist()



@pytest.mark.parametrize("x,grain", [(1.0, 0), (3.0, 0), (6.0, 1), (0.75, -2), (2.0 ** -24, -24), (-40.0, 3)])
def test_fine_grains_are_the_largest_power_of_two_dividing_the_value(x, grain):
    for ty in (np.float16, np.float32):
        assert vops_warp._fine_grains(np.array([x], ty).view(np.uint16 if ty is np.float16 else np.uint32))[0] == grain
