#!/bin/sh
# Compile and run this finding's IREE configuration on a CUDA device, then judge it; the exit rule is verdict.sh's
# (1 the bug shown, 0 not shown, 2 the CUDA device or a tool missing, 3 the script's or check.py's own error).
cd "$(dirname "$0")"
. ./verdict.sh
PY="${PYTHON:-python3}"  # runs check.py, which needs numpy: PYTHON=/path/to/venv/bin/python sh iree.sh
need iree-compile iree-run-module "$PY"
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
RUN="iree-run-module --module=iree_cuda-sm80-O2.vmfb --device=cuda --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy"
mkdir -p outputs
set -x

# iree:cuda-sm80-O2: runtime-error (simulated: a shared-memory race; on a GPU the value may come out right)
iree-compile kernel.mlir -o iree_cuda-sm80-O2.vmfb --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 \
  || unable "iree-compile failed for iree:cuda-sm80-O2 (kernelfuzz's compile succeeded)"
has_device cuda || unable "no CUDA device here for iree:cuda-sm80-O2"
$RUN --output=@outputs/iree_cuda-sm80-O2.op0.npy
# The bug is a shared-memory race: NVIDIA's racecheck names it whatever value the run happened to return.
race() {
  command -v compute-sanitizer >/dev/null 2>&1 || { echo "compute-sanitizer not on PATH: the race is not checked"; return 1; }
  ! compute-sanitizer --tool racecheck --error-exitcode 1 $RUN
}
shown() { judge 1 "$PY" check.py outputs/iree_cuda-sm80-O2.op0.npy || race; }
claim "iree:cuda-sm80-O2: the output is out of bound, or racecheck names the race" shown
verdict
