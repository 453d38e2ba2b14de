"""Two sm_90+ forms IREE emits for sm_120 f16/bf16 kernels, in both PTX machines (the vector machine and the
reference): ``setp.CmpOp.bf16`` and ``setp.CmpOp.bf16x2 p|q`` (PTX ISA, "Half Precision Comparison Instructions":
the bf16 values compared as IEEE values; the ``u``-suffixed comparisons and ``nan`` true where either is NaN, the
others false there, ``num`` true where neither is), and ``add``/``min``/``max`` on ``.s16x2``/``.u16x2`` (PTX ISA,
"Integer Arithmetic Instructions": each 16-bit half alone, signed for .s16x2, the add wrapping modulo 2^16 with no
carry between halves).  Expected values
come from a Python model of those definitions, never from the simulator; neighbouring forms the ISA lacks, or that
are not modelled, stay refused."""
import math
import struct

import pytest

from frontends.devices.ptx import Memory, kernels
from frontends.devices.ptx.errors import CannotSimulate
from frontends.devices.ptx.machine import launch
from tests.ptx_compare import engine
from tests.ptx_kernel import kernel_text, one

# +0, -0, the least and greatest subnormals (+ and -), the least normal, 1, 1 + 2^-7, -1, the greatest finite,
# +inf, -inf, a quiet NaN, a signalling NaN, a negative NaN
VALUES = [0x0000, 0x8000, 0x0001, 0x8001, 0x007F, 0x0080, 0x3F80, 0x3F81, 0xBF80, 0x7F7F, 0x7F80, 0xFF80,
          0x7FC0, 0x7F81, 0xFFC0]
ORDERED = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "lt": lambda a, b: a < b,
           "le": lambda a, b: a <= b, "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b}
CMPS = [*ORDERED, *(k + "u" for k in ORDERED), "num", "nan"]


def bf16(bits: int) -> float:
    """A bf16's value: its bits are the top half of a float32's."""
    return struct.unpack("<f", struct.pack("<I", bits << 16))[0]


def model(cmp: str, x: int, y: int) -> bool:
    a, b = bf16(x), bf16(y)
    nan = math.isnan(a) or math.isnan(b)
    if cmp in ("num", "nan"):
        return nan == (cmp == "nan")
    if nan:
        return cmp.endswith("u")
    return ORDERED[cmp.removesuffix("u")](a, b)


def per_thread(body: str, words: list[tuple[int, int]], machine: str) -> list[dict]:
    """Run ``body`` with thread i's %r2, %r3 loaded from ``words[i]``; each thread's registers."""
    memory = Memory()
    out = memory.alloc(8 * len(words))
    buf, off = memory.view(out, 8 * len(words))
    buf[off:off + 8 * len(words)] = struct.pack(f"<{2 * len(words)}I", *(w for pair in words for w in pair))
    load = "mov.u32 %r1, %tid.x; mul.wide.u32 %rd1, %r1, 8; add.s64 %rd2, %rd0, %rd1; " \
           "ld.global.v2.u32 {%r2, %r3}, [%rd2]; "
    with engine(machine):
        threads = launch(kernels([kernel_text(load + body)])["k"], memory, [out], (1, 1, 1), (len(words), 1, 1))
    return [t.regs for t in threads]


PAIRS = [(x, y) for x in VALUES for y in VALUES]


@pytest.mark.parametrize("machine", ["vector", "reference"])
@pytest.mark.parametrize("cmp", CMPS)
def test_setp_bf16_compares_values_as_ieee(cmp, machine):
    # thread (x, y): low halves x, y; high halves y, x (so .bf16x2's q sees the pair the other way round)
    words = [(x | y << 16, y | x << 16) for x, y in PAIRS]
    body = f"mov.b32 {{%h1, %h2}}, %r2; mov.b32 {{%h3, %h4}}, %r3; setp.{cmp}.bf16 %p1, %h1, %h3; " \
           f"setp.{cmp}.bf16x2 %p2|%p3, %r2, %r3;"
    got = [(r["%p1"], r["%p2"], r["%p3"]) for r in per_thread(body, words, machine)]
    want = [(model(cmp, x, y), model(cmp, x, y), model(cmp, y, x)) for x, y in PAIRS]
    assert [tuple(map(bool, g)) for g in got] == want


HALVES = [0x0000, 0x0001, 0x7FFF, 0x8000, 0xFFFF, 0x1234, 0xFFFE]
PAIR_OPS = {"add": lambda x, y: x + y, "min": min, "max": max}


def pair_model(op: str, ty: str, a: int, b: int) -> int:
    """The .b32 result of ``op.ty`` on words a, b: each half alone (signed for s16x2), modulo 2^16."""
    def half(v, s):
        h = v >> s & 0xFFFF
        return h - (h >> 15 << 16) if ty == "s16x2" else h
    return sum((PAIR_OPS[op](half(a, s), half(b, s)) & 0xFFFF) << s for s in (0, 16))


@pytest.mark.parametrize("machine", ["vector", "reference"])
@pytest.mark.parametrize("ty", ["s16x2", "u16x2"])
@pytest.mark.parametrize("op", list(PAIR_OPS))
def test_16x2_takes_each_half_alone(op, ty, machine):
    # every pair of halves in the low half, and again in the high half over a low half that carries out (0xFFFF + 1)
    words = [(x | 0xFFFF << 16, y | 0x0001 << 16) for x in HALVES for y in HALVES]
    words += [(x << 16 | 0xFFFF, y << 16 | 0x0001) for x in HALVES for y in HALVES]
    got = [r["%r4"] for r in per_thread(f"{op}.{ty} %r4, %r2, %r3;", words, machine)]
    assert got == [pair_model(op, ty, a, b) for a, b in words]


def test_the_pair_model_follows_the_definition():
    # spelled out by hand: the low halves 0xFFFF + 0x0001 wrap to 0 and carry nothing into the high half; signed,
    # 0x8000 (-32768) is below 0x7FFF, unsigned above it
    assert pair_model("add", "s16x2", 0x7FFFFFFF, 0x00010001) == 0x80000000
    assert pair_model("min", "s16x2", 0x80007FFF, 0x7FFF8000) == 0x80008000
    assert pair_model("min", "u16x2", 0x80007FFF, 0x7FFF8000) == 0x7FFF7FFF
    assert pair_model("max", "s16x2", 0xFFFF0001, 0x0000FFFF) == 0x00000001


@pytest.mark.parametrize("machine", ["vector", "reference"])
def test_add_16x2_takes_an_immediate(machine):
    with engine(machine):
        assert one("mov.b32 %r1, 0x7FFFFFFF; add.s16x2 %r2, %r1, 0x00010001;", "%r2") == 0x80000000


@pytest.mark.parametrize("machine", ["vector", "reference"])
@pytest.mark.parametrize("body", [
    "sub.s16x2 %r3, %r1, %r2;", "add.sat.s16x2 %r3, %r1, %r2;", "max.relu.s16x2 %r3, %r1, %r2;",
    "neg.s16x2 %r3, %r1;",
    "setp.eq.bf16x2 %p1, %r1, %r2;", "setp.gt.ftz.bf16x2 %p1|%p2, %r1, %r2;", "setp.gt.and.bf16 %p1, %h1, %h2, %p2;",
])
def test_forms_not_modelled_are_refused(body, machine):
    with engine(machine), pytest.raises(CannotSimulate):
        one(f"mov.b32 %r1, 1; mov.b32 %r2, 2; mov.b16 %h1, 1; mov.b16 %h2, 2; {body}", "%r1")
