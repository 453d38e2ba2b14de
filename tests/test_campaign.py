"""Campaigns: seeded, every case accounted for, findings saved as loadable case files."""
import json
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from tests import ROOT, small

from fuzz.campaign import driver as campaign
from fuzz.campaign.state import Busy, State, StateError, driving
from fuzz.case.values import with_digests
from fuzz.case.workload import from_json, load
from fuzz.execute.runner import Timeouts
from fuzz.generate.generator import generate
from fuzz.generate.swarm import parse
from tests import fake_frontend as fake



def test_campaign_saves_each_finding_fully_materialized(tmp_path):
    settings = campaign.Settings(5, 3, tmp_path, (fake.EXACT, fake.OFF_BY_ONE), jobs=2, swarm=small())
    stats = campaign.run(settings)
    assert stats.cases == 5 and stats.findings == 5
    assert dict(stats.verdicts["fake:exact"]) == {"exact": 5}
    assert dict(stats.verdicts["fake:off-by-one"]) == {"out-of-bound": 5}
    folders = sorted((tmp_path / "findings").iterdir())
    assert len(folders) == 5
    expected = {generate(campaign.case_seed(3, i), swarm=small()).name for i in range(5)}
    assert {f.name for f in folders} == expected
    for folder in folders:
        case = load(folder / "case.json")
        assert case == with_digests(generate(int(folder.name.removeprefix("seed")), swarm=small()))
        results = json.loads((folder / "results.json").read_text())
        assert [r["verdict"] for r in results] == ["exact", "out-of-bound"]
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["cases"] == 5 and summary["cases_with_findings"] == 5


def test_campaign_statistics_show_what_a_dialect_could_not_express_apart_from_findings(tmp_path):
    stats = campaign.run(campaign.Settings(3, 1, tmp_path, (fake.EXACT, fake.INEXPRESSIBLE), swarm=small()))
    assert stats.findings == 0 and not stats.buckets and not (tmp_path / "findings").exists()
    row = next(r for r in stats.table() if r["config"] == "fake:dialect")
    assert row["verdicts"] == {"not-expressible": 3} and row["compiled"] == 0


def test_campaign_without_findings_saves_none(tmp_path):
    stats = campaign.run(campaign.Settings(3, 1, tmp_path, (fake.EXACT,), swarm=small()))
    assert stats.findings == 0 and not (tmp_path / "findings").exists()


def _run_driver(out, *extra):
    return subprocess.Popen([sys.executable, "-m", "tests.campaign_driver", str(out), *extra], cwd=ROOT)


def _recorded(out) -> int:
    path = out / "campaign.sqlite"
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(path) as db:
            return db.execute("SELECT COUNT(*) FROM cases").fetchone()[0]
    except sqlite3.OperationalError:
        return 0


def _outcome(out):
    rows = [{k: v for k, v in r.items() if k != "results"} | {"verdicts": [x["verdict"] for x in r["results"]]}
            for r in State(out).rows()]
    findings = {p.name: (p / "case.json").read_text() for p in (out / "findings").iterdir()}
    return rows, findings


def test_campaign_killed_with_sigkill_resumes_to_the_same_cases_and_findings(tmp_path):
    killed, whole = tmp_path / "killed", tmp_path / "whole"
    proc = _run_driver(killed)
    deadline = time.time() + 120
    while _recorded(killed) < 3 and time.time() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    partial = _recorded(killed)
    assert 3 <= partial < 12, "the campaign must be interrupted mid-run"
    assert _run_driver(killed, "--resume").wait() == 0
    assert _run_driver(whole).wait() == 0
    assert _outcome(killed) == _outcome(whole)
    assert len(_outcome(killed)[0]) == 12
    kinds = [k for _, k, _ in State(killed).events()]
    assert kinds[0] == "start" and "resume" in kinds and kinds[-1] == "finish"


def test_a_second_driver_is_refused_in_one_line_naming_the_first_and_writes_nothing(tmp_path):
    """Two drivers on one campaign shared lanes/lane0 and recorded false verdicts; now the second is refused (new
    or --resume) before it writes, readers keep working, and a driver killed with SIGKILL leaves the lock free."""
    from click.testing import CliRunner

    from fuzz.cli import main
    out = tmp_path / "c"
    proc = _run_driver(out, "--cases", "100")
    try:
        deadline = time.time() + 120
        while _recorded(out) < 1 and time.time() < deadline:
            time.sleep(0.05)
        for args in (["fuzz", "--resume", str(out)], ["fuzz", "--out", str(out), "--configs", "iree:cpu-O0"]):
            r = CliRunner().invoke(main, args)
            lines = r.output.strip().splitlines()
            assert r.exit_code == 2 and len(lines) == 1, r.output
            assert f"{out} is being run by another kernelfuzz driver (PID {proc.pid})" in lines[0]
        with pytest.raises(Busy, match=f"PID {proc.pid}"):
            campaign.run(campaign.resume_settings(out), resume=True)
        assert "resume" not in [kind for _, kind, _ in State(out).events()] and not (out / "report").exists()
        status = CliRunner().invoke(main, ["status", str(out)])
        assert status.exit_code == 0 and f"(running, driver PID {proc.pid})" in status.output
        assert CliRunner().invoke(main, ["report", str(out)]).exit_code == 0
        assert proc.poll() is None, "the first driver must still run for this test to mean anything"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    with driving(out):  # the operating system dropped the dead driver's lock: --resume may take it
        pass


def test_starting_over_an_existing_campaign_is_refused_without_losing_it(tmp_path):
    campaign.run(campaign.Settings(2, 1, tmp_path, (fake.EXACT,), swarm=small()))
    with pytest.raises(StateError, match="--resume"):
        campaign.run(campaign.Settings(2, 9, tmp_path, (fake.EXACT,), swarm=small()))
    assert len(State(tmp_path).rows()) == 2


def test_configurations_that_crash_and_hang_do_not_stop_a_campaign(tmp_path):
    settings = campaign.Settings(3, 2, tmp_path, (fake.SEGFAULT, fake.HANG, fake.EXACT), jobs=1,
                                 timeouts=Timeouts(compile=2, run=2), swarm=small())
    stats = campaign.run(settings)
    assert stats.cases == 3
    assert dict(stats.verdicts["fake:segfault"]) == {"compiler-crash": 3}
    assert dict(stats.verdicts["fake:hang"]) == {"timeout": 3}
    assert dict(stats.verdicts["fake:exact"]) == {"exact": 3}


def test_a_wide_campaign_generates_from_the_wide_space_and_resumes_in_it(tmp_path):
    settings = campaign.Settings(3, 5, tmp_path, (fake.EXACT, fake.OFF_BY_ONE), space="wide", swarm=small())
    campaign.run(settings)
    names = {f.name for f in (tmp_path / "findings").iterdir()}
    assert names == {f"wide{campaign.case_seed(5, i)}" for i in range(3)}
    assert campaign.resume_settings(tmp_path).space == "wide"


def test_a_saved_finding_keeps_the_schedule_each_configuration_drew(tmp_path):
    """Without it a sampled schedule was redrawn on replay and the finding vanished (TVM hexagon-sampled)."""
    campaign.run(campaign.Settings(2, 6, tmp_path, (fake.EXACT, fake.SCHEDULED), swarm=small()))
    for folder in (tmp_path / "findings").iterdir():
        case = load(folder / "case.json")
        assert case.schedule_for("fake:scheduled") == f'["trace drawn for {folder.name}"]'


def test_a_case_the_generator_cannot_draw_is_named_and_the_campaign_goes_on(tmp_path, monkeypatch):
    """A generator bug once ended a 1,000-case run at its 807th case, losing the run; now the case is named in
    the campaign's events, left unrecorded, and the others are decided."""
    real = campaign.Settings.case

    def case(self, index, swarm=None):
        if index == 2:
            raise RuntimeError("generator found no acceptable case for seed 1 in 200 draws")
        return real(self, index, swarm)

    monkeypatch.setattr(campaign.Settings, "case", case)
    stats = campaign.run(campaign.Settings(5, 1, tmp_path, (fake.EXACT,), batch=4, swarm=small()))
    assert stats.cases == 4
    events = [e for e in State(tmp_path).events() if e[1] == "generator"]
    assert len(events) == 1 and events[0][2].startswith("case 2: generator found no acceptable case")
    from click.testing import CliRunner

    from fuzz.cli import main
    shown = CliRunner().invoke(main, ["status", str(tmp_path)]).output
    assert "not drawn (a kernelfuzz bug, please report): case 2: generator found" in " ".join(shown.split())
    assert "4 of 5 cases (finished)" in shown  # cases the generator lost are not a time budget's


def test_a_settings_override_that_drops_the_swarm_is_refused_before_anything_is_written(tmp_path):
    """A subclass drawing fixed cases once took ``case(self, index)``: every draw raised, each was recorded as a
    generator bug, and the campaign finished with nothing decided.  ``case`` and ``drawn`` must take the swarm,
    and an override that does receives the one the campaign steers to."""
    class Fixed(campaign.Settings):
        def case(self, index):
            return generate(index, swarm=small())

    class Redrawn(campaign.Settings):
        def drawn(self, seed):
            return generate(seed, swarm=small())

    for cls, name in ((Fixed, "Fixed.case"), (Redrawn, "Redrawn.drawn")):
        with pytest.raises(TypeError, match=f"{name} must take"):
            cls(2, 0, tmp_path / "out", (fake.EXACT,))
    assert not (tmp_path / "out").exists()
    seen = []

    class Keeps(campaign.Settings):
        def case(self, index, swarm=None):
            seen.append(swarm)
            return generate(index, swarm=small(swarm))

    pinned = parse(True, "reversed")
    assert campaign.run(Keeps(2, 0, tmp_path / "out", (fake.EXACT,), swarm=pinned)).cases == 2
    assert seen == [pinned, pinned]


def test_a_campaign_judged_under_the_gpu_profile_passes_seed_8s_first_1500_cases(tmp_path):
    """On an H200 both campaigns died within four minutes: the gpu profile's reference called the divisors
    `(x + x) | 1` (case 883) and `2x + 1` (case 1440) possibly zero, since its intervals are wider than the CPU
    profiles' and an interval cannot say "odd".  Every case is now prepared under every profile (a case undefined
    under one is undefined for all, and never drawn), and odd divisors are known to be odd."""
    stats = campaign.run(campaign.Settings(1500, 8, tmp_path, (fake.GPU_PROFILE,), jobs=2, batch=16, swarm=small()))
    assert stats.cases == 1500 and set(stats.verdicts["fake:gpu-profile"]) <= {"exact", "within-bound"}
    assert not [e for e in State(tmp_path).events() if e[1] in ("generator", "internal")]


def test_a_case_kernelfuzz_fails_on_is_named_and_the_campaign_goes_on(tmp_path, monkeypatch):
    """Any exception while a case is prepared or judged is a bug of kernelfuzz's, recorded against that case (an
    event `status` names); its group's other cases are decided alone and the campaign finishes."""
    real = campaign.Settings.case
    bad = from_json({"format": "kernelfuzz.case/2", "name": "undefined-divisor", "outputs": ["op0"],
                     "inputs": [{"name": "x", "shape": [4], "dtype": "i32",
                                 "values": {"dist": "int", "seed": 1, "low": -5, "high": 5}}],
                     "ops": [{"kind": "generic", "name": "op0", "inputs": ["x"], "dims": [4], "iterators": ["parallel"],
                              "maps": [["d0"]], "body": ["floordiv", ["in", 0], ["sub", ["in", 0], ["in", 0]]],
                              "out": "i32", "reduce": None}]})

    def case(self, index, swarm=None):
        return bad if index == 2 else real(self, index, swarm)

    monkeypatch.setattr(campaign.Settings, "case", case)
    stats = campaign.run(campaign.Settings(5, 1, tmp_path, (fake.EXACT,), batch=4, swarm=small()))
    assert stats.cases == 4
    [event] = [e for e in State(tmp_path).events() if e[1] == "internal"]
    assert event[2].startswith("case 2: undefined-divisor: UndefinedBehavior")
    from click.testing import CliRunner

    from fuzz.cli import main
    assert "not decided (a kernelfuzz bug, please report): case 2: undefined-divisor" in \
        CliRunner().invoke(main, ["status", str(tmp_path)]).output


def test_status_says_running_while_a_driver_holds_the_lock_and_interrupted_when_none_does(tmp_path):
    """It said "running or interrupted" for both: a campaign killed outright (no end recorded) is interrupted, and
    resumable."""
    import os

    from click.testing import CliRunner

    from fuzz.cli import main
    st = State(tmp_path)
    st.save_settings(campaign._settings_json(campaign.Settings(10, 1, tmp_path, (fake.EXACT,), swarm=small())))
    st.event("start", "0 of 10 cases already done")
    st.close()
    with driving(tmp_path):
        said = CliRunner().invoke(main, ["status", str(tmp_path)]).output
        assert f"(running, driver PID {os.getpid()})" in said.splitlines()[0], said
    said = CliRunner().invoke(main, ["status", str(tmp_path)]).output
    assert f"(interrupted; `kernelfuzz fuzz --resume {tmp_path}` continues it)" in said.splitlines()[0], said
    with driving(tmp_path):  # the probe left the lock free for a driver
        pass
