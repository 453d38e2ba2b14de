"""A configuration's own ``--iree-preprocessing-pass-pipeline``, pass by pass: ``kernelfuzz localize``'s points inside
the preprocessing phase (``frontends/iree/localize.py``, ``frontends/iree/gpu_localize.py``).

A textual MLIR pass pipeline nests passes in op anchors: ``builtin.module(util.func(a{opt=1}, b), c)``.  Its leaves,
in the order the pass manager runs them on one function, are ``a{opt=1}``, ``b``, ``c``; ``prefix(k)`` is the same
pipeline with only its first k leaves (an anchor left with no pass is dropped).  A named pipeline registered as one
pass (``iree-preprocessing-transpose-convolution-pipeline``) is one leaf.  ``split`` separates the flag from the rest
of a configuration's flags, so the points before the preprocessing phase are finished without it.
"""
from __future__ import annotations

from dataclasses import dataclass

FLAG = "--iree-preprocessing-pass-pipeline="


@dataclass(frozen=True)
class Node:
    """A pass (``children`` None) or an op anchor nesting passes."""
    name: str
    children: tuple["Node", ...] | None = None

    def leaves(self) -> list[str]:
        return [self.name] if self.children is None else [x for c in self.children for x in c.leaves()]

    def text(self) -> str:
        return self.name if self.children is None else f"{self.name}({', '.join(c.text() for c in self.children)})"


class BadPipeline(ValueError):
    """The flag's value is not a pipeline this parser reads (unbalanced brackets)."""


def parse(text: str) -> tuple[Node, ...]:
    """The comma-separated elements of a pipeline text, nested by parentheses; ``{...}`` options stay in the name."""
    nodes, rest = _elements(text.strip(), 0)
    if rest != len(text.strip()):
        raise BadPipeline(f"unbalanced ')' at {rest} in {text!r}")
    return nodes


def _elements(text: str, i: int) -> tuple[tuple[Node, ...], int]:
    out: list[Node] = []
    while i < len(text) and text[i] != ")":
        start, depth = i, 0
        while i < len(text) and (depth or text[i] not in ",()"):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        name = text[start:i].strip()
        if i < len(text) and text[i] == "(":
            children, i = _elements(text, i + 1)
            if i >= len(text):
                raise BadPipeline(f"unclosed '(' after {name!r}")
            out.append(Node(name, children))
            i += 1
        elif name:
            out.append(Node(name))
        if i < len(text) and text[i] == ",":
            i += 1
    return tuple(out), i


def leaves(text: str) -> list[str]:
    return [x for n in parse(text) for x in n.leaves()]


def _cut(nodes: tuple[Node, ...], k: int) -> tuple[tuple[Node, ...], int]:
    out: list[Node] = []
    for n in nodes:
        if k <= 0:
            break
        if n.children is None:
            out.append(n)
            k -= 1
        else:
            kept, k = _cut(n.children, k)
            if kept:
                out.append(Node(n.name, kept))
    return tuple(out), k


def prefix(text: str, k: int) -> str:
    """The pipeline with only its first ``k`` passes ('' for k = 0)."""
    return ", ".join(n.text() for n in _cut(parse(text), k)[0])


def split(flags: list[str]) -> tuple[list[str], str | None]:
    """A configuration's flags without its preprocessing pipeline, and that pipeline (None: it has none)."""
    rest = [f for f in flags if not f.startswith(FLAG)]
    own = [f[len(FLAG):] for f in flags if f.startswith(FLAG)]
    return rest, (own[-1] if own else None)
