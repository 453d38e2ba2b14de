"""Device lanes (fuzz/execute/isolate.py, runner.py): a device fault replaces the lane's worker before the next run,
a suspicious device result is confirmed in a new worker, and frontends prepare the environment workers inherit.

The device is played by tests/device_frontend.py on the CPU: it reports faults as IREE's CUDA runtime does."""
import pytest

from fuzz.case.workload import to_json
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import Timeouts, run_case
from fuzz.judge.oracle import NUMERIC, Verdict
from tests import device_frontend as dev
from tests import stored

CASE = stored("fanout-exact-seed7.json")  # a conv read by two consumers


@pytest.fixture
def pids(tmp_path, monkeypatch):
    path = tmp_path / "pids"
    path.write_text("")
    monkeypatch.setenv("KERNELFUZZ_TEST_PIDS", str(path))
    return lambda: [int(x) for x in path.read_text().split()]


@pytest.fixture
def lane():
    lane = Lane.for_configs(dev.CONFIGS)
    yield lane
    lane.close()


def _inputs():
    from fuzz.case.values import materialize_all
    values = materialize_all(CASE)
    return [values[t.name] for t in CASE.inputs]


def test_a_device_fault_replaces_the_worker_before_the_next_run(lane, pids):
    assert lane.compile(dev.FAULT, to_json(CASE), 60).status == "ok"
    first = lane.run(dev.FAULT, _inputs(), 60)
    assert first.status == "program-error" and "CUDA_ERROR_ILLEGAL_ADDRESS" in first.message
    assert "worker was replaced" in first.message
    assert lane.compile(dev.FAULT, to_json(CASE), 60).status == "ok"
    second = lane.run(dev.FAULT, _inputs(), 60)
    assert second.status == "ok"  # a new worker: a context the fault never touched
    assert len(set(pids())) == 2


def test_a_faulting_device_run_is_confirmed_in_a_fresh_worker(lane, pids):
    r = run_case(lane, CASE, [dev.FAULT], Timeouts(60, 60)).results[0]
    assert r.verdict is Verdict.FLAKY and "CUDA_ERROR_ILLEGAL_ADDRESS" in r.message
    assert len(set(pids())) == 2


def test_a_wrong_device_result_is_confirmed_in_a_fresh_worker(lane, pids):
    r = run_case(lane, CASE, [dev.WRONG], Timeouts(60, 60)).results[0]
    assert r.verdict in NUMERIC
    first, confirm = pids()
    assert first != confirm


def test_a_wrong_cpu_result_is_confirmed_in_the_same_worker(lane, pids):
    r = run_case(lane, CASE, [dev.CPU_WRONG], Timeouts(60, 60)).results[0]
    assert r.verdict in NUMERIC
    first, confirm = pids()
    assert first == confirm  # a CPU run holds no context: no new worker (a TVM warm-up costs 30 s)


def test_frontends_prepare_the_environment_before_workers_spawn(lane):
    c = lane.compile(dev.WRONG, to_json(CASE), 60)
    assert c.payload[1]["prepared"] == ",".join(x.name for x in dev.CONFIGS)


def test_a_device_run_that_hangs_is_a_timeout_and_the_next_run_gets_a_new_worker(lane, pids):
    lane.compile(dev.HANG, to_json(CASE), 60)
    assert lane.run(dev.HANG, _inputs(), 2).status == "timeout"
    lane.compile(dev.HANG, to_json(CASE), 60)
    assert lane.run(dev.HANG, _inputs(), 60).status == "ok"
    assert len(set(pids())) == 2
