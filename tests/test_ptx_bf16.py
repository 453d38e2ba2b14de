"""bf16 arithmetic of the PTX simulator (PTX ISA, "Half Precision Floating-Point Instructions": add, sub, mul, fma
with .rn, fma.rn.relu, min/max, neg/abs on .bf16 and .bf16x2) and mma.sync.m16n8k16 with bf16 A and B.  bf16 has 8
significant bits (1 + 7 stored) and float32's exponent; results are rounded once, to nearest with ties to even, NaN is
the canonical 0x7FFF.  Expected bits are worked out from the definitions, never read from the simulator; each kernel
runs on both machines (the vector machine and the reference)."""
import struct

import numpy as np
import pytest

from frontends.devices.ptx import Memory, kernels
from frontends.devices.ptx.errors import CannotSimulate
from frontends.devices.ptx.machine import launch
from tests.ptx_compare import engine
from tests.ptx_kernel import kernel_text, one

ONE, ONE_P7, ONE_P6 = 0x3F80, 0x3F81, 0x3F82  # 1, 1 + 2^-7 (one ulp above 1), 1 + 2^-6
HALF_ULP = 0x3B80  # 2^-8: half an ulp of 1
MAX, INF, NAN = 0x7F7F, 0x7F80, 0x7FFF


def h(op: str, *xs: int, machine: str = "vector") -> int:
    """Bits of ``op %h9, <xs as bf16 bits>``."""
    movs = " ".join(f"mov.b16 %h{i + 1}, {x};" for i, x in enumerate(xs))
    with engine(machine):
        return one(f"{movs} {op} %h9, {', '.join(f'%h{i + 1}' for i in range(len(xs)))};", "%h9")


@pytest.mark.parametrize("machine", ["vector", "reference"])
@pytest.mark.parametrize("op, xs, want", [
    ("add.rn.bf16", (ONE, HALF_ULP), ONE),  # a tie: to the even neighbour, 1
    ("add.bf16", (ONE_P7, HALF_ULP), ONE_P6),  # a tie again, to even (mantissa 2), up this time
    ("sub.rn.bf16", (ONE_P7, ONE), 0x3C00),  # exact: 2^-7
    ("mul.rn.bf16", (MAX, 0x4000), INF),  # overflow to infinity
    ("mul.rn.bf16", (ONE_P7, ONE_P7), ONE_P6),  # 1 + 2^-6 + 2^-14: below the midpoint
    ("fma.rn.bf16", (ONE_P7, ONE_P7, HALF_ULP), 0x3F83),  # one rounding of 1 + 2^-6 + 2^-8 + 2^-14: up
    ("fma.rn.relu.bf16", (ONE, 0xBF80, 0x0000), 0x0000),  # -1 clamped to +0
    ("fma.rn.relu.bf16", (INF, 0x0000, ONE), NAN),  # inf x 0: NaN stays (canonical)
    ("min.bf16", (0x8000, 0x0000), 0x8000), ("max.bf16", (0x8000, 0x0000), 0x0000),  # -0 below +0
    ("min.bf16", (NAN, ONE), ONE), ("max.NaN.bf16", (NAN, ONE), NAN),
    ("neg.bf16", (ONE,), 0xBF80), ("abs.bf16", (0xBF81,), ONE_P7),
])
def test_bf16_arithmetic_rounds_once_to_nearest_even(op, xs, want, machine):
    assert h(op, *xs, machine=machine) == want


@pytest.mark.parametrize("machine", ["vector", "reference"])
def test_bf16x2_computes_each_half_alone(machine):
    lo, hi = (ONE, HALF_ULP), (ONE_P7, HALF_ULP)
    with engine(machine):
        got = one(f"mov.b32 %r1, {lo[0] | hi[0] << 16}; mov.b32 %r2, {lo[1] | hi[1] << 16}; "
                  f"add.rn.bf16x2 %r3, %r1, %r2;", "%r3")
    assert got == ONE | ONE_P6 << 16


@pytest.mark.parametrize("op", ["add.ftz.bf16", "fma.rn.sat.bf16", "mul.rz.bf16", "fma.bf16", "sqrt.rn.bf16"])
def test_bf16_forms_the_isa_does_not_define_are_refused(op):
    with pytest.raises(CannotSimulate):
        h(op, ONE, ONE, ONE) if op.startswith("fma") else h(op, ONE, ONE) if "sqrt" not in op else h(op, ONE)


def _bf16(x: float) -> int:
    """The bits of a bf16 value (``x`` must be one: its float32 bits' low half zero)."""
    b = struct.unpack("<I", struct.pack("<f", x))[0]
    assert b & 0xFFFF == 0
    return b >> 16


MMA = """mov.u32 %r1, %tid.x; mul.wide.u32 %rd1, %r1, 16; add.s64 %rd2, %rd0, %rd1;
ld.global.v4.u32 {%r10, %r11, %r12, %r13}, [%rd2]; ld.global.v2.u32 {%r14, %r15}, [%rd2+512];
mov.b32 %f1, 0f00000000; mov.b32 %f2, 0f00000000; mov.b32 %f3, 0f00000000; mov.b32 %f4, %f1;
mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f5, %f6, %f7, %f8}, {%r10, %r11, %r12, %r13},
{%r14, %r15}, {%f1, %f2, %f3, %f4}; st.global.v4.f32 [%rd2+1024], {%f5, %f6, %f7, %f8};"""


def _fragments(A: np.ndarray, B: np.ndarray) -> bytes:
    """Per lane, A's 8 halves (4 registers) at bytes 16 lane .. and B's 4 halves (2 registers) at 512 + 16 lane, in
    the ISA's layout for m16n8k16 (A row-major 16x16, B 16x8)."""
    a_words, b_words = np.zeros((32, 4), np.uint32), np.zeros((32, 4), np.uint32)
    for lane in range(32):
        g, t = lane >> 2, lane % 4
        av = [A[g + 8 * ((i >> 1) & 1), t * 2 + (i & 1) + 8 * (i >> 2)] for i in range(8)]
        bv = [B[t * 2 + (i & 1) + 8 * (i >> 1), g] for i in range(4)]
        a_words[lane] = [_bf16(av[2 * j]) | _bf16(av[2 * j + 1]) << 16 for j in range(4)]
        b_words[lane, :2] = [_bf16(bv[2 * j]) | _bf16(bv[2 * j + 1]) << 16 for j in range(2)]
    return a_words.tobytes() + b_words.tobytes()


@pytest.mark.parametrize("machine", ["vector", "reference"])
def test_mma_with_bf16_inputs_sums_exactly_and_truncates_to_f32(machine):
    # row 0 of A x column 0 of B: 1 + 2^-24 + 2^-30 (three products, exact), past the midpoint between 1 and the next
    # f32, truncated: 1 (to nearest it would be 1 + 2^-23); row 1 the negative: -1; the rest exact in f32
    A, B = np.zeros((16, 16)), np.zeros((16, 8))
    A[0, :3], B[:3, 0] = [1.0, 2.0 ** -15, 2.0 ** -12], [1.0, 2.0 ** -15, 2.0 ** -12]
    A[1, :3] = -A[0, :3]
    A[2:, :] = np.arange(14 * 16).reshape(14, 16) % 5 - 2
    B[:, 1:] = np.arange(16 * 7).reshape(16, 7) % 3 - 1
    memory = Memory()
    out = memory.alloc(2048)
    buf, off = memory.view(out, 1024)
    buf[off:off + 1024] = _fragments(A, B)
    with engine(machine):
        launch(kernels([kernel_text(MMA)])["k"], memory, [out], (1, 1, 1), (32, 1, 1))
    D = np.frombuffer(bytes(memory.bufs[0][1024:1536]), np.float32).reshape(32, 4)
    want = A @ B  # exact here except the two truncated elements
    want[0, 0], want[1, 0] = 1.0, -1.0
    for lane in range(32):
        g, t = lane >> 2, lane % 4
        assert D[lane].tolist() == [want[g + 8 * (i >> 1), t * 2 + (i & 1)] for i in range(4)]
