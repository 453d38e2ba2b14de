"""The gfx942 simulator instruction by instruction, against the CDNA3 ISA reference's definitions at edge values: the
test vectors of ``tests/data/gfx942/isa.s`` (its header states the format), one test each.

Each vector runs a few instructions in one wave64 (``frontends.devices.gfx942.asm.assemble``), or in the waves of
one workgroup, with registers and memory set beforehand, and checks the values the ISA reference defines, worked out
by hand in the file, never by the simulator.  Its expressions are read with a small evaluator that takes only
arithmetic, comparisons, indexing and the helpers the header names: a vector file cannot run other code.
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

from frontends.devices.gfx942 import Unmodelled
from frontends.devices.gfx942.errors import Report
from frontends.devices.gfx942.memory import Memory
from tests import gfx942_wave as wave

VECTORS = Path(__file__).parent / "data/gfx942/isa.s"


@dataclass
class Vector:
    name: str
    lines: list = field(default_factory=list)  # instruction lines
    sets: list = field(default_factory=list)  # (register, value expression)
    allocs: list = field(default_factory=list)  # (name, bytes, fill)
    puts: list = field(default_factory=list)  # (name, offset, dtype, values expression)
    checks: list = field(default_factory=list)
    options: dict = field(default_factory=dict)  # EXEC, WAVES, LDS, PRIVATE: expressions
    error: str | None = None


def vectors() -> list[Vector]:
    out: list[Vector] = []
    for raw in VECTORS.read_text().splitlines():
        line = raw.strip()
        if m := re.match(r";\s*TEST:\s*(.*)", line):
            out.append(Vector(m.group(1)))
        elif not out or not line or (line.startswith(";") and not re.match(r";\s*[A-Z]+:", line)):
            continue  # the header, blank lines and comments
        elif m := re.match(r";\s*([A-Z]+):\s*(.*)", line):
            _directive(out[-1], m.group(1), m.group(2))
        else:
            out[-1].lines.append(line)
    return out


def _directive(v: Vector, key: str, text: str) -> None:
    if key == "SET":
        reg, value = (t.strip() for t in text.split("=", 1))
        v.sets.append((reg, value))
    elif key == "CHECK":
        v.checks.append(text)
    elif key == "ERROR":
        v.error = text
    elif key == "ALLOC":
        name, size, *fill = text.split()
        v.allocs.append((name, int(size, 0), int(fill[0], 0) if fill else None))
    elif key == "PUT":
        name, offset, dtype, values = text.split(None, 3)
        v.puts.append((name, int(offset, 0), dtype, values))
    elif key in ("EXEC", "WAVES", "LDS", "PRIVATE"):
        v.options[key] = text
    else:
        raise ValueError(f"{VECTORS.name}: unknown directive {key}")


# -- the expressions' evaluator: arithmetic, comparisons, indexing and the helpers below, nothing else
SAFE = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.Constant, ast.Name, ast.Load,
        ast.Subscript, ast.Slice, ast.List, ast.Tuple, ast.Call, ast.Attribute, ast.keyword, ast.operator,
        ast.unaryop, ast.boolop, ast.cmpop)
FIELDS = {"v", "s", "a", "scc", "vcc", "exec"}  # what an expression may read of a wave


def evaluate(text: str, env: dict):
    tree = ast.parse(text, mode="eval")
    for node in ast.walk(tree):
        if not isinstance(node, SAFE) or (isinstance(node, ast.Attribute) and node.attr not in FIELDS) or \
                (isinstance(node, ast.Name) and node.id not in env):
            raise ValueError(f"{VECTORS.name}: {ast.dump(node)[:60]} is not allowed in `{text}`")
    return eval(compile(tree, VECTORS.name, "eval"), {"__builtins__": {}}, env)


def _pad(values, pad, dtype):
    """One value per lane from lane 0, the other lanes ``pad``."""
    return np.array(list(values) + [pad] * (64 - len(values)), dtype)


HELPERS = {
    "f32": wave.f32, "LANE": wave.LANE, "inf": np.inf, "nan": np.nan, "len": len, "int": int, "range": range,
    "as_f32": lambda bits: np.asarray(bits, np.uint32).view(np.float32),
    "as_i32": lambda bits: np.asarray(bits, np.uint32).view(np.int32),
    "as_u32": lambda raw: np.frombuffer(bytes(raw), np.uint32),
    "lanes": lambda *vals, pad=0: _pad(vals, pad, np.int64),
    "f32s": lambda *vals, pad=0.0: _pad(vals, pad, np.float32).view(np.uint32),
    "where": np.where, "signbit": np.signbit,
    "divide": lambda n, d: _divide(*(np.asarray(x, np.uint32).view(np.float32) for x in (n, d))),
}


def _divide(n, d):
    with np.errstate(all="ignore"):  # IEEE division: x/0 and 0/0 are the values wanted
        return n / d


def _same(got, want) -> bool:
    """``==`` over whole values: arrays element by element (NaN equal to NaN), anything else as Python compares."""
    if isinstance(got, (np.ndarray, np.generic)) or isinstance(want, (np.ndarray, np.generic)):
        got, want = np.asarray(got), np.asarray(want)
        nan = got.dtype.kind == "f" and want.dtype.kind == "f"
        return got.shape == want.shape and bool(np.array_equal(got, want, equal_nan=nan))
    return got == want


def check(text: str, env: dict) -> bool:
    tree = ast.parse(text, mode="eval").body
    if isinstance(tree, ast.Compare) and len(tree.ops) == 1 and isinstance(tree.ops[0], ast.Eq):
        return _same(evaluate(ast.unparse(tree.left), env), evaluate(ast.unparse(tree.comparators[0]), env))
    return bool(np.all(evaluate(text, env)))


# -- running a vector
def _memory(v: Vector) -> tuple[Memory, dict]:
    mem, base = Memory(), {}
    for name, size, fill in v.allocs:
        base[name] = mem.alloc(size) if fill is None else mem.alloc(size, fill=fill)
    for name, offset, dtype, values in v.puts:
        mem.put(base[name] + offset, np.array(list(evaluate(values, {**HELPERS})), dtype).tobytes())
    return mem, base


def _places(base: dict) -> dict:
    return {**base, "lo": lambda a: a & 0xFFFFFFFF, "hi": lambda a: a >> 32,
            "buffer": lambda a, size: [a & 0xFFFFFFFF, (a >> 32) & 0xFFFF, size, 0x27000]}


def _registers(v: Vector, base: dict) -> tuple[dict, dict]:
    """The SET lines as ``gfx942_wave.run`` takes them: VGPR -> a function of the wave's id, SGPR -> a value."""
    vregs, sregs = {}, {}
    for reg, text in v.sets:
        def value(wid, text=text):
            return evaluate(text, {**HELPERS, **_places(base), "WAVE": wid})
        if m := re.fullmatch(r"s\[(\d+):(\d+)\]", reg):
            sregs.update(zip(range(int(m.group(1)), int(m.group(2)) + 1), map(int, value(0)), strict=True))
        elif reg[0] == "s":
            sregs[int(reg[1:])] = int(value(0))
        else:
            vregs[int(reg[1:])] = value
    return vregs, sregs


def run(v: Vector, engine: str = "reference"):
    opt = {k: evaluate(t, HELPERS) for k, t in v.options.items()}
    mem, base = _memory(v)
    vregs, sregs = _registers(v, base)
    report, waves = Report(), opt.get("WAVES", 1)
    ws = wave.run("\n\t".join(v.lines), v=vregs, s=sregs, exec_=opt.get("EXEC", wave.ALL), waves=waves,
                  lds=opt.get("LDS", 0), mem=mem, report=report, private=opt.get("PRIVATE", 0), engine=engine)
    return (ws if waves > 1 else [ws]), report, mem, base


@pytest.mark.parametrize("engine", ["reference", "lockstep"])  # wave by wave (machine.py), waves together (lockstep.py)
@pytest.mark.parametrize("vector", vectors(), ids=lambda v: v.name)
def test_vector(vector: Vector, engine: str):
    if vector.error is not None:
        with pytest.raises(Unmodelled, match=vector.error):
            run(vector, engine)
        return
    waves, report, mem, base = run(vector, engine)
    w = waves[0]
    env = {**HELPERS, **_places(base), "v": w.v, "s": w.s, "a": w.a, "scc": w.scc, "vcc": w.vcc, "exec": w.exec,
           "waves": waves, "oob_buffer": report.oob_buffer, "oob_local": report.oob_local,
           "lds_races": report.lds_races, "mem": lambda a, offset, n: mem.get(a + offset, n)}
    failed = [c for c in vector.checks if not check(c, env)]
    assert vector.checks and not failed, failed


def test_the_vectors_cover_every_family_and_each_has_a_check_or_an_error():
    vs = vectors()
    assert len(vs) >= 64 and len({v.name for v in vs}) == len(vs)
    assert all(v.lines and (v.checks or v.error) for v in vs)
    ops = {ln.split()[0] for v in vs for ln in v.lines if not ln.endswith(":")}
    for family in ("v_add_u32_e32", "v_fma_f32", "v_mov_b32_sdwa", "v_mov_b32_dpp", "v_pk_add_f16", "s_addc_u32",
                   "s_cbranch_execz", "buffer_load_dword", "global_load_dword", "s_load_dwordx2", "ds_read2_b32",
                   "ds_bpermute_b32", "s_barrier", "scratch_load_dword", "v_mfma_f32_16x16x16_f16",
                   "v_div_fixup_f32"):
        assert family in ops, family


def test_an_expression_outside_the_evaluator_is_refused():
    with pytest.raises(ValueError, match="not allowed"):
        evaluate("__import__('os')", HELPERS)
    with pytest.raises(ValueError, match="not allowed"):
        evaluate("LANE.__class__", HELPERS)
