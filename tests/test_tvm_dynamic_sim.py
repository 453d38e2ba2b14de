"""Dynamic-shape cases on TVM's simulated GPU configurations: the launch plan's symbolic extents, scalar arguments
and intermediate sizes (frontends/tvm/launch_size.py, cuda_run.placed) evaluated at the run's sizes, on the PTX
simulator (tvm:cuda-dlight) and the gfx942 simulator (tvm:rocm-dlight), judged against the reference."""
import pytest

from fuzz.case.dynamic import is_dynamic
from fuzz.generate.generator import generate
from fuzz.generate.swarm import parse
from fuzz.judge.oracle import Verdict

# under --only shape:dynamic: seed 3 an int8 max reduction over a dynamic dim (one kernel, a scalar dim argument,
# a grid of ceil(n / 1024)), seed 0 a grouped conv and a max (two kernels, an intermediate sized n * 35)
RUNS = {3: ("tvm:cuda-dlight", "tvm:rocm-dlight"), 0: ("tvm:cuda-dlight",)}


@pytest.mark.compilers
def test_dynamic_cases_run_exact_on_tvm_s_simulated_gpus():
    import frontends
    from fuzz.execute.isolate import Lane
    from fuzz.execute.runner import run_case
    only = parse(True, "", "shape:dynamic")
    sel = frontends.select("tvm:cuda-dlight,tvm:rocm-dlight")
    lane = Lane(tuple(sorted({c.module for c in sel.configs})))
    try:
        for seed, names in RUNS.items():
            case = generate(seed, swarm=only)
            assert is_dynamic(case)
            configs = [c for c in sel.configs if c.name in names]
            for r in run_case(lane, case, configs).results:
                assert r.verdict is Verdict.EXACT, (seed, r.config, r.summary())
    finally:
        lane.close()
