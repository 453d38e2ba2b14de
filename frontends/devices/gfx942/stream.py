"""The host side of an IREE module compiled for HIP, run on the simulator: ``run_module(et_mlir, asm_dir, inputs)``.

It reads ``@main`` of an ``iree-compile --compile-to=executable-targets`` module (the stream program: imports,
allocations, fills, dispatches, exports) and the per-dispatch ``.rocmasm`` files of
``--iree-hal-dump-executable-files-to``.  Each ``stream.cmd.dispatch`` becomes a ``launch`` whose kernel arguments
are laid out as the code object's metadata says and IREE's HIP HAL fills them: binding pointers (8 bytes each, in
binding order, each the allocation base plus the binding offset) for the ``global_buffer`` arguments, then the
push constants (4 bytes each) for the ``by_value`` ones.  Allocations come from ``memory.Memory`` (filled with 0xFF
until written).  Stream operations it does not know raise ``Unmodelled``.
"""
from __future__ import annotations

import glob
import re

import numpy as np

from frontends.devices.gfx942.asm import parse
from frontends.devices.gfx942.errors import Report, Unmodelled
from frontends.devices.gfx942.launch import launch
from frontends.devices.gfx942.memory import Memory

UNKNOWN = r"stream\.cmd\.(collective|func|call)|stream\.async|stream\.resource\.(load|constants|try_map)"
NP = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i8": np.int8, "i16": np.int16, "i32": np.int32,
      "i64": np.int64, "i1": np.bool_, "bf16": None}
_EXPORT = re.compile(r"hal\.executable\.export public @(\w+) .*?count\(.*?\{(.*?)hal\.return ([^:]*):.*?\}\s*"
                     r"(?:<|attributes \{[^}]*?)workgroup_size = \[(\d+) : index, (\d+) : index, (\d+) : index\]",
                     re.S)


def exports(text: str) -> dict:
    out = {}
    for m in _EXPORT.finditer(text):
        name, body, ret, *block = m.groups()
        consts = dict(re.findall(r"(%\w+) = arith\.constant (\d+) : index", body))
        grid = tuple(int(consts.get(r.strip(), r.strip())) for r in ret.split(","))
        out[name] = (grid, tuple(int(b) for b in block))
    return out


def kernarg(kernel, pointers: list[int], constants: list[int]) -> bytes:
    buf = bytearray(kernel.kernarg_size)
    ptrs, consts = iter(pointers), iter(constants)
    for arg in kernel.meta.get(".args", []):
        kind, off, size = arg[".value_kind"], arg[".offset"], arg[".size"]
        if kind == "global_buffer":
            value = next(ptrs)
        elif kind == "by_value":
            value = next(consts)
        else:
            raise Unmodelled(f"kernel argument kind {kind} ({kernel.name})")
        buf[off:off + size] = (value & (2**(8 * size) - 1)).to_bytes(size, "little")
    return bytes(buf)


class _Program:
    def __init__(self, text: str, kernels: dict, report: Report, counts):
        self.kernels, self.report, self.counts = kernels, report, counts
        self.exports = exports(text)
        main = text[text.index("util.func public @main("):]
        self.main = main[:main.index("\n  }\n") + 5]
        # SSA names of constants carry their value (%c768, %c-17408_i16): one table serves every function
        self.consts = {k: int(v) for k, v in re.findall(r"(%[\w-]+) = arith\.constant (-?\d+) : (?:index|i\d+)", text)}
        self.inits = re.findall(r"\n  util\.initializer \{\n(.*?)\n  \}\n", text, re.S)
        self.mem, self.res, self.alias, self.globals = Memory(), {}, {}, {}

    def R(self, n: str) -> str:
        n = n.strip()
        while n in self.alias:
            n = self.alias[n]
        return n

    def value(self, x: str) -> int:
        x = x.strip().split(":")[0].strip()
        return self.consts[x] if x in self.consts else int(x, 0)

    def dispatch(self, name: str, operands: str, binds: list[int]) -> None:
        consts = [self.value(x) for x in operands.split(",")] if operands else []
        grid, block = self.exports[name]
        k = self.kernels[name]
        launch(k, grid, block, kernarg(k, binds, consts), self.mem, self.report, self.counts)


def run_module(et_path: str, asm_dir: str, inputs: list, report: Report | None = None, counts=None) -> list:
    """Run @main on ``inputs`` (numpy arrays); returns its outputs.  ``report`` collects what the launches flag."""
    text = open(et_path).read()
    kernels = {}
    for p in sorted(glob.glob(f"{asm_dir}/*.rocmasm")):
        kernels.update(parse(open(p).read()))
    prog = _Program(text, kernels, report if report is not None else Report(), counts)
    sig = re.search(r"util\.func public @main\((.*?)\) ->", prog.main).group(1)
    args = {}
    for nm, arr in zip(re.findall(r"(%\w+): !hal\.buffer_view", sig), inputs):
        raw = np.ascontiguousarray(arr).tobytes()
        args[nm] = prog.mem.alloc(len(raw))
        prog.mem.put(args[nm], raw)
    for body in prog.inits:  # util.initializer: hoisted constants, filled before @main runs
        _walk(prog, body.splitlines(), {})
        prog.res, prog.alias = {}, {}  # SSA names are per function: only util.global values cross over
    views = {nm: np.asarray(arr) for nm, arr in zip(re.findall(r"(%\w+): !hal\.buffer_view", sig), inputs)}
    return _walk(prog, prog.main.splitlines(), args, views)  # an input returned as is is a result


def _walk(p: _Program, lines: list[str], args: dict, views: dict | None = None) -> list:
    outs, i = dict(views or {}), 0
    while i < len(lines):
        ln = lines[i].strip()
        i += 1
        if m := re.match(r"(%\w+) = stream\.tensor\.import .*?(%\w+) : !hal\.buffer_view", ln):
            p.res[m.group(1)] = args[m.group(2)]
        elif m := re.match(r"(%\w+), %\w+ = stream\.resource\.alloca uninitialized .*?\{(%\w+)\}", ln):
            p.res[m.group(1)] = p.mem.alloc(p.consts[m.group(2)])
        elif m := re.match(r"(%\w+) = stream\.cmd\.execute .*? with\((.*)\) \{", ln):
            for src, dst in re.findall(r"(%\w+) as (%\w+):", m.group(2)):
                p.alias[dst] = src
        elif m := re.match(r"util\.global\.store (%\w+), @(\w+)", ln):
            p.globals[m.group(2)] = p.res[p.R(m.group(1))]
        elif m := re.match(r"(%\w+) = util\.global\.load (?:immutable )?@(\w+) : !stream\.resource", ln):
            p.res[m.group(1)] = p.globals[m.group(2)]
        elif m := re.match(r"(%\w+) = stream\.timepoint\.await .*? => (%\w+) :", ln):
            p.alias[m.group(1)] = m.group(2)
        elif m := re.match(r"(%\w+) = stream\.resource\.subview (%\w+)\[(%\w+)\]", ln):
            p.res[m.group(1)] = p.res[p.R(m.group(2))] + p.consts[m.group(3)]
        elif m := re.match(r"stream\.cmd\.fill (%[\w-]+), (%\w+)\[(%\w+) for (%\w+)\] : i(\d+)", ln):
            width = int(m.group(5)) // 8
            pattern = (p.value(m.group(1)) & (2**(8 * width) - 1)).to_bytes(width, "little")
            n = p.value(m.group(4))
            p.mem.put(p.res[p.R(m.group(2))] + p.value(m.group(3)), (pattern * (n // width + 1))[:n])
        elif m := re.match(r"stream\.cmd\.copy (%\w+)\[(%\w+)\], (%\w+)\[(%\w+)\], (%\w+) :", ln):
            n = p.value(m.group(5))
            data = p.mem.get(p.res[p.R(m.group(1))] + p.value(m.group(2)), n)
            p.mem.put(p.res[p.R(m.group(3))] + p.value(m.group(4)), data)
        elif m := re.match(r"stream\.cmd\.dispatch @\w+::@\w+::@(\w+)(?:\[.*?\])?(?:\((.*?)\))? \{", ln):
            binds = []
            while not lines[i].strip().startswith("}"):
                bm = re.match(r"(?:ro|wo|rw) (%\w+)\[(%\w+) for (%\w+)\]", lines[i].strip())
                binds.append(p.res[p.R(bm.group(1))] + p.value(bm.group(2)))
                i += 1
            i += 1
            p.dispatch(m.group(1), m.group(2), binds)
        elif m := re.match(r"(%\w+) = stream\.tensor\.export .*? (%\w+) : tensor<([^>]*)> in", ln):
            *dims, dt = m.group(3).split("x")
            if NP.get(dt) is None:
                raise Unmodelled(f"exported element type {dt}")
            shape = [int(d) for d in dims]
            n = int(np.prod(shape)) * np.dtype(NP[dt]).itemsize
            outs[m.group(1)] = np.frombuffer(p.mem.get(p.res[p.R(m.group(2))], max(n, 1))[:n], NP[dt]).reshape(shape)
        elif m := re.match(r"util\.return (.*?) :", ln):
            return [outs[n.strip()].copy() for n in m.group(1).split(",")]
        elif re.search(UNKNOWN, ln):
            raise Unmodelled(f"stream operation: {ln[:120]}")
    return []
