"""The command line: clear one-line errors for bad input, and the commands work end to end."""
import json
import os
from pathlib import Path

import pytest
from tests import ROOT, small
from click.testing import CliRunner

from fuzz.case.workload import load
from fuzz.cli import main

SEED_INT8 = str(ROOT / "corpus/seeds/iree-sdxl-int8-conv-requant.json")
SEED_FP16 = f"{ROOT}/corpus/seeds/tvm-hexagon-conv2d-fp16.json"


def invoke(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_corrupt_case_file_is_one_clear_line_and_untouched(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = invoke("run", str(bad))
    assert r.exit_code == 2  # unusable input, not a finding (1)
    assert r.output.strip().splitlines() == [f"Error: {bad}: not valid JSON (Expecting property name enclosed "
                                             f"in double quotes: line 1 column 2 (char 1)); restore it from git or delete it"]
    assert bad.read_text() == "{not json"


def test_unknown_format_version_is_reported(tmp_path):
    j = json.loads(open(SEED_INT8).read())
    j["format"] = "kernelfuzz.case/7"
    p = tmp_path / "future.json"
    p.write_text(json.dumps(j))
    r = invoke("run", str(p))
    assert r.exit_code == 2 and "this kernelfuzz reads only kernelfuzz.case/1" in r.output


def test_unknown_flag_is_a_usage_error():
    r = invoke("fuzz", "--frobnicate")
    assert r.exit_code == 2 and "No such option '--frobnicate'" in r.output


def test_configs_pattern_matching_nothing_lists_the_choices():
    r = invoke("run", SEED_INT8, "--configs", "gcc:*")
    assert r.exit_code == 2 and "matches no configuration" in r.output and "tvm:cpu" in r.output


def test_configs_lists_every_configuration():
    r = invoke("configs")
    assert r.exit_code == 0
    for name in ("tvm:cpu", "iree:cpu-O0", "iree:cpu-O2"):
        assert name in r.output


def test_generate_writes_a_loadable_case(tmp_path):
    out = tmp_path / "c.json"
    assert invoke("generate", "--seed", "2", "-o", str(out)).exit_code == 0  # seed 2: a small case, drawn at once
    assert load(out).name == "seed2"


@pytest.mark.compilers
def test_run_prints_a_verdict_per_configuration():
    r = invoke("run", SEED_INT8, "--configs", "tvm:cpu,iree:cpu-O0,iree:cpu-O2,tvm:relax-rocm-dlight")  # last: compile-only
    assert r.exit_code == 0, r.output
    table, summary = r.output.rstrip("\n").rsplit("\n", 1)
    assert table.count("exact") == 3 and table.count("compiled") == 1
    assert summary == "kernelfuzz: 1 case(s) on 4 configuration(s): 3 exact, 1 compiled; 0 finding(s)"


@pytest.mark.compilers
def test_fuzz_runs_a_campaign_reports_status_and_refuses_to_overwrite_it(tmp_path):
    out = str(tmp_path / "c")
    r = invoke("fuzz", "--cases", "3", "--seed", "4", "--configs", "tvm:cpu,iree:cpu-O0", "--out", out,
               "--without", "size:real")  # small cases: the point is the command, not the size
    assert r.exit_code == 0, r.output
    assert "3 cases" in r.output and (tmp_path / "c" / "summary.json").exists()
    page = tmp_path / "c" / "report" / "index.html"
    assert r.output.rstrip().endswith(f"report: {page}") and 'pill state-finished' in page.read_text()
    status = invoke("status", out)
    assert status.exit_code == 0 and "3 of 3 cases (finished)" in status.output
    again = invoke("fuzz", "--cases", "3", "--out", out)
    assert again.exit_code == 2 and "--resume" in again.output and "loading" not in again.output  # refused first
    finished = invoke("fuzz", "--resume", out)  # nothing left: says so at once, loads nothing
    assert finished.exit_code == 0 and f"the campaign in {out}/ is finished (3 cases)" in finished.output
    assert "loading" not in finished.output and "fuzzing" not in finished.output


def test_version_and_examples_in_help():
    assert invoke("--version").output.startswith("kernelfuzz, version ")
    for args in ([], ["run"], ["fuzz"], ["reduce"], ["replay"]):
        assert "Examples:" in invoke(*args, "--help").output, args


@pytest.mark.parametrize("args", [["--cases", "-1"], ["--time", "-10"], ["--cases", "0"],
                                  ["--compile-timeout", "0"], ["--reduce", "-5"]])
def test_negative_counts_and_times_are_usage_errors(args):
    r = invoke("fuzz", *args)
    assert r.exit_code == 2 and "Invalid value" in r.output


def test_a_glob_over_an_opt_in_configuration_says_to_name_it_exactly():
    r = invoke("run", SEED_INT8, "--configs", "tvm:cpu-tuned*")
    assert r.exit_code == 2 and "selected only by their exact name: --configs tvm:cpu-tuned" in r.output


def test_bracketed_text_survives_rich_markup():
    r = CliRunner().invoke(main, ["configs"], env={"COLUMNS": "400"}, catch_exceptions=False)
    assert r.exit_code == 0 and "[opt-in: select by exact name]" in r.output


def test_every_bad_case_file_is_one_line_before_anything_is_compiled(tmp_path):
    """Each of these crashed `run` with a traceback (or tried to allocate 74.5 GiB); now one line, exit 2."""
    j = json.loads(open(SEED_INT8).read())
    bad = {"png.json": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"}
    for name, (path, value) in {"verdict.json": (("expect", "iree:cpu-O2"), "bogus-verdict"),
                                "sha.json": (("inputs", 0, "values", "sha256"), "0123456789abcdef"),
                                "seed.json": (("inputs", 0, "values", "seed"), "abc"),
                                "shape.json": (("inputs", 0, "shape"), [100000, 100000])}.items():
        k = json.loads(json.dumps(j))
        target = k
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        bad[name] = json.dumps(k).encode()
    for name, data in bad.items():
        (tmp_path / name).write_bytes(data)
        r = invoke("run", str(tmp_path / name), "--configs", "iree:cpu-O2")
        lines = r.output.strip().splitlines()
        assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith(f"Error: {tmp_path / name}: "), r.output


def test_a_case_named_to_escape_is_refused_before_reduce_writes(tmp_path, monkeypatch):
    j = json.loads(open(SEED_INT8).read())
    j["name"] = "../../escaped"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "work").mkdir()
    (tmp_path / "work" / "case.json").write_text(json.dumps(j))
    monkeypatch.chdir(tmp_path / "work")
    r = invoke("reduce", "case.json", "--configs", "iree:cpu-O0", "--time", "1")
    assert r.exit_code == 2 and "it names a folder" in r.output
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["case.json", "work"]


def _fake_campaign(out, cases=2, **kw):
    from fuzz.campaign import driver as campaign
    from tests import fake_frontend as fake
    return campaign.run(campaign.Settings(cases, 1, out, (fake.EXACT, fake.REJECT), **{"swarm": small(), **kw}))


def test_resume_with_cases_extends_the_campaign_and_refuses_other_settings(tmp_path, monkeypatch):
    from fuzz.campaign.state import State
    monkeypatch.chdir(ROOT)  # the saved configurations name tests.fake_frontend
    out = tmp_path / "c"
    _fake_campaign(out)
    assert invoke("fuzz", "--resume", str(out), "--cases", "4").exit_code == 1  # fake:reject's findings
    st = State(out)
    assert len(st.rows()) == 4 and st.settings()["cases"] == 4
    st.close()
    r = invoke("fuzz", "--resume", str(out), "--seed", "9")
    assert r.exit_code == 2 and "--seed is a setting of the campaign" in r.output
    r = invoke("fuzz", "--resume", str(out), "--cases", "3")
    assert r.exit_code == 2 and "fewer than the 4 cases" in r.output


def test_status_compares_with_the_corpus_the_campaign_was_started_with_from_any_folder(tmp_path, monkeypatch):
    import shutil
    out, corpus = tmp_path / "c", tmp_path / "corpus"
    _fake_campaign(out, corpus=str(corpus))
    finding = next((out / "findings").iterdir())
    (corpus / "findings" / "fake-rejects").mkdir(parents=True)
    shutil.copy(finding / "results.json", corpus / "findings" / "fake-rejects" / "results.json")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    r = invoke("status", str(out))
    assert r.exit_code == 0 and "known (fake-rejects)" in r.output and "new" not in r.output
    shutil.rmtree(corpus)
    r = invoke("status", str(out))
    assert f"the corpus this campaign was started with ({corpus}) is gone" in r.output


def test_status_of_a_campaign_that_finished_nothing_yet_says_it_is_warming_up(tmp_path):
    import frontends
    from fuzz.campaign import driver as campaign
    from fuzz.campaign.state import State, driving
    sampled = next(c for c in frontends.all_configs() if c.name == "tvm:cpu-sampled")
    st = State(tmp_path)
    st.save_settings(campaign._settings_json(campaign.Settings(10, 1, tmp_path, (sampled,), swarm=small())))
    st.event("start", "0 of 10 cases already done")
    st.close()
    with driving(tmp_path):  # its driver is running: it holds the campaign's lock
        r = invoke("status", str(tmp_path))
    assert "cases/hour" not in r.output.splitlines()[0] and "(running, driver PID" in r.output
    assert "warming up: no case finished yet; each lane first loads TVM and MetaSchedule" in r.output


def test_compiler_text_in_brackets_is_printed_as_text(capsys, monkeypatch):
    """Rich read `[true, false]` in a trace instruction (and `[bold]` in a file name) as markup and ate it."""
    monkeypatch.setenv("COLUMNS", "400")  # a table cell wide enough that the message is not wrapped inside it
    from fuzz.cli.cases import _print_report
    from fuzz.judge.oracle import Verdict
    from fuzz.judge.results import CaseReport, ConfigResult
    case = load(SEED_INT8)
    message = 'error: Sample-Categorical ["v0", [true, false]] failed [bold]here'
    _print_report("[bold]case.json", CaseReport(case, (ConfigResult("tvm:cpu", Verdict.REJECTED, "compile",
                                                                   message=message),)))
    out = capsys.readouterr().out
    assert "[true, false]" in out and "[bold]here" in out and "[bold]case.json" in out


def test_a_misspelled_configuration_in_a_list_is_a_usage_error_naming_it_and_the_closest(tmp_path, monkeypatch):
    """`--configs 'iree:cpu-O2,tvm:cpu-sampeld'` ran iree:cpu-O2 alone and exited 0."""
    monkeypatch.chdir(tmp_path)
    for command in (["run", SEED_INT8], ["fuzz", "--cases", "1"], ["replay", SEED_INT8],
                    ["reduce", SEED_INT8, "--time", "1"]):
        r = invoke(*command, "--configs", "iree:cpu-O2,tvm:cpu-sampeld")
        assert r.exit_code == 2, (command, r.output)
        assert "'tvm:cpu-sampeld' matches no configuration (did you mean tvm:cpu-sampled" in r.output, command
    r = invoke("run", SEED_INT8, "--configs", "ire:*,tvm:cpu")
    assert r.exit_code == 2 and "'ire:*' matches no configuration (did you mean iree:*?)" in r.output
    assert not list(tmp_path.iterdir())  # nothing ran, nothing was written


@pytest.mark.parametrize("address,said", [
    ("foo", "--cluster 'foo' is not a Dask scheduler address: write it as tcp://HOST:PORT"),
    ("tcp://host-without-port", "is not a Dask scheduler address"),
    ("tcp://127.0.0.1:1", "no Dask scheduler answers at tcp://127.0.0.1:1 (Connection refused): start the scheduler")])
def test_a_malformed_or_silent_cluster_is_one_line_and_leaves_nothing_behind(tmp_path, address, said):
    """Each waited 30 s, printed a 90-line traceback and left a campaign that said "running or interrupted"."""
    out = tmp_path / "c"
    for exists in (False, True):
        if exists:
            out.mkdir()
        r = invoke("fuzz", "--cluster", address, "--out", str(out), "--cases", "2", "--configs", "iree:cpu-O0")
        assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1 and said in r.output, r.output
        assert out.exists() == exists and not (exists and list(out.iterdir()))


def test_resuming_a_campaign_whose_cluster_is_gone_is_one_line_and_writes_nothing(tmp_path):
    from fuzz.campaign import driver as campaign
    from fuzz.campaign.state import State
    from tests import fake_frontend as fake
    st = State(tmp_path)
    st.save_settings(campaign._settings_json(campaign.Settings(4, 1, tmp_path, (fake.EXACT,),
                                                               cluster="tcp://127.0.0.1:1", swarm=small())))
    st.event("start", "0 of 4 cases already done")
    st.close()
    before = sorted(p.name for p in tmp_path.iterdir())
    r = invoke("fuzz", "--resume", str(tmp_path))
    assert r.exit_code == 2 and r.output.strip().splitlines() == [
        "Error: no Dask scheduler answers at tcp://127.0.0.1:1 (Connection refused): start the scheduler "
        "(`dask scheduler --port 8786`) or fix --cluster"], r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == before and len(State(tmp_path).events()) == 1


def test_out_on_a_folder_that_is_not_a_campaign_is_refused_and_left_as_it_was(tmp_path):
    """It overwrote the folder's report/index.html and summary.json."""
    from fuzz.campaign import driver as campaign
    from fuzz.campaign.state import StateError
    from tests import fake_frontend as fake
    mine = tmp_path / "mine"
    (mine / "report").mkdir(parents=True)
    (mine / "report" / "index.html").write_text("my page")
    (mine / "summary.json").write_text("{}")
    r = invoke("fuzz", "--out", str(mine), "--cases", "1", "--configs", "iree:cpu-O0")
    assert r.exit_code == 2 and r.output.strip().splitlines() == [
        f"Error: {mine} is not empty and holds no kernelfuzz campaign: choose an empty or new folder for --out "
        "(or continue a campaign with `kernelfuzz fuzz --resume DIR`)"], r.output
    with pytest.raises(StateError, match="holds no kernelfuzz campaign"):
        campaign.run(campaign.Settings(1, 1, mine, (fake.EXACT,), swarm=small()))
    assert sorted(str(p.relative_to(mine)) for p in mine.rglob("*")) == ["report", "report/index.html", "summary.json"]
    assert (mine / "report" / "index.html").read_text() == "my page"
    fresh = campaign.Settings(1, 1, tmp_path / "empty", (fake.EXACT,), swarm=small())
    assert campaign.run(fresh).cases == 1  # new: fine


def test_generate_into_a_folder_that_does_not_exist_is_refused_in_one_line(tmp_path):
    target = tmp_path / "no" / "such" / "x.json"
    r = invoke("generate", "--seed", "5", "-o", str(target))
    assert r.exit_code == 2 and r.output.strip().splitlines() == [
        f"Error: -o {target}: the folder {target.parent} does not exist; create it first "
        f"(mkdir -p {target.parent}) or choose another path"], r.output
    assert not (tmp_path / "no").exists()


def test_run_names_every_unusable_file_runs_the_rest_and_tells_findings_from_bad_input(tmp_path, monkeypatch):
    """`run` exited 1 for an unreadable file and for a finding alike, and stopped at the first bad file."""
    import frontends
    monkeypatch.setattr(frontends, "MODULES", frontends.MODULES + ("tests.fake_frontend",))
    (tmp_path / "bad.json").write_text("{not json")
    missing = tmp_path / "missing.json"
    args = [str(tmp_path / "bad.json"), SEED_INT8, str(missing)]
    r = invoke("run", *args, "--configs", "fake:exact")
    errors = [line for line in r.output.splitlines() if line.startswith("Error:")]
    assert r.exit_code == 2 and len(errors) == 2, r.output
    assert errors[0].startswith(f"Error: {tmp_path / 'bad.json'}: not valid JSON")
    assert errors[1].startswith(f"Error: {missing}: cannot read")
    assert "fake:exact" in r.output and "exact" in r.output  # the readable case still ran
    assert invoke("run", SEED_INT8, "--configs", "fake:exact").exit_code == 0
    assert invoke("run", SEED_INT8, "--configs", "fake:off-by-one").exit_code == 1  # a finding
    r = invoke("run", *args, "--configs", "fake:off-by-one")
    assert r.exit_code == 2 and "out-of-bound" in r.output  # unusable input wins over the finding
    help_text = " ".join(invoke("run", "--help").output.split())
    assert "1 a configuration produced a finding; 2 a usage error, or a case file that could not be used" in help_text


def test_replay_of_a_folder_without_cases_is_an_error(tmp_path):
    (tmp_path / "notes.txt").write_text("no case files here")
    r = invoke("replay", str(tmp_path))
    assert r.exit_code == 2 and r.output.strip().splitlines() == [
        f"Error: no cases under {tmp_path} (no .json case files): replay a corpus folder such as corpus/"]


def test_status_and_report_of_a_campaign_stopped_by_its_budget_say_so_and_how_to_continue(tmp_path, monkeypatch):
    """`status` said "(finished)" after --time stopped a campaign with cases left."""
    monkeypatch.chdir(ROOT)  # the saved configurations name tests.fake_frontend
    out = tmp_path / "c"
    _fake_campaign(out)
    assert invoke("fuzz", "--resume", str(out), "--cases", "5", "--time", "0.000001").exit_code == 1  # findings
    line = " ".join(invoke("status", str(out)).output.split())
    assert f"2 of 5 cases (stopped at its time budget; `kernelfuzz fuzz --resume {out}` continues it)" in line
    page = (out / "report" / "index.html").read_text()
    assert ">stopped at its time budget<" in page and f"kernelfuzz fuzz --resume {out.resolve()}" in page
    assert invoke("fuzz", "--resume", str(out)).exit_code == 1
    assert "5 of 5 cases (finished)" in invoke("status", str(out)).output


def test_run_shows_the_stage_under_way_and_its_limit_on_a_terminal_and_nothing_elsewhere():
    """A simulated run of a real-size layer ran 7.5 minutes without a word: a terminal now sees the case, the
    configuration, the stage with its limit, and the time it has taken; a pipe sees what it saw before."""
    import io

    from rich.console import Console

    from fuzz.cli.progress import watching
    from fuzz.execute.isolate import Lane
    from fuzz.execute.runner import Timeouts, run_case
    from tests import fake_frontend as fake
    case = load(SEED_INT8)
    lane = Lane.for_configs([fake.SLOW])
    try:
        for terminal in (True, False):
            screen = io.StringIO()
            console = Console(file=screen, force_terminal=terminal, width=120)
            with watching(lane, console) as watch:
                watch.start_case("case.json")
                report = run_case(watch.lane, case, [fake.SLOW], Timeouts(60.0, 30.0))
            assert [r.verdict.value for r in report.results] == ["exact"]
            if terminal:
                assert "case.json: fake:slow: run (limit 30 s)" in screen.getvalue()
                assert "0:00:0" in screen.getvalue()  # the stage's elapsed time
            else:
                assert screen.getvalue() == ""
    finally:
        lane.close()


def test_a_simulated_run_gets_its_frontends_longer_limit_and_past_it_is_a_timeout(monkeypatch):
    """The limit `--run-timeout` states for a simulated configuration is the one the lane enforces."""
    from fuzz.execute.isolate import Lane
    from fuzz.execute.runner import Timeouts, run_case
    from tests import fake_frontend as fake
    monkeypatch.setattr(fake, "run_timeout", lambda config, timeout: timeout * 100, raising=False)  # "simulated"
    case = load(SEED_INT8)
    lane = Lane.for_configs([fake.SLOW])  # its run takes 0.3 s
    try:
        within = run_case(lane, case, [fake.SLOW], Timeouts(60.0, 0.01))  # 0.01 s, 1 s for a simulated run
        past = run_case(lane, case, [fake.SLOW], Timeouts(60.0, 0.001))  # 0.1 s for a simulated run
    finally:
        lane.close()
    assert within.results[0].verdict.value == "exact"
    assert past.results[0].verdict.value == "timeout" and "killed after" in past.results[0].message


def test_the_run_timeout_states_a_simulated_runs_limit_wherever_it_is_stated():
    from frontends.devices.simulation import RUN_TIMEOUT_FACTOR
    said = f"take {RUN_TIMEOUT_FACTOR:g} times this ({120 * RUN_TIMEOUT_FACTOR:.0f} s by default)"
    for command in ("run", "fuzz"):
        assert said in " ".join(invoke(command, "--help").output.split()), command
    assert "five times `--run-timeout` (600 s by default" in " ".join((ROOT / "docs/campaigns.md").read_text().split())
    assert RUN_TIMEOUT_FACTOR == 5.0  # the docs say "five"


def test_the_live_table_ends_its_last_row_before_the_next_message(tmp_path, monkeypatch):
    """Written to a file (not a terminal), the summary's title ran into the live table's last row."""
    import re
    monkeypatch.chdir(ROOT)  # the saved configurations name tests.fake_frontend
    out = tmp_path / "c"
    _fake_campaign(out, cases=1)
    said = invoke("fuzz", "--resume", str(out), "--cases", "3").output
    assert re.search(r"^ fake:reject +0 +0 +0 +0 +0 +2 *$", said, re.M), said
    assert re.search(r"^ *3 cases, 3 with findings", said, re.M), said


def test_only_pins_that_no_case_combines_are_refused_in_one_line():
    """`--only dtype:f8E4M3FN,dtype:i4` silently gave int4 cases only: every seed was int4, and an int4 case keeps
    its types."""
    for only, said in (("dtype:f8E4M3FN,dtype:i4", "no case combines dtype:i4 with dtype:f8E4M3FN (an int4 case is"),
                       ("kind:conv,kind:attention", "no case combines kind:attention with kind:conv"),
                       ("dtype:bf16,kind:conv_requant", "no case combines kind:conv_requant with dtype:bf16")):
        for command in ("generate", "fuzz"):
            r = invoke(command, "--only", only)
            lines = r.output.strip().splitlines()
            assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith(f"Error: --only {only}: {said}")
            assert "pin them in separate campaigns" in r.output, r.output


def test_two_values_of_one_group_are_each_drawn():
    from fuzz.cli.common import swarm
    from fuzz.generate import features
    from fuzz.generate.generator import SPACES, generate
    s = swarm("on", "", "dtype:bf16,dtype:f8E5M2")
    seen = [set(features.of(generate(seed, SPACES["default"], small(s)))) & {"dtype:bf16", "dtype:f8E5M2"}
            for seed in range(12)]
    assert {"dtype:bf16"} in seen and {"dtype:f8E5M2"} in seen


def test_the_refused_pins_are_exactly_those_the_generator_never_combines():
    """The pins no case combines (the feature table's excludes, fuzz/generate/table.py) against the generator itself: for every pair
    of the features decided apart from the swarm draw (one float8 type stands for the four) and the kinds, 8 seeds
    show both unless it is refused."""
    import itertools

    from fuzz.cli.common import BadInput, swarm
    from fuzz.generate import features
    from fuzz.generate.generator import SPACES, generate
    from fuzz.generate import table
    from fuzz.generate.swarm import FEATURES, parse
    kinds = {f.name for f in FEATURES if f.name.startswith("kind:")}
    ordinary = kinds - {"kind:attention", "kind:weight_only"}  # picked among as ever: each pinned one is drawn
    wrong = []
    # size:real and the importer forms are left out of the sweep: a real-size case takes seconds to draw, and their
    # rows (the table's last two) follow from generate()'s own rules: a pinned size:real or form draws static cases;
    # body:erf too: it rewrites the tanh a kind's bodies drew (fuzz/generate/erf.py), not a choice of its own
    later = {"size:real", "conv:f32", "init:accumulate", "op:reshape", "body:erf"}
    for a, b in itertools.combinations(sorted({r for r in table.seeded() if not r.startswith("dtype:f8")} - later | kinds
                                              | {"dtype:f8E4M3FN"}), 2):
        if {a, b} <= ordinary:
            continue
        try:
            s, refused = swarm("on", "", f"{a},{b}"), False
        except BadInput:
            s, refused = parse(True, "", f"{a},{b}"), True
        seen = set()
        for seed in range(8):
            try:
                seen |= set(features.of(generate(seed, SPACES["default"], small(s))))
            except RuntimeError:  # no acceptable case for this seed
                pass
        if refused == ({a, b} <= seen):
            wrong.append((a, b, "refused" if refused else "allowed", sorted({a, b} & seen)))
    assert not wrong


def _documented_localize() -> list[str]:
    """The README's `kernelfuzz localize` example, as kernelfuzz's arguments (`localize FINDING ...`)."""
    import shlex
    readme = (ROOT / "README.md").read_text()
    line = next(line for line in readme.splitlines() if line.startswith("kernelfuzz localize "))
    return shlex.split(line)[1:]


def test_the_documented_localize_example_writes_outside_the_repository():
    """It rewrote 6 tracked files of the finding it names: an example never changes the repository."""
    args = _documented_localize()
    assert "--out" in args and not args[args.index("--out") + 1].startswith(("corpus", "/"))


@pytest.mark.compilers
def test_the_documented_localize_example_leaves_the_finding_as_committed(tmp_path):
    """The README's example, run as written from a copy of the corpus: the finding's files (its committed localize
    output among them) stay byte for byte, and what it wrote is under --out: the committed output's files, and its
    verdict to the letter (the committed one named a profile since renamed)."""
    import re
    import shutil
    import subprocess
    import sys
    args = _documented_localize()
    finding = ROOT / args[1]
    shutil.copytree(finding, tmp_path / args[1])
    before = {p.relative_to(finding): p.read_bytes() for p in finding.rglob("*") if p.is_file()}
    r = subprocess.run([sys.executable, "-m", "fuzz.cli", *args], cwd=tmp_path, capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    copy = tmp_path / args[1]
    assert {p.relative_to(copy): p.read_bytes() for p in copy.rglob("*") if p.is_file()} == before
    out = tmp_path / args[args.index("--out") + 1]
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    committed = sorted(str(p.relative_to(finding / "localize")) for p in (finding / "localize").rglob("*")
                       if p.is_file())
    assert written == committed  # the committed output is what the command writes, file for file

    def verdict(path: Path) -> str:  # from the first bad pass on, timings aside
        return re.sub(r"\d+(\.\d+)? s\b", "T s", path.read_text().split("First bad pass", 1)[1])
    assert verdict(out / "localize.txt") == verdict(finding / "localize" / "localize.txt")
