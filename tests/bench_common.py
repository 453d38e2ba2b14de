"""What several `make bench` sections share (tests/bench.py): a campaign run in a temporary folder, the
per-configuration medians and numeric findings it prints, and the fixed tolerance the certified bound replaced."""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

import numpy as np

from fuzz.campaign import driver as campaign
from fuzz.case.workload import FLOAT_DTYPES, NUMPY_DTYPE
from fuzz.judge.oracle import NUMERIC, Verdict


def fixed_tolerance(case, ref: np.ndarray) -> float:
    """The tolerance the certified bound replaced: (K + 2) * eps * max|reference|, eps of the
    least precise float dtype in the case, K its longest reduction."""
    eps = max(float(np.finfo(NUMPY_DTYPE[t]).eps) for _, t in case.tensor_types().values() if t in FLOAT_DTYPES)
    scale = max(float(np.abs(ref[np.isfinite(ref)].astype(np.float64)).max(initial=0.0)), 1e-30)
    return (case.reduction_length() + 2) * eps * scale


def run_campaign(configs, cases: int, seed: int, jobs: int, compile_only=frozenset(), on_steer=print, **settings):
    reports = []
    with tempfile.TemporaryDirectory() as out:
        start = time.time()
        stats = campaign.run(campaign.Settings(cases, seed, Path(out), tuple(configs), jobs=jobs,
                                               compile_only=compile_only, **settings), lambda i, r: reports.append(r),
                             on_steer=on_steer)
        return stats, reports, time.time() - start


def medians(stats) -> None:
    for row in stats.table():
        print(f"    {row['config']:<46} compile {row['median_compile_s']!s:>8} s   run {row['median_run_s']!s:>8} s"
              f"   compiled {row['compiled']:.0%}")


def print_alarms(reports, indent: str) -> None:
    """The numeric findings of a bench run: false alarms unless a compiler is wrong."""
    alarms = [(rep.case.name, r.config, r.verdict.value, r.headline)
              for rep in reports for r in rep.results if r.verdict in NUMERIC | {Verdict.FLAKY}]
    print(f"{indent}numeric findings (false alarms unless a compiler is wrong): {len(alarms)}")
    for a in alarms[:20]:
        print(f"{indent}   ", *a)
