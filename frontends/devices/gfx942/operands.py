"""Operands of gfx942 assembly, decoded once: registers (``v3``, ``s[2:3]``, ``a[0:15]``), the special registers
(``vcc``, ``exec``, ``m0``, their ``_lo``/``_hi`` halves), integer and float inline constants and literals, branch
labels, and the input modifiers ``-x``, ``|x|``, ``neg(x)``, ``abs(x)`` and ``sext(x)``.

A float constant's bits depend on the operand type of the instruction using it (``1.0`` is 0x3c00 for an f16
source, 0x3f800000 for f32 and for untyped 32-bit sources), so ``Operand.bits`` takes the type.  Anything else
(``lgkmcnt(0)``) decodes as ``raw``: the few instructions that take such words read them themselves, and any value
read of a ``raw`` operand raises.
"""
from __future__ import annotations

import re
import struct
from dataclasses import dataclass

import numpy as np

SPECIAL = {"vcc": ("vcc", 0, 2), "vcc_lo": ("vcc", 0, 1), "vcc_hi": ("vcc", 1, 1),
           "exec": ("exec", 0, 2), "exec_lo": ("exec", 0, 1), "exec_hi": ("exec", 1, 1),
           "m0": ("m0", 0, 1), "scc": ("scc", 0, 1)}
_REG = re.compile(r"^([sva])(?:(\d+)|\[(\d+):(\d+)\])$")
_INT = re.compile(r"^-?(0x[0-9a-fA-F]+|\d+)$")
_FLOAT = re.compile(r"^-?\d+\.\d+(e[-+]?\d+)?$")
_LABEL = re.compile(r"^\.?L[\w.$]+$|^[A-Za-z_][\w.$]*$")


@dataclass(frozen=True)
class Operand:
    kind: str  # s v a vcc exec m0 scc imm fimm label raw
    index: int = 0  # first register (for vcc/exec: 0 = low half, 1 = high half)
    count: int = 1  # dwords
    value: object = None  # imm: int; fimm: float; label: name; raw: text
    neg: bool = False
    abs: bool = False
    sext: bool = False

    @property
    def label(self):
        return self.value

    def bits(self, ftype: str = "f32") -> int:
        """The constant's bit pattern for an operand of type ftype (f16, f32, f64 or an integer type)."""
        if self.kind == "imm":
            v = self.value
            return v & (2**64 - 1) if ftype in ("f64", "b64", "u64", "i64") else v & 0xFFFFFFFF
        if self.kind == "fimm":
            if ftype == "f16":
                return int(np.array(self.value, np.float16).view(np.uint16))
            if ftype in ("f64", "b64", "u64", "i64"):
                return struct.unpack("<Q", struct.pack("<d", self.value))[0]
            return struct.unpack("<I", struct.pack("<f", self.value))[0]
        raise ValueError(f"{self.kind} operand has no constant bits")


def _wrap(text: str) -> tuple[str, dict]:
    """Peel input modifiers: -|v1|, |v1|, neg(v1), abs(v1), sext(v1)."""
    flags = {}
    while True:
        m = re.match(r"^(neg|abs|sext)\((.*)\)$", text)
        if m:
            flags[m.group(1)] = True
            text = m.group(2)
            continue
        if text.startswith("-") and not (_INT.match(text) or _FLOAT.match(text)):
            flags["neg"] = True
            text = text[1:]
            continue
        if text.startswith("|") and text.endswith("|") and len(text) > 2:
            flags["abs"] = True
            text = text[1:-1]
            continue
        return text, flags


def decode(text: str) -> Operand:
    t, flags = _wrap(text.strip())
    m = _REG.match(t)
    if m:
        first = int(m.group(2) if m.group(2) is not None else m.group(3))
        last = first if m.group(2) is not None else int(m.group(4))
        return Operand(m.group(1), first, last - first + 1, **flags)
    if t in SPECIAL:
        kind, half, n = SPECIAL[t]
        return Operand(kind, half, n, **flags)
    if _INT.match(t):
        return Operand("imm", value=int(t, 0), **flags)
    if _FLOAT.match(t):
        return Operand("fimm", value=float(t), **flags)
    if t == "off":
        return Operand("off")
    if _LABEL.match(t) and "(" not in t:
        return Operand("label", value=t)
    return Operand("raw", value=text)
