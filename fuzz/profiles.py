"""Numerics profiles: every declared, intentional difference from the case's strict semantics.

A configuration names one profile.  The oracle widens its certified bounds
only by what the profile declares, and only where it applies; everything
else is strict IEEE semantics as written in the case.  This file is the one
place a reader audits to know which differences kernelfuzz will *not*
report as bugs, and why.

What the strict profile already allows (it is the case's own semantics):
float reductions in any order and any association (the bound is
gamma_K * sum|terms| in the accumulator's unit roundoff), accumulation in a
wider type than declared, and fused multiply-add inside a reduction
(covered by gamma_K rather than gamma_{K-1}).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Profile:
    name: str
    why: str
    fma: bool = False  # elementwise a*b+c may be contracted: the product need not be rounded
    excess_precision: tuple[str, ...] = ()  # ops of these dtypes may keep wider (f32) intermediates
    ftz: bool = False  # subnormal results and operands may be flushed to zero
    exp_ulps: int = 2  # accuracy of exp in ulps of its dtype (libm, IREE polynomials, numpy differ)
    extra_ulps: int = 0  # non-IEEE arithmetic: every float op result may be off by this many ulps


STRICT = Profile("strict", "IEEE round-to-nearest-even for every op as the case declares; exp to 2 ulp")

PROFILES = {p.name: p for p in (
    STRICT,
    Profile("cpu-fp16-emulated", "fp16 arithmetic emulated through f32 may skip intermediate rounding to f16 "
            "(x86 without avx512fp16; LLVM promotes half ops)", excess_precision=("f16",)),
    Profile("hexagon-harness", "Hexagon kernels run in kernelfuzz's freestanding harness, whose expf (Debian has "
            "no Hexagon libm) is a degree-7 polynomial accurate to 4 ulp", exp_ulps=4),
    Profile("gpu", "GPU codegen contracts mul+add into FMA and may flush f32 denormals "
            "(NVPTX/AMDGPU defaults)", fma=True, ftz=True, exp_ulps=4),
    Profile("hexagon-qfloat", "HVX qfloat keeps non-IEEE intermediates (qf16/qf32) between ops and "
            "converts back with its own rounding", fma=True, excess_precision=("f16",), ftz=True,
            extra_ulps=1, exp_ulps=4),
    Profile("iree-cpu-fast", "IREE's --iree-llvmcpu-use-fast-min-max-ops (NaN operands of min/max may be "
            "dropped) and --iree-llvmcpu-reassociate-fp-reductions (any order: already inside the strict "
            "reduction bound); inputs are never NaN, so no widening is needed"),
    Profile("fast-math", "reassociation, contraction and flush-to-zero allowed (fast-math style flags)",
            fma=True, ftz=True, exp_ulps=4),
)}


def get(name: str) -> Profile:
    if name not in PROFILES:
        raise KeyError(f"unknown numerics profile {name!r}; known: {', '.join(PROFILES)}")
    return PROFILES[name]
