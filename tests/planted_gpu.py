"""A fault planted behind a real GPU compile, for the reducer's reached-path tests (tests/test_reduce_reached.py).

Each case is compiled for real by IREE for gfx942 at O2, as ``iree:gfx942-O2`` compiles it, so its result carries
the facts ``reached`` read from the real assembly (``frontends/devices/reach.py``: MFMA instructions, the workgroups
its launch uses, LDS, ...).  The compiled code is not run: the "run" is the reference interpreter with the first
output element made wrong, on every case.  That failure survives at any size and on any path, as a numerics bug
that a smaller case also shows on another path would: only the reducer's reached-fact rule keeps the case on the
MFMA path.  Never part of a campaign's configurations.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from frontends.iree import frontend as iree_frontend
from fuzz.execute.backend import Availability, Config
from fuzz.judge.reference import reference_outputs

M = __name__
_GFX942 = next(c for c in iree_frontend.CONFIGS if c.name == "iree:gfx942-O2")
WRONG_AFTER_GFX942 = replace(_GFX942, name="planted:gfx942-O2-first-wrong", module=M,
                             description="iree:gfx942-O2's real compile; its run is the reference with the first "
                                         "output element wrong")
CONFIGS = (WRONG_AFTER_GFX942,)


def availability(config: Config) -> Availability:
    """Runs wherever IREE compiles for gfx942 (the run needs no device: it is planted)."""
    a = iree_frontend.availability(_GFX942)
    return Availability("runs" if a.compiles else "unavailable", a.why)


def compile(case, config: Config, workdir: str):
    _, source, facts = iree_frontend.compile(case, _GFX942, workdir)
    facts["executor"] = "planted: the reference interpreter, first output element made wrong"  # no device ran it
    return case, source, facts


def run(case, inputs):
    outs = reference_outputs(case, {t.name: a for t, a in zip(case.inputs, inputs)})
    outs[0] = outs[0].copy()
    x = outs[0].flat[0]
    outs[0].flat[0] = x + 1 if np.issubdtype(outs[0].dtype, np.integer) else 4 * x + 64
    return outs
