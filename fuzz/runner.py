"""Run one case through a set of configurations and judge each against the reference."""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

import numpy as np

from fuzz.backend import Config
from fuzz.isolate import Lane, StageResult
from fuzz.oracle import Comparison, Verdict, compare
from fuzz.reference import reference_outputs
from fuzz.values import materialize_all
from fuzz.workload import FLOAT_DTYPES, NUMPY_DTYPE, Case, to_json

_SIGNAL_FRAME = re.compile(r"Signals\.cpp|SignalHandler|libc\.so|PrintStackTrace")
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
        frames = [ln for ln in lines if re.match(r"#\d+ 0x", ln) and not _SIGNAL_FRAME.search(ln)]
        if frames:  # a crash: name the first frame outside the signal machinery
            return "crash in " + re.sub(r"^#\d+ 0x[0-9a-f]+ ", "", frames[0])
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
    verdict = _STAGE_VERDICT[r.status]
    if stage == "run" and verdict is Verdict.COMPILER_CRASH:  # the compiled program died, not the compiler
        verdict = Verdict.RUNTIME_ERROR
    return ConfigResult(config.name, verdict, stage, compile_s,
                        r.seconds if stage == "run" else 0.0, None, r.message, source)


def case_eps(case: Case) -> float:
    """Machine epsilon of the least precise float dtype anywhere in the case."""
    floats = [t for _, t in case.tensor_types().values() if t in FLOAT_DTYPES]
    return max((float(np.finfo(NUMPY_DTYPE[t]).eps) for t in floats), default=0.0)


def run_config(lane: Lane, case: Case, config: Config, inputs: list, refs: list, timeouts: Timeouts,
               outputs: dict) -> ConfigResult:
    c = lane.compile(config, to_json(case), timeouts.compile)
    if c.status != "ok":
        return _failed(config, "compile", c, c.seconds)
    r = lane.run(config, inputs, timeouts.run)
    if r.status != "ok":
        return _failed(config, "run", r, c.seconds, c.payload)
    outputs[config.name] = r.payload
    k, eps = case.reduction_length(), case_eps(case)
    comparisons = [compare(ref, np.asarray(out), k, eps) for ref, out in zip(refs, r.payload)]
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
