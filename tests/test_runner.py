"""Running a case in isolated workers: every failure mode becomes a verdict, never an exception.

Uses the fake compiler in tests/fake_frontend.py so these run in seconds."""
import pytest

from fuzz.execute.isolate import Lane
from fuzz.execute.runner import Timeouts, run_case
from fuzz.generate.generator import generate
from fuzz.judge.oracle import Verdict
from tests import fake_frontend as fake
from tests import small


@pytest.fixture(scope="module")
def lane():
    lane = Lane(("tests.fake_frontend",))
    yield lane
    lane.close()


def _verdict(lane, config, timeouts=Timeouts(20, 20)):
    report = run_case(lane, generate(7, swarm=small()), [config], timeouts)
    return report.results[0]


def test_correct_compiler_is_exact(lane):
    assert _verdict(lane, fake.EXACT).verdict is Verdict.EXACT


def test_wrong_output_is_a_mismatch(lane):
    r = _verdict(lane, fake.OFF_BY_ONE)
    assert r.verdict is Verdict.OUT_OF_BOUND and r.stage == "compare" and r.evidence.first_bad


def test_rejection_is_recorded_with_the_compiler_message(lane):
    r = _verdict(lane, fake.REJECT)
    assert r.verdict is Verdict.REJECTED and r.stage == "compile" and "rejects" in r.headline


def test_a_failed_compile_keeps_the_schedule_it_drew_in_the_case(lane):
    """A sampled draw that fails to compile is saved with the finding, so replays need not redraw it."""
    report = run_case(lane, generate(3, swarm=small()), [fake.REJECT, fake.EXACT])
    assert report.case.schedule_for(fake.REJECT.name) == "[\"fake rejected trace\"]"


def test_compiler_segfault_is_a_crash_and_the_lane_survives(lane):
    r = _verdict(lane, fake.SEGFAULT)
    assert r.verdict is Verdict.COMPILER_CRASH and "SIGSEGV" in r.message
    assert r.source.startswith("# fake program of")  # what the compiler was given survives it, for the bundle
    assert r.facts["schedule"].startswith("[\"fake trace of")  # and the schedule it drew, for the saved case
    assert _verdict(lane, fake.EXACT).verdict is Verdict.EXACT  # a fresh worker took over


def test_hang_is_a_timeout_and_the_lane_survives(lane):
    r = _verdict(lane, fake.HANG, Timeouts(compile=2, run=2))
    assert r.verdict is Verdict.TIMEOUT and r.stage == "compile"
    assert _verdict(lane, fake.EXACT).verdict is Verdict.EXACT


def test_program_crash_and_trap_are_runtime_verdicts(lane):
    crash = _verdict(lane, fake.RUN_SEGFAULT)
    assert crash.verdict is Verdict.RUNTIME_ERROR and crash.stage == "run" and "SIGSEGV" in crash.message
    trap = _verdict(lane, fake.TRAP)
    assert trap.verdict is Verdict.RUNTIME_ERROR and trap.stage == "run"


def test_all_configurations_of_a_case_run_in_one_report(lane):
    report = run_case(lane, generate(8, swarm=small()), [fake.EXACT, fake.OFF_BY_ONE, fake.REJECT], Timeouts(20, 20))
    assert [r.verdict for r in report.results] == [Verdict.EXACT, Verdict.OUT_OF_BOUND, Verdict.REJECTED]
    assert {r.config for r in report.findings} == {"fake:off-by-one", "fake:reject"}


def test_mismatch_that_changes_on_rerun_is_flaky(lane):
    r = _verdict(lane, fake.FLAKY)
    assert r.verdict is Verdict.FLAKY and "re-run gave different outputs" in r.message


def test_wrong_every_time_but_differently_is_a_miscompile_not_flaky(lane):
    """TVM's sampled schedules gave such results (uninitialized reads): they are wrong results, not noise."""
    r = _verdict(lane, fake.RACY)
    assert r.verdict is Verdict.OUT_OF_BOUND and r.message.startswith("nondeterministic")


def test_lowering_exception_is_an_internal_error_not_a_finding(lane):
    r = _verdict(lane, fake.LOWERING_BUG)
    assert r.verdict is Verdict.INTERNAL_ERROR and not r.verdict.is_finding and "ill-typed" in r.message


def test_a_case_the_input_dialect_cannot_express_is_skipped_never_a_finding(lane):
    report = run_case(lane, generate(9, swarm=small()), [fake.EXACT, fake.INEXPRESSIBLE], Timeouts(20, 20))
    r = report.results[1]
    assert r.verdict is Verdict.NOT_EXPRESSIBLE and not r.verdict.is_finding and "no ops" in r.message
    assert r.summary()["facts"]["not_expressible"] == r.message  # campaign rows keep facts, not messages
    assert not report.findings and report.divergent == ()  # compiled elsewhere, yet no compile divergence


def test_a_compiled_case_the_device_cannot_run_is_compiled_and_says_why(lane):
    r = _verdict(lane, fake.ONE_KERNEL)
    assert r.verdict is Verdict.COMPILED and r.stage == "compile-only" and "runs one kernel" in r.message


def test_compiling_under_one_configuration_but_not_another_is_a_divergence(lane):
    report = run_case(lane, generate(9, swarm=small()), [fake.EXACT, fake.REJECT], Timeouts(20, 20))
    assert report.divergent == ("fake:reject",) and Verdict.COMPILE_DIVERGENCE in report.verdicts
    alone = run_case(lane, generate(9, swarm=small()), [fake.REJECT], Timeouts(20, 20))
    assert alone.divergent == () and Verdict.COMPILE_DIVERGENCE not in alone.verdicts


def test_a_slow_warm_up_happens_outside_the_compile_timeout(monkeypatch):
    """TVM's tensor-intrinsic import (a minute or more) made the first sampled compile of a lane time out."""
    monkeypatch.setenv("KERNELFUZZ_FAKE_WARM_UP", "4")
    slow = Lane(("tests.fake_frontend",))
    try:
        r = run_case(slow, generate(7, swarm=small()), [fake.EXACT], Timeouts(compile=2, run=20)).results[0]
    finally:
        slow.close()
    assert r.verdict is Verdict.EXACT


def test_a_worker_that_dies_between_calls_is_replaced(lane):
    """pebble puts the pool in an error state when its only worker dies while idle (killed, or a compiler's
    background thread crashing after the call returned); every later call of the lane then raised
    RuntimeError, and a fresh-clone `make test` lost three test_configs tests to it."""
    import os
    import signal
    import time
    pid = lane.pool.submit(os.getpid, 10).result()
    os.kill(pid, signal.SIGKILL)
    time.sleep(1)  # let pebble notice
    assert _verdict(lane, fake.EXACT).verdict is Verdict.EXACT
