"""fuzz/publish/checker.py and corpus/tools/share_checker.py: a bundle's check.py is whole anywhere but in a corpus,
where it is a stub running the corpus's one copy and judging exactly as the whole file does; export writes it whole
again; the conversion is idempotent and leaves a hand-edited check.py alone."""
import subprocess
import sys

import numpy as np

from fuzz.publish import checker
from tests import ROOT

OUTS = [("op0", [2], "float32")]
STUB_MARK = "SHARED = "


def _corpus(tmp_path):
    """A corpus with kernelfuzz's checker in tools/ and one finding whose reference is [0.5, 1.25] (bound +-1e-3),
    with a localize side; returns (the corpus, the finding)."""
    corpus = tmp_path / "corpus"
    (corpus / "tools").mkdir(parents=True)
    (corpus / "tools" / "check.py").write_text(checker.TEMPLATE.read_text())
    finding = corpus / "findings" / "a-bug"
    for folder in (finding, finding / "localize" / "cfg"):
        ref = np.array([0.5, 1.25], np.float32)
        (folder / "reference").mkdir(parents=True)
        np.save(folder / "reference" / "op0.npy", ref)
        np.save(folder / "reference" / "op0.lo.npy", ref.astype(np.float64) - 1e-3)
        np.save(folder / "reference" / "op0.hi.npy", ref.astype(np.float64) + 1e-3)
    np.save(tmp_path / "right.npy", np.array([0.5, 1.25], np.float32))
    np.save(tmp_path / "wrong.npy", np.array([0.5, 2.0], np.float32))
    np.save(tmp_path / "other.npy", np.array([0.5, 1.25], np.float16))
    return corpus, finding


def _runs(folder, tmp_path, kinds=("", "right", "wrong", "other", "absent", "right right")):
    """(exit status, stdout, stderr) of folder/check.py on each kind of input, run from another folder."""
    argvs = [[tmp_path / f"{name}.npy" for name in kind.split()] for kind in kinds]
    done = [subprocess.run([sys.executable, str(folder / "check.py"), *map(str, a)], cwd="/", capture_output=True,
                           text=True) for a in argvs]
    return [(d.returncode, d.stdout, d.stderr) for d in done]


def test_in_a_corpus_check_py_is_the_stub_and_judges_exactly_as_the_whole_file(tmp_path):
    corpus, finding = _corpus(tmp_path)
    for folder in (finding, finding / "localize" / "cfg"):
        checker.write(folder, OUTS)
    assert STUB_MARK in (finding / "check.py").read_text()
    assert "(__file__)), '../../tools/check.py')" in (finding / "check.py").read_text()
    assert "(__file__)), '../../../../tools/check.py')" in (finding / "localize" / "cfg" / "check.py").read_text()
    stubbed = _runs(finding, tmp_path)
    assert [r[0] for r in stubbed] == [2, 0, 1, 2, 2, 2], stubbed
    assert _runs(finding / "localize" / "cfg", tmp_path, ("right", "wrong")) == stubbed[1:3]
    (finding / "check.py").write_text(checker.full(OUTS))
    assert _runs(finding, tmp_path) == stubbed  # the whole file: the same status and the same words


def test_a_script_that_imports_the_stub_gets_the_checker_bound_to_its_folder(tmp_path):
    """The TVM scripts `import check` and call its functions: the stub's module is the checker's, with this folder's
    reference/ and OUTPUTS."""
    _, finding = _corpus(tmp_path)
    checker.write(finding, OUTS)
    probe = ("import sys, numpy as np; sys.path.insert(0, sys.argv[1]); import check\n"
             "print(check.REFERENCE)\n"
             "check.exit_with(check.main_arrays, [np.array([0.5, 2.0], np.float32)])\n")
    run = subprocess.run([sys.executable, "-c", probe, str(finding)], capture_output=True, text=True)
    assert run.returncode == 1 and "MISCOMPILE" in run.stdout, run.stdout + run.stderr
    assert run.stdout.splitlines()[0] == str(finding / "reference")


def test_outside_a_corpus_check_py_is_written_whole(tmp_path):
    """A bundle kernelfuzz reduce writes elsewhere is what goes upstream: no stub, whatever lies above it."""
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "check.py").write_text(checker.TEMPLATE.read_text())  # no findings/ between
    (tmp_path / "bundle").mkdir()
    checker.write(tmp_path / "bundle", OUTS)
    assert (tmp_path / "bundle" / "check.py").read_text() == checker.full(OUTS)
    other = tmp_path / "else" / "findings" / "x"
    other.mkdir(parents=True)
    (tmp_path / "else" / "tools").mkdir()
    (tmp_path / "else" / "tools" / "check.py").write_text("print('another tool')\n")
    checker.write(other, OUTS)
    assert (other / "check.py").read_text() == checker.full(OUTS)


def test_a_stub_outside_its_corpus_cannot_judge_and_names_the_export(tmp_path):
    corpus, finding = _corpus(tmp_path)
    checker.write(finding, OUTS)
    (corpus / "tools" / "check.py").unlink()
    run = _runs(finding, tmp_path, ("right",))[0]
    assert run[0] == 2 and "--export" in run[2] and "Traceback" not in run[2], run


def test_share_converts_every_copy_once_and_keeps_a_hand_edited_one(tmp_path):
    corpus, finding = _corpus(tmp_path)
    (corpus / "tools" / "check.py").unlink()  # share writes it from the template
    (finding / "check.py").write_text(checker.full(OUTS))
    edited = checker.full(OUTS).replace("MISCOMPILE", "MISCOMPILED")
    (finding / "localize" / "cfg" / "check.py").write_text(edited)
    written, kept = checker.share(corpus)
    assert written == [finding / "check.py"] and kept == [finding / "localize" / "cfg" / "check.py"]
    assert (corpus / "tools" / "check.py").read_text() == checker.TEMPLATE.read_text()
    first = (finding / "check.py").read_text()
    assert STUB_MARK in first and checker.generated(finding / "check.py") == (OUTS, True)
    assert checker.share(corpus) == ([], kept) and (finding / "check.py").read_text() == first  # idempotent
    assert (finding / "localize" / "cfg" / "check.py").read_text() == edited


def test_export_writes_every_stub_whole_and_the_copy_needs_no_corpus(tmp_path):
    corpus, finding = _corpus(tmp_path)
    for folder in (finding, finding / "localize" / "cfg"):
        checker.write(folder, OUTS)
    stubbed = _runs(finding, tmp_path, ("right", "wrong", "other"))
    dest = tmp_path / "to-send"
    whole = checker.export(finding, dest)
    assert whole == [dest / "check.py", dest / "localize" / "cfg" / "check.py"]
    assert all(p.read_text() == checker.full(OUTS) for p in whole)
    (corpus / "tools" / "check.py").unlink()
    assert _runs(dest, tmp_path, ("right", "wrong", "other")) == stubbed


def test_the_corpus_checker_is_the_template_and_every_finding_uses_it():
    """corpus/tools/check.py is generated from the template; every check.py under corpus/findings is the stub."""
    assert (ROOT / "corpus" / "tools" / "check.py").read_text() == checker.TEMPLATE.read_text(), \
        "rerun `python corpus/tools/share_checker.py`"
    copies = sorted((ROOT / "corpus" / "findings").rglob("check.py"))
    not_stub = [str(p.relative_to(ROOT)) for p in copies if (checker.generated(p) or (None, False))[1] is not True]
    assert copies and not not_stub, "rerun `python corpus/tools/share_checker.py`: " + ", ".join(not_stub[:5])
