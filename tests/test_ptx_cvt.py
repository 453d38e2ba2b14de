"""``cvt`` in the PTX simulator, at the edges the PTX ISA defines: float -> integer saturation and NaN -> 0, the four
integral roundings, narrowing float rounding (ties, overflow, subnormals), integer -> float rounding, integer
truncation, .sat and sign extension into a wider register."""
import pytest

from frontends.devices.ptx.errors import CannotSimulate
from tests.ptx_kernel import f16, f32, one

NAN32, INF32 = 0x7FFFFFFF, 0x7F800000


@pytest.mark.parametrize("op, x, want", [
    ("cvt.rzi.s32.f32", f32(1e10), 0x7FFFFFFF), ("cvt.rzi.s32.f32", f32(-1e10), 0x80000000),
    ("cvt.rzi.s32.f32", NAN32, 0), ("cvt.rzi.s32.f32", INF32 | 0x80000000, 0x80000000),
    ("cvt.rzi.s32.f32", f32(-1.5), 0xFFFFFFFF), ("cvt.rni.s32.f32", f32(2.5), 2), ("cvt.rni.s32.f32", f32(3.5), 4),
    ("cvt.rni.s32.f32", f32(-2.5), 0xFFFFFFFE), ("cvt.rmi.s32.f32", f32(-1.5), 0xFFFFFFFE),
    ("cvt.rpi.s32.f32", f32(1.2), 2), ("cvt.rzi.u32.f32", f32(-1.0), 0), ("cvt.rzi.u32.f32", f32(5e9), 0xFFFFFFFF)])
def test_float_to_integer_rounds_as_named_and_saturates(op, x, want):
    assert one(f"mov.b32 %f1, {x}; {op} %r1, %f1;", "%r1") == want


def test_float_to_a_narrow_integer_saturates_to_that_type_and_extends_into_the_register():
    assert one(f"mov.b32 %f1, {f32(300.0)}; cvt.rzi.s8.f32 %rs1, %f1;", "%rs1") == 0x007F
    assert one(f"mov.b32 %f1, {f32(-300.0)}; cvt.rzi.s8.f32 %rs1, %f1;", "%rs1") == 0xFF80


def test_float_to_integer_needs_an_integral_rounding():
    with pytest.raises(CannotSimulate, match="needs .rni"):
        one(f"mov.b32 %f1, {f32(1.0)}; cvt.s32.f32 %r1, %f1;", "%r1")


@pytest.mark.parametrize("op, x, want", [
    ("cvt.rn.f16.f32", f32(65520.0), 0x7C00), ("cvt.rn.f16.f32", f32(65519.0), 0x7BFF),
    ("cvt.rz.f16.f32", f32(65520.0), 0x7BFF), ("cvt.rz.f16.f32", INF32, 0x7C00),
    ("cvt.rn.f16.f32", f32(2.0 ** -25), 0), ("cvt.rn.f16.f32", f32(3 * 2.0 ** -26), 0x0001),
    ("cvt.rp.f16.f32", f32(2.0 ** -40), 0x0001), ("cvt.rm.f16.f32", f32(-(2.0 ** -40)), 0x8001),
    ("cvt.rn.f16.f32", NAN32, 0x7FFF), ("cvt.rn.f16.f32", 0x80000000, 0x8000),
    ("cvt.rn.bf16.f32", f32(1 + 2.0 ** -8), 0x3F80), ("cvt.rn.bf16.f32", f32(1 + 3 * 2.0 ** -8), 0x3F82)])
def test_narrowing_float_conversions_round_in_their_mode(op, x, want):
    assert one(f"mov.b32 %f1, {x}; {op} %h1, %f1;", "%h1") == want


def test_widening_is_exact_and_keeps_subnormals_unless_ftz():
    assert one("mov.b16 %h1, 0x0001; cvt.f32.f16 %f1, %h1;", "%f1") == f32(2.0 ** -24)
    assert one("mov.b32 %f1, 0x00000001; cvt.f64.f32 %fd1, %f1;", "%fd1") == 0x36A0000000000000
    assert one("mov.b32 %f1, 0x80000001; cvt.ftz.f64.f32 %fd1, %f1;", "%fd1") == 1 << 63


@pytest.mark.parametrize("op, x, want", [
    ("cvt.rni.f32.f32", f32(2.5), f32(2.0)), ("cvt.rni.f32.f32", f32(-0.5), 0x80000000),
    ("cvt.rzi.f32.f32", f32(-1.7), f32(-1.0)), ("cvt.rmi.f32.f32", f32(-1.2), f32(-2.0)),
    ("cvt.rpi.f32.f32", f32(0.2), f32(1.0)), ("cvt.rpi.f32.f32", f32(-0.2), 0x80000000),
    ("cvt.rzi.f32.f32", INF32, INF32), ("cvt.rni.f32.f32", NAN32, NAN32)])
def test_integral_rounding_in_the_same_format_keeps_the_sign_of_zero(op, x, want):
    assert one(f"mov.b32 %f1, {x}; {op} %f2, %f1;", "%f2") == want


@pytest.mark.parametrize("op, x, want", [
    ("cvt.rn.f32.s32", 2 ** 24 + 1, f32(2.0 ** 24)), ("cvt.rn.f32.s32", 2 ** 24 + 3, f32(2.0 ** 24 + 4)),
    ("cvt.rz.f32.s32", 2 ** 24 + 3, f32(2.0 ** 24 + 2)), ("cvt.rn.f32.u32", 0xFFFFFFFF, f32(2.0 ** 32)),
    ("cvt.rn.f32.s32", -1, f32(-1.0)), ("cvt.rm.f32.s32", -(2 ** 24 + 1), f32(-(2.0 ** 24 + 2))),
    ("cvt.rn.f32.s32", 0, 0)])
def test_integer_to_float_rounds_once(op, x, want):
    assert one(f"mov.b32 %r1, {x}; {op} %f1, %r1;", "%f1") == want


def test_integer_to_f16_overflows_to_infinity():
    assert one("mov.b32 %r1, 70000; cvt.rn.f16.s32 %h1, %r1;", "%h1") == 0x7C00


@pytest.mark.parametrize("op, src, x, dst, want", [
    ("cvt.s32.s8", "%r", 0x80, "%r", 0xFFFFFF80), ("cvt.u32.u8", "%r", 0x180, "%r", 0x80),
    ("cvt.s8.s32", "%r", 0x1FF, "%rs", 0xFFFF), ("cvt.u16.u32", "%r", 0x12345, "%rs", 0x2345),
    ("cvt.sat.s8.s32", "%r", 300, "%r", 0x7F), ("cvt.sat.s8.s32", "%r", -300, "%r", 0xFFFFFF80),
    ("cvt.sat.u8.s32", "%r", -5, "%r", 0), ("cvt.s64.s32", "%r", -2, "%rd", (1 << 64) - 2),
    ("cvt.u64.u32", "%r", 0xFFFFFFFF, "%rd", 0xFFFFFFFF), ("cvt.u32.u64", "%rd", 0x1234567890, "%r", 0x34567890)])
def test_integer_conversions_truncate_or_saturate_then_extend_per_the_destination_type(op, src, x, dst, want):
    width = {"%r": 32, "%rs": 16, "%rd": 64}[src]
    assert one(f"mov.b{width} {src}1, {x}; {op} {dst}2, {src}1;", f"{dst}2") == want


def test_f16x2_pack_puts_the_first_source_in_the_upper_half():
    assert one(f"mov.b32 %f1, {f32(1.0)}; mov.b32 %f2, {f32(-2.0)}; cvt.rn.f16x2.f32 %r1, %f1, %f2;", "%r1") == \
        f16(-2.0) | f16(1.0) << 16


@pytest.mark.parametrize("line", ["cvt.rn.relu.f16.f32 %h1, %f1;", "cvt.rn.satfinite.f16.f32 %h1, %f1;",
                                  "cvt.rn.f32.f16 %f2, %h1;"])
def test_unmodelled_cvt_forms_raise(line):
    with pytest.raises(CannotSimulate):
        one(f"mov.b32 %f1, 0; mov.b16 %h1, 0; {line}", "%f1")
