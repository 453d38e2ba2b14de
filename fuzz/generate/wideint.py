"""``int:wide``: i32 generics whose inputs span the whole int32 range, with bodies defined over every such value.

Every other family draws int32 values from int8 inputs or small integers (about [-8, 8]), so a compiler's
range-dependent integer lowerings are never reached: the 24-bit multiply and divide paths, known-bits and
range-based narrowing, division by constants through a multiply-high, the expansions of signed floor division and
remainder, 32-bit shifts, min / max and compares near the sign bit.  This family draws one i32 generic (elementwise,
or a max / min reduction) over i32 inputs, each uniform over a window that is either wide (the full range, the
non-negative half, 8 to 31 bits) or narrow around a value where lowerings change (2^23, 2^24, 2^31 - 1, INT_MIN,
powers of two; the window's values are those +- a few).

Definedness is built in, by intervals the generator keeps for every subexpression (python integers, the same
bounds the reference's certification computes for integer-only bodies, where an interval is its data's range):

* ``and``, ``or``, ``xor``, ``min``, ``max``, ``select``, ``clamp``, right shifts by constants in [0, 31] or by
  ``y & 31``, and the i32 -> i8 -> i32 wrap are defined for every operand;
* ``add``, ``sub`` and ``mul`` read operands first narrowed (``x >> k``, ``x & mask`` or a clamp) until the
  result's interval fits i32; ``shl`` shifts a narrowed operand by at most what keeps it in range;
* divisions and remainders divide by a constant (never 0; -1 only where the dividend's interval excludes INT_MIN),
  by ``(y & mask) + 1`` (1 to 2^24 and beyond), ``max(y, 1)``, ``y | 1`` or ``select(y == 0, 1, y)`` (never 0; the
  last two may be -1, so they only divide a dividend whose interval excludes INT_MIN);
* ``abs`` and ``neg`` read only operands whose interval excludes INT_MIN.

The feature is seeded (``fuzz/generate/table.py``): decided per seed from its own stream, every draw of its case
from that stream, applied as a ``rewrite`` that replaces the case the seed drew (never one with a feature the row
excludes: those axes decide first), so a seed that does not take it draws the case it drew before it existed.
The case respects the seed's swarm draw (``case.swarm``): a body op or a kind switched off is never drawn (the row
requires only ``dtype:i32``, a pinned feature: a requirement a swarm draw switches off would enter every seed's
recorded draw and change cases the feature does not take).  Its note names its kind and input mode and carries
``ints=wide`` (how ``fuzz/generate/features.py`` sees it).
"""
from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase

from fuzz.case.workload import Affine, Case, Expr, Generic, ValueSpec, WorkloadError, expr_ops
from fuzz.generate import features, table
from fuzz.generate.base import Builder

I32_MIN, I32_MAX = -(2**31), 2**31 - 1
MARK = "ints=wide"
# where lowerings change: 24-bit paths (2^23, 2^24), the sign bit, 16-bit halves, powers of two
CENTERS = (2**23, 2**24, -(2**23), -(2**24), I32_MAX, I32_MIN, 2**16, 2**15, 2**30, -(2**30), 2**20, 2**12)
WIDTHS = (8, 12, 16, 20, 23, 24, 25, 30, 31)
MASKS = (0xFF, 0xFFFF, 0x7FFFFF, 0xFFFFFF, 0x1FFFFFF, 0x3FFFFFFF, 0x7FFFFFFF, 0xF, 0x1F, 0xFFF)
DIVISORS = (3, 7, 10, 13, 15, 255, 256, 257, 641, 65535, 65536, 65537, 2**23 - 1, 2**23, 2**24 - 1, 2**24,
            2**24 + 1, 2**30 + 1, I32_MAX, -3, -7, -13, -65536, -(2**24 - 1), -(2**24), I32_MIN)
CONSTS = (0, 1, -1, 2**23, 2**23 - 1, 2**24 - 1, 2**24, 2**24 + 1, I32_MAX, I32_MIN, 2**31 - 2, -(2**24),
          0xFFFF, 0x10000, 7, -8)
DIVISIONS = ("floordiv", "floormod", "truncdiv", "truncmod")
# the ops a body node draws; divisions and products twice: their lowerings are the most range-dependent
OPS = ("add", "sub", "mul", "mul", "and", "or", "xor", "shr", "shl", "min", "max", "select", "clamp", "abs", "neg",
       "wrap8") + DIVISIONS * 2
EXTENTS = (64, 96, 127, 128, 129, 255, 256, 257, 500, 1024)


@dataclass(frozen=True)
class Node:
    """A subexpression and the interval of every value it takes (python integers)."""
    e: Expr
    lo: int
    hi: int

    @property
    def has_min(self) -> bool:
        return self.lo <= I32_MIN


def fits(lo: int, hi: int) -> bool:
    return I32_MIN <= lo and hi <= I32_MAX


def window(ch) -> tuple[int, int]:
    """One input's [low, high]: wide (every i32, the non-negative half, a signed or unsigned width) or narrow around
    a value where lowerings change, clipped to i32."""
    kind = ch.choice(("full", "half", "bits", "bits", "near", "near", "near", "small"))
    if kind == "full":
        return I32_MIN, I32_MAX
    if kind == "half":
        return 0, I32_MAX
    if kind == "bits":
        w = ch.choice(WIDTHS)
        return (0, 2**w - 1) if ch.int(0, 1) else (-(2 ** (w - 1)), 2 ** (w - 1) - 1)
    if kind == "small":
        return -16, 16
    c, half = ch.choice(CENTERS), ch.choice((1, 2, 4, 16, 256, 4096))
    return max(I32_MIN, c - half), min(I32_MAX, c + half)


def const(v: int) -> Node:
    return Node(Expr("const", dtype="i32", value=float(v)), v, v)


def _magnitude_bound(lo: int, hi: int) -> int:
    """The smallest power of two B with every value in [-B, B - 1]."""
    m = max(abs(lo), abs(hi + 1), 1)
    return 1 << (m - 1).bit_length()


def bitwise(op: str, a: Node, b: Node, lim: tuple[int, int] = (I32_MIN, I32_MAX)) -> Node:
    """The interval of a bitwise op, as the reference bounds it: both non-negative stay in [0, B); ``and`` with a
    non-negative operand stays in [0, its hi]; ``or`` with a negative one in [its lo, -1] (``lim``: the dtype's
    range, i32 unless ``fuzz/generate/int64.py`` asks for i64)."""
    bound = max(_magnitude_bound(a.lo, a.hi), _magnitude_bound(b.lo, b.hi))
    lo, hi = (0 if a.lo >= 0 and b.lo >= 0 else max(-bound, lim[0])), min(bound - 1, lim[1])
    if op == "and" and (a.lo >= 0 or b.lo >= 0):
        lo, hi = 0, min(hi, *(n.hi for n in (a, b) if n.lo >= 0))
    if op == "or" and (a.hi < 0 or b.hi < 0):
        lo, hi = max(lo, *(n.lo for n in (a, b) if n.hi < 0)), -1
    return Node(Expr(op, (a.e, b.e)), lo, hi)


def shr(a: Node, by: int) -> Node:
    return Node(Expr("shr", (a.e, const(by).e)), a.lo >> by, a.hi >> by)


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def divide(op: str, a: Node, d: Node, lim: tuple[int, int] = (I32_MIN, I32_MAX)) -> Node:
    """``a op d`` for a divisor interval ``d`` that holds no 0 (but may span 0 when ``d`` is odd or a select), and
    never -1 with an INT_MIN dividend (``lim``: the dtype's range, as for ``bitwise``)."""
    e = Expr(op, (a.e, d.e))
    big = max(abs(d.lo), abs(d.hi))
    if op.endswith("mod"):
        if op == "floormod":
            lo, hi = (0, d.hi - 1) if d.lo > 0 else (d.lo + 1, 0) if d.hi < 0 else (1 - big, big - 1)
        else:
            lo, hi = min(0, max(a.lo, 1 - big)), max(0, min(a.hi, big - 1))
        return Node(e, lo, hi)
    if d.lo > 0 or d.hi < 0:  # one sign: a quotient over the box is extreme at a corner
        f = (lambda x, y: x // y) if op == "floordiv" else _trunc_div
        qs = [f(x, y) for x in (a.lo, a.hi) for y in (d.lo, d.hi)]
        return Node(e, min(qs), max(qs))
    m = max(abs(a.lo), abs(a.hi))
    return Node(e, max(-m, lim[0]), min(m, lim[1]))


class Draw:
    """Wide-integer bodies over ``leaves`` (the generic's inputs with their windows), under ``b``'s switches."""

    def __init__(self, b: Builder, leaves: list[Node]):
        self.b, self.ch, self.leaves = b, b.ch, leaves

    def on(self, op: str) -> bool:
        return self.b.on(f"body:{op}")

    def leaf(self) -> Node:
        if self.ch.int(0, 4):
            return self.ch.choice(self.leaves)
        return const(self.ch.choice(CONSTS))

    def node(self, depth: int) -> Node:
        if depth <= 0:
            return self.leaf()
        op = self.b.pick(OPS, lambda k: k in ("add", "mul", "wrap8") or self.on(k))
        return getattr(self, "_" + op)(depth - 1)

    # -- always defined
    def _bit(self, op: str, depth: int) -> Node:
        a = self.node(depth)
        b = const(self.ch.choice(MASKS)) if op == "and" and self.ch.int(0, 1) else self.node(depth)
        return bitwise(op, a, b)

    def _and(self, depth):
        return self._bit("and", depth)

    def _or(self, depth):
        return self._bit("or", depth)

    def _xor(self, depth):
        return self._bit("xor", depth)

    def _shr(self, depth: int) -> Node:
        a = self.node(depth)
        if self.on("and") and self.ch.int(0, 2) == 0:  # a variable amount y & 31
            by = bitwise("and", self.node(depth), const(31))
            lo, hi = (a.lo if a.lo < 0 else 0), (a.hi if a.hi >= 0 else -1)
            return Node(Expr("shr", (a.e, by.e)), lo, hi)
        return shr(a, self.ch.choice((1, 7, 8, 15, 16, 23, 24, 30, 31, self.ch.int(0, 31))))

    def _minmax(self, op: str, depth: int) -> Node:
        a, b = self.node(depth), self.node(depth)
        f = max if op == "max" else min
        return Node(Expr(op, (a.e, b.e)), f(a.lo, b.lo), f(a.hi, b.hi))

    def _min(self, depth):
        return self._minmax("min", depth)

    def _max(self, depth):
        return self._minmax("max", depth)

    def _select(self, depth: int) -> Node:
        a, b, t, f = (self.node(depth) for _ in range(4))
        pred = self.ch.choice(("gt", "lt", "ge", "le", "eq"))
        return Node(Expr("select", (a.e, b.e, t.e, f.e), pred=pred), min(t.lo, f.lo), max(t.hi, f.hi))

    def _clamp(self, depth: int) -> Node:
        a = self.node(depth)
        lo, hi = sorted((self.ch.choice(CONSTS), self.ch.choice(CONSTS)))
        return Node(Expr("clamp", (a.e,), lo=float(lo), hi=float(hi)), min(max(a.lo, lo), hi), max(min(a.hi, hi), lo))

    def _wrap8(self, depth: int) -> Node:
        """``i32(i8(x))``: the low byte, sign-extended (a truncation that wraps, then a widening), of a value that
        reads an input: TVM 0.27 folds the narrowing of an out-of-range constant into an int8 immediate and fails
        its range check (`Check failed: ... bits - 1`), a crash that would hide the case's integer lowerings."""
        a = self.node(depth)
        if "in" not in expr_ops(a.e):
            a = self.ch.choice(self.leaves)
        inner = Expr("cast", (a.e,), dtype="i8")
        return Node(Expr("cast", (inner,), dtype="i32"), -128, 127)

    # -- defined on what excludes INT_MIN
    def _sign(self, op: str, depth: int) -> Node:
        a = self.node(depth)
        if a.has_min:
            a = self.narrow(a, 31)
        if op == "neg":
            return Node(Expr("neg", (a.e,)), -a.hi, -a.lo)
        lo = a.lo if a.lo >= 0 else (-a.hi if a.hi <= 0 else 0)
        return Node(Expr("abs", (a.e,)), lo, max(abs(a.lo), abs(a.hi)))

    def _abs(self, depth):
        return self._sign("abs", depth)

    def _neg(self, depth):
        return self._sign("neg", depth)

    # -- defined on narrowed operands
    def narrow(self, a: Node, bits: int) -> Node:
        """``a`` brought into [-2^(bits-1), 2^(bits-1) - 1] (``bits`` < 32 also keeps INT_MIN out): an arithmetic
        shift right, a mask (non-negative: bits - 1 of them) or a clamp, whichever is on."""
        lo, hi = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
        if lo <= a.lo and a.hi <= hi:
            return a
        ways = [w for w in ("shr", "and", "clamp") if self.on(w)]
        if not ways:
            raise WorkloadError("no way left to narrow a wide operand (shr, and, clamp all switched off)")
        way = self.ch.choice(ways)
        if way == "shr":
            k = max(_magnitude_bound(a.lo, a.hi).bit_length() - bits, 1)
            return shr(a, min(k, 31))
        if way == "and":
            return bitwise("and", a, const(2 ** (bits - 1) - 1))
        return Node(Expr("clamp", (a.e,), lo=float(lo), hi=float(hi)), min(max(a.lo, lo), hi), max(min(a.hi, hi), lo))

    def _add(self, depth: int) -> Node:
        return self._sum("add", depth)

    def _sub(self, depth: int) -> Node:
        return self._sum("sub", depth)

    def _sum(self, op: str, depth: int) -> Node:
        a, b = self.node(depth), self.node(depth)
        lo, hi = (a.lo + b.lo, a.hi + b.hi) if op == "add" else (a.lo - b.hi, a.hi - b.lo)
        if not fits(lo, hi):
            a, b = self.narrow(a, 31), self.narrow(b, 31)
            lo, hi = (a.lo + b.lo, a.hi + b.hi) if op == "add" else (a.lo - b.hi, a.hi - b.lo)
        return Node(Expr(op, (a.e, b.e)), lo, hi)

    def _mul(self, depth: int) -> Node:
        """A product of operands narrowed to widths summing to 32 at most (24 x 8, 16 x 16, 23 x 9...): the widths
        where backends switch to 24-bit multiplies."""
        a, b = self.node(depth), self.node(depth)
        wa = self.ch.choice((8, 12, 16, 17, 23, 24, 25))
        a, b = self.narrow(a, wa), self.narrow(b, 32 - wa)
        qs = [x * y for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
        if not fits(min(qs), max(qs)):  # -2^(wa-1) * -2^(31-wa) = 2^30: in range, but stay safe
            raise WorkloadError("a narrowed product overflows")
        return Node(Expr("mul", (a.e, b.e)), min(qs), max(qs))

    def _shl(self, depth: int) -> Node:
        a = self.node(depth)
        by = self.ch.choice((1, 4, 7, 8, 16, 23, 24))
        a = self.narrow(a, 32 - by)
        return Node(Expr("shl", (a.e, const(by).e)), a.lo * 2**by, a.hi * 2**by)

    # -- divisions: a divisor that is never 0
    def divisor(self, depth: int, dividend: Node) -> Node:
        forms = ["const"] + [f for f, op in (("mask", "and"), ("max", "max"), ("odd", "or"), ("select", "select"))
                             if self.on(op)]
        form = self.ch.choice(forms)
        if form in ("odd", "select") and dividend.has_min:
            form = "const"  # these may be -1: INT_MIN / -1 overflows
        if form == "const":
            c = self.ch.choice(DIVISORS + ((-1,) if not dividend.has_min else ()))
            return const(c)
        y = self.node(depth)
        if form == "mask":  # (y & m) + 1: 1 to 2^k
            m = bitwise("and", y, const(self.ch.choice(MASKS[:6] + (0x7FFFFF,))))
            return Node(Expr("add", (m.e, const(1).e)), 1, m.hi + 1)
        if form == "max":
            return Node(Expr("max", (y.e, const(1).e)), max(y.lo, 1), max(y.hi, 1))
        if form == "odd":
            return bitwise("or", y, const(1))
        is_zero = Expr("select", (y.e, const(0).e, const(1).e, y.e), pred="eq")
        return Node(is_zero, min(y.lo, 1), max(y.hi, 1))

    def _division(self, op: str, depth: int) -> Node:
        a = self.node(depth)
        return divide(op, a, self.divisor(depth, a))

    def _floordiv(self, depth):
        return self._division("floordiv", depth)

    def _floormod(self, depth):
        return self._division("floormod", depth)

    def _truncdiv(self, depth):
        return self._division("truncdiv", depth)

    def _truncmod(self, depth):
        return self._division("truncmod", depth)


def _shape(ch) -> tuple[int, ...]:
    if ch.int(0, 1):
        return (ch.choice(EXTENTS),)
    return ch.choice((1, 2, 3, 4, 7, 8, 16)), ch.choice((16, 31, 32, 33, 64, 65))


def build(b: Builder, name: str, reduction: bool) -> Case:
    """One i32 generic (elementwise, or a max / min reduction over its last dim) over 1 to 3 wide inputs."""
    ch = b.ch
    dims = _shape(ch)
    iters = ("parallel",) * (len(dims) - 1) + (("reduction",) if reduction else ("parallel",))
    if reduction and len(dims) == 1:
        dims, iters = (ch.choice((2, 4, 8)),) + dims, ("parallel", "reduction")
    n = len(dims)
    leaves, maps = [], []
    for k in range(ch.int(1, 3)):
        lo, hi = window(ch)
        amap = tuple(Affine(tuple(int(i == d) for i in range(n))) for d in range(n))
        if n > 1 and k and b.coin("map:broadcast", 3):  # one value per row: uniform across a wave (scalar paths)
            amap = amap[:-1] if not reduction else amap
        shape = tuple(dims[a.plain_dim] for a in amap)
        b.tensor(shape, "i32", values=ValueSpec("int", ch.int(0, 2**31 - 1), low=lo, high=hi))
        leaves.append(Node(Expr("in", index=k), lo, hi))
        maps.append(amap)
    body = Draw(b, leaves).node(ch.int(2, 4))
    red = b.pick(("max", "min"), lambda r: b.on(f"reduce:{r}")) if reduction else None
    b.add(Generic("op0", tuple(f"in{k}" for k in range(len(leaves))), dims, iters, tuple(maps), body.e, "i32", red))
    kind = "reduction" if reduction else "elementwise"
    mode = "realistic" if b.on("inputs:realistic") else "exact"  # wide-range inputs; exact results too
    return Case(tuple(b.inputs), tuple(b.ops), ("op0",), name, f"generated: kind={kind} inputs={mode} {MARK}",
                swarm=tuple(sorted(b.off)))


def _axes(row: str) -> tuple[str, ...]:
    """The row's excludes but the ordinary kinds (the case it replaces may be any of them: it is replaced)."""
    ordinary = {f"kind:{k}" for k in ("conv", "conv_requant", "mixed", "softmax", "norm", "residual", "fanout",
                                      "matmul", "pool")}
    return tuple(g for g in table.BY_NAME[row].excludes if g not in ordinary)


def replace(case: Case, ch, row: str, make, needs: str | None = None) -> Case | None:
    """The seed's case of the integer feature ``row`` (``int:wide``, ``int:i64``), built by ``make(builder, name,
    reduction)``, in place of ``case`` (its name and swarm draw kept); None where the seed's case already has a
    feature of another seeded axis the row excludes (a real size, int4, attention, dynamic dims, unit extents, an
    importer form, a newer float: those decide first; its ordinary kind is what is replaced) or its draw leaves no
    such case (the dtype ``needs``, or every kind it can be, off)."""
    if any(fnmatchcase(f, g) for f in features.of(case) for g in _axes(row)):
        return None
    b = Builder(ch, True, off=frozenset(case.swarm))
    reducible = b.on("kind:reduction") and (b.on("reduce:max") or b.on("reduce:min"))
    if (needs and not b.typed(needs)) or not (b.on("kind:elementwise") or reducible):
        return None
    reduction = reducible and (not b.on("kind:elementwise") or ch.int(0, 3) == 0)
    try:
        return make(b, case.name, reduction)
    except WorkloadError:
        return None


def wide(case: Case, exact: bool, ch) -> Case | None:
    """The seed's wide-integer case in place of ``case`` (``replace``; i32 must be on)."""
    return replace(case, ch, "int:wide", build, "i32")


def is_wide(case: Case) -> bool:
    return MARK in case.note

