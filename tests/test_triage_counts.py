"""corpus/TRIAGE.md's "Confirmed bugs" table and its counts agree with corpus/findings: one row per distinct bug,
every finding folder named in the first cell of exactly one row (a second repro or another form of a bug is named in
its bug's row), and the counts sentence's distinct / new / known-upstream figures are the table's (an audit found the
text counting 49 where a maintainer counts 48)."""
import re

from tests import ROOT

TRIAGE = ROOT / "corpus" / "TRIAGE.md"
FINDINGS = ROOT / "corpus" / "findings"
COUNTS = re.compile(r"\*\*Counts[^*]*?: (\d+) new bugs, (\d+) known-upstream bugs\*\* \((\d+) distinct")


def rows(text: str) -> list[list[str]]:
    """The cells of each row of the table under "## Confirmed bugs" (rows start with a backquoted name)."""
    table = text.split("## Confirmed bugs", 1)[1].split("**Counts", 1)[0]
    return [[c.strip() for c in line.strip().strip("|").split(" | ")] for line in table.splitlines()
            if line.startswith("| `")]


def named(cell: str) -> list[str]:
    return re.findall(r"`([a-z0-9][a-z0-9-]+)`", cell)


def test_every_finding_folder_is_named_in_exactly_one_row():
    table = rows(TRIAGE.read_text())
    folders = sorted(p.name for p in FINDINGS.iterdir() if p.is_dir())
    seen = [name for r in table for name in named(r[0])]
    assert sorted(set(seen)) == folders, "a finding missing from TRIAGE.md's table, or a row naming no folder"
    assert len(seen) == len(set(seen)), "a finding named in two rows"


def test_the_counts_sentence_gives_the_tables_figures():
    text = TRIAGE.read_text()
    table = rows(text)
    new, known, distinct = map(int, COUNTS.search(text).groups())
    known_rows = [r for r in table if "**known**" in r[-1]]
    assert (distinct, known, new) == (len(table), len(known_rows), len(table) - len(known_rows))


def test_the_parser_sees_a_second_form_in_its_bugs_row():
    text = ("## Confirmed bugs\n\n| finding | x |\n| --- | --- |\n| `a-bug` (+ its other form `b-form`) | **known** |\n"
            "| `c-bug` | new |\n\n**Counts: 1 new bugs, 1 known-upstream bugs** (2 distinct")
    table = rows(text)
    assert [named(r[0]) for r in table] == [["a-bug", "b-form"], ["c-bug"]]
    assert COUNTS.search(text).groups() == ("1", "1", "2")
