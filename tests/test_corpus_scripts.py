"""Every script a finding carries exits as its finding says (docs/corpus.md#a-findings-scripts): each finding declares
its scripts in scripts.json, the exit-rule helpers beside them are copies of corpus/tools/, and a sample of the
scripts that can run here is run (all of them in `make bench`, section corpus-scripts: too slow for the suite)."""
import datetime
import os
import random

import pytest

from tests import corpus_scripts as C
from tests import ROOT

SAMPLE = int(os.environ.get("KERNELFUZZ_SCRIPTS_SAMPLE", "3"))


def test_every_script_in_a_finding_folder_is_declared_with_its_exit_status():
    """A script nobody declared has no stated verdict; a declared one that is gone is a stale table."""
    undeclared, stale = {}, {}
    for folder in C.findings():
        files, table = set(C.script_files(folder)), set(C.table(folder))
        if files - table:
            undeclared[folder.name] = sorted(files - table)
        if table - files:
            stale[folder.name] = sorted(table - files)
    assert not undeclared, f"declare these in the folder's {C.TABLE}: {undeclared}"
    assert not stale, f"these entries of {C.TABLE} name no file: {stale}"


def test_every_declaration_is_well_formed():
    """exit is 0, 1 or 2 (3 is never what a finding says), or the file is a part; needs come from one list."""
    scripts = [s for f in C.findings() for s in C.declared(f)]
    assert scripts and all(s.exit in (0, 1, 2, None) for s in scripts)


def test_every_copy_of_an_exit_rule_helper_is_the_stub_of_its_source():
    """A finding's scripts use a copy beside them: in the corpus the stub of corpus/tools/'s file
    (fuzz/publish/shared_copies.py; corpus/tools/copy_verdict.py and share_checker.py write them)."""
    from fuzz.publish import shared_copies
    for name in C.HELPERS:
        copies = sorted(C.FINDINGS.rglob(name))
        assert copies, name
        differ = [str(p.relative_to(ROOT)) for p in copies
                  if p.read_text() != shared_copies.text(p.parent, name, (ROOT / "corpus" / "tools" / name).read_text())]
        assert not differ, f"rerun `python corpus/tools/share_checker.py`: {differ}"


def test_a_script_that_uses_a_helper_has_its_copy_beside_it():
    import sys
    sys.path.insert(0, str(ROOT / "corpus" / "tools"))
    try:
        import copy_verdict
    finally:
        sys.path.pop(0)
    for name in C.HELPERS:
        missing = [str(f.relative_to(ROOT)) for f in copy_verdict.users(name) if not (f / name).exists()]
        assert not missing, f"rerun `python corpus/tools/copy_verdict.py`: {name} missing in {missing}"


def test_the_python_helper_turns_what_a_script_observed_into_the_rule(tmp_path):
    """True -> 1, False -> 0, None -> 2, a missing package -> 2, the script's own error -> 3, never 1."""
    import shutil
    import subprocess
    import sys
    shutil.copy(ROOT / "corpus" / "tools" / "verdict.py", tmp_path)
    bodies = {"return True": 1, "return False": 0, "return None": 2, "import no_such_package_here": 2,
              "return 1 / 0": 3, "raise verdict.CannotJudge('no device')": 2}
    for body, want in bodies.items():
        (tmp_path / "s.py").write_text(f"import verdict\n\n\ndef main():\n    {body}\n\n\nverdict.run(main)\n")
        got = subprocess.run([sys.executable, "s.py"], cwd=tmp_path, capture_output=True).returncode
        assert got == want, body
    (tmp_path / "s.py").write_text("import verdict\nverdict.install()\nimport sys\n[][1]\nsys.exit(1)\n")
    assert subprocess.run([sys.executable, "s.py"], cwd=tmp_path, capture_output=True).returncode == 3


def test_the_shell_helper_turns_claims_into_the_rule(tmp_path):
    import shutil
    import subprocess
    shutil.copy(ROOT / "corpus" / "tools" / "verdict.sh", tmp_path)
    bodies = {"claim a true": 1, "claim a true; claim b false": 0, "need no-such-tool-here; claim a true": 2, "": 3,
              "unable no CUDA device here; claim a true": 2}
    judged = {"exit 1": (1, 0), "exit 0": (0, 1), "exit 2": (2, 2), "exit 3": (3, 3), "kill -9 $$": (3, 3)}
    for judge, wants in judged.items():  # a check.py's exit, as a claim that it shows the bug / that it does not
        for want, got in zip((1, 0), wants):
            bodies[f"claim a true; claim b judge {want} sh -c '{judge}'; claim c true"] = got
    for body, want in bodies.items():
        (tmp_path / "s.sh").write_text(f". ./verdict.sh\n{body}\nverdict\n")
        assert subprocess.run(["sh", "s.sh"], cwd=tmp_path, capture_output=True).returncode == want, body


def _sample() -> tuple[int, list]:
    seed = int(os.environ.get("KERNELFUZZ_SCRIPTS_SEED", datetime.date.today().toordinal()))
    scripts = C.runnable()
    return seed, random.Random(seed).sample(scripts, min(SAMPLE, len(scripts)))


@pytest.mark.compilers
def test_a_sample_of_the_findings_scripts_exits_as_their_findings_say():
    """KERNELFUZZ_SCRIPTS_SEED picks the sample (today's date by default), KERNELFUZZ_SCRIPTS_SAMPLE its size."""
    seed, sample = _sample()
    wrong = []
    for s in sample:
        got, tail, _ = C.run(s)
        if got != C.expected(s):
            wrong.append(f"{s.finding}/{s.path}: exit {got}, expected {C.expected(s)}\n{tail}")
    assert not wrong, f"seed {seed}:\n" + "\n".join(wrong)
