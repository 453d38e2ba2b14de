"""``kernelfuzz localize`` for IREE's GPU configurations (CUDA and gfx942): the pipeline as ordered points, each
built and run.

The points, in pipeline order (``fuzz/reduce/localize.py`` bisects them and judges each with the oracle):

* ``input``: the lowered MLIR, before any phase;
* ``phase``: the program after ``iree-compile --compile-to=<phase>`` with the configuration's (GPU) flags, up to
  ``executable-sources`` (dispatches formed, no GPU strategy chosen yet);
* ``llvm``: the configuration's own compile with ``--opt-bisect-limit=k``: IREE's whole GPU codegen (the phases
  ``executable-configurations`` and ``executable-targets``: the LLVMGPU pipeline's MLIR passes, then MLIR to LLVM
  IR) and LLVM's first k optional passes for NVPTX or AMDGPU;
* ``end``: the configuration's whole compile.

Finishing: a program at an ``input`` or ``phase`` point is retargeted to the llvm-cpu backend (its GPU device and
executable targets replaced, in the text, by the llvm-cpu ones of the reference CPU, ``iree_localize.reference_cpu``),
compiled on from that phase for the CPU and run on ``local-task``; the engine checks on the case that this route is
right (the first point). So a wrong answer there is a fault of the target-independent phases, and a first wrong
``llvm`` point is a fault of the GPU codegen. Within that codegen the passes are not separated: each pass's output
is a partly lowered GPU dispatch (threads, shared memory, ``mma.sync`` or MFMA fragments) that no pipeline known to
be right can finish into a program, so the first bad pass inside it is read from the IR (the findings' evidence).

Running: on the device where its driver finds one (``iree-run-module --device=cuda`` or ``--device=hip``); elsewhere
the kernels iree-compile emitted run in kernelfuzz's simulator through ``frontends/iree/simulated.py``: PTX in
``frontends/devices/ptx`` (not a GPU: tests/test_ptx_h200.py holds it to an NVIDIA H200's outputs), gfx942
assembly in ``frontends/devices/gfx942`` (no AMD hardware has checked it).  A simulator raises on code it does not
model, which makes the point broken, never right; a kernel fault it reports, such as a shared-memory race, makes the
point wrong.  Every point's name says which ran it.
"""
from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import numpy as np

from frontends.iree import frontend as iree_frontend, localize as iree_localize, simulated
from frontends.iree.codegen_dumps import dispatch_functions, func_span, pass_options
from frontends.iree.llvm_dumps import dump_name, llvm_dumps
from frontends.iree.localize import CONFIGURED, llvm_points, make_point, run_lines
from fuzz.execute.backend import CompilerFailure, Config
from fuzz.store import atomic_write

PHASES = iree_localize.PHASES[:iree_localize.PHASES.index("executable-sources") + 1]
CPU_FINISHER = ("retargeted to llvm-cpu for {cpu} (its GPU device and executable targets replaced by the CPU's), "
                "compiled on from that phase for the CPU and run on local-task")
OWN = "the configuration's own pipeline, run {where}"


def on_device(config: Config) -> bool:
    a = iree_frontend.availability(config)
    return a.status == "runs" and not a.simulated


GPUS = {  # IREE target -> (its name, iree-run-module's device, where it runs without one)
    "cuda": ("CUDA", "cuda", "in kernelfuzz's PTX simulator (frontends/devices/ptx: not a GPU)"),
    "gfx942": ("gfx942", "hip", "in kernelfuzz's gfx942 simulator (frontends/devices/gfx942: no AMD hardware has "
                                "checked it)"),
}


def where(config: Config) -> str:
    name, _, simulator = GPUS[config.target]
    return f"on the {name} device" if on_device(config) else simulator


def cpu_flags() -> list[str]:
    """The llvm-cpu route the phase points are finished by (iree:cpu-O2's, for the reference CPU)."""
    cpu = iree_localize.reference_cpu()
    return ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
            f"--iree-llvmcpu-target-cpu={cpu['name']}",
            *([f"--iree-llvmcpu-target-cpu-features={cpu['features']}"] if cpu["features"] else []),
            "--iree-opt-level=O2"]


# ---------------------------------------------------------------- retargeting a GPU intermediate to llvm-cpu


def _close(text: str, start: int) -> int:
    """The index after the ``>`` that closes the ``<`` at ``text[start]`` (quoted strings and ``->`` skipped)."""
    depth, quoted = 0, False
    for i in range(start, len(text)):
        c = text[i]
        if c == '"' and text[i - 1] != "\\":
            quoted = not quoted
        elif not quoted and c == "<":
            depth += 1
        elif not quoted and c == ">" and text[i - 1] != "-":
            depth -= 1
            if depth == 0:
                return i + 1
    raise CompilerFailure(f"unbalanced attribute at offset {start}")


def _spans(text: str, head: str) -> list[tuple[int, int]]:
    """Each attribute that starts with ``head`` (which ends with its ``<``), as (start, end)."""
    out, i = [], 0
    while (j := text.find(head, i)) >= 0:
        out.append((j, _close(text, j + len(head) - 1)))
        i = out[-1][1]
    return out


def retarget(text: str, cpu_program: str) -> str:
    """A GPU intermediate with every device target and executable variant target replaced by those of
    ``cpu_program`` (the same source compiled for the CPU to a phase that has them)."""
    devices = _spans(cpu_program, "#hal.device.target<")
    if not devices:
        raise CompilerFailure("the CPU program names no #hal.device.target")
    device = cpu_program[slice(*devices[0])]
    exe = _spans(device, "#hal.executable.target<")[0]
    variant = "target(" + device[exe[0] + len("#hal.executable.target"):exe[1]]
    for head, new in (("#hal.device.target<", device), ("target(<", variant)):
        for j, k in reversed(_spans(text, head)):
            text = text[:j] + new + text[k:]
    return text


# ---------------------------------------------------------------- the pipeline


class Pipeline(iree_localize.Pipeline):
    """One GPU configuration's compile of one source: the llvm-cpu pipeline's compiling and caching
    (``iree_localize.Pipeline``), with the GPU's points and runs."""

    def cpu_program(self) -> str:
        """The source compiled for the CPU to executable-sources: where the CPU's target attributes come from."""
        name = "cpu.executable-sources.mlir"
        if not (self.work / name).exists():
            self._compile(["source.mlir", *cpu_flags(), "--compile-to=executable-sources", "-o", name])
        return (self.work / name).read_text()

    def llvm_dumps(self, first: int) -> list[dict]:
        """The dispatch functions after each LLVM pass of the point "codegen with no optional LLVM pass": its compile
        (from executable-configurations, as the MLIR dumps') with ``--opt-bisect-limit=0`` and LLVM's
        ``--print-after-all`` for those functions alone (``frontends/iree/llvm_dumps.py``), numbered from ``first``
        (cached).  A compile that fails (without its optional passes a kernel may fail to link against the device
        library) leaves the dumps its passes printed before the failure."""
        cache = self.work / f"llvm-dumps-{first}.json"
        if not cache.exists():
            conf = self.intermediate(CONFIGURED)
            funcs = dispatch_functions((self.work / conf).read_text())
            args = [conf, *self.flags, f"--compile-from={CONFIGURED}", "--opt-bisect-limit=0", "--print-after-all",
                    f"--filter-print-funcs={','.join(sorted(funcs))}", "-o", "print-llvm.vmfb"]
            try:
                err = self._compile(args, log="print-llvm.log") if funcs else ""
            except CompilerFailure:  # e.g. the link after LLVM: what the passes printed before it still stands
                err = (self.work / "print-llvm.log").read_text()
            (self.work / "print-llvm.log").unlink(missing_ok=True)
            atomic_write(cache, json.dumps(llvm_dumps(err, funcs, first)))
        return json.loads(cache.read_text())

    def points(self, variant: int) -> list[dict] | None:
        if variant:
            return None
        fin, own = CPU_FINISHER.format(cpu=iree_localize.reference_cpu()["name"]), OWN.format(where=where(self.config))
        pts = [make_point("input", "the lowered MLIR, before any phase (on the CPU)", fin, phase="source")]
        for p in PHASES:
            pts += [dict(x, name=x["name"] + " (on the CPU)") for x in self.pre_points(fin, 0)] \
                if p == "preprocessing" and self.pre else [make_point("phase", f"after --compile-to={p} (on the CPU)",
                                                                      fin, phase=p)]
        passes = self.llvm_passes()
        pts.append(make_point("codegen", f"IREE's {GPUS[self.config.target][0]} codegen (executable-configurations "
                                         "and executable-targets: "
                                         "the LLVMGPU pipeline's MLIR passes, not separable by running) with no "
                                         "optional LLVM pass (--opt-bisect-limit=0)", own, limit=0))
        pts += llvm_points(passes, own)
        pts.append(make_point("end", "the configuration's whole compile", own, whole=True))
        return pts

    def probe(self, key: dict, inputs: list) -> list[np.ndarray]:
        """Build the program at a point and run it."""
        if "phase" in key:
            return self._run_on_cpu(key["phase"], inputs)
        extra = [] if key.get("whole") else [f"--opt-bisect-limit={key['limit']}"]
        if on_device(self.config):
            self._compile(["source.mlir", *self.flags, *extra, "-o", "point.vmfb"])
            return iree_frontend.run(((self.work / "point.vmfb").read_bytes(), GPUS[self.config.target][1]), inputs)
        self._compile(["source.mlir", *self.flags, *extra, *simulated.SPLIT, "-o", "kernel.vmfb"])
        program = simulated.finish(iree_frontend._tool(), [*self.flags, *extra], str(self.work),  # only LLVM, on
                                   iree_localize.TIMEOUT, self.config.target)
        return simulated.run(program, "main", inputs)

    def program(self, phase: str) -> str:
        """The file of the program after ``phase`` (``pre:k``: the preprocessing phase cut after k passes)."""
        return self.pre_intermediate(int(phase[4:])) if phase.startswith("pre:") else self.intermediate(phase)

    def _run_on_cpu(self, phase: str, inputs: list) -> list[np.ndarray]:
        if phase == "source":
            self._compile(["source.mlir", *cpu_flags(), "-o", "point.vmfb"])
        else:
            text = retarget((self.work / self.program(phase)).read_text(), self.cpu_program())
            atomic_write(self.work / "point.mlir", text)
            self._compile(["point.mlir", *cpu_flags(), f"--compile-from={iree_localize.phase_of(phase)}", "-o",
                           "point.vmfb"])
        return iree_frontend.run(((self.work / "point.vmfb").read_bytes(), "local-task"), inputs)


# ---------------------------------------------------------------- the hooks (fuzz/execute/isolate.py)


def pipeline(case, config: Config, workdir: str) -> Pipeline:
    """The configuration's compile of its own source: the case lowered to MLIR, or what the configuration's frontend
    gives it instead (``localize_source``: the ONNX configurations' ``iree-import-onnx`` output)."""
    import importlib
    own = getattr(importlib.import_module(config.module), "localize_source", None)
    if own is not None:
        return Pipeline(own(case, workdir), config, workdir)
    from frontends.iree.lower import lower
    return Pipeline(lower(case), config, workdir)


def points(case, config: Config, workdir: str, variant: int):
    return pipeline(case, config, workdir).points(variant)


def probe(case, config: Config, workdir: str, point: dict, inputs: list):
    return pipeline(case, config, workdir).probe(point["key"], inputs)


def export(case, config: Config, workdir: str, point: dict, dest: str, inputs: list) -> str:
    """Write the files that rebuild a point into ``dest`` and return the shell lines that do it with IREE's own
    tools (inputs in ``../inputs/``, outputs to ``out/``, judged by ``../check.py``)."""
    p, key, dest = pipeline(case, config, workdir), point["key"], Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy(p.work / "source.mlir", dest / "source.mlir")
    flags, cpu = shlex.join(p.flags), shlex.join(cpu_flags())
    lines = [f"# {point['stage']}: {point['name']}", f"# finisher: {point['finisher']}"]
    if key.get("phase") == "source":
        lines.append(f"iree-compile source.mlir {cpu} -o point.vmfb")
        return "\n".join(lines + run_lines(case, "local-task", dest.name)) + "\n"
    if "phase" in key:
        phase, cut = iree_localize.phase_of(key["phase"]), iree_localize.pre_cut(p, key["phase"])
        atomic_write(dest / "point.mlir", retarget((p.work / p.program(key["phase"])).read_text(), p.cpu_program()))
        lines += [f"iree-compile source.mlir {shlex.join(cut) if cut is not None else flags} --compile-to={phase} "
                  f"-o {phase}.mlir",
                  f"# point.mlir: {phase}.mlir with its #hal.device.target and each variant's target(...) replaced by",
                  f"#   those of: iree-compile source.mlir {cpu} --compile-to=executable-sources",
                  f"iree-compile point.mlir {cpu} --compile-from={phase} -o point.vmfb"]
        return "\n".join(lines + run_lines(case, "local-task", dest.name)) + "\n"
    limit = "" if key.get("whole") else f" --opt-bisect-limit={key['limit']}"
    lines += [f"iree-compile source.mlir {flags}{limit} -o point.vmfb"]
    name, device, simulator = GPUS[config.target]
    if not on_device(config):
        ins, sim = " ".join(f"../inputs/{t.name}.npy" for t in case.inputs), simulated.SIMULATORS[config.target]
        lines += [f"# kernelfuzz ran this point {simulator} (no {name} device there), from this folder:",
                  f"#   iree-compile source.mlir {flags}{limit} --compile-to=executable-targets -o et.mlir",
                  f"#   iree-compile et.mlir {flags}{limit} --compile-from=executable-targets "
                  f"--iree-hal-dump-executable-files-to={sim} -o point.vmfb",
                  f"#   PYTHONPATH=KERNELFUZZ python3 -m frontends.iree.simulated {sim} et.mlir {sim} {ins}   "
                  "(prints the outputs)"]
    return "\n".join(lines + run_lines(case, device, dest.name)) + "\n"


def dumps(case, config: Config, workdir: str) -> list[dict]:
    """The dispatch after each codegen pass that changed it, for judging by a finding's IR evidence
    (fuzz/reduce/evidence.py): each ``{number, name, text, suffix}``.  First the dispatch as configured, before any
    codegen pass (number 0), so a fault of the first pass has a dump before it; then the MLIR after each pass
    (``--mlir-print-ir-after-all``), up to the last pass that leaves it a ``func.func`` (the GPU's vector lowering
    runs after its pipeline attribute is dropped); then, numbered on from those, the LLVM IR (``.ll``) and machine IR
    (``.mir``) after each LLVM pass of the GPU backend with no optional LLVM pass (``--opt-bisect-limit=0``, the
    ``codegen`` point's compile), named ``LLVM: <pass> (<pass-arg>) on @<function>`` (``Pipeline.llvm_dumps``)."""
    p = pipeline(case, config, workdir)
    passes = p.dumps(every=True)
    configured = (p.work / p.intermediate(iree_localize.CONFIGURED)).read_text()
    before = []
    for func in dict.fromkeys(d["func"] for d in passes):
        span = func_span(configured, func)
        if span is not None:
            before.append({"number": 0, "name": f"the dispatch as configured, before any codegen pass, @{func}",
                           "text": configured[span[0]:span[1]], "suffix": ".mlir"})
    mlir = [{"number": d["number"], "name": f"{d['pass']}{pass_options(d)} on @{d['func']}", "text": d["text"],
             "suffix": ".mlir"} for d in passes]
    llvm = [{"number": d["number"], "name": dump_name(d), "text": d["text"], "suffix": d["suffix"]}
            for d in p.llvm_dumps(max((d["number"] for d in passes), default=0) + 1)]
    return before + mlir + llvm
