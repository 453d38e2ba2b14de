"""The corpus replay in the suite: a sample, in shares.  ``kernelfuzz replay corpus`` (``make replay``, and
``make bench --only replay`` with the time of each file) replays every case file; the suite replays SAMPLE of them a
run, drawn by KERNELFUZZ_REPLAY_SEED (today's date by default, so successive runs cover the corpus), spread over
``tests/test_replay_corpus_K.py`` so that the suite's workers (pytest-xdist, one test file per worker) replay side by
side.  A full replay in one test was 1,729 s on a loaded machine and grows with the corpus; a sample's cost does not.
Every case file is still read and validated each run (``test_replay.py``): an unreadable file never waits for its
turn in the sample.  What a share checks is what ``kernelfuzz replay corpus`` checks: no regression, no unreadable
or invalid file."""
from __future__ import annotations

import os
from pathlib import Path

from fuzz.replay.replay import FAILED, Outcome, case_files, replay_files
from tests import ROOT, dated_sample, sample_seed

SHARES = 2  # the files tests/test_replay_corpus_0.py .. _1.py
SAMPLE = int(os.environ.get("KERNELFUZZ_REPLAY_SAMPLE", "22"))  # case files a run; 0: every file


def seed() -> int:
    return sample_seed("KERNELFUZZ_REPLAY_SEED")


def sample(files: list[Path], size: int = SAMPLE, draw: int | None = None) -> list[Path]:
    """``size`` of ``files`` drawn by ``draw`` or KERNELFUZZ_REPLAY_SEED (every file when size is 0), in corpus
    order."""
    return dated_sample(files, size, "KERNELFUZZ_REPLAY_SEED", draw)


def share(k: int, n: int = SHARES, files: list[Path] | None = None) -> list[Path]:
    """Every n-th file of the sample from the k-th: neighbours in a finding folder (often alike in cost) go to
    different shares."""
    return (sample(case_files(Path(ROOT) / "corpus")) if files is None else files)[k::n]


def replay_share(k: int, n: int = SHARES, files: list[Path] | None = None) -> list:
    import frontends
    from fuzz.casefile import load
    from fuzz.execute.isolate import Lane

    paths = share(k, n, files)
    sel = frontends.select("*")
    configs = {c.name: c for c in sel.configs}
    unselected = frozenset(c.name for c in frontends.all_configs()) - set(configs) - {n for n, _ in sel.skipped}
    default = tuple(n for n in ("tvm:cpu", "iree:cpu-O0", "iree:cpu-O2") if n in configs)
    named = {name for p in paths for name in (dict(load(p).expect) or dict.fromkeys(default))}
    lane = Lane.for_configs([configs[name] for name in sorted(named) if name in configs])
    try:
        return replay_files(paths, lane, configs, sel.compile_only, default, unselected=unselected)
    finally:
        lane.close()


def check_share(k: int) -> None:
    rows = replay_share(k)
    bad = [f"{r.path}: {r.config}: {r.outcome.value} (expected {r.expected}, got {r.got})"
           for r in rows if r.outcome in FAILED]
    assert not bad, f"KERNELFUZZ_REPLAY_SEED={seed()}:\n" + "\n".join(bad)
    assert any(r.outcome in (Outcome.OK, Outcome.STILL_FAILING) for r in rows), "the share replayed nothing"
