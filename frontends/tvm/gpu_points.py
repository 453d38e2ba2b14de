"""The pipeline of a TVM dlight GPU configuration (``tvm:cuda-dlight``, ``tvm:rocm-dlight``) as ordered points, each
built and run (``kernelfuzz localize``; the hooks are ``frontends/tvm/localize.py``).

dlight schedules a PrimFunc by trying its GPU rules in order (``gpu.Matmul``, ``gpu.GEMV``, ``gpu.Reduction``,
``gpu.GeneralReduction``, ``gpu.Fallback``: ``frontends/tvm/schedules.py``); the first that returns a schedule is
the one applied, and that schedule carries a trace of every primitive it applied.  The points, in pipeline order:

* ``schedule``: TE's unscheduled PrimFunc, then the PrimFunc after the first k instructions of the applied rule's
  trace, for each k after which the function changed (the points are named by the rule and the primitive);
* ``end``: the configuration's whole compile, run as kernelfuzz runs it (on the device where there is one, else in
  the PTX or gfx942 simulator: ``frontends/tvm/frontend.py``).

Finishing: a ``schedule`` point's module is printed as TVMScript with its thread-bound loops made serial loops and
its GPU memory scopes (``shared``, ``shared.dyn``, ``local``, ``warp``) made global, then built for x86 ``llvm`` by
kernelfuzz's TIR pipeline (TVM's default, intermediates poisoned) and run on this machine.  That is the meaning
TIR's schedule primitives are defined to keep: a loop bound to a thread is a loop, each thread's iteration one of
its iterations, so every correct prefix of a correct schedule computes the case's answer serially.  A module that
still names a thread after the rewrite (an intrinsic dlight tensorized into) cannot be made serial: that point is
broken, never right.  The rule's trace is replayed to build each prefix; the full replay is checked to be the
rule's own result (else there are no points: the trace does not describe what the rule did).  TVM's x86 codegen has
no float16 ``erf`` (``frontends/tvm/frontend.py``), so where the case has one the serial prefixes are replayed on the
case with each such erf computed in float32 and rounded back (``widened_erf``, what TVM's own Relax legalization
does): the same blocks and loops, so the same trace applies, and a value inside erf's float16 budget.

There are no points inside TVM's GPU lowering: a snapshot after a lowering pass could only be finished by the rest of
the same GPU pipeline, which runs the faulty pass on every earlier snapshot too, so the first such point would be
wrong whatever pass is at fault.  A fault there shows as the step from the last schedule point to ``end``.
"""
from __future__ import annotations

import json
import re
from dataclasses import replace

import numpy as np
import tvm
import tvm_ffi
from tvm import s_tir

from frontends.tvm import frontend as tvm_frontend
from frontends.tvm.frontend import target_of
from frontends.tvm.lower import lower
from frontends.tvm.points import REFERENCE, Pipeline, _point
from frontends.tvm.schedules import dlight_rules, replay, trace_json
from fuzz.case.traces import trace_prefix, trace_steps
from fuzz.case.workload import Case, Expr, Generic, expr_dtype
from fuzz.execute.backend import CompilerFailure, Config
from fuzz.store import folder_name, inside

_THREAD_LOOP = re.compile(r"T\.thread_binding\((.*?), thread=\"[^\"]*\"")
_GPU_SCOPE = re.compile(r",\s*scope=\"(?:shared|shared\.dyn|local|warp)\"")
_THREAD = re.compile(r"\b(?:threadIdx|blockIdx|vthread)\b|T\.thread_binding|T\.launch_thread")


def serial_source(mod: tvm.IRModule) -> str:
    """The module as TVMScript with its thread loops serial and its GPU scopes global (the schedule points'
    finisher); raises ``CompilerFailure`` where a thread is still named."""
    text = _GPU_SCOPE.sub("", _THREAD_LOOP.sub(r"T.serial(\1", mod.script()))
    left = _THREAD.search(text)
    if left:
        raise CompilerFailure(f"cannot be made serial: the module still names {left[0]!r} after the rewrite")
    return text


def _widen(e: Expr, dtypes: tuple[str, ...]) -> Expr:
    args = tuple(_widen(a, dtypes) for a in e.args)
    if e.op == "erf" and expr_dtype(e.args[0], dtypes) == "f16":
        return Expr("cast", (Expr("erf", (Expr("cast", args, dtype="f32"),)),), dtype="f16")
    return replace(e, args=args)


def widened_erf(case: Case) -> Case:
    """The case with each float16 erf computed as ``cast(f16, erf(cast(f32, x)))``, the form TVM's x86 codegen can
    build; the case itself where it has none."""
    types = case.tensor_types()
    ops = tuple(replace(op, body=_widen(op.body, tuple(types[i][1] for i in op.inputs))) if isinstance(op, Generic)
                else op for op in case.ops)
    return case if ops == case.ops else replace(case, ops=ops)


def short_step(step: tuple[str, list]) -> str:
    """A trace instruction as a person reads it: the primitive, its operands and attributes, a long one (an index
    map, a serialized node) shown as ``...``."""
    kind, inputs, attrs, _ = step[1]
    shown = [a if isinstance(a, str) else json.dumps(a) for a in inputs + attrs]
    return f"{kind}({', '.join(a if len(a) <= 40 else '...' for a in shown)})"


def applied_rule(func, target) -> tuple[str, s_tir.Schedule | None, list[str]]:
    """The first dlight rule that schedules ``func`` (its name, its schedule) and the rules that declined before it."""
    declined = []
    with target:
        for rule in dlight_rules():
            space = rule.apply(func, target, False)
            name = f"gpu.{type(rule).__name__}"
            if space is not None:
                return name, space if isinstance(space, s_tir.Schedule) else space[0], declined
            declined.append(name)
    return "", None, declined


class GpuPipeline(Pipeline):
    """One dlight configuration's schedule of one case: the applied rule's trace, its prefixes made serial."""

    def __init__(self, case, config: Config, workdir: str):  # noqa: super's __init__ is for the x86 and Hexagon ones
        if config.target not in ("cuda", "rocm") or config.flags[0] != "dlight":
            raise CompilerFailure(f"{config.name}: these points are for the dlight GPU configurations")
        if tvm_frontend.availability(config).status != "runs":
            raise CompilerFailure(f"{config.name}: {tvm_frontend.availability(config).why}")
        self.case, self.config = case, config
        self.work = inside(workdir, "localize", folder_name(config.name))
        self.work.mkdir(parents=True, exist_ok=True)
        self.module = tvm.IRModule({"main": lower(case)})
        widened = widened_erf(case)
        self.x86_module = self.module if widened is case else tvm.IRModule({"main": lower(widened)})
        self.rule, sch, self.declined = applied_rule(self.module["main"], tvm.target.Target(target_of(config)))
        self.trace = trace_json(sch) if sch is not None else None
        self.steps = trace_steps(self.trace) if self.trace else []
        if sch is not None and not tvm_ffi.structural_equal(self.scheduled()["main"], sch.mod["main"]):
            raise CompilerFailure(f"replaying {self.rule}'s trace does not give the rule's schedule")
        types = case.tensor_types()
        self.outputs = [types[n] for n in case.outputs]

    def changed(self) -> list[int]:
        """The trace prefixes k >= 1 after which the function differs from the prefix before."""
        out, before = [], self.scheduled(0)
        for k in range(1, len(self.steps) + 1):
            now = self.scheduled(k)
            if not tvm_ffi.structural_equal(now, before):
                out.append(k)
            before = now
        return out

    def points(self, variant: int) -> list[dict] | None:
        if variant:
            return None
        fin = (f"thread loops made serial and GPU memory scopes global, built for x86 {REFERENCE} by kernelfuzz's "
               f"TIR pipeline (TVM's default, intermediates poisoned), run on this machine")
        others = f"; {', '.join(self.declined)} declined" if self.declined else ""
        pts = [_point("schedule", "TE's PrimFunc, unscheduled", fin, serial=0)]
        pts += [_point("schedule", f"dlight {self.rule} (the rule applied{others}), after trace instruction {k} of "
                                   f"{len(self.steps)}: {short_step(self.steps[k - 1])}", fin, serial=k)
                for k in self.changed()]
        pts.append(_point("end", f"the configuration's whole compile, run as kernelfuzz runs it ("
                                 f"{tvm_frontend.availability(self.config).why})", "none (it is the configuration)",
                          whole=True))
        return pts

    def dumps(self) -> list[dict]:
        """The scheduled module after each TIR pass of the configuration's own GPU compile that changed it
        (``{number, name, text, suffix}``, TVMScript in a ``.tir`` file, not a script to run; for ``kernelfuzz
        localize --evidence``, fuzz/reduce/evidence.py): the passes between the schedule and the kernel, which
        running cannot separate."""
        from frontends.tvm.frontend import codegen_env
        from frontends.tvm.poison import PIPELINE
        seen: list[dict] = []
        last = [self.scheduled().script()]

        @tvm.ir.instrument.pass_instrument
        class Keep:
            def run_after_pass(self, mod, info):
                text = mod.script()
                if text != last[0]:
                    seen.append({"number": len(seen), "name": info.name, "text": text, "suffix": ".tir"})
                    last[0] = text

        with codegen_env(self.config), tvm.transform.PassContext(instruments=[Keep()]):
            tvm.compile(self.scheduled(), target=tvm.target.Target(target_of(self.config)), tir_pipeline=PIPELINE)
        return seen

    def serial(self, k: int) -> tvm.IRModule:
        prefix = self.scheduled(k) if self.x86_module is self.module or not self.trace else \
            replay(self.x86_module, trace_prefix(self.trace, k))
        return tvm.script.from_source(serial_source(prefix if self.trace else self.x86_module))

    def run(self, key: dict, inputs: list) -> list[np.ndarray]:
        if key.get("whole"):
            handle, _, _ = tvm_frontend.compile(self.case, self.config, str(self.work))
            return tvm_frontend.run(handle, inputs)
        mod = self.serial(key["serial"])
        return self._run_reference(mod if isinstance(mod, tvm.IRModule) else tvm.IRModule({"main": mod}), inputs)
