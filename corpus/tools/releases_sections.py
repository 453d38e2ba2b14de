"""Write each finding's "## Releases" section and TRIAGE.md's release matrix from a releases.json.

Usage (from the repository root):
  kernelfuzz replay corpus --releases iree==3.10,iree==3.11,iree==3.12,iree==3.13,tvm==0.25,tvm==0.26,tvm==0.27 \
      --out releases-out
  python corpus/tools/releases_sections.py releases-out/releases.json [more.json ...] \
      [--notes notes.json]

Every finding folder under corpus/findings gets its section replaced (or appended); TRIAGE.md gets its
"## Across releases" section replaced (or appended).  ``NOTES`` (or ``--notes``, JSON {finding: text}): the upstream change
that fixed or introduced a finding (from the trackers; no .json under corpus/, which replay would read as a case); a finding a release fixes without a note says
"no fix found in the trackers".  The cells replay cannot decide (a verdict only a GPU decides, a rejection that an
older release only compiled) come from the files beside each case (``release_cells.py``).  Nothing here is typed by
hand: rerun after a new replay.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # release_cells beside this file

import release_cells  # noqa: E402

from fuzz.replay.releases import first_bad  # noqa: E402
from fuzz.store import atomic_write  # noqa: E402

NOTES = {  # finding -> what the trackers show about the change that fixed or introduced it (searched by hand)
    'iree-gpu-reduction-tiling-recomputes-returned-reduction-failed-to-bufferize':
        'this broadcast form compiles in 3.10 and 3.11, the campaign case and `kernel_sub.mlir` fail from 3.11 (FINDING.md: 3.10 keeps the two reductions in two dispatches); the reduction-level fusion without a yielded replacement is iree-org/iree#19405 (merged 2024-12, in every release tested); no change that brought the failure in found in the trackers (iree-org/iree searched for GPU reduction tiling and bufferization failures).',
    'iree-gfx942-reduction-vecdist-offset-map-pack-failed':
        'the gfx942-O2 rejection passes in IREE 3.11 between failing 3.10 and 3.12 (replay compares verdicts, not messages); no change that fixed it in 3.11 or brought it back in 3.12 found in the trackers (iree-org/iree issues on VectorDistribute reduction failures searched).',
    'mlir-linalg-pad-tiling-interface-floordiv-padded-shape-zero-crash':
        'IREE 3.10 and 3.11 reject the kernel on gfx942 with another error ("uses 163904 / 98304 bytes of shared memory; exceeded the limit of 65536 bytes"), so no release compiles it; 3.12 and 3.13 crash in GPUApplyTilingLevelPass after the padding level. No introducing change searched beyond llvm/llvm-project#149576 (the padded-shape computation for conv maps).',
    'llvm-amdgpu-globalisel-regbankselect-sext-inreg-s64-high-half-from-low-half':
        'passes from 3.12 because its LLVM runs the new register-bank passes for -global-isel (llvm/llvm-project#203928, 2026-06-15: the old RegBankSelect deprecated, its code kept), not because the wrong line was fixed; no report of the line found (FINDING.md: four llvm/llvm-project queries).',
    'tvm-relax-dlight-int8-conv-cast-f16-intimm':
        'compiles in TVM 0.26 and is rejected in 0.27 on the dlight CUDA/ROCm configurations; no introducing change found in the trackers.',
}
SECTION = "## Releases"
TRIAGE = "## Across releases"
NOT_RUN = ("", "unavailable here", "other-cpu")
SHOWN = {"fixed": "passes", "ok": "passes"}  # a matrix cell in words: "fixed" in an older release means it passed


def _replace(text: str, heading: str, body: str) -> str:
    """``text`` with the section under ``heading`` (up to the next '## ') replaced by ``body``, else appended."""
    pattern = re.compile(rf"^{re.escape(heading)}\n.*?(?=^## |\Z)", re.S | re.M)
    block = f"{heading}\n\n{body.rstrip()}\n\n"
    return pattern.sub(lambda m: block, text, count=1) if pattern.search(text) else text.rstrip() + "\n\n" + block


PTXSIM = "releases-ptxsim.txt"
GFX942SIM = "releases-gfx942sim.txt"


def _sub_cases(name: str, doc: dict) -> list[str]:
    """One line per sub-case folder of the finding that has its own row of cells replay could not decide."""
    subs = [s for s in doc.get("sub_cases", {}).get(name, ()) if s in doc.get("kind", {})]
    if not subs:
        return []
    return [""] + [f"- Sub-case `{s}/` (its own row of TRIAGE.md's matrix): "
                   + "; ".join(f"{rel}: {cell}" for rel, cell in doc["matrix"][s].items()) + "." for s in subs]


def _gfx942(name: str, doc: dict) -> list[str]:
    words = doc.get("gfx942", {}).get(name)
    if not words:
        return []
    return ["", f"gfx942 without a GPU (kernelfuzz's gfx942 simulator runs each release's build; a prediction, not a GPU "
                f"run, from `{GFX942SIM}`):", ""] + [f"- {rel}: {w}" for rel, w in words.items()]  # a CUDA finding's kernel per IREE release, run by ptxsim (corpus/tools/release_sim.py)


def ptxsim_lines(text: str) -> list[str]:
    """The section's lines for a finding's ``releases-ptxsim.txt`` (release_sim.py's output, one line per release)."""
    rows = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return ["", "CUDA without a GPU (`python corpus/tools/release_sim.py FINDING <side env>...`: each release's "
            "iree-compile builds `kernel.mlir` for sm_80 and kernelfuzz's PTX simulator runs its PTX; a prediction, not a GPU run, "
            "from `releases-ptxsim.txt`):", ""] + [f"- {row}" for row in rows]


GPU_LINE = ("- {family}: needs a GPU: the case's verdict is a GPU configuration's, which only a run on a GPU decides "
            "(replay: `unavailable here`). The simulator's predictions follow.")
COMPILES_LINE = ("- First release that rejects it: {first}. Not shown to be a regression: the older releases tested "
                 "compile it and nothing ran (a rejection is decided by compiling, and these configurations only "
                 "compile here).")


def _tested(seen: list[str], cells: dict) -> str:
    """The oldest release that ran the case (one a release cannot build is not tested)."""
    return next((r for r in seen if cells[r] != "unavailable for this release"), "")


def _shown(cell: str) -> str:
    return SHOWN.get(cell, cell)


def finding_section(name: str, doc: dict, note: str, sim: str = "") -> str:
    cells, summary = doc["matrix"].get(name, {}), doc["summary"].get(name, {})
    kind = doc.get("kind", {}).get(name)
    if kind == "gpu" and not summary:
        summary = {}
    if not summary:
        return ("Not replayed against other releases: no configuration it expects belongs to a compiler family of "
                f"the matrix ({', '.join(doc['releases'])}), or it has no top-level case.json.\n"
                + ("\n".join(ptxsim_lines(sim)) + "\n" if sim else "")
                + ("\n".join(_sub_cases(name, doc)) + "\n" if _sub_cases(name, doc) else ""))
    lines = ["From `kernelfuzz replay corpus --releases " + ",".join(r.replace(" ", "==") for r in doc["releases"])
             + "` (generated by `corpus/tools/releases_sections.py`):", ""]
    if name in doc.get("from_files", ()):
        lines = ["Not replayed (no kernelfuzz replay ran it); its cells come from the simulator's file beside it "
                 "(generated by `corpus/tools/releases_sections.py`):", ""]
    lines += ["| release | outcome |", "| --- | --- |"]
    for rel in doc["releases"]:
        if rel in cells:
            lines.append(f"| {rel} | {_shown(cells[rel]).split(' (sim')[0]} |")
    lines.append("")
    for family, s in summary.items():
        if s.get("kind") == "gpu":
            lines.append(GPU_LINE.format(family=family))
            continue
        if s.get("kind") == "compiles":
            lines += [f"- Reproduces in: {', '.join(s['reproduces']) or 'none'}.",
                      COMPILES_LINE.format(first=s["first_bad"])]
            extra = release_cells.FACTS.get(name, {}).get("section")
            lines += [f"  {extra}"] if extra else []
            continue
        seen = [r for r in doc["releases"] if r.startswith(family + " ") and r in cells and cells[r] not in NOT_RUN]
        if not seen:
            why = {cells.get(r) for r in doc["releases"] if r.startswith(family + " ")} - {""}
            lines.append(f"- {family}: not decidable on this machine ({', '.join(sorted(why))}): see the table.")
            continue
        if not s["reproduces"] and not any(cells[r] in ("fixed", "other failure", "regressed") for r in seen):
            lines.append(f"- {family}: its configurations pass in every release that builds them, as recorded "
                         f"(the case expects no {family} failure).")
            continue
        repro = ", ".join(s["reproduces"]) or "none"
        lines.append(f"- Reproduces in: {repro}.")
        if s["first_bad"]:
            kind = "**regression**: an older release was right" if s["regression"] else \
                "not a regression: it fails in the oldest release tested" if s["first_bad"] == _tested(seen, cells) else \
                "not shown to be a regression: the older releases tested fail otherwise"
            lines.append(f"- First bad release: {s['first_bad']} ({kind}).")
        else:
            lines.append("- First bad release: none of those tested reproduces the recorded failure.")
        if s["fixed_in"]:
            lines.append(f"- Fixed in: {', '.join(s['fixed_in'])}.")
    if sim:
        lines += ptxsim_lines(sim)
    if gfx := _gfx942(name, doc):
        lines += gfx
    lines += _sub_cases(name, doc)
    if note:
        lines.append(f"- Upstream: {note}")
    elif any(s["fixed_in"] for s in summary.values()):
        lines.append("- Upstream: no fix found in the trackers.")
    return "\n".join(lines) + "\n"


CELL_FORMS = (
    "Cells replay cannot decide come from the files beside each case (`corpus/tools/release_cells.py`): **needs a "
    "GPU** where the verdict is a GPU configuration's, which only a run on a GPU decides (replay: `unavailable here`), "
    "with in brackets kernelfuzz's simulator's prediction for that release's build (the case folder's "
    "`releases-ptxsim.txt` or `releases-gfx942sim.txt`; a finding with such a file and no replayed row gets its row "
    "from the file); **compiles** where an older release compiles a rejection that nothing ran (a rejection is "
    "decided by compiling; that release is not shown right, so no regression is claimed). Notes:")


def _by_release(cases: dict) -> dict:
    per: dict[str, list[str]] = {}
    for case, first in cases.items():
        per.setdefault(first, []).append(case)
    return per


def triage_section(doc: dict) -> str:
    rels = doc["releases"]
    lines = ["Generated by `corpus/tools/releases_sections.py` from `kernelfuzz replay corpus --releases "
             + ",".join(r.replace(" ", "==") for r in rels) + "` (blank: the case does not use that compiler; "
             "other-cpu: its CPU verdicts were recorded on a CPU this machine cannot run).", "", CELL_FORMS,
             *[f"- {n}" for n in release_cells.notes()], "",
             "| case | " + " | ".join(rels) + " | first bad | regression |",
             "| --- | " + " | ".join("---" for _ in rels) + " | --- | --- |"]
    regressions, simulated = {}, {}
    for case, cells in doc["matrix"].items():
        if not cells:
            continue
        s = doc["summary"].get(case, {})
        first = ", ".join(release_cells.first_bad_text(case, v) for v in s.values() if v["first_bad"]) or ""
        reg = ", ".join(t for t in (release_cells.regression_text(case, v) for v in s.values()) if t)
        plain = ", ".join(v["first_bad"] for v in s.values() if v["first_bad"])
        if reg == "yes":
            regressions[case] = plain
        elif reg == "yes (sim)":
            simulated[case] = plain
        lines.append(f"| {case} | " + " | ".join(_shown(cells.get(r, "")) for r in rels) + f" | {first} | {reg} |")
    replayed = len([c for c in doc["matrix"] if c not in doc.get("from_files", ())])
    per, per_sim = _by_release(regressions), _by_release(simulated)
    lines += ["", f"{len(regressions)} of the {replayed} replayed cases are regressions (an older release "
              "tested was right): " + "; ".join(f"{k}: {len(v)} ({', '.join(sorted(v))})" for k, v in sorted(per.items()))
              + "." + (" Predicted by the simulator only (no GPU): " + "; ".join(
                  f"{k}: {', '.join(sorted(v))}" for k, v in sorted(per_sim.items())) + "." if per_sim else "")]
    findings = [c for c in regressions if c in doc.get("findings", ())]
    sim_findings = [c for c in simulated if c in doc.get("findings", ())]
    if doc.get("findings"):
        # doc["findings"] is today's corpus, the matrix the replays': count only the folders a replay covered, and say
        # how many none did (their rows come with the next replay)
        covered = [c for c in doc["findings"] if c in doc["matrix"]]
        since = len(doc["findings"]) - len(covered)
        later = (f"; the other {since} of the {len(doc['findings'])} with a case.json are in none of the replays merged "
                 "here and have no row: their own Releases sections say what was run" if since else "")
        lines += ["", f"Of the {len(covered)} finding folders with a case.json that the replays covered (corpus/findings; "
                  f"distinct bugs are counted in \"Confirmed bugs\" above{later}), {len(findings)} are regressions: "
                  + "; ".join(f"{k}: {len([c for c in v if c in findings])}" for k, v in sorted(per.items()))
                  + (f" (and, by the simulator only, {len(sim_findings)} GPU findings: " + "; ".join(
                      f"{k}: {len([c for c in v if c in sim_findings])}" for k, v in sorted(per_sim.items())
                      if any(c in sim_findings for c in v)) + ")" if sim_findings else "") + "."]
    gaps = sorted({f"{rel}: {r['got']}" for rel, rows in doc.get("rows", {}).items() for r in rows
                   if r["outcome"] == "unavailable for this release"})
    if gaps:
        lines += ["", "Unavailable for a release (what it lacks): " + "; ".join(gaps) + "."]
    if doc.get("failures"):
        lines += ["", "Not replayed: " + "; ".join(f"{k}: {v}" for k, v in doc["failures"].items())]
    return "\n".join(lines) + "\n"


def merge(docs: list[dict]) -> dict:
    """Several replays' documents (e.g. the IREE releases and the TVM releases, run side by side) as one."""
    out = {"releases": [], "matrix": {}, "summary": {}, "failures": {}, "seconds": {}, "rows": {}}
    for d in docs:  # a later file's release replaces an earlier file's for the cases it replayed (a rerun)
        out["releases"] += [r for r in d["releases"] if r not in out["releases"]]
        for case, cells in d["matrix"].items():
            out["matrix"].setdefault(case, {}).update(cells)
        for rel, rows in d.get("rows", {}).items():
            again = {release_cells.corpus_relative(r["path"]) for r in rows}
            kept = [r for r in out["rows"].get(rel, []) if release_cells.corpus_relative(r["path"]) not in again]
            out["rows"][rel] = kept + rows
        for key in ("failures", "seconds"):
            out[key].update(d.get(key, {}))
    families = {r: r.split(" ")[0] for r in out["releases"]}
    for case, cells in out["matrix"].items():  # recomputed by this kernelfuzz, whatever wrote the files
        out["summary"][case] = {f: first_bad(cells, [r for r in out["releases"] if families[r] == f])
                                for f in dict.fromkeys(families.values())
                                if any(r in cells for r in out["releases"] if families[r] == f)}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("matrix", type=Path, nargs="+",
                    help="releases.json files (several: their releases side by side; a later file's release replaces "
                         "an earlier one's)")
    ap.add_argument("--notes", type=Path, help="JSON {finding: text} to use instead of NOTES")
    ap.add_argument("--corpus", type=Path, default=ROOT / "corpus")
    args = ap.parse_args(argv)
    doc = merge([json.loads(p.read_text()) for p in args.matrix])
    replayed = set(doc["matrix"])
    doc = release_cells.refine(doc, args.corpus)
    doc["from_files"] = sorted(set(doc["matrix"]) - replayed)
    doc["gfx942"] = {p.name: release_cells.gfx942_lines(p) for p in (args.corpus / "findings").iterdir()
                     if (p / GFX942SIM).is_file()}
    doc["findings"] = sorted(p.name for p in (args.corpus / "findings").iterdir() if (p / "case.json").is_file())
    doc["sub_cases"] = {p.name: sorted(s.name for s in p.iterdir() if s.is_dir())
                        for p in (args.corpus / "findings").iterdir() if p.is_dir()}
    notes = json.loads(args.notes.read_text()) if args.notes else NOTES
    folders = sorted(p for p in (args.corpus / "findings").iterdir() if p.is_dir())
    for folder in folders:  # the write-up: README.md, or FINDING.md where a finding has no README
        page = folder / "README.md" if (folder / "README.md").is_file() else folder / "FINDING.md"
        sim = (folder / PTXSIM).read_text() if (folder / PTXSIM).is_file() else ""
        atomic_write(page, _replace(page.read_text(), SECTION,
                                    finding_section(folder.name, doc, notes.get(folder.name, ""), sim)))
    triage = args.corpus / "TRIAGE.md"
    atomic_write(triage, _replace(triage.read_text(), TRIAGE, triage_section(doc)))
    print(f"updated {len(folders)} findings and {triage}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
