"""Repro bundles: a folder a compiler engineer can use without kernelfuzz.

Layout of a bundle:

    case.json                  the (reduced) case: the input to kernelfuzz itself
    inputs/<name>.npy          every input tensor (bf16, float8, int4: raw elements, read with ml_dtypes);
                               inputs/<name>.i4.bin an int4 input packed as iree-run-module reads it
    reference/<out>.npy        the reference, with .lo.npy / .hi.npy: every correct result lies between
    outputs/<config>/<out>.npy what each configuration produced
    check.py                   judges output files against the reference bounds (from any folder), and holds the
                               exit rule every script follows (templates/check.py, OUTPUTS filled in)
    poison.py                  with TVM configurations: TVM's TIR pipeline with every intermediate buffer poisoned,
                               as kernelfuzz compiled (generated from frontends/tvm/poison.py)
    tvm_<config>.py            per TVM configuration: a standalone TVM + numpy script, the scheduled TVMScript
                               module compiled and run on the target's device from the same poisoned memory as
                               kernelfuzz's run (named after the configuration, e.g. tvm_cpu-sampled.py); for a
                               Relax configuration the
                               Relax module through Relax's pipeline (fuzz/publish/relax_bundle.py)
    kernel.mlir, iree.sh       only with IREE configurations: the MLIR with the exact iree-compile /
                               iree-run-module lines per configuration
    README.md                  verdict, evidence, signature, pipeline reduction, how to run
    error_heatmap.png          numeric findings: |error| over the output tensor (tile edges show as stripes), and
                               |error| / bound where the bound is non-zero (fuzz/publish/plots.py)
    error_histogram.png        numeric findings: each element's |error| / its own bound, with the 1.0 line
    reduction.json, results.json  the reduction record (when reduced) and every configuration's result

``write`` returns the names it wrote; ``write_scripts`` rewrites only the generated scripts (check.py, poison.py,
tvm_<config>.py, kernel.mlir, iree.sh) of a bundle from a report of its case (a fresh run, or the sources a saved
bundle's scripts hold: fuzz/publish/rescript.py), leaving its results and any hand-written file alone.  Every
script exits by the rule templates/check.py states (0 not shown, 1 shown, 2 could not run or judge, 3 its own
error), and the README says so.

Every path built from a case, input or configuration name goes through ``store.inside``: a bundle
never writes outside its folder.
"""
from __future__ import annotations

import inspect
import json
import textwrap
from pathlib import Path

import numpy as np

from fuzz import settings
from fuzz.case.dynamic import dynamic_dims, is_dynamic, shape_text
from fuzz.case.ops import int4
from fuzz.case.values import materialize_all, with_digests
from fuzz.case.workload import NUMPY_DTYPE, dumps
from fuzz.execute.backend import TVM_HEADER, TVM_PENDING
from fuzz.judge.oracle import Verdict
from fuzz.judge.reference import evaluate
from fuzz.judge.results import CaseReport, ConfigResult
from fuzz.publish import iree_script, onnx_bundle, relax_bundle, simulated
from fuzz.publish.plots import HISTOGRAM, error_plots
from fuzz.reduce import reached
from fuzz.store import atomic_write, folder_name, inside, write_npy

# check.py, the judge every script of a bundle ends in and the one place of the exit rule: a real module, written
# with its OUTPUTS line filled in (``check_script``).
CHECK_TEMPLATE = Path(__file__).with_name("templates") / "check.py"
_OUTPUTS_LINE = "OUTPUTS = []  # (name, shape, dtype) per case output: kernelfuzz writes this line\n"

EXIT_RULE = [  # the README's statement of the rule check.py implements (templates/check.py's docstring)
    "Every script here exits by one rule (check.py implements it; the TVM scripts exit through it):",
    "**0** ran and did not show the bug; **1** ran and showed it (an element outside the certified bound, a result "
    "of another type or shape, the compile failing again where kernelfuzz saw it fail); **2** could not run or could "
    "not judge (a tool, device, package or output missing, a file of another type or shape than its output); **3** "
    "the script's own error (a traceback never exits 1).",
]
IREE_EXIT = "`iree.sh` exits 1 when any of its blocks showed its bug, else 3, else 2, else 0."

TVM_SCRIPT = '''"""Standalone repro for {config} ({verdict}): TVM, numpy and (for bf16, float8, int4) ml_dtypes only.

Compiles the exact scheduled module kernelfuzz compiled, runs it on inputs/*.npy on the device DEVICE names and
judges the outputs against reference/ with check.py. As in kernelfuzz, every output and every intermediate buffer
starts poisoned (all bits set in a float: a NaN; 0xA5 in every byte of an integer), so an element the kernel never
writes is seen rather than read back from whatever the memory held.
Exit status (check.py): 0 the bug not shown, 1 shown, 2 could not run or judge (no such device here, no TVM),
3 this script's own error."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # check.py and poison.py sit beside this script
import check  # noqa: E402

{setup}TARGET = {target!r}
DEVICE = {device!r}  # where the inputs and outputs are allocated: the device the compiled code runs on
INPUTS = {inputs!r}  # (name, dtype)
OUTPUTS = {outputs!r}  # (name, shape, dtype)
VERDICT = {verdict!r}  # kernelfuzz's: where it names a failure of the compile or the run, failing again shows the bug
SOURCE = {source!r}


{pack}

def compiled(tvm):
    """The executable; TVM's failure on the module is check.compile_failure's (exit 1 or 2, by the verdict)."""
    from poison import PIPELINE as POISONED
    try:
        mod = tvm.script.from_source(SOURCE)
    except Exception as e:  # noqa: BLE001  TVM's own failure, whatever it raises
        raise check.compile_failure(e, f"parsing the module kernelfuzz printed (TVM {{tvm.__version__}})",
                                    VERDICT) from None
    if not isinstance(mod, tvm.IRModule):
        mod = tvm.IRModule({{"main": mod}})
    try:
{schedule}        return tvm.compile(mod, target=tvm.target.Target(TARGET), tir_pipeline=POISONED)
    except Exception as e:  # noqa: BLE001  TVM's own failure, whatever it raises
        raise check.compile_failure(e, "compiling the module", VERDICT) from None


def main():
    crashed = check.compile_in_child(__file__, VERDICT)  # a crash kills the process that compiles
    if crashed is not None:
        return crashed
    try:
        import tvm
    except ImportError as e:
        raise check.CannotRun(f"{{e}}: pip install apache-tvm") from None
    executable = compiled(tvm)
    if "--compile-only" in sys.argv:  # the child of compile_in_child: it compiled
        return 0
    if "mtriple" in TARGET:  # a Hexagon object: kernelfuzz runs it under QEMU with its own harness
        raise check.CannotRun(f"compiled for {{TARGET['mtriple']}}; it does not run on this host "
                              "(kernelfuzz run case.json runs it)")
    dev = tvm.device(DEVICE, 0)
    if not dev.exist:
        raise check.CannotRun(f"compiled for {{DEVICE}}; there is no {{DEVICE}} device here to run it")
    inputs = [check.load_input(n, t) for n, t in INPUTS]
    args = [tvm.runtime.tensor(_pack_last(a) if t == "int4" else a, device=dev) for a, (_, t) in zip(inputs, INPUTS)]
    from poison import poisoned
    results = [tvm.runtime.tensor(poisoned(shape, check.dtype(t)), device=dev) for _, shape, t in OUTPUTS]
    try:
        executable(*args, *results)
    except Exception as e:  # noqa: BLE001  the compiled program's failure
        if VERDICT != "runtime-error":
            raise check.CannotRun(f"the compiled program failed: {{type(e).__name__}}: {{e}}") from None
        raise check.Reproduced(f"the compiled program failed ({{type(e).__name__}}: {{e}}), as kernelfuzz saw") from None
    return check.main_arrays([r.numpy() for r in results])


check.exit_with(main)
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


def check_script(outs: list) -> str:
    """check.py judging ``outs`` (``outputs(case)``): the template with its outputs' names, shapes and dtypes."""
    text = CHECK_TEMPLATE.read_text()
    if text.count(_OUTPUTS_LINE) != 1:
        raise ValueError(f"{CHECK_TEMPLATE}: the OUTPUTS line the bundle fills in is not there once")
    return text.replace(_OUTPUTS_LINE, f"OUTPUTS = {outs!r}  # (name, shape, dtype) per case output\n")


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
        write_npy(inside(folder, "reference", f"{name}.lo.npy"), v.lo.astype(np.float64))
        write_npy(inside(folder, "reference", f"{name}.hi.npy"), v.hi.astype(np.float64))
    for cfg, outs in report.outputs.items():
        for name, a in zip(case.outputs, outs):
            write_npy(inside(folder, "outputs", folder_name(cfg), f"{name}.npy"), np.asarray(a))
    written = ["case.json", "inputs/", "reference/"] + (["outputs/"] if report.outputs else [])
    written += write_scripts(folder, report)
    written += simulated.write(folder, report)  # simulate.sh where a verdict was simulated
    written += onnx_bundle.write(folder, report)  # model.onnx and onnx.sh where an ONNX configuration ran
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
    atomic_write(folder / "check.py", check_script(outputs(case)))
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
        if any(".i4.bin" in line for line in iree_lines):  # iree-run-module reads int4 packed, from raw bytes
            for name, data in iree_script.int4_inputs(case, materialize_all(case)).items():
                atomic_write(inside(folder, "inputs", f"{name}.i4.bin"), data)
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
    return TVM_SCRIPT.format(
        config=r.config, verdict=r.verdict.value, target=target, setup=TVM_SETUP.get(target["kind"], ""),
        device={"llvm": "cpu"}.get(target["kind"], target["kind"]), pack=inspect.getsource(int4._pack_last),
        inputs=[(t.name, dtype_name(t.dtype)) for t in case.inputs], source=script,
        schedule=textwrap.indent(pending, " " * 8), outputs=outputs(case))


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
        lines += ["", "## Reduction", "", *_path_kept(reduction), "```json", json.dumps(reduction, indent=1), "```"]
    tvm = any(name.startswith("tvm_") and name.endswith(".py") for name in written)
    iree, numeric = "iree.sh" in written, HISTOGRAM in written
    lines += ["", "## Reproduce without kernelfuzz", "",
              "Inputs are in `inputs/`, the reference and its certified bounds in `reference/`; "
              "`python3 check.py OUTPUT...` judges output files (`.npy`, or `.bin` raw elements of the declared type; "
              "from any folder; bf16 and float8 need `ml_dtypes`).", ""]
    lines += ["- TVM: `python3 tvm_<config>.py` (needs only `apache-tvm`, `numpy` and `ml_dtypes`; it allocates on "
              "the device its target names; outputs and intermediates start poisoned, as in kernelfuzz)."] \
        if tvm else []
    lines += ["- IREE: `sh iree.sh` runs the exact `iree-compile` and `iree-run-module` lines, then `python3 check.py` "
              "judges the outputs (`PYTHON=...` picks the interpreter)."] if iree else []
    lines += ["- `error_heatmap.png` shows |error| over the output tensor (and |error|/bound where the bound is "
              "non-zero); `error_histogram.png` each element's |error| / its own bound, with the 1.0 line."] \
        if numeric else []
    lines += simulated.readme_lines(report, written)
    lines += ["", "## Exit status", "", *EXIT_RULE, *([IREE_EXIT] if iree else [])]
    return "\n".join(lines) + "\n"
