"""Replay across compiler releases: release names, the side-environment cache, flag spellings, the matrix."""
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import frontends
from frontends.iree import flags as iree_flags
from frontends.releases import ReleaseError, release, releases
from fuzz.cli import main
from fuzz.replay import releases as matrix
from fuzz.replay import sideenv
from fuzz.replay.replay import Outcome, Replayed
from tests import ROOT

FINDING = f"{ROOT}/corpus/findings/iree-crash-infer-convolution-dims-offset-map"


def test_release_names_map_to_exact_pins():
    assert release("iree==3.10.0").packages == ("iree-base-compiler==3.10.0", "iree-base-runtime==3.10.0")
    assert release("tvm==0.25").packages == ("apache-tvm==0.25.0.post1", "apache-tvm-ffi==0.1.12")
    assert release("TVM==0.27.0.post1").slug == "tvm-0.27"
    assert release("iree==3.9.1").packages == ("iree-base-compiler==3.9.1", "iree-base-runtime==3.9.1")
    assert [r.name for r in releases("iree==3.10, iree==3.10.0,tvm==0.26")] == ["iree 3.10", "tvm 0.26"]
    for bad in ("iree-3.10", "llvm==17", "tvm==latest", " , "):
        with pytest.raises(ReleaseError, match="FAMILY==VERSION"):
            releases(bad)


def test_bad_release_spelling_is_one_line_with_status_2():
    r = CliRunner().invoke(main, ["replay", FINDING, "--releases", "iree3.10"])
    assert r.exit_code == 2 and "FAMILY==VERSION" in r.output and len(r.output.strip().splitlines()) == 1


def _builder(calls):
    def build(rel, folder, say):
        calls.append(folder)
        (folder / "bin").mkdir(parents=True)
        (folder / "bin" / "python").write_text("")
        (folder / sideenv.MARKER).write_text(json.dumps(sideenv.wanted(rel)))
    return build


def test_side_environment_is_built_once_and_reused(tmp_path):
    calls, rel = [], release("iree==3.10")
    env = sideenv.ensure(rel, tmp_path, say=lambda m: None, builder=_builder(calls))
    assert env == tmp_path / "iree-3.10" and sideenv.usable(env, rel)
    assert sideenv.ensure(rel, tmp_path, say=lambda m: None, builder=_builder(calls)) == env
    assert len(calls) == 1 and calls[0].parent == tmp_path and calls[0] != env  # built aside, renamed in
    assert sorted(p.name for p in tmp_path.iterdir()) == ["iree-3.10"]  # no temporary folder left


@pytest.mark.parametrize("damage", ["half-built", "other packages"])
def test_half_built_or_stale_side_environment_is_rebuilt(tmp_path, damage):
    rel = release("tvm==0.26")
    env = tmp_path / rel.slug
    (env / "bin").mkdir(parents=True)
    (env / "bin" / "python").write_text("")
    if damage == "other packages":
        (env / sideenv.MARKER).write_text(json.dumps({**sideenv.wanted(rel), "requirements": ["apache-tvm==0.1"]}))
    assert not sideenv.usable(env, rel)
    calls = []
    assert sideenv.ensure(rel, tmp_path, say=lambda m: None, builder=_builder(calls)) == env
    assert len(calls) == 1 and sideenv.usable(env, rel)
    assert sorted(p.name for p in tmp_path.iterdir()) == [rel.slug]


def test_failed_build_leaves_nothing_behind(tmp_path):
    def broken(rel, folder, say):
        folder.mkdir()
        (folder / "partial").write_text("x")
        raise sideenv.SideEnvError("no such release")
    with pytest.raises(sideenv.SideEnvError):
        sideenv.ensure(release("iree==3.10"), tmp_path, say=lambda m: None, builder=broken)
    assert list(tmp_path.iterdir()) == []


def test_side_environments_get_this_projects_pins():
    reqs = sideenv.requirements(release("iree==3.11"))
    assert "iree-base-compiler==3.11.0" in reqs and any(r.startswith("numpy==") for r in reqs)
    assert any(r.startswith("matplotlib==") for r in reqs)  # `kernelfuzz reduce` there writes a bundle's plots
    assert any(r.startswith("MarkupSafe==") for r in reqs)  # `kernelfuzz fuzz` there imports the campaign page
    assert not any(r.startswith(("apache-tvm", "kernelfuzz")) for r in reqs)  # nothing of the other family


def test_iree_flag_spellings_and_missing_flags(monkeypatch):
    old = frozenset({"--iree-hip-target", "--iree-opt-level", "--iree-hal-target-device"})  # like 3.10
    monkeypatch.setattr(iree_flags, "known", lambda: old)
    flags = ("--iree-hal-target-device=hip", "--iree-rocm-target=gfx942", "--iree-opt-level=O2")
    assert iree_flags.spelled(flags) == ("--iree-hal-target-device=hip", "--iree-hip-target=gfx942",
                                         "--iree-opt-level=O2")
    assert iree_flags.missing(flags) == ()
    assert iree_flags.missing(flags + ("--iree-global-opt-use-im2col-for-convs=true",)) == \
        ("--iree-global-opt-use-im2col-for-convs",)
    new = old | {"--iree-rocm-target"}  # a release that knows today's spelling keeps it
    monkeypatch.setattr(iree_flags, "known", lambda: new)
    assert iree_flags.spelled(flags) == flags


def test_an_older_iree_lacking_a_flag_makes_the_configuration_unavailable_not_rejected(monkeypatch):
    """`run --releases iree==3.0`: 3.0 knows no --iree-opt-level; every configuration using it is unavailable there
    (it was 'rejected' on gfx942 and a RecursionError on the CPU, whose host probe compile failed the same way)."""
    from frontends.iree import frontend as iree_frontend
    monkeypatch.setattr(iree_flags, "known", lambda: frozenset({"--iree-hip-target", "--iree-hal-target-device"}))
    monkeypatch.setattr(iree_flags, "version", lambda: "3.0.0")
    cfg = next(c for c in iree_frontend.CONFIGS if c.name == "iree:gfx942-O2")
    a = iree_frontend.availability(cfg)
    assert a.status == "unavailable" and "does not know --iree-opt-level" in a.why
    monkeypatch.setattr(iree_flags, "version", lambda: "3.13.0")  # the configurations' own release: no probe
    assert iree_frontend.availability(cfg).status != "unavailable"


def test_a_failing_host_cpu_probe_is_a_compiler_failure_not_a_recursion(monkeypatch):
    from frontends.iree import frontend as iree_frontend
    from fuzz.execute.backend import CompilerFailure
    monkeypatch.setattr(iree_frontend, "command", lambda c, m, v: ["iree-compile", m, "-o", v,
                                                                    "--iree-llvmcpu-target-cpu=host", "--no-such-flag"])
    iree_frontend._resolve.cache_clear()
    try:
        with pytest.raises(CompilerFailure, match="no-such-flag"):
            iree_frontend.host_cpu()
    finally:
        iree_frontend._resolve.cache_clear()


@pytest.mark.compilers
def test_the_pinned_iree_knows_every_configurations_flags():
    iree_flags.known.cache_clear()
    assert "--iree-opt-level" in iree_flags.known()
    gaps = {c.name: iree_flags.release_gap(c.flags) for c in frontends.all_configs()
            if c.module in ("frontends.iree.frontend", "frontends.iree.tosa_frontend")}
    assert gaps and not any(gaps.values()), gaps


@pytest.mark.compilers
def test_tvm_compat_names_what_a_release_lacks(monkeypatch):
    from frontends.tvm import compat as tvm_compat
    tvm = next(c for c in frontends.all_configs() if c.name == "tvm:cpu-compute-at")
    assert tvm_compat.release_gap(tvm) == ""
    monkeypatch.setitem(tvm_compat.REQUIRES, "tvm:cpu-compute-at", ("tvm.s_tir.Schedule.no_such_primitive",))
    assert "lacks tvm.s_tir.Schedule.no_such_primitive" in tvm_compat.release_gap(tvm)


def _rows(path, *pairs):
    return [Replayed(path, config, outcome, "rejected", "") for config, outcome in pairs]


def test_matrix_cells_first_bad_release_and_regressions():
    a, b = "corpus/findings/a/case.json", "corpus/findings/b/case.json"
    by = {"iree 3.10": _rows(a, ("iree:cpu-O2", Outcome.FIXED)) + _rows(b, ("iree:cpu-O2", Outcome.STILL_FAILING)),
          "iree 3.11": _rows(a, ("iree:cpu-O2", Outcome.STILL_FAILING), ("iree:cpu-O0", Outcome.FIXED))
          + _rows(b, ("iree:cpu-O2", Outcome.STILL_FAILING)),
          "iree 3.12": _rows(a, ("iree:cpu-O2", Outcome.UNAVAILABLE_RELEASE)) + _rows(b, ("iree:cpu-O2", Outcome.FIXED))}
    rels = list(releases("iree==3.10,iree==3.11,iree==3.12"))
    doc = matrix.document(rels, by, {}, {})
    assert doc["matrix"]["a"] == {"iree 3.10": "fixed", "iree 3.11": "reproduces",
                                  "iree 3.12": "unavailable for this release"}
    assert doc["summary"]["a"]["iree"] == {"reproduces": ["iree 3.11"], "first_bad": "iree 3.11",
                                           "regression": True, "fixed_in": []}
    assert doc["summary"]["b"]["iree"] == {"reproduces": ["iree 3.10", "iree 3.11"], "first_bad": "iree 3.10",
                                           "regression": False, "fixed_in": ["iree 3.12"]}
    back_again = {"iree 3.10": "reproduces", "iree 3.11": "fixed", "iree 3.12": "reproduces"}  # fixed, then back
    assert matrix.first_bad(back_again, list(back_again)) == {
        "reproduces": ["iree 3.10", "iree 3.12"], "first_bad": "iree 3.12", "regression": True, "fixed_in": []}
    back = json.loads(json.dumps(doc))
    assert matrix.rows_from_json({"rows": back["rows"]["iree 3.11"]}) == by["iree 3.11"]


def test_each_release_replays_only_its_familys_configurations():
    every = frontends.all_configs()
    iree = matrix.family_configs(release("iree==3.12"), "*", every)
    assert "iree:cpu-O2" in iree and "iree:cpu-O2-tosa" in iree and not any(n.startswith("tvm:") for n in iree)
    tvm = matrix.family_configs(release("tvm==0.25"), "tvm:cpu,iree:*", every)
    assert tvm == ["tvm:cpu"]
    assert not any(c.opt_in and c.name in matrix.family_configs(release("tvm==0.26"), "*", every) for c in every)


@pytest.mark.compilers
def test_a_release_replays_in_its_own_python_with_this_checkouts_code(tmp_path):
    """The child replay, for real, in an environment holding IREE 3.13: this venv stands for a side environment
    (it has exactly that release installed), so nothing is downloaded."""
    env = Path(sys.executable).parent.parent
    rows, why = matrix.replay_release(release("iree==3.13"), env, Path(FINDING), ["iree:gfx942-O2"], lambda m: None)
    assert why == "" and [(r.config, r.outcome) for r in rows] == [("iree:gfx942-O2", Outcome.STILL_FAILING)]


@pytest.mark.compilers
def test_a_release_the_index_lacks_is_one_line_naming_the_fix(tmp_path, monkeypatch):
    monkeypatch.setenv("KERNELFUZZ_RELEASES", str(tmp_path))
    r = CliRunner().invoke(main, ["replay", FINDING, "--releases", "iree==0.0.1", "--out", str(tmp_path / "o")])
    assert r.exit_code == 2 and "pip index versions iree-base-compiler" in r.output, r.output
    assert list(tmp_path.iterdir()) == []  # no half-built environment left to be reused


@pytest.mark.compilers
def test_run_against_a_release_runs_the_case_in_that_environment(capfd):
    """`run --releases`: the child `run` in the release's environment (this venv stands for the IREE 3.13 one, as
    above); its table reaches the terminal and its exit status (1: the finding reproduces) is the command's."""
    env = Path(sys.executable).parent.parent
    status = matrix.run_cases(release("iree==3.13"), env, [str(Path(FINDING) / "case.json")], ["iree:gfx942-O2"], [])
    out = capfd.readouterr().out
    assert status == 1 and "iree:gfx942-O2" in out and "compiler-crash" in out, out


def test_run_with_a_misspelled_release_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("KERNELFUZZ_RELEASES", str(tmp_path))
    r = CliRunner().invoke(main, ["run", f"{ROOT}/corpus/seeds/wrong-code-matmuls.json", "--releases", "ire==3.10"])
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1, r.output
    assert list(tmp_path.iterdir()) == []


def test_the_side_environments_own_scripts_run_after_the_rename(tmp_path):
    """A venv's console scripts carry the folder they were installed in (their shebang): built aside and renamed,
    `bin/iree-compile` pointed at a folder that no longer exists. A real venv, a script like pip's, no download."""
    import subprocess

    def build(rel, folder, say):
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
        (folder / "bin" / "hello").write_text(f"#!{folder}/bin/python\nprint('hello from', __import__('sys').prefix)\n")
        (folder / "bin" / "hello").chmod(0o755)
        (folder / sideenv.MARKER).write_text(json.dumps(sideenv.wanted(rel)))

    env = sideenv.ensure(release("iree==3.10"), tmp_path, say=lambda m: None, builder=build)
    out = subprocess.run([str(env / "bin" / "hello")], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == f"hello from {env}", out.stderr
