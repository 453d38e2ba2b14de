"""Scale-out: a campaign on a local Dask cluster with resource-tagged workers.

Device stages go only to the worker that declares the device; the driver stays the only writer
of the campaign state, and the campaign (in batches) records the same cases as a local unbatched run."""
import time

import pytest

from fuzz.campaign import driver as campaign
from fuzz.campaign.state import State
from tests import fake_frontend as fake
from tests.dask_cluster import local_cluster
from tests import small

CONFIGS = (fake.EXACT, fake.OFF_BY_ONE, fake.ON_DEVICE)


@pytest.fixture
def cluster(tmp_path):
    with local_cluster(tmp_path, [("cpu", [], {}), ("hex", ["--resources", "hexagon=1"], {})]) as address:
        yield address


def test_campaign_on_dask_sends_device_stages_only_to_workers_that_have_the_device(cluster, tmp_path):
    stats = campaign.run(campaign.Settings(6, 3, tmp_path / "dask", CONFIGS, cluster=cluster, batch=4, swarm=small()))
    assert stats.cases == 6
    for row in State(tmp_path / "dask").rows():
        workers = {r["config"]: r["facts"]["worker"] for r in row["results"]}
        assert workers["fake:device"] == "hex"
    local = campaign.run(campaign.Settings(6, 3, tmp_path / "local", CONFIGS, swarm=small()))
    verdicts = lambda out: [[r["verdict"] for r in row["results"]] for row in State(out).rows()]  # noqa: E731
    assert verdicts(tmp_path / "dask") == verdicts(tmp_path / "local")
    assert dict(stats.verdicts) == dict(local.verdicts)


def test_a_listener_that_is_not_a_scheduler_is_one_error_within_the_timeout(tmp_path, monkeypatch):
    """Dask waits for a handshake that never comes; the driver says so within its timeout and creates nothing."""
    import socket

    from fuzz.campaign import cluster
    monkeypatch.setattr(cluster, "CONNECT_S", 1.0)
    with socket.create_server(("127.0.0.1", 0)) as silent:  # accepts connections (backlog), never answers
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        start = time.time()
        with pytest.raises(cluster.ClusterError, match=rf"no Dask scheduler answers at {address} \(no answer in 1 s\)"):
            campaign.run(campaign.Settings(2, 1, tmp_path / "c", CONFIGS, cluster=address, swarm=small()))
        assert time.time() - start < 10 and not (tmp_path / "c").exists()
