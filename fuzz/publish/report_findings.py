"""The bug buckets of a campaign report: per bucket its standing against the corpus, when it was seen,
its smallest case, the verdict evidence, the reduced bundle (heatmap, histogram, repro commands) and
the corpus write-up it matches.

Everything is read from files the campaign and the reducer wrote (``OUT/findings/<case>/``,
``OUT/reduced/<bucket>/``, ``CORPUS/findings/<finding>/``); any of them may be missing (a running
campaign, a deleted folder, an old campaign) and the bucket is then shown with what there is.
"""
from __future__ import annotations

import json
import shlex
from pathlib import Path

from markupsafe import Markup

from fuzz.judge import signature as sig
from fuzz.judge.oracle import Verdict
from fuzz.judge.results import ConfigResult
from fuzz.publish import charts
from fuzz.store import folder_name

EVIDENCE = ("max_abs_err", "max_ratio", "max_bound", "bad", "max_ulps")


def _read_json(path: Path):
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None  # not written yet, or damaged: the page shows the bucket without it


def _failing(results: list[dict]) -> list[dict]:
    out = []
    for r in results:
        try:
            verdict = Verdict(r["verdict"])
        except (KeyError, ValueError):
            continue
        if not verdict.is_finding:
            continue
        e = r.get("evidence") or {}
        saved = ConfigResult(r["config"], verdict, r.get("stage", ""), message=r.get("message", ""))
        out.append({"config": r["config"], "verdict": verdict.value, "stage": r.get("stage", ""),
                    "headline": saved.headline or e.get("detail", ""), "message": r.get("message", ""),
                    "evidence": [(k, e[k]) for k in EVIDENCE if e.get(k) not in (None, "")],
                    "first_bad": "; ".join(str(tuple(i)) for i in e.get("first_bad", [])[:3]), "flags": [f for f in ("overflow", "nonfinite") if e.get(f)],
                    "detail": e.get("detail", "")})
    return out


def _bundle(folder: Path) -> dict | None:
    """What a reduced bundle offers the page: its images inline, its repro scripts as text."""
    if not (folder / "README.md").exists():
        return None
    shells = sorted(folder.glob("*.sh"))  # the frontends' scripts (fuzz/execute/backend.py: repro): those a person
    # runs, the shell scripts and the Python ones that judge with check.py
    scripts = [p for p in sorted(folder.glob("*.py")) if p.name != "check.py" and "\nimport check" in p.read_text()]
    reduction = _read_json(folder / "reduction.json") or {}
    return {"path": folder, "readme": folder / "README.md",
            "images": [(charts.png_uri(folder / n), label) for n, label in
                       (("error_heatmap.png", "|error| / bound over the output"),
                        ("error_histogram.png", "distribution of |error| / bound")) if (folder / n).exists()],
            "shells": [(p.name, p.read_text()) for p in shells],
            "scripts": [f"sh {shlex.quote(str(p))}" for p in shells]
            + [f"python3 {shlex.quote(str(p))}" for p in scripts],
            "elements": reduction.get("elements"), "pipeline": reduction.get("pipeline") or {}}


def _writeup(corpus: Path, name: str) -> dict:
    from markdown_it import MarkdownIt
    path = corpus / "findings" / name / "FINDING.md"
    html = None
    if path.exists():  # html off: a write-up's text is shown, never run
        html = Markup(MarkdownIt("commonmark", {"html": False}).enable("table").render(path.read_text()))
    return {"name": name, "path": path.resolve(), "html": html}


def _repro(out: Path, bucket, configs: list[str], bundle: dict | None) -> list[str]:
    case = out / "findings" / folder_name(bucket.smallest) / "case.json"
    pattern = ",".join(configs) or ",".join(e[0] + ("*" if e[2] == "compile" else "") for e in bucket.entries) or "*"
    lines = [shlex.join(["kernelfuzz", "run", str(case), "--configs", pattern])]
    if bundle is None:
        lines.append(shlex.join(["kernelfuzz", "reduce", str(case), "--configs", pattern,
                                 "--out", str(out / "reduced" / bucket.key)]))
    else:
        lines += bundle["scripts"]
    return lines


def bucket_view(out: Path, bucket, seen_at: dict[int, float], known_entries: dict, corpus: Path | None) -> dict:
    """One bucket as the page shows it."""
    standing, hits = sig.standing(bucket.entries, known_entries)
    results = _read_json(out / "findings" / folder_name(bucket.smallest) / "results.json") or []
    failing = _failing(results)
    bundle = _bundle(out / "reduced" / bucket.key)
    return {"key": bucket.key, "signature": bucket.signature, "standing": standing,
            "why": sig.WHY.get(standing, ""), "count": bucket.count,
            "first": bucket.first, "last": bucket.last, "first_at": seen_at.get(bucket.first),
            "last_at": seen_at.get(bucket.last), "smallest": bucket.smallest,
            "smallest_elements": bucket.smallest_elements if bucket.smallest_elements < 2**62 else None,
            "smallest_link": f"../findings/{folder_name(bucket.smallest)}/", "failing": failing, "bundle": bundle,
            "writeups": [_writeup(corpus, h) for h in hits] if corpus else [],
            "repro": _repro(out, bucket, sorted({f["config"] for f in failing}), bundle)}


def bucket_of(row: dict) -> str | None:
    """The bucket key of a campaign row, as fuzz.campaign.stats.Stats groups it (old rows keep their saved key)."""
    if row.get("signature"):
        return row["signature"]["key"]
    if row.get("failures"):
        return sig.Signature(tuple(map(tuple, row["failures"])), row["divergent"], tuple(row.get("ops", ()))).bucket_key
    return None


def known_entries(corpus: Path | None) -> dict:
    return sig.known(corpus) if corpus is not None and (corpus / "findings").is_dir() else {}
