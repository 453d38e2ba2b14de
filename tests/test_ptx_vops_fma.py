"""fma.rn.f32 of f16 factors in float32 (frontends/devices/ptx/vops_fma.py): against the definition (the exact
a*b + c rounded once to nearest, ties to even, from fractions), with the check shown to fail where the factors are
not f16 values; and on the machines: the float32 form taken only where both factors were converted from f16 on every
lane, the reference machine's bytes either way."""
import math
import struct
from fractions import Fraction

import numpy as np
import pytest

from frontends.devices.ptx import Memory, kernels, vops_fma
from frontends.devices.ptx.machine import launch
from frontends.devices.ptx.values import F32, encode
from tests.ptx_compare import engine
from tests.ptx_kernel import kernel_text


def definition(a: float, b: float, c: float) -> int:
    """fma.rn.f32 from its definition: the exact a*b + c rounded once (IEEE specials as IEEE has them)."""
    if not all(math.isfinite(v) for v in (a, b, c)):
        return encode(a * b + c, F32)  # an infinity or NaN among the operands: IEEE's special cases
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    if exact == 0:  # a zero's sign: negative only where the product and c are both negative zeros
        p = a * b
        return encode(-0.0 if p == 0 and c == 0 and math.copysign(1, p) < 0 and math.copysign(1, c) < 0 else 0.0,
                      F32)
    return encode(exact, F32)


def _f32_bits(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, np.float32).view(np.uint32)


def _cases(rng, n: int):
    """f16 factors of every class (all 65,536 patterns drawn), and addends: random bit patterns, values that cancel
    the product, and values whose rounding position the product lands on (midpoints and next to them)."""
    a16 = rng.integers(0, 1 << 16, n).astype(np.uint16)
    b16 = rng.integers(0, 1 << 16, n).astype(np.uint16)
    a, b = a16.view(np.float16).astype(np.float32), b16.view(np.float16).astype(np.float32)
    p = a.astype(np.float64) * b.astype(np.float64)
    with np.errstate(all="ignore"):
        scale = np.exp2(np.floor(np.log2(np.abs(p))) + rng.integers(1, 30, n))  # c above p: p at c's last bits
        near = (scale * (1 + rng.integers(0, 1 << 23, n) * 2.0 ** -23)).astype(np.float32)
        c = np.where(rng.random(n) < 0.5, near, -near)
    c = np.where(np.isfinite(c), c, np.float32(1.0))
    third = n // 3
    c[:third] = rng.integers(0, 1 << 32, third, dtype=np.uint64).astype(np.uint32).view(np.float32)
    c[third:third + 200] = (-p[third:third + 200]).astype(np.float32)  # cancellation: zeros and their signs
    return a, b, c


def test_f16_factors_round_once_as_the_definition():
    assert vops_fma.ieee_f32()
    a, b, c = _cases(np.random.default_rng(46), 20000)
    got = vops_fma.products(a, b, c)
    want = [definition(float(x), float(y), float(z)) for x, y, z in zip(a, b, c)]
    assert got.tolist() == want


def test_the_same_check_fails_where_a_factor_is_not_an_f16_value():
    # float32 factors (24 bits each): their product is not a float32, float32's product rounds it, then the sum
    # rounds again, and the check above sees it
    rng = np.random.default_rng(7)
    a = (1 + rng.integers(0, 1 << 23, 4000) * 2.0 ** -23).astype(np.float32)
    b = (1 + rng.integers(0, 1 << 23, 4000) * 2.0 ** -23).astype(np.float32)
    c = np.float32(-1) * np.ones(4000, np.float32)
    got = vops_fma.products(a, b, c).tolist()
    assert any(g != definition(float(x), float(y), float(z)) for g, x, y, z in zip(got, a, b, c))
    assert not vops_fma.exact_f16(_f32_bits(a[:1]))


def test_only_f16_values_pass_the_table_check():
    halves = np.arange(1 << 16, dtype=np.uint16).view(np.float16).astype(np.float32)
    assert vops_fma.exact_f16(halves.view(np.uint32))
    assert not vops_fma.exact_f16(_f32_bits([1 + 2.0 ** -12]))
    assert not vops_fma.exact_f16(_f32_bits([2.0 ** -25]))  # under f16's least subnormal
    assert not vops_fma.exact_f16(_f32_bits([65520.0]))  # past f16's largest


N = 64
# thread t: a, b (f16) and c (f32) from the buffer, d = fma(cvt(a), cvt(b), c) stored after them; PRE runs between
# the conversions and the fma
BODY = """mov.u32 %r1, %tid.x; mul.wide.u32 %rd1, %r1, 2; add.s64 %rd2, %rd0, %rd1; ld.global.u16 %rs1, [%rd2];
ld.global.u16 %rs2, [%rd2+{b}]; mul.wide.u32 %rd3, %r1, 4; add.s64 %rd4, %rd0, %rd3; ld.global.f32 %f3, [%rd4+{c}];
cvt.f32.f16 %f1, %rs1; cvt.f32.f16 %f2, %rs2; and.b32 %r2, %r1, 1; setp.eq.u32 %p1, %r2, 0;
{pre}
fma.rn.f32 %f4, %f1, %f2, %f3; st.global.f32 [%rd4+{d}], %f4;"""


def _inputs(a: list, b: list, c: list) -> bytes:
    half = b"".join(struct.pack("<e", x) for x in a) + b"".join(struct.pack("<e", x) for x in b)
    return half + b"".join(struct.pack("<f", x) for x in c)


def _machines(pre: str, data: bytes, monkeypatch) -> tuple[list, int]:
    calls = []
    real = vops_fma.products
    monkeypatch.setattr(vops_fma, "products", lambda *a: calls.append(1) or real(*a))
    body = BODY.format(b=2 * N, c=4 * N, d=8 * N, pre=pre)
    got = []
    for name in ("reference", "vector"):
        memory = Memory()
        out = memory.alloc(12 * N)
        memory.bufs[0][:len(data)] = data
        with engine(name):
            launch(kernels([kernel_text(body)])["k"], memory, [out], (1, 1, 1), (N, 1, 1))
        got.append(bytes(memory.bufs[0]))
    return got, len(calls)


# a = b = 1 + 2^-12 (not an f16 value): the exact product 1 + 2^-11 + 2^-24 is a float32 midpoint, which float32
# rounds to 1 + 2^-11; with c = -1 the fma is 2^-11 + 2^-24, the float32 form 2^-11
WIDE = "mov.b32 %f1, 0f3F800800; mov.b32 %f2, 0f3F800800;"


def test_converted_factors_take_the_float32_form_with_the_reference_bytes(monkeypatch):
    rng = np.random.default_rng(3)
    a, b, c = _cases(rng, N)
    (ref, vec), calls = _machines("", _inputs(a.tolist(), b.tolist(), c.tolist()), monkeypatch)
    assert ref == vec and calls == 1


@pytest.mark.parametrize("pre, fast", [
    (WIDE, False),  # overwritten after the conversion: the general form
    ("@%p1 " + WIDE.replace("; ", "; @%p1 "), False),  # overwritten on half the lanes (the others keep f16 values)
    ("mov.b32 %f1, 0f3F800800; @%p1 cvt.f32.f16 %f1, %rs1;", False),  # converted on half the lanes only
    ("@%p1 cvt.f32.f16 %f1, %rs2;", True),  # converted again on half the lanes: every lane still an f16 value
    ("mov.f32 %f5, %f1; mov.f32 %f1, %f5;", False),  # copied back: not kept through a mov (the general form)
])
def test_the_float32_form_is_taken_only_while_every_lane_holds_an_f16_value(pre, fast, monkeypatch):
    data = _inputs([1.0] * N, [1.0] * N, [-1.0] * N)
    (ref, vec), calls = _machines(pre, data, monkeypatch)
    assert ref == vec and calls == int(fast)
    if WIDE in pre:
        want = definition(1 + 2.0 ** -12, 1 + 2.0 ** -12, -1.0)
        assert struct.unpack("<I", vec[8 * N:8 * N + 4])[0] == want == encode(2.0 ** -11 + 2.0 ** -24, F32)
        wrong = vops_fma.products(*(np.array([x], np.float32) for x in (1 + 2.0 ** -12, 1 + 2.0 ** -12, -1.0)))
        assert int(wrong[0]) != want  # what the float32 form would have given



@pytest.mark.parametrize("between", [
    "",  # the same value converted again: copied from the first conversion
    "add.u16 %rs1, %rs1, 1;",  # the source rewritten between: converted again
    "mov.b32 %f1, 0f3F800800; st.global.f32 [%rd4+{d}], %f1;",  # the first result's register made anew between
    "add.f32 %f7, %f1, %f1; @%p1 mov.b32 %f1, 0f3F800800; st.global.f32 [%rd4+{d}], %f1;",  # written, then dropped
    "@%p1 ld.global.u16 %rs1, [%rd2+{b}];",  # the source rewritten on half the lanes
])
def test_a_conversion_of_the_same_values_is_reused_only_while_both_registers_are_unchanged(between, monkeypatch):
    # %f6 = cvt(%rs1) after %f1 = cvt(%rs1): what the reference machine computes, and the float32 form still taken
    # where %f6 and %f2 hold f16 values
    body = BODY.format(b=2 * N, c=4 * N, d=8 * N, pre="").replace("fma.rn.f32 %f4, %f1,", between.format(
        d=8 * N, b=2 * N) + " cvt.f32.f16 %f6, %rs1; fma.rn.f32 %f4, %f6,")
    rng = np.random.default_rng(5)
    a, b, c = _cases(rng, N)
    data = _inputs(a.tolist(), b.tolist(), c.tolist())
    got = []
    for name in ("reference", "vector"):
        memory = Memory()
        out = memory.alloc(12 * N)
        memory.bufs[0][:len(data)] = data
        with engine(name):
            launch(kernels([kernel_text(body)])["k"], memory, [out], (1, 1, 1), (N, 1, 1))
        got.append(bytes(memory.bufs[0]))
    assert got[0] == got[1]
