"""The host side of an IREE program, target-independent: the stream program of ``iree-compile
--compile-to=executable-targets`` (its ``util.initializer``s, then ``@main``) interpreted on a simulated device.

What enters: the program's text, the inputs (numpy arrays) and a simulated device (the ``Device`` of
``frontends/devices/simulation.py``: ``alloc(size, fill) -> address``, ``view(address, n) -> (buffer, offset)`` and
``launch(export, args, workgroups, workgroup_size, local_memory)``, which runs one dispatch; its ``args`` are the
binding pointers, each the allocation base plus the binding offset, then the push constants, as IREE's HAL passes
them).  What leaves: the outputs, read from the memory as
``stream.tensor.export`` names them.  Commands run in program order, ``stream.cmd.concurrent`` regions one after
another (IREE puts only independent commands there).  Supported: ``stream.tensor.import``/``export``,
``stream.resource.alloca`` (fresh memory holds the device's fill byte), ``subview``, ``dealloca``,
``stream.cmd.execute``/``serial``/``concurrent``, ``dispatch``, ``fill``, ``copy``, timepoints, ``util.global``
load and store.  Dynamic shapes: ``hal.buffer_view.dim`` reads an input's size, the index arithmetic that sizes
buffers and computes push constants is evaluated (``host_index``), an export's ``count`` region runs on each
dispatch's workload operands (``Count``; IREE 3.3 prints it as a ``^bb0`` block after the export's attributes), and ``stream.tensor.export`` takes its ``{...}`` dynamic sizes.  Any
other stream, util, arith or affine operation raises the core's ``NotModelled`` (``CannotSimulate`` here) naming it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import ml_dtypes
import numpy as np

from frontends.devices.errors import NotModelled as CannotSimulate
from frontends.iree import host_index

NP = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i8": np.int8, "i16": np.int16, "i32": np.int32,
      "i64": np.int64, "i1": np.bool_, "ui8": np.uint8, "si8": np.int8,
      "bf16": ml_dtypes.bfloat16, "f8E4M3FNUZ": ml_dtypes.float8_e4m3fnuz, "f8E5M2FNUZ": ml_dtypes.float8_e5m2fnuz,
      "f8E4M3FN": ml_dtypes.float8_e4m3fn, "f8E5M2": ml_dtypes.float8_e5m2}  # an export's element types, as stored
_EXPORT = re.compile(r"hal\.executable\.export public @([\w$]+) .*?count\((.*?)\) -> \([^)]*\) \{\n(.*?)\n\s*\}\s*(.*?)\n", re.S)
# IREE 3.3's printer: the attributes before the count region, an unnamed block ``^bb0(%arg0: !hal.device, ...)``
_EXPORT_BLOCK = re.compile(r"hal\.executable\.export public @([\w$]+) [^\n]*?attributes (\{[^\n]*\}) \{\n"
                           r"\s*\^bb0\(([^\n]*)\):\n(.*?)\n\s*\}\s*\n", re.S)
_IGNORED = {"hal.buffer_view.assert", "hal.element_type", "hal.encoding_type", "util.return", "stream.timepoint.join",
            "stream.resource.dealloca", "stream.cmd.concurrent", "stream.cmd.serial", "}", "util.func",
            "util.initializer", "stream.timepoint.immediate",
            # the coarse-fences ABI's fences (``_entry``): in this sequential model every command is done when the
            # next starts, so an imported wait fence is ready and a signalled one has nothing left to wait for
            "stream.timepoint.import", "stream.timepoint.chain_external"}  # no effect on the values


@dataclass(frozen=True)
class Count:
    """An export's ``count`` region: its index parameters (the dispatch's workload) and its lines."""
    export: str
    params: tuple[str, ...]
    lines: tuple[str, ...]
    aliases: str = ""  # the program's ``#map`` lines

    def __call__(self, workload: list[int]) -> tuple[int, ...]:
        if len(workload) != len(self.params):
            raise CannotSimulate(f"dispatch of {self.export}: {len(workload)} workload operands for "
                                 f"{len(self.params)} count parameters")
        index = host_index.Index(self.aliases)
        for name, value in zip(self.params, workload):
            index.set(name, value)
        for ln in self.lines:
            if (ret := re.match(r"hal\.return ([^:]*):", ln)):
                return tuple(host_index.signed(index.get(r), 64) for r in ret.group(1).split(","))
            if not index.step(ln):
                raise CannotSimulate(f"export {self.export}: count operation {_op(ln)}", ln[:120])
        raise CannotSimulate(f"export {self.export}: a count region without hal.return")

    def constant(self) -> tuple[int, ...] | None:
        """The counts where they do not depend on the workload (None where they do)."""
        try:
            return Count(self.export, (), self.lines, self.aliases)([]) if not self._reads_params() else None
        except CannotSimulate:
            return None

    def _reads_params(self) -> bool:
        return any(re.search(re.escape(p) + r"\b", ln) for p in self.params for ln in self.lines)


def exports(text: str) -> dict:
    """Per export: (workgroup counts, workgroup size, workgroup local memory bytes); the counts are a tuple where
    they are constant, else the ``Count`` that computes them from a dispatch's workload."""
    out = {}
    aliases = "\n".join(re.findall(r"^#\w+ = affine_map<.*>$", text, re.M))
    found = [m.groups() for m in _EXPORT.finditer(text)]
    found += [(name, params, body, attrs) for name, attrs, params, body in
              (m.groups() for m in _EXPORT_BLOCK.finditer(text))]
    for name, params, body, attrs in found:
        size = re.search(r"workgroup_size = \[(\d+) : index, (\d+) : index, (\d+) : index\]", attrs)
        if not size:
            raise CannotSimulate(f"export {name}: workgroup size not constant")
        count = Count(name, tuple(re.findall(r"(%\w+): index", params)),
                      tuple(ln.strip() for ln in body.splitlines() if ln.strip()), aliases)
        local = re.search(r"workgroup_local_memory = (\d+)", attrs)
        out[name] = (count.constant() or count, tuple(int(x) for x in size.groups()), int(local.group(1)) if local else 0)
    return out


class Program:
    def __init__(self, text: str, device):
        self.text, self.memory, self.fill = text, device, device.fill
        self.launch = device.launch
        self.exports = exports(text)
        self.index = host_index.Index(text)
        self.res: dict[str, int] = {}  # SSA resource -> address
        self.globals: dict[str, int] = {}
        self.views: dict[str, np.ndarray] = {}  # SSA buffer view -> its array (inputs, exports)

    def run(self, inputs: list[np.ndarray], function: str = "main") -> list[np.ndarray]:
        for body in re.findall(r"\n  util\.initializer \{\n(.*?)\n  \}\n", self.text, re.S):
            self._block(body.splitlines(), None)
        start = self.text.find(f"util.func public @{_entry(self.text, function)}(")
        if start < 0:
            raise CannotSimulate(f"a program without util.func @{function}")
        main = self.text[start:self.text.index("\n  }\n", start)]
        names = re.findall(r"(%\w+): !hal\.buffer_view", main.split("\n", 1)[0])
        if len(names) != len(inputs):
            raise CannotSimulate(f"@{function} takes {len(names)} buffer views, {len(inputs)} inputs given")
        for name, arr in zip(names, inputs):
            self.views[name] = np.array(arr)
            raw = np.ascontiguousarray(arr).tobytes()
            self.res[name] = self.memory.alloc(len(raw), self.fill)
            buf, off = self.memory.view(self.res[name], len(raw))
            buf[off:off + len(raw)] = raw
        outs: list[np.ndarray] = []
        self._block(main.splitlines()[1:], outs)
        return outs

    def _block(self, lines: list[str], outs: list) -> None:
        i = 0
        while i < len(lines):
            i = self._line(lines, i, outs)

    def _c(self, name: str) -> int:
        return self.index.get(name)

    def _line(self, lines: list[str], i: int, outs: list) -> int:
        ln = lines[i].strip()
        if self.index.step(ln):
            pass
        elif (m := re.match(r"(%\w+) = hal\.buffer_view\.dim<(%\w+) : !hal\.buffer_view>\[(\d+)\] : index$", ln)):
            self.index.set(m.group(1), self.views[m.group(2)].shape[int(m.group(3))])
        elif (m := re.match(r"(%\w+) = stream\.tensor\.import .*? (%\w+) : !hal\.buffer_view", ln)):
            self.res[m.group(1)] = self.res[m.group(2)]
        elif (m := re.match(r"(%\w+), %\w+ = stream\.resource\.alloca uninitialized .*?\{(%\w+)\}", ln)):
            self.res[m.group(1)] = self.memory.alloc(self._c(m.group(2)), self.fill)
        elif (m := re.match(r"(%\w+) = stream\.cmd\.execute .*?with\((.*)\) \{$", ln)):
            for src, dst in re.findall(r"(%\w+) as (%\w+):", m.group(2)):
                self.res[dst] = self.res[src]
        elif (m := re.match(r"(%\w+)(?::(\d+))? = stream\.timepoint\.await .*?=> (.*?) :", ln)):
            srcs = [s.strip() for s in m.group(3).split(",")]
            names = [m.group(1)] if not m.group(2) else [f"{m.group(1)}#{k}" for k in range(int(m.group(2)))]
            self.res.update((n, self.res[s]) for n, s in zip(names, srcs))
        elif (m := re.match(r"(%\w+) = stream\.resource\.subview (%[\w#]+)\[(%\w+)\]", ln)):
            self.res[m.group(1)] = self.res[m.group(2)] + self._c(m.group(3))
        elif (m := re.match(r"(%\w+) = util\.global\.load (?:immutable )?@(\w+)", ln)):
            self.res[m.group(1)] = self.globals[m.group(2)]
        elif (m := re.match(r"util\.global\.store (%[\w#]+), @(\w+)", ln)):
            self.globals[m.group(2)] = self.res[m.group(1)]
        elif ln.startswith("stream.cmd.dispatch"):
            return self._dispatch(lines, i)
        elif ln.startswith("stream.cmd.fill"):
            self._fill(ln)
        elif ln.startswith("stream.cmd.copy"):
            self._copy(ln)
        elif (m := re.match(r"(%\w+) = stream\.tensor\.export .*? (%[\w#]+) : tensor<([^>]*)>(?:\{([^}]*)\})? in", ln)):
            self.views[m.group(1)] = self._export(m.group(2), m.group(3), m.group(4))
        elif (m := re.match(r"util\.return (.*?) :", ln)) and outs is not None:  # the results: exports or inputs
            outs.extend(self.views[v.strip()].copy() for v in m.group(1).split(","))
        elif ln and _op(ln) not in _IGNORED:
            raise CannotSimulate(f"host operation {_op(ln)}", ln[:120])
        return i + 1

    def _dispatch(self, lines: list[str], i: int) -> int:
        ln = lines[i].strip()
        m = re.match(r"stream\.cmd\.dispatch @[\w$]+::@\w+::@([\w$]+)(?:\[([^\]]*)\])?(?:\((.*?)\s*:\s*[^)]*\))? \{", ln)
        if not m:
            raise CannotSimulate("stream.cmd.dispatch form", ln[:120])
        name = m.group(1)
        workload = [self._c(x) for x in m.group(2).split(",")] if m.group(2) else []
        push = [self._c(x) for x in m.group(3).split(",")] if m.group(3) else []
        binds = []
        i += 1
        while not lines[i].strip().startswith("}"):
            b = re.match(r"(?:ro|wo|rw) (%[\w#]+)\[(%\w+) for (%\w+)\]", lines[i].strip())
            binds.append(self.res[b.group(1)] + self._c(b.group(2)))
            i += 1
        if name not in self.exports:
            raise CannotSimulate(f"dispatch of {name}: no such export")
        grid, size, local = self.exports[name]
        self.launch(name, binds + push, grid if isinstance(grid, tuple) else grid(workload), size, local)
        return i + 1

    def _fill(self, ln: str) -> None:
        m = re.match(r"stream\.cmd\.fill (%[\w-]+), (%[\w#]+)\[(%\w+) for (%\w+)\] : i(\d+)", ln)
        if not m:
            raise CannotSimulate("stream.cmd.fill form", ln[:120])
        width = int(m.group(5)) // 8
        pattern = (self._c(m.group(1)) & ((1 << (8 * width)) - 1)).to_bytes(width, "little")
        n = self._c(m.group(4))
        buf, off = self.memory.view(self.res[m.group(2)] + self._c(m.group(3)), n)
        buf[off:off + n] = (pattern * (n // width + 1))[:n]

    def _copy(self, ln: str) -> None:
        m = re.match(r"stream\.cmd\.copy (%[\w#]+)\[(%\w+)\], (%[\w#]+)\[(%\w+)\], (%\w+)", ln)
        if not m:
            raise CannotSimulate("stream.cmd.copy form", ln[:120])
        n = self._c(m.group(5))
        src, so = self.memory.view(self.res[m.group(1)] + self._c(m.group(2)), n)
        dst, do = self.memory.view(self.res[m.group(3)] + self._c(m.group(4)), n)
        dst[do:do + n] = src[so:so + n]

    def _export(self, name: str, tensor: str, sizes: str | None) -> np.ndarray:
        *dims, dt = tensor.split("x")
        dynamic = iter(self._c(x) for x in sizes.split(",")) if sizes else iter(())
        dims = [str(next(dynamic, "?")) if d == "?" else d for d in dims]
        if dt not in NP or any(not d.isdigit() for d in dims):
            raise CannotSimulate(f"export of tensor<{tensor}>")
        dtype, shape = np.dtype(NP[dt]), tuple(int(d) for d in dims)
        n = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
        buf, off = self.memory.view(self.res[name], n) if n else (bytearray(), 0)
        return np.frombuffer(bytes(buf[off:off + n]), dtype=dtype).reshape(shape).copy()


def _entry(text: str, function: str) -> str:
    """The function whose body runs for ``function``: itself, or where an importer gave the program IREE's
    coarse-fences ABI (a synchronous ``@main`` that calls ``@main$async`` with a null wait fence and a new signal
    fence, then awaits the signal), ``@main$async``, whose buffer views are ``@main``'s and whose fences this
    sequential model takes as ready (``_IGNORED``)."""
    stub = re.search(rf'util\.func public @{re.escape(function)}\$async\([^\n]*iree\.abi\.model = "coarse-fences"', text)
    return f"{function}$async" if stub else function


def _op(line: str) -> str:
    return line.split(" = ", 1)[-1].split()[0].split("<")[0]


def run(text: str, inputs: list[np.ndarray], device, function: str = "main") -> list[np.ndarray]:
    """The outputs of ``@function`` on ``inputs``, its dispatches launched on ``device``."""
    return Program(text, device).run(inputs, function)
