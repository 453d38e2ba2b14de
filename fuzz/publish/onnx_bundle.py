"""The ONNX model in a finding's bundle: what a result of an ONNX configuration adds to ``fuzz/publish/bundle.py``.

A result whose facts name an ``importer`` came from the case's ONNX model, so the bundle gets ``model.onnx``
(written again from the case by ``fuzz.case.to_onnx``, the same writer the configurations used) and ``onnx.sh``,
which runs each importer on it as the configuration did: the lines of each importer (a check that it is installed,
the import) are its frontend's (``Repro.onnx`` of its ``repro`` hook, ``fuzz/execute/backend.py``).  ``onnx.sh``
exits 0 when every importer took the model, 1 when one rejected it (the finding, where the finding is the import),
2 when an importer is not installed.
"""
from __future__ import annotations

from pathlib import Path

from fuzz.judge.results import CaseReport
from fuzz.store import atomic_write

SCRIPT = "onnx.sh"


def importers(report: CaseReport) -> dict[str, str]:
    """Per ONNX configuration of the report, the importer command line it ran (from its facts)."""
    return {r.config: r.facts["importer"] for r in report.results if r.facts.get("importer")}


def write(folder: Path, report: CaseReport, sections: tuple[tuple[str, str], ...] | None = None) -> list[str]:
    """``model.onnx`` and ``onnx.sh`` where an ONNX configuration has a result; returns the names written.
    ``sections``: each importer's (check, import) lines, where the caller has its frontends' ``Repro`` already."""
    from fuzz.case.to_onnx import MODEL, OPSET, Unwritable, to_bytes
    from fuzz.execute import registry
    ran = importers(report)
    if not ran:
        return []
    try:
        data = to_bytes(report.case)
    except Unwritable:  # a reduced case the writer no longer takes: its configurations said not-expressible
        return []
    atomic_write(folder / MODEL, data)
    sections = registry.repro(report.results, report.case).onnx if sections is None else sections
    lines = ["#!/bin/sh", f"# {MODEL} (ONNX opset {OPSET}) through the importers of: {', '.join(sorted(ran))}.",
             "# exit 0: every importer took it; 1: one rejected it; 2: an importer is not installed",
             'cd "$(dirname "$0")"']
    lines += [check for check, _ in sections] + [run for _, run in sections]
    atomic_write(folder / SCRIPT, "\n".join(lines) + "\n", executable=True)
    return [MODEL, SCRIPT]
