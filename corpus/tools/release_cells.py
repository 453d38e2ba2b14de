"""The release cells that replay cannot decide, read from what the corpus holds beside each case.

Replay decides a cell by running the case in that release (``fuzz/replay/releases.py``).  It cannot decide two
kinds of case, and ``refine`` gives them their cells from the case's own folder, at whatever depth it sits
(a finding, or a sub-case such as ``got-zero/``):

* **needs a GPU**: a verdict only a GPU run decides (a row ``unavailable here`` with a wrong-code or run-time
  verdict expected; the case's CPU control may have made the cell ``other-cpu``).  The cell is ``needs a GPU``, with
  the prediction of kernelfuzz's simulator for that release where the folder holds one (``releases-ptxsim.txt``,
  written by ``corpus/tools/release_sim.py``; ``releases-gfx942sim.txt``): ``needs a GPU (sim: wrong)``.  A finding
  that replay never ran but whose folder holds such a file gets a row from the file alone.
* **other failure (why)**: a release where replay says ``reproduces`` but the corpus shows the same verdict has another
  cause there (``FACTS``: "other"); the release is not counted as reproducing the finding's bug.
* **compiles**: a rejection that an older release compiles where nothing ran (replay's row says ``compiled``) and
  where the corpus shows that compiling it was not being right (``FACTS``: "compiles", e.g. the older release's
  build of the same kernel is wrong when run).  Replay calls that ``fixed``; the cell says ``compiles``, and such a
  release does not make the case a regression.

``FACTS`` holds what was established by hand beyond those files (a cell's extra words, a first-bad text, a note).
"""
from __future__ import annotations

import re
from pathlib import Path

from fuzz.replay.releases import first_bad

SIM_FILES = ("releases-ptxsim.txt", "releases-gfx942sim.txt")
GPU_VERDICTS = {"out-of-bound", "nan/inf-mismatch", "runtime-error", "timeout"}
COMPILE_VERDICTS = {"rejected", "compiler-crash"}
NOT_DECIDED = ("other-cpu", "unavailable here", "", "ok")  # "ok": only a CPU control ran (on its recorded CPU)
FACTS = {  # case -> hand-established additions (the finding's FINDING.md and files back each)
    "got-zero": {"cells": {"iree 3.10": "no MMA: see note"}, "first_bad": "iree 3.11 (sim; see note)",
                 "note": "`got-zero` in 3.10: the simulation is wrong in another pattern and the build has no MMA "
                         "at all, so not this bug (another 3.10 bug, or 3.10's PTX run wrongly by the simulator: "
                         "open)."},
    "gfx942-grouped-conv": {"compiles": True, "cells": {"iree 3.10": "wrong on llvm-cpu", "iree 3.11": "wrong on llvm-cpu"},
                            "regression": "no: see note",
                            "note": "the grouped-conv rows: with inputs that differ per channel 3.10 and 3.11 compute "
                                    "`gfx942-grouped-conv` wrong on llvm-cpu, and the CUDA builds were not run (the "
                                    "finding's `older_release.txt`): 3.12 is where the silent miscompile became a "
                                    "rejection, not a regression from a right release."},
    "iree-cuda-grouped-conv-semi-affine-tiling-rejected": {
        "compiles": True, "regression": "not shown: see note",
        "section": "With inputs that differ per channel the 3.10 and 3.11 llvm-cpu builds of `gfx942-grouped-conv/` "
                   "are wrong (FINDING.md, Releases; `older_release.txt`)."},
    "iree-gfx942-igemm-quantized-conv-drops-zero-points": {
        "first_bad": "iree 3.10 (sim; IR: pass drops the zero points in all four)"},
    "iree-cuda-chain-fma-contract-one-operand-reduction-dim-poison": {
        "first_bad": "iree 3.12 (sim; 3.10 wrong too)", "regression": "no: see note",
        "note": "`iree-cuda-chain-fma-contract-one-operand-reduction-dim-poison`: the pass lowers the finding's "
                "`contract.mlir` wrongly in all four releases; 3.11's pipeline gives this kernel another contract "
                "form, which is why its simulated build is right (FINDING.md, Releases)."},
    "tvm-iter-map-rewriter-fails-on-difference-extents": {
        "first_bad": "tvm 0.25 (TVM-only repro; see note)",
        "note": "the iter-map rows: kernelfuzz builds no Relax module on TVM 0.25 (its `relax.TensorType` takes a "
                "rank), so replay calls 0.25 unavailable; the finding's TVM-only repros (`fuse_repro.py`, "
                "`pad-einsum-rejection/pad_einsum_repro.py`) fail the same way on 0.25 (its `releases.txt`)."},
    "pad-einsum-rejection": {"first_bad": "tvm 0.25 (TVM-only repro; see note)"},
    "llvm-sroa-tree-merge-shuffle-before-stored-value": {
        "first_bad": "tvm 0.25 (TVM-only repro; see note)",
        "note": "`llvm-sroa-tree-merge-shuffle-before-stored-value`: replay calls 0.25 unavailable (no Relax module "
                "on 0.25); the finding's `tvm_llvm.py` (TE and #20015's avg_pool2d) fails the same way on 0.25, "
                "whose wheel bundles LLVM 22 as 0.26 and 0.27 do (its `releases.txt`)."},
    "tvm-relax-attention-f16-scale-legalizes-to-float32": {
        "first_bad": "tvm 0.25 (TVM-only repro; see note)",
        "note": "`tvm-relax-attention-f16-scale-legalizes-to-float32`: replay calls 0.25 unavailable (no Relax module "
                "on 0.25; its `tvm:cpu` control's pass is not kept, it says nothing of the Relax bug); the finding's "
                "`attention_dtype.py` returns float32 for the scaled float16 attention on 0.25 too (its `releases.txt`)."},
    "iree-llvmcpu-fp8-extf-to-f16-not-emulated-rejected": {
        "other": {"iree 3.10": "every float8 extf: see note"},
        "note": "`iree-llvmcpu-fp8-extf-to-f16-not-emulated-rejected`: IREE 3.10 rejects every float8 `arith.extf` on "
                "llvm-cpu, to f32 as well (no CPU float8 emulation before iree-org/iree#23119; the finding's "
                "`releases_extf.txt`), so replay's `reproduces` there is another cause: the bug starts in 3.11."},
    "llvm-amdgpu-globalisel-instructionselect-sgpr-sext-inreg-s64-undef-high-half": {
        "other": {"iree 3.10": "the sibling bug: see note", "iree 3.11": "the sibling bug: see note"},
        "note": "`llvm-amdgpu-globalisel-instructionselect-sgpr-sext-inreg-s64-undef-high-half`: in IREE 3.10 and 3.11 "
                "the one-lane case is wrong with the same value through the old RegBankSelect's bug "
                "(`llvm-amdgpu-globalisel-regbankselect-sext-inreg-s64-high-half-from-low-half`: the load stays in "
                "VGPRs and `v_bfe_i32 v1, v0` builds the high dword), not through this selector path; the "
                "`s_bfe_i64` of an undefined high dword is in the assembly from 3.12 (the finding's FINDING.md)."},
    "mod": {"note": "`mod`: the simulator's predictions are of `mod/kernel.mlir`, the case's access written by hand; "
                    "3.10 does not compile it for CUDA (\"Vector shape: [1, 1, 2, 8] does not match ...\"), which "
                    "is replay's `other failure` there."},
}


def sim_words(folder: Path) -> dict[str, str]:
    """Release ("iree 3.10") -> the simulator's word for it ("wrong", "right", or why not decided)."""
    words: dict[str, str] = {}
    for name in SIM_FILES:
        path = folder / name
        if path.is_file():
            words.update(_ptxsim(path.read_text()) if name == SIM_FILES[0] else _gfx942sim(path.read_text()))
    return words


def _release(text: str) -> str:
    fam, version = text.split()[:2]
    return f"{fam} {'.'.join(version.split('.')[:2])}"


def _word(verdict: str) -> str:
    v = verdict.strip()
    return "wrong" if v.startswith("wrong") or v.startswith("MISCOMPILE") else \
        "right" if v.startswith("right") or v.startswith("ok") else v.split(":")[0]


def _ptxsim(text: str) -> dict[str, str]:
    rows = [ln.split(": ", 1) for ln in text.splitlines() if ": " in ln]
    return {_release(head): _word(rest) for head, rest in rows}


def _gfx942sim(text: str) -> dict[str, str]:
    out, rel = {}, None
    for line in text.splitlines():
        if line.startswith("== "):
            rel = _release(line[3:])
        elif rel and re.match(r"(MISCOMPILE|ok)\b", line):
            out[rel] = _word(line)
    return out


def folder_of(path: str, corpus: Path) -> Path:
    """The folder of a replayed case (a path recorded on any machine) inside ``corpus``."""
    return (corpus / corpus_relative(path)).parent


def corpus_relative(path: str) -> str:
    """A replayed case's path inside the corpus, whether recorded relative to the repository (``corpus/...``) or, by
    older replays, as an absolute path (``.../corpus/...``)."""
    if "/corpus/" in path:
        return path.split("/corpus/", 1)[1]
    return path[len("corpus/"):] if path.startswith("corpus/") else path


def refine(doc: dict, corpus: Path) -> dict:
    """``doc`` (releases_sections.merge's) with the cells replay could not decide, and doc["kind"][case] =
    "gpu" | "compiles" for the cases they concern; each such case's summary is recomputed from those cells."""
    doc.setdefault("kind", {})
    doc.setdefault("sim", {})
    doc.setdefault("kind_family", {})
    for rel, rows in doc.get("rows", {}).items():
        for r in rows:
            _refine_row(doc, rel, r, corpus)
    for folder in sorted(p for p in (corpus / "findings").iterdir() if p.is_dir()):
        if folder.name not in doc["matrix"] and (folder / "case.json").is_file() and sim_words(folder):
            doc["kind"][folder.name] = "gpu"
            doc["sim"][folder.name] = sim_words(folder)
            doc["kind_family"][folder.name] = next(iter(doc["sim"][folder.name])).split(" ")[0]
            doc["matrix"][folder.name] = {rel: "needs a GPU" for rel in doc["releases"]
                                          if rel in doc["sim"][folder.name]}
    for case, facts in FACTS.items():
        _other_causes(doc, case, facts.get("other", {}))
    for case, kind in doc["kind"].items():
        cells = doc["matrix"][case]
        for rel in cells:
            if kind == "gpu" and cells[rel] == "needs a GPU" and rel in doc["sim"].get(case, {}):
                extra = FACTS.get(case, {}).get("cells", {}).get(rel)
                cells[rel] = f"needs a GPU (sim: {doc['sim'][case][rel]}{', ' + extra if extra else ''})"
            elif kind == "compiles" and cells[rel] == "compiles" and rel in FACTS.get(case, {}).get("cells", {}):
                cells[rel] = f"compiles; {FACTS[case]['cells'][rel]}"
        doc["summary"][case] = _summary(doc, case)
    first = sorted(c for c, cells in doc["matrix"].items() if any(r.startswith("iree ") for r in cells))
    doc["matrix"] = {c: doc["matrix"][c] for c in first + sorted(set(doc["matrix"]) - set(first))}
    return doc


def _refine_row(doc: dict, rel: str, r: dict, corpus: Path) -> None:
    from fuzz.replay.releases import case_name
    case = case_name(r["path"])
    cells = doc["matrix"].get(case)
    if cells is None or rel not in cells:
        return
    if r["outcome"] == "unavailable here" and r["expected"] in GPU_VERDICTS and cells[rel] in NOT_DECIDED:
        doc["kind"][case], doc["kind_family"][case] = "gpu", rel.split(" ")[0]
        doc["sim"][case] = sim_words(folder_of(r["path"], corpus))
        cells[rel] = "needs a GPU"
    elif r["outcome"] == "fixed" and r["expected"] in COMPILE_VERDICTS and r["got"] == "compiled" \
            and FACTS.get(case, {}).get("compiles"):
        doc["kind"][case], doc["kind_family"][case] = "compiles", rel.split(" ")[0]
        cells[rel] = "compiles"


def _other_causes(doc: dict, case: str, other: dict[str, str]) -> None:
    """Replay's ``reproduces`` cells that FACTS shows to be another cause become ``other failure (why)``; the case's
    summary is then computed with them as not reproducing (a plain row: no simulator, no compiles cell)."""
    cells = doc["matrix"].get(case, {})
    changed = [rel for rel in other if cells.get(rel) == "reproduces"]
    for rel in changed:
        cells[rel] = f"other failure ({other[rel]})"
    if changed and case not in doc["kind"]:
        plain = {rel: c.split(" (")[0] for rel, c in cells.items()}
        families = dict.fromkeys(r.split(" ")[0] for r in doc["releases"])
        doc["summary"][case] = {f: first_bad(plain, [r for r in doc["releases"] if r.startswith(f + " ")])
                                for f in families if any(r in cells for r in doc["releases"] if r.startswith(f + " "))}


def _summary(doc: dict, case: str) -> dict:
    """Per family, fuzz.replay.releases.first_bad over the decided cells: a simulated "wrong" counts as
    reproducing and "right" as passing; a "compiles" cell is not decided (nothing ran)."""
    cells, kind = doc["matrix"][case], doc["kind"][case]
    plain = {}
    for rel, c in cells.items():
        word = doc["sim"].get(case, {}).get(rel) if c.startswith("needs a GPU") else None
        plain[rel] = {"wrong": "reproduces", "right": "ok"}.get(word, "") if c.startswith("needs a GPU") else \
            "" if c.startswith("compiles") else c
    families = dict.fromkeys(r.split(" ")[0] for r in doc["releases"])
    return {f: {**first_bad(plain, [r for r in doc["releases"] if r.startswith(f + " ")]),
                **({"kind": kind} if f == doc["kind_family"][case] else {})}
            for f in families if any(r in cells for r in doc["releases"] if r.startswith(f + " "))}


def first_bad_text(case: str, s: dict) -> str:
    """The matrix's "first bad" cell for one family's summary ``s``: a FACTS text replaces it for a GPU or compiles
    row, and for a plain row whose text names the same family (a release replay could not build but a repro ran)."""
    text = FACTS.get(case, {}).get("first_bad")
    if text and (s.get("kind") or (s["first_bad"] and text.split()[0] == s["first_bad"].split()[0])):
        return text
    tag = {"gpu": " (sim)", "compiles": " (rejected)"}.get(s.get("kind"), "")
    return f"{s['first_bad']}{tag}" if s["first_bad"] else ""


def regression_text(case: str, s: dict) -> str:
    if s.get("kind") and FACTS.get(case, {}).get("regression"):
        return FACTS[case]["regression"]
    if s.get("kind") == "compiles":
        return "not shown"
    return ("yes (sim)" if s.get("kind") == "gpu" else "yes") if s["regression"] else ""


def notes() -> list[str]:
    return [f["note"] for f in FACTS.values() if f.get("note")]


def gfx942_lines(folder: Path) -> dict[str, str]:
    """Each release block of ``releases-gfx942sim.txt`` ("iree 3.10.0rc... (flags)") -> its verdict line."""
    out, head = {}, None
    for line in (folder / SIM_FILES[1]).read_text().splitlines():
        if line.startswith("== "):
            head = line[3:].split(" (")[0]
        elif head and re.match(r"(MISCOMPILE|ok)\b", line):
            out[head] = f"{_word(line)} ({line.strip()})"
    return out
