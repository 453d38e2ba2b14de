"""Repro bundles: a folder a compiler engineer can use without kernelfuzz.

Layout of a bundle:

    case.json                  the (reduced) case: the input to kernelfuzz itself
    inputs/<name>.npy          every input tensor (bf16, float8, int4: raw elements, read with ml_dtypes);
                               inputs/<name>.<...>.bin an input as a frontend's script reads it (int4 packed)
    reference/<out>.npy        the reference, with .lo.npy / .hi.npy: every correct result lies between
    outputs/<config>/<out>.npy what each configuration produced
    check.py                   judges output files against the reference bounds (from any folder), and holds the
                               exit rule every script follows (templates/check.py, OUTPUTS filled in; in a corpus a
                               stub that runs the corpus's copy: fuzz/publish/checker.py)
    <the scripts>              what each configuration's frontend writes (its ``repro`` hook,
                               fuzz/execute/backend.py): a standalone script per configuration, or one that runs
                               several, with what they need beside them; each judges with check.py
    model.onnx, onnx.sh        where a configuration imported the case's ONNX model: the model and each importer's
                               lines (fuzz/publish/onnx_bundle.py)
    README.md                  verdict, evidence, signature, pipeline reduction, how to run
    error_heatmap.png          numeric findings: |error| over the output tensor (tile edges show as stripes), and
                               |error| / bound where the bound is non-zero (fuzz/publish/plots.py)
    error_histogram.png        numeric findings: each element's |error| / its own bound, with the 1.0 line
    reduction.json, results.json  the reduction record (when reduced) and every configuration's result

``write`` returns the names it wrote; ``write_scripts`` rewrites only the generated scripts (check.py and the
frontends' scripts) of a bundle from a report of its case (a fresh run, or the sources a saved bundle's scripts
hold: fuzz/publish/rescript.py), leaving its results and any hand-written file alone.  The frontend of each result
is found by its configuration's name (``fuzz.execute.registry``); a configuration it does not know (a test's own) is
offered to every frontend, which writes a script only for a source it can rebuild from.  Every
script exits by the rule templates/check.py states (0 not shown, 1 shown, 2 could not run or judge, 3 its own
error), and the README says so.

Every path built from a case, input or configuration name goes through ``store.inside``: a bundle
never writes outside its folder.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from fuzz.case.dynamic import dynamic_dims, is_dynamic, shape_text
from fuzz.case.values import materialize_all, with_digests
from fuzz.case.workload import NUMPY_DTYPE, dumps
from fuzz.execute import registry
from fuzz.execute.backend import Repro
from fuzz.judge.oracle import Verdict
from fuzz.judge.reference import evaluate
from fuzz.judge.results import CaseReport
from fuzz.publish import checker, onnx_bundle, shared_copies
from fuzz.publish.plots import HISTOGRAM, error_plots
from fuzz.reduce import reached
from fuzz.store import atomic_write, folder_name, inside, write_npy

EXIT_RULE = [  # the README's statement of the rule check.py implements (templates/check.py's docstring)
    "Every script here exits by one rule (check.py implements it; the Python scripts exit through it):",
    "**0** ran and did not show the bug; **1** ran and showed it (an element outside the certified bound, a result "
    "of another type or shape, the compile failing again where kernelfuzz saw it fail); **2** could not run or could "
    "not judge (a tool, device, package or output missing, a file of another type or shape than its output); **3** "
    "the script's own error (a traceback never exits 1).",
]


def outputs(case) -> list[tuple[str, list[int], str]]:
    """(name, shape, dtype name) of each case output, as the scripts allocate and check.py reads them."""
    types = case.tensor_types()
    return [(n, list(types[n][0]), dtype_name(types[n][1])) for n in case.outputs]


def dtype_name(dtype: str) -> str:
    """numpy's name of a case dtype: ``float16``; ml_dtypes' for the others (``bfloat16``, ``float8_e4m3fn``,
    ``int4``), which check.py resolves through ml_dtypes."""
    return np.dtype(NUMPY_DTYPE[dtype]).name


def write(folder: Path, report: CaseReport, reduction: dict | None = None, profile=None) -> list[str]:
    """Write the bundle of one (reduced) finding; returns the names written in ``folder`` (folders end in "/")."""
    from fuzz.judge import profiles
    from fuzz.judge.signature import of
    case = report.case
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write(folder / "case.json", dumps(with_digests(case)))
    values = materialize_all(case)
    for name, a in values.items():
        write_npy(inside(folder, "inputs", f"{name}.npy"), a)
    numeric = [r for r in report.findings if r.verdict in (Verdict.OUT_OF_BOUND, Verdict.NONFINITE_MISMATCH)]
    failing = (numeric or list(report.findings) or list(report.results))[0]  # a wrong result's bound and pictures
    # before a rejection elsewhere: a case can be both
    env = evaluate(case, values, profile or profiles.get(failing.profile))
    for name in case.outputs:
        v = env[name]
        write_npy(inside(folder, "reference", f"{name}.npy"), v.as_declared())
        lo, hi = v.saved_bounds()
        write_npy(inside(folder, "reference", f"{name}.lo.npy"), lo)
        write_npy(inside(folder, "reference", f"{name}.hi.npy"), hi)
    for cfg, outs in report.outputs.items():
        for name, a in zip(case.outputs, outs):
            write_npy(inside(folder, "outputs", folder_name(cfg), f"{name}.npy"), np.asarray(a))
    written = ["case.json", "inputs/", "reference/"] + (["outputs/"] if report.outputs else [])
    repro = registry.repro(report.results, case)
    written += write_scripts(folder, report, repro)
    written += onnx_bundle.write(folder, report, repro.onnx)  # model.onnx and onnx.sh where an ONNX configuration ran
    if failing.verdict in (Verdict.OUT_OF_BOUND, Verdict.NONFINITE_MISMATCH) and failing.config in report.outputs:
        out = np.asarray(report.outputs[failing.config][0])
        v = env[case.outputs[0]]
        written += [p.name for p in error_plots(folder, out, v.data, v.lo, v.hi)]
    atomic_write(folder / "README.md", _readme(report, of(report), reduction, written, repro))
    if reduction is not None:  # the same record the README shows, pipeline reduction included
        atomic_write(folder / "reduction.json", json.dumps(reduction, indent=1) + "\n")
    atomic_write(folder / "results.json", json.dumps([r.summary() for r in report.results], indent=1) + "\n")
    return ["README.md", *written, *(["reduction.json"] if reduction is not None else []), "results.json"]


def write_scripts(folder: Path, report: CaseReport, repro: Repro | None = None) -> list[str]:
    """Write the bundle's generated scripts: check.py and what the results' frontends write (``repro``: given, or
    asked for: ``registry.repro``); returns the names written in ``folder`` itself."""
    checker.write(folder, outputs(report.case))
    repro = registry.repro(report.results, report.case) if repro is None else repro
    for name, data in repro.files:
        path = inside(folder, *name.split("/"))  # poison.py: in a corpus, the stub of the corpus's copy
        atomic_write(path, shared_copies.text(path.parent, path.name, data), executable=name in repro.executable)
    return ["check.py"] + [name for name, _ in repro.files if "/" not in name]


def _title(signature) -> str:
    """The README's title: the first failure, and how many more (the signature line under it names them all)."""
    if not signature.failures:
        return signature.describe()
    config, verdict, stage, _ = signature.failures[0]
    more = len(signature.failures) - 1
    return f"{config} {verdict} at {stage}" + (f" and {more} more" if more else "")


def _path_kept(reduction: dict) -> list[str]:
    """What the reduction kept of the path the failure reached (``fuzz/reduce/reached.py``), one line each."""
    return [*(f"- {line}" for line in reached.lines(reduction["reached"])), ""] if "reached" in reduction else []


def _readme(report: CaseReport, signature, reduction: dict | None, written: list[str], repro: Repro) -> str:
    case = report.case
    types = case.tensor_types()
    lines = [f"# {case.name}: {_title(signature)}", "", case.note, "", f"Signature: {signature.describe()}", "",
             "## The kernel", ""]
    dyn = dynamic_dims(case, types)
    for op in case.ops:
        ins = ", ".join(f"{n}: {types[n][1]}{shape_text(types[n][0], dyn[n])}" for n in op.inputs)
        out = f"{types[op.name][1]}{shape_text(types[op.name][0], dyn[op.name])}"
        lines.append(f"- `{op.name}` = {op.kind}({ins}) -> {out}")
    if is_dynamic(case):
        lines += ["", "Dims marked `?` are dynamic: the compilers see them as unknown until the run, which binds the "
                      "sizes shown."]
    lines += ["", "## Verdicts", "", "| configuration | verdict | stage | max abs error | error/bound | bad elements | detail |",
              "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in report.results:
        e = r.evidence
        lines.append(f"| {r.config} | {r.verdict.value} | {r.stage} | {'' if e is None else f'{e.max_abs_err:.6g}'} | "
                     f"{'' if e is None else f'{e.max_ratio:.4g}'} | {'' if e is None else e.bad} | "
                     f"{r.headline.replace('|', '/')[:150]} |")
    if reduction:
        lines += ["", "## Reduction", "", *_path_kept(reduction), "```json", json.dumps(reduction, indent=1), "```"]
    lines += ["", "## Reproduce without kernelfuzz", "",
              "Inputs are in `inputs/`, the reference and its certified bounds in `reference/`; "
              "`python3 check.py OUTPUT...` judges output files (`.npy`, or `.bin` raw elements of the declared type; "
              "from any folder; bf16 and float8 need `ml_dtypes`).", ""]
    lines += list(repro.readme)
    lines += ["- `error_heatmap.png` shows |error| over the output tensor (and |error|/bound where the bound is "
              "non-zero); `error_histogram.png` each element's |error| / its own bound, with the 1.0 line."] \
        if HISTOGRAM in written else []
    lines += simulated_lines(report) + list(repro.sections)
    lines += ["", "## Exit status", "", *EXIT_RULE, *repro.exits]
    return "\n".join(lines) + "\n"


def simulated_lines(report: CaseReport) -> list[str]:
    """The README's section on verdicts a simulator of the device gave (a frontend's ``repro`` may add its own
    lines to it: how its scripts repeat or confirm them)."""
    names = [r.config for r in report.results if r.simulated]
    if not names:
        return []
    amd = [r.config for r in report.results if r.simulated and "gfx942" in r.facts.get("executor", "")]
    return ["", "## Simulated verdicts", "",
            f"The verdicts of {', '.join(names)} were simulated: kernelfuzz ran the compiled GPU code in its "
            "simulators (not a GPU: timing and caches are not modelled, nor, for CUDA, the driver's compile of PTX "
            "to SASS; a shared-memory race or an out-of-bounds access is reported as such)."] + \
        ([f"{', '.join(amd)}: no AMD hardware has checked kernelfuzz's gfx942 simulator; confirm on an AMD GPU "
          "before reporting."] if amd else [])
