"""Repro bundles: a folder a compiler engineer can use without kernelfuzz.

Layout of a bundle:

    case.json                  the (reduced) case: the input to kernelfuzz itself
    inputs/<name>.npy          every input tensor
    reference/<out>.npy        the reference, with .lo.npy / .hi.npy: every correct result lies between
    outputs/<config>/<out>.npy what each configuration produced
    check.py                   numpy-only: judges output files against the reference bounds (from any folder)
    poison.py                  with TVM configurations: TVM's TIR pipeline with every intermediate buffer poisoned,
                               as kernelfuzz compiled (generated from frontends/tvm/poison.py)
    tvm_<config>.py            per TVM configuration: a standalone TVM + numpy script, the scheduled TVMScript
                               module compiled and run from the same poisoned memory as kernelfuzz's run (named
                               after the configuration, e.g. tvm_cpu-sampled.py); for a Relax configuration the
                               Relax module through Relax's pipeline (fuzz/publish/relax_bundle.py)
    kernel.mlir, iree.sh       only with IREE configurations: the MLIR with the exact iree-compile /
                               iree-run-module lines per configuration
    README.md                  verdict, evidence, signature, pipeline reduction, how to run
    error_heatmap.png          numeric findings: |error| over the output tensor (tile edges show as stripes), and
                               |error| / bound where the bound is non-zero (fuzz/publish/plots.py)
    error_histogram.png        numeric findings: each element's |error| / its own bound, with the 1.0 line
    reduction.json, results.json  the reduction record (when reduced) and every configuration's result

``write`` returns the names it wrote; ``write_scripts`` rewrites only the generated scripts (check.py, poison.py,
tvm_<config>.py, kernel.mlir, iree.sh) of a bundle from a fresh report of its case, leaving its results and
any hand-written file alone.

Every path built from a case, input or configuration name goes through ``store.inside``: a bundle
never writes outside its folder.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from fuzz import settings
from fuzz.case.dynamic import dynamic_dims, is_dynamic, shape_text
from fuzz.case.values import materialize_all, with_digests
from fuzz.case.workload import NUMPY_DTYPE, dumps
from fuzz.execute.backend import TVM_HEADER, TVM_PENDING
from fuzz.judge.oracle import Verdict
from fuzz.judge.reference import evaluate
from fuzz.judge.results import CaseReport, ConfigResult
from fuzz.publish import iree_script, relax_bundle, simulated
from fuzz.publish.plots import HISTOGRAM, error_plots
from fuzz.store import atomic_write, folder_name, inside, write_npy

CHECK = '''"""Judge output .npy files against kernelfuzz's reference bounds (numpy only).

usage: python3 check.py OUTPUT.npy [OUTPUT.npy ...]   (one per case output, in order; from any folder)
Exit status 1 when any element lies outside [lo, hi]: a miscompile, not rounding."""
import os
import sys

import numpy as np

OUTPUTS = {outputs!r}
REFERENCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference")  # beside this file


def poison(out):
    """Elements still holding the poison kernelfuzz fills buffers with: 0xA5 bytes, or in a float the NaN with all
    bits set of any float width, converted to this one (fuzz/judge/poison.py)."""
    fills = set([bytes([0xA5]) * out.dtype.itemsize])
    if out.dtype.kind == "f":
        fills |= set(np.frombuffer(bytes([0xFF]) * np.dtype(t).itemsize, t).astype(out.dtype).tobytes()
                     for t in (np.float16, np.float32, np.float64))
    b = np.ascontiguousarray(out).reshape(-1).view(np.uint8).reshape(out.size, -1)
    hit = [np.all(b == np.frombuffer(f, np.uint8), axis=1) for f in fills]
    return np.any(hit, axis=0).reshape(out.shape)


def judge(name, out):
    ref = np.load(os.path.join(REFERENCE, f"{{name}}.npy"))
    if out.shape != ref.shape or (out.dtype.kind == ref.dtype.kind == "f" and out.dtype != ref.dtype):
        # kernelfuzz's oracle holds a result to the declared type too (float16 returned as float32 is a bug even
        # where the values are right); newer floats and packed ints are left to the values (no numpy dtype here)
        print(f"{{name}}: got {{out.dtype}}{{list(out.shape)}}, expected {{ref.dtype}}{{list(ref.shape)}}")
        return True
    lo, hi = (np.load(os.path.join(REFERENCE, f"{{name}}.{{end}}.npy")) for end in ("lo", "hi"))
    o = out.astype(np.float64)
    with np.errstate(invalid="ignore"):
        bad = ~((o >= lo) & (o <= hi)) & ~(np.isnan(o) & np.isnan(ref.astype(np.float64)))
    if out.dtype.kind == "f":  # +-inf is a correct result only where the bound passes the finite range
        top = float(np.finfo(out.dtype).max)
        bad &= ~(((o == np.inf) & (hi > top)) | ((o == -np.inf) & (lo < -top)))
    err = np.abs(o - ref.astype(np.float64))
    finite = np.isfinite(err)
    unwritten = int((bad & poison(out)).sum())
    print(f"{{name}}: max |error| {{err[finite].max(initial=0):.6g}}"
          + (f" (+{{int((~finite).sum())}} NaN/Inf)" if not finite.all() else "")
          + f", {{int(bad.sum())}} of {{bad.size}} elements outside the certified bound"
          + (f", first at {{tuple(int(i) for i in np.argwhere(bad)[0])}}" if bad.any() else "")
          + (f"; {{unwritten}} hold the poison: never written" if unwritten else ""))
    return bool(bad.any())


def main(paths):
    outs = [np.load(p) for p in paths]
    return main_arrays(outs)


def main_arrays(outs):
    bad = [judge(n, o) for n, o in zip(OUTPUTS, outs)]
    print("MISCOMPILE: outside the bound" if any(bad) else "ok: within the certified bound")
    return 1 if any(bad) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''

TVM_SCRIPT = '''"""Standalone repro for {config} ({verdict}): TVM and numpy only.

Compiles the exact scheduled module kernelfuzz compiled, runs it on inputs/*.npy and judges
the outputs against reference/ (python3 check.py semantics). Exit 1: outside the bound.
As in kernelfuzz, every output and every intermediate buffer starts poisoned (all bits set in a
float: a NaN; 0xA5 in every byte of an integer), so an element the kernel never writes is seen
rather than read back from whatever the memory held."""
import os
import sys

import numpy as np
import tvm

import check

os.chdir(os.path.dirname(os.path.abspath(__file__)))
from poison import PIPELINE as POISONED, poisoned  # noqa: E402  beside this script: TVM and numpy only

{setup}TARGET = {target!r}
INPUTS = {inputs!r}
OUTPUTS = {outputs!r}  # (name, shape, dtype)
SOURCE = {source!r}

mod = tvm.script.from_source(SOURCE)
if not isinstance(mod, tvm.IRModule):
    mod = tvm.IRModule({{"main": mod}})
{schedule}executable = tvm.compile(mod, target=tvm.target.Target(TARGET), tir_pipeline=POISONED)
if TARGET["kind"] in ("cuda", "rocm") and not tvm.device(TARGET["kind"]).exist:  # kernelfuzz only compiled it
    print(f"compiled for {{TARGET['kind']}}; no such device here, the run is skipped")
    sys.exit(0)
if "mtriple" in TARGET:  # a Hexagon object: kernelfuzz runs it under QEMU with its own harness
    print(f"compiled for {{TARGET['mtriple']}}; it does not run on this host (kernelfuzz run case.json runs it)")
    sys.exit(0)
args = [tvm.runtime.tensor(np.load(f"inputs/{{n}}.npy")) for n in INPUTS]
results = [tvm.runtime.tensor(poisoned(shape, dtype)) for _, shape, dtype in OUTPUTS]
executable(*args, *results)
sys.exit(check.main_arrays([r.numpy() for r in results]))
'''

# The memory kernelfuzz's TVM runs start from, beside the scripts that need it: TVM's default TIR pipeline plus one
# pass that fills each intermediate buffer where TVM allocates it, and ``poisoned`` for the outputs.  Generated from
# frontends/tvm/poison.py (python -m frontends.tvm.poison_copy), held equal to it by tests/test_poison_copy.py.
POISON_MODULE = Path(__file__).with_name("templates") / "tvm_poison.py"

TVM_SETUP = {  # what TVM's codegen for a target needs from the environment (settings.rocm_codegen, as kernelfuzz's)
    "rocm": (f'os.environ.setdefault({settings.ROCM_PATH.name!r}, {settings.ROCM_PATH.default!r})  '
             '# device bitcode (Debian rocm-device-libs)\n'
             f'os.environ["PATH"] = {settings.ROCM_LLD + ":"!r} + os.environ["PATH"]  '
             '# ld.lld for gfx942 (Debian lld-19)\n'),
}
TVM_SCHEDULES = {  # what the script applies where SOURCE is the module before the failing schedule
    "dlight": ("import tvm.s_tir.dlight as dl\n\n"
               "with tvm.target.Target(TARGET):  # dlight's default GPU rules, where kernelfuzz's compile failed\n"
               "    mod = dl.ApplyDefaultSchedule(dl.gpu.Matmul(), dl.gpu.GEMV(), dl.gpu.Reduction(),\n"
               "                                  dl.gpu.GeneralReduction(), dl.gpu.Fallback())(mod)\n"),
}




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
        write_npy(inside(folder, "reference", f"{name}.lo.npy"), v.lo.astype(np.float64))
        write_npy(inside(folder, "reference", f"{name}.hi.npy"), v.hi.astype(np.float64))
    for cfg, outs in report.outputs.items():
        for name, a in zip(case.outputs, outs):
            write_npy(inside(folder, "outputs", folder_name(cfg), f"{name}.npy"), np.asarray(a))
    written = ["case.json", "inputs/", "reference/"] + (["outputs/"] if report.outputs else [])
    written += write_scripts(folder, report)
    written += simulated.write(folder, report)  # simulate.sh where a verdict was simulated
    if failing.verdict in (Verdict.OUT_OF_BOUND, Verdict.NONFINITE_MISMATCH) and failing.config in report.outputs:
        out = np.asarray(report.outputs[failing.config][0])
        v = env[case.outputs[0]]
        written += [p.name for p in error_plots(folder, out, v.data, v.lo, v.hi)]
    atomic_write(folder / "README.md", _readme(report, of(report), reduction, written))
    if reduction is not None:  # the same record the README shows, pipeline reduction included
        atomic_write(folder / "reduction.json", json.dumps(reduction, indent=1) + "\n")
    atomic_write(folder / "results.json", json.dumps([r.summary() for r in report.results], indent=1) + "\n")
    return ["README.md", *written, *(["reduction.json"] if reduction is not None else []), "results.json"]


def write_scripts(folder: Path, report: CaseReport) -> list[str]:
    """Write the bundle's generated scripts: check.py, a tvm_<config>.py per TVM configuration, and with IREE
    configurations their MLIR and iree.sh; returns their names."""
    case = report.case
    atomic_write(folder / "check.py", CHECK.format(outputs=list(case.outputs)))
    written = ["check.py"]
    mlirs: dict[str, str] = {}  # MLIR text -> file: one kernel.mlir unless a configuration compiled another
    iree_lines = [iree_script.PRELUDE]
    for r in report.results:
        te = _tvm_script(r, case)
        script = te or relax_bundle.script(r, case)
        if script:
            atomic_write(inside(folder, f"{folder_name(r.config)}.py"), script)
            written.append(f"{folder_name(r.config)}.py")
        if te and "poison.py" not in written:  # the pipeline the TE scripts import
            atomic_write(folder / "poison.py", POISON_MODULE.read_text())
            written.append("poison.py")
        if r.source.startswith("// iree-compile"):
            text = "\n".join(r.source.splitlines()[1:]) + "\n"
            mlir = mlirs.setdefault(text, "kernel.mlir" if not mlirs else f"{folder_name(r.config)}.mlir")
            atomic_write(inside(folder, mlir), text)
            iree_lines += iree_script.lines(r, case, mlir)
    if len(iree_lines) > 1:
        atomic_write(folder / "iree.sh", "\n".join(iree_lines + [iree_script.END]) + "\n", executable=True)
    return written + list(mlirs.values()) + (["iree.sh"] if mlirs else [])


def _tvm_script(r: ConfigResult, case) -> str | None:
    """The standalone script of a TVM (TE) configuration's result; None for any other result."""
    if not r.source.startswith(TVM_HEADER):
        return None
    header, _, script = r.source.partition("\n")
    pending = ""
    if script.startswith(TVM_PENDING):
        line, _, script = script.partition("\n")
        pending = TVM_SCHEDULES.get(line[len(TVM_PENDING):].strip(), "")
    target = json.loads(header[len(TVM_HEADER):])
    types = case.tensor_types()
    return TVM_SCRIPT.format(
        config=r.config, verdict=r.verdict.value, target=target, setup=TVM_SETUP.get(target["kind"], ""),
        inputs=[t.name for t in case.inputs], source=script, schedule=pending,
        outputs=[(n, list(types[n][0]), NUMPY_DTYPE[types[n][1]]) for n in case.outputs])


def _title(signature) -> str:
    """The README's title: the first failure, and how many more (the signature line under it names them all)."""
    if not signature.failures:
        return signature.describe()
    config, verdict, stage, _ = signature.failures[0]
    more = len(signature.failures) - 1
    return f"{config} {verdict} at {stage}" + (f" and {more} more" if more else "")


def _readme(report: CaseReport, signature, reduction: dict | None, written: list[str]) -> str:
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
        lines += ["", "Dims marked `?` are dynamic: the compilers see them as unknown (`?` in MLIR, symbolic extents "
                      "in TVM) and the run binds the sizes shown."]
    lines += ["", "## Verdicts", "", "| configuration | verdict | stage | max abs error | error/bound | bad elements | detail |",
              "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in report.results:
        e = r.evidence
        lines.append(f"| {r.config} | {r.verdict.value} | {r.stage} | {'' if e is None else f'{e.max_abs_err:.6g}'} | "
                     f"{'' if e is None else f'{e.max_ratio:.4g}'} | {'' if e is None else e.bad} | "
                     f"{r.headline.replace('|', '/')[:150]} |")
    if reduction:
        lines += ["", "## Reduction", "", "```json", json.dumps(reduction, indent=1), "```"]
    tvm = any(name.startswith("tvm_") and name.endswith(".py") for name in written)
    iree, numeric = "iree.sh" in written, HISTOGRAM in written
    lines += ["", "## Reproduce without kernelfuzz", "",
              "Inputs are in `inputs/`, the reference and its certified bounds in `reference/`; "
              "`python3 check.py OUTPUT.npy...` judges output files (from any folder)."]
    lines += ["- TVM: `python3 tvm_<config>.py` (needs only `apache-tvm` and `numpy`; outputs and intermediates "
              "start poisoned, as in kernelfuzz); exit status 1 means an element lies outside the certified "
              "bound."] if tvm else []
    lines += ["- IREE: `sh iree.sh` runs the exact `iree-compile` and `iree-run-module --input=@...npy` lines, "
              "then `python3 check.py` judges the outputs (`PYTHON=...` picks the interpreter)."] if iree else []
    lines += ["- `error_heatmap.png` shows |error| over the output tensor (and |error|/bound where the bound is "
              "non-zero); `error_histogram.png` each element's |error| / its own bound, with the 1.0 line."] \
        if numeric else []
    lines += simulated.readme_lines(report, written)
    return "\n".join(lines) + "\n"
