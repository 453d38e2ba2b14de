"""Decode AMDGPU assembly (an LLVM ``.rocmasm``/``llvm-objdump -d`` listing for gfx942) once into records.

``parse(text) -> {kernel name: Kernel}``.  A ``Kernel`` holds its instructions as ``Instr`` records (the opcode
split from its encoding suffix ``_e32``/``_e64``/``_sdwa``/``_dpp``, operands decoded by ``operands.decode``,
modifiers as a dict), its labels, the ``.amdhsa_kernel`` descriptor fields and the kernel's entry of the
``.amdgpu_metadata`` YAML (kernarg layout, workgroup size, LDS size).  Lines the model cannot read raise
``Unmodelled``; the decoder never guesses.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import yaml

from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.operands import Operand, decode

ENCODINGS = ("_e32", "_e64", "_sdwa", "_dpp")
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser where PyYAML has it: the same safe load
_MOD = re.compile(r"^([a-z_0-9]+)(?::(.*)|\((\d+)\))?$")  # offset:16, offen, lgkmcnt(0)


@dataclass
class Instr:
    op: str  # opcode without its encoding suffix: v_add_f32
    enc: str  # "", "e32", "e64", "sdwa" or "dpp"
    ops: tuple  # decoded operands, destination(s) first as written
    mods: dict  # modifier -> value (int, list, str or True)
    text: str  # the line as written, for messages
    line: int
    target: int = -1  # resolved branch target (instruction index), for branches
    fn: object = None  # the handler, bound once by machine.bind
    plain: object = None  # a VALU instruction without operand modifiers (valu.elementwise decides it once)


@dataclass
class Kernel:
    name: str
    code: list
    labels: dict
    descriptor: dict  # .amdhsa_* -> int
    meta: dict = field(default_factory=dict)  # this kernel's entry in amdhsa.kernels

    @property
    def lds_bytes(self) -> int:
        return self.descriptor.get("group_segment_fixed_size", 0)

    @property
    def kernarg_size(self) -> int:
        return self.descriptor.get("kernarg_size", 0)

    @property
    def workgroup_size(self) -> tuple | None:
        wg = self.meta.get(".reqd_workgroup_size")
        return tuple(wg) if wg else None


def split_operands(rest: str) -> list[str]:
    """Split on commas outside brackets and parentheses."""
    out, depth, cur = [], 0, ""
    for ch in rest:
        depth += ch in "[(" or -(ch in "])")
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _mod_value(v: str | None):
    if v is None:
        return True
    if v.startswith("["):
        return [int(x, 0) for x in v.strip("[]").split(",")]
    try:
        return int(v, 0)
    except ValueError:
        return v


def _tail_modifiers(last: str) -> tuple[str, dict]:
    """The last operand and the space-separated modifiers after it (``v3 offen offset:128``)."""
    words = re.findall(r"\S+\([^)]*\)|\S+", last)  # swizzle(...) and lgkmcnt(0) stay whole
    if not words:
        return "", {}
    mods = {}
    for w in words[1:]:
        m = _MOD.match(w)
        if not m:
            raise Unmodelled(f"modifier {w!r}")
        mods[m.group(1)] = _mod_value(m.group(2) if m.group(3) is None else m.group(3))
    return words[0], mods


def parse_line(s: str, line: int) -> Instr:
    head, _, rest = s.partition(" ")
    enc = next((e for e in ENCODINGS if head.endswith(e)), "")
    op = head[:-len(enc)] if enc else head
    parts = split_operands(rest)
    mods = {}
    if parts:
        first, mods = _tail_modifiers(parts[-1])
        parts[-1] = first
    ops = tuple(decode(p) for p in parts if p)
    return Instr(op, enc.lstrip("_"), ops, mods, s, line)


def _descriptor(text: str, name: str) -> dict:
    m = re.search(rf"\.amdhsa_kernel {re.escape(name)}\n(.*?)\.end_amdhsa_kernel", text, re.S)
    if not m:
        raise Unmodelled(f"kernel {name} without an .amdhsa_kernel descriptor")
    return {k: int(v, 0) for k, v in re.findall(r"\.amdhsa_(\w+)\s+(\S+)", m.group(1))}


def _metadata(text: str) -> dict:
    m = re.search(r"\.amdgpu_metadata\n(.*?)\.end_amdgpu_metadata", text, re.S)
    if not m:
        return {}
    doc = "\n".join(ln for ln in m.group(1).splitlines() if ln.strip())  # the listing indents blank lines with tabs
    return {k[".name"]: k for k in yaml.load(doc, Loader=_LOADER).get("amdhsa.kernels", [])}


def _body(text: str, name: str) -> list[tuple[int, str]]:
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.strip() == f"{name}:")
    out = []
    for i in range(start + 1, len(lines)):
        s = lines[i].split(";")[0].strip()
        if s.startswith(".Lfunc_end") or s == ".end_kernel_body":
            break
        out.append((i + 1, s))
    return out


def _kernel(text: str, name: str, meta: dict) -> Kernel:
    code, labels = [], {}
    for line, s in _body(text, name):
        if not s or s.startswith(".") and not s.endswith(":"):
            continue  # directives (.p2align) carry no semantics
        if s.endswith(":"):
            labels[s[:-1]] = len(code)
            continue
        code.append(parse_line(s, line))
    for ins in code:
        label = next((o.label for o in ins.ops if o.kind == "label"), None)
        if label is not None:
            if label not in labels:
                raise Unmodelled(f"branch to unknown label {label}", ins)
            ins.target = labels[label]
    return Kernel(name, code, labels, _descriptor(text, name), meta.get(name, {}))


def parse(text: str) -> dict[str, Kernel]:
    meta = _metadata(text)
    names = re.findall(r"^\s*\.amdhsa_kernel (\S+)", text, re.M)
    if not names:
        raise Unmodelled("assembly without any .amdhsa_kernel")
    return {n: _kernel(text, n, meta) for n in names}


def assemble(body: str, name: str = "k", **descriptor) -> Kernel:
    """A kernel from bare instruction lines (for single-instruction checks): the lines, then ``s_endpgm``, with
    ``descriptor`` fields (``group_segment_fixed_size``, ``next_free_vgpr``, ...) in its ``.amdhsa_kernel``."""
    fields = {"next_free_vgpr": 64, "accum_offset": 32, "user_sgpr_count": 2, "user_sgpr_kernarg_segment_ptr": 1,
              **descriptor}
    text = (f"{name}:\n{body}\n\ts_endpgm\n.Lfunc_end0:\n\t.amdhsa_kernel {name}\n"
            + "".join(f"\t\t.amdhsa_{k} {v}\n" for k, v in fields.items()) + "\t.end_amdhsa_kernel\n")
    return parse(text)[name]


__all__ = ["Instr", "Kernel", "Operand", "assemble", "parse", "parse_line"]
