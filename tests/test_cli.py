"""The command line: clear one-line errors for bad input, and the commands work end to end."""
import json

import pytest
from click.testing import CliRunner

from fuzz.cli import main
from fuzz.workload import load

SEED_INT8 = "corpus/seeds/iree-sdxl-int8-conv-requant.json"
SEED_FP16 = "corpus/seeds/tvm-hexagon-conv2d-fp16.json"


def invoke(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_corrupt_case_file_is_one_clear_line_and_untouched(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = invoke("run", str(bad))
    assert r.exit_code == 1
    assert r.output.strip().splitlines() == [f"Error: {bad}: not valid JSON (Expecting property name enclosed "
                                             f"in double quotes: line 1 column 2 (char 1)); restore it from git or delete it"]
    assert bad.read_text() == "{not json"


def test_unknown_format_version_is_reported(tmp_path):
    j = json.loads(open(SEED_INT8).read())
    j["format"] = "kernelfuzz.case/7"
    p = tmp_path / "future.json"
    p.write_text(json.dumps(j))
    r = invoke("run", str(p))
    assert r.exit_code == 1 and "this kernelfuzz reads only kernelfuzz.case/1" in r.output


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
    assert invoke("generate", "--seed", "5", "-o", str(out)).exit_code == 0
    assert load(out).name == "seed5"


@pytest.mark.compilers
def test_run_prints_a_verdict_per_configuration():
    r = invoke("run", SEED_INT8, "--configs", "tvm:cpu,iree:cpu-O0,iree:cpu-O2,iree:gfx942-O2")
    assert r.exit_code == 0, r.output
    assert r.output.count("exact") == 3 and r.output.count("compiled") == 1


@pytest.mark.compilers
def test_fuzz_runs_a_campaign_reports_status_and_refuses_to_overwrite_it(tmp_path):
    out = str(tmp_path / "c")
    r = invoke("fuzz", "--cases", "3", "--seed", "4", "--configs", "tvm:cpu,iree:cpu-O0", "--out", out)
    assert r.exit_code == 0, r.output
    assert "3 cases" in r.output and (tmp_path / "c" / "summary.json").exists()
    page = tmp_path / "c" / "report" / "index.html"
    assert r.output.rstrip().endswith(f"report: {page}") and 'pill state-finished' in page.read_text()
    status = invoke("status", out)
    assert status.exit_code == 0 and "3 of 3 cases (finished)" in status.output
    again = invoke("fuzz", "--cases", "3", "--out", out)
    assert again.exit_code == 1 and "--resume" in again.output
    assert invoke("fuzz", "--resume", out).exit_code == 0  # nothing left: finishes at once
