"""The path a failure reached, kept while the reducer shrinks it.

A failure found at a real size sits on the path the GPU compiler chose for that size: matrix instructions (gfx942
``v_mfma_*``, CUDA ``mma.sync``/``wmma``/``ldmatrix``), several workgroups.  A smaller case that fails the same way
on another path (one workgroup, no matrix instruction) tells a compiler engineer about different code.  So the
reducer keeps the reached facts (``fuzz/campaign/reach.py``, read from the compiled code by
``frontends/devices/reach.py``) that the failure needs: of the facts chosen (``parse``: ``--keep-reached``; by
default ``matrix`` and ``workgroups>1``), those that each failing configuration's code reached on the original
case.  ``consider()`` takes a smaller candidate only if its code still reaches them.

In: the facts chosen and the first run's ``CaseReport``.  Out: a ``Path`` (``missing(report)``: the needed facts a
candidate's run lost), and the reduction record's ``reached`` entry (``record``) with its sentences (``lines``):
which facts were kept, which could not be (the original did not reach them, its failing result has no GPU code,
the final run lost them) and the smallest candidate that failed the same way without them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from fuzz.campaign.reach import PATHS
from fuzz.judge.results import CaseReport

# The option's name of each path of ``PATHS`` (fuzz/campaign/reach.py), in its order.
FACTS = {"matrix": "matrix", "workgroups>1": "workgroups > 1", "shared": "shared memory", "barrier": "barrier",
         "vector>=8": "vector >= 8 B", "masked": "lanes masked"}
ALIASES = {"mfma": "matrix", "mma": "matrix", "workgroups": "workgroups>1"}
DEFAULT = ("matrix", "workgroups>1")
_TEST = dict(PATHS)


def parse(text: str) -> tuple[str, ...]:
    """The facts ``--keep-reached`` names (comma-separated; ``none``: keep no fact); ValueError naming the fix."""
    items = [t.strip().lower().replace(" ", "") for t in text.split(",") if t.strip()]
    if items == ["none"]:
        return ()
    facts = []
    for item in items:
        fact = ALIASES.get(item, item)
        if fact not in FACTS:
            raise ValueError(f"--keep-reached: no fact {item!r}; name some of {', '.join(FACTS)} "
                             f"(comma-separated), or 'none'")
        facts.append(fact)
    if not facts:
        raise ValueError(f"--keep-reached: name some of {', '.join(FACTS)} (comma-separated), or 'none'")
    return tuple(dict.fromkeys(facts))


def holds(fact: str, record: dict) -> bool:
    """Whether a ``reached`` record shows the fact."""
    return _TEST[FACTS[fact]](record)


def shown(record: dict) -> dict[str, str]:
    """What a record shows of each fact, in words for the record and its sentences."""
    lds = record.get("shared_bytes")
    return {"matrix": ", ".join(record.get("matrix") or ()), "workgroups>1": f"{record.get('workgroups')} workgroups",
            "shared": f"{lds} bytes declared" if lds else "no static size", "barrier": f"{record.get('barriers')} in "
            "the code", "vector>=8": f"{record.get('vector_bytes')} bytes a lane", "masked": "lanes switched off"}


@dataclass(frozen=True)
class Path:
    chosen: tuple[str, ...]
    needs: tuple[tuple[str, tuple[str, ...]], ...]  # (failing configuration, the chosen facts its code reached)
    unkept: tuple[tuple[str, str, str], ...]  # (failing configuration, chosen facts, why they cannot be kept there)

    def missing(self, report: CaseReport) -> tuple[tuple[str, str], ...]:
        """(configuration, fact) for each needed fact the report's result of that configuration does not reach."""
        got = {r.config: r.facts.get("reached") or {} for r in report.results}
        return tuple((c, f) for c, facts in self.needs for f in facts if not holds(f, got.get(c, {})))

    def records(self, report: CaseReport) -> dict[str, dict]:
        """The ``reached`` records of the configurations that need facts."""
        wanted = {c for c, _ in self.needs}
        return {r.config: r.facts.get("reached") or {} for r in report.results if r.config in wanted}


def path_of(report: CaseReport, failing: tuple[str, ...], chosen: tuple[str, ...]) -> Path:
    """The facts each failing configuration needs: the chosen ones its result's code reached on this case."""
    needs, unkept = [], []
    for r in report.results:
        if r.config not in failing or not chosen:
            continue
        record = r.facts.get("reached")
        if not r.compiled or not record:
            why = "it failed to compile: no code" if not r.compiled else "no GPU code"
            unkept.append((r.config, ", ".join(chosen), f"{why} to read them from"))
            continue
        have = tuple(f for f in chosen if holds(f, record))
        unkept += [(r.config, f, _absent(f, record)) for f in chosen if f not in have]
        if have:
            needs.append((r.config, have))
    return Path(chosen, tuple(needs), tuple(unkept))


def _absent(fact: str, record: dict) -> str:
    if fact == "workgroups>1" and "workgroups" not in record:
        return "the compile does not tell how many workgroups its launch uses (a size the run binds)"
    return "the original case's code did not reach it"


@dataclass
class Kept:
    """What a reduction did with the path: the records of its best case, and the smallest candidate that failed
    the same way but lost a needed fact (the reducer would have taken it without the rule)."""
    path: Path
    best: dict = field(default_factory=dict)  # configuration -> the best case's reached record
    smaller_without: dict = field(default_factory=dict)  # {"elements": n, "missing": [[config, fact], ...]}
    final_missing: tuple[tuple[str, str], ...] = ()  # needed facts the bundle's final run no longer reached

    def lost(self, elements: int, missing: tuple[tuple[str, str], ...]) -> None:
        if not self.smaller_without or elements < self.smaller_without["elements"]:
            self.smaller_without = {"elements": elements, "missing": [list(m) for m in missing]}

    def record(self, best_elements: int) -> dict:
        kept = {c: {f: shown(self.best.get(c, {}))[f] for f in facts} for c, facts in self.path.needs}
        return {"chosen": list(self.path.chosen), "kept": kept, "could_not": [list(u) for u in self.path.unkept],
                "final_missing": [list(m) for m in self.final_missing], "elements": best_elements,
                **({"smaller_without": self.smaller_without} if self.smaller_without else {})}


def lines(record: dict) -> list[str]:
    """The reduction's sentences about the path: what was kept, what could not be, and what a smaller case lost."""
    if not record.get("chosen"):
        return ["Reached facts: none kept (--keep-reached none): the reduction followed the failure alone."]
    out = []
    for config, facts in record["kept"].items():
        said = ", ".join(f"{f} ({v})" for f, v in facts.items())
        out.append(f"{config}: kept {said}: the reduced case's code still reaches what the original's reached.")
    out += [f"{config}: could not keep {facts}: {why}." for config, facts, why in record["could_not"]]
    out += [f"{config}: could not keep {fact}: the bundle's final run of the reduced case no longer reached it."
            for config, fact in record["final_missing"]]
    if s := record.get("smaller_without"):
        lost = "; ".join(f"{f} on {c}" for c, f in s["missing"])
        out.append(f"A smaller case ({s['elements']} elements) fails the same way without {lost}: kept the smallest "
                   f"case found that reaches it ({record['elements']} elements). The failure itself may not need "
                   f"that path (--keep-reached none reduces further).")
    return out

