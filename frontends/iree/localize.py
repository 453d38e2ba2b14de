"""``kernelfuzz localize`` for IREE llvm-cpu configurations: the pipeline as ordered points, each built and run
(GPU configurations, CUDA and gfx942: ``frontends/iree/gpu_localize.py``).

The points, in pipeline order (``fuzz/reduce/localize.py`` bisects them and judges each with the oracle):

* ``input``: the lowered MLIR, before any phase;
* ``phase``: the program after ``iree-compile --compile-to=<phase>`` with the configuration's flags, up to
  ``executable-configurations`` (codegen strategies chosen, nothing translated);
* ``codegen``: the dispatch functions after each pass of their codegen pipeline (from
  ``--mlir-print-ir-after-all`` of the configured program), substituted into the configured executables;
* ``llvm``: the whole compile with ``--opt-bisect-limit=k`` (LLVM's optional passes 1..k run, in IREE's own LLVM);
  under finisher 1, first the configuration's own codegen for the reference CPU with no optional LLVM pass;
* ``end``: the configuration's whole compile.

Finishing: the program at an ``input``, ``phase`` or ``codegen`` point is compiled on with the configuration's flags
to ``executable-configurations``, every dispatch's codegen pipeline is set to IREE's CPU ``Default`` pipeline
(``translation_info``), and compiled to the end. ``Default`` is a different codegen route from the vectorizing ones
(``DoubleTilingExpert`` ...), which is what makes it a check of the vector IR a point holds: it lowers a
``vector.contract`` as its documented semantics (``acc`` added to the sum of products). Finisher 1 also retargets
the executables to ``x86-64-v3`` (AVX2, FMA, F16C; this machine's own CPU where it cannot run that), for faults in
code generation for another CPU, e.g. the x86-64 baseline without F16C; the engine uses the first finisher under
which the ``input`` point is right. Host-side phases after executable translation (``hal``, ``vm``) run in every
finisher: a fault there shows at the first point. The mutant configurations in ``tests/mutants.py`` plant a fault
after a phase (``Planted``).
"""
from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from frontends.iree import cpu as iree_cpu, frontend as iree_frontend
from fuzz.execute.backend import CompilerFailure, Config
from fuzz.store import atomic_write, folder_name, inside

PHASES = ("input", "abi", "preprocessing", "global-optimization", "dispatch-creation", "flow", "stream",
          "executable-sources", "executable-configurations")
CONFIGURED = "executable-configurations"
TIMEOUT = 300.0
_PIPELINE = re.compile(r"translation_info<pipeline = #iree_cpu\.pipeline<[A-Za-z0-9]+>(?:, \{[^{}]*\})?>")
_DEFAULT = "translation_info<pipeline = #iree_cpu.pipeline<Default>>"
_SED_DEFAULT = r"s/translation_info<pipeline = #iree_cpu\.pipeline<[A-Za-z0-9]+>(, \{[^{}]*\})?>/" + \
    _DEFAULT.replace("/", r"\/") + "/g"
_CPU = re.compile(r'cpu = "[^"]*", cpu_features = "[^"]*"')
_DUMP = re.compile(r"(?m)^// -----// IR Dump After (.*?) //----- //\n")
_BISECT = re.compile(r"^BISECT: running pass \((\d+)\) (.*)$", re.M)


@dataclass(frozen=True)
class Planted:
    """A fault planted after a phase (the mutants of tests/mutants.py): ``text.replace(right, wrong)``."""
    phase: str
    right: str
    wrong: str


class Pipeline:
    """One configuration's compile of one source, with its intermediates cached in ``work``."""

    def __init__(self, source: str, config: Config, workdir: str, planted: Planted | None = None):
        self.source, self.config, self.planted = source, config, planted
        self.flags = iree_frontend.command(config, "x", "y")[4:]
        self.work = inside(workdir, "localize", folder_name(config.name))
        self.work.mkdir(parents=True, exist_ok=True)
        atomic_write(self.work / "source.mlir", source)

    # ------------------------------------------------------------ compiling

    def _compile(self, args: list[str], log: str | None = None) -> str:
        p = subprocess.run([iree_frontend._tool(), *args], cwd=self.work, capture_output=True, text=True,
                           timeout=TIMEOUT)
        if log:
            atomic_write(self.work / log, p.stderr)
        if p.returncode:
            raise CompilerFailure(f"iree-compile {shlex.join(args)[:300]}\n{p.stderr[-3000:]}",
                                  crashed=p.returncode < 0)
        return p.stderr

    def intermediate(self, phase: str) -> str:
        """The file holding the program after ``phase`` (``source.mlir`` before any phase), planted fault included."""
        if phase == "source":
            return "source.mlir"
        name = f"{phase}.mlir"
        if not (self.work / name).exists():
            start, frm = self._start_for(phase)
            self._compile([start, *self.flags, *frm, f"--compile-to={phase}", "-o", name])
            if self.planted and self.planted.phase == phase:
                text = (self.work / name).read_text()
                atomic_write(self.work / name, text.replace(self.planted.right, self.planted.wrong))
        return name

    def _start_for(self, phase: str) -> tuple[str, list[str]]:
        """Where to compile ``phase`` from: the source, or the planted phase's (faulty) intermediate."""
        p = self.planted
        if p and phase != p.phase and _order(p.phase) < _order(phase):
            return self.intermediate(p.phase), [f"--compile-from={p.phase}"]
        return "source.mlir", []

    def whole(self, out: str, extra: tuple[str, ...] = ()) -> str:
        """The configuration's whole compile into ``out``; returns iree-compile's stderr."""
        start, frm = self._start_for("end")
        return self._compile([start, *self.flags, *frm, *extra, "-o", out])

    def configured(self, phase: str) -> str:
        """The program after ``phase`` compiled on to executable-configurations (the file name)."""
        if phase == CONFIGURED:
            return self.intermediate(CONFIGURED)
        name = f"{phase}.configured.mlir"
        if not (self.work / name).exists():
            start = self.intermediate(phase)
            frm = [] if phase == "source" else [f"--compile-from={phase}"]
            self._compile([start, *self.flags, *frm, f"--compile-to={CONFIGURED}", "-o", name])
        return name

    def finish(self, text: str, variant: int, out: str) -> None:
        """Compile a program at executable-configurations to the end under finisher ``variant``."""
        atomic_write(self.work / f"{out}.mlir", finished(text, variant))
        self._compile([f"{out}.mlir", *self.flags, f"--compile-from={CONFIGURED}", "-o", f"{out}.vmfb"])

    def run(self, vmfb: str, inputs: list) -> list[np.ndarray]:
        return iree_frontend.run(((self.work / vmfb).read_bytes(), "local-task"), inputs)

    # ------------------------------------------------------------ the points

    def dumps(self) -> list[dict]:
        """The dispatch functions after each codegen pass, as --mlir-print-ir-after-all prints them (cached)."""
        cache = self.work / "codegen-dumps.json"
        if not cache.exists():
            conf = self.intermediate(CONFIGURED)
            err = self._compile([conf, *self.flags, f"--compile-from={CONFIGURED}", "--mlir-print-ir-after-all",
                                 "--mlir-disable-threading", "-o", "print-ir.vmfb"])
            atomic_write(cache, json.dumps(codegen_dumps(err, dispatch_functions((self.work / conf).read_text()))))
        return json.loads(cache.read_text())

    def llvm_passes(self) -> list[str]:
        """LLVM's optional passes in the order opt-bisect numbers them (cached)."""
        cache = self.work / "llvm-passes.json"
        if not cache.exists():
            err = self.whole("bisect-all.vmfb", ("--opt-bisect-limit=-1",))
            atomic_write(cache, json.dumps([m[2] for m in _BISECT.finditer(err)]))
        return json.loads(cache.read_text())

    def points(self, variant: int) -> list[dict] | None:
        cpu = retarget_cpu(self.flags) if variant == 1 else None
        if variant > 1 or (variant == 1 and cpu is None):
            return None
        fin = FINISHERS[min(variant, 1)].format(cpu=cpu["name"] if cpu else "")
        pts = [make_point("input", "the lowered MLIR, before any phase", fin, phase="source", variant=variant)]
        pts += [make_point("phase", f"after --compile-to={p}", fin, phase=p, variant=variant) for p in PHASES]
        for i, d in enumerate(self.dumps()):
            pts.append(make_point("codegen", f"after {d['pass']} on @{d['func']} (codegen dump {d['number']})", fin,
                                  dump=i, variant=variant))
        passes = self.llvm_passes()
        if cpu:
            pts.append(make_point("llvm", f"the configuration's own codegen with its executables retargeted to "
                                          f"{cpu['name']}, LLVM with no optional pass", RETARGETED, retargeted=True))
        pts.append(make_point("llvm", "LLVM with no optional pass (--opt-bisect-limit=0)", LLVM_FINISHER, limit=0))
        pts += llvm_points(passes, LLVM_FINISHER)
        pts.append(make_point("end", "the configuration's whole compile", "none (it is the configuration)", whole=True))
        return pts

    def build(self, key: dict) -> str:
        """Build the program at a point; returns its vmfb's file name."""
        if key.get("whole"):
            self.whole("end.vmfb")
            return "end.vmfb"
        if "limit" in key:
            self.whole("llvm.vmfb", (f"--opt-bisect-limit={key['limit']}",))
            return "llvm.vmfb"
        if key.get("retargeted"):  # the configuration's own codegen pipelines, for this machine's CPU
            configured = (self.work / self.configured(CONFIGURED)).read_text()
            atomic_write(self.work / "retargeted.mlir", retargeted(configured))
            self._compile(["retargeted.mlir", *self.flags, f"--compile-from={CONFIGURED}", "--opt-bisect-limit=0",
                           "-o", "retargeted.vmfb"])
            return "retargeted.vmfb"
        if "dump" in key:
            text = substituted((self.work / self.intermediate(CONFIGURED)).read_text(), self.dumps(), key["dump"])
        else:
            text = (self.work / self.configured(key["phase"])).read_text()
        self.finish(text, key["variant"], "point")
        return "point.vmfb"


FINISHERS = ("compiled on to executable-configurations with the configuration's flags, every dispatch's codegen "
             "pipeline set to IREE's CPU Default pipeline, then compiled to the end",
             "compiled on to executable-configurations with the configuration's flags, every dispatch's codegen "
             "pipeline set to IREE's CPU Default pipeline and its executables retargeted to {cpu}, "
             "then compiled to the end")
LLVM_FINISHER = "the configuration's own pipeline; LLVM runs only its first k optional passes"
RETARGETED = "compiled on from executable-configurations by the configuration's own codegen pipelines"


def make_point(stage: str, name: str, finisher: str, **key) -> dict:
    return {"stage": stage, "name": name, "key": key, "finisher": finisher}


def llvm_points(passes: list[str], finisher: str) -> list[dict]:
    """The whole compile with LLVM's first k optional passes, k = 1 .. all but the last (the last is the end)."""
    return [make_point("llvm", f"LLVM pass {k} of {len(passes)} (--opt-bisect-limit={k}): {passes[k - 1]}", finisher,
                       limit=k) for k in range(1, len(passes))]


def _order(phase: str) -> int:
    return PHASES.index(phase) if phase in PHASES else len(PHASES)


PORTABLE = {"name": "x86-64-v3", "features": ""}  # AVX2, FMA, F16C: what nearly every x86-64 host today runs
_V3 = {"avx", "avx2", "bmi", "bmi2", "f16c", "fma", "lzcnt", "movbe", "xsave"}


def reference_cpu() -> dict:
    """The CPU finisher 1 retargets to: x86-64-v3 where this machine runs its code (so the repro scripts run on
    other hosts too), else this machine's own CPU."""
    here = iree_frontend.host_cpu()
    return PORTABLE if _V3 <= iree_cpu.enabled(here["features"]) else here


def retarget_cpu(flags) -> dict | None:
    """The reference CPU, when the configuration compiles for a named one (None: it compiles for ``host``)."""
    named = [f.split("=", 1)[1] for f in flags if f.startswith("--iree-llvmcpu-target-cpu=")]
    if not named or named[-1] in ("host", reference_cpu()["name"]):
        return None
    return reference_cpu()


def finished(text: str, variant: int) -> str:
    """A configured program with every dispatch on the Default pipeline (and, variant 1, this machine's CPU)."""
    text = _PIPELINE.sub(_DEFAULT, text)
    return retargeted(text) if variant == 1 else text


def retargeted(text: str) -> str:
    """A program with every llvm-cpu executable target naming the reference CPU (``reference_cpu``)."""
    cpu = reference_cpu()
    return _CPU.sub(f'cpu = "{cpu["name"]}", cpu_features = "{cpu["features"]}"', text)


# ---------------------------------------------------------------- dumps and substitution

_FUNC = re.compile(r"^(\s*)func\.func @([\w$.-]+)\(", re.M)


def dispatch_functions(configured: str) -> set[str]:
    """The dispatch functions of a configured program (the host program is ``util.func``)."""
    return {m.group(2) for m in _FUNC.finditer(configured)}


def func_span(text: str, name: str) -> tuple[int, int] | None:
    """Where ``func.func @name`` is in MLIR text: from its first line to its closing brace, which the printer
    puts on a line of its own at the function's indentation."""
    m = re.search(rf"^(\s*)func\.func @{re.escape(name)}\(", text, re.M)
    if m is None:
        return None
    end = text.find("\n" + m.group(1) + "}", m.end())
    return (m.start(), end + len(m.group(1)) + 2) if end >= 0 else None


def codegen_dumps(stderr: str, funcs: set[str]) -> list[dict]:
    """Each dispatch function's IR after each codegen pass that changed it, while it still carries its codegen
    pipeline (``translation_info``: the inner pipeline, up to LLVMCPULowerExecutableTargetPass)."""
    parts = _DUMP.split(stderr)
    last: dict[str, str] = {}
    out = []
    for number, (header, body) in enumerate(zip(parts[1::2], parts[2::2]), start=1):
        m = _FUNC.match(body.lstrip("\n"))
        if m is None or m.group(2) not in funcs or "translation_info =" not in body.split("\n", 1)[0]:
            continue
        span = func_span(body, m.group(2))
        text = body[span[0]:span[1]] if span else body
        if last.get(m.group(2)) == text:
            continue
        last[m.group(2)] = text
        out.append({"number": number, "pass": header.split(":", 1)[0], "arg": header.split(":", 1)[-1].strip(),
                    "func": m.group(2), "text": text})
    return out


def substituted(configured: str, dumps: list[dict], upto: int) -> str:
    """The configured program with each dispatch function replaced by its latest dump at or before ``upto``."""
    latest = {d["func"]: d["text"] for d in dumps[:upto + 1]}
    for func, text in latest.items():
        span = func_span(configured, func)
        if span is None:
            raise CompilerFailure(f"@{func} is not in the configured program")
        configured = configured[:span[0]] + text + configured[span[1]:]
    return configured


# ---------------------------------------------------------------- the hooks (fuzz/execute/isolate.py)


def pipeline(case, config: Config, workdir: str) -> Pipeline:
    from frontends.iree.lower import lower
    return Pipeline(lower(case), config, workdir)


def points(case, config: Config, workdir: str, variant: int):
    return pipeline(case, config, workdir).points(variant)


def probe(case, config: Config, workdir: str, point: dict, inputs: list):
    p = pipeline(case, config, workdir)
    return p.run(p.build(point["key"]), inputs)


def export(case, config: Config, workdir: str, point: dict, dest: str, inputs: list) -> str:
    return export_point(pipeline(case, config, workdir), case, point, Path(dest))


def export_point(p: Pipeline, case, point: dict, dest: Path) -> str:
    """Write the files that rebuild a point into ``dest`` and return the shell lines that do it with IREE's own
    tools (inputs in ``../inputs/``, outputs to ``out/``, judged by ``../check.py``)."""
    key, flags = point["key"], shlex.join(p.flags)
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy(p.work / "source.mlir", dest / "source.mlir")
    lines = [f"# {point['stage']}: {point['name']}", f"# finisher: {point['finisher']}"]
    if p.planted:
        lines.append(f"# planted fault (tests/mutants.py): after --compile-to={p.planted.phase}, "
                     f"{p.planted.right!r} -> {p.planted.wrong!r}")
    if key.get("retargeted"):
        cpu = reference_cpu()
        sed = f's/cpu = "[^"]*", cpu_features = "[^"]*"/cpu = "{cpu["name"]}", cpu_features = "{cpu["features"]}"/g'
        lines += [f"iree-compile source.mlir {flags} --compile-to={CONFIGURED} -o configured.mlir",
                  f"sed -E {shlex.quote(sed)} configured.mlir > point.mlir",
                  f"iree-compile point.mlir {flags} --compile-from={CONFIGURED} --opt-bisect-limit=0 -o point.vmfb "
                  f"2> bisect.log"]
    elif key.get("whole") or "limit" in key:
        limit = f" --opt-bisect-limit={key['limit']}" if "limit" in key else ""
        lines.append(f"iree-compile source.mlir {flags}{limit} -o point.vmfb" + (" 2> bisect.log" if limit else ""))
        if "limit" in key:  # LLVM lists every pass it runs or skips: keep the list, show the last one run
            lines.append(f"grep -F 'running pass ({key['limit']})' bisect.log || true")
    else:
        lines += _finisher_lines(p, key, flags, dest)
    lines += run_lines(case, iree_frontend.DRIVER[p.config.target], dest.name)
    return "\n".join(lines) + "\n"


def _finisher_lines(p: Pipeline, key: dict, flags: str, dest: Path) -> list[str]:
    if "dump" in key:
        d = p.dumps()[key["dump"]]
        atomic_write(dest / "dispatch.mlir", d["text"] + "\n")
        atomic_write(dest / "point.mlir", finished(substituted((p.work / p.intermediate(CONFIGURED)).read_text(),
                                                               p.dumps(), key["dump"]), key["variant"]))
        return [f"# point.mlir: configured.mlir with @{d['func']} as dump {d['number']} of", f"#   iree-compile "
                f"configured.mlir {flags} --compile-from={CONFIGURED} --mlir-print-ir-after-all --mlir-disable-"
                f"threading", f"#   prints it (dispatch.mlir: after {d['pass']}), every codegen pipeline set to "
                f"Default" + (", retargeted to this CPU" if key["variant"] else ""),
                f"iree-compile source.mlir {flags} --compile-to={CONFIGURED} -o configured.mlir",
                f"iree-compile point.mlir {flags} --compile-from={CONFIGURED} -o point.vmfb"]
    phase = key["phase"]
    to_configured = f"--compile-to={CONFIGURED} -o configured.mlir"
    if phase in ("source", CONFIGURED):
        first = [f"iree-compile source.mlir {flags} {to_configured}"]
    else:
        first = [f"iree-compile source.mlir {flags} --compile-to={phase} -o {phase}.mlir",
                 f"iree-compile {phase}.mlir {flags} --compile-from={phase} {to_configured}"]
    sed = _SED_DEFAULT
    if key["variant"] == 1:
        cpu = reference_cpu()
        sed += f'; s/cpu = "[^"]*", cpu_features = "[^"]*"/cpu = "{cpu["name"]}", cpu_features = "{cpu["features"]}"/g'
    return first + [f"sed -E {shlex.quote(sed)} configured.mlir > point.mlir",
                    f"iree-compile point.mlir {flags} --compile-from={CONFIGURED} -o point.vmfb"]


def run_lines(case, device: str, side: str) -> list[str]:
    """The lines that run a point's ``point.vmfb`` on ``device`` and judge it (shared with the CUDA pipeline)."""
    ins = " ".join(f"--input=@../inputs/{t.name}.npy" for t in case.inputs)
    outs = " ".join(f"--output=@out/{n}.npy" for n in case.outputs)
    return ["mkdir -p out",
            f"iree-run-module --module=point.vmfb --device={device} "
            f"--function=main {ins} {outs}",
            f"cd .. && exec python3 check.py {' '.join(f'{side}/out/{n}.npy' for n in case.outputs)}"]
