"""Ctrl-C and SIGTERM stop a real campaign within seconds, leave no process behind, and --resume finishes it.

The campaign is the command a user types (``python -m fuzz.cli fuzz``) on real IREE CPU configurations; the signal
goes to the driver alone, as ``kill -INT`` and ``timeout`` send it."""
from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

ROOT = Path(__file__).resolve().parents[1]
CAMPAIGN = ["--cases", "10", "--seed", "21", "--jobs", "2", "--batch", "1", "--configs", "iree:cpu-O0,iree:cpu-O2",
            "--without", "size:real"]  # small cases: the point is the signal, and a real-size one takes seconds to draw
TIMINGS = ("compile_s", "run_s")

pytestmark = pytest.mark.compilers


def _fuzz(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "fuzz.cli", "fuzz", *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _recorded(out: Path) -> int:
    try:
        with sqlite3.connect(f"{(out / 'campaign.sqlite').as_uri()}?mode=ro", uri=True) as db:
            return db.execute("SELECT COUNT(*) FROM cases").fetchone()[0]
    except sqlite3.OperationalError:  # not there yet, or not yet given its tables
        return 0


def _rows(out: Path) -> list[dict]:
    """Every recorded case without its timings: what a run decided, which must not depend on the interruption."""
    with sqlite3.connect(f"{(out / 'campaign.sqlite').as_uri()}?mode=ro", uri=True) as db:
        rows = [json.loads(r) for (r,) in db.execute("SELECT row FROM cases ORDER BY idx")]
    for row in rows:
        row["results"] = [{k: v for k, v in r.items() if k not in TIMINGS} for r in row["results"]]
    return rows


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory) -> list[dict]:
    out = tmp_path_factory.mktemp("whole") / "c"
    proc = _fuzz(*CAMPAIGN, "--out", str(out))
    assert proc.wait(timeout=600) in (0, 1), proc.stderr.read()
    return _rows(out)


@pytest.mark.parametrize("signum, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_stops_a_real_campaign_within_seconds_and_resume_finishes_it(tmp_path, uninterrupted, signum,
                                                                               status):
    out = tmp_path / "c"
    proc = _fuzz(*CAMPAIGN, "--out", str(out))
    deadline = time.time() + 300
    while _recorded(out) < 2 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.1)
    family = psutil.Process(proc.pid).children(recursive=True)  # the lanes' workers and what they started
    assert proc.poll() is None and len(family) >= 2, "the campaign must be stopped while its lanes work"
    sent = time.time()
    proc.send_signal(signum)
    try:
        code = proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail(f"the driver was still running 10 s after {signum.name}")
    stopped = time.time() - sent
    err = proc.stderr.read().strip().splitlines()
    assert code == status, err
    assert err[-1] == f"kernelfuzz: interrupted; continue with `kernelfuzz fuzz --resume {out}`", err
    _, alive = psutil.wait_procs(family, timeout=10 - stopped)
    assert not alive, f"left running after {signum.name}: {[p.pid for p in alive]}"
    done = _recorded(out)
    assert done < 10, "the signal must come before the campaign ends"
    status_line = subprocess.run([sys.executable, "-m", "fuzz.cli", "status", str(out)], cwd=ROOT, text=True,
                                 capture_output=True).stdout
    assert f"{done} of 10 cases (interrupted; `kernelfuzz fuzz --resume {out}` continues it)" in " ".join(
        status_line.split())
    report = subprocess.run([sys.executable, "-m", "fuzz.cli", "report", str(out)], cwd=ROOT, capture_output=True)
    page = (out / "report" / "index.html").read_text()
    assert report.returncode == 0 and ">interrupted<" in page and f"kernelfuzz fuzz --resume {out.resolve()}" in page
    resumed = _fuzz("--resume", str(out))
    assert resumed.wait(timeout=600) in (0, 1), resumed.stderr.read()
    assert _rows(out) == uninterrupted
