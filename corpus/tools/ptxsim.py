"""A small PTX interpreter for the kernels IREE 3.13 emits for CUDA sm_80, and a host-side runner for the stream
program of `iree-compile --compile-to=executable-targets`.  It exists to check, on a machine without a GPU,
whether the PTX IREE emits (not the driver's PTX -> SASS compile) explains what the H200 returned, and to run the
CUDA points of `kernelfuzz localize` where no GPU is (frontends/iree_cuda_localize.py loads it by path).

It is NOT a GPU: it implements only the PTX instructions these kernels use (it raises on anything else), runs each
warp's lanes one after another between collective points (mma.sync, bar.sync), and computes mma.sync in float64
(rounded to the accumulator type once), which is exact for the small-integer data of the checks here.

usage (library): run_module(et_mlir_path, ptx_dir, inputs: list[np.ndarray]) -> list[np.ndarray]
      (command line): python ptxsim.py ET.mlir PTX_DIR in0.npy in1.npy ... -> prints outputs
Outputs that no dispatch wrote keep the fill byte pattern 0xFF (NaN for floats, -1 for ints): see `unwritten`.
"""
from __future__ import annotations

import math
import re
import struct
import sys
from fractions import Fraction

import numpy as np

SWAP_ACC = False  # ablation of the accumulator-order bug: swap elements 1 and 2 of every lane's C/D fragment
MMA_LOG = None  # set to a list to record (block, A, B, C, D) of every mma.sync
FILL = 0xFF  # byte pattern of memory no one wrote (an uninitialized allocation on the device)
WINDOW = 1 << 32  # generic addresses of a thread's local memory and its block's shared memory (cvta.local/shared):
LOCAL_WINDOW, SHARED_WINDOW = 1 << 56, 1 << 57  # windows far above every global allocation (Memory.alloc)

# ----------------------------------------------------------------------------------------------------- parsing


class Instr:
    __slots__ = ("pred", "neg", "op", "mods", "args", "text")

    def __init__(self, pred, neg, op, mods, args, text):
        self.pred, self.neg, self.op, self.mods, self.args, self.text = pred, neg, op, mods, args, text


def _split_args(s: str) -> list:
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


class Kernel:
    def __init__(self, name, params, body, locals_):
        self.name, self.params, self.locals = name, params, locals_
        self.code, self.labels = [], {}
        for line in body:
            if line.endswith(":") and not line.startswith("@"):
                self.labels[line[:-1]] = len(self.code)
                continue
            self.code.append(self._parse(line))

    @staticmethod
    def _parse(line: str) -> Instr:
        text = line
        line = line.rstrip(";").strip()
        pred, neg = None, False
        if line.startswith("@"):
            p, line = line.split(None, 1)
            neg = p.startswith("@!")
            pred = p[2:] if neg else p[1:]
        parts = line.split(None, 1)
        opfull = parts[0]
        args = _split_args(parts[1]) if len(parts) > 1 else []
        op, *mods = opfull.split(".")
        return Instr(pred, neg, op, mods, args, text)


def parse_ptx(text: str) -> dict:
    text = re.sub(r"//[^\n]*", "", text)
    kernels = {}
    for m in re.finditer(r"\.entry\s+(\w+)\s*\((.*?)\)(.*?)\{(.*?)\n\}", text, re.S):
        name, params_s, _, body = m.groups()
        params = re.findall(r"\.param\s+\.(\w+)(?:\s+\.ptr\s+\.global\s+\.align\s+\d+)?\s+(\w+)", params_s)
        stmts, locals_ = [], {}
        for raw in body.replace("\n", " ").split(";"):
            s = raw.strip()
            while True:  # labels glued to the next statement
                lm = re.match(r"^(\$?[\w$]+):\s*(.*)$", s, re.S)
                if not lm or lm.group(1).startswith("."):
                    break
                stmts.append(lm.group(1) + ":")
                s = lm.group(2).strip()
            if not s:
                continue
            if s.startswith(".reg") or s.startswith(".pragma"):  # a hint (IREE 3.10's "nounroll"): no semantics
                continue
            lm = re.match(r"\.local\s+\.align\s+(\d+)\s+\.b8\s+(\w+)\[(\d+)\]", s)
            if lm:
                locals_[lm.group(2)] = int(lm.group(3))
                continue
            if s.startswith(".") or s.startswith("{") and s == "{":
                raise NotImplementedError(f"directive {s!r}")
            stmts.append(s)
        kernels[name] = Kernel(name, params, stmts, locals_)
    return kernels


# ------------------------------------------------------------------------------------------------ value helpers

def f16_bits(x: float) -> int:
    return int(np.array([x], np.float64).astype(np.float16).view(np.uint16)[0])


def bits_f16(b: int) -> float:
    return float(np.array([b & 0xFFFF], np.uint16).view(np.float16)[0])


def f32_bits(x: float) -> int:
    return int(np.array([x], np.float64).astype(np.float32).view(np.uint32)[0])


def bits_f32(b: int) -> float:
    return float(np.array([b & 0xFFFFFFFF], np.uint32).view(np.float32)[0])


def f64_bits(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def bits_f64(b: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", b & (2**64 - 1)))[0]


WIDTH = {"8": 8, "16": 16, "32": 32, "64": 64}


def tinfo(t: str):
    """(kind, width) of a PTX type suffix: kind in u s b f pred."""
    if t == "pred":
        return "pred", 1
    return t[0], int(t[1:])


def to_signed(v: int, w: int) -> int:
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v


def fval(bits: int, w: int) -> float:
    return bits_f16(bits) if w == 16 else bits_f32(bits) if w == 32 else bits_f64(bits)


def fbits(x: float, w: int) -> int:
    return f16_bits(x) if w == 16 else f32_bits(x) if w == 32 else f64_bits(x)


def round_f(x: Fraction | float, w: int, mode: str) -> int:
    """Bits of the float of width w nearest to the exact value x under the rounding mode (rn, rz)."""
    if isinstance(x, float) and (math.isnan(x) or math.isinf(x)):
        return fbits(x, w)
    if mode == "rn":
        return fbits(float(x), w) if isinstance(x, float) else fbits(_frac_rn(x, w), w)
    # rz: the nearest value toward zero
    xf = Fraction(x)
    b = fbits(float(xf), w)
    y = Fraction(fval(b, w)) if not math.isinf(fval(b, w)) else None
    if y is None or abs(y) > abs(xf):  # rounded away from zero: step one ulp toward zero
        b = b - 1 if (b & ((1 << w) - 1)) not in (0, 1 << (w - 1)) else b
    return b


def _frac_rn(x: Fraction, w: int) -> float:
    d = float(x)  # correctly rounded to f64; then to the narrower float (double rounding is safe for +,-,*)
    return d


# ------------------------------------------------------------------------------------------------- interpreter

class Thread:
    __slots__ = ("regs", "pc", "tid", "state", "local")

    def __init__(self, tid):
        self.regs, self.pc, self.tid, self.state, self.local = {}, 0, tid, "run", None


class Memory:
    """Flat byte-addressed global memory: regions at distinct bases."""

    def __init__(self):
        self.regions = []  # (base, bytearray)
        self.next = 1 << 20
        self.oob_reads, self.oob_writes = [], []  # (offset from the nearest buffer's base, bytes, its size)

    def alloc(self, size: int, fill=FILL) -> int:
        base = self.next
        self.regions.append((base, bytearray([fill]) * max(size, 1)))
        self.next += ((size + 4095) // 4096 + 1) * 4096
        return base

    oob_fill = 0x00  # what an out-of-bounds read returns (a GPU returns whatever lies there)
    def __init_oob(self):
        pass

    def find(self, addr, n):
        for base, buf in self.regions:
            if base <= addr and addr + n <= base + len(buf):
                return buf, addr - base
        raise IndexError(f"global access out of any buffer: {addr:#x} ({n} bytes)")

    def region_of(self, addr):
        best = None
        for base, buf in self.regions:
            d = 0 if base <= addr < base + len(buf) else min(abs(addr - base), abs(addr - base - len(buf)))
            if best is None or d < best[0]:
                best = (d, base, len(buf))
        return best

    def read(self, addr, n):
        try:
            buf, off = self.find(addr, n)
        except IndexError:
            d, base, size = self.region_of(addr)
            self.oob_reads.append((addr - base, n, size))
            return int.from_bytes(bytes([self.oob_fill]) * n, "little")
        return int.from_bytes(buf[off:off + n], "little")

    def write(self, addr, n, v):
        try:
            buf, off = self.find(addr, n)
        except IndexError:
            d, base, size = self.region_of(addr)
            self.oob_writes.append((addr - base, n, size))
            return
        buf[off:off + n] = (v & ((1 << (8 * n)) - 1)).to_bytes(n, "little")


class Sim:
    def __init__(self, kernel: Kernel, params: list[int], grid, block, gmem: Memory, shared_bytes=1 << 18):
        self.k, self.params, self.grid, self.block, self.g = kernel, params, grid, block, gmem
        self.shared_bytes = shared_bytes
        self.trace_stores = []

    # -- operand access
    def rd(self, t: Thread, a: str, w: int | None = None):
        if a.startswith("%"):
            if a in ("%tid.x", "%tid.y", "%tid.z"):
                return t.tid["xyz".index(a[-1])]
            if a in ("%ctaid.x", "%ctaid.y", "%ctaid.z"):
                return self.ctaid["xyz".index(a[-1])]
            if a in ("%ntid.x", "%ntid.y", "%ntid.z"):
                return self.block["xyz".index(a[-1])]
            if a in ("%nctaid.x", "%nctaid.y", "%nctaid.z"):
                return self.grid["xyz".index(a[-1])]
            if a == "%laneid":
                return self.flat(t) % 32
            if a not in t.regs:
                return 0  # undefined register: 0 (LLVM only reads undef where the value does not matter)
            return t.regs[a]
        if a == "_":
            return 0
        if a in self.symbols:
            return self.symbols[a]
        if re.fullmatch(r"0f[0-9A-Fa-f]{8}", a):
            return int(a[2:], 16)
        if re.fullmatch(r"0d[0-9A-Fa-f]{16}", a):
            return int(a[2:], 16)
        if re.fullmatch(r"-?(0x[0-9A-Fa-f]+|\d+)U", a):
            a = a[:-1]
        if re.fullmatch(r"-?0x[0-9A-Fa-f]+", a):
            v = int(a, 16)
        elif re.fullmatch(r"-?\d+", a):
            v = int(a)
        else:
            raise NotImplementedError(f"operand {a!r}")
        return v & ((1 << (w or 64)) - 1)

    def wr(self, t: Thread, a: str, v: int, w: int):
        if a == "_":
            return
        t.regs[a] = v & ((1 << w) - 1) if w > 1 else int(bool(v))

    def flat(self, t):
        x, y, z = t.tid
        return x + self.block[0] * (y + self.block[1] * z)

    def addr(self, t: Thread, a: str) -> int:
        inner = a.strip("[]").replace(" ", "")
        inner = inner.replace("+-", "-")
        m = re.fullmatch(r"([%\w$.]+)([+-]\d+)?", inner)
        if not m:
            raise NotImplementedError(f"address {a!r}")
        base = self.rd(t, m.group(1), 64) if m.group(1).startswith("%") else self.symbols[m.group(1)]
        return base + (int(m.group(2)) if m.group(2) else 0)

    # -- memory
    def generic(self, addr):
        """The state space and address a generic address points into (``cvta.local``/``cvta.shared`` made it)."""
        for space, base in (("local", LOCAL_WINDOW), ("shared", SHARED_WINDOW)):
            if base <= addr < base + WINDOW:
                return space, addr - base
        return "global", addr

    def load(self, t, space, addr, n):
        if space == "generic":  # ld.b32 [%rd]: no state space named
            space, addr = self.generic(addr)
        if space == "global":
            return self.g.read(addr, n)
        if space == "shared":
            return int.from_bytes(self.smem[addr:addr + n], "little")
        if space == "local":
            return int.from_bytes(t.local[addr:addr + n], "little")
        if space == "param":
            return self.paramvals[addr]
        raise NotImplementedError(space)

    def store(self, t, space, addr, n, v):
        v &= (1 << (8 * n)) - 1
        if space == "generic":
            space, addr = self.generic(addr)
        if space == "global":
            self.g.write(addr, n, v)
            self.trace_stores.append((addr, n))
        elif space == "shared":
            if addr < 0 or addr + n > len(self.smem):
                raise IndexError("shared out of bounds")
            self.smem[addr:addr + n] = v.to_bytes(n, "little")
        elif space == "local":
            t.local[addr:addr + n] = v.to_bytes(n, "little")
        else:
            raise NotImplementedError(space)

    # -- run
    def run(self):
        k = self.k
        nthreads = self.block[0] * self.block[1] * self.block[2]
        for bz in range(self.grid[2]):
            for by in range(self.grid[1]):
                for bx in range(self.grid[0]):
                    self.ctaid = (bx, by, bz)
                    self.smem = bytearray([0xCD]) * self.shared_bytes
                    # param space: symbolic names -> index into paramvals
                    self.paramvals = {}
                    self.symbols = {"__dynamic_shared_memory__": 0}
                    for i, (_, pname) in enumerate(k.params):
                        self.symbols[pname] = 1_000_000 + i
                        self.paramvals[1_000_000 + i] = self.params[i]
                    for lname in k.locals:
                        self.symbols[lname] = 0
                    threads = []
                    for f in range(nthreads):
                        x = f % self.block[0]
                        y = (f // self.block[0]) % self.block[1]
                        z = f // (self.block[0] * self.block[1])
                        th = Thread((x, y, z))
                        th.local = bytearray(max(k.locals.values(), default=0) + 16)
                        threads.append(th)
                    self.block_run(threads)

    def block_run(self, threads):
        while True:
            progressed = False
            for t in threads:
                if t.state == "run":
                    self.step_until_sync(t)
                    progressed = True
            live = [t for t in threads if t.state != "exit"]
            if not live:
                return
            # barrier: every live thread waits at a bar
            if all(t.state.startswith("bar") for t in live):
                for t in live:
                    t.state = "run"
                    t.pc += 1
                continue
            # mma per warp
            did = False
            for w0 in range(0, len(threads), 32):
                warp = threads[w0:w0 + 32]
                wl = [t for t in warp if t.state != "exit"]
                if wl and all(t.state.startswith("mma") for t in wl):
                    pcs = {t.pc for t in wl}
                    if len(pcs) != 1 or len(wl) != 32:
                        raise RuntimeError("divergent or partial warp at mma.sync")
                    self.do_mma(warp, self.k.code[wl[0].pc])
                    for t in wl:
                        t.state = "run"
                        t.pc += 1
                    did = True
            if did:
                continue
            if not progressed:
                raise RuntimeError("deadlock: " + ", ".join(sorted({t.state for t in live})))

    def step_until_sync(self, t: Thread):
        code = self.k.code
        while True:
            ins = code[t.pc]
            if ins.pred is not None:
                p = self.rd(t, ins.pred)
                if bool(p) == ins.neg:
                    t.pc += 1
                    continue
            op = ins.op
            if op == "bar":
                t.state = "bar"
                return
            if op == "mma":
                t.state = "mma"
                return
            if op == "ret":
                t.state = "exit"
                return
            if op == "bra":
                t.pc = self.k.labels[ins.args[0]]
                continue
            self.exec(t, ins)
            t.pc += 1

    # -- the instruction set
    def vec_regs(self, a: str):
        return [x.strip() for x in a.strip("{}").split(",")]

    def exec(self, t: Thread, ins: Instr):
        op, mods, A = ins.op, ins.mods, ins.args
        ty = mods[-1] if mods else None
        if op == "mov":
            kind, w = tinfo(ty)
            dst, src = A
            if dst.startswith("{"):  # unpack
                regs = self.vec_regs(dst)
                v = self.rd(t, src, w)
                pw = w // len(regs)
                for i, r in enumerate(regs):
                    self.wr(t, r, v >> (pw * i), pw)
            elif src.startswith("{"):  # pack
                regs = self.vec_regs(src)
                pw = w // len(regs)
                v = 0
                for i, r in enumerate(regs):
                    v |= (self.rd(t, r, pw) & ((1 << pw) - 1)) << (pw * i)
                self.wr(t, dst, v, w)
            else:
                self.wr(t, dst, self.rd(t, src, w), w)
            return
        if op == "cvta":  # cvta.local.u64 d, a: the generic address of a local (or shared) one, and back (.to)
            d, a = A
            space = mods[1] if mods[0] == "to" else mods[0]
            window = {"local": LOCAL_WINDOW, "shared": SHARED_WINDOW, "global": 0}[space]
            v = self.rd(t, a, 64)
            self.wr(t, d, v - window if mods[0] == "to" else v + window, 64)
            return
        if op in ("ld", "st"):
            space = mods[0].split("::")[0]
            if re.fullmatch(r"[bsuf]\d+|v\d", space):  # no state space named: a generic address
                space = "generic"
            kind, w = tinfo(ty)
            n = w // 8
            if op == "ld":
                dst, src = A
                addr = self.addr(t, src)
                regs = self.vec_regs(dst) if dst.startswith("{") else [dst]
                for i, r in enumerate(regs):
                    v = self.load(t, space, addr + i * n, n) if space != "param" else self.load(t, space, addr, n)
                    if kind == "s" and w < 16:  # ld.s8 sign-extends into the (16-bit or wider) register
                        v = to_signed(v, w) & 0xFFFFFFFF
                    self.wr(t, r, v, 64 if r.startswith("%rd") else 32 if r.startswith("%r") and not r.startswith("%rs") else 16)
                return
            dst, src = A
            addr = self.addr(t, dst)
            regs = self.vec_regs(src) if src.startswith("{") else [src]
            for i, r in enumerate(regs):
                self.store(t, space, addr + i * n, n, self.rd(t, r, w))
            return
        if op == "cvt":
            self.cvt(t, ins)
            return
        if op == "setp":
            cmp, ty = mods[0], mods[1]
            kind, w = tinfo(ty)
            a, b = self.rd(t, A[1], w), self.rd(t, A[2], w)
            if kind == "f":
                x, y = fval(a, w), fval(b, w)
                if math.isnan(x) or math.isnan(y):
                    r = cmp in ("nan", "neu", "ltu", "leu", "gtu", "geu", "equ")
                else:
                    r = {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y,
                         "equ": x == y, "neu": x != y, "ltu": x < y, "leu": x <= y, "gtu": x > y, "geu": x >= y,
                         "num": True, "nan": False}[cmp]
            else:
                if kind == "s":
                    a, b = to_signed(a, w), to_signed(b, w)
                else:
                    a, b = a & ((1 << w) - 1), b & ((1 << w) - 1)
                r = {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b,
                     "lo": a < b, "ls": a <= b, "hi": a > b, "hs": a >= b}[cmp]
            self.wr(t, A[0], r, 1)
            return
        if op == "selp":
            kind, w = tinfo(ty)
            self.wr(t, A[0], self.rd(t, A[1], w) if self.rd(t, A[3]) else self.rd(t, A[2], w), w)
            return
        if op == "prmt":
            a, b, c = self.rd(t, A[1], 32), self.rd(t, A[2], 32), self.rd(t, A[3], 32)
            bytes8 = (a | (b << 32)).to_bytes(8, "little")
            out = 0
            for i in range(4):
                sel = (c >> (4 * i)) & 0xF
                byte = bytes8[sel & 7]
                if sel & 8:
                    byte = 0xFF if byte & 0x80 else 0
                out |= byte << (8 * i)
            self.wr(t, A[0], out, 32)
            return
        if ty == "f16x2":
            self.fop(t, ins)
            return
        kind, w = tinfo(ty)
        if kind == "pred":
            a = [self.rd(t, x) for x in A[1:]]
            r = {"and": lambda: a[0] and a[1], "or": lambda: a[0] or a[1], "xor": lambda: a[0] != a[1],
                 "not": lambda: not a[0]}[op]()
            self.wr(t, A[0], r, 1)
            return
        if kind == "f":
            self.fop(t, ins)
            return
        self.iop(t, ins, kind, w)

    def iop(self, t, ins, kind, w):
        op, mods, A = ins.op, ins.mods, ins.args
        mask = (1 << w) - 1
        S = (lambda v: to_signed(v, w)) if kind == "s" else (lambda v: v & mask)
        src = [self.rd(t, x, w) for x in A[1:]]
        if op == "mul" and "wide" in mods:
            a, b = S(src[0]), S(src[1])
            self.wr(t, A[0], a * b, 2 * w)
            return
        if op == "mad" and "lo" in mods:
            self.wr(t, A[0], S(src[0]) * S(src[1]) + src[2], w)
            return
        if op == "mad" and "wide" in mods:
            c = self.rd(t, A[3], 2 * w)
            self.wr(t, A[0], S(src[0]) * S(src[1]) + c, 2 * w)
            return
        a = S(src[0])
        b = S(src[1]) if len(src) > 1 else None
        if op == "add":
            r = a + b
        elif op == "sub":
            r = a - b
        elif op == "mul":
            if "hi" in mods:
                r = (a * b) >> w
            else:
                r = a * b
        elif op == "min":
            r = min(a, b)
        elif op == "max":
            r = max(a, b)
        elif op == "and":
            r = src[0] & src[1]
        elif op == "or":
            r = src[0] | src[1]
        elif op == "xor":
            r = src[0] ^ src[1]
        elif op == "not":
            r = ~src[0]
        elif op == "neg":
            r = -a
        elif op == "abs":
            r = abs(a)
        elif op == "shl":
            sh = self.rd(t, A[2], 32) & 0xFFFFFFFF
            r = (src[0] << sh) if sh < w else 0
        elif op == "shr":
            sh = self.rd(t, A[2], 32) & 0xFFFFFFFF
            if kind == "s":
                r = a >> min(sh, w - 1)
            else:
                r = (src[0] & mask) >> sh if sh < w else 0
        elif op in ("div", "rem"):
            if b == 0:
                r = 0  # undefined in PTX; should not happen here
                raise ZeroDivisionError(ins.text)
            q = abs(a) // abs(b)
            if (a < 0) != (b < 0):
                q = -q
            r = q if op == "div" else a - q * b
        else:
            raise NotImplementedError(ins.text)
        self.wr(t, A[0], r, w)

    def fop(self, t, ins):
        op, mods, A = ins.op, ins.mods, ins.args
        ty = mods[-1]
        if ty == "f16x2":
            srcs = [self.rd(t, x, 32) for x in A[1:]]
            res = 0
            for half in (0, 1):
                vals = [fval((s >> (16 * half)) & 0xFFFF, 16) for s in srcs]
                res |= self.fcalc(op, mods[:-1], vals, 16) << (16 * half)
            self.wr(t, A[0], res, 32)
            return
        kind, w = tinfo(ty)
        vals = [fval(self.rd(t, x, w), w) for x in A[1:]]
        self.wr(t, A[0], self.fcalc(op, mods[:-1], vals, w), w)

    def fcalc(self, op, mods, v, w) -> int:
        mode = next((m for m in mods if m in ("rn", "rz", "rm", "rp")), "rn")
        nan = any(math.isnan(x) for x in v)
        if op in ("add", "sub", "mul", "fma", "mad"):
            if nan or any(math.isinf(x) for x in v):
                fl = {"add": lambda: v[0] + v[1], "sub": lambda: v[0] - v[1], "mul": lambda: v[0] * v[1],
                      "fma": lambda: v[0] * v[1] + v[2], "mad": lambda: v[0] * v[1] + v[2]}[op]()
                return fbits(fl, w)
            F = [Fraction(x) for x in v]
            ex = {"add": lambda: F[0] + F[1], "sub": lambda: F[0] - F[1], "mul": lambda: F[0] * F[1],
                  "fma": lambda: F[0] * F[1] + F[2], "mad": lambda: F[0] * F[1] + F[2]}[op]()
            if mode == "rn":
                return fbits(_round_exact(ex, w), w)
            if mode == "rz":
                return _rz(ex, w)
            raise NotImplementedError(mode)
        if op in ("min", "max"):
            if "NaN" in mods and nan:
                return fbits(float("nan"), w)
            if nan:
                nn = [x for x in v if not math.isnan(x)]
                return fbits(nn[0] if nn else float("nan"), w)
            a, b = v
            if a == 0 and b == 0:
                r = (a if math.copysign(1, a) < 0 else b) if op == "min" else (a if math.copysign(1, a) > 0 else b)
            else:
                r = min(a, b) if op == "min" else max(a, b)
            return fbits(r, w)
        if op == "neg":
            return fbits(-v[0], w)
        if op == "abs":
            return fbits(abs(v[0]), w)
        if op == "copysign":  # copysign d, a, b: d = |b| with the sign of a
            return fbits(math.copysign(abs(v[1]), v[0]) if not math.isnan(v[1]) else v[1], w)
        if op == "div":
            if nan or v[1] == 0 or any(math.isinf(x) for x in v):
                return fbits(float(np.divide(np.float64(v[0]), np.float64(v[1]))), w)
            return fbits(_round_exact(Fraction(v[0]) / Fraction(v[1]), w), w)
        raise NotImplementedError(op)

    def cvt(self, t, ins):
        mods, A = ins.mods, ins.args
        rnd = next((m for m in mods if m in ("rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi")), None)
        sat = "sat" in mods
        dt, st = [m for m in mods if m not in ("rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi", "sat", "ftz")]
        if dt == "f16x2" and st == "f32":  # cvt.rn.f16x2.f32 d, a, b: a -> upper half, b -> lower half
            a, b = fval(self.rd(t, A[1], 32), 32), fval(self.rd(t, A[2], 32), 32)
            self.wr(t, A[0], f16_bits(b) | (f16_bits(a) << 16), 32)
            return
        dk, dw = tinfo(dt)
        sk, sw = tinfo(st)
        v = self.rd(t, A[1], sw)
        regw = 64 if A[0].startswith("%rd") else 16 if A[0].startswith("%rs") else 32
        if sk in ("u", "s", "b") and dk in ("u", "s", "b"):
            x = to_signed(v, sw) if sk == "s" else v & ((1 << sw) - 1)
            if sat:
                raise NotImplementedError(ins.text)
            x &= (1 << dw) - 1
            if dk == "s":  # a narrow signed result is sign-extended into its register
                x = to_signed(x, dw)
            self.wr(t, A[0], x, regw)
            return
        if sk == "f" and dk == "f":
            x = fval(v, sw)
            if rnd in ("rzi", "rni", "rmi", "rpi"):
                if not (math.isnan(x) or math.isinf(x)):
                    x = {"rzi": math.trunc, "rmi": math.floor, "rpi": math.ceil,
                         "rni": lambda y: float(np.rint(y))}[rnd](x)
                    x = float(x) if x != 0 else math.copysign(0.0, fval(v, sw))
                self.wr(t, A[0], fbits(x, dw), regw)
                return
            if dw >= sw:
                self.wr(t, A[0], fbits(x, dw), regw)
                return
            if rnd in (None, "rn"):
                self.wr(t, A[0], fbits(x, dw), regw)
                return
            if rnd == "rz":
                self.wr(t, A[0], _rz(Fraction(x), dw) if math.isfinite(x) else fbits(x, dw), regw)
                return
            raise NotImplementedError(ins.text)
        if sk == "f" and dk in ("u", "s"):
            x = fval(v, sw)
            if math.isnan(x):
                r = 0
            else:
                r = {"rzi": math.trunc, "rmi": math.floor, "rpi": math.ceil, "rni": lambda y: int(np.rint(y))}[rnd](x) \
                    if not math.isinf(x) else (10**30 if x > 0 else -10**30)
                lo, hi = (-(1 << (dw - 1)), (1 << (dw - 1)) - 1) if dk == "s" else (0, (1 << dw) - 1)
                r = max(lo, min(hi, int(r)))  # float -> int conversions saturate in PTX
            self.wr(t, A[0], r, regw)
            return
        if sk in ("u", "s") and dk == "f":
            x = to_signed(v, sw) if sk == "s" else v & ((1 << sw) - 1)
            if rnd in (None, "rn"):
                self.wr(t, A[0], fbits(_round_exact(Fraction(x), dw), dw), regw)
                return
            raise NotImplementedError(ins.text)
        raise NotImplementedError(ins.text)

    def do_mma(self, warp, ins):
        # mma.sync.aligned.m16n8k16.row.col.DT.AT.BT.CT  D, A, B, C
        mods = ins.mods
        shape = mods[2]
        if shape != "m16n8k16" or mods[3:5] != ["row", "col"]:
            raise NotImplementedError(ins.text)
        dt, at, bt, ct = mods[5:9]
        if at != "f16" or bt != "f16":
            raise NotImplementedError(ins.text)
        D, Ar, Br, Cr = [self.vec_regs(x) for x in ins.args]
        Am = np.zeros((16, 16))
        Bm = np.zeros((16, 8))
        Cm = np.zeros((16, 8))
        for lane, t in enumerate(warp):
            g, tig = lane >> 2, lane % 4
            a = []
            for r in Ar:
                v = self.rd(t, r, 32)
                a += [bits_f16(v & 0xFFFF), bits_f16(v >> 16)]
            for i in range(8):
                row = g if (i < 2 or 4 <= i < 6) else g + 8
                col = tig * 2 + (i & 1) + (8 if i >= 4 else 0)
                Am[row, col] = a[i]
            b = []
            for r in Br:
                v = self.rd(t, r, 32)
                b += [bits_f16(v & 0xFFFF), bits_f16(v >> 16)]
            for i in range(4):
                row = tig * 2 + (i & 1) + (8 if i >= 2 else 0)
                Bm[row, g] = b[i]
            if ct == "f16":
                c = []
                for r in Cr:
                    v = self.rd(t, r, 32)
                    c += [bits_f16(v & 0xFFFF), bits_f16(v >> 16)]
            else:
                c = [bits_f32(self.rd(t, r, 32)) for r in Cr]
            if SWAP_ACC:
                c[1], c[2] = c[2], c[1]
            for i in range(4):
                Cm[g + (8 if i >= 2 else 0), tig * 2 + (i & 1)] = c[i]
        Dm = Am @ Bm + Cm
        if MMA_LOG is not None:
            MMA_LOG.append((self.ctaid, Am.copy(), Bm.copy(), Cm.copy(), Dm.copy()))
        for lane, t in enumerate(warp):
            g, tig = lane >> 2, lane % 4
            vals = [Dm[g + (8 if i >= 2 else 0), tig * 2 + (i & 1)] for i in range(4)]
            if SWAP_ACC:
                vals[1], vals[2] = vals[2], vals[1]
            if dt == "f16":
                self.wr(t, D[0], f16_bits(vals[0]) | (f16_bits(vals[1]) << 16), 32)
                self.wr(t, D[1], f16_bits(vals[2]) | (f16_bits(vals[3]) << 16), 32)
            else:
                for i in range(4):
                    self.wr(t, D[i], f32_bits(vals[i]), 32)


def _round_exact(x: Fraction, w: int) -> float:
    """Round the exact rational x to the nearest float of width w (ties to even)."""
    if x == 0:
        return 0.0
    if w == 64:
        return float(x)  # Fraction -> float is correctly rounded
    mant, emin, emax = (11, -14, 15) if w == 16 else (24, -126, 127)
    s = -1 if x < 0 else 1
    a = abs(x)
    e = math.floor(math.log2(a.numerator) - math.log2(a.denominator))
    while Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    e = max(e, emin)
    q = a / Fraction(2) ** (e - mant + 1)
    n = math.floor(q)
    rem = q - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n % 2 == 1):
        n += 1
    val = s * n * Fraction(2) ** (e - mant + 1)
    if abs(val) >= Fraction(2) ** (emax + 1):
        return s * math.inf
    return float(val)


def _rz(x: Fraction, w: int) -> int:
    if x == 0:
        return 0
    mant, emin = (11, -14) if w == 16 else (24, -126)
    s = -1 if x < 0 else 1
    a = abs(x)
    e = 0
    while Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    e = max(e, emin)
    q = a / Fraction(2) ** (e - mant + 1)
    n = math.floor(q)
    return fbits(float(s * n * Fraction(2) ** (e - mant + 1)), w)


# -------------------------------------------------------------------------------------------- host program

NP = {"f16": np.float16, "f32": np.float32, "i8": np.int8, "i32": np.int32, "i64": np.int64, "i16": np.int16,
      "i1": np.bool_, "bf16": None, "f64": np.float64}


def run_module(et_path: str, ptx_dir: str, inputs: list, trace=None, oob_fill=0x00, stats=None) -> list:
    """Run @main of an `--compile-to=executable-targets` module: its stream program on a flat memory, each
    stream.cmd.dispatch by interpreting the dumped PTX of that export."""
    import glob
    text = open(et_path).read()
    kernels = {}
    for p in glob.glob(f"{ptx_dir}/*.ptx"):
        kernels.update(parse_ptx(open(p).read()))
    # workgroup counts and sizes per export
    exports = {}
    for m in re.finditer(r"hal\.executable\.export public @(\w+) .*?count\(.*?\{(.*?)hal\.return ([^:]*):.*?\}\s*(?:<|attributes \{[^}]*?)workgroup_size = \[(\d+) : index, (\d+) : index, (\d+) : index\]", text, re.S):
        name, body, ret, bx, by, bz = m.groups()
        consts = dict(re.findall(r"(%\w+) = arith\.constant (\d+) : index", body))
        grid = tuple(int(consts[r.strip()]) if r.strip() in consts else int(r.strip()) for r in ret.split(","))
        exports[name] = (grid, (int(bx), int(by), int(bz)))
    main = text[text.index("util.func public @main("):]
    main = main[:main.index("\n  }\n") + 5]
    consts = {k: int(v) for k, v in re.findall(r"(%\w+) = arith\.constant (-?\d+) : index", main)}
    mem = Memory()
    mem.oob_fill = oob_fill
    if stats is not None:
        stats["mem"] = mem
    res = {}  # SSA resource name -> address
    argbuf = {}
    sig = re.search(r"util\.func public @main\((.*?)\) ->", main).group(1)
    argnames = re.findall(r"(%\w+): !hal\.buffer_view", sig)
    for nm, arr in zip(argnames, inputs):
        raw = np.ascontiguousarray(arr).tobytes()
        base = mem.alloc(len(raw))
        mem.find(base, max(len(raw), 1))[0][:len(raw)] = raw
        argbuf[nm] = base
    outs = []
    lines = main.splitlines()
    i = 0
    alias = {}

    def R(n):
        n = n.strip()
        while n in alias:
            n = alias[n]
        return n
    while i < len(lines):
        ln = lines[i].strip()
        m = re.match(r"(%[\w]+) = stream\.tensor\.import .*?(%\w+) : !hal\.buffer_view", ln)
        if m:
            res[m.group(1)] = argbuf[m.group(2)]
            i += 1
            continue
        m = re.match(r"(%[\w]+), %\w+ = stream\.resource\.alloca uninitialized .*?\{(%\w+)\}", ln)
        if m:
            res[m.group(1)] = mem.alloc(consts[m.group(2)])
            i += 1
            continue
        m = re.match(r"(%\w+) = stream\.cmd\.execute .*? with\((.*)\) \{", ln)
        if m:
            for src, dst in re.findall(r"(%\w+) as (%\w+):", m.group(2)):
                alias[dst] = src
            i += 1
            continue
        m = re.match(r"(%\w+) = stream\.timepoint\.await .*? => (%\w+) :", ln)
        if m:
            alias[m.group(1)] = m.group(2)
            i += 1
            continue
        m = re.match(r"(%\w+) = stream\.resource\.subview (%\w+)\[(%\w+)\]", ln)
        if m:
            res[m.group(1)] = res[R(m.group(2))] + consts[m.group(3)]
            i += 1
            continue
        m = re.match(r"stream\.cmd\.dispatch @\w+::@\w+::@(\w+)(?:\[.*?\])?(?:\((.*?)\))? \{", ln)
        if m:
            name = m.group(1)
            pushc = []
            if m.group(2):
                for x in m.group(2).split(","):
                    x = x.strip().split(":")[0].strip()
                    pushc.append(consts[x] if x in consts else int(x))
            binds = []
            i += 1
            while not lines[i].strip().startswith("}"):
                bm = re.match(r"(?:ro|wo|rw) (%\w+)\[(%\w+) for (%\w+)\]", lines[i].strip())
                binds.append(res[R(bm.group(1))] + consts[bm.group(2)])
                i += 1
            k = kernels[name]
            grid, block = exports[name]
            params = binds + pushc
            if len(params) != len(k.params):
                raise NotImplementedError(f"{name}: {len(params)} operands for {len(k.params)} params")
            sim = Sim(k, params, grid, block, mem)
            sim.run()
            if trace is not None:
                trace.append((name, grid, block, len(sim.trace_stores)))
            i += 1
            continue
        m = re.match(r"(%\w+) = stream\.tensor\.export .*? (%\w+) : tensor<([^>]*)> in", ln)
        if m:
            shape_s = m.group(3)
            *dims, dt = shape_s.split("x")
            shape = [int(d) for d in dims]
            dtype = np.dtype(NP[dt])
            nbytes = int(np.prod(shape)) * dtype.itemsize
            base = res[R(m.group(2))]
            buf, off = mem.find(base, max(nbytes, 1))
            outs.append(np.frombuffer(bytes(buf[off:off + nbytes]), dtype=dtype).reshape(shape).copy())
            i += 1
            continue
        if re.search(r"stream\.cmd\.(fill|copy|collective|func|call)|stream\.async|stream\.resource\.load", ln):
            raise NotImplementedError(ln)
        i += 1
    return outs


def unwritten(a: np.ndarray) -> np.ndarray:
    """Mask of elements that still hold the FILL pattern."""
    b = a.view(np.uint8).reshape(a.shape + (a.dtype.itemsize,))
    return (b == FILL).all(axis=-1)


if __name__ == "__main__":
    et, ptxdir, *ins = sys.argv[1:]
    outs = run_module(et, ptxdir, [np.load(p) for p in ins])
    for o in outs:
        print(o.dtype, o.shape, o.ravel().tolist())
