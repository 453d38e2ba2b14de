"""`make bench --only replay`: the whole corpus replayed as `kernelfuzz replay corpus` replays it (the suite replays a
dated sample: tests/replay_corpus.py), with the seconds each case file took, so that a file whose cost grows shows
here before it slows the suite's sample."""
from __future__ import annotations

import time
from collections import Counter

from fuzz.replay.replay import FAILED, case_files
from tests import ROOT
from tests.replay_corpus import replay_share


def section(args) -> None:
    from pathlib import Path

    files = case_files(Path(ROOT) / "corpus")
    print(f"\n== replay: every case file of corpus/ ({len(files)}), one at a time ==")
    outcomes, times, failed = Counter(), [], []
    for path in files:
        start = time.perf_counter()
        rows = replay_share(0, 1, [path])
        times.append((time.perf_counter() - start, path))
        outcomes.update(r.outcome.value for r in rows)
        failed += [f"{r.path}: {r.config}: {r.outcome.value}" for r in rows if r.outcome in FAILED]
    total = sum(t for t, _ in times)
    print(f"  {total:.0f} s in all; outcomes: {dict(outcomes)}")
    for t, path in sorted(times, reverse=True)[:10]:
        print(f"  {t:7.1f} s  {path.relative_to(ROOT)}")
    print("  regressions or damaged files:" if failed else "  no regression, no damaged file")
    for line in failed:
        print(f"    {line}")
