"""First bad pass inside a codegen that cannot be separated by running, named by IR evidence.

``kernelfuzz localize`` builds and runs points (``fuzz/reduce/localize.py``); inside IREE's GPU codegen it cannot,
since each pass's output is a partly lowered GPU dispatch that no pipeline known to be right can finish, nor inside
TVM's GPU lowering after a dlight schedule (its points are finished with serial threads, where a cross-thread fault
cannot show).  Where the run-based boundary spans that codegen (its last right point is before it, its first wrong
one after it), a finding's *evidence script* narrows it: the program after each codegen pass (the frontend's
``dumps`` hook, each ``{number, name, text}`` and an optional file ``suffix``: IREE's MLIR after each codegen pass,
``--mlir-print-ir-after-all``, ``frontends/iree/codegen_dumps.py``, then on the GPU the LLVM IR (``.ll``) and
machine IR (``.mir``) after each LLVM backend pass, required ones too (instruction selection, register allocation:
LLVM's ``--print-after-all`` with ``--opt-bisect-limit=0``, ``frontends/iree/llvm_dumps.py``); TVM's module after
each TIR pass as TVMScript in ``.tir`` files, ``frontends/tvm/gpu_points.py``) is written to a file and judged by
``python3 SCRIPT --ir FILE``, which exits as every finding script does: 1 the bug is shown in that IR, 0 it is not,
2 it cannot judge (3, or anything else: the script's own error).  A script that dies with a traceback exits 1 in
Python, so it must keep the exit rule (``verdict.run``, as every finding script does) to be used here.

The first bad pass is the pass after which the script first shows the bug, every dump before it judged not shown;
where dumps before it could not be judged, the span from the last one judged not shown.  The evidence is the
script's claims, not a run: the report says so, and names the script.  Both dumps at the boundary are written next
to localize.txt so a person can diff them.
"""
from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from fuzz.store import atomic_write, inside

SHOWN, ABSENT, UNJUDGED = "shown", "not shown", "unjudged"
_STATUS = {0: ABSENT, 1: SHOWN}
# a last right point of these stages lies before every codegen pass: IREE's source and phases, TVM dlight's schedule
# (whose finisher makes threads serial, so a fault of the GPU lowering after it cannot show there)
SPANNED = frozenset({"input", "phase", "schedule"})
TIMEOUT = 120.0


@dataclass(frozen=True)
class Judged:
    """One codegen dump and the script's verdict on it."""
    index: int
    number: int  # the dump's number among every IR dump of the compile
    name: str  # the pass (with its options) and the function
    status: str
    message: str = ""
    suffix: str = ".mlir"  # the dump's file suffix: .mlir, .ll (LLVM IR), .mir (machine IR), .tir (TVMScript)


@dataclass
class Scan:
    script: str
    judged: list[Judged] = field(default_factory=list)
    note: str = ""  # why there is no answer

    @property
    def first_shown(self) -> Judged | None:
        return next((j for j in self.judged if j.status == SHOWN), None)

    @property
    def last_absent(self) -> Judged | None:
        shown = self.first_shown
        before = [j for j in self.judged if j.status == ABSENT and (shown is None or j.index < shown.index)]
        return before[-1] if before else None

    @property
    def unjudged_between(self) -> list[Judged]:
        shown, absent = self.first_shown, self.last_absent
        lo = absent.index if absent else -1
        return [j for j in self.judged if shown and lo < j.index < shown.index]


def spans_codegen(result) -> bool:
    """Whether a run-based localization's boundary holds the codegen passes (it cannot name one of them)."""
    return result.found and result.good.point.stage in SPANNED and result.bad.point.stage not in SPANNED


def judge(script: Path, dump: Path) -> tuple[str, str]:
    """The script's verdict on one dump, by its exit status, and its last output line."""
    try:
        r = subprocess.run([sys.executable, str(script), "--ir", str(dump.resolve())], cwd=script.parent,
                           capture_output=True, text=True, timeout=TIMEOUT)  # the dump's path from the script's folder
    except subprocess.TimeoutExpired:
        return UNJUDGED, f"timed out after {TIMEOUT:.0f} s"
    lines = (r.stdout + r.stderr).replace(str(dump.resolve()), dump.name).strip().splitlines()  # no machine's path
    return _STATUS.get(r.returncode, UNJUDGED), (lines[-1] if lines else f"exit {r.returncode}")


def scan(dumps: list[dict], script: Path, folder: Path) -> Scan:
    """Judge every dump in pipeline order; write the boundary's two dumps into ``folder``."""
    out = Scan(script.name)
    if not dumps:
        out.note = "the frontend gave no codegen dumps for this configuration"
        return out
    for i, d in enumerate(dumps):
        suffix = d.get("suffix", ".mlir")
        path = inside(folder, "dumps", f"{i:03d}{suffix}")
        atomic_write(path, d["text"])
        status, message = judge(script, path)
        out.judged.append(Judged(i, d["number"], d["name"], status, message, suffix))
        path.unlink()
    (folder / "dumps").rmdir()
    for name, j in (("last-not-shown", out.last_absent), ("first-shown", out.first_shown)):
        if j is not None:
            atomic_write(inside(folder, name + j.suffix), dumps[j.index]["text"])
    if out.first_shown is None:
        out.note = (f"{script.name} could judge no dump" if all(j.status == UNJUDGED for j in out.judged) else
                    f"{script.name} shows the bug after no codegen pass")
    return out


def where(s: Scan) -> str:
    """The first bad pass by the evidence, in one line."""
    shown = s.first_shown
    if shown is None:
        return f"not named by IR evidence ({s.note})"
    if s.unjudged_between or s.last_absent is None:
        after = f"after {s.last_absent.name}" if s.last_absent else "from the first codegen pass"
        return f"somewhere {after}, up to {shown.name} ({len(s.unjudged_between)} dump(s) between not judged)"
    return shown.name


def render(s: Scan, folder_name: str) -> str:
    """localize.txt's lines for one configuration's evidence scan."""
    lines = [f"IR evidence inside the codegen span: each codegen pass's dump judged by `python3 {s.script} --ir "
             f"DUMP` (exit 1: the bug is shown in that IR; 0: not shown; else unjudged), not by running"]
    runs = []  # consecutive dumps with one verdict, as ranges
    for j in s.judged:
        if runs and runs[-1][2] == j.status:
            runs[-1][1] = j
        else:
            runs.append([j, j, j.status])
    for a, b, status in runs:
        span = f"[{a.index}] {a.name}" if a is b else f"[{a.index}-{b.index}] {a.name} ... {b.name}"
        lines.append(f"  {span} -> {status}" + (f" ({b.message[:160]})" if status == UNJUDGED else ""))
    lines.append(f"First bad pass (by IR evidence): {where(s)}")
    if s.first_shown is not None:
        absent = s.last_absent
        lines += [f"  last not shown: [{absent.index}] {absent.name} (codegen dump {absent.number}): "
                  f"{folder_name}/evidence/last-not-shown{absent.suffix}" if absent else
                  "  no dump before it was judged",
                  f"  first shown: [{s.first_shown.index}] {s.first_shown.name} (codegen dump "
                  f"{s.first_shown.number}): {folder_name}/evidence/first-shown{s.first_shown.suffix}"]
    return "\n".join(lines) + "\n"
