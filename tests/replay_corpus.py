"""The corpus replay, in shares: each ``tests/test_replay_corpus_K.py`` replays every N-th case file, so the suite's
workers (pytest-xdist, one test file per worker) replay the corpus side by side instead of one worker replaying it
all (1,729 s in one test on a loaded machine).  What a share checks is what ``kernelfuzz replay corpus`` checks: no
regression, no unreadable or invalid file."""
from __future__ import annotations

from pathlib import Path

from fuzz.replay.replay import FAILED, Outcome, case_files, replay_files
from tests import ROOT

SHARES = 4  # the files tests/test_replay_corpus_0.py .. _3.py


def share(k: int, n: int = SHARES) -> list[Path]:
    """Every n-th case file from the k-th: neighbours in a finding folder (often alike in cost) go to different
    shares."""
    return case_files(Path(ROOT) / "corpus")[k::n]


def replay_share(k: int, n: int = SHARES) -> list:
    import frontends
    from fuzz.casefile import load
    from fuzz.execute.isolate import Lane

    paths = share(k, n)
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
    assert not bad, "\n".join(bad)
    assert any(r.outcome in (Outcome.OK, Outcome.STILL_FAILING) for r in rows), "the share replayed nothing"
