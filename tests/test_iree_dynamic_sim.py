"""Dynamic-shape cases on IREE's simulated GPU configurations (frontends/iree/host.py with
host_index.py): real compiles for CUDA sm_80 and gfx942, whose count regions and push constants depend on the
sizes bound at run time, run on the PTX and the gfx942 simulators and judged against the reference."""
import pytest

from fuzz.case.dynamic import is_dynamic
from fuzz.generate.generator import generate
from fuzz.generate.swarm import parse
from fuzz.judge.oracle import Verdict
from tests.test_dynamic import matmul_case

CONFIGS = "iree:cuda-sm80-O2,iree:gfx942-O2"
SEEDS = (0, 2, 3)  # under --only shape:dynamic: a grouped conv with a max, an elementwise select, an int8 max


@pytest.mark.compilers
def test_dynamic_cases_run_exact_on_the_simulated_gpus():
    import frontends
    from fuzz.execute.isolate import Lane
    from fuzz.execute.runner import run_case
    sel = frontends.select(CONFIGS)
    only = parse(True, "", "shape:dynamic")
    cases = [matmul_case(), *(generate(s, swarm=only) for s in SEEDS)]
    assert all(is_dynamic(c) for c in cases)
    lane = Lane(tuple(sorted({c.module for c in sel.configs})))
    try:
        for case in cases:
            results = run_case(lane, case, list(sel.configs)).results
            assert {r.config for r in results} == set(CONFIGS.split(","))
            for r in results:
                assert r.verdict is Verdict.EXACT, (case.name, r.config, r.summary())
    finally:
        lane.close()
