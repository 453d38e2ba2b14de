"""Test helper: run one simulated program on both PTX machines (``frontends/devices/ptx/machine.py``: the vector
machine and the thread-at-a-time reference) and say where they differ: outputs byte for byte, the fault (its class
and message) and every observed fact (``Memory.stats`` counts and ``Memory.places`` first places).

``outcome(host, kernels, inputs, engine, outside)`` is one machine's record; ``differences(...)`` compares the two
(an empty list: the same)."""
from __future__ import annotations

import os
import time
from contextlib import contextmanager

from frontends.devices import ptx
from frontends.iree.simulated import simulate
from frontends.devices.ptx.machine import ENGINE_ENV


@contextmanager
def engine(name: str):
    old = os.environ.get(ENGINE_ENV)
    os.environ[ENGINE_ENV] = name
    try:
        yield
    finally:
        if old is None:
            del os.environ[ENGINE_ENV]
        else:
            os.environ[ENGINE_ENV] = old


def outcome(host: str, kernels: list[str], inputs, name: str, outside: str = "fault") -> dict:
    memory = ptx.Memory(outside=outside)
    start = time.perf_counter()
    with engine(name):
        try:
            outs = simulate(host, kernels, inputs, memory=memory)
            result = [(o.dtype.str, o.shape, o.tobytes()) for o in outs]
        except (ptx.KernelFault, ptx.CannotSimulate) as e:
            result = (type(e).__name__, str(e))
    return {"result": result, "stats": dict(memory.stats), "places": dict(memory.places),
            "seconds": time.perf_counter() - start}


def differences(host: str, kernels: list[str], inputs, outside: str = "fault") -> tuple[list[str], dict, dict]:
    """What differs between the machines' records (empty: nothing), and the two records."""
    ref = outcome(host, kernels, inputs, "reference", outside)
    vec = outcome(host, kernels, inputs, "vector", outside)
    diffs = [f"{key}: reference {_short(ref[key])} vector {_short(vec[key])}"
             for key in ("result", "stats", "places") if ref[key] != vec[key]]
    return diffs, ref, vec


def _short(x) -> str:
    text = repr(x)
    return text if len(text) < 400 else text[:400] + "..."


# ---- the programs compared: the H200's (tests/data/gpu/) and generated cases

def bundle(name: str, work) -> tuple:
    """(host, kernels, inputs, outside) of one reduced bundle, compiled into ``work``."""
    import numpy as np

    from tests.test_ptx_h200 import DATA, _compile
    b = DATA / name
    host, kernels = _compile(b / "kernel.mlir", work)
    return host, kernels, [np.load(p) for p in sorted((b / "inputs").glob("in*.npy"))], "fault"


def campaign_case(name: str, work) -> tuple:
    """(host, kernels, inputs, outside) of one of the 56 campaign cases (zeros outside, as the H200 test runs it)."""
    import json

    from frontends.iree import frontend
    from frontends.iree.lower import lower
    from fuzz.case.workload import from_json
    from fuzz.execute.runner import prepare
    from tests.test_ptx_h200 import DATA, _compile
    case = from_json(json.loads((DATA / "cases" / name / "case.json").read_text()))
    config = next(c for c in frontend.CONFIGS if c.name == "iree:cuda-sm80-O2")
    (work / "k.mlir").write_text(lower(case))
    host, kernels = _compile(work / "k.mlir", work)
    return host, kernels, prepare(case, [config]).inputs, "zero"


def conv_variant(name: str, flags: str, work) -> tuple:
    """(host, kernels, inputs, outside) of one conv variant under one flag set (the H200 session's inputs)."""
    import sys

    import numpy as np

    from tests.test_ptx_h200 import VARIANTS, _compile
    sys.path.insert(0, str(VARIANTS))
    import conv_variants as cv
    rng = np.random.default_rng(0)
    for v in cv.variants():
        text, (xs, ks, _) = cv.mlir(*v[1:])
        x = rng.integers(-3, 4, xs).astype(cv.NP[v[9]])
        k = rng.integers(-3, 4, ks).astype(cv.NP[v[9]])
        if v[0] == name:
            (work / "k.mlir").write_text(text)
            host, kernels = _compile(work / "k.mlir", work, cv.FLAGS[flags])
            return host, kernels, [x, k], "fault"
    raise KeyError(name)


def frontend_outcome(fe, handle, inputs, name: str) -> tuple:
    """A compiled case run through its frontend on one machine: outputs (or the failure) and the run's facts."""
    from fuzz.execute.backend import ProgramFailure, take_run_facts
    take_run_facts()
    start = time.perf_counter()
    with engine(name):
        try:
            result = [(o.dtype.str, o.shape, o.tobytes()) for o in fe.run(handle, inputs)]
        except ProgramFailure as e:
            result = ("failure", str(e), e.kind)
    return result, take_run_facts(), time.perf_counter() - start


def generated(config_name: str, seed: int, index: int, work):
    """(frontend, handle, inputs) of generated case ``index`` of campaign seed ``seed`` compiled for the
    configuration, or None where it does not compile."""
    import importlib

    from fuzz.campaign.driver import case_seed
    from fuzz.case.values import materialize_all
    from fuzz.generate.base import SPACES
    from fuzz.generate.generator import generate
    from tests import small
    fe = importlib.import_module(f"frontends.{config_name.split(':')[0]}.frontend")
    config = next(c for c in fe.CONFIGS if c.name == config_name)
    case = generate(case_seed(seed, index), SPACES["default"], small())  # the small cases the H200 ran
    try:
        handle = fe.compile(case, config, str(work))[0]
    except Exception:  # noqa: BLE001  (a rejection, a crash or an inexpressible case: nothing to run)
        return None
    return fe, handle, [materialize_all(case)[t.name] for t in case.inputs]
