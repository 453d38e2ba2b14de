"""fuzz.casefile: which JSON files in a corpus are cases (one rule, by what a file says it is, not its name)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from fuzz.casefile import UNTAGGED, is_case_file
from fuzz.replay.replay import case_files
from tests import ROOT

SEED = ROOT / "corpus" / "seeds" / "wrong-code-integer-division.json"


def test_a_file_of_another_kernelfuzz_format_is_no_case_whatever_its_name(tmp_path):
    """known.json renamed, a finding's scripts.json renamed, a new tagged sidecar: none reads as a corrupt case."""
    shutil.copy(ROOT / "corpus" / "known.json", tmp_path / "bugs.json")
    shutil.copy(next((ROOT / "corpus" / "findings").glob("*/scripts.json")), tmp_path / "exits.json")
    (tmp_path / "new.json").write_text(json.dumps({"format": "kernelfuzz.something-new/1", "x": 1}))
    shutil.copy(SEED, tmp_path / "case.json")
    assert case_files(tmp_path) == [tmp_path / "case.json"]


def test_a_damaged_case_is_still_a_case_so_replay_reports_it(tmp_path):
    """Unparsable JSON, a missing or unknown format, a future case version, a list: each is kept for `load` to
    reject by name, never skipped."""
    bodies = {"truncated.json": SEED.read_text()[:100], "binary.json": b"\xff\xfe",
              "no-format.json": json.dumps({"inputs": []}), "typo.json": json.dumps({"format": "kernelfuzz-case/2"}),
              "future.json": json.dumps({"format": "kernelfuzz.case/99"}), "list.json": "[1, 2]",
              "number-format.json": json.dumps({"format": 2})}
    for name, body in bodies.items():
        (tmp_path / name).write_bytes(body if isinstance(body, bytes) else body.encode())
    assert [p.name for p in case_files(tmp_path)] == sorted(bodies)


def test_every_json_file_of_the_corpus_is_a_case_or_says_it_is_not():
    """Every file the rule keeps parses as a case format; every other is untagged by name or carries a kernelfuzz
    format that is not a case's.  A new untagged sidecar fails here: give it a format tag (or name it in UNTAGGED)."""
    for path in sorted((ROOT / "corpus").rglob("*.json")):
        j = json.loads(path.read_text())
        fmt = j.get("format") if isinstance(j, dict) else None
        if is_case_file(path):
            assert str(fmt).startswith("kernelfuzz.case/"), path
        else:
            assert path.name in UNTAGGED or (fmt.startswith("kernelfuzz.") and "case/" not in fmt), path


def test_the_corpus_keeps_its_cases_and_its_known_list_is_none():
    files = case_files(ROOT / "corpus")
    assert ROOT / "corpus" / "known.json" not in files and SEED in files
    assert not [p for p in files if p.name in UNTAGGED | {"scripts.json"}]
    assert Path(ROOT / "corpus" / "known.json").exists()
