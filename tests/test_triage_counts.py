"""corpus/TRIAGE.md's counts are derived from its "Confirmed bugs" table, and the table agrees with corpus/findings.

The table has one row per distinct bug: every finding folder is named in the first cell of exactly one row (a second
repro or another form of a bug is named in its bug's row, counted once). From the rows alone this file derives the
figures the three bold counts lines give (an audit found the hand-kept text counting 49 where a maintainer counts 48,
and the paragraph conflicted at every merge):
- distinct bugs: the rows; known-upstream: the rows whose verdict cell (the last) has **known**; new: the rest;
- by symptom: the first words of the symptom cell, "wrong code", "crash" or "rejection"; a row whose symptom cell
  says **contested** is counted apart from its symptom;
- by owner: the first word of the owner cell, each with its new and known figures.
On a mismatch the message gives the lines the table implies, to paste after a merge."""
import re
from collections import Counter

from tests import ROOT

TRIAGE = ROOT / "corpus" / "TRIAGE.md"
FINDINGS = ROOT / "corpus" / "findings"
COUNTS = re.compile(r"\*\*Counts[^*]*?: (\d+) new bugs, (\d+) known-upstream bugs\*\* \((\d+) distinct: the (\d+) folders")
SYMPTOMS = re.compile(r"\*\*By symptom: (\d+) wrong code, (\d+) crashes, (\d+) rejections, (\d+) contested\*\*")
OWNERS = re.compile(r"\*\*By owner: ([^*]*)\.\*\*")
CLASSES = ("wrong code", "crash", "rejection")


def rows(text: str) -> list[list[str]]:
    """The cells of each row of the table under "## Confirmed bugs" (rows start with a backquoted name)."""
    table = text.split("## Confirmed bugs", 1)[1].split("**Counts", 1)[0]
    return [[c.strip() for c in line.strip().strip("|").split(" | ")] for line in table.splitlines()
            if line.startswith("| `")]


def named(cell: str) -> list[str]:
    return re.findall(r"`([a-z0-9][a-z0-9-]+)`", cell)


def symptom(row: list[str]) -> str:
    """The row's count: "contested" where its symptom cell says so, else the class its symptom cell starts with."""
    if "**contested**" in row[1]:
        return "contested"
    for name in CLASSES:
        if row[1].startswith(name):
            return name
    raise AssertionError(f"{named(row[0])[0]}: its symptom cell must start with one of {CLASSES}")


def derived(table: list[list[str]], folders: int) -> str:
    """The three counts lines the table implies, written as TRIAGE.md writes them."""
    known = ["**known**" in r[-1] for r in table]
    by = Counter(symptom(r) for r in table)
    owners: dict[str, Counter] = {}
    for r, k in zip(table, known):
        owners.setdefault(r[2].split()[0], Counter())["known" if k else "new"] += 1
    owner = ", ".join(f"{o} {c.total()} (new {c['new']}, known {c['known']})"
                      for o, c in sorted(owners.items(), key=lambda oc: (-oc[1].total(), oc[0])))
    return (f"**Counts, as a maintainer would count them: {known.count(False)} new bugs, {known.count(True)} "
            f"known-upstream bugs** ({len(table)} distinct: the {folders} folders\n"
            f"**By symptom: {by['wrong code']} wrong code, {by['crash']} crashes, {by['rejection']} rejections, "
            f"{by['contested']} contested**\n**By owner: {owner}.**")


def stated(text: str) -> str:
    """The same three lines as TRIAGE.md's prose states them."""
    new, known, distinct, folders = COUNTS.search(text).groups()
    wrong, crashes, rejections, contested = SYMPTOMS.search(text).groups()
    owner = " ".join(OWNERS.search(text).group(1).split())
    return (f"**Counts, as a maintainer would count them: {new} new bugs, {known} known-upstream bugs** ({distinct} "
            f"distinct: the {folders} folders\n**By symptom: {wrong} wrong code, {crashes} crashes, {rejections} "
            f"rejections, {contested} contested**\n**By owner: {owner}.**")


def test_every_finding_folder_is_named_in_exactly_one_row():
    table = rows(TRIAGE.read_text())
    folders = sorted(p.name for p in FINDINGS.iterdir() if p.is_dir())
    seen = [name for r in table for name in named(r[0])]
    assert sorted(set(seen)) == folders, "a finding missing from TRIAGE.md's table, or a row naming no folder"
    assert len(seen) == len(set(seen)), "a finding named in two rows"


def test_the_counts_lines_give_the_tables_figures():
    text = TRIAGE.read_text()
    folders = sum(p.is_dir() for p in FINDINGS.iterdir())
    want = derived(rows(text), folders)
    assert stated(text) == want, f"TRIAGE.md's counts disagree with its table; the table implies:\n{want}"


SAMPLE = ("## Confirmed bugs\n\n| finding | symptom | owner | pass | verdict |\n| --- | --- | --- | --- | --- |\n"
          "| `a-bug` (+ its other form `b-form`) | wrong code | MLIR (reached through IREE) | p | **known**: x#1 |\n"
          "| `c-bug` | crash (SIGSEGV) | TVM | p | new |\n"
          "| `d-bug` | wrong code, **contested** (order unspecified?) | MLIR | p | new |\n\n"
          "**Counts, as a maintainer would count them: 2 new bugs, 1 known-upstream bugs** (3 distinct: the 4 folders of "
          "corpus/findings). **By symptom: 1 wrong code, 1 crashes, 0 rejections, 1 contested** (more prose).\n"
          "**By owner: MLIR 2 (new 1, known 1), TVM 1 (new 1, known 0).**\n")


def test_the_parser_sees_a_second_form_in_its_bugs_row_and_a_contested_row_apart():
    table = rows(SAMPLE)
    assert [named(r[0]) for r in table] == [["a-bug", "b-form"], ["c-bug"], ["d-bug"]]
    assert [symptom(r) for r in table] == ["wrong code", "crash", "contested"]
    assert stated(SAMPLE) == derived(table, 4)


def test_a_planted_mismatch_in_any_counts_line_fails():
    """Each figure the prose states is checked: a count off by one, a folder total or an owner's figure."""
    table = rows(SAMPLE)
    for old, new in (("2 new bugs", "3 new bugs"), ("the 4 folders", "the 5 folders"), ("1 crashes", "2 crashes"),
                     ("1 contested", "0 contested"), ("TVM 1 (new 1", "TVM 2 (new 2")):
        assert stated(SAMPLE.replace(old, new)) != derived(table, 4), old
    extra = SAMPLE.replace("| `c-bug` |", "| `e-bug` | rejection | IREE | p | new |\n| `c-bug` |")
    assert stated(extra) != derived(rows(extra), 4), "a row added without its counts"
