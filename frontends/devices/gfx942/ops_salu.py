"""Scalar ALU (SOP1, SOP2, SOPK, SOPC) and program control (SOPP): Python integers, one value per wave.

SCC follows the CDNA3 ISA reference per instruction: logical, shift, bit-field and count results set SCC to
``result != 0``; unsigned add/sub set it to the carry/borrow; signed add/sub to the signed overflow; compares
to the outcome; ``s_min``/``s_max`` to whether S0 was chosen; moves, multiplies, ``s_cselect``, sign extension,
packs and the bit scans (``s_ff1_i32_b32/b64``, ``s_flbit_i32_b32/b64``, ``s_flbit_i32``) leave it alone.
``s_*_saveexec_b64`` save EXEC to SDST, then write EXEC and set SCC = (EXEC != 0).
``s_waitcnt``, ``s_nop``, ``s_setprio`` and ``s_sleep`` have no functional effect in a model that completes every
memory operation in order.
"""
from __future__ import annotations

from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.state import M32, M64

WIDTH = {"b32": 32, "i32": 32, "u32": 32, "b64": 64, "i64": 64, "u64": 64}


def _sx(v: int, w: int) -> int:
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v


def _width(op: str) -> int:
    return WIDTH.get(op.rsplit("_", 1)[-1], 32)


def _logic(f, scc=True):
    def run(w, ins, ctx):
        bits = _width(ins.op)
        mask = (1 << bits) - 1
        a, b = (w.sread(o, ins.op[-3:]) & mask for o in ins.ops[1:3])
        r = f(a, b, mask)
        w.swrite(ins.ops[0], r & mask)
        if scc:
            w.scc = int(r & mask != 0)
    return run


def _unary(f, scc=True):
    def run(w, ins, ctx):
        bits = _width(ins.op)
        r = f(w.sread(ins.ops[1]) & ((1 << bits) - 1), bits) & ((1 << bits) - 1)
        w.swrite(ins.ops[0], r)
        if scc:
            w.scc = int(r != 0)
    return run


def _arith(kind):
    def run(w, ins, ctx):
        a, b = (w.sread(o) & M32 for o in ins.ops[1:3])
        if kind in ("add_u32", "addc_u32"):
            r = a + b + (w.scc if kind == "addc_u32" else 0)
            w.scc = int(r > M32)
        elif kind in ("sub_u32", "subb_u32"):
            r = a - b - (w.scc if kind == "subb_u32" else 0)
            w.scc = int(r < 0)
        else:  # add_i32 / sub_i32: SCC = signed overflow
            r = _sx(a, 32) + _sx(b, 32) if kind == "add_i32" else _sx(a, 32) - _sx(b, 32)
            w.scc = int(not -2**31 <= r < 2**31)
        w.swrite(ins.ops[0], r & M32)
    return run


def _shift_add(n):
    def run(w, ins, ctx):
        r = ((w.sread(ins.ops[1]) & M32) << n) + (w.sread(ins.ops[2]) & M32)
        w.scc = int(r > M32)
        w.swrite(ins.ops[0], r & M32)
    return run


def _bfe(signed, bits):
    def run(w, ins, ctx):
        src = w.sread(ins.ops[1]) & ((1 << bits) - 1)
        ctl = w.sread(ins.ops[2])
        off, width = ctl & (bits - 1), (ctl >> 16) & 0x7F
        r = (src >> off) & ((1 << width) - 1) if width else 0
        if signed and width:
            r = _sx(r, width) if width < bits else r
        r &= (1 << bits) - 1
        w.swrite(ins.ops[0], r)
        w.scc = int(r != 0)
    return run


def _minmax(signed, pick_min):
    def run(w, ins, ctx):
        a, b = (w.sread(o) & M32 for o in ins.ops[1:3])
        ka, kb = (_sx(a, 32), _sx(b, 32)) if signed else (a, b)
        first = ka < kb if pick_min else ka > kb
        w.swrite(ins.ops[0], a if first else b)
        w.scc = int(first)
    return run


def _cmp(pred, signed, bits=32):
    def run(w, ins, ctx):
        a, b = (w.sread(o) & ((1 << bits) - 1) for o in ins.ops[0:2])
        if signed:
            a, b = _sx(a, bits), _sx(b, bits)
        w.scc = int(pred(a, b))
    return run


def _cmpk(pred, signed):
    def run(w, ins, ctx):
        a = w.sread(ins.ops[0]) & M32
        k = ins.ops[1].value & 0xFFFF
        a, k = (_sx(a, 32), _sx(k, 16)) if signed else (a, k)
        w.scc = int(pred(a, k))
    return run


def _saveexec(f):
    def run(w, ins, ctx):
        s0 = w.sread(ins.ops[1]) & M64
        old = w.exec
        w.swrite(ins.ops[0], old)
        w.exec = f(s0, old) & M64
        w.scc = int(w.exec != 0)
    return run


def _mov(w, ins, ctx):
    w.swrite(ins.ops[0], w.sread(ins.ops[1], ins.op[-3:]))


def _movk(w, ins, ctx):
    w.swrite(ins.ops[0], _sx(ins.ops[1].value, 16) & M32)


def _cselect(w, ins, ctx):
    w.swrite(ins.ops[0], w.sread(ins.ops[1 if w.scc else 2], ins.op[-3:]))


def _k_arith(kind):
    def run(w, ins, ctx):
        d = w.sread(ins.ops[0]) & M32
        k = _sx(ins.ops[1].value, 16)
        if kind == "add":
            r = _sx(d, 32) + k
            w.scc = int(not -2**31 <= r < 2**31)
        else:
            r = _sx(d, 32) * k
        w.swrite(ins.ops[0], r & M32)
    return run


def _mul(kind):
    def run(w, ins, ctx):
        a, b = (w.sread(o) & M32 for o in ins.ops[1:3])
        if kind == "i32":
            r = _sx(a, 32) * _sx(b, 32)
        elif kind == "hi_u32":
            r = (a * b) >> 32
        else:
            r = (_sx(a, 32) * _sx(b, 32)) >> 32
        w.swrite(ins.ops[0], r & M32)
    return run


def _pack(hi_a, hi_b):
    def run(w, ins, ctx):
        a, b = (w.sread(o) & M32 for o in ins.ops[1:3])
        lo = (a >> 16) if hi_a else a & 0xFFFF
        hi = (b >> 16) if hi_b else b & 0xFFFF
        w.swrite(ins.ops[0], lo | (hi << 16))
    return run


def _sext(bits):
    return _unary(lambda v, w_: _sx(v, bits) & M32, scc=False)


# Bit scans, from the CDNA3 ISA reference's SOP1 definitions (AMD's machine-readable ISA file, as gem5's Vega model
# quotes it):
#   S_FF1_I32_B32    "D.i = FindFirstOne(S0.u); If no ones are found, return -1. Returns the bit position of the
#                     first one from the LSB."
#   S_FLBIT_I32_B32  "D.i = FindFirstOne(S0.u); If no ones are found, return -1. Counts how many zeros before the
#                     first one starting from the MSB."
#   S_FLBIT_I32      "D.i = FirstOppositeSignBit(S0.i); If S0.i == 0 or S0.i == -1 (all bits are the same), return
#                     -1. Counts how many bits in a row (from MSB to LSB) are the same as the sign bit."
# None of the three names SCC (S_BCNT1_I32_B32 beside them does), and LLVM's SOPInstructions.td defines them outside
# its ``Defs = [SCC]`` blocks (patterns AMDGPUffbl_b32, AMDGPUffbh_u32, AMDGPUffbh_i32): SCC is left alone.
def _ff1(v: int, bits: int) -> int:
    return (v & -v).bit_length() - 1 if v else -1


def _flbit(v: int, bits: int) -> int:
    return bits - v.bit_length() if v else -1


def _flbit_signed(v: int, bits: int) -> int:
    x = v ^ M32 if v >> 31 else v  # the bits equal to the sign bit become zeros
    return 32 - x.bit_length() if x else -1


def _scan64(f):
    """S_FF1_I32_B64 / S_FLBIT_I32_B64: "D.i = FindFirstOne(S0.u64)", worded as their 32-bit forms; a 64-bit source
    (an inline constant read as 64 bits), a 32-bit result, SCC untouched."""
    def run(w, ins, ctx):
        w.swrite(ins.ops[0], f(w.sread(ins.ops[1], "b64") & M64, 64) & M32)
    return run


# -- program control
def _branch(cond):
    def run(w, ins, ctx):
        if cond(w):
            w.pc = ins.target
    return run


def _endpgm(w, ins, ctx):
    w.done = True


def _barrier(w, ins, ctx):
    w.at_barrier = True


def _nothing(w, ins, ctx):
    """No functional effect (see the module docstring)."""


_nothing.lockstep = True  # nothing to do for a whole group of waves either (``lockstep``)


def _shift(kind):
    def f(a, b, mask):
        bits = mask.bit_length()
        n = b & (bits - 1)
        if kind == "lshl":
            return a << n
        if kind == "lshr":
            return a >> n
        return (_sx(a, bits) >> n)
    return f


OPS = {
    **{f"s_{n}_{t}": _logic(f) for t in ("b32", "b64") for n, f in (
        ("and", lambda a, b, m: a & b), ("or", lambda a, b, m: a | b), ("xor", lambda a, b, m: a ^ b),
        ("andn2", lambda a, b, m: a & ~b), ("orn2", lambda a, b, m: a | (~b & m)),
        ("nand", lambda a, b, m: ~(a & b)), ("nor", lambda a, b, m: ~(a | b)), ("xnor", lambda a, b, m: ~(a ^ b)))},
    **{f"s_{n}_{t}": _logic(_shift(n)) for n, t in (("lshl", "b32"), ("lshl", "b64"), ("lshr", "b32"),
                                                    ("lshr", "b64"))},
    "s_ashr_i32": _logic(_shift("ashr")), "s_ashr_i64": _logic(_shift("ashr")),
    "s_bfm_b32": _logic(lambda a, b, m: ((1 << (a & 31)) - 1) << (b & 31), scc=False),
    "s_not_b32": _unary(lambda v, b: ~v), "s_not_b64": _unary(lambda v, b: ~v),
    "s_abs_i32": _unary(lambda v, b: abs(_sx(v, 32))),
    "s_bcnt1_i32_b32": _unary(lambda v, b: bin(v).count("1")),
    "s_brev_b32": _unary(lambda v, b: int(f"{v:032b}"[::-1], 2), scc=False),
    "s_ff1_i32_b32": _unary(_ff1, scc=False), "s_flbit_i32_b32": _unary(_flbit, scc=False),
    "s_flbit_i32": _unary(_flbit_signed, scc=False),
    "s_ff1_i32_b64": _scan64(_ff1), "s_flbit_i32_b64": _scan64(_flbit),
    "s_sext_i32_i8": _sext(8), "s_sext_i32_i16": _sext(16),
    "s_mov_b32": _mov, "s_mov_b64": _mov, "s_movk_i32": _movk,
    "s_cselect_b32": _cselect, "s_cselect_b64": _cselect,
    **{f"s_{k}": _arith(k) for k in ("add_u32", "addc_u32", "sub_u32", "subb_u32", "add_i32", "sub_i32")},
    **{f"s_lshl{n}_add_u32": _shift_add(n) for n in (1, 2, 3, 4)},
    "s_bfe_u32": _bfe(False, 32), "s_bfe_i32": _bfe(True, 32), "s_bfe_u64": _bfe(False, 64),
    "s_bfe_i64": _bfe(True, 64),
    "s_min_i32": _minmax(True, True), "s_min_u32": _minmax(False, True),
    "s_max_i32": _minmax(True, False), "s_max_u32": _minmax(False, False),
    "s_mul_i32": _mul("i32"), "s_mul_hi_u32": _mul("hi_u32"), "s_mul_hi_i32": _mul("hi_i32"),
    "s_addk_i32": _k_arith("add"), "s_mulk_i32": _k_arith("mul"),
    "s_pack_ll_b32_b16": _pack(False, False), "s_pack_lh_b32_b16": _pack(False, True),
    "s_pack_hh_b32_b16": _pack(True, True),
    **{f"s_{n}_saveexec_b64": _saveexec(f) for n, f in (
        ("and", lambda s, e: s & e), ("or", lambda s, e: s | e), ("xor", lambda s, e: s ^ e),
        ("andn2", lambda s, e: s & ~e), ("orn2", lambda s, e: s | ~e), ("nand", lambda s, e: ~(s & e)),
        ("nor", lambda s, e: ~(s | e)), ("xnor", lambda s, e: ~(s ^ e)), ("andn1", lambda s, e: ~s & e),
        ("orn1", lambda s, e: ~s | e))},
    "s_branch": _branch(lambda w: True),
    "s_cbranch_scc0": _branch(lambda w: not w.scc), "s_cbranch_scc1": _branch(lambda w: w.scc),
    "s_cbranch_vccz": _branch(lambda w: w.vcc == 0), "s_cbranch_vccnz": _branch(lambda w: w.vcc != 0),
    "s_cbranch_execz": _branch(lambda w: w.exec == 0), "s_cbranch_execnz": _branch(lambda w: w.exec != 0),
    "s_endpgm": _endpgm, "s_barrier": _barrier,
    "s_waitcnt": _nothing, "s_nop": _nothing, "s_setprio": _nothing, "s_sleep": _nothing,
}
_PRED = {"eq": lambda a, b: a == b, "lg": lambda a, b: a != b, "gt": lambda a, b: a > b,
         "ge": lambda a, b: a >= b, "lt": lambda a, b: a < b, "le": lambda a, b: a <= b}
for _p, _f in _PRED.items():
    OPS[f"s_cmp_{_p}_i32"] = _cmp(_f, True)
    OPS[f"s_cmp_{_p}_u32"] = _cmp(_f, False)
    OPS[f"s_cmpk_{_p}_i32"] = _cmpk(_f, True)
    OPS[f"s_cmpk_{_p}_u32"] = _cmpk(_f, False)
OPS["s_cmp_eq_u64"] = _cmp(_PRED["eq"], False, 64)
OPS["s_cmp_lg_u64"] = _cmp(_PRED["lg"], False, 64)
OPS["s_bitcmp0_b32"] = lambda w, ins, ctx: setattr(w, "scc", int(not (w.sread(ins.ops[0]) >> (
    w.sread(ins.ops[1]) & 31)) & 1))
OPS["s_bitcmp1_b32"] = lambda w, ins, ctx: setattr(w, "scc", int((w.sread(ins.ops[0]) >> (
    w.sread(ins.ops[1]) & 31)) & 1))


def _bitset(one: bool):
    """S_BITSET0/1_B32: D.u[S0.u[4:0]] = 0 / 1, the other bits of D kept, SCC untouched (LLVM's shrink pass turns an
    ``s_or_b32``/``s_and_b32`` of one bit into it when the destination is the source)."""
    def run(w, ins, ctx):
        bit, old = 1 << (w.sread(ins.ops[1]) & 31), w.sread(ins.ops[0])
        w.swrite(ins.ops[0], old | bit if one else old & ~bit & M32)
    return run


OPS["s_bitset0_b32"], OPS["s_bitset1_b32"] = _bitset(False), _bitset(True)


def unknown(name: str):
    def run(w, ins, ctx):
        raise Unmodelled(f"instruction {name}", ins)
    return run
