#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it.
# Exit status: 1 when any block shows its bug (a wrong result, a compile failure again), 0 when none does (a
# skipped block shows nothing), 2 when a tool is missing.
cd "$(dirname "$0")"
need() {
  command -v "$1" >/dev/null 2>&1 || {
    echo "iree.sh: $1 is not on PATH: pip install iree-base-compiler iree-base-runtime" \
      "(or put IREE's tools on PATH)" >&2
    exit 2
  }
}
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
PY="${PYTHON:-python3}"  # runs check.py, which needs numpy: PYTHON=/path/to/venv/bin/python sh iree.sh
status=0  # the exit status: set to 1 by each block that shows its bug, whatever blocks follow
need iree-compile
mkdir -p outputs
set -x

# iree:cuda-sm80-O2: nan/inf-mismatch
iree-compile kernel.mlir -o iree_cuda-sm80-O2.vmfb --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2
if has_device cuda; then
  need iree-run-module
  iree-run-module --module=iree_cuda-sm80-O2.vmfb --device=cuda --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy --output=@outputs/iree_cuda-sm80-O2.op1.npy
  "$PY" check.py outputs/iree_cuda-sm80-O2.op1.npy || status=1
else echo "iree.sh: skipping the run of iree:cuda-sm80-O2: no CUDA device here"; fi

exit "$status"
