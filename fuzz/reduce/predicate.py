"""What judges one localize point: the finding's own symptom, a wrong value or a runtime fact.

``kernelfuzz localize`` (``fuzz/reduce/localize.py``) calls a point bad by the same fact its finding shows, so a
finding whose symptom is a fact about the run rather than a wrong value brackets its first bad pass too:

* ``value``: the oracle's verdict on the outputs: outside the certified bound (or a NaN/Inf the reference lacks) is
  wrong, exact or within it right.  The predicate of every ``out-of-bound`` and ``nan/inf-mismatch`` finding.
* ``fault``: the run fails with the finding's fault, the same kind at the same kind of place, as a simulator reports
  it (``frontends/devices/errors.py``, message ``simulated: <symptom>: <detail>``): "out-of-bounds global write",
  "out-of-bounds private (scratch) access", "shared-memory (LDS) race", ...  A run that fails otherwise (another
  fault, a trap on the CPU, a simulator that cannot run the code) is *broken*, never good; a run that ends with
  outputs outside the bound but without the fault is broken too (a different symptom, not this finding's).  The
  predicate of a ``runtime-error`` finding, its fault read from the finding's own record (``results.json``).
* ``fact:NAME``: the run observed ``NAME`` (a simulator's run fact: ``unwritten_register_reads``, ``padding_reads``,
  ``reads_past_allocation_end``, ``unwritten_private_reads``, ``unwritten_sgpr_reads``, ...) at least once: reads a
  GPU gives any value for, which need not change the output.
* ``unwritten-output``: some output element outside the bound still holds the poison its buffer was filled with
  (``fuzz/judge/poison.py``): the program never wrote it.

A point whose run observes no simulator facts (it ran on the CPU: the source and the phases retargeted to llvm-cpu,
a TVM point built for x86) cannot show a fault or a fact: it is judged by its value alone, and its line says so.
Every point's line in ``localize.txt`` names the predicate that judged it.
"""
from __future__ import annotations

import enum
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from fuzz.judge.oracle import UNWRITTEN, Judgement, Verdict

RIGHT = frozenset({Verdict.EXACT, Verdict.WITHIN_BOUND})
WRONG = frozenset({Verdict.OUT_OF_BOUND, Verdict.NONFINITE_MISMATCH})
FAILED = "program-error"  # the status of a run the program itself failed (fuzz/execute/isolate.py)
# the facts a simulated run always reports (frontends/devices/ptx/device.py, gfx942/device.py): a run that has none
# of them ran where no fault or fact can be observed
OBSERVING = frozenset({"unwritten_register_reads", "padding_reads", "undefined_shuffle_reads",
                       "out_of_range_buffer_accesses", "reads_past_allocation_end"})
SPELLING = "value, fault, fault:CLASS, fact:NAME or unwritten-output"
# every class ``fault_class`` gives: an out-of-bounds access by space and access, or a fault's own symptom
CLASSES = re.compile(r"out-of-bounds (global|shared|private \(scratch\)|param) (read|write|access)|"
                     r"shared-memory \(LDS\) race|uninitialized register read|barrier deadlock or divergence|"
                     r"runaway program|register access before its wait|kernel fault")


class Kind(enum.Enum):
    VALUE = "value"
    FAULT = "fault"
    FACT = "fact"
    UNWRITTEN = "unwritten-output"


@dataclass(frozen=True)
class Verdict3:
    """A point's status (right, wrong, broken), the oracle's judgement where outputs came back, and why."""
    status: str
    judgement: Judgement | None
    why: str


def fault_class(message: str) -> str:
    """The kind of fault and the kind of place a simulated run's failure message names ("" if it names none):
    'out-of-bounds global write', 'out-of-bounds shared access', 'shared-memory race', ..."""
    m = re.match(r"\s*simulated: ([a-z -]+?): (.*)", message, re.S)
    if not m:
        return ""
    symptom, detail = m.group(1), m.group(2).lower()
    if symptom == "out-of-bounds access":
        return f"out-of-bounds {_space(detail)}{_access(detail)}"
    if symptom == "shared-memory race":
        return "shared-memory (LDS) race"
    return symptom


def _space(detail: str) -> str:
    if re.match(r"\d+ global (read|write)s? outside", detail) or detail.startswith("global"):
        return "global"
    for space in ("shared", "local", "param"):  # the PTX simulator's state spaces
        if detail.startswith(space):
            return "private (scratch)" if space == "local" else space
    if detail.startswith("lds") or detail.startswith("ds_"):
        return "shared"  # gfx942's LDS is CUDA's shared memory
    return "private (scratch)"  # gfx942: a scratch or buffer instruction outside its segment


def _access(detail: str) -> str:
    what = detail.split(" outside")[0]  # gfx942: the count and kind, or the instruction's text
    if re.search(r"write|_store", what) or "a write past" in detail:
        return " write"
    if re.search(r"\d+ global reads|_load", what) or detail.startswith("global access"):
        return " read"  # the PTX simulator marks a global write, so an unmarked global access is a read
    return " access"


@dataclass(frozen=True)
class Predicate:
    kind: Kind
    what: str = ""  # FAULT: the fault class ("" any fault of the program); FACT: the run fact's name

    def describe(self) -> str:
        if self.kind is Kind.VALUE:
            return "value: outside the certified bound (or a NaN/Inf the reference lacks) is wrong"
        if self.kind is Kind.FAULT:
            return (f"fault: the run fails with {self.what or 'a fault of the program'}, as the finding's run did; "
                    f"another failure or a wrong value without it is broken")
        if self.kind is Kind.FACT:
            return f"fact: the simulated run observes {self.what} at least once"
        return "unwritten output: an output element outside the bound still holds its poison (never written)"

    def judge(self, outputs, status: str, message: str, facts: dict, refs: list, judge_all: Callable) -> Verdict3:
        """The point's status by this predicate, given what building and running it gave."""
        j = None if outputs is None else judge_all(refs, [np.asarray(o) for o in outputs])
        observed = bool(OBSERVING & set(facts or {}))
        if self.kind is Kind.VALUE or (not observed and outputs is not None):
            if self.kind is Kind.VALUE:
                return _by_value(j, status, message, "value")
            return _by_value(j, status, message, f"value alone: this run cannot show a {self.kind.value}",
                             wrong_is_broken=True)
        if self.kind is Kind.FAULT:
            return self._fault(j, status, message)
        if j is None:
            return Verdict3("broken", None, f"no outputs ({status})")
        if self.kind is Kind.FACT:
            seen = facts.get(self.what) or {}
            if int(seen.get("count", 0)):
                first = "; ".join(str(f) for f in seen.get("first", [])[:2])
                return Verdict3("wrong", j, f"{self.what}: {seen['count']}" + (f" (first: {first})" if first else ""))
            return _by_value(j, status, message, f"no {self.what}", wrong_is_broken=True)
        if j.verdict in WRONG and j.evidence.symptom == UNWRITTEN:
            return Verdict3("wrong", j, "unwritten output")
        return _by_value(j, status, message, "every output element written", wrong_is_broken=True)

    def _fault(self, j: Judgement | None, status: str, message: str) -> Verdict3:
        if j is not None:
            return _by_value(j, status, message, "no fault", wrong_is_broken=True)
        if status != FAILED:
            return Verdict3("broken", None, f"no outputs ({status})")
        seen = fault_class(message)
        if not self.what or seen == self.what:  # no class recorded: any failure of the program, as before records
            return Verdict3("wrong", None, seen or "the program failed")
        return Verdict3("broken", None, f"another failure ({seen or 'not a simulator fault'}), not the finding's")


def _by_value(j: Judgement | None, status: str, message: str, basis: str, wrong_is_broken: bool = False) -> Verdict3:
    if j is None:
        return Verdict3("broken", None, f"{basis}; no outputs ({status})")
    if j.verdict in RIGHT:
        return Verdict3("right", j, basis)
    if j.verdict in WRONG:
        if wrong_is_broken:
            return Verdict3("broken", j, f"{basis}, but a wrong value: not the finding's symptom")
        return Verdict3("wrong", j, basis)
    return Verdict3("broken", j, basis)


def parse(text: str) -> Predicate:
    """``--by``'s value: value, fault, fault:CLASS, fact:NAME, unwritten-output (ValueError naming the spelling)."""
    name, _, what = text.partition(":")
    try:
        kind = Kind(name)
    except ValueError:
        raise ValueError(f"--by {text!r}: write {SPELLING}") from None
    if kind is Kind.FACT and not what:
        raise ValueError(f"--by {text!r}: name the run fact, e.g. fact:unwritten_register_reads")
    if kind is Kind.FAULT and what and not CLASSES.fullmatch(what):
        raise ValueError(f"--by {text!r}: a fault class is 'out-of-bounds SPACE ACCESS' (SPACE: global, shared, "
                         f"private (scratch), param; ACCESS: read, write, access), 'shared-memory (LDS) race', "
                         f"'uninitialized register read', 'barrier deadlock or divergence', 'register access before "
                         f"its wait' or 'runaway program'")
    return Predicate(kind, what)


def of_record(expected: str, record: dict | None) -> Predicate:
    """The predicate of a finding's configuration from its expected verdict and its own record (an entry of the
    finding's results.json): a runtime error is judged by its fault's class, anything else by value."""
    if expected != Verdict.RUNTIME_ERROR.value:
        return Predicate(Kind.VALUE)
    return Predicate(Kind.FAULT, fault_class((record or {}).get("message", "")))


def records(folder: Path) -> dict[str, dict]:
    """The finding's own results.json entries by configuration ({} where it has none)."""
    try:
        entries = json.loads((folder / "results.json").read_text())
    except (OSError, ValueError):
        return {}
    return {e["config"]: e for e in entries if isinstance(e, dict) and "config" in e}
