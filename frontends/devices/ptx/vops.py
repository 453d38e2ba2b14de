"""Array forms of the integer, logic and data-movement instructions (``ops_int``, ``ops_move``), and the dispatch
from a decoded instruction to its array form (``vector_op``), built once and kept in the record.

Each builder reads the same record its scalar family function was built from (which already checked every
modifier, so nothing new is refused here) and returns ``run(vm, sel)``: the instruction over the lanes ``sel`` of
a ``vector.Batch``, or ``None`` where it has no array form (then the scalar function runs lane by lane:
``scalar.per_lane``).  Values are uint64 arrays holding a register's bits; signed operations read them sign-extended
(``vm.sval``).  Float and ``cvt`` forms are in ``vops_float``; warp-collectives in ``vops_warp``.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.ptx import ops_int, ops_wmma, scalar, vops_float
from frontends.devices.ptx.decode import Vec
from frontends.devices.ptx.errors import CannotSimulate
from frontends.devices.ptx.ops_int import UndefinedResult
from frontends.devices.ptx.ops_move import INT_CMP, WIDTH, _memory_mods

U64 = np.uint64


def control(ins) -> str | None:
    """"bra", "exit", "sync" (a barrier or a warp-collective: the lane waits) or None (an ordinary instruction)."""
    kind = ins.cache.get("control", 0)
    if kind == 0:
        op = ins.op
        kind = ins.cache["control"] = ("bra" if op == "bra" else "exit" if op in ("ret", "exit") else
                                       "sync" if op in ("bar", "barrier") or op in ops_wmma.COLLECTIVES else None)
    return kind


def vector_op(ins):
    run = ins.cache.get("vector")
    if run is None:
        builder = BUILDERS.get(ins.op)
        run = (builder(ins) if builder else None) or vops_float.build(ins) or scalar.mapped(ins) or \
            scalar.per_lane(ins)
        ins.cache["vector"] = run
    return run


def _int_type(ins):
    ty = ins.mods[-1] if ins.mods else ""
    if len(ty) >= 2 and ty[0] in "sub" and ty[1:] in ("8", "16", "32", "64"):
        return ty[0], int(ty[1:])
    return None, None


def _read(vm, kind, w):
    return (lambda o, sel: vm.sval(o, w, sel)) if kind == "s" else (lambda o, sel: vm.val(o, w, sel))


def build_addsub(ins):
    if ins.op == "add" and ins.mods in PAIRS:
        return _halves(ins, np.add)
    kind, w = _int_type(ins)
    if kind is None or "sat" in ins.mods or ins.mods[-1] in ("f32", "f16", "f64"):
        return None
    d, a, b = ins.args
    sub = ins.op == "sub"

    def run(vm, sel):
        x, y = vm.val(a, w, sel), vm.val(b, w, sel)
        vm.put(d, x - y if sub else x + y, w, sel)
    return run


PAIRS = (("s16x2",), ("u16x2",))


def _halves(ins, fn):
    """{add,min,max}.{s,u}16x2: each 16-bit half alone, signed for .s16x2, modulo 2^16 (as ``ops_int._halves``)."""
    d, a, b = ins.args
    sign = ins.mods[0][0] == "s"

    def half(v, shift):
        h = ((np.asarray(v, U64) >> U64(shift)) & U64(0xFFFF)).astype(np.int64)
        return (h ^ 0x8000) - 0x8000 if sign else h

    def run(vm, sel):
        x, y = vm.val(a, 32, sel), vm.val(b, 32, sel)
        vm.put(d, sum((fn(half(x, s), half(y, s)).astype(U64) & U64(0xFFFF)) << U64(s) for s in (0, 16)), 32, sel)
    return run


def mul_hi64(a, b, signed: bool):
    """The high 64 bits of the 128-bit product of uint64 arrays (two's complement operands where ``signed``)."""
    m32, s32 = U64(0xFFFFFFFF), U64(32)
    a0, a1, b0, b1 = a & m32, a >> s32, b & m32, b >> s32
    p01, p10 = a0 * b1, a1 * b0
    mid = ((a0 * b0) >> s32) + (p01 & m32) + (p10 & m32)
    hi = a1 * b1 + (p01 >> s32) + (p10 >> s32) + (mid >> s32)
    if signed:  # (a - 2^64 [a<0]) (b - 2^64 [b<0]): subtract the other operand where one is negative
        hi = hi - np.where(a >> U64(63), b, U64(0)) - np.where(b >> U64(63), a, U64(0))
    return hi


def build_mul(ins):
    kind, w = _int_type(ins)
    mode = next((x for x in ins.mods if x in ("lo", "hi", "wide")), None)
    if kind in ("s", "u") and w == 64 and mode == "hi" and ins.op == "mul":
        d, a, b = ins.args
        return lambda vm, sel: vm.put(d, mul_hi64(*np.broadcast_arrays(np.asarray(vm.val(a, 64, sel), U64),
                                                                       np.asarray(vm.val(b, 64, sel), U64)),
                                                  kind == "s"), 64, sel)
    if kind not in ("s", "u") or mode is None or (mode != "lo" and w == 64):
        return None
    d, srcs = ins.args[0], ins.args[1:]
    mad, wide = ins.op == "mad", (2 * w if mode == "wide" else w)

    def run(vm, sel):
        if kind == "s":
            r = (vm.sval(srcs[0], w, sel) * vm.sval(srcs[1], w, sel)).astype(U64)
        else:
            r = np.asarray(vm.val(srcs[0], w, sel) * vm.val(srcs[1], w, sel), U64)
        if mode == "hi":
            r = (r.astype(np.int64) >> np.int64(w)).astype(U64) if kind == "s" else r >> U64(w)
        if mad:
            r = r + vm.val(srcs[2], wide, sel)
        vm.put(d, r, wide, sel)
    return run


def build_divrem(ins):
    kind, w = _int_type(ins)
    if kind not in ("s", "u") or (kind == "s" and w == 64):
        return None
    d, a, b = ins.args
    div = ins.op == "div"

    def run(vm, sel):
        x, y = (vm.sval(a, w, sel), vm.sval(b, w, sel)) if kind == "s" else (vm.val(a, w, sel), vm.val(b, w, sel))
        x, y = np.broadcast_arrays(x, y)
        if (y == 0).any():
            raise UndefinedResult(f"{ins.text}: division by zero (PTX leaves the result unspecified)")
        if kind == "s":
            q = np.abs(x) // np.abs(y) * np.where((x < 0) != (y < 0), -1, 1)
        else:
            q = x // y
        vm.put(d, (q if div else x - q * y).astype(U64), w, sel)
    return run


def build_shift(ins):
    kind, w = _int_type(ins)
    if kind is None:
        return None
    d, a, b = ins.args
    left = ins.op == "shl"

    def run(vm, sel):
        x = vm.sval(a, w, sel) if kind == "s" and not left else vm.val(a, w, sel)
        n = np.asarray(vm.val(b, 32, sel), U64)
        if kind == "s" and not left:
            r = (x >> np.minimum(n, w - 1).astype(np.int64)).astype(U64)
        else:
            m = np.minimum(n, U64(63))
            r = np.where(n < w, (x << m) if left else (x >> m), U64(0))
        vm.put(d, r, w, sel)
    return run


def build_minmax(ins):
    if ins.mods in PAIRS:
        return _halves(ins, np.minimum if ins.op == "min" else np.maximum)
    kind, w = _int_type(ins)
    if kind not in ("s", "u"):
        return None
    d, a, b = ins.args
    fn = np.minimum if ins.op == "min" else np.maximum

    def run(vm, sel):
        get = _read(vm, kind, w)
        vm.put(d, np.asarray(fn(get(a, sel), get(b, sel))).astype(U64), w, sel)
    return run


def build_negabs(ins):
    kind, w = _int_type(ins)
    if kind != "s":
        return None
    d, a = ins.args
    fn = np.negative if ins.op == "neg" else np.abs

    def run(vm, sel):
        vm.put(d, np.asarray(fn(vm.sval(a, w, sel))).astype(U64), w, sel)
    return run


LOGIC = {"and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor}


def build_logic(ins):
    ty = ins.mods[-1]
    w = 1 if ty == "pred" else int(ty[1:])
    d, srcs = ins.args[0], ins.args[1:]
    op = ins.op

    def run(vm, sel):
        vals = [vm.val(s, w, sel) for s in srcs]
        if op in LOGIC:
            r = LOGIC[op](*vals)
        elif op == "not":
            r = ~np.asarray(vals[0], U64)
        else:
            r = (np.asarray(vals[0]) == 0).astype(U64)
        vm.put(d, r, w, sel)
    return run


def build_prmt(ins):
    if len(ins.mods) != 1:
        return None
    d, a, b, c = ins.args

    def run(vm, sel):
        src = vm.val(a, 32, sel) | (vm.val(b, 32, sel) << U64(32))
        cv, out = vm.val(c, 32, sel), U64(0)
        for i in range(4):
            s = (cv >> U64(4 * i)) & U64(0xF)
            byte = (src >> ((s & U64(7)) * U64(8))) & U64(0xFF)
            byte = np.where((s & U64(8)) != 0, np.where(byte & U64(0x80), U64(0xFF), U64(0)), byte)
            out = out | (byte << U64(8 * i))
        vm.put(d, out, 32, sel)
    return run if ins.mods == ("b32",) else None


def build_shf(ins):
    """shf.{l,r}.{clamp,wrap}.b32 (``ops_int.funnel``): {b, a} as one uint64, shifted by n <= 32, a dword kept."""
    left, clamp = ops_int.shf_form(ins)  # already checked by the scalar builder; the same form here
    d, a, b, c = ins.args

    def run(vm, sel):
        x = np.asarray(vm.val(a, 32, sel) | (vm.val(b, 32, sel) << U64(32)), U64)
        cv = np.asarray(vm.val(c, 32, sel), U64)
        n = np.minimum(cv, U64(32)) if clamp else cv & U64(31)
        # left: bits 32..63 of x << n need only x's bits below 64 - n: nothing the uint64 shift drops is kept
        r = ((x << n) >> U64(32)) if left else ((x >> n) & U64(0xFFFFFFFF))
        vm.put(d, r, 32, sel)
    return run


def build_dot(ins):
    """dp4a / dp2a (``ops_int.build_dot``): the lanes of a and b as int64 arrays, multiplied and summed onto c."""
    abits, first, sa, sb = ops_int.dot_form(ins)
    d, a, b, c = ins.args

    def lane(v, bits, i, is_signed):
        x = ((v >> U64(bits * i)) & U64((1 << bits) - 1)).astype(np.int64)
        return (x ^ (1 << (bits - 1))) - (1 << (bits - 1)) if is_signed else x

    def run(vm, sel):
        x, y = vm.val(a, 32, sel), vm.val(b, 32, sel)
        acc = np.asarray(vm.val(c, 32, sel)).astype(np.int64)
        for i in range(32 // abits):
            acc = acc + lane(x, abits, i, sa) * lane(y, 8, first + i, sb)
        vm.put(d, acc.astype(U64), 32, sel)
    return run


def build_mov(ins):
    w = WIDTH[ins.mods[-1]]
    d, a = ins.args
    if isinstance(d, Vec):
        parts, pw = d.items, w // len(d.items)

        def unpack(vm, sel):
            for i, r in enumerate(parts):  # the source read once per part, as the scalar form reads (and counts) it
                vm.put(r, vm.val(a, w, sel) >> U64(pw * i), pw, sel)
        return unpack
    if isinstance(a, Vec):
        parts, pw = a.items, w // len(a.items)

        def pack(vm, sel):
            v = U64(0)
            for i, r in enumerate(parts):
                v = v | (vm.val(r, pw, sel) << U64(pw * i))
            vm.put(d, v, w, sel)
        return pack
    return lambda vm, sel: vm.put(d, vm.val(a, w, sel), w, sel)


def build_selp(ins):
    w = WIDTH[ins.mods[-1]]
    d, a, b, c = ins.args

    def run(vm, sel):
        p = vm.val(c, 1, sel) != 0
        if vm.known(a) and vm.known(b):
            vm.put(d, np.where(p, vm.val(a, w, sel), vm.val(b, w, sel)), w, sel)
            return
        lanes = vm.lanes(sel)  # only the operand chosen is read (an unwritten one is noted only where chosen)
        p = np.broadcast_to(p, lanes.shape)
        out = np.zeros(len(lanes), U64)
        out[p] = vm.val(a, w, lanes[p])
        out[~p] = vm.val(b, w, lanes[~p])
        vm.put(d, out, w, sel)
    return run


def build_setp(ins):
    cmp, ty = ins.mods
    d, a, b = ins.args
    if ty[0] not in "bsu" or not ty[1:].isdigit() or "|" in getattr(d, "name", ""):  # bf16, bf16x2: floats
        return vops_float.build_setp(ins)
    w, fn = WIDTH[ty], INT_CMP[cmp]

    def run(vm, sel):
        get = _read(vm, "s" if ty[0] == "s" else "u", w)
        vm.put(d, np.asarray(fn(get(a, sel), get(b, sel))).astype(U64), 1, sel)
    return run


def build_ld(ins):
    space, n, _ = _memory_mods(ins)
    d, src = ins.args
    regs = d.items if isinstance(d, Vec) else (d,)
    sign, w = ins.mods[-1][0] == "s", 8 * n

    def run(vm, sel):
        addr = vm.address(src, sel)
        for i, r in enumerate(regs):
            v = vm.load(space, addr + i * n, n, sel)
            if sign and w < 64:
                top = np.int64(1 << (w - 1))
                v = ((v.astype(np.int64) ^ top) - top).astype(U64)
            vm.put(r, v, vm.width(r), sel)
    return run


def build_st(ins):
    space, n, _ = _memory_mods(ins)
    dst, src = ins.args
    regs = src.items if isinstance(src, Vec) else (src,)
    if space == "param":
        raise CannotSimulate("st.param", ins.text)

    def run(vm, sel):
        addr = vm.address(dst, sel)
        for i, r in enumerate(regs):
            vm.store(space, addr + i * n, n, vm.val(r, 8 * n, sel), sel)
    return run


def build_cvta(ins):
    to = ins.mods[0] == "to"
    space = ins.mods[1] if to else ins.mods[0]
    d, a = ins.args
    w = int(ins.mods[-1][1:])
    base = U64(scalar._WINDOWS[space])
    return lambda vm, sel: vm.put(d, (vm.val(a, w, sel) - base) if to else (vm.val(a, w, sel) + base), w, sel)


BUILDERS = {
    "add": build_addsub, "sub": build_addsub, "mul": build_mul, "mad": build_mul, "div": build_divrem,
    "rem": build_divrem, "shl": build_shift, "shr": build_shift, "min": build_minmax, "max": build_minmax,
    "neg": build_negabs, "abs": build_negabs, "and": build_logic, "or": build_logic, "xor": build_logic,
    "not": build_logic, "cnot": build_logic, "prmt": build_prmt, "mov": build_mov, "selp": build_selp,
    "setp": build_setp, "ld": build_ld, "st": build_st, "cvta": build_cvta, "dp4a": build_dot, "dp2a": build_dot,
    "shf": build_shf,
}
