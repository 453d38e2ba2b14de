"""The pipeline of a TVM configuration as ordered points, each built and run (``kernelfuzz localize``: the hooks are
``frontends/tvm/localize.py``).

The points, in pipeline order (``fuzz/reduce/localize.py`` bisects them and judges each with the oracle):

* ``schedule``: the PrimFunc after the first k instructions of the configuration's schedule trace (k = 0: TE's
  unscheduled PrimFunc): the primitive, for schedules;
* ``tir``: the module after each pass of the TIR lowering pipeline that changed it (a ``PassInstrument`` keeps the
  snapshots of the configuration's own compile);
* ``llvm`` (Hexagon): the LLVM IR TVM emitted for the kernel, rewritten for Debian's clang-16
  (``frontends/tvm/llvm16.py``), first compiled without HVX, then with HVX and ``-mllvm -opt-bisect-limit=k``
  (LLVM's optional passes 1..k), linked to kernelfuzz's harness and run under qemu-hexagon;
* ``end``: the configuration's whole compile (TVM's own LLVM), run as kernelfuzz runs it.

Finishing: ``schedule`` and ``tir`` points are built for x86 ``llvm`` (the target of ``tvm:cpu``) by the rest of
kernelfuzz's TIR pipeline (TVM's default, intermediates poisoned: ``frontends/tvm/poison.py``); a snapshot skips
the lowering passes it has already been through.  A TIR-level fault shows on every target; a fault in one
target's code generation shows only from the ``llvm`` points on.  x86 configurations have no ``llvm`` stage here
(their finisher is their own code generation).
"""
from __future__ import annotations

import json
import re
import subprocess

import numpy as np
import tvm
import tvm_ffi

from frontends.devices import hexagon

from frontends.tvm import frontend as tvm_frontend
from frontends.tvm.llvm16 import llvm16
from frontends.tvm.frontend import TARGETS, target_of
from frontends.tvm.lower import TVM_DTYPE, lower
from frontends.tvm.poison import PIPELINE
from frontends.tvm.schedules import replay, schedule, seed_for
from fuzz.execute.backend import CompilerFailure, Config
from fuzz.case.traces import step_name, trace_prefix, trace_steps
from fuzz.store import atomic_write, folder_name, inside

REFERENCE = TARGETS["cpu"]
CLANG_OPT = "-O2"
_BISECT = re.compile(r"^BISECT: running pass \((\d+)\) (.*)$", re.M)


@tvm.ir.instrument.pass_instrument
class Leaves:
    """The passes of the TIR lowering pipeline (those directly inside TVM's default ``_pipeline``, and kernelfuzz's
    poisoning pass): keeps the module after each (``keep``), or skips the first ``skip`` of them."""

    def __init__(self, keep: bool = False, skip: int = 0):
        self.depth, self.pipe, self.count, self.keep, self.skip, self.ran = 0, None, 0, keep, skip, 0
        self.snapshots: list[tuple[str, int, tvm.IRModule]] = []  # (pass, lowering passes run so far, module)

    def _leaf(self, info) -> bool:
        return (self.pipe is not None and self.depth == self.pipe + 2) or info.name == "kernelfuzz.PoisonAllocations"

    def should_run(self, mod, info) -> bool:
        if self._leaf(info) and self.count < self.skip:
            self.count += 1
            return False
        return True

    def run_before_pass(self, mod, info) -> None:
        if info.name == "_pipeline":
            self.pipe = self.depth
        self.depth += 1

    def run_after_pass(self, mod, info) -> None:
        self.depth -= 1
        if info.name == "_pipeline":
            self.pipe = None
        elif self.keep and self._leaf(info):
            self.ran += 1
            if not self.snapshots or not tvm_ffi.structural_equal(self.snapshots[-1][2], mod):
                self.snapshots.append((info.name, self.ran, mod))


def _untargeted(mod: tvm.IRModule) -> tvm.IRModule:
    """The module with its functions' target attributes dropped, so a build binds its own."""
    return tvm.IRModule({gv: (f.without_attr("target") if isinstance(f, tvm.tirx.PrimFunc) and f.attrs
                              and "target" in f.attrs else f) for gv, f in mod.functions.items()})


class Pipeline:
    """One configuration's compile of one case, its snapshots and LLVM IR cached in the worker."""

    def __init__(self, case, config: Config, workdir: str):
        if config.target not in ("cpu", "hexagon") or tvm_frontend.availability(config).status != "runs":
            raise CompilerFailure(f"{config.name}: localization runs TVM configurations that execute here (x86, "
                                  f"Hexagon under QEMU)")
        self.case, self.config = case, config
        self.work = inside(workdir, "localize", folder_name(config.name))
        self.work.mkdir(parents=True, exist_ok=True)
        self.module = tvm.IRModule({"main": lower(case)})
        self.target = tvm.target.Target(target_of(config))
        self.trace = case.schedule_for(config.name)
        if self.trace is None and config.flags[0] != "default":
            _, self.trace = schedule(self.module, config.flags[0], self.target, seed_for(case, config.name))
        self.steps = trace_steps(self.trace) if self.trace else []
        types = case.tensor_types()
        self.outputs = [types[n] for n in case.outputs]
        self._snapshots: list | None = None
        self._ll: str | None = None

    def scheduled(self, k: int | None = None) -> tvm.IRModule:
        if not self.trace:
            return self.module
        return replay(self.module, trace_prefix(self.trace, len(self.steps) if k is None else k))

    def snapshots(self) -> list[tuple[str, int, tvm.IRModule]]:
        """The module after each lowering pass of the configuration's own compile (those that changed it)."""
        if self._snapshots is None:
            leaves = Leaves(keep=True)
            with tvm.transform.PassContext(instruments=[leaves]):
                executable = tvm.compile(self.scheduled(), target=self.target, tir_pipeline=PIPELINE)
            self._snapshots = leaves.snapshots
            if self.config.target == "hexagon":
                self._ll = executable.mod.inspect_source("ll")
        return self._snapshots

    def ll(self) -> str:
        """The LLVM IR TVM emitted for the configuration, as clang-16 reads it."""
        self.snapshots()
        return llvm16(self._ll)

    def llvm_passes(self) -> list[str]:
        cache = self.work / "llvm-passes.json"
        if not cache.exists():
            err = self._clang(self.ll(), ["-mllvm", "-opt-bisect-limit=-1"])
            atomic_write(cache, json.dumps([m[2] for m in _BISECT.finditer(err)]))
        return json.loads(cache.read_text())

    # ------------------------------------------------------------ the points

    def points(self, variant: int) -> list[dict] | None:
        if variant:
            return None
        fin = (f"built for x86 {json.dumps(REFERENCE)} by kernelfuzz's TIR pipeline (TVM's default, intermediates "
               f"poisoned), run on this machine")
        pts = [_point("schedule", "TE's PrimFunc, unscheduled", fin, schedule=0)]
        pts += [_point("schedule", f"after trace instruction {k} of {len(self.steps)}: {step_name(self.steps[k - 1])}",
                       fin, schedule=k) for k in range(1, len(self.steps) + 1)]
        tir_fin = fin.replace("by kernelfuzz's", "by the rest of kernelfuzz's")
        pts += [_point("tir", f"after TIR pass {name} ({i + 1} of {len(self.snapshots())} that changed the module)",
                       tir_fin, tir=i) for i, (name, _, _) in enumerate(self.snapshots())]
        if self.config.target == "hexagon":
            pts.append(_point("llvm", "TVM's LLVM IR compiled by clang-16 without HVX (-hvx)", CLANG_FINISHER,
                              llvm="no-hvx"))
            passes = self.llvm_passes()
            pts.append(_point("llvm", "TVM's LLVM IR, clang-16 with HVX and no optional pass (-opt-bisect-limit=0)",
                              CLANG_FINISHER, llvm=0))
            pts += [_point("llvm", f"clang-16 with HVX, pass {k} of {len(passes)} (-opt-bisect-limit={k}): "
                                   f"{passes[k - 1]}", CLANG_FINISHER, llvm=k) for k in range(1, len(passes) + 1)]
        pts.append(_point("end", "the configuration's whole compile (TVM's own LLVM)", "none (it is the "
                                 "configuration)", whole=True))
        return pts

    def run(self, key: dict, inputs: list) -> list[np.ndarray]:
        if key.get("whole"):
            handle, _, _ = tvm_frontend.compile(self.case, self.config, str(self.work))
            return tvm_frontend.run(handle, inputs)
        if "llvm" in key:
            return self._run_clang(key["llvm"], inputs)
        if "tir" in key:  # the snapshot skips the lowering passes it has been through
            _, ran, snapshot = self.snapshots()[key["tir"]]
            with tvm.transform.PassContext(instruments=[Leaves(skip=ran)]):
                return self._run_reference(_untargeted(snapshot), inputs)
        return self._run_reference(self.scheduled(key["schedule"]), inputs)

    def _run_reference(self, mod: tvm.IRModule, inputs: list) -> list[np.ndarray]:
        try:
            executable = tvm.compile(mod, target=tvm.target.Target(REFERENCE), tir_pipeline=PIPELINE)
        except (RuntimeError, ValueError) as e:
            raise CompilerFailure(str(e)[:3000]) from None
        return tvm_frontend.run(("host", executable, self.outputs), inputs)

    def _clang(self, ll: str, extra: list[str], obj: str = "kernel.o") -> str:
        atomic_write(self.work / "kernel.ll", ll)
        p = subprocess.run(clang_command("kernel.ll", obj, extra), cwd=self.work, capture_output=True, text=True,
                           timeout=600)
        if p.returncode:
            raise CompilerFailure(f"clang-16 failed:\n{p.stderr[-3000:]}", crashed=p.returncode < 0)
        return p.stderr

    def _run_clang(self, which, inputs: list) -> list[np.ndarray]:
        ll = self.ll()
        if which == "no-hvx":
            ll, extra = without_hvx(ll), []
        else:
            extra = ["-mllvm", f"-opt-bisect-limit={which}"]
        self._clang(ll, extra)
        hexagon.link(self.work / "kernel.o", self.work / "kernel.hexagon")
        results, _ = hexagon.run(self.work / "kernel.hexagon", inputs,
                                 [(shape, np.dtype(TVM_DTYPE[dtype])) for shape, dtype in self.outputs])
        return results


CLANG_FINISHER = "clang-16 -c, linked to kernelfuzz's Hexagon harness with lld-16, run under qemu-hexagon"


def clang_command(ll: str, obj: str, extra: list[str]) -> list[str]:
    return ["clang-16", "--target=hexagon", f"-mcpu={hexagon.CPU}", CLANG_OPT, "-c", ll, "-o", obj, *extra]


def without_hvx(ll: str) -> str:
    """The IR with HVX switched off in every function's target features (the same vectors, scalar code)."""
    return re.sub(r'"target-features"="[^"]*"', '"target-features"="-hvx"', ll)


def _point(stage: str, name: str, finisher: str, **key) -> dict:
    return {"stage": stage, "name": name, "key": key, "finisher": finisher}
