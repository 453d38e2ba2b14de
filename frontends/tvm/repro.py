"""A TVM (TE) configuration's standalone script, for a finding's bundle, and the hooks every TVM frontend shares
(``fuzz/execute/backend.py``: ``repro``, ``read_back``).

A TE configuration's source starts with ``TVM_HEADER`` + its target as JSON (then ``TVM_PENDING`` + a schedule the
script applies, where the schedule failed before its result could be printed); a Relax configuration's with
``RELAX_HEADER`` (``frontends/tvm/relax_repro.py`` writes its script).  The frontend writes the header, this module
reads it.  Per result the bundle gets ``tvm_<config>.py`` (named after the configuration, e.g.
``tvm_cpu-sampled.py``): the scheduled module kernelfuzz compiled, compiled and run on the target's device from the
same poisoned memory as kernelfuzz's run, judged by the bundle's ``check.py``, whose exit rule it follows; TE
scripts import ``poison.py`` beside them (``POISON_MODULE``: TVM's TIR pipeline with every intermediate poisoned,
generated from ``frontends/tvm/poison.py`` by ``frontends/tvm/poison_copy.py``).  ``read_back`` takes the source out
of a generated script again (``fuzz/publish/rescript.py``), so today's template reaches every saved bundle with the
very module each finding reported.
"""
from __future__ import annotations

import inspect
import json
import textwrap
from pathlib import Path

from frontends.tvm import relax_repro
from frontends.tvm.relax_repro import RELAX_HEADER
from fuzz import settings
from fuzz.case.ops import int4
from fuzz.execute.backend import Repro
from fuzz.store import folder_name

TVM_HEADER = "# kernelfuzz target: "  # first line of a TVM (TE) configuration's source
TVM_PENDING = "# kernelfuzz schedule: "  # its second line where the schedule failed before it could be printed
GENERATED = '"""Standalone repro for '  # how every generated tvm_<config>.py starts (TE and Relax)

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
POISON_MODULE = Path(__file__).with_name("templates") / "poison.py"
README = ("- TVM: `python3 tvm_<config>.py` (needs only `apache-tvm`, `numpy` and `ml_dtypes`; it allocates on "
          "the device its target names; outputs and intermediates start poisoned, as in kernelfuzz).")

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


def te_script(r, case) -> str | None:
    """The standalone script of a TVM (TE) configuration's result; None for any other result."""
    from fuzz.publish.bundle import dtype_name, outputs
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


def repro(results, case) -> Repro:
    """A ``tvm_<config>.py`` per result with a source to rebuild from, and ``poison.py`` where a TE script needs it."""
    files: list[tuple[str, str]] = []
    for r in results:
        te = te_script(r, case)
        script = te or relax_repro.script(r, case)
        if script:
            files.append((f"{folder_name(r.config)}.py", script))
        if te and "poison.py" not in dict(files):  # the pipeline the TE scripts import
            files.append(("poison.py", POISON_MODULE.read_text()))
    return Repro(tuple(files), readme=(README,) if files else ()) + _onnx(results)


_ONNX_NEEDS = ("python3 -c 'import onnx, tvm.relax.frontend.onnx' 2>/dev/null || { echo \"TVM's ONNX frontend not "
               "found: pip install apache-tvm==0.27.0.post1 onnx==1.23.2\"; exit 2; }")
_ONNX_IMPORT = ("python3 - <<'EOF' || exit 1\nimport onnx\nfrom tvm.relax.frontend.onnx import from_onnx\ntry:\n"
                "    mod = {call}\n"
                "except Exception as e:  # the importer's rejection: the finding, where it is one\n"
                "    print(f\"from_onnx rejected {model}: {{type(e).__name__}}: {{e}}\")\n    raise SystemExit(1)\n"
                "print(mod.script())\nEOF")


def _onnx(results) -> Repro:
    """onnx.sh's lines where a result came from the case's ONNX model (``frontends/tvm/onnx_frontend.py``)."""
    if not any(r.facts.get("importer") for r in results):
        return Repro()
    from fuzz.case.to_onnx import MODEL, TVM_IMPORT
    return Repro(onnx=((_ONNX_NEEDS, _ONNX_IMPORT.format(call=TVM_IMPORT, model=MODEL)),))


def source_of(path: Path) -> str | None:
    """The source (as a TVM configuration's result holds it) a generated tvm_<config>.py was written from."""
    from fuzz.publish.rescript import literals
    text = path.read_text()
    if not text.startswith(GENERATED):
        return None
    got = literals(path)
    if "CONFIG" in got:
        return f"{RELAX_HEADER}{json.dumps(got['CONFIG'])}\n{got['SOURCE']}"
    pending = next((f"{TVM_PENDING}{name}\n" for name, block in TVM_SCHEDULES.items()
                    if block.splitlines()[0] in text), "")
    return f"{TVM_HEADER}{json.dumps(got['TARGET'])}\n{pending}{got['SOURCE']}"


def read_back(folder: Path, case, results) -> tuple[list, list[str]]:
    """``results`` with the sources their generated scripts hold; a script that is not generated is left alone."""
    from dataclasses import replace
    out, left = [], []
    for r in results:
        script = folder / f"{folder_name(r.config)}.py"
        source = source_of(script) if script.exists() else None
        if script.exists() and source is None:
            left.append(f"{script}: not a generated script: kept")
        out.append(replace(r, source=source or ""))
    return out, left
