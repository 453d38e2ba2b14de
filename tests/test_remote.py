"""Compile here, run elsewhere (fuzz/execute/remote.py, the --run-on split of fuzz/campaign/cluster.py).

A local Dask cluster of two worker processes: "cpu" declares nothing (it compiles and judges), "dev" declares the
stand-in resource ``cpu-device`` and only runs exported programs; in "dev" and every process it starts, importing
TVM or IREE's compiler fails, as on a runner with only the runtime installed.  A campaign through the split
records, case by case and configuration by configuration, the verdicts of a local run of the same cases."""
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from fuzz.campaign import driver as campaign
from fuzz.campaign.state import State
from fuzz.execute.runner import Timeouts
from tests import fake_frontend as fake
from tests import ROOT, small
from tests.dask_cluster import local_cluster, task_counts

FAKES = (fake.EXACT, fake.OFF_BY_ONE, fake.TRAP, fake.RUN_SEGFAULT)  # exact, confirmed wrong, runtime error, crash
TIMEOUTS = Timeouts(120.0, 30.0)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("dask")
    (tmp / "no-compilers").mkdir()
    (tmp / "no-compilers" / "sitecustomize.py").write_text(_BLOCKER)  # imported by every Python started with it
    workers = [("cpu", ["--name", "cpu"], {}),
               ("dev", ["--name", "dev", "--resources", "cpu-device=1"],
                {"PYTHONPATH": f"{tmp / 'no-compilers'}:{ROOT}"})]
    with local_cluster(tmp, workers) as address:
        yield address


def _compilers_blocked() -> bool:
    try:
        import iree.compiler  # noqa: F401
    except ImportError:
        return True
    return False


def test_the_device_worker_cannot_import_a_compiler(cluster):
    from dask.distributed import Client
    with Client(cluster) as client:
        names = {a: w["name"] for a, w in client.scheduler_info()["workers"].items()}
        assert {names[a]: blocked for a, blocked in client.run(_compilers_blocked).items()} == {"cpu": False,
                                                                                                "dev": True}


def runs_per_worker(address: str) -> dict:
    """Artifacts each worker ran (``run_on_device`` tasks it finished), by worker name."""
    return {name: counts["run_on_device"] for name, counts in task_counts(address).items()}


def verdicts(out: Path) -> dict:
    return {row["index"]: {r["config"]: r["verdict"] for r in row["results"]} for row in State(out).rows()}


def split_and_local(tmp_path, address, configs, cases: int, seed: int):
    routed = tuple((c.name, "cpu-device") for c in configs)
    split = campaign.run(campaign.Settings(cases, seed, tmp_path / "split", configs, timeouts=TIMEOUTS,
                                           cluster=address, batch=4, run_on=routed, swarm=small()))
    local = campaign.run(campaign.Settings(cases, seed, tmp_path / "local", configs, timeouts=TIMEOUTS, batch=4,
                                           swarm=small()))
    return split, local


def test_split_runs_only_on_the_device_worker_and_judges_like_a_local_run(cluster, tmp_path):
    before = runs_per_worker(cluster)
    split, local = split_and_local(tmp_path, cluster, FAKES, 3, 5)
    assert split.cases == 3 and verdicts(tmp_path / "split") == verdicts(tmp_path / "local")
    assert dict(split.verdicts) == dict(local.verdicts)
    every = {v for row in verdicts(tmp_path / "split").values() for v in row.values()}
    assert every == {"exact", "out-of-bound", "runtime-error"}  # every judging path was taken
    after = runs_per_worker(cluster)
    assert after["cpu"] == before["cpu"]  # the compiling worker ran nothing itself
    # every run and each confirming re-run of the three failing configurations, all on the device worker
    assert after["dev"] - before["dev"] >= 3 * 7
    for row in State(tmp_path / "split").rows():  # compiled (and judged) on the worker without the device
        assert {(r["facts"].get("worker"), r["facts"].get("run_on")) for r in row["results"]} == {("cpu", "cpu-device")}


def test_a_split_lane_runs_through_submit_and_a_confirming_rerun_asks_for_a_fresh_runner():
    """Without Dask: compiles stay in the lane (their facts name the resource), runs go through ``submit``, and after
    ``fresh()`` (runner.py's confirming re-run on a device) the next run gets a new runner lane."""
    from fuzz.case.values import materialize_all
    from fuzz.case.workload import to_json
    from fuzz.execute import remote
    from fuzz.execute.isolate import Lane
    from fuzz.generate.generator import generate
    from fuzz.judge.reference import reference_outputs

    asked = []

    def submit(artifact, inputs, timeout, fresh):
        asked.append(fresh)
        return remote.run_on_device(artifact, inputs, timeout, fresh)
    case = generate(1, swarm=small())
    values = materialize_all(case)
    inputs = [values[t.name] for t in case.inputs]
    split = remote.SplitLane(Lane.for_configs([fake.EXACT]), submit, "stand-in")
    try:
        runners = []
        for again in (False, True):
            if again:
                split.fresh()
            c = split.compile(fake.EXACT, to_json(case), 30)
            assert c.status == "ok" and c.payload[1]["run_on"] == "stand-in"
            r = split.run(fake.EXACT, inputs, 30)
            expected = reference_outputs(case, values)
            assert r.status == "ok" and all(np.array_equal(a, b) for a, b in zip(r.payload, expected))
            runners.append(remote._LOCAL.lane)
        assert asked == [False, True] and runners[0] is not runners[1]
    finally:
        split.close()
        remote._LOCAL.lane.close()


def test_run_on_needs_a_worker_that_declares_the_resource(cluster, tmp_path):
    from fuzz.campaign.cluster import ClusterError
    settings = campaign.Settings(2, 1, tmp_path / "c", FAKES, cluster=cluster, run_on=(("fake:exact", "cuda"),),
                                 swarm=small())
    with pytest.raises(ClusterError, match="no worker at .* declares cuda: start one with `dask worker"):
        campaign.run(settings)
    assert not (tmp_path / "c").exists()


@pytest.mark.compilers
def test_iree_on_a_cpu_stand_in_device_gives_the_local_verdicts(cluster, tmp_path):
    """IREE's llvm-cpu program, exported as its vmfb and run by the local-task driver on the "device" worker."""
    import frontends.iree.frontend as iree
    cpu = next(c for c in iree.CONFIGS if c.name == "iree:cpu-O2")
    before = runs_per_worker(cluster)["dev"]
    split, local = split_and_local(tmp_path, cluster, (cpu,), 12, 11)
    assert split.cases == 12 and verdicts(tmp_path / "split") == verdicts(tmp_path / "local")
    unrun = ("rejected", "compiler-crash", "not-expressible", "known-limitation")  # stopped before a run
    ran = sum(row[cpu.name] not in unrun for row in verdicts(tmp_path / "local").values())
    assert ran >= 9 and runs_per_worker(cluster)["dev"] - before >= ran  # each case that ran did so on the device


_BLOCKER = """
import importlib.abc, sys
class NoCompilers(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "tvm" or name.startswith("iree.compiler"):
            raise ImportError(f"{name}: not on a runner")
sys.meta_path.insert(0, NoCompilers())
"""
_NO_COMPILERS = _BLOCKER + """
import pickle
import fuzz.execute.remote
from fuzz.execute.isolate import _run_artifact_in_worker
artifact, inputs = pickle.load(open(sys.argv[1], "rb"))
r = _run_artifact_in_worker(artifact, inputs)
assert r.status == "ok", r
pickle.dump(r.payload, open(sys.argv[2], "wb"))
"""


@pytest.mark.compilers
@pytest.mark.parametrize("name", ["iree:cpu-O2", pytest.param("tvm:hexagon", marks=pytest.mark.skipif(
    shutil.which("qemu-hexagon") is None, reason="no qemu-hexagon: apt-get install qemu-user"))])
def test_an_exported_program_runs_where_no_compiler_can_be_imported(tmp_path, name):
    """IREE's vmfb under iree.runtime, TVM's linked Hexagon ELF under QEMU: outputs as the frontend's own run."""
    import importlib

    import frontends
    from fuzz.case.values import materialize_all
    from fuzz.generate.generator import generate
    config = next(c for c in frontends.all_configs() if c.name == name)
    frontend = importlib.import_module(config.module)
    case = generate(3, swarm=small())
    handle, _, _ = frontend.compile(case, config, str(tmp_path))
    values = materialize_all(case)
    inputs = [values[t.name] for t in case.inputs]
    (tmp_path / "job.pkl").write_bytes(pickle.dumps((frontend.export(handle), inputs)))
    subprocess.run([sys.executable, "-c", _NO_COMPILERS, str(tmp_path / "job.pkl"), str(tmp_path / "out.pkl")],
                   cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    remote = pickle.loads((tmp_path / "out.pkl").read_bytes())
    local = frontend.run(handle, inputs)
    assert len(remote) == len(local) and all(np.array_equal(a, b, equal_nan=True) for a, b in zip(remote, local))


@pytest.mark.parametrize("args, says", [
    (("--run-on", "iree:cpu-O2=cpu-device"), "--run-on sends runs to Dask workers: give --cluster"),
    (("--cluster", "tcp://127.0.0.1:9", "--run-on", "iree:cpu-O2"), "write CONFIG=RESOURCE"),
    (("--cluster", "tcp://127.0.0.1:9", "--run-on", "tvm:cuda*=cuda"), "matches no configuration selected"),
    (("--configs", "tvm:cpu", "--cluster", "tcp://127.0.0.1:9", "--run-on", "tvm:*=cpu-device"),
     "tvm:cpu's programs cannot be exported to a runner"),
])
def test_a_bad_run_on_is_one_line_and_status_2_before_anything_is_written(tmp_path, args, says):
    from click.testing import CliRunner

    from fuzz.cli import main
    args = args if "--configs" in args else ("--configs", "iree:cpu-O2", *args)
    r = CliRunner().invoke(main, ["fuzz", "--out", str(tmp_path / "c"), *args])
    assert r.exit_code == 2 and says in r.output and not (tmp_path / "c").exists()


def test_the_runner_requirements_are_pinned_as_pyproject_pins_them_and_hold_no_compiler():
    import tomllib
    pins = dict(line.split("==") for line in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "dependencies"])
    runner = dict(line.split("==") for line in (ROOT / "requirements-runner.txt").read_text().splitlines()
                  if line and not line.startswith("#"))
    assert runner == {name: pins[name] for name in runner}
    assert not {"iree-base-compiler", "apache-tvm", "apache-tvm-ffi"} & set(runner)
