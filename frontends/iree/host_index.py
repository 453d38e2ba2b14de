"""The index arithmetic of IREE's stream programs, evaluated: what ``host`` needs to size a dynamic case's
buffers, compute its push constants and its workgroup counts (an export's ``count`` region, run on the dispatch's
workload operands).

``Index.step(line)`` evaluates one SSA line of the forms IREE 3.13 emits there and says whether it was one:
``arith.constant`` and the integer ``arith`` ops (``addi subi muli divui divsi ceildivui ceildivsi floordivsi remui
remsi maxsi minsi maxui minui andi ori xori shli shrui shrsi cmpi select index_cast index_castui trunci extui
extsi``), ``util.align`` and ``affine.apply``/``min``/``max`` (maps inline or as ``#map`` aliases of the program).
Values are integers of their type's width (``index`` is 64 bits), kept as its unsigned bit pattern; the signed ops
read them as two's complement.  An ``arith`` or ``affine`` op outside that list, a float operand, a division by zero
or an operand never defined raises the core's ``NotModelled`` (``CannotSimulate`` here) naming it: never a guess.
"""
from __future__ import annotations

import re

from frontends.devices.errors import NotModelled as CannotSimulate

_LINE = re.compile(r"(%[\w#-]+) = ((?:arith|util)\.\w+) (.*?) : ([\w, ]+?)(?: to (\w+))?$")
_AFFINE_LINE = re.compile(r"(%[\w#-]+) = affine\.(\w+) (.*)$")
_CONST = re.compile(r"(%[\w#-]+) = arith\.constant (-?\d+|true|false) : (index|i\d+)$")
_AFFINE = re.compile(r"(affine_map<.*?>|#\w+)\s*(\([^)]*\))?\s*(\[[^\]]*\])?$")
_FLAGS = re.compile(r" overflow<[\w, ]*>")
_ALIAS = re.compile(r"^(#\w+) = (affine_map<.*>)$", re.M)


def width(ty: str) -> int:
    if ty == "index":
        return 64
    if not re.fullmatch(r"i\d+", ty):
        raise CannotSimulate(f"index arithmetic on {ty}")
    return int(ty[1:])


def signed(v: int, w: int) -> int:
    return v - (1 << w) if w > 1 and v >> (w - 1) else v


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


def _tdiv(a: int, b: int) -> int:  # toward zero, as divsi
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _tmod(a: int, b: int) -> int:
    return a - b * _tdiv(a, b)


# op -> (reads operands as signed, function of the two operands)
BINARY = {
    "addi": (False, lambda a, b: a + b), "subi": (False, lambda a, b: a - b), "muli": (False, lambda a, b: a * b),
    "andi": (False, lambda a, b: a & b), "ori": (False, lambda a, b: a | b), "xori": (False, lambda a, b: a ^ b),
    "shli": (False, lambda a, b: a << b), "shrui": (False, lambda a, b: a >> b), "shrsi": (True, lambda a, b: a >> b),
    "divui": (False, lambda a, b: a // b), "divsi": (True, _tdiv), "ceildivui": (False, _ceil),
    "ceildivsi": (True, _ceil), "floordivsi": (True, lambda a, b: a // b), "remui": (False, lambda a, b: a % b),
    "remsi": (True, _tmod), "maxsi": (True, max), "minsi": (True, min), "maxui": (False, max), "minui": (False, min),
}
DIVIDES = {"divui", "divsi", "ceildivui", "ceildivsi", "floordivsi", "remui", "remsi"}
CMP = {"eq": (False, int.__eq__), "ne": (False, int.__ne__), "slt": (True, int.__lt__), "sle": (True, int.__le__),
       "sgt": (True, int.__gt__), "sge": (True, int.__ge__), "ult": (False, int.__lt__), "ule": (False, int.__le__),
       "ugt": (False, int.__gt__), "uge": (False, int.__ge__)}
CASTS = {"index_cast": True, "index_castui": False, "trunci": False, "extui": False, "extsi": True}  # sign-extends


class Index:
    """SSA name -> value, for one program (``aliases``: its ``#map`` lines)."""

    def __init__(self, text: str = ""):
        self.values: dict[str, int] = {}
        self.aliases = dict(_ALIAS.findall(text))

    def get(self, name: str) -> int:
        name = name.strip()
        if name in self.values:
            return self.values[name]
        if re.fullmatch(r"-?\d+", name):
            return int(name)
        raise CannotSimulate(f"index value {name} is never defined")

    def set(self, name: str, value: int, w: int = 64) -> None:
        self.values[name] = value & ((1 << w) - 1)

    def step(self, line: str) -> bool:
        """Evaluate ``line`` if it is index arithmetic (module docstring); False where it is not.  Overflow flags
        (``overflow<nsw, nuw>``) promise that no wrap happens; the sizes of a case stay far from a wrap, so they change nothing."""
        line = _FLAGS.sub("", line)
        if (m := _CONST.match(line)):
            v = {"true": 1, "false": 0}.get(m.group(2))
            self.set(m.group(1), int(m.group(2)) if v is None else v, width(m.group(3)))
            return True
        if (m := _AFFINE_LINE.match(line)):
            self.set(m.group(1), self._affine(m.group(2), m.group(3)))
            return True
        m = _LINE.match(line)
        if not m or m.group(2) == "arith.constant":
            return False
        name, op, operands, ty, to = m.groups()
        dialect, op = op.split(".")
        if dialect == "util" and op == "align":
            a, b = self._ints(operands)
            self.set(name, _ceil(a, b) * b, width(ty))
        elif dialect == "arith":
            self._arith(name, op, operands, ty.split(",")[-1].strip(), to)
        else:
            return False
        return True

    def _ints(self, operands: str) -> list[int]:
        return [self.get(x) for x in operands.split(",")]

    def _arith(self, name: str, op: str, operands: str, ty: str, to: str | None) -> None:
        w = width(ty)
        if op in CASTS:
            (a,) = self._ints(operands)
            self.set(name, signed(a, w) if CASTS[op] else a, width(to or "index"))
        elif op in BINARY:
            sign, f = BINARY[op]
            a, b = (signed(x, w) if sign else x for x in self._ints(operands))
            if op in DIVIDES and b == 0:
                raise CannotSimulate(f"arith.{op} by zero ({name})")
            self.set(name, f(a, b), w)
        elif op == "cmpi":
            pred, rest = operands.split(",", 1)
            sign, f = CMP[pred.strip()]
            a, b = (signed(x, w) if sign else x for x in self._ints(rest))
            self.set(name, int(f(a, b)), 1)
        elif op == "select":
            c, a, b = self._ints(operands)
            self.set(name, a if c & 1 else b, w)
        else:
            raise CannotSimulate(f"index operation arith.{op} (not modelled)")

    def _affine(self, op: str, operands: str) -> int:
        if op not in ("apply", "min", "max"):
            raise CannotSimulate(f"index operation affine.{op} (not modelled)")
        m = _AFFINE.match(operands.strip())
        if not m:
            raise CannotSimulate(f"affine.{op} form", operands[:120])
        amap = self.aliases.get(m.group(1), m.group(1))
        dims = [signed(self.get(x), 64) for x in (m.group(2) or "()")[1:-1].split(",") if x.strip()]
        syms = [signed(self.get(x), 64) for x in (m.group(3) or "[]")[1:-1].split(",") if x.strip()]
        results = affine_map(amap, dims, syms)
        if op == "apply" and len(results) != 1:
            raise CannotSimulate(f"affine.apply of a map with {len(results)} results")
        return {"apply": results[0], "min": min(results), "max": max(results)}[op]


def affine_map(text: str, dims: list[int], syms: list[int]) -> list[int]:
    """The results of ``affine_map<(d0, ...)[s0, ...] -> (e0, ...)>`` at the given dims and symbols."""
    m = re.fullmatch(r"affine_map<\(([^)]*)\)(?:\[([^\]]*)\])? -> \((.*)\)>", text.strip())
    if not m:
        raise CannotSimulate("affine map form", text[:120])
    env = {n.strip(): v for n, v in zip(m.group(1).split(","), dims) if n.strip()}
    env.update({n.strip(): v for n, v in zip((m.group(2) or "").split(","), syms) if n.strip()})
    parser = _Affine(m.group(3), env)
    out = [parser.sum()]
    while parser.take(","):
        out.append(parser.sum())
    parser.end()
    return out


class _Affine:
    """A recursive-descent reader of affine expressions (+ - * floordiv ceildiv mod, parentheses, names, ints)."""

    def __init__(self, text: str, env: dict[str, int]):
        self.tokens = re.findall(r"\d+|\w+|[-+*(),]|\S", text)
        self.i, self.env = 0, env

    def take(self, tok: str) -> bool:
        if self.i < len(self.tokens) and self.tokens[self.i] == tok:
            self.i += 1
            return True
        return False

    def end(self) -> None:
        if self.i != len(self.tokens):
            raise CannotSimulate(f"affine expression token {self.tokens[self.i]!r}")

    def sum(self) -> int:
        v = self.product()
        while True:
            if self.take("+"):
                v += self.product()
            elif self.take("-"):
                v -= self.product()
            else:
                return v

    def product(self) -> int:
        v = self.atom()
        while True:
            if self.take("*"):
                v *= self.atom()
            elif self.take("floordiv"):
                v = v // self._divisor()
            elif self.take("ceildiv"):
                v = _ceil(v, self._divisor())
            elif self.take("mod"):
                v = v % self._divisor()
            else:
                return v

    def _divisor(self) -> int:
        d = self.atom()
        if d <= 0:
            raise CannotSimulate(f"affine division by {d}")
        return d

    def atom(self) -> int:
        if self.take("-"):
            return -self.atom()
        if self.take("("):
            v = self.sum()
            if not self.take(")"):
                raise CannotSimulate("affine expression: unbalanced parentheses")
            return v
        if self.i >= len(self.tokens):
            raise CannotSimulate("affine expression ends early")
        tok = self.tokens[self.i]
        self.i += 1
        if tok.isdigit():
            return int(tok)
        if tok in self.env:
            return self.env[tok]
        raise CannotSimulate(f"affine expression token {tok!r}")
