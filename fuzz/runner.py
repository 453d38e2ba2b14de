"""Run one case through a set of configurations and judge each against the reference."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from fuzz.backend import Config
from fuzz.isolate import Lane, StageResult
from fuzz.oracle import Comparison, Verdict, compare
from fuzz.reference import reference_outputs
from fuzz.values import materialize_all
from fuzz.workload import Case, to_json

_STAGE_VERDICT = {"rejected": Verdict.REJECTED, "crash": Verdict.COMPILER_CRASH, "timeout": Verdict.TIMEOUT,
                  "program-error": Verdict.RUNTIME_ERROR, "internal": Verdict.INTERNAL_ERROR}


@dataclass(frozen=True)
class Timeouts:
    compile: float = 180.0
    run: float = 120.0


@dataclass(frozen=True)
class ConfigResult:
    config: str
    verdict: Verdict
    stage: str  # where it was decided: "compile" | "run" | "compare"
    compile_s: float = 0.0
    run_s: float = 0.0
    comparison: Comparison | None = None
    message: str = ""
    source: str = ""  # lowered text (TVMScript, MLIR) as compiled

    @property
    def headline(self) -> str:
        """The most telling line of the failure message (the first error line)."""
        text = self.message or (self.comparison.detail if self.comparison else "")
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        for mark in ("error:", "Error", "Check failed", "worker died", "Segmentation", "Assertion"):
            hit = next((ln for ln in lines if mark in ln), None)
            if hit:
                return hit
        return lines[0] if lines else ""

    def summary(self) -> dict:
        c = self.comparison
        return {"config": self.config, "verdict": self.verdict.value, "stage": self.stage,
                "compile_s": round(self.compile_s, 4), "run_s": round(self.run_s, 4),
                "max_abs_err": None if c is None else c.max_abs_err,
                "tolerance": None if c is None else c.tolerance,
                "bad_elements": None if c is None else c.bad,
                "first_bad": None if c is None else c.first_bad,
                "message": (self.message or (c.detail if c else ""))[-2000:]}


@dataclass(frozen=True)
class CaseReport:
    case: Case
    results: tuple[ConfigResult, ...]
    reference_s: float = 0.0
    outputs: dict = field(default_factory=dict, compare=False)  # config -> output arrays

    @property
    def findings(self) -> tuple[ConfigResult, ...]:
        return tuple(r for r in self.results if r.verdict.is_finding)


def _failed(config: Config, stage: str, r: StageResult, compile_s: float = 0.0, source: str = "") -> ConfigResult:
    return ConfigResult(config.name, _STAGE_VERDICT[r.status], stage, compile_s,
                        r.seconds if stage == "run" else 0.0, None, r.message, source)


def run_config(lane: Lane, case: Case, config: Config, inputs: list, refs: list, timeouts: Timeouts,
               outputs: dict) -> ConfigResult:
    c = lane.compile(config, to_json(case), timeouts.compile)
    if c.status != "ok":
        return _failed(config, "compile", c, c.seconds)
    r = lane.run(config, inputs, timeouts.run)
    if r.status != "ok":
        return _failed(config, "run", r, c.seconds, c.payload)
    outputs[config.name] = r.payload
    k = case.reduction_length()
    comparisons = [compare(ref, np.asarray(out), k) for ref, out in zip(refs, r.payload)]
    if len(r.payload) != len(refs):
        comparisons.append(Comparison(Verdict.MISMATCH, detail=f"{len(r.payload)} outputs, expected {len(refs)}"))
    worst = max(comparisons, key=lambda x: (x.verdict.is_finding, x.max_abs_err))
    return ConfigResult(config.name, worst.verdict, "compare", c.seconds, r.seconds, worst, source=c.payload)


def run_case(lane: Lane, case: Case, configs: list[Config], timeouts: Timeouts = Timeouts()) -> CaseReport:
    start = time.perf_counter()
    values = materialize_all(case)
    refs = reference_outputs(case, values)
    ref_s = time.perf_counter() - start
    inputs = [values[t.name] for t in case.inputs]
    outputs: dict = {}
    results = tuple(run_config(lane, case, cfg, inputs, refs, timeouts, outputs) for cfg in configs)
    return CaseReport(case, results, ref_s, outputs)
