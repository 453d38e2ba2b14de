#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it.
cd "$(dirname "$0")"
need() {
  command -v "$1" >/dev/null 2>&1 || {
    echo "iree.sh: $1 is not on PATH: pip install iree-base-compiler iree-base-runtime" \
      "(or put IREE's tools on PATH)" >&2
    exit 2
  }
}
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
status=0  # the exit status: set to 1 by each block that shows its bug, whatever blocks follow
unrun=0  # set to 1 by each block that could not run: then 2 when no block showed the bug
need iree-compile
mkdir -p outputs
set -x
# iree:cuda-sm80-O2: out-of-bound (predicted by ptxsim; the campaign cases of this bug were measured on the H200)
iree-compile kernel.mlir -o iree_cuda-sm80-O2.vmfb --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2
if has_device cuda; then
  need iree-run-module
  iree-run-module --module=iree_cuda-sm80-O2.vmfb --device=cuda --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy --output=@outputs/iree_cuda-sm80-O2.op0.npy
  python3 check.py outputs/iree_cuda-sm80-O2.op0.npy; r=$?; [ "$r" = 1 ] && status=1; [ "$r" -ge 2 ] && unrun=1
else echo "iree.sh: could not run iree:cuda-sm80-O2: no CUDA device here"; unrun=1; fi

# iree:cpu-O2: exact (control)
iree-compile kernel.mlir -o iree_cpu-O2.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true
need iree-run-module
iree-run-module --module=iree_cpu-O2.vmfb --device=local-task --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy --output=@outputs/iree_cpu-O2.op0.npy
python3 check.py outputs/iree_cpu-O2.op0.npy; r=$?; [ "$r" = 1 ] && status=1; [ "$r" -ge 2 ] && unrun=1

if [ "$status" = 0 ] && [ "$unrun" = 1 ]; then status=2; fi
exit "$status"
