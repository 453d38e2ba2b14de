"""The gfx942 validation's summary (tests/bench_gfx942.py) on hand-made records: the cannot-simulate share counts
compiled runs only, a crash is scoped by whether iree:cpu-O2 crashed too, and the known igemm finding is named only
for a quantized conv under implicit GEMM."""
from __future__ import annotations

from tests.bench_gfx942 import summarize

QCONV_SEED = 1016267104  # default space: a conv2d with zero points (8, 2), validation case 92


def _lines(records):
    out = []
    summarize(records, out.append)
    return out


def _rec(index, seed, *results):
    return {"index": index, "seed": seed, "space": "default", "case": f"seed{seed}", "results": list(results)}


def test_the_cannot_simulate_share_counts_compiled_runs_and_names_the_reason():
    lines = _lines([_rec(0, 1, {"config": "iree:gfx942-O2", "verdict": "cannot-simulate", "compile_s": 1.0,
                                "reason": "gfx942 simulator: instruction v_foo is not modelled in `v_foo v1` (line 3)"},
                        {"config": "iree:gfx942-no-igemm", "verdict": "exact", "compile_s": 1.0, "sim_s": 0.5}),
                    _rec(1, 2, {"config": "iree:gfx942-O2", "verdict": "rejected", "compile_s": 0.0})])
    assert "  cannot simulate: 1 of 2 compiled gfx942 runs (50.00%)" in lines
    assert any(ln.strip() == "1  gfx942 simulator: instruction v_foo is not modelled" for ln in lines)


def test_crashes_are_scoped_and_the_known_finding_is_named_only_under_igemm():
    crash = {"config": "iree:gfx942-O2", "verdict": "compiler-crash", "message": "LLVM ERROR"}
    wrong = {"config": "iree:gfx942-O2", "verdict": "out-of-bound", "detail": "at (0,)"}
    lines = _lines([_rec(0, 5, crash, {"config": "iree:cpu-O2", "verdict": "compiler-crash"}),
                    _rec(1, 6, crash, {"config": "iree:cpu-O2", "verdict": "exact"}),
                    _rec(2, QCONV_SEED, wrong, {**wrong, "config": "iree:gfx942-no-igemm"})])
    assert any(ln.startswith("  compiler crash (every target): #0") for ln in lines)
    assert any(ln.startswith("  compiler crash (gfx942 only): #1") for ln in lines)
    known = next(ln for ln in lines if ln.startswith("  known"))
    assert known.endswith(": iree:gfx942-O2")
    assert any(ln.startswith("  not right: #2") and "iree:gfx942-no-igemm out-of-bound" in ln for ln in lines)
