#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it. The exit rule is verdict.sh's: 1 when every
# claim below holds, 0 when one fails, 2 without a CUDA device or a tool, 3 the script's or check.py's own error.
cd "$(dirname "$0")"
. ./verdict.sh
PY="${PYTHON:-python3}"  # runs check.py, which needs numpy: PYTHON=/path/to/venv/bin/python sh iree.sh
need iree-compile iree-run-module "$PY"
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
compiled() { iree-compile "$@" || unable "iree-compile failed: $* (kernelfuzz's compile succeeded)"; }
mkdir -p outputs
set -x

# iree:cpu-O2: exact (control)
compiled kernel.mlir -o iree_cpu-O2.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true
iree-run-module --module=iree_cpu-O2.vmfb --device=local-task --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy --output=@outputs/iree_cpu-O2.op0.npy
claim "iree:cpu-O2 (control) lies within the bound" judge 0 "$PY" check.py outputs/iree_cpu-O2.op0.npy

# iree:cuda-sm80-O2: out-of-bound (predicted by ptxsim; the campaign cases of this bug were measured on the H200)
compiled kernel.mlir -o iree_cuda-sm80-O2.vmfb --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2
has_device cuda || unable "no CUDA device here for iree:cuda-sm80-O2"
iree-run-module --module=iree_cuda-sm80-O2.vmfb --device=cuda --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy --output=@outputs/iree_cuda-sm80-O2.op0.npy
claim "iree:cuda-sm80-O2 lies out of bound" judge 1 "$PY" check.py outputs/iree_cuda-sm80-O2.op0.npy
verdict
