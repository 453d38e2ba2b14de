"""The corpus, the docs and the tests name no machine: no absolute path of the machine a file was made on (a
worktree, a scratch folder, a home or cache folder), and no name of the lookup program a write-up's searches went
through (an Upstream section names the trackers searched and the queries).  Paths are relative to the repository;
a generic placeholder (``~/.cache/...``, ``$TMPDIR/...``, ``<venv>``) stands where a machine's folder was."""
import re
import subprocess
from pathlib import Path

from tests import ROOT

# built from pieces so that this file does not name what it forbids
MACHINE = re.compile("|".join(("/" + "work/", "/" + r"tmp/[A-Za-z0-9_.]", "/" + "root/", "/" + "home/")))
LOOKUP = re.compile("|".join(("tool .search.", "corpus .issues.", "find" + "_string", "read" + "_file`",
                              "search" + " tool")))


def _tracked(*folders: str) -> list[Path]:
    out = subprocess.run(["git", "ls-files", *folders], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [ROOT / p for p in out.splitlines() if (ROOT / p).is_file()]


def _hits(pattern: re.Pattern, files: list[Path]) -> dict[str, list[str]]:
    found = {}
    for p in files:
        try:
            text = p.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # binary (plots, .npy): no text to name a path
        lines = [f"{n}: {line.strip()[:120]}" for n, line in enumerate(text.splitlines(), 1) if pattern.search(line)]
        if lines:
            found[str(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p.name)] = lines[:3]
    return found


def test_no_tracked_file_of_the_corpus_docs_or_tests_names_a_machine_path():
    assert not _hits(MACHINE, _tracked("corpus", "docs", "tests"))


def test_no_write_up_names_the_lookup_program_its_searches_went_through():
    texts = [p for p in _tracked("corpus", "docs") if p.suffix in (".md", ".txt")]
    assert not _hits(LOOKUP, texts)


def test_the_patterns_catch_what_they_are_for(tmp_path):
    """The two rules fail on the lines that once were in the corpus (this test cannot pass vacuously)."""
    bad = tmp_path / "FINDING.md"
    bad.write_text("sh evidence.sh " + "/" + "tmp/iree310/bin\n" + "Searches (tool `search`, corpus `issues`): `x`\n")
    assert _hits(MACHINE, [bad]) and _hits(LOOKUP, [bad])
    ok = tmp_path / "ok.md"
    ok.write_text("sh evidence.sh ~/.cache/kernelfuzz/releases/iree-3.10/bin; $TMPDIR/x.o; corpus/findings/a\n")
    assert not _hits(MACHINE, [ok])


def test_a_release_replay_keeps_case_paths_relative_to_the_repository(tmp_path, monkeypatch):
    """The child replay is handed the corpus resolved; its rows come back relative, as the corpus keeps them."""
    from fuzz.replay.releases import portable
    corpus = tmp_path / "repo" / "corpus"
    (corpus / "findings" / "a").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "repo")
    row = str(corpus.resolve() / "findings" / "a" / "case.json")
    assert portable(row, Path("corpus")) == "corpus/findings/a/case.json"
    monkeypatch.chdir(tmp_path)
    assert portable(row, Path("repo/corpus")) == "repo/corpus/findings/a/case.json"


def test_a_result_saved_in_a_finding_names_no_path_of_the_machine_it_ran_on():
    """Compiler messages carry the machine's temporary and package folders (iree-lld's command line); results.json
    keeps them as placeholders, so a new finding passes the test above without hand edits."""
    import sysconfig
    import tempfile

    from fuzz.judge.oracle import Verdict
    from fuzz.judge.results import ConfigResult

    tmp, lib = tempfile.gettempdir(), sysconfig.get_paths()["purelib"]
    r = ConfigResult("iree:cpu-O2", Verdict.REJECTED, "compile",
                     message=f"ld {tmp}/main_dispatch_0-ee5e90.o {lib}/iree/compiler/_mlir_libs/iree-lld failed")
    said = r.summary()["message"]
    assert said == ("ld $TMPDIR/main_dispatch_0-ee5e90.o <site-packages>/iree/compiler/_mlir_libs/iree-lld failed")
