"""One exit-status rule for every command (fuzz/cli/exits.py): refusals exit 2 in one line, kernelfuzz's own bugs 3
with the file holding the traceback; the rule is in --help and the README; files follow the umask."""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from fuzz.cli import exits, main
from fuzz.store import atomic_write
from tests import small

ROOT = Path(__file__).resolve().parents[1]
SEED = str(ROOT / "corpus/seeds/iree-sdxl-int8-conv-requant.json")


def invoke(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def _refusals(tmp: Path) -> dict[str, list[str]]:
    """A refusal of every command: what a user mistypes or points at the wrong folder."""
    bad = tmp / "bad.json"
    bad.write_text("{not json")
    full = tmp / "full"
    full.mkdir()
    (full / "notes.txt").write_text("mine")
    return {"configs": ["configs", "--frobnicate"], "features": ["features", "extra-argument"],
            "run": ["run", str(bad), "--configs", "iree:cpu-O0"], "fuzz --out": ["fuzz", "--out", str(full)],
            "fuzz --resume": ["fuzz", "--resume", str(full)], "status": ["status", str(full)],
            "report": ["report", str(full)], "reduce": ["reduce", str(bad)], "localize": ["localize", str(bad)],
            "replay": ["replay", str(full)], "show": ["show", str(bad)],
            "generate": ["generate", "-o", str(tmp / "missing" / "case.json")],
            "unknown configuration": ["run", SEED, "--configs", "iree:cpu-O9"]}


def test_every_command_refuses_unusable_input_with_status_2_in_one_line(tmp_path):
    for what, args in _refusals(tmp_path).items():
        r = invoke(*args)
        errors = [line for line in r.output.splitlines() if line.startswith("Error:")]
        assert r.exit_code == exits.USAGE and len(errors) == 1, (what, r.output)
    assert sorted(p.name for p in (tmp_path / "full").iterdir()) == ["notes.txt"]  # nothing written


def test_a_folder_that_is_not_a_campaign_is_told_a_command_that_works(tmp_path):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "notes.txt").write_text("mine")
    said = invoke("status", str(tmp_path / "full")).output
    assert "`kernelfuzz fuzz --out NEW-FOLDER`" in said and f"--out {tmp_path / 'full'}`" not in said
    (tmp_path / "empty").mkdir()
    assert f"`kernelfuzz fuzz --out {tmp_path / 'empty'}`" in invoke("status", str(tmp_path / "empty")).output


def test_a_bug_of_kernelfuzz_is_status_3_with_its_traceback_in_a_file(monkeypatch):
    from fuzz import casefile

    def broken(path):
        return 1 / 0
    monkeypatch.setattr(casefile, "load", broken)
    r = invoke("show", SEED)
    lines = r.output.strip().splitlines()
    assert r.exit_code == exits.INTERNAL and len(lines) == 1, r.output
    assert "internal error of kernelfuzz" in lines[0] and "ZeroDivisionError: division by zero" in lines[0]
    path = Path(re.search(r"traceback in (\S+)$", lines[0]).group(1))
    assert "return 1 / 0" in path.read_text()
    path.unlink()


def test_the_rule_is_in_the_help_and_the_readme():
    help_text = " ".join(invoke("--help").output.split())
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Exit codes"):]
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in section[:section.find("\n## ", 3)]
            .splitlines() if line.startswith("| `")]
    assert [(code.replace("`", ""), meaning) for code, meaning in rows] == list(exits.RULE)
    for code, meaning in exits.RULE:
        assert f"{code} {' '.join(meaning.replace('`', '').split())}" in help_text


@pytest.mark.parametrize("mask, plain, script", [(0o022, 0o644, 0o755), (0o077, 0o600, 0o700), (0o002, 0o664, 0o775)])
def test_files_kernelfuzz_writes_follow_the_umask(tmp_path, mask, plain, script):
    """Every file was 0600 (mkstemp's mode), whatever the umask: a teammate could not read a shared campaign."""
    old = os.umask(mask)
    try:
        atomic_write(tmp_path / "summary.json", "{}")
        atomic_write(tmp_path / "iree.sh", "#!/bin/sh\n", executable=True)
        assert invoke("generate", "--seed", "2", "-o", str(tmp_path / "case.json")).exit_code == 0
    finally:
        os.umask(old)
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in tmp_path.iterdir()}
    assert modes == {"summary.json": plain, "iree.sh": script, "case.json": plain}


def test_the_engine_catches_every_exception_only_in_isolate():
    """isolate.py says it is the one module with a broad except; the driver had three more (frontends/ is the
    frontends' own: a compiler written in Python raises what it raises).  The templates are not the engine: they
    are scripts a bundle carries, whose own errors must exit 3 (``templates/check.py``)."""
    import ast
    broad = []
    for path in (ROOT / "fuzz").rglob("*.py"):
        if path.parent.name == "templates":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ExceptHandler) and (node.type is None or any(
                    isinstance(n, ast.Name) and n.id in ("Exception", "BaseException") for n in ast.walk(node.type))):
                broad.append(str(path.relative_to(ROOT)))
    assert broad and set(broad) == {"fuzz/execute/isolate.py"}


def test_status_rates_a_campaign_over_the_time_its_runs_ran():
    """After an interrupted campaign the rate was taken over the wall time up to now."""
    from fuzz.campaign.state import INTERRUPTED, active_seconds
    events = [(0.0, "start", ""), (5.0, "batch", ""), (10.0, INTERRUPTED, ""), (1000.0, "resume", ""),
              (1020.0, "finish", "")]
    assert active_seconds(events, now=5000.0) == 30.0
    killed = [(0.0, "start", ""), (7.0, "batch", ""), (100.0, "resume", ""), (103.0, "batch", "")]
    assert active_seconds(killed, now=110.0) == 7.0 + 10.0  # a run killed outright counts to its last event


def _into_a_closed_pipe(*args: str, scratch: Path, cwd: Path = ROOT) -> tuple[int, str]:
    """Run kernelfuzz with its stdout a real pipe whose reader already left (`| head` after its lines): every write
    fails with EPIPE, as it does once head exits."""
    import subprocess
    import sys
    read, write = os.pipe()
    os.close(read)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(scratch)}  # where a traceback file would land
    try:
        p = subprocess.run([sys.executable, "-m", "fuzz.cli", *args], stdout=write, stderr=subprocess.PIPE,
                           text=True, cwd=cwd, env=env, timeout=300)
    finally:
        os.close(write)
    return p.returncode, p.stderr


@pytest.mark.parametrize("args", [["show", SEED], ["generate", "--seed", "1"], ["configs"], ["features"],
                                  ["--help"], ["run", "--help"], ["--version"]])
def test_a_command_that_only_prints_stops_quietly_with_0_when_its_reader_goes_away(tmp_path, args):
    """`show CASE | head -3` was "internal error of kernelfuzz", status 3 and a traceback file; configs exited 1."""
    status, said = _into_a_closed_pipe(*args, scratch=tmp_path)
    assert (status, said) == (exits.NOTHING, "")
    assert list(tmp_path.iterdir()) == []  # no traceback file


def test_a_campaign_whose_reader_goes_away_stops_with_141_and_says_how_to_resume(tmp_path):
    """A verdict command cut short never claims "nothing found" (0): SIGPIPE's status, and the resume line."""
    from fuzz.campaign import driver as campaign
    from fuzz.campaign.state import State
    from tests import fake_frontend as fake
    out = tmp_path / "c"
    campaign.run(campaign.Settings(1, 1, out, (fake.EXACT,), swarm=small()))
    status, said = _into_a_closed_pipe("fuzz", "--resume", str(out), "--cases", "40", scratch=tmp_path)
    assert status == exits.READER_GONE == 141, said
    assert said.strip().splitlines() == [f"kernelfuzz: stopped, the output's reader went away; continue with "
                                         f"`kernelfuzz fuzz --resume {out}`"]
    st = State(out)
    assert len(st.rows()) < 40  # it stopped, resumable
    st.close()
