"""What was decided about a case: one ``ConfigResult`` per configuration, gathered in a ``CaseReport``.

``fuzz.execute.runner`` makes them; signatures, campaigns, the reducer and the published bundles read them.
"""
from __future__ import annotations

import re
import signal
from dataclasses import dataclass, field

from fuzz.case.workload import Case
from fuzz.judge.oracle import Evidence, Verdict

_DIED = re.compile(r"died \((?:status (-?\d+)|(SIG[A-Z]+))")  # iree-compile's and a worker's death notice
_FATAL = re.compile(r"LLVM ERROR: |Assertion `")  # a crash's own message: the same wherever it ran
# The pass a crash happened in: LLVM's pretty stack trace ("1.\tRunning pass 'X' on module 'm'.", one line per
# nesting level, the innermost last), or MLIR's crash reproducer note (the compile re-run with
# --mlir-pass-pipeline-crash-reproducer recovers and lists the nested passes outermost first:
# "Pipeline failed while executing [`TranslateAllExecutablesPass` on ..., ..., `PadDynamicAllocPass` on ...]").
_LLVM_PASS = re.compile(r"Running pass '([^']+)'")
_MLIR_PIPELINE = re.compile(r"Pipeline failed while executing \[(.*?)\]: ")
_MLIR_PASS = re.compile(r"`([^`]+)` on ")


def simulated(facts: dict) -> bool:
    """Whether a result's facts name a simulator as its executor (a saved result's too)."""
    return str((facts or {}).get("executor", "")).startswith("simulated")


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
    def simulated(self) -> bool:
        """Run on a simulator of the device (facts ``executor``, frontends/devices/cuda_sim.py), not the device."""
        return simulated(self.facts)

    @property
    def headline(self) -> str:
        """The most telling line of the failure message (the first error line); for a crash, what names it the
        same on every machine (``crash_line``)."""
        text = self.message or (self.evidence.detail if self.evidence else "")
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        crash = crash_line(lines)
        if crash:
            return crash
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
                "message": _ends(portable(self.message))}


def crash_line(lines: list[str]) -> str:
    """A crash named by what every machine prints: its fatal message (an LLVM ERROR, a failed assertion), else
    the signal and the innermost pass it died in.  Never the stack frames: their names come from
    llvm-symbolizer, so where none is installed the same crash printed only addresses and became a new bucket.
    "" when the message shows no crash, or only its death notice (a crash without a stack: ``stackless``)."""
    died = next((m for m in map(_DIED.search, lines) if m), None)
    if died is None and not any(ln.startswith("Stack dump:") for ln in lines):
        return ""
    fatal = next((ln for ln in lines if _FATAL.search(ln)), "")
    if fatal:
        return fatal
    innermost = _innermost_pass(lines)
    if not innermost:
        return ""
    how = _signal(died) if died else ""
    return f"crash{f' ({how})' if how else ''} in pass {innermost}"


def _innermost_pass(lines: list[str]) -> str:
    """The innermost pass a crash names: LLVM's (its code generator runs inside an MLIR pass), else the last of the
    MLIR pipeline the reproducer note lists.  The outermost, IREE's ``TranslateAllExecutablesPass``, holds every
    GPU code generation pass: named by it, a crash in ``PadDynamicAllocPass`` and one in ``GPUApplyTilingLevelPass``
    were one bucket."""
    llvm = [m.group(1) for m in map(_LLVM_PASS.search, lines) if m]
    if llvm:
        return llvm[-1]
    for m in filter(None, map(_MLIR_PIPELINE.search, reversed(lines))):
        nested = _MLIR_PASS.findall(m.group(1))
        if nested:
            return nested[-1]
    return ""


def _signal(died: re.Match) -> str:
    status, name = died.groups()
    if name:
        return name
    try:
        return signal.Signals(-int(status)).name
    except ValueError:
        return f"exit status {status}"


def stackless(error_class: str) -> bool:
    """Whether a crash's error class is only its death notice ("iree-compile died (status -N):", "worker died
    (SIGSEGV)"): nothing names where it died, so it cannot be told apart from another crash."""
    return "died (" in error_class and not error_class.startswith("crash")


def portable(text: str) -> str:
    """A compiler's message as any machine would read it: this machine's package, temporary and project folders
    named (``<site-packages>``, ``$TMPDIR``, ``<kernelfuzz>``), not spelt: a finding's results.json names no path of
    the machine it was found on."""
    import sysconfig
    import tempfile
    from pathlib import Path

    places = ((sysconfig.get_paths()["purelib"], "<site-packages>"), (str(Path(__file__).resolve().parents[2]),
              "<kernelfuzz>"), (tempfile.gettempdir(), "$TMPDIR"))
    for path, name in places:
        text = text.replace(path.rstrip("/") + "/", name + "/")
    return text


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
