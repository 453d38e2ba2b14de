#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it.
# Exit status, kernelfuzz's rule (check.py states it): 1 when any block shows its bug (a wrong result, a compile
# failure again), whatever blocks follow; else 2 when a block could not run (a tool or the CUDA device missing);
# else 0.
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
unrun=0  # set to 1 by each block that could not run
need iree-compile
mkdir -p outputs
set -x

# iree:cuda-sm80-O2: runtime-error (simulated: a shared-memory race; on a GPU the value may come out right)
iree-compile kernel.mlir -o iree_cuda-sm80-O2.vmfb --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2
if has_device cuda; then
  need iree-run-module
  iree-run-module --module=iree_cuda-sm80-O2.vmfb --device=cuda --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy --output=@outputs/iree_cuda-sm80-O2.op0.npy
  "$PY" check.py outputs/iree_cuda-sm80-O2.op0.npy; r=$?; [ "$r" = 1 ] && status=1; [ "$r" -ge 2 ] && unrun=1
  # The bug is a shared-memory race: NVIDIA's racecheck names it whatever value the run happened to return.
  if command -v compute-sanitizer >/dev/null 2>&1; then
    compute-sanitizer --tool racecheck --error-exitcode 1 iree-run-module --module=iree_cuda-sm80-O2.vmfb --device=cuda --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy || status=1
  else echo "iree.sh: compute-sanitizer not on PATH: the race itself is not checked"; fi
else echo "iree.sh: could not run iree:cuda-sm80-O2: no CUDA device here"; unrun=1; fi

if [ "$status" = 0 ] && [ "$unrun" = 1 ]; then status=2; fi
exit "$status"
