"""Triggers declared by triage: the features that show a corpus finding, as its write-up found them.

``fuzz/campaign/avoid.py`` learns a finding's trigger as the features every saved repro of it has.  A reduced repro
keeps features the bug does not need (its dtype, its combiner, a broadcast map the reducer could not drop), so the
learned trigger is often narrower than the bug, and a campaign case that shows it again goes unpredicted; and a bug
that two unrelated repros show has almost nothing in common, so it is too wide to learn at all.  The corpus file
``triggers.json`` names, per finding, the features the bug needs, as one or more alternatives (a case predicted
known has every feature of one of them):

    {"format": "kernelfuzz.triggers/1",
     "triggers": [{"finding": "<folder in findings/>", "any": [["kind:attention", "dtype:f16"], ...],
                   "why": "<what in the case shows the bug>"}]}

A declared trigger replaces the learned one for its finding.  Each alternative must be *shown*: every feature of it
is read from some saved repro of the finding (``coarse`` features of ``features.of``), all from the same repro, so a
declaration never predicts a bug the corpus holds no case of.  The file is optional; a malformed one, an unknown
finding or an alternative no repro shows is a ``WorkloadError`` naming the fix.
"""
from __future__ import annotations

from pathlib import Path

from fuzz.case import untrusted as U

FILE = "triggers.json"
FORMAT = "kernelfuzz.triggers/1"


def declared(corpus: Path | None) -> dict[str, list[frozenset[str]]]:
    """Finding -> its declared alternatives (none without the file)."""
    path = Path(corpus) / FILE if corpus else None
    if path is None or not path.exists():
        return {}
    j = U.fields(U.read_json(path), FILE, ("format", "triggers"), ("note",))
    U.check(j["format"] == FORMAT, f"{path}: format must be {FORMAT!r}", "version")
    U.check(isinstance(j["triggers"], list), f"{path}: 'triggers' must be a list", "type")
    out: dict[str, list[frozenset[str]]] = {}
    for k, t in enumerate(j["triggers"]):
        where = f"{path}: triggers[{k}]"
        t = U.fields(t, where, ("finding", "any", "why"))
        name, _ = U.text(t["finding"], f"{where}.finding"), U.text(t["why"], f"{where}.why", most=2000)
        U.check((Path(corpus) / "findings" / name).is_dir(), f"{where}.finding: no folder findings/{name}; name "
                "a finding of this corpus", "value")
        U.check(name not in out, f"{where}: {name} is declared twice; give one entry all its alternatives", "value")
        out[name] = [_alternative(a, f"{where}.any[{i}]") for i, a in enumerate(_listed(t["any"], f"{where}.any"))]
    return out


def _listed(v, where: str) -> list:
    U.check(isinstance(v, list) and v, f"{where}: a non-empty list of alternatives, each a list of features", "type")
    return v


def _alternative(v, where: str) -> frozenset[str]:
    U.check(isinstance(v, list) and v and all(isinstance(f, str) and ":" in f for f in v),
            f"{where}: a non-empty list of feature names such as 'kind:attention' (`kernelfuzz features`)", "type")
    return frozenset(v)


def check_shown(finding: str, alternatives: list[frozenset[str]], repros: list[set[str]]) -> None:
    """Refuse an alternative that no saved repro of ``finding`` has every feature of (``repros``: their coarse
    features)."""
    for alt in alternatives:
        U.check(any(alt <= have for have in repros),
                f"{FILE}: {finding}: no saved case of the finding has all of {sorted(alt)}; save the case that shows "
                "it as a subfolder of the finding (with its results.json), or drop the alternative", "value")
