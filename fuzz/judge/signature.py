"""Failure signatures: what makes two findings the same bug.

A signature is structural: per failing configuration its verdict, its stage
and the compiler's error class (the first error line, or a crash's fatal
message or signal and innermost pass, ``ConfigResult.headline``, with addresses,
numbers, shapes, names and paths normalized away), plus the op kinds and
dtypes of the case.  The reducer keeps it fixed while it shrinks a
case.

Campaigns group findings into coarser *buckets* (``place``): a compile-stage
failure counts once per compiler and way in ("iree:gfx942", "iree:onnx"),
whichever flag variants hit it, and the op kinds are left out, so one compiler
bug reached from different workloads is one bucket (its error line, or a crash's
innermost pass, tells bugs apart).  A failure at run time or in the comparison
counts once per compiler and the target the code runs on ("iree:cuda",
"tvm:rocm"; an ONNX or Relax way in runs on its target's code generator): the
mma.sync bug recorded on sm80 is the same bug on sm89, and one rocm-dlight
variant's bug is its siblings'.  Its error class is the result's symptom
(``fuzz.judge.oracle.symptom``) or the run's error line, so two wrong-code bugs
of one target that look different (a flush to zero, a one-ulp slip, a gross
error) are two buckets; and it is keyed by the case's *principal op*
(``principal``: its heaviest op kind with the op's dtypes, "wrong value in
conv2d:i8->i32"), because a symptom is a handful of words that every wrong-code
bug of a target shares: keyed by symptom alone, the one simulated ``tvm:rocm``
wrong value the corpus kept (the f16 erf finding) made every simulated rocm
wrong value known.  The principal op, not every op, so a reduced finding still
masks the unreduced cases of its bug (a reducer drops epilogues, rarely the op
the case is built around).  The price: two wrong-code bugs of one target, one
symptom and one principal op share a bucket (the findings it names are
candidates, not a verdict), and one bug met on another principal op or dtype is
a new bucket until the corpus keeps that repro too; the exact configurations
stay in the reducer's signature and in every saved result.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from fuzz.case.workload import NUMPY_DTYPE, Case
from fuzz.judge import oracle
from fuzz.judge.oracle import NUMERIC, Evidence, Verdict
from fuzz.judge.reference import Value
from fuzz.judge.results import CaseReport, ConfigResult, stackless
from fuzz.store import folder_name

_NORMALIZE = [
    (re.compile(r"0x[0-9a-fA-F]+"), "ADDR"),
    (re.compile(r"(?:tensor|memref|vector)<[^>]*>"), "TYPE"),
    (re.compile(r"%[\w.#]+"), "%V"),
    (re.compile(r"@[\w.]+"), "@F"),
    # TVM names the schedule primitive that failed in quotes; which primitive it is tells dlight's bugs
    # apart ('set-scope' on a multi-output reduction, 'bind' on compound spatial bindings), so it stays.
    (re.compile(r"schedule primitive '([\w-]+)'"), r"schedule primitive \1"),
    (re.compile(r"'[^']*'|\"[^\"]*\""), "'S'"),
    (re.compile(r"[\w./-]*\.mlir:\d+:\d+"), "LOC"),  # the input or a dumped dispatch: the same error
    (re.compile(r"\d+"), "N"),
    (re.compile(r"\s+"), " "),
]


SIMULATED = " [simulated]"  # ends the error class of a verdict a simulator's run gave
_DETAIL = re.compile(r"expected (\S+) in \[[^\]]*\], got ([^\s;]+)")


def symptom(evidence: Evidence | None) -> str:
    """The wrong result's symptom (``fuzz.judge.oracle.symptom``); for evidence saved before symptoms were
    recorded, the symptom of its first wrong element and its largest distance in ulps."""
    if evidence is None:
        return ""
    if evidence.symptom:
        return evidence.symptom
    m = _DETAIL.search(evidence.detail)
    if not m:
        return "wrong shape or dtype" if evidence.detail.startswith("got ") else ""
    want, got = (np.array([float(v)]) for v in m.groups())
    return oracle.symptom(want, got, np.array([evidence.max_ulps]))


def error_class(result: ConfigResult) -> str:
    """The failure's message with everything case-specific normalized away; for a wrong result, its symptom.  A
    verdict of a simulated run is marked as such, so it never shares a bucket with a device's."""
    cls = _error_class(result)
    return f"{cls}{SIMULATED}" if result.simulated and result.stage != "compile" else cls


def _error_class(result: ConfigResult) -> str:
    if result.verdict in (Verdict.OUT_OF_BOUND, Verdict.NONFINITE_MISMATCH):
        return symptom(result.evidence)
    if result.verdict in (Verdict.FLAKY, Verdict.COMPILED, Verdict.EXACT, Verdict.WITHIN_BOUND,
                          Verdict.NOT_EXPRESSIBLE):
        return ""
    text = result.headline
    for pattern, repl in _NORMALIZE:
        text = pattern.sub(repl, text)
    return text.strip()[:200]


@dataclass(frozen=True)
class Signature:
    failures: tuple[tuple[str, str, str, str], ...]  # (config, verdict, stage, error class), sorted
    divergent: bool
    ops: tuple[str, ...]  # op kinds with dtypes, e.g. "conv2d:i8->i32"

    @property
    def key(self) -> str:
        return hashlib.sha256(repr((self.failures, self.divergent, self.ops)).encode()).hexdigest()[:12]

    @property
    def configs(self) -> tuple[str, ...]:
        return tuple(f[0] for f in self.failures)

    @property
    def bucket(self) -> tuple[tuple[str, str, str, str], ...]:
        op = principal(self.ops)
        return tuple(sorted({(place(c, s), v, s, keyed(e, s, op)) for c, v, s, e in self.failures}))

    @property
    def bucket_key(self) -> str:
        return hashlib.sha256(repr(self.bucket).encode()).hexdigest()[:12]

    def describe_bucket(self) -> str:
        return "; ".join(f"{c} {v} at {s}" + (f" ({e})" if e else "") for c, v, s, e in self.bucket)

    def describe(self) -> str:
        parts = [f"{c} {v} at {s}" + (f" ({e})" if e else "") for c, v, s, e in self.failures]
        return "; ".join(parts) + (" [compile-divergence]" if self.divergent else "")

    def matches(self, report: CaseReport) -> bool:
        """The same failures in the same configurations (op kinds may shrink away)."""
        other = of(report)
        return other.failures == self.failures and other.divergent == self.divergent


def family(config: str) -> str:
    """The compiler and target of a configuration: "iree:gfx942-no-fusion" -> "iree:gfx942"; a way into the
    compiler is a variant too: "tvm:relax-cuda-dlight" -> "tvm:cuda", "iree:cpu-O2-tosa" -> "iree:cpu"."""
    compiler, _, rest = config.partition(":")
    return f"{compiler}:{rest.removeprefix('relax-').split('-', 1)[0]}"


def target(config: str) -> str:
    """The compiler and the target its code runs on: ``family`` without the way in, which only changes what the
    code generator is handed: "iree:onnx-gfx942-O2" -> "iree:gfx942", "tvm:onnx-relax-cpu" -> "tvm:cpu"."""
    compiler, _, rest = config.partition(":")
    return family(f"{compiler}:{rest.removeprefix('onnx-')}")


def place(config: str, stage: str) -> str:
    """Where a failure is bucketed: a compile-stage one per compiler and way in (``family``: an importer's
    rejection is the importer's, whatever the target), any later one per compiler and target (``target``: the
    miscompiled code is the target's code generator's, whichever flag variant or chip of it ran)."""
    return family(config) if stage == "compile" else target(config)


# An op kind with its dtypes (``op_kinds``), heaviest first: what a case is built around.
_WEIGHT = ("attention", "conv2d", "matmul", "pool2d", "generic-", "generic", "pad", "reshape")
OP_KEY = re.compile(r" in [\w-]+:[\w/]+->\w+$")  # how ``keyed`` ends an error class, before SIMULATED


def _weight(kind: str) -> int:
    name = kind.split(":", 1)[0]  # "generic-add" is a reduction ("generic-"); other kinds keep no suffix
    name = "generic-" if name.startswith("generic-") else name
    return _WEIGHT.index(name) if name in _WEIGHT else len(_WEIGHT)


def principal(ops: tuple[str, ...]) -> str:
    """The op a failure after compilation is bucketed by: the heaviest of the case's op kinds (``op_kinds``: an
    attention, a conv, a matmul, a pool, a reduction, an elementwise generic, a pad, a reshape), the first of the
    heaviest in the case's order; "" for no ops (results saved without their case)."""
    return min(ops, key=_weight) if ops else ""


def keyed(error_class: str, stage: str, op: str) -> str:
    """A failure's error class as its bucket keeps it: after compilation, with the case's principal op
    ("wrong value in conv2d:i8->i32 [simulated]"); a compile-stage one as it is."""
    if stage == "compile" or not op:
        return error_class
    base, simulated = (error_class[:-len(SIMULATED)], SIMULATED) if error_class.endswith(SIMULATED) \
        else (error_class, "")
    return f"{base} in {op}{simulated}"


def op_kinds(case: Case) -> tuple[str, ...]:
    types = case.tensor_types()
    kinds = []
    for op in case.ops:
        src = "/".join(sorted({types[n][1] for n in op.inputs}))
        dst = types[op.name][1]
        kinds.append(f"{op.kind}{'-' + op.reduce if getattr(op, 'reduce', None) else ''}:{src}->{dst}")
    return tuple(kinds)


def of(report: CaseReport) -> Signature:
    failures = tuple(sorted((r.config, r.verdict.value, r.stage, error_class(r)) for r in report.findings))
    return Signature(failures, bool(report.divergent), op_kinds(report.case))


def of_saved(results: list[dict], folder: Path | None = None, ops: tuple[str, ...] = ()) -> Signature:
    """The signature of saved results (a finding's or a bundle's results.json) of a case of ``ops`` (``op_kinds``;
    none: its failures after compilation are bucketed without their principal op).  Evidence saved before symptoms
    were recorded gets the symptom of the outputs saved beside it in ``folder`` (a bundle's ``outputs/`` and
    ``reference/``), else that of its first wrong element."""
    rs = [ConfigResult(r["config"], Verdict(r["verdict"]), r["stage"], message=r.get("message", ""), facts=r.get("facts") or {},
                       evidence=_evidence(r.get("evidence"), folder if Verdict(r["verdict"]) in NUMERIC else None,
                                          r["config"])) for r in results]
    failures = tuple(sorted((r.config, r.verdict.value, r.stage, error_class(r)) for r in rs if r.verdict.is_finding))
    divergent = any(r.compiled for r in rs) and any(
        not r.compiled and r.verdict in (Verdict.REJECTED, Verdict.COMPILER_CRASH) for r in rs)
    return Signature(failures, divergent, tuple(ops))


def saved_ops(folder: Path) -> tuple[str, ...]:
    """The op kinds of the case saved in ``folder`` (``case.json``), none where it keeps no case (an unreadable one
    raises ``CaseFileError``)."""
    from fuzz.case.workload import load
    path = Path(folder) / "case.json"
    return op_kinds(load(path)) if path.exists() else ()


def _evidence(saved: dict | None, folder: Path | None = None, config: str = "") -> Evidence | None:
    """The fields of saved evidence that a symptom reads; a wrong result's missing symptom from ``folder``."""
    if not saved:
        return None
    recorded = str(saved.get("symptom", "")) or (saved_symptom(folder, config) if folder else "")
    return Evidence(max_ulps=int(saved.get("max_ulps", 0)), detail=str(saved.get("detail", "")), symptom=recorded)


def saved_symptom(folder: Path, config: str) -> str:
    """The symptom of a configuration's outputs saved in a bundle (``outputs/<config>/<out>.npy``, judged against
    ``reference/<out>.npy`` and its bounds), or "" where they are not saved: every wrong element, where the saved
    detail has only the first (a poison read among wrong values, an int8 0xA5 that prints as -91)."""
    for path in sorted((folder / "outputs" / folder_name(config)).glob("*.npy")):
        ref = [folder / "reference" / f"{path.stem}{s}.npy" for s in ("", ".lo", ".hi")]
        if not all(p.exists() for p in ref):
            continue
        try:
            data, lo, hi = (np.load(p, allow_pickle=False) for p in ref)
            dtype = next(k for k, v in NUMPY_DTYPE.items() if np.dtype(v) == data.dtype)
            value = Value(data.astype(np.float64 if data.dtype.kind == "f" else np.int64), dtype,
                          np.abs(data).astype(np.float64), lo, hi)
            j = oracle.judge(value, np.load(path, allow_pickle=False))
        except (ValueError, OSError, StopIteration):
            continue  # a damaged or foreign file: the saved detail still speaks
        if j.verdict in NUMERIC and j.evidence.symptom:
            return j.evidence.symptom
    return ""


KNOWN_LIST = "known.json"  # in the corpus: bugs seen, not yet triaged into a finding (docs/corpus.md)
KNOWN_FORMAT = "kernelfuzz.known/1"


def known(corpus: Path) -> dict[tuple, list[str]]:
    """Bucket entries (compiler and way in or target, ``place``; verdict, stage, error class, keyed by the principal
    op of the case saved beside the results) of every bug kept in ``corpus/findings/``, each with the findings that
    show it (a finding's subfolders hold more repros of it), and of every bug ``corpus/known.json`` lists, seen but
    not yet triaged, under its name there: what tests and campaigns both mask."""
    entries: dict[tuple, list[str]] = {}
    findings = Path(corpus) / "findings"
    for path in sorted(findings.glob("*/**/results.json")):
        try:
            saved = of_saved(json.loads(path.read_text()), path.parent, saved_ops(path.parent))
        except (OSError, ValueError, KeyError, TypeError):
            continue  # a damaged bundle: `kernelfuzz replay` reports it
        name = path.relative_to(findings).parts[0]
        for entry in saved.bucket:
            if name not in entries.setdefault(entry, []):
                entries[entry].append(name)
    for name, entry in untriaged(Path(corpus)):
        if name not in entries.setdefault(entry, []):
            entries[entry].append(name)
    return entries


def untriaged(corpus: Path) -> list[tuple[str, tuple]]:
    """(name, bucket entry) of each bug ``corpus/known.json`` lists (none without the file); a malformed list is a
    ``WorkloadError`` naming the field and the fix."""
    from fuzz.case import untrusted as U
    path = Path(corpus) / KNOWN_LIST
    if not path.exists():
        return []
    j = U.fields(U.read_json(path), KNOWN_LIST, ("format", "known"), ("note",))
    U.check(j["format"] == KNOWN_FORMAT, f"{path}: format must be {KNOWN_FORMAT!r}", "version")
    U.check(isinstance(j["known"], list), f"{path}: 'known' must be a list of bugs", "type")
    out = []
    for k, bug in enumerate(j["known"]):
        where = f"{path}: known[{k}]"
        b = U.fields(bug, where, ("name", "bucket", "shows"), ("seen",))
        name, _ = U.text(b["name"], f"{where}.name"), U.text(b["shows"], f"{where}.shows", most=4000)
        U.check(isinstance(b["bucket"], list) and b["bucket"], f"{where}.bucket: a list of bucket entries", "type")
        for e in b["bucket"]:
            U.check(isinstance(e, list) and len(e) == 4 and all(isinstance(x, str) for x in e),
                    f"{where}.bucket: each entry is [configuration or compiler:target, verdict, stage, error class] "
                    "as a campaign's results.json keeps a failure", "type")
            U.check(e[2] == "compile" or OP_KEY.search(e[3].removesuffix(SIMULATED)),
                    f"{where}.bucket: a failure after compilation names the case's principal op at the end of its "
                    "error class (before \" [simulated]\"), as `kernelfuzz status` prints its bucket "
                    "(\"wrong value in conv2d:i8->i32\")", "value")
            out.append((name, (place(e[0], e[2]), *e[1:])))  # a configuration named stands for its place
    return out


def entry_of(result: ConfigResult, ops: tuple[str, ...]) -> tuple[str, str, str, str]:
    """One failing result's bucket entry (``Signature.bucket``) for a case of ``ops`` (``op_kinds``), to look up in
    ``known``."""
    return (place(result.config, result.stage), result.verdict.value, result.stage,
            keyed(error_class(result), result.stage, principal(ops)))


def is_known(result: ConfigResult, known_entries: dict, ops: tuple[str, ...]) -> bool:
    """Whether a failing result on a case of ``ops`` is one of the bugs ``known`` lists (a simulated one as the
    device's record)."""
    return kept_as(entry_of(result, ops), known_entries) in known_entries


def kept_as(entry: tuple, known_entries: dict) -> tuple:
    """A simulated failure matches the corpus's record of the same failure on the device (the corpus keeps what a
    device showed); its own bucket stays apart from the device's."""
    c, v, s, e = entry
    if entry not in known_entries and e.endswith(SIMULATED) and (c, v, s, e[:-len(SIMULATED)]) in known_entries:
        return c, v, s, e[:-len(SIMULATED)]
    return entry


UNSURE = "new?"  # matches nothing kept, but a crash without a stack matches nothing by construction
WHY = {UNSURE: "crash without a stack: cannot compare"}


def standing(entries: tuple, known_entries: dict[tuple, list[str]]) -> tuple[str, list[str]]:
    """Whether a bucket is "new", "known", "partly known" (some of its failures are kept in the corpus),
    "new?" (new, but a crash in it is only a death notice, so it cannot be compared: ``WHY``) or "not compared"
    (saved by an earlier kernelfuzz without its failures), and the corpus findings it matches."""
    if not entries:
        return "not compared", []
    entries = [kept_as(tuple(e), known_entries) for e in entries]
    hits = sorted({name for e in entries for name in known_entries.get(e, ())})
    seen = [e in known_entries for e in entries]
    if any(seen):
        return ("known" if all(seen) else "partly known"), hits
    crashes = (Verdict.COMPILER_CRASH.value, Verdict.RUNTIME_ERROR.value)
    return (UNSURE if any(e[1] in crashes and stackless(e[3]) for e in entries) else "new"), hits
