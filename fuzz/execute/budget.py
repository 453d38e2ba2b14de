"""The per-case budget of a real-size case: the configurations it runs on.

A ``size:real`` case (``fuzz/generate/sizes.py``; its note says ``size=real``) costs seconds to minutes per
configuration where a small case costs about one: the simulated GPU configurations execute up to 2 M outputs and
200 M multiply-adds instruction by instruction, and the GPU compilers take longer too.  So a campaign runs such a
case on ``limit`` of its configurations, not all of them:

* one CPU control, the first of ``CONTROLS`` the campaign selected (else its first configuration that runs on no
  GPU target): a wrong result on the GPU that the control gets right points at the GPU path;
* the rest drawn from the campaign's GPU configurations that run here (``DEVICE_TARGETS``: CUDA, gfx942, ROCm; not
  the compile-only ones), where the real sizes change the code paths, by a draw seeded with the case's name, so
  every real-size case reaches other GPU configurations and the same case always the same ones (a resume, a batch
  and a cluster agree);
* where the GPU configurations run out, the other configurations, drawn the same way.

Each is drawn among the configurations that take the case (``takes``, the frontend's answer): a real-size int4
case that IREE's configurations refuse runs on those that take it, not on three refusals; only where too few take
it does the budget name refusing ones (recorded ``not-expressible``, as ever).

``outside`` names the configurations the case skips.  They are never compiled and never recorded: the case's
results, the verdict tables and the masking and reach shares count the configurations that ran it.  A small case,
a limit of 0 or a campaign of at most ``limit`` configurations skips none.  ``kernelfuzz run``, ``reduce`` and
``replay`` run what they are told.

The other half of the budget is time: a real-size case's simulated run stops at ``Timeouts.real_sim`` seconds
(``fuzz/execute/runner.py``: recorded ``emulator-unsupported``, never a finding), where a small case's may take the
full simulated run limit.
"""
from __future__ import annotations

import random

from fuzz.case.workload import Case
from fuzz.execute.backend import Config, takes
from fuzz.execute.isolate import DEVICE_TARGETS, InternalError, contained
from fuzz.generate import features

DEFAULT = 3  # configurations per real-size case: the control and two GPU configurations
SIM_SECONDS = 120.0  # a real-size case's simulated run limit (a small case's: 5 x --run-timeout, 600 s)
CONTROLS = ("iree:cpu-O2", "tvm:cpu")  # the CPU control, in order of preference


def real_size(case: Case) -> bool:
    return "size:real" in features.of(case)


def taken(case: Case, config: Config) -> bool:
    try:
        return not contained(takes, case, config)
    except InternalError:  # a bug of kernelfuzz's lowering: the compile reports it as the configuration's own
        return True


def chosen(case: Case, configs: list[Config], limit: int, compile_only: frozenset[str] = frozenset()) -> list[Config]:
    """The ``limit`` configurations of ``configs`` the real-size ``case`` runs on, in the campaign's order."""
    taking = [c for c in configs if taken(case, c)]
    picked = _drawn(case, taking, limit, compile_only)
    picked += [c for c in configs if c not in taking][:limit - len(picked)]  # too few take it: refusals fill in
    return [c for c in configs if c in picked]


def _drawn(case: Case, configs: list[Config], limit: int, compile_only: frozenset[str]) -> list[Config]:
    rng = random.Random(f"kernelfuzz:real-configs:{case.name}")
    cpu = [c for c in configs if c.target not in DEVICE_TARGETS]
    control = next((c for name in CONTROLS for c in cpu if c.name == name), cpu[0] if cpu else None)
    picked = [control] if control else []
    gpu = [c for c in configs if c.target in DEVICE_TARGETS and c.name not in compile_only]
    picked += rng.sample(gpu, min(limit - len(picked), len(gpu)))
    others = [c for c in configs if c not in picked]
    return picked + rng.sample(others, min(limit - len(picked), len(others)))


def outside(case: Case, configs: list[Config], limit: int, compile_only: frozenset[str] = frozenset()) \
        -> frozenset[str]:
    """The configurations ``case`` skips under a budget of ``limit`` per real-size case (0: no budget)."""
    if not limit or len(configs) <= limit or not real_size(case):
        return frozenset()
    kept = {c.name for c in chosen(case, configs, limit, compile_only)}
    return frozenset(c.name for c in configs if c.name not in kept)
