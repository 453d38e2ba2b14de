"""``kernelfuzz localize`` for IREE llvm-cpu configurations: the pipeline as ordered points, each built and run
(GPU configurations, CUDA and gfx942: ``frontends/iree/gpu_localize.py``).

The points, in pipeline order (``fuzz/reduce/localize.py`` bisects them and judges each with the oracle):

* ``input``: the lowered MLIR, before any phase;
* ``phase``: the program after ``iree-compile --compile-to=<phase>`` with the configuration's flags, up to
  ``executable-configurations`` (codegen strategies chosen, nothing translated); where the configuration has its own
  ``--iree-preprocessing-pass-pipeline``, the preprocessing phase without it and then (``preprocessing``) with its
  first k passes (``frontends/iree/pass_pipeline.py``), the points before finished without it;
* ``codegen``: the configured program, then the dispatch functions after each pass of their codegen pipeline (from
  ``--mlir-print-ir-after-all``, ``frontends/iree/codegen_dumps.py``), substituted into the configured executables,
  every ``lowering_config`` dropped (so ``Default`` does not tile again what a pass tiled);
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
which the ``input`` point is right. Finisher 2 (``OWN``) keeps the configuration's own codegen pipelines, for ops
``Default`` cannot lower (``iree_linalg_ext.attention``); it has no codegen points. Host-side phases after executable translation (``hal``, ``vm``) run in every
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

from frontends.iree import cpu as iree_cpu, frontend as iree_frontend, pass_pipeline
from frontends.iree.codegen_dumps import (codegen_dumps, dispatch_functions, func_span, pass_options,  # noqa: F401
                                         substituted, without_lowering_configs)
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
        self.base, self.pre = pass_pipeline.split(self.flags)  # the configuration's own preprocessing pipeline
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
        """The program after ``phase`` compiled on to executable-configurations (the file name); from before the
        preprocessing phase, without the configuration's own preprocessing pipeline (the ``pre`` points')."""
        if phase == CONFIGURED:
            return self.intermediate(CONFIGURED)
        name = f"{phase}.configured.mlir"
        if not (self.work / name).exists():
            start = self.pre_intermediate(int(phase[4:])) if phase.startswith("pre:") else self.intermediate(phase)
            frm = [] if phase == "source" else [f"--compile-from={phase_of(phase)}"]
            flags = self.base if _order(phase) < _order("preprocessing") else self.flags
            self._compile([start, *flags, *frm, f"--compile-to={CONFIGURED}", "-o", name])
        return name

    def pre_intermediate(self, k: int) -> str:
        """The program after the preprocessing phase with only the first ``k`` passes of the configuration's own
        pipeline (``frontends/iree/pass_pipeline.py``)."""
        name = f"pre{k}.mlir"
        if not (self.work / name).exists():
            self._compile(["source.mlir", *self.base, *_cut(self, k), "--compile-to=preprocessing", "-o", name])
        return name

    def pre_points(self, fin: str, variant: int) -> list[dict]:
        """The preprocessing phase pass by pass (in place of its phase point), where the configuration has its own
        pipeline: none of it, then its first k passes."""
        passes = pass_pipeline.leaves(self.pre)
        return [make_point("phase", "after --compile-to=preprocessing without the configuration's own "
                                    "--iree-preprocessing-pass-pipeline", fin, phase="pre:0", variant=variant)] + [
            make_point("preprocessing", f"after pass {k} of {len(passes)} of the configuration's "
                                        f"--iree-preprocessing-pass-pipeline: {passes[k - 1]}", fin,
                       phase=f"pre:{k}", variant=variant) for k in range(1, len(passes) + 1)]

    def finish(self, text: str, variant: int, out: str) -> None:
        """Compile a program at executable-configurations to the end under finisher ``variant``."""
        atomic_write(self.work / f"{out}.mlir", finished(text, variant))
        self._compile([f"{out}.mlir", *self.flags, f"--compile-from={CONFIGURED}", "-o", f"{out}.vmfb"])

    def run(self, vmfb: str, inputs: list) -> list[np.ndarray]:
        return iree_frontend.run(((self.work / vmfb).read_bytes(), "local-task"), inputs)

    # ------------------------------------------------------------ the points

    def dumps(self, every: bool = False) -> list[dict]:
        """The dispatch functions after each codegen pass, as --mlir-print-ir-after-all prints them (cached); with
        ``every``, also after the pass that drops their pipeline attribute (``codegen_dumps``)."""
        cache = self.work / f"codegen-dumps{'-every' if every else ''}.json"
        if not cache.exists():
            conf = self.intermediate(CONFIGURED)
            err = self._compile([conf, *self.flags, f"--compile-from={CONFIGURED}", "--mlir-print-ir-after-all",
                                 "--mlir-disable-threading", "-o", "print-ir.vmfb"])
            funcs = dispatch_functions((self.work / conf).read_text())
            atomic_write(cache, json.dumps(codegen_dumps(err, funcs, every)))
        return json.loads(cache.read_text())

    def llvm_passes(self) -> list[str]:
        """LLVM's optional passes in the order opt-bisect numbers them (cached)."""
        cache = self.work / "llvm-passes.json"
        if not cache.exists():
            err = self.whole("bisect-all.vmfb", ("--opt-bisect-limit=-1",))
            atomic_write(cache, json.dumps([m[2] for m in _BISECT.finditer(err)]))
        return json.loads(cache.read_text())

    def points(self, variant: int) -> list[dict] | None:
        offered = [0, 1, OWN] if retarget_cpu(self.flags) else [0, OWN]  # the finishers, in the order tried
        if variant >= len(offered):
            return None
        variant = offered[variant]
        cpu = retarget_cpu(self.flags) if variant == 1 else None
        fin = FINISHERS[variant].format(cpu=cpu["name"] if cpu else "")
        pts = [make_point("input", "the lowered MLIR, before any phase", fin, phase="source", variant=variant)]
        for p in PHASES:
            pts += self.pre_points(fin, variant) if p == "preprocessing" and self.pre else [
                make_point("phase", f"after --compile-to={p}", fin, phase=p, variant=variant)]
        dumps, cfin = (self.dumps() if variant != OWN else []), fin + DROPPED  # own pipelines cannot finish a dump
        pts += [make_point("codegen", "after --compile-to=executable-configurations", cfin, dump=-1,
                           variant=variant)] if dumps else []
        pts += [make_point("codegen", f"after {d['pass']}{pass_options(d)} on @{d['func']} (codegen dump {d['number']})",
                           cfin, dump=i, variant=variant) for i, d in enumerate(dumps)]
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
            text = without_lowering_configs(substituted((self.work / self.intermediate(CONFIGURED)).read_text(),
                                                        self.dumps(), key["dump"]))
        else:
            text = (self.work / self.configured(key["phase"])).read_text()
        self.finish(text, key["variant"], "point")
        return "point.vmfb"


FINISHERS = ("compiled on to executable-configurations with the configuration's flags, every dispatch's codegen "
             "pipeline set to IREE's CPU Default pipeline, then compiled to the end",
             "compiled on to executable-configurations with the configuration's flags, every dispatch's codegen "
             "pipeline set to IREE's CPU Default pipeline and its executables retargeted to {cpu}, "
             "then compiled to the end",
             "compiled on to executable-configurations with the configuration's flags, then to the end by its own "
             "codegen pipelines (no codegen points)")
DROPPED = (", every op's lowering_config dropped first (so Default's tiling leaves the tiles a codegen pass made as "
           "they are)")
OWN = 2  # the finisher that keeps the configuration's codegen pipelines: the others' Default cannot lower every op
LLVM_FINISHER = "the configuration's own pipeline; LLVM runs only its first k optional passes"
RETARGETED = "compiled on from executable-configurations by the configuration's own codegen pipelines"


def make_point(stage: str, name: str, finisher: str, **key) -> dict:
    return {"stage": stage, "name": name, "key": key, "finisher": finisher}


def llvm_points(passes: list[str], finisher: str) -> list[dict]:
    """The whole compile with LLVM's first k optional passes, k = 1 .. all but the last (the last is the end)."""
    return [make_point("llvm", f"LLVM pass {k} of {len(passes)} (--opt-bisect-limit={k}): {passes[k - 1]}", finisher,
                       limit=k) for k in range(1, len(passes))]


def phase_of(phase: str) -> str:
    """The phase a point's program is after: ``pre:k`` (the preprocessing phase cut after k passes) is
    ``preprocessing``."""
    return "preprocessing" if phase.startswith("pre:") else phase


def _order(phase: str) -> int:
    phase = phase_of(phase)
    return -1 if phase == "source" else PHASES.index(phase) if phase in PHASES else len(PHASES)


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
    """A configured program with every dispatch on the Default pipeline (and, variant 1, this machine's CPU; variant
    OWN: as it is)."""
    if variant == OWN:
        return text
    text = _PIPELINE.sub(_DEFAULT, text)
    return retargeted(text) if variant == 1 else text


def retargeted(text: str) -> str:
    """A program with every llvm-cpu executable target naming the reference CPU (``reference_cpu``)."""
    cpu = reference_cpu()
    return _CPU.sub(f'cpu = "{cpu["name"]}", cpu_features = "{cpu["features"]}"', text)


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
        k = key["dump"]
        atomic_write(dest / "point.mlir", finished(without_lowering_configs(substituted(
            (p.work / p.intermediate(CONFIGURED)).read_text(), p.dumps(), k)), key["variant"]))
        how = (f"every codegen pipeline set to Default" + (", retargeted to this CPU" if key["variant"] else "") +
               ", every lowering_config dropped")
        lines = [f"iree-compile source.mlir {flags} --compile-to={CONFIGURED} -o configured.mlir",
                 f"iree-compile point.mlir {flags} --compile-from={CONFIGURED} -o point.vmfb"]
        if k < 0:
            return [f"# point.mlir: configured.mlir with {how}"] + lines
        d = p.dumps()[k]
        atomic_write(dest / "dispatch.mlir", d["text"] + "\n")
        return [f"# point.mlir: configured.mlir with @{d['func']} as dump {d['number']} of", f"#   iree-compile "
                f"configured.mlir {flags} --compile-from={CONFIGURED} --mlir-print-ir-after-all --mlir-disable-"
                f"threading", f"#   prints it (dispatch.mlir: after {d['pass']}), {how}"] + lines
    phase = key["phase"]
    to_configured = f"--compile-to={CONFIGURED} -o configured.mlir"
    early = shlex.join(p.base) if _order(phase) < _order("preprocessing") else flags  # without its own pipeline
    if phase in ("source", CONFIGURED):
        first = [f"iree-compile source.mlir {early} {to_configured}"]
    elif phase.startswith("pre:"):
        first = [f"iree-compile source.mlir {shlex.join(pre_cut(p, phase))} --compile-to=preprocessing "
                 f"-o preprocessing.mlir",
                 f"iree-compile preprocessing.mlir {flags} --compile-from=preprocessing {to_configured}"]
    else:
        first = [f"iree-compile source.mlir {flags} --compile-to={phase} -o {phase}.mlir",
                 f"iree-compile {phase}.mlir {early} --compile-from={phase} {to_configured}"]
    if key["variant"] == OWN:
        return first + ["cp configured.mlir point.mlir",
                        f"iree-compile point.mlir {flags} --compile-from={CONFIGURED} -o point.vmfb"]
    sed = _SED_DEFAULT
    if key["variant"] == 1:
        cpu = reference_cpu()
        sed += f'; s/cpu = "[^"]*", cpu_features = "[^"]*"/cpu = "{cpu["name"]}", cpu_features = "{cpu["features"]}"/g'
    return first + [f"sed -E {shlex.quote(sed)} configured.mlir > point.mlir",
                    f"iree-compile point.mlir {flags} --compile-from={CONFIGURED} -o point.vmfb"]


def _cut(p: Pipeline, k: int) -> list[str]:
    """The preprocessing flag cut after its first ``k`` passes (none for k = 0)."""
    return [pass_pipeline.FLAG + pass_pipeline.prefix(p.pre, k)] if k else []


def pre_cut(p: Pipeline, phase: str) -> list[str] | None:
    """The flags that compile a ``pre:k`` point's program to the preprocessing phase (None for any other point)."""
    return p.base + _cut(p, int(phase[4:])) if phase.startswith("pre:") else None


def run_lines(case, device: str, side: str) -> list[str]:
    """The lines that run a point's ``point.vmfb`` on ``device`` and judge it (shared with the CUDA pipeline)."""
    ins = " ".join(f"--input=@../inputs/{t.name}.npy" for t in case.inputs)
    outs = " ".join(f"--output=@out/{n}.npy" for n in case.outputs)
    return ["mkdir -p out",
            f"iree-run-module --module=point.vmfb --device={device} "
            f"--function=main {ins} {outs}",
            f"cd .. && exec python3 check.py {' '.join(f'{side}/out/{n}.npy' for n in case.outputs)}"]
