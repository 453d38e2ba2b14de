"""``int:i64``: i64 generics over inputs across the int64 range, with bodies defined over every such value.

No other family draws i64: the 64-bit lowerings a 32-bit target splits into halves (sign extensions in register,
high halves, carries across bit 32, 64-bit compares, multiplies and divisions by constants) are reached only by
hand-written cases.  Two LLVM AMDGPU GlobalISel wrong-code bugs were found on ``(x << k) >> k`` over i64 that way.
This family draws one i64 generic (elementwise, or a max / min reduction; its result i64, or wrapped to i32) over
1 to 3 inputs, i64 or i32, each uniform over a window: the full range, the non-negative half, a signed or unsigned
width of 33 to 63 bits, or a narrow window around a value where lowerings change (2^31, 2^32, 2^47, 2^53, 2^62,
the int64 limits); i32 inputs take ``fuzz/generate/wideint.py``'s windows and are read widened (``i64(x)``).
Its shapes are wideint's, or one time in four one element or one lane: values uniform across a GPU's wave, which
take the scalar path (a one-element dispatch is how the uniform sign extension bug was shown).

Definedness is built in, by the intervals the generator keeps for every subexpression (python integers, as
wideint keeps them; its ``bitwise`` and ``divide`` bound i64 values here):

* ``(x << k) >> k``, a sign extension in register from bit 63 - k, reads ``x`` narrowed to 64 - k bits, so the
  shift cannot overflow; ``x >> 32`` (the high half) and other right shifts by constants in [0, 63];
* products of two widened i32 values (exact in i64); other products of operands narrowed to widths summing to 64;
* sums read operands narrowed until the result fits; ``carry`` adds or subtracts the low halves (``x & 0xFFFFFFFF``)
  of two values, or a low half and a constant near 2^32, so a carry crosses bit 32;
* ``and``, ``or``, ``xor``, ``min``, ``max``, ``select`` (a compare with a constant near the values above half the
  time), ``clamp`` and the i64 -> i32 -> i64 wrap are defined for every operand;
* divisions by constants (never 0; -1 only where the dividend's interval excludes INT64_MIN) or never-zero values;
  ``abs`` and ``neg`` read only operands whose interval excludes INT64_MIN.

The feature is seeded but opt-in: its odds are 0, so only ``--only int:i64`` draws it, and no seed's case changed
when it was added.  Under the pin, the seed's case is replaced by one drawn from the feature's own stream, as
``int:wide`` does (``wideint.wide``); the case respects the seed's swarm draw (a body op switched off is never
drawn).  Its note names its kind and input mode and carries ``ints=i64`` (how ``fuzz/generate/features.py`` sees it).
"""
from __future__ import annotations

from fuzz.case.workload import Affine, Case, Expr, Generic, ValueSpec, WorkloadError, expr_ops
from fuzz.generate import wideint
from fuzz.generate.base import Builder
from fuzz.generate.wideint import I32_MAX, I32_MIN, Node, _magnitude_bound, bitwise, divide

I64_MIN, I64_MAX = -(2**63), 2**63 - 1
LIM = (I64_MIN, I64_MAX)
MARK = "ints=i64"
LOW = 0xFFFFFFFF  # the low half
# where lowerings change: the i32 sign bit, the halves' boundary, 48-bit values, float64's exact integers, the top
CENTERS = (2**31, -(2**31), 2**32, -(2**32), 2**47, -(2**47), 2**48, 2**53, -(2**53), 2**62, -(2**62), I64_MAX,
           I64_MIN, 2**40)
WIDTHS = (33, 34, 40, 47, 48, 49, 52, 53, 54, 56, 62, 63)
MASKS = (LOW, 0x7FFFFFFF, 0xFFFF, 2**47 - 1, 2**48 - 1, 2**53 - 1, 2**62 - 1, I64_MAX, 0x3F, -(2**32), 0xFFFFFFFF0)
DIVISORS = (3, 7, 10, 1000, 641, 6700417, 2**31 - 1, 2**31, 2**31 + 1, 2**32 - 1, 2**32, 2**32 + 1, 10**9 + 7,
            2**47, 2**53 + 1, 2**62, I64_MAX, -3, -7, -(2**31), -(2**32), -(2**47), I64_MIN)
CONSTS = (0, 1, -1, 2**31 - 1, 2**31, -(2**31), -(2**31) - 1, 2**32 - 1, 2**32, 2**32 + 1, -(2**32), 2**47 - 1,
          2**47, -(2**47), 2**53, 2**53 + 1, -(2**53), 2**62, -(2**62), I64_MAX, I64_MAX - 1, I64_MIN)
CARRIES = (LOW, 2**32, 2**31, 1, 2**32 + 1, 0x80000001)
SEXT = (8, 16, 24, 31, 32, 33, 40, 48, 56)  # (x << k) >> k: the sign of bit 63 - k
DIVISIONS = wideint.DIVISIONS
OPS = ("add", "sub", "carry", "mul", "widemul", "widemul", "and", "or", "xor", "shr", "hi32", "shl", "sext", "sext",
       "sext", "min", "max", "select", "clamp", "abs", "neg", "wrap32") + DIVISIONS
NEEDS = {"carry": ("and",), "hi32": ("shr",), "sext": ("shl", "shr")}  # body ops beyond the op's own name
ALWAYS = ("add", "mul", "widemul", "wrap32")  # add, mul and cast are in every body


def fits(lo: int, hi: int) -> bool:
    return I64_MIN <= lo and hi <= I64_MAX


def const(v: int) -> Node:
    return Node(Expr("const", dtype="i64", value=v), v, v)


def shr(a: Node, by: int) -> Node:
    return Node(Expr("shr", (a.e, const(by).e)), a.lo >> by, a.hi >> by)


def window(ch) -> tuple[int, int]:
    """One i64 input's [low, high]: the full range, the non-negative half, a signed or unsigned width of 33 to 63
    bits, or a narrow window around a value where lowerings change, clipped to i64."""
    kind = ch.choice(("full", "half", "bits", "bits", "bits", "near", "near", "near"))
    if kind == "full":
        return I64_MIN, I64_MAX
    if kind == "half":
        return 0, I64_MAX
    if kind == "bits":
        w = ch.choice(WIDTHS)
        return (0, 2**w - 1) if ch.int(0, 1) else (-(2 ** (w - 1)), 2 ** (w - 1) - 1)
    c, half = ch.choice(CENTERS), ch.choice((1, 2, 16, 4096, 2**20))
    return max(I64_MIN, c - half), min(I64_MAX, c + half)


class Draw:
    """i64 bodies over ``leaves`` (the inputs, i32 ones widened, with their windows), under ``b``'s switches."""

    def __init__(self, b: Builder, leaves: list[Node], narrow32: list[Node]):
        self.b, self.ch, self.leaves, self.narrow32 = b, b.ch, leaves, narrow32
        self.i32 = b.typed("i32")  # the i32 wraps (and products of wrapped values) only where i32 is on

    def on(self, op: str) -> bool:
        return self.b.on(f"body:{op}")

    def allowed(self, op: str) -> bool:
        if op in ("wrap32", "widemul"):
            return self.i32
        return op in ALWAYS or all(self.on(o) for o in NEEDS.get(op, (op,)))

    def leaf(self) -> Node:
        if self.ch.int(0, 4):
            return self.ch.choice(self.leaves)
        return const(self.ch.choice(CONSTS))

    def node(self, depth: int) -> Node:
        if depth <= 0:
            return self.leaf()
        return getattr(self, "_" + self.b.pick(OPS, self.allowed))(depth - 1)

    def reading(self, a: Node) -> Node:
        """``a``, or a leaf where ``a`` reads no input (a narrowing of a constant: TVM folds it into a crash)."""
        return a if "in" in expr_ops(a.e) else self.ch.choice(self.leaves)

    def narrow(self, a: Node, bits: int) -> Node:
        """``a`` brought into [-2^(bits-1), 2^(bits-1) - 1] (``bits`` < 64 keeps INT64_MIN out): an arithmetic shift
        right, a mask, a clamp or (to 32 bits or more) the i32 wrap, whichever is on."""
        lo, hi = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
        if lo <= a.lo and a.hi <= hi:
            return a
        ways = [w for w in ("shr", "and", "clamp") if self.on(w)] + (["wrap"] if bits >= 32 and self.i32 else [])
        if not ways:
            raise WorkloadError("no way left to narrow a wide operand (shr, and, clamp all switched off)")
        way = self.ch.choice(ways)
        if way == "shr":
            return shr(a, min(max(_magnitude_bound(a.lo, a.hi).bit_length() - bits, 1), 63))
        if way == "and":
            return bitwise("and", a, const(hi), LIM)
        if way == "wrap":
            return self.wrap(a)
        return Node(Expr("clamp", (a.e,), lo=lo, hi=hi), min(max(a.lo, lo), hi), max(min(a.hi, hi), lo))

    def wrap(self, a: Node) -> Node:
        """``i64(i32(a))``: the low half, sign-extended (an i64 -> i32 truncation that wraps, then a widening)."""
        inner = Expr("cast", (self.reading(a).e,), dtype="i32")
        return Node(Expr("cast", (inner,), dtype="i64"), I32_MIN, I32_MAX)

    # -- always defined
    def _bit(self, op: str, depth: int) -> Node:
        a = self.node(depth)
        b = const(self.ch.choice(MASKS)) if self.ch.int(0, 1) else self.node(depth)
        return bitwise(op, a, b, LIM)

    def _and(self, depth):
        return self._bit("and", depth)

    def _or(self, depth):
        return self._bit("or", depth)

    def _xor(self, depth):
        return self._bit("xor", depth)

    def _shr(self, depth: int) -> Node:
        return shr(self.node(depth), self.ch.choice((1, 16, 31, 33, 47, 48, 53, 62, 63, self.ch.int(0, 63))))

    def _hi32(self, depth: int) -> Node:
        return shr(self.node(depth), 32)

    def _wrap32(self, depth: int) -> Node:
        return self.wrap(self.node(depth))

    def _minmax(self, op: str, depth: int) -> Node:
        a = self.node(depth)
        b = const(self.ch.choice(CONSTS)) if self.ch.int(0, 1) else self.node(depth)
        f = max if op == "max" else min
        return Node(Expr(op, (a.e, b.e)), f(a.lo, b.lo), f(a.hi, b.hi))

    def _min(self, depth):
        return self._minmax("min", depth)

    def _max(self, depth):
        return self._minmax("max", depth)

    def _select(self, depth: int) -> Node:
        a = self.node(depth)
        b = const(self.ch.choice(CONSTS)) if self.ch.int(0, 1) else self.node(depth)
        t, f = self.node(depth), self.node(depth)
        pred = self.ch.choice(("gt", "lt", "ge", "le", "eq"))
        return Node(Expr("select", (a.e, b.e, t.e, f.e), pred=pred), min(t.lo, f.lo), max(t.hi, f.hi))

    def _clamp(self, depth: int) -> Node:
        a = self.node(depth)
        lo, hi = sorted((self.ch.choice(CONSTS), self.ch.choice(CONSTS)))
        return Node(Expr("clamp", (a.e,), lo=lo, hi=hi), min(max(a.lo, lo), hi), max(min(a.hi, hi), lo))

    # -- defined on what excludes INT64_MIN
    def _abs(self, depth: int) -> Node:
        a = self._no_min(self.node(depth))
        lo = a.lo if a.lo >= 0 else (-a.hi if a.hi <= 0 else 0)
        return Node(Expr("abs", (a.e,)), lo, max(abs(a.lo), abs(a.hi)))

    def _neg(self, depth: int) -> Node:
        a = self._no_min(self.node(depth))
        return Node(Expr("neg", (a.e,)), -a.hi, -a.lo)

    def _no_min(self, a: Node) -> Node:
        return self.narrow(a, 63) if a.lo <= I64_MIN else a

    # -- defined on narrowed operands
    def _add(self, depth: int) -> Node:
        return self._sum("add", self.node(depth), self.node(depth))

    def _sub(self, depth: int) -> Node:
        return self._sum("sub", self.node(depth), self.node(depth))

    def _sum(self, op: str, a: Node, b: Node) -> Node:
        lo, hi = (a.lo + b.lo, a.hi + b.hi) if op == "add" else (a.lo - b.hi, a.hi - b.lo)
        if not fits(lo, hi):
            a, b = self.narrow(a, 63), self.narrow(b, 63)
            lo, hi = (a.lo + b.lo, a.hi + b.hi) if op == "add" else (a.lo - b.hi, a.hi - b.lo)
        return Node(Expr(op, (a.e, b.e)), lo, hi)

    def _carry(self, depth: int) -> Node:
        """Low halves added or subtracted: the carry (or borrow) crosses bit 32."""
        a = bitwise("and", self.node(depth), const(LOW), LIM)
        if self.ch.int(0, 1):
            b = bitwise("and", self.node(depth), const(LOW), LIM)
        else:
            b = const(self.ch.choice(CARRIES))
        return self._sum("sub" if self.on("sub") and self.ch.int(0, 2) == 0 else "add", a, b)

    def _product(self, a: Node, b: Node) -> Node:
        qs = [x * y for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
        if not fits(min(qs), max(qs)):
            raise WorkloadError("a narrowed product overflows")
        return Node(Expr("mul", (a.e, b.e)), min(qs), max(qs))

    def _mul(self, depth: int) -> Node:
        """A product of operands narrowed to widths summing to 64 at most (32 x 32, 48 x 16, 33 x 31...)."""
        wa = self.ch.choice((16, 24, 31, 32, 33, 40, 48))
        return self._product(self.narrow(self.node(depth), wa), self.narrow(self.node(depth), 64 - wa))

    def _widemul(self, depth: int) -> Node:
        """``i64(a) * i64(b)`` of two i32 values (a widened i32 input, or a value wrapped to i32): exact in i64."""
        def widened() -> Node:
            if self.narrow32 and self.ch.int(0, 1):
                return self.ch.choice(self.narrow32)
            return self.wrap(self.node(depth))
        return self._product(widened(), widened())

    def _shl(self, depth: int) -> Node:
        by = self.ch.choice((1, 8, 16, 31, 32, 33, 47, 48))
        a = self.narrow(self.node(depth), 64 - by)
        return Node(Expr("shl", (a.e, const(by).e)), a.lo * 2**by, a.hi * 2**by)

    def _sext(self, depth: int) -> Node:
        """``(x << k) >> k`` with ``x`` in 64 - k bits: the value itself, through a sign extension in register."""
        k = self.ch.choice(SEXT)
        if self.ch.int(0, 1):  # of a sum (each term in 63 - k bits): its high dword is computed, not loaded
            a = self._sum("add", self.narrow(self.node(depth), 63 - k), self.narrow(self.node(depth), 63 - k))
        else:
            a = self.narrow(self.node(depth), 64 - k)
        up = Expr("shl", (a.e, const(k).e))
        return Node(Expr("shr", (up, const(k).e)), a.lo, a.hi)

    # -- divisions: a divisor that is never 0
    def divisor(self, depth: int, dividend: Node) -> Node:
        forms = ["const"] + [f for f, op in (("mask", "and"), ("max", "max"), ("odd", "or")) if self.on(op)]
        form = self.ch.choice(forms)
        has_min = dividend.lo <= I64_MIN
        if form == "odd" and has_min:
            form = "const"  # y | 1 may be -1: INT64_MIN / -1 overflows
        if form == "const":
            return const(self.ch.choice(DIVISORS + ((-1,) if not has_min else ())))
        y = self.node(depth)
        if form == "mask":  # (y & m) + 1: 1 to 2^k
            m = bitwise("and", y, const(self.ch.choice((LOW, 0xFFFF, 2**47 - 1, 2**33 - 1))), LIM)
            return Node(Expr("add", (m.e, const(1).e)), 1, m.hi + 1)
        if form == "max":
            return Node(Expr("max", (y.e, const(1).e)), max(y.lo, 1), max(y.hi, 1))
        return bitwise("or", y, const(1), LIM)

    def _division(self, op: str, depth: int) -> Node:
        a = self.node(depth)
        return divide(op, a, self.divisor(depth, a), LIM)

    def _floordiv(self, depth):
        return self._division("floordiv", depth)

    def _floormod(self, depth):
        return self._division("floormod", depth)

    def _truncdiv(self, depth):
        return self._division("truncdiv", depth)

    def _truncmod(self, depth):
        return self._division("truncmod", depth)


def _shape(ch) -> tuple[int, ...]:
    """wideint's shapes, or one time in four a one-element or one-lane shape: a value uniform across the wave (the
    scalar, SGPR, path: a one-element dispatch reaches the 64-bit sign extension there)."""
    if ch.int(0, 3) == 0:
        return ch.choice(((1,), (1,), (1, 1), (2, 1), (1, 4)))
    return wideint._shape(ch)


def build(b: Builder, name: str, reduction: bool) -> Case:
    """One i64 generic (elementwise, or a max / min reduction over its last dim) over 1 to 3 inputs, i64 or i32;
    its result i64, or wrapped to i32 one time in four."""
    ch = b.ch
    dims = _shape(ch)
    iters = ("parallel",) * (len(dims) - 1) + (("reduction",) if reduction else ("parallel",))
    if reduction and len(dims) == 1:
        dims, iters = (ch.choice((2, 4, 8)),) + dims, ("parallel", "reduction")
    n = len(dims)
    leaves, narrow32, maps = [], [], []
    for k in range(ch.int(1, 3)):
        dtype = "i64" if ch.int(0, 2) or not b.typed("i32") else "i32"
        lo, hi = window(ch) if dtype == "i64" else wideint.window(ch)
        amap = tuple(Affine(tuple(int(i == d) for i in range(n))) for d in range(n))
        if n > 1 and k and b.coin("map:broadcast", 3):  # one value per row: uniform across a wave (scalar paths)
            amap = amap[:-1] if not reduction else amap
        shape = tuple(dims[a.plain_dim] for a in amap)
        b.tensor(shape, dtype, values=ValueSpec("int", ch.int(0, 2**31 - 1), low=lo, high=hi))
        read = Expr("in", index=k)
        leaves.append(Node(read if dtype == "i64" else Expr("cast", (read,), dtype="i64"), lo, hi))
        narrow32 += [leaves[-1]] if dtype == "i32" else []
        maps.append(amap)
    d = Draw(b, leaves, narrow32)
    body, out = d.node(ch.int(2, 4)).e, "i64"
    if ch.int(0, 3) == 0 and b.typed("i32"):  # an i64 -> i32 wrap of the result
        body, out = Expr("cast", (d.reading(Node(body, 0, 0)).e,), dtype="i32"), "i32"
    red = b.pick(("max", "min"), lambda r: b.on(f"reduce:{r}")) if reduction else None
    b.add(Generic("op0", tuple(f"in{k}" for k in range(len(leaves))), dims, iters, tuple(maps), body, out, red))
    kind = "reduction" if reduction else "elementwise"
    mode = "realistic" if b.on("inputs:realistic") else "exact"
    return Case(tuple(b.inputs), tuple(b.ops), ("op0",), name, f"generated: kind={kind} inputs={mode} {MARK}",
                swarm=tuple(sorted(b.off)))


def i64(case: Case, exact: bool, ch) -> Case | None:
    """The seed's i64 case in place of ``case`` (``wideint.replace``).  With i32 off, every input is i64 and nothing
    is wrapped to i32."""
    return wideint.replace(case, ch, "int:i64", build)


def is_i64(case: Case) -> bool:
    return MARK in case.note
