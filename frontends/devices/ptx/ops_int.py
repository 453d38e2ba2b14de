"""Integer and bit instructions (PTX ISA, "Integer Arithmetic", "Logic and Shift", "Bit Field" instructions).

Each builder takes a decoded record and returns the function that runs it on a thread (``run(m, t)``); modifiers
are checked once, when the kernel is decoded.  Results wrap modulo 2^width except where ``.sat`` clamps
(``add.sat.s32``, ``sub.sat.s32``); ``add``/``min``/``max`` on ``.s16x2``/``.u16x2`` take each 16-bit half alone.
Shifts clamp their count to the width (``shl``/``shr.u`` give 0, ``shr.s`` the sign); the funnel shift ``shf`` takes
its count mod 32 (``.wrap``) or clamped to 32 (``.clamp``).  Division or remainder by
zero has no defined result in PTX: it raises ``UndefinedResult``.
"""
from __future__ import annotations

from frontends.devices.ptx.errors import CannotSimulate, KernelFault
from frontends.devices.ptx.values import signed


class UndefinedResult(KernelFault):
    symptom = "undefined result"


PAIRS = ("s16x2", "u16x2")  # two 16-bit integers in a .b32 (sm_90+: add, min, max)


def int_type(ins, allowed=("s", "u", "b")) -> tuple[str, int]:
    ty = ins.mods[-1] if ins.mods else ""
    if len(ty) < 2 or ty[0] not in allowed or ty[1:] not in ("8", "16", "32", "64"):
        raise CannotSimulate(f"{ins.op} of type .{ty}", ins.text)
    return ty[0], int(ty[1:])


def only(ins, known: set) -> None:
    extra = [m for m in ins.mods[:-1] if m not in known]
    if extra:
        raise CannotSimulate(f"{ins.op}.{'.'.join(extra)}", ins.text)


def _operands(ins, kind: str, w: int):
    conv = (lambda v: signed(v, w)) if kind == "s" else (lambda v: v)
    return conv, ins.args[0], ins.args[1:]


def binary(fn, mods=()):
    """A two-operand (or one-operand) integer instruction: d = fn(a, b) on the operands' values (signed per type)."""
    def build(ins):
        if ins.op in ("min", "max") and ins.mods and ins.mods[-1] in PAIRS:
            return _halves(ins, fn)
        kind, w = int_type(ins)
        only(ins, set(mods))
        conv, d, srcs = _operands(ins, kind, w)

        def run(m, t):
            m.put(t, d, fn(*(conv(m.val(t, s, w)) for s in srcs)), w)
        return run
    return build


def build_addsub(sign):
    def build(ins):
        if ins.mods and ins.mods[-1] in PAIRS:
            if sign != 1:
                raise CannotSimulate(f"sub.{'.'.join(ins.mods)}", ins.text)
            return _halves(ins, lambda x, y: x + y)
        kind, w = int_type(ins)
        only(ins, {"sat"})
        sat = "sat" in ins.mods
        if sat and (kind, w) != ("s", 32):
            raise CannotSimulate(f"{ins.op}.sat.{kind}{w}", ins.text)
        conv, d, (a, b) = _operands(ins, kind, w)

        def run(m, t):
            r = conv(m.val(t, a, w)) + sign * conv(m.val(t, b, w))
            m.put(t, d, max(-(1 << 31), min((1 << 31) - 1, r)) if sat else r, w)
        return run
    return build


def _halves(ins, fn):
    """{add,min,max}.{s,u}16x2 d, a, b (sm_90+): each 16-bit half of the .b32 operands alone (the ISA's
    iA[i] = a[16i:16i+15]), d's half ``fn`` of the two (signed for .s16x2) modulo 2^16, with no carry or other link
    between halves.  Their .sat and .relu forms raise (the ISA has no sub on 16-bit pairs)."""
    if len(ins.mods) != 1:
        raise CannotSimulate(f"{ins.op}.{'.'.join(ins.mods)}", ins.text)
    conv = (lambda v: signed(v, 16)) if ins.mods[0][0] == "s" else (lambda v: v)
    d, a, b = ins.args

    def run(m, t):
        x, y = m.val(t, a, 32), m.val(t, b, 32)
        m.put(t, d, sum((fn(conv(x >> s & 0xFFFF), conv(y >> s & 0xFFFF)) & 0xFFFF) << s for s in (0, 16)), 32)
    return run


def build_mul(ins):
    kind, w = int_type(ins, ("s", "u"))
    mode = next((x for x in ins.mods if x in ("lo", "hi", "wide")), None)
    only(ins, {"lo", "hi", "wide"})
    if mode is None:
        raise CannotSimulate(f"mul.{kind}{w} without .lo/.hi/.wide", ins.text)
    conv, d, srcs = _operands(ins, kind, w)
    mad = ins.op == "mad"
    if mad and mode == "hi":
        raise CannotSimulate("mad.hi", ins.text)
    wide = 2 * w if mode == "wide" else w
    shift = w if mode == "hi" else 0

    def run(m, t):
        r = conv(m.val(t, srcs[0], w)) * conv(m.val(t, srcs[1], w)) >> shift
        if mad:
            r += m.val(t, srcs[2], wide)
        m.put(t, d, r, wide)
    return run


def build_divrem(ins):
    kind, w = int_type(ins, ("s", "u"))
    only(ins, set())
    conv, d, (a, b) = _operands(ins, kind, w)
    div = ins.op == "div"

    def run(m, t):
        x, y = conv(m.val(t, a, w)), conv(m.val(t, b, w))
        if y == 0:
            raise UndefinedResult(f"{ins.text}: division by zero (PTX leaves the result unspecified)")
        q = abs(x) // abs(y) * (-1 if (x < 0) != (y < 0) else 1)  # truncating, as C
        m.put(t, d, q if div else x - q * y, w)
    return run


def build_shift(ins):
    kind, w = int_type(ins)
    only(ins, set())
    d, (a, b) = ins.args[0], ins.args[1:]
    left = ins.op == "shl"

    def run(m, t):
        x, n = m.val(t, a, w), m.val(t, b, 32)
        if left:
            r = x << n if n < w else 0
        elif kind == "s":
            r = signed(x, w) >> min(n, w - 1)
        else:
            r = x >> n if n < w else 0
        m.put(t, d, r, w)
    return run


def build_bits(ins):
    """popc, clz, brev: the result of popc and clz is a u32."""
    kind, w = int_type(ins, ("b",))
    only(ins, set())
    d, a = ins.args
    op = ins.op

    def run(m, t):
        x = m.val(t, a, w)
        if op == "popc":
            m.put(t, d, bin(x).count("1"), 32)
        elif op == "clz":
            m.put(t, d, w - x.bit_length(), 32)
        else:
            m.put(t, d, int(format(x, f"0{w}b")[::-1], 2), w)
    return run


def bfe(x: int, pos: int, length: int, w: int, is_signed: bool) -> int:
    """PTX bfe: ``length`` bits of ``x`` from ``pos`` (both taken mod 256), sign-extended from the last bit taken
    for .s (bits past the msb repeat it)."""
    pos, length = pos & 0xFF, length & 0xFF
    sbit = 0 if not is_signed or length == 0 else (x >> min(pos + length - 1, w - 1)) & 1
    r = 0
    for i in range(w):
        bit = (x >> (pos + i)) & 1 if i < length and pos + i <= w - 1 else sbit
        r |= bit << i
    return r


def bfi(a: int, b: int, pos: int, length: int, w: int) -> int:
    """PTX bfi: ``b`` with ``length`` low bits of ``a`` inserted at ``pos`` (both mod 256; bits past the msb
    dropped)."""
    pos, length = pos & 0xFF, length & 0xFF
    for i in range(length):
        if pos + i > w - 1:
            break
        b = (b & ~(1 << (pos + i))) | (((a >> i) & 1) << (pos + i))
    return b


def build_bfe(ins):
    kind, w = int_type(ins, ("s", "u"))
    if w not in (32, 64):
        raise CannotSimulate(f"bfe.{kind}{w}", ins.text)
    d, a, b, c = ins.args
    return lambda m, t: m.put(t, d, bfe(m.val(t, a, w), m.val(t, b, 32), m.val(t, c, 32), w, kind == "s"), w)


def build_bfi(ins):
    kind, w = int_type(ins, ("b",))
    if w not in (32, 64):
        raise CannotSimulate(f"bfi.b{w}", ins.text)
    d, a, b, c, e = ins.args
    return lambda m, t: m.put(t, d, bfi(m.val(t, a, w), m.val(t, b, w), m.val(t, c, 32), m.val(t, e, 32), w), w)


PRMT_MODES = {  # result byte i <- source byte f(i, c) of {b, a} (a: bytes 0-3), for the modes that read c[1:0]
    "f4e": lambda i, c: (c + i) % 8, "b4e": lambda i, c: (c - i) % 8, "rc8": lambda i, c: c,
    "ecl": lambda i, c: max(i, c), "ecr": lambda i, c: min(i, c), "rc16": lambda i, c: (c & 1) * 2 + (i & 1)}


def prmt(a: int, b: int, c: int, mode: str | None) -> int:
    src = ((a & 0xFFFFFFFF) | ((b & 0xFFFFFFFF) << 32)).to_bytes(8, "little")
    out = 0
    for i in range(4):
        if mode is None:
            sel = (c >> (4 * i)) & 0xF
            byte = src[sel & 7]
            if sel & 8:  # replicate the byte's sign
                byte = 0xFF if byte & 0x80 else 0
        else:
            byte = src[PRMT_MODES[mode](i, c & 3)]
        out |= byte << (8 * i)
    return out


def build_prmt(ins):
    """prmt.b32{.mode} d, a, b, c."""
    if ins.mods[:1] != ("b32",) or len(ins.mods) > 2 or (len(ins.mods) == 2 and ins.mods[1] not in PRMT_MODES):
        raise CannotSimulate(f"prmt.{'.'.join(ins.mods)}", ins.text)
    mode = ins.mods[1] if len(ins.mods) == 2 else None
    d, a, b, c = ins.args
    return lambda m, t: m.put(t, d, prmt(m.val(t, a, 32), m.val(t, b, 32), m.val(t, c, 32), mode), 32)


def funnel(a: int, b: int, c: int, left: bool, clamp: bool) -> int:
    """PTX ISA, "shf": "Shift the 64-bit value formed by concatenating operands a and b left or right by the amount
    specified by the unsigned 32-bit value in c.  Operand b holds bits 63:32 and operand a holds bits 31:0 of the
    64-bit source value. ... For shf.l, the most-significant 32-bits of the result are written into d; for shf.r, the
    least-significant 32-bits of the result are written into d."  Its semantics: ``n = (.mode == .clamp) ? min(c, 32)
    : c & 0x1f``; ``shf.l``: ``d = (b << n) | (a >> (32-n))``; ``shf.r``: ``d = (b << (32-n)) | (a >> n)``."""
    n = min(c & 0xFFFFFFFF, 32) if clamp else c & 0x1F
    x = ((b & 0xFFFFFFFF) << 32) | (a & 0xFFFFFFFF)
    return ((x << n) >> 32 if left else x >> n) & 0xFFFFFFFF


def shf_form(ins) -> tuple[bool, bool]:
    """(left, clamp) of ``shf.{l,r}.{clamp,wrap}.b32``; any other form raises naming it."""
    if len(ins.mods) != 3 or ins.mods[0] not in ("l", "r") or ins.mods[1] not in ("clamp", "wrap") or \
            ins.mods[2] != "b32":
        raise CannotSimulate(f"shf.{'.'.join(ins.mods)}", ins.text)
    return ins.mods[0] == "l", ins.mods[1] == "clamp"


def build_shf(ins):
    left, clamp = shf_form(ins)
    d, a, b, c = ins.args
    return lambda m, t: m.put(t, d, funnel(m.val(t, a, 32), m.val(t, b, 32), m.val(t, c, 32), left, clamp), 32)


def build_logic(ins):
    """and, or, xor, not, cnot on .b types and .pred."""
    ty = ins.mods[-1] if ins.mods else ""
    if ty == "pred":
        w = 1
    else:
        _, w = int_type(ins, ("b",))
    only(ins, set())
    d, srcs = ins.args[0], ins.args[1:]
    fn = {"and": lambda x, y: x & y, "or": lambda x, y: x | y, "xor": lambda x, y: x ^ y,
          "not": lambda x: ~x, "cnot": lambda x: int(x == 0)}[ins.op]
    return lambda m, t: m.put(t, d, fn(*(m.val(t, s, w) for s in srcs)), w)


def lanes(v: int, bits: int, is_signed: bool) -> list[int]:
    """The 32-bit ``v`` cut into ``bits``-wide lanes, lowest first, each sign- or zero-extended."""
    mask = (1 << bits) - 1
    return [signed((v >> s) & mask, bits) if is_signed else (v >> s) & mask for s in range(0, 32, bits)]


def dot_form(ins) -> tuple[int, int, bool, bool]:
    """The checked modifiers of dp4a.atype.btype / dp2a.mode.atype.btype: (a's lane width, b's first byte, a signed,
    b signed).  Anything else (another type, a missing or unknown mode) is refused, naming the modifiers."""
    mods = ins.mods
    mode, types = (mods[0] if mods else None, mods[1:]) if ins.op == "dp2a" else ("lo", mods)
    if len(types) != 2 or any(m not in ("u32", "s32") for m in types) or mode not in ("lo", "hi"):
        raise CannotSimulate(f"{ins.op}.{'.'.join(mods)}", ins.text)
    sa, sb = (m == "s32" for m in types)
    return (8, 0, sa, sb) if ins.op == "dp4a" else (16, 2 if mode == "hi" else 0, sa, sb)


def build_dot(ins):
    """dp4a.atype.btype d, a, b, c: c plus the four products of the bytes of a and b.  dp2a.mode.atype.btype: c
    plus the products of a's two 16-bit halves with b's bytes 0-1 (.lo) or 2-3 (.hi).  Each lane is signed or
    unsigned by its operand's type (PTX ISA, "dp4a", "dp2a"); the sum wraps modulo 2^32."""
    abits, first, sa, sb = dot_form(ins)
    d, a, b, c = ins.args

    def run(m, t):
        va, vb = lanes(m.val(t, a, 32), abits, sa), lanes(m.val(t, b, 32), 8, sb)[first:]
        m.put(t, d, m.val(t, c, 32) + sum(x * y for x, y in zip(va, vb)), 32)
    return run


BUILDERS = {
    "add": build_addsub(1), "sub": build_addsub(-1), "mul": build_mul, "mad": build_mul,
    "div": build_divrem, "rem": build_divrem, "shl": build_shift, "shr": build_shift, "shf": build_shf,
    "min": binary(min), "max": binary(max), "abs": binary(abs), "neg": binary(lambda x: -x),
    "popc": build_bits, "clz": build_bits, "brev": build_bits, "bfe": build_bfe, "bfi": build_bfi,
    "prmt": build_prmt, "and": build_logic, "or": build_logic, "xor": build_logic, "not": build_logic,
    "cnot": build_logic, "dp4a": build_dot, "dp2a": build_dot,
}
