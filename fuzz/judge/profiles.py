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

Approximated functions (``exp``, ``tanh``, ``sigmoid``, ``erf``) carry a declared
accuracy per profile, with where the number comes from.  ``div`` and
``sqrt`` are correctly rounded under IEEE (no allowance); a profile may
declare ``div_sqrt_ulps`` for targets that approximate them.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Accuracy:
    """An approximated function's declared error: ``ulps`` ulps of the exact result plus ``one_ulps`` ulps
    of 1.0 (an absolute floor: the formulas compilers use lose relative accuracy where the result is small,
    e.g. TVM's tanh computes (1 - e^-2x) / (1 + e^-2x), which cancels near 0)."""
    ulps: float
    one_ulps: float = 0.0
    source: str = ""


# Measured on x86-64 (`make bench`, section accuracy: TVM 0.27 llvm, IREE 3.13 llvm-cpu O2) over every finite
# f16 input with |x| < 30 and 1.2 M f32 inputs (uniform in [-20, 20], log-uniform magnitudes 2^-30..2^5).
# TVM's tanh is its llvm legalization select(x >= 0, (1 - e^-2x) / (1 + e^-2x), (e^2x - 1) / (e^2x + 1)),
# which cancels near 0 (2047 ulps in f16, 1.7e7 in f32) but stays within 0.125 ulp(1.0) beyond 2 result
# ulps; IREE's math.tanh (MLIR's polynomial) is 0.5 ulp in f16, 4.33 ulps in f32 (0.164 ulp(1.0) beyond 4);
# sigmoid is 1 / (1 + e^-x) on both (TVM's legalization, IREE's lowering here): 2.42 ulps, and in f16
# 0.015 ulp(1.0) where e^-x overflows (x < -11.1) and the result flushes to 0.
_CPU_SOURCE = "measured on TVM 0.27 llvm and IREE 3.13 llvm-cpu: worst 0.164 ulp(1.0) beyond 4 ulps"
CPU_TANH = Accuracy(4, 1.0, _CPU_SOURCE)
CPU_SIGMOID = Accuracy(4, 0.5, _CPU_SOURCE)
# erf (same sweep, session 13): IREE's math.erf (MLIR's polynomial) is 0.50 ulp in f16 and 4.16 ulps in f32 (0.082
# ulp(1.0) beyond 4); TVM's llvm erf of an f32 is libm's erff, 0.83 ulp.  TVM's llvm codegen has no f16 erf and the
# Hexagon harness no erff: frontends/tvm/frontend.py refuses those, so the Hexagon profiles' erf budget (below) is
# declared, never used.  The reference is float64 math.erf (libm's erf, within an ulp of float64), far below any
# of these budgets.
CPU_ERF = Accuracy(4, 0.5, "measured on TVM 0.27 llvm (f32) and IREE 3.13 llvm-cpu: worst 0.082 ulp(1.0) beyond "
                           "4 ulps")
# Hexagon kernels run TVM's formulas over the harness's expf (declared 4 ulp; 0.88 measured): the cancellation
# near 0 scales with exp's error.  Measured under qemu-hexagon: 0.125 ulp(1) beyond 8 ulps, like the CPU.
HEXAGON_TRANSCENDENTAL = Accuracy(8, 2.0, "TVM's formulas over the harness expf (declared 4 ulp): measured "
                                          "0.125 ulp(1.0) beyond 8 ulps under qemu-hexagon (bench accuracy)")
# Not measured on a device (none was available to the sessions that set them): CUDA's tanhf is documented at 2 ulp
# (CUDA C Programming Guide, mathematical functions); IREE's GPU math.tanh uses the same polynomial as on the CPU
# (4.33 ulps measured there). Kept conservative on purpose: twice the CPU's result ulps and a full ulp(1.0) floor, so
# an unmeasured budget never turns rounding into a finding; the price is that a GPU transcendental a few ulps off
# hides. `make bench` (section gpu-accuracy, tests/bench_gpu.py) sweeps them where a device runs: replace these
# numbers with what it measures.
GPU_TRANSCENDENTAL = Accuracy(8, 1.0, "CUDA C Programming Guide (tanhf 2 ulp) and IREE's polynomial as "
                                      "measured on llvm-cpu; not measured on a device here")


@dataclass(frozen=True)
class AttentionNumerics:
    """What an implementation of ``attention`` may do beyond the exact formula rounded once
    (``fuzz.judge.attention`` carries it through the bound).  Every profile allows: any order of the sums, the
    online softmax (a running maximum, the partial sums rescaled at most once per key), exp as exp2 of the
    scores times log2(e) where ``scale * log2(e)`` is rounded in the operands' dtype and multiplied into Q
    (each q rounded), exp to the profile's ``exp_ulps``, and the result as a reciprocal times the sum.  The online
    form keeps its running maximum, sum and rescale factors in f32 or wider (IREE's online_attention does for every
    operand dtype) and may round P against the running maximum of any tiling of K2."""
    inner: str  # "input": scores, weights and sums may round in the operands' dtype; "f32": in f32 or wider
    rounds_p: bool  # the weights P may be rounded to the operands' dtype before the PV matmul
    source: str = ""


# TVM 0.27's legalization of relax.nn.attention (relax/transform/legalize_ops/nn.py, _te_attention): batch_matmul
# with out_dtype = the input dtype, multiply by the scale, add the bias, topi.nn.softmax and batch_matmul again,
# every step in the operands' dtype (f16 sums for f16 attention).  The generic form the generator draws sums in
# f32 and rounds P to the dtype; IREE's GPU pipelines were not read from the IR here: the portable model bounds
# all of them.
PORTABLE_ATTENTION = AttentionNumerics("input", True, "TVM 0.27 legalization: every step in the operands' dtype")
# IREE 3.13 llvm-cpu (--mlir-print-ir-after-all, ConvertAttentionToOnlineAttention then DecomposeAttention
# {use-exp2=true}): online_attention with f32 accumulators (acc, max, sum); scale * 1.442380 (log2(e) as f16)
# multiplied in f16 into Q; Q K^T summed in f32; the mask extended to f32 times 1.44269502 and added; max,
# exp2(s - max) and the sum in f32; P truncated to f16 for the PV matmul (f32 accumulation); the result
# 1/sum * acc in f32, truncated.  For f32 attention every step is f32.
IREE_CPU_ATTENTION = AttentionNumerics("f32", True, "IREE 3.13 llvm-cpu IR: f32 accumulators, log2(e) folded "
                                                    "in the dtype, P rounded to the dtype")

# IREE 3.13 with iree-linalg-ext-decompose-aggregated-ops{filter-ops=iree_linalg_ext.attention} as a preprocessing
# pass (iree:cpu-attention-decomposed; --compile-to=flow): four dispatches: Q times scale * log2(e) in f16, Q K^T
# summed in f32, the mask times log2(e) added, max, exp2, sum and divide in f32, P truncated to f16, then P V
# with f16 products and an f16 accumulator: the PV sum in the operands' dtype.
IREE_DECOMPOSED_ATTENTION = AttentionNumerics("input", True, "IREE 3.13 graph-level attention decomposition: "
                                                             "the PV matmul accumulates in the operands' dtype")


@dataclass(frozen=True)
class Profile:
    name: str
    why: str
    fma: bool = False  # elementwise a*b+c may be contracted: the product need not be rounded
    excess_precision: tuple[str, ...] = ()  # ops of these dtypes may keep wider (f32) intermediates
    ftz: bool = False  # subnormal results and operands may be flushed to zero
    exp_ulps: int = 2  # accuracy of exp in ulps of its dtype (libm, IREE polynomials, numpy differ)
    extra_ulps: int = 0  # non-IEEE arithmetic: every float op result may be off by this many ulps
    tanh: Accuracy = CPU_TANH
    sigmoid: Accuracy = CPU_SIGMOID
    erf: Accuracy = CPU_ERF
    div_sqrt_ulps: int = 0  # beyond correct rounding, for targets that approximate division and square root
    attention: AttentionNumerics = PORTABLE_ATTENTION  # what attention's implementations may do

    def keeps_wider(self, dtype: str) -> bool:
        """Whether ops of ``dtype`` may keep wider intermediates (asked per dtype, so that an evaluation of f32
        ops shares its result across profiles that differ only for f16: ``fuzz.judge.sharing``)."""
        return dtype in self.excess_precision


# IREE's llvm-cpu codegen marks fmul, fadd, fsub and fneg `contract` (Codegen/Common/AddFastMathFlags.cpp, added
# by iree-org/iree PR #14551 "Add `contract` fast-math-flag to arith operations"), so LLVM fuses a product into
# the add or sub that reads it (one rounding instead of two) wherever the target CPU has FMA.  Measured (IREE
# 3.13, bench features seeds 1736588636 and 79861551: bodies c - a*a in f32): iree:cpu-O0 and cpu-O2 differ
# from the twice-rounded result by 1 ulp (41 vfmadd in the dispatch's assembly); iree:cpu-generic (x86-64
# baseline, no FMA instruction) is exact, so it keeps the strict profile.
_IREE_CONTRACT = ("IREE's llvm-cpu codegen marks fmul/fadd/fsub `contract` (AddFastMathFlags, iree-org/iree "
                  "PR #14551): a product read by an add or sub may be fused into an FMA, rounded once")

# TVM builds LLVM code with FP op fusion allowed, so on Hexagon v68 a product read by an add becomes the fused
# multiply-accumulate `r += sfmpy(a, b)` (rounded once). Measured (TVM 0.27, LLVM 22): a*b + c in f32 compiles to
# `+= sfmpy` on `hexagon` and to mulss/addss on the x86-64 baseline `llvm` target (no FMA: tvm:cpu stays strict);
# campaign case seed1555951367 came out 1 ulp from the twice-rounded result on every Hexagon configuration.
_TVM_HEXAGON_CONTRACT = ("TVM's LLVM codegen allows FP op fusion: on Hexagon a product read by an add becomes "
                         "`r += sfmpy(a, b)`, rounded once")

# TVM legalizes bf16 arithmetic by promoting it to f32 and converting back where a value is stored
# (tir.transform.BF16ComputeLegalize): a bf16 expression is computed in f32, its intermediates unrounded.  Measured
# (TVM 0.27 llvm, t39 bf16 campaign case seed1074072521): bf16 y * (x * z) with x * z = 1085 kept unrounded (bf16
# rounds it to 1088), the product 33635 stored as 33536 where rounding each op gives 33792, on tvm:cpu and
# tvm:relax-cpu alike.  f16 and f32 stay strict there (LLVM rounds each half op on x86).
_TVM_BF16 = ("TVM promotes bf16 arithmetic to f32 and rounds back only where a value is stored "
             "(BF16ComputeLegalize): bf16 intermediates may keep f32 precision")

STRICT = Profile("strict", "IEEE round-to-nearest-even for every op as the case declares; exp to 2 ulp, tanh, "
                 "sigmoid and erf to their measured CPU budgets")

PROFILES = {p.name: p for p in (
    STRICT,
    Profile("cpu-fp16-emulated", "fp16 arithmetic emulated through f32 may skip intermediate rounding to f16 "
            "(x86 without avx512fp16; LLVM promotes half ops)", excess_precision=("f16",)),
    Profile("hexagon-harness", "Hexagon kernels run in kernelfuzz's freestanding harness, whose expf (Debian has "
            "no Hexagon libm) is a degree-7 polynomial accurate to 4 ulp; " + _TVM_HEXAGON_CONTRACT, fma=True,
            exp_ulps=4, tanh=HEXAGON_TRANSCENDENTAL, sigmoid=HEXAGON_TRANSCENDENTAL, erf=HEXAGON_TRANSCENDENTAL),
    Profile("gpu", "GPU codegen contracts mul+add into FMA and may flush f32 denormals "
            "(NVPTX/AMDGPU defaults); fast division / square root paths allowed 2 ulps (CUDA's documented "
            "__fdividef bound)", fma=True, ftz=True, exp_ulps=4, tanh=GPU_TRANSCENDENTAL,
            sigmoid=GPU_TRANSCENDENTAL, erf=GPU_TRANSCENDENTAL, div_sqrt_ulps=2),
    Profile("hexagon-qfloat", "HVX qfloat keeps non-IEEE intermediates (qf16/qf32) between ops and "
            "converts back with its own rounding", fma=True, excess_precision=("f16",), ftz=True,
            extra_ulps=1, exp_ulps=4, tanh=HEXAGON_TRANSCENDENTAL, sigmoid=HEXAGON_TRANSCENDENTAL,
            erf=HEXAGON_TRANSCENDENTAL),
    Profile("iree-llvm-cpu", _IREE_CONTRACT, fma=True, attention=IREE_CPU_ATTENTION),
    Profile("iree-cpu-decomposed-attention", _IREE_CONTRACT + "; attention decomposed before dispatch formation: "
            "its PV matmul accumulates in the operands' dtype", fma=True, attention=IREE_DECOMPOSED_ATTENTION),
    Profile("tvm-llvm-cpu", _TVM_BF16, excess_precision=("bf16",)),
    Profile("iree-cpu-fast", _IREE_CONTRACT + "; with --iree-llvmcpu-use-fast-min-max-ops (NaN operands of "
            "min/max may be dropped) and --iree-llvmcpu-reassociate-fp-reductions (any order: already inside the "
            "strict reduction bound); inputs are never NaN, so these two need no widening", fma=True,
            attention=IREE_CPU_ATTENTION),
    Profile("fast-math", "reassociation, contraction and flush-to-zero allowed (fast-math style flags)",
            fma=True, ftz=True, exp_ulps=4, tanh=HEXAGON_TRANSCENDENTAL, sigmoid=HEXAGON_TRANSCENDENTAL,
            erf=HEXAGON_TRANSCENDENTAL, div_sqrt_ulps=2),
)}


def get(name: str) -> Profile:
    if name not in PROFILES:
        raise KeyError(f"unknown numerics profile {name!r}; known: {', '.join(PROFILES)}")
    return PROFILES[name]
