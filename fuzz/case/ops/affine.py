"""Quasi-affine index maps: one result of a generic's access map, e.g. ``"d0*2 + (d1*4 + d2) floordiv 3 - 1"``.

A result is an affine part (an integer coefficient per loop dim and an
offset) plus any number of ``floordiv`` / ``mod`` terms, each a coefficient
times (an affine expression ``floordiv`` or ``mod`` a constant >= 2), as
linalg's affine maps allow and as TVM's ``floordiv`` / ``floormod`` index
expressions express them.  Both round toward negative infinity: ``mod``
takes the sign of its (positive) divisor.  The text reads like MLIR's:
``floordiv``, ``mod`` and ``*`` bind tighter than ``+`` and ``-``, left to
right; the printer parenthesizes every compound operand, so text and value
round-trip.  A map without ``floordiv`` / ``mod`` terms prints exactly as
before they existed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from fuzz.case import untrusted as U
from fuzz.case.ops.base import check

DIV_OPS = ("floordiv", "mod")
ENUMERATE_LIMIT = 1 << 22  # loop points: beyond, a quasi-affine range is bounded term by term instead


@dataclass(frozen=True)
class Div:
    """``coeff * (inner op divisor)``; ``inner`` is purely affine."""
    inner: "Affine"
    op: str  # "floordiv" | "mod"
    divisor: int
    coeff: int = 1

    def __str__(self) -> str:
        base = str(self.inner)
        base = base if self.inner.plain_dim is not None else f"({base})"
        text = f"{base} {self.op} {self.divisor}"
        return text if abs(self.coeff) == 1 else f"({text})*{abs(self.coeff)}"


@dataclass(frozen=True)
class Affine:
    coeffs: tuple[int, ...]  # one per loop dim
    offset: int = 0
    divs: tuple[Div, ...] = ()  # floordiv / mod terms

    def __str__(self) -> str:
        terms = [(c < 0, f"d{i}" if abs(c) == 1 else f"d{i}*{abs(c)}") for i, c in enumerate(self.coeffs) if c]
        terms += [(t.coeff < 0, str(t)) for t in self.divs]
        if self.offset or not terms:
            terms.append((self.offset < 0, str(abs(self.offset))))
        text = " ".join(("- " if neg else "+ ") + t for neg, t in terms)
        return text[2:] if text.startswith("+ ") else "-" + text[2:]

    @property
    def plain_dim(self) -> int | None:
        """The loop dim this result reads plainly (``dK``: coefficient 1, no offset, no division), else None."""
        if self.offset or self.divs or sorted(self.coeffs)[-1:] != [1] or sum(map(abs, self.coeffs)) != 1:
            return None
        return self.coeffs.index(1)

    @property
    def used(self) -> tuple[int, ...]:
        """Loop dims the result depends on."""
        dims = {i for i, c in enumerate(self.coeffs) if c}
        return tuple(sorted(dims.union(*(t.inner.used for t in self.divs))))

    def evaluate(self, idx):
        """The index at loop point(s) ``idx`` (one int or integer array per dim; floor semantics)."""
        out = self.offset + sum(c * idx[d] for d, c in enumerate(self.coeffs) if c)
        for t in self.divs:
            v = t.inner.evaluate(idx)
            out = out + t.coeff * (v // t.divisor if t.op == "floordiv" else v % t.divisor)
        return out

    def range(self, dims: tuple[int, ...]) -> tuple[int, int]:
        """Smallest and largest value over the loop domain (exact; see ``_div_range`` beyond the limit)."""
        lo = self.offset + sum(min(0, c * (n - 1)) for c, n in zip(self.coeffs, dims))
        hi = self.offset + sum(max(0, c * (n - 1)) for c, n in zip(self.coeffs, dims))
        if not self.divs:
            return lo, hi
        points = 1
        for d in self.used:
            points *= dims[d]
        if points > ENUMERATE_LIMIT:
            return _bounded(self, dims, lo, hi)
        import numpy as np
        grid = np.indices(tuple(dims[d] if d in self.used else 1 for d in range(len(dims))), dtype=np.int64)
        values = self.evaluate(grid)
        return int(values.min()), int(values.max())


def _div_range(t: Div, dims: tuple[int, ...]) -> tuple[int, int]:
    lo, hi = t.inner.range(dims)
    if t.op == "floordiv":
        r = (lo // t.divisor, hi // t.divisor)
    elif lo // t.divisor == hi // t.divisor:  # within one period mod is monotone
        r = (lo % t.divisor, hi % t.divisor)
    else:
        r = (0, t.divisor - 1)
    return min(t.coeff * r[0], t.coeff * r[1]), max(t.coeff * r[0], t.coeff * r[1])


def _bounded(a: Affine, dims: tuple[int, ...], lo: int, hi: int) -> tuple[int, int]:
    """A sound enclosure, term by term: may be wider than the true range (never narrower)."""
    for t in a.divs:
        tl, th = _div_range(t, dims)
        lo, hi = lo + tl, hi + th
    return lo, hi


# --------------------------------------------------------------------------
# Text: a small recursive-descent parser of MLIR-style affine expressions

_TOKEN = re.compile(r"\s*(floordiv|mod|d\d+|\d+|[-+*()])")


def _tokens(text: str, where: str) -> list[str]:
    out, pos, text = [], 0, text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        check(m is not None, f"{where}: cannot parse {U.show(text[pos:])} in {U.show(text)}; use terms like d0, "
                             f"d1*2, 3, (d0*4 + d1) floordiv 3, d2 mod 5", "value")
        out.append(m.group(1))
        pos = m.end()
    return out


@dataclass
class _Parser:
    toks: list[str]
    ndims: int
    where: str
    text: str
    pos: int = 0

    def peek(self) -> str | None:
        return self.toks[self.pos] if self.pos < len(self.toks) else None

    def take(self) -> str:
        check(self.pos < len(self.toks), f"{self.where}: {U.show(self.text)} ends too early", "value")
        self.pos += 1
        return self.toks[self.pos - 1]

    def sum(self) -> Affine:
        neg = self.peek() == "-"
        if self.peek() in ("-", "+"):
            self.take()
        out = _scale(self.term(), -1 if neg else 1)
        while self.peek() in ("+", "-"):
            sign = -1 if self.take() == "-" else 1
            out = _add(out, _scale(self.term(), sign))
        return out

    def term(self) -> Affine:
        out = self.atom()
        while self.peek() in ("*", "floordiv", "mod"):
            op, rhs = self.take(), self.atom()
            const = _constant(rhs)
            if op == "*" and const is None:  # c * expr: the constant is on the left
                check(_constant(out) is not None,
                      f"{self.where}: {U.show(self.text)} multiplies two dims; not affine", "value")
                out, const = rhs, _constant(out)
            check(const is not None,
                  f"{self.where}: {U.show(self.text)} divides by a dim; divide by a constant", "value")
            out = _scale(out, const) if op == "*" else _divide(out, op, const, self.where, self.text)
        return out

    def atom(self) -> Affine:
        tok = self.take()
        if tok == "(":
            inner = self.sum()
            check(self.take() == ")", f"{self.where}: unbalanced parentheses in {U.show(self.text)}", "value")
            return inner
        if tok.startswith("d"):
            d = int(tok[1:])
            check(d < self.ndims, f"{self.where}: d{d} in {U.show(self.text)} but the loop nest has {self.ndims} dims",
                  "range")
            return Affine(tuple(int(i == d) for i in range(self.ndims)))
        check(tok.isdigit(), f"{self.where}: unexpected {U.show(tok)} in {U.show(self.text)}", "value")
        return Affine((0,) * self.ndims, int(tok))


def _constant(a: Affine) -> int | None:
    return a.offset if not any(a.coeffs) and not a.divs else None


def _scale(a: Affine, c: int) -> Affine:
    return Affine(tuple(c * x for x in a.coeffs), c * a.offset,
                  tuple(replace(t, coeff=c * t.coeff) for t in a.divs if c))


def _add(a: Affine, b: Affine) -> Affine:
    divs = list(a.divs)
    for t in b.divs:  # equal division terms merge their coefficients
        k = next((i for i, s in enumerate(divs) if replace(s, coeff=1) == replace(t, coeff=1)), None)
        if k is None:
            divs.append(t)
        else:
            divs[k] = replace(divs[k], coeff=divs[k].coeff + t.coeff)
    return Affine(tuple(x + y for x, y in zip(a.coeffs, b.coeffs)), a.offset + b.offset,
                  tuple(t for t in divs if t.coeff))


def _divide(a: Affine, op: str, k: int, where: str, text: str) -> Affine:
    check(not a.divs, f"{where}: {U.show(text)} nests floordiv/mod; one level is supported", "value")
    check(k >= 2, f"{where}: {U.show(text)} divides by {k}; the divisor must be a constant >= 2", "value")
    if _constant(a) is not None:  # a constant folds
        return Affine(a.coeffs, a.offset // k if op == "floordiv" else a.offset % k)
    return Affine((0,) * len(a.coeffs), 0, (Div(a, op, k),))


def _magnitudes(a: Affine) -> list[int]:
    return [*a.coeffs, a.offset] + [x for t in a.divs for x in (t.coeff, t.divisor, *_magnitudes(t.inner))]


def parse_affine(text: str, ndims: int, where: str) -> Affine:
    check(isinstance(text, str), f"{where}: affine expression must be a string like \"d0*2 + d1\"", "type")
    check(len(text) <= U.MAX_AFFINE_TEXT, f"{where}: affine expression longer than {U.MAX_AFFINE_TEXT} characters",
          "limit")
    p = _Parser(_tokens(text, where), ndims, where, text)
    out = p.sum()
    check(p.peek() is None, f"{where}: unexpected {U.show(p.peek())} in {U.show(text)}", "value")
    check(all(abs(c) <= U.MAX_AFFINE for c in _magnitudes(out)),
          f"{where}: a coefficient, offset or divisor of {U.show(text)} exceeds {U.MAX_AFFINE} in magnitude", "range")
    return out
