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

# iree:cpu-O2: out-of-bound
iree-compile kernel.mlir -o iree_cpu-O2.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true
need iree-run-module
iree-run-module --module=iree_cpu-O2.vmfb --device=local-task --function=main --input=@inputs/op0_in.npy --output=@outputs/iree_cpu-O2.op3.npy
"$PY" check.py outputs/iree_cpu-O2.op3.npy || status=1

# iree:cpu-generic: out-of-bound
iree-compile kernel.mlir -o iree_cpu-generic.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-opt-level=O2 --iree-llvmcpu-target-cpu=generic
need iree-run-module
iree-run-module --module=iree_cpu-generic.vmfb --device=local-task --function=main --input=@inputs/op0_in.npy --output=@outputs/iree_cpu-generic.op3.npy
"$PY" check.py outputs/iree_cpu-generic.op3.npy || status=1

exit "$status"
