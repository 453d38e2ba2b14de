#!/bin/bash
# Issue 26's checks on a machine with an NVIDIA GPU, in one run (about 5-10 minutes), from the project root with
# .venv installed (`make venv`, then `.venv/bin/pip install -e '.[cuda]'` for tvm:cuda-dlight). The CUDA findings'
# device outputs (outputs/, tests/data/gpu/) were measured on an NVIDIA H200; what each step should show is written
# next to it, and any other outcome is a finding about kernelfuzz.
set -u
PY=${PY:-.venv/bin/python}; KF="$PY -m fuzz.cli"; CASE=${CASE:-corpus/findings/iree-cuda-mma-sync-transposed-acc-lane-fragment-order/case.json}
export PYTHONPATH=$PWD
echo "== configs: iree:cuda-sm80/sm89 'runs' (driver file named; PTX JIT on Hopper), sm120 compile-only on Hopper;"
echo "   tvm:cuda-dlight 'runs' with the cuda extra, else names it"
$KF configs 2>&1 | grep -E "cuda" | cut -c1-200
echo "== the reduced f16 NCHW conv: out-of-bound on the IREE CUDA configurations (H200 measurement), exact on cpu-O2"
timeout 300 $KF run "$CASE" --configs 'iree:cuda-sm80-O2,iree:cuda-sm89-O2,iree:cpu-O2,tvm:cuda-dlight,tvm:cpu' 2>&1 | cut -c1-200
echo "== facts of a device result: device name, sm, driver version, library"
FACTS=$(mktemp --suffix .py); cat > "$FACTS" <<'PY'
import json, sys
import frontends
from fuzz.case.workload import load
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import run_case
if __name__ == "__main__":  # lanes spawn workers, which import this file again
    sel = frontends.select("iree:cuda-sm80-O2,tvm:cuda-dlight")
    lane = Lane.for_configs(sel.configs)
    try:
        for r in run_case(lane, load(sys.argv[1]), list(sel.configs), compile_only=sel.compile_only).results:
            print(r.config, r.verdict.value, json.dumps(r.facts.get("device")), json.dumps(r.facts.get("launches"))[:200])
    finally:
        lane.close()
PY
timeout 300 $PY "$FACTS" "$CASE"
echo "== tests that read the device (skips say why); test_cuda_localize runs its CUDA points on the device here"
timeout 600 $PY -m pytest -q -p no:cacheprovider tests/test_cuda_driver.py tests/test_device_lanes.py tests/test_tvm_cuda.py tests/test_cuda_localize.py 2>&1 | tail -3
echo "== localize on the device: the MMA finding's first bad point is the CUDA codegen, as the PTX simulator found without a GPU"
timeout 300 $KF localize corpus/findings/iree-cuda-mma-sync-transposed-acc-lane-fragment-order --out "$(mktemp -d)" 2>&1 | tail -2 | cut -c1-200
echo "== TVM's CUDA kernels against the CPU on 100 cases: expect exact/within-bound (a wide mismatch: a launch-plan bug)"
timeout 900 $KF fuzz --cases 100 --seed 26 --jobs 4 --configs 'tvm:cuda-dlight,tvm:cpu' --out "$(mktemp -d)/c" 2>&1 | tail -25
echo "== make bench: gpu and gpu-accuracy"
timeout 1200 $PY -m tests.bench --only gpu gpu-accuracy --config-cases 40 --jobs 4 2>&1 | tail -60
