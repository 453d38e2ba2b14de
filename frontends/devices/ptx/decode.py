"""PTX text -> kernels of decoded instruction records (done once; the dispatch loop never parses).

A ``Kernel`` holds its parameters, the declared registers with their widths (from ``.reg`` declarations: a
register's width is a fact of the program, never guessed from its name), its ``.local`` and ``.shared`` arrays, the
labels and the code: a tuple of ``Instr`` records whose operands are tuples (``Reg``, ``Imm``, ``Special``, ``Sym``,
``Vec``, ``Addr``, ``Sink``) and whose ``run`` is the family function that executes it, looked up here.  An opcode no
family implements raises ``CannotSimulate`` at decode time, naming it; a directive outside the model likewise.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, NamedTuple

from frontends.devices.ptx.errors import CannotSimulate


class Reg(NamedTuple):
    name: str


class Imm(NamedTuple):
    value: int  # integers as written (may be negative); float literals as their bits


class Special(NamedTuple):
    name: str  # %tid.x, %ctaid.y, %laneid, ...


class Sym(NamedTuple):
    name: str  # a parameter, a .local or .shared array


class Vec(NamedTuple):
    items: tuple


class Addr(NamedTuple):
    base: object  # Reg or Sym
    offset: int


class Sink(NamedTuple):
    pass


SPECIALS = {f"%{s}.{c}" for s in ("tid", "ntid", "ctaid", "nctaid") for c in "xyz"} | {"%laneid", "%warpsize"}


@dataclass
class Instr:
    op: str
    mods: tuple
    args: tuple
    pred: str | None
    neg: bool
    text: str
    run: Callable = None
    cache: dict = field(default_factory=dict)  # what a family precomputes from the modifiers


@dataclass
class Kernel:
    name: str
    params: tuple  # (type, name)
    regs: dict  # register name -> width in bits (1 for .pred)
    locals: dict  # name -> bytes
    shared: dict  # name -> bytes (extern dynamic shared memory: 0)
    globals: dict = field(default_factory=dict)  # module-scope .global variables: name -> initial bytes
    code: tuple = ()
    labels: dict = field(default_factory=dict)

    @property
    def masks(self) -> dict:
        """Register name -> the mask of its declared width."""
        if "_masks" not in self.__dict__:
            self.__dict__["_masks"] = {n: (1 << w) - 1 for n, w in self.regs.items()}
        return self.__dict__["_masks"]


_TYPE_WIDTH = {"pred": 1, **{f"{k}{w}": w for k in "bsuf" for w in (8, 16, 32, 64)}, "f16x2": 32, "bf16": 16,
               "bf16x2": 32}
_ENTRY = re.compile(r"(?:\.visible\s+)?\.entry\s+(\w+)\s*\((.*?)\)([^{]*)\{", re.S)
_PARAM = re.compile(r"\.param\s+\.(\w+)(?:\s+\.ptr(?:\s+\.global)?(?:\s+\.align\s+\d+)?)?\s+(\w+)")
_REG = re.compile(r"\.reg\s+\.(\w+)\s+(.+)$")
_REG_NAME = re.compile(r"(%?[\w$]+?)(?:<(\d+)>)?$")
# a .local or .shared variable: a byte array (``.b8 name[N]``; ``name[]`` extern, the launch's dynamic shared memory)
# or, as NVVM writes a demoted scalar, a typed one (``.u32 name``, ``.f32 name[N]``): its size is N elements of
# that width
_ARRAY = re.compile(r"(?:\.extern\s+)?\.(local|shared)\s+\.align\s+\d+\s+"
                    r"\.([bsu]8|[bsuf]16|[bsuf]32|[bsuf]64)\s+([\w$]+)(?:\[(\d*)\])?$")
_LABEL = re.compile(r"^(\$?[\w$]+):\s*(.*)$", re.S)


def parse(text: str, family: Callable[[Instr], Callable]) -> dict[str, Kernel]:
    """Every ``.entry`` of a PTX module, decoded; ``family`` maps a record to the function that runs it.  Arrays in
    ``.shared`` declared at module scope belong to every kernel of the module."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"^\s*\.(?:version|target|address_size)\b[^\n]*$", "", text, flags=re.M)
    entries, rest, at = [], [], 0
    for m in _ENTRY.finditer(text):
        if m.start() < at:
            continue
        end = _closing(text, m.end())
        entries.append((m.group(1), m.group(2), text[m.end():end]))
        rest.append(text[at:m.start()])
        at = end + 1
    rest.append(text[at:])
    shared, globals_ = {}, {}
    for line in (s.strip() for s in "".join(rest).split(";")):
        if (m := _ARRAY.match(line)) and m.group(1) == "shared":
            shared[m.group(3)] = _bytes(m)
        elif (m := _GLOBAL.match(line)):
            globals_[m.group(2)] = _initial(*m.groups(), line)
        elif line and not line.startswith(".extern .func"):
            raise CannotSimulate(f"module-level directive {line.split()[0]!r}", line[:80])
    kernels = {}
    for name, params, body in entries:
        kernels[name] = _kernel(name, tuple(_PARAM.findall(params)), body, family)
        kernels[name].shared = {**shared, **kernels[name].shared}
        kernels[name].globals = globals_
    return kernels


def _bytes(m: re.Match) -> int:
    """The bytes of an ``_ARRAY`` declaration; 0 for an extern ``name[]`` (sized at launch)."""
    width, count = int(m.group(2)[1:]) // 8, m.group(4)
    if count == "" and m.group(2) != "b8":
        raise CannotSimulate("an extern typed array (not .b8)", m.group(0)[:80])
    return width * (1 if count is None else int(count or 0))


def _closing(text: str, start: int) -> int:
    """The index of the ``}`` closing the body that starts at ``start`` (inline ``{ ... }`` blocks nest)."""
    depth = 1
    for i in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return i
    raise CannotSimulate("an .entry body without its closing brace")


_GLOBAL = re.compile(r"\.global\s+\.align\s+\d+\s+\.([bsu](?:8|16|32|64))\s+([\w$]+)(?:\[(\d+)\])?(?:\s*=\s*(.+))?$", re.S)


def _initial(ty: str, name: str, count: str | None, init: str | None, line: str) -> bytes:
    """The bytes of a module-scope integer ``.global`` (NVRTC's libcu++ constants): its initializer or zeros."""
    n, width = int(count or 1), int(ty[1:]) // 8
    values = [int(v.strip(), 0) for v in init.strip("{} ").split(",")] if init else []
    if len(values) > n:
        raise CannotSimulate("a .global initializer longer than its array", line[:80])
    values += [0] * (n - len(values))
    return b"".join((v & ((1 << (8 * width)) - 1)).to_bytes(width, "little") for v in values)


def _kernel(name: str, params: tuple, body: str, family) -> Kernel:
    k = Kernel(name, params, {}, {}, {})
    code = []
    for raw in body.replace("\n", " ").split(";"):
        s = raw.strip()
        while True:  # scope braces (PTX scopes only registers; inline asm blocks) and labels before the statement
            s = s.lstrip("{} \t")
            lm = _LABEL.match(s)
            if not lm or lm.group(1).startswith("."):
                break
            k.labels[lm.group(1)] = len(code)
            s = lm.group(2).strip()
        if not s:
            continue
        if s.startswith("."):
            _directive(k, s)
            continue
        ins = decode_instr(s)
        ins.args = tuple(_named_registers(a, k.regs) for a in ins.args)
        ins.run = family(ins)
        code.append(ins)
    k.code = tuple(code)
    return k


def _directive(k: Kernel, s: str) -> None:
    if (m := _REG.match(s)):
        ty = m.group(1)
        if ty not in _TYPE_WIDTH:
            raise CannotSimulate(f"register type .{ty}", s)
        for item in m.group(2).split(","):  # %r<40>, or a list: low, high
            if not (n := _REG_NAME.match(item.strip())):
                raise CannotSimulate("register declaration", s)
            stem, count = n.groups()
            names = [f"{stem}{i}" for i in range(int(count))] if count else [stem]
            k.regs.update((name, _TYPE_WIDTH[ty]) for name in names)
    elif (m := _ARRAY.match(s)):
        (k.locals if m.group(1) == "local" else k.shared)[m.group(3)] = _bytes(m)
    elif not s.startswith((".pragma", ".maxntid", ".reqntid", ".minnctapersm", ".maxnreg")):
        raise CannotSimulate(f"directive {s.split()[0]}", s[:200])  # .pragma "nounroll" and launch hints: no effect


def decode_instr(line: str) -> Instr:
    text, pred, neg = line, None, False
    if line.startswith("@"):
        p, line = line.split(None, 1)
        neg = p.startswith("@!")
        pred = p[2:] if neg else p[1:]
    parts = line.split(None, 1)
    op, *mods = parts[0].split(".")
    args = tuple(operand(a) for a in _split(parts[1])) if len(parts) > 1 else ()
    return Instr(op, tuple(mods), args, pred, neg, text)


def _named_registers(o, regs: dict):
    """A name without ``%`` that a ``.reg`` declared (NVRTC's inline-asm temporaries, ``__$temp3``) is a register."""
    if isinstance(o, Sym) and o.name in regs:
        return Reg(o.name)
    if isinstance(o, Vec):
        return Vec(tuple(_named_registers(x, regs) for x in o.items))
    if isinstance(o, Addr) and isinstance(o.base, Sym) and o.base.name in regs:
        return Addr(Reg(o.base.name), o.offset)
    return o


def _split(s: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in s:
        depth += ch in "{[" 
        depth -= ch in "}]"
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return out + ([cur.strip()] if cur.strip() else [])


_INT = re.compile(r"-?(0[xX][0-9A-Fa-f]+|0[0-7]*|[1-9]\d*)U?")


def operand(a: str):
    a = a.strip()
    if a.startswith("{"):
        return Vec(tuple(operand(x) for x in _split(a[1:-1])))
    if a.startswith("["):
        return _address(a[1:-1].replace(" ", ""))
    if a == "_":
        return Sink()
    if a == "WARP_SZ":  # the ISA's predefined constant
        return Imm(32)
    if a in SPECIALS:
        return Special(a)
    if a.startswith("%"):
        return Reg(a)
    if re.fullmatch(r"0[fF][0-9A-Fa-f]{8}|0[dD][0-9A-Fa-f]{16}", a):
        return Imm(int(a[2:], 16))
    if _INT.fullmatch(a):
        return Imm(int(a.rstrip("U"), 0) if not re.fullmatch(r"-?0[0-7]+", a.rstrip("U")) else int(a.rstrip("U"), 8))
    if re.fullmatch(r"[A-Za-z_$][\w$]*", a):
        return Sym(a)
    raise CannotSimulate(f"operand {a!r}")


def _address(inner: str) -> Addr:
    m = re.fullmatch(r"([%\w$.]+?)(?:\+(-?\d+))?", inner.replace("+-", "+-"))
    if not m:
        raise CannotSimulate(f"address [{inner}]")
    base = m.group(1)
    return Addr(Reg(base) if base.startswith("%") else Sym(base), int(m.group(2) or 0))
