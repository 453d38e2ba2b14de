"""The quotient sequence IREE 3.7-3.11's gfx942 assembly computes for `udiv i32 (x & 0xffffff), (y & 15)`, in numpy.

No compiler, GPU or simulator: the instructions of `evidence.txt` (AMDGPUCodeGenPrepare's 24-bit expansion) written
out in float32, each correctly rounded (the most favourable reading of `v_rcp_iflag_f32`, which the hardware computes
to within 1 ulp):

    v_cvt_f32_u32 fa, x ; v_cvt_f32_ubyte0 fb, y ; v_rcp_iflag_f32 r, fb ; v_mul_f32 q, fa, r ; v_trunc_f32 q, q
    v_cvt_u32_f32 iq, q ; v_fma_f32 rem, -q, fb, fa ; v_cmp_ge_f32 vcc, |rem|, fb ; v_addc iq + vcc ; v_and 0xffffff

The one correction adds 1 when the float quotient was too small; nothing subtracts 1 when `fa * rcp(fb)` rounds up
past an integer, which happens for numerators of 2^23 and more (24-bit unsigned values, where a float32 has no
fraction bit left).  `python3 model.py` checks 16777214 / 3 and every numerator 2^23 .. 2^24-1 with divisors 1..15.
Exit status (the findings' rule): 1 the sequence gives a wrong quotient (the bug shown), 0 not, 3 its own error.
"""
from __future__ import annotations

import sys

import numpy as np


def quotient(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The assembly's quotient of x / y (uint32 numerators below 2^24, divisors below 2^8), in float32 steps."""
    fa = x.astype(np.float32)
    fb = y.astype(np.float32)
    rcp = np.float32(1.0) / fb
    q = np.trunc(fa * rcp)
    rem = (fa.astype(np.float64) - q.astype(np.float64) * fb.astype(np.float64)).astype(np.float32)  # one rounding
    return (q.astype(np.int64) + (np.abs(rem) >= fb)) & 0xFFFFFF


def main() -> int:
    one = quotient(np.array([16777214]), np.array([3]))[0]
    print(f"16777214 / 3: the sequence gives {one}, exactly {16777214 // 3}")
    x = np.arange(1 << 23, 1 << 24, dtype=np.int64)
    wrong = 0
    for d in range(1, 16):
        got = quotient(x, np.full_like(x, d))
        bad = np.count_nonzero(got != x // d)
        wrong += bad
        print(f"  divisor {d:2d}: {bad:7d} of {x.size} numerators 2^23..2^24-1 one too large")
    print(f"numerators below 2^23 (divisors 1..15): "
          f"{sum(np.count_nonzero(quotient(x - (1 << 23), np.full_like(x, d)) != (x - (1 << 23)) // d) for d in range(1, 16))} wrong")
    shown = one != 16777214 // 3 and wrong > 0
    print("verdict: the bug is shown (exit 1)" if shown else "verdict: the bug is NOT shown (exit 0)")
    return 1 if shown else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as e:  # the script's own error, never a verdict
        print(f"model.py: own error: {e!r} (exit 3)")
        sys.exit(3)
