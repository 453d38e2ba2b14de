"""What was decided about a case: one ``ConfigResult`` per configuration, gathered in a ``CaseReport``.

``fuzz.execute.runner`` makes them; signatures, campaigns, the reducer and the published bundles read them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from fuzz.case.workload import Case
from fuzz.judge.oracle import Evidence, Verdict

_SIGNAL_FRAME = re.compile(r"Signals\.cpp|SignalHandler|libc\.so|PrintStackTrace")


@dataclass(frozen=True)
class ConfigResult:
    config: str
    verdict: Verdict
    stage: str  # where it was decided: "compile" | "run" | "compare" | "compile-only" (compiled, not run)
    compile_s: float = 0.0
    run_s: float = 0.0
    evidence: Evidence | None = None
    message: str = ""
    source: str = ""  # lowered text (TVMScript, MLIR) as compiled
    profile: str = "strict"
    facts: dict = field(default_factory=dict, compare=False)  # what the compiler did (see fuzz.execute.backend)

    @property
    def compiled(self) -> bool:
        return self.stage != "compile"

    @property
    def headline(self) -> str:
        """The most telling line of the failure message (the first error line)."""
        text = self.message or (self.evidence.detail if self.evidence else "")
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        frames = [ln for ln in lines if re.match(r"#\d+ 0x", ln) and not _SIGNAL_FRAME.search(ln)]
        if frames:  # a crash: name the first frame outside the signal machinery
            return "crash in " + re.sub(r"^#\d+ 0x[0-9a-f]+ ", "", frames[0])
        for mark in ("Check failed", "error:", "Error", "worker died", "Segmentation", "Assertion"):
            hit = next((ln for ln in lines if mark in ln), None)
            if hit:
                return hit
        return lines[0] if lines else ""

    def summary(self) -> dict:
        return {"config": self.config, "verdict": self.verdict.value, "stage": self.stage,
                "profile": self.profile, "compile_s": round(self.compile_s, 4), "run_s": round(self.run_s, 4),
                "evidence": self.evidence.summary() if self.evidence else None,
                "facts": {k: v for k, v in self.facts.items() if k != "schedule"},  # the case holds schedules
                "message": _ends(self.message)}


def _ends(text: str, keep: int = 3000) -> str:
    """Both ends of a long message: compilers put the specific error first and the crash stack last."""
    return text if len(text) <= 2 * keep else f"{text[:keep]}\n[... {len(text) - 2 * keep} characters ...]\n{text[-keep:]}"


@dataclass(frozen=True)
class CaseReport:
    case: Case
    results: tuple[ConfigResult, ...]
    reference_s: float = 0.0
    outputs: dict = field(default_factory=dict, compare=False)  # config -> output arrays

    @property
    def divergent(self) -> tuple[str, ...]:
        """Configurations that failed to compile a case that others compiled."""
        if not any(r.compiled for r in self.results):
            return ()
        return tuple(r.config for r in self.results
                     if not r.compiled and r.verdict in (Verdict.REJECTED, Verdict.COMPILER_CRASH))

    @property
    def findings(self) -> tuple[ConfigResult, ...]:
        return tuple(r for r in self.results if r.verdict.is_finding)

    @property
    def verdicts(self) -> set[Verdict]:
        """Every verdict of the case, the case-level compile divergence included."""
        return {r.verdict for r in self.results} | ({Verdict.COMPILE_DIVERGENCE} if self.divergent else set())
