"""fuzz/publish/shared_copies.py and corpus/tools/share_checker.py: verdict.py, verdict.sh, poison.py and
hexagon_harness.c are stubs of the corpus's one copy under corpus/findings, behaving as the whole file; export writes
them whole again; the conversion is idempotent and leaves a hand-edited copy alone; every writer emits the stub."""
import shutil
import subprocess
import sys

import pytest

from frontends import CARRIED as SOURCES  # the frontends' files the generated families are copied from
from fuzz.publish import shared_copies as S
from tests import ROOT

TOOLS = ROOT / "corpus" / "tools"
# poison.py copies an older kernelfuzz wrote (before poison_copy inlined kernelfuzz's imports as it does today):
# not the source, so share leaves them whole; their finding's scripts run with them as they are.
KEPT = {f"corpus/findings/tvm-reverse-compute-at-drops-pad-border/{s}/localize/{c}/{side}/poison.py"
        for s, c in (("hexagon-sampled", "tvm_hexagon-sampled"), ("metaschedule-sampled", "tvm_cpu-sampled"))
        for side in ("first-bad", "last-good")}


def _corpus(tmp_path):
    """A corpus with kernelfuzz's shared files in tools/ and a finding with a nested folder; returns both."""
    corpus = tmp_path / "corpus"
    (corpus / "tools").mkdir(parents=True)
    for name in ("verdict.py", "verdict.sh"):
        shutil.copy(TOOLS / name, corpus / "tools" / name)
    finding = corpus / "findings" / "a-bug"
    (finding / "results").mkdir(parents=True)
    return corpus, finding


PY_BODIES = {"return True": 1, "return False": 0, "return None": 2, "import no_such_package_here": 2,
             "return 1 / 0": 3, "raise verdict.CannotJudge('no device')": 2}


def _py_runs(folder):
    """(exit, stdout) of a script importing verdict beside it, per body; the own-error traceback names the file
    that raised, so stderr is compared where no traceback is printed."""
    out = []
    for body in PY_BODIES:
        (folder / "s.py").write_text(f"import verdict\n\n\ndef main():\n    {body}\n\n\nverdict.run(main)\n")
        d = subprocess.run([sys.executable, "s.py"], cwd=folder, capture_output=True, text=True)
        out.append((d.returncode, d.stdout, d.stderr if "Traceback" not in d.stderr else "traceback"))
    return out


SH_BODIES = ["claim a true", "claim a true; claim b false", "need no-such-tool-here; claim a true", "",
             "unable no CUDA device here; claim a true", "claim a true; claim b judge 1 sh -c 'exit 2'"]


def _sh_runs(folder, how=". ./verdict.sh", cwd=None):
    out = []
    for body in SH_BODIES:
        (folder / "s.sh").write_text(f"{how}\n{body}\nverdict\n")
        d = subprocess.run(["sh", str(folder / "s.sh") if cwd else "s.sh"], cwd=cwd or folder, capture_output=True,
                           text=True)
        out.append((d.returncode, d.stdout, d.stderr))
    return out


def test_the_verdict_stubs_behave_as_the_whole_helpers(tmp_path):
    corpus, finding = _corpus(tmp_path)
    whole = tmp_path / "whole"
    whole.mkdir()
    for name in ("verdict.py", "verdict.sh"):
        shutil.copy(TOOLS / name, whole / name)
        for folder in (finding, finding / "results"):
            S.write(folder, name, (TOOLS / name).read_text())
            assert S.FAMILIES[name].is_stub((folder / name).read_text()), name
    assert "'../../tools/verdict.py'" in (finding / "verdict.py").read_text()
    assert len((finding / "verdict.sh").read_text().splitlines()) < 8
    want_py, want_sh = _py_runs(whole), _sh_runs(whole)
    assert [r[0] for r in want_py] == list(PY_BODIES.values())
    assert [r[0] for r in want_sh] == [1, 0, 2, 3, 2, 2]
    for folder in (finding, finding / "results"):
        assert _py_runs(folder) == want_py
        assert _sh_runs(folder) == want_sh
        # sourced by the script's own path from another folder, and by an absolute folder
        assert _sh_runs(folder, '. "$(dirname "$0")/verdict.sh"', cwd=tmp_path) == want_sh
        assert _sh_runs(folder, f'D={folder}\n. "$D/verdict.sh"', cwd=tmp_path) == want_sh


def test_a_stub_outside_its_corpus_cannot_run_and_names_the_export(tmp_path):
    corpus, finding = _corpus(tmp_path)
    for name in ("verdict.py", "verdict.sh"):
        S.write(finding, name, (TOOLS / name).read_text())
    (corpus / "tools" / "verdict.py").unlink()
    (corpus / "tools" / "verdict.sh").unlink()
    run = _py_runs(finding)[0]
    assert run[0] == 2 and "--export" in run[2] and "Traceback" not in run[2], run
    run = _sh_runs(finding)[0]
    assert run[0] == 2 and "--export" in run[1], run


def test_the_poison_stub_is_the_pipeline_module(tmp_path):
    """`import poison` through the stub gives the module the whole file gives: its names, PIPELINE registered."""
    pytest.importorskip("tvm")
    corpus, finding = _corpus(tmp_path)
    S.share(corpus, SOURCES)  # writes tools/poison.py from the template
    S.write(finding, "poison.py", SOURCES["poison.py"].read_text())
    assert S.FAMILIES["poison.py"].is_stub((finding / "poison.py").read_text())
    probe = ("import sys; sys.path.insert(0, sys.argv[1]); import poison, tvm, numpy as np\n"
             "print(poison.PIPELINE, poison.poisoned([2], 'float32').view(np.uint8).tolist(), poison.INT_POISON)\n"
             "print(sorted(n for n in vars(poison) if not n.startswith('_') and n not in ('os', 'sys', 'SHARED')))\n")
    got = subprocess.run([sys.executable, "-c", probe, str(finding)], capture_output=True, text=True)
    whole = tmp_path / "whole"
    whole.mkdir()
    shutil.copy(SOURCES["poison.py"], whole / "poison.py")
    want = subprocess.run([sys.executable, "-c", probe, str(whole)], capture_output=True, text=True)
    assert got.returncode == 0 and (got.stdout, got.stderr) == (want.stdout, want.stderr), got.stderr


@pytest.mark.skipif(not shutil.which("clang-16"), reason="needs clang-16 with the Hexagon target")
def test_the_harness_stub_compiles_to_the_same_object(tmp_path):
    from frontends.devices import hexagon
    corpus, finding = _corpus(tmp_path)
    S.share(corpus, SOURCES)
    S.write(finding, "hexagon_harness.c", SOURCES["hexagon_harness.c"].read_text())
    whole = tmp_path / "whole"
    whole.mkdir()
    shutil.copy(SOURCES["hexagon_harness.c"], whole / "hexagon_harness.c")
    argv = ["clang-16", "--target=hexagon-unknown-linux-musl", f"-mcpu={hexagon.CPU}", "-O2", "-ffreestanding",
            "-fno-builtin", "-nostdlib", "-c", "hexagon_harness.c", "-o", "harness.o"]
    for folder in (finding, whole):
        subprocess.run(argv, cwd=folder, check=True)
    assert (finding / "harness.o").read_bytes() == (whole / "harness.o").read_bytes()
    (corpus / "tools" / "hexagon_harness.c").unlink()
    failed = subprocess.run(argv, cwd=finding, capture_output=True, text=True)
    assert failed.returncode != 0 and "tools/hexagon_harness.c" in failed.stderr


def test_share_converts_every_copy_once_keeps_an_edited_one_and_export_writes_them_whole(tmp_path):
    corpus, finding = _corpus(tmp_path)
    shutil.copy(TOOLS / "verdict.py", finding / "verdict.py")
    shutil.copy(TOOLS / "verdict.sh", finding / "results" / "verdict.sh")
    shutil.copy(SOURCES["poison.py"], finding / "poison.py")
    edited = (TOOLS / "verdict.py").read_text().replace("holds", "HOLDS")
    (finding / "results" / "verdict.py").write_text(edited)
    changed, kept = S.share(corpus, SOURCES)
    assert kept == [finding / "results" / "verdict.py"]
    assert set(changed) == {corpus / "tools" / "poison.py", corpus / "tools" / "hexagon_harness.c",
                            finding / "verdict.py", finding / "results" / "verdict.sh", finding / "poison.py"}
    for path in (finding / "verdict.py", finding / "results" / "verdict.sh", finding / "poison.py"):
        assert S.FAMILIES[path.name].is_stub(path.read_text()), path
    assert S.share(corpus, SOURCES) == ([], kept)  # idempotent
    dest = tmp_path / "to-send"
    shutil.copytree(finding, dest)
    whole = S.export(dest, corpus)
    assert sorted(whole) == sorted([dest / "verdict.py", dest / "results" / "verdict.sh", dest / "poison.py"])
    assert (dest / "verdict.py").read_text() == (TOOLS / "verdict.py").read_text()
    assert (dest / "results" / "verdict.py").read_text() == edited
    shutil.rmtree(corpus / "tools")
    assert [r[0] for r in _py_runs(dest)] == list(PY_BODIES.values())


def test_the_share_command_exports_a_finding_whole(tmp_path):
    """share_checker.py --export on a corpus finding: no stub left, and the verdict helpers are the sources."""
    finding = ROOT / "corpus" / "findings" / "iree-cuda-mma-sync-transposed-acc-lane-fragment-order"
    dest = tmp_path / "out"
    done = subprocess.run([sys.executable, str(TOOLS / "share_checker.py"), "--export", str(finding), str(dest)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    copies = [p for n in S.FAMILIES for p in dest.rglob(n)]
    assert copies and not any(S.FAMILIES[p.name].is_stub(p.read_text()) for p in copies)
    assert (dest / "results" / "verdict.sh").read_bytes() == (TOOLS / "verdict.sh").read_bytes()


def test_copy_verdict_writes_the_stub(tmp_path):
    """The exit-rule helpers' writer: in a corpus folder it emits the stub, never the whole file."""
    corpus, finding = _corpus(tmp_path)
    (finding / "e.sh").write_text(". ./verdict.sh\nclaim a true\nverdict\n")
    sys.path.insert(0, str(TOOLS))
    try:
        import copy_verdict
    finally:
        sys.path.pop(0)
    saved = copy_verdict.HERE, copy_verdict.FINDINGS
    copy_verdict.HERE, copy_verdict.FINDINGS = corpus / "tools", corpus / "findings"
    try:
        copy_verdict.main()
    finally:
        copy_verdict.HERE, copy_verdict.FINDINGS = saved
    assert S.FAMILIES["verdict.sh"].is_stub((finding / "verdict.sh").read_text())
    assert not (finding / "verdict.py").exists()


def test_the_bundle_writer_emits_the_poison_stub_in_a_corpus_and_the_whole_file_elsewhere(tmp_path):
    from fuzz.execute.backend import Repro
    from fuzz.judge.results import CaseReport
    from fuzz.publish import bundle
    from fuzz.casefile import load
    corpus, finding = _corpus(tmp_path)
    S.share(corpus, SOURCES)
    case = load(ROOT / "corpus" / "findings" / "llvm-hexagon-hvx-packed-word-splat-as-vsplatb" / "case.json")
    repro = Repro((("poison.py", SOURCES["poison.py"].read_text()),))
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    for folder in (finding, outside):
        bundle.write_scripts(folder, CaseReport(case, ()), repro)
    assert S.FAMILIES["poison.py"].is_stub((finding / "poison.py").read_text())
    assert (outside / "poison.py").read_text() == SOURCES["poison.py"].read_text()


def test_every_shared_copy_in_the_corpus_is_the_stub():
    """No copy under corpus/findings is dropped in whole, and every other is a working stub (KEPT apart)."""
    for name, source in SOURCES.items():
        assert (TOOLS / name).read_text() == source.read_text(), "rerun `python corpus/tools/share_checker.py`"
    copies = [p for n in S.FAMILIES for p in (ROOT / "corpus" / "findings").rglob(n)]
    not_stub = {str(p.relative_to(ROOT)) for p in copies if not S.FAMILIES[p.name].is_stub(p.read_text())}
    assert copies and not_stub == KEPT, "rerun `python corpus/tools/share_checker.py`: " + \
        ", ".join(sorted(not_stub - KEPT)[:5])
    for p in copies:
        if str(p.relative_to(ROOT)) not in KEPT:
            shared = S.FAMILIES[p.name].shared_re.search(p.read_text()).group(1)
            assert (p.parent / shared).resolve() == (TOOLS / p.name).resolve(), p
