"""The ONNX model in a finding's bundle: what a result of an ONNX configuration adds to ``fuzz/publish/bundle.py``.

A result whose facts name an ``importer`` (the ONNX configurations: ``frontends/iree/onnx_frontend.py``,
``frontends/tvm/onnx_frontend.py``) came from the case's ONNX model, so the bundle gets ``model.onnx`` (written again
from the case by ``fuzz.case.to_onnx``, the same writer the configurations used) and ``onnx.sh``, which runs each
importer on it as the configuration did: ``iree-import-onnx`` (its ``kernel.mlir`` is what ``iree.sh`` compiles)
and ``tvm.relax.frontend.onnx.from_onnx``.  ``onnx.sh`` exits 0 when every importer took the model, 1 when one
rejected it (the finding, where the finding is the import), 2 when an importer is not installed.
"""
from __future__ import annotations

from pathlib import Path

from fuzz.judge.results import CaseReport
from fuzz.store import atomic_write

SCRIPT = "onnx.sh"
_NEEDS = {"iree": ("command -v iree-import-onnx >/dev/null || { echo \"iree-import-onnx not found: "
                   "pip install 'iree-base-compiler[onnx]==3.13.0'\"; exit 2; }"),
          "tvm": ("python3 -c 'import onnx, tvm.relax.frontend.onnx' 2>/dev/null || { echo \"TVM's ONNX frontend not "
                  "found: pip install apache-tvm==0.27.0.post1 onnx==1.23.2\"; exit 2; }")}

_IMPORT = {"iree": "{iree} || exit 1",
           "tvm": ("python3 - <<'EOF' || exit 1\nimport onnx\nfrom tvm.relax.frontend.onnx import from_onnx\ntry:\n"
                   "    mod = {call}\n"
                   "except Exception as e:  # the importer's rejection: the finding, where it is one\n"
                   "    print(f\"from_onnx rejected {model}: {{type(e).__name__}}: {{e}}\")\n    raise SystemExit(1)\n"
                   "print(mod.script())\nEOF")}


def importers(report: CaseReport) -> dict[str, str]:
    """Per ONNX configuration of the report, the importer command line it ran (from its facts)."""
    return {r.config: r.facts["importer"] for r in report.results if r.facts.get("importer")}


def write(folder: Path, report: CaseReport) -> list[str]:
    """``model.onnx`` and ``onnx.sh`` where an ONNX configuration has a result; returns the names written."""
    from fuzz.case.to_onnx import IMPORTERS, MODEL, OPSET, TVM_IMPORT, Unwritable, to_bytes
    ran = importers(report)
    if not ran:
        return []
    try:
        data = to_bytes(report.case)
    except Unwritable:  # a reduced case the writer no longer takes: its configurations said not-expressible
        return []
    atomic_write(folder / MODEL, data)
    families = sorted({config.split(":")[0] for config in ran})
    lines = ["#!/bin/sh", f"# {MODEL} (ONNX opset {OPSET}) through the importers of: {', '.join(sorted(ran))}.",
             "# exit 0: every importer took it; 1: one rejected it; 2: an importer is not installed",
             'cd "$(dirname "$0")"']
    lines += [_NEEDS[f] for f in families]
    lines += [_IMPORT[f].format(iree=IMPORTERS["iree"], call=TVM_IMPORT, model=MODEL) for f in families]
    atomic_write(folder / SCRIPT, "\n".join(lines) + "\n", executable=True)
    return [MODEL, SCRIPT]
