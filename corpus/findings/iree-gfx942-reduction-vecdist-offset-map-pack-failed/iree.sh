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
PY="${PYTHON:-python3}"  # runs check.py, which needs numpy: PYTHON=/path/to/venv/bin/python sh iree.sh
status=0  # the exit status: set to 1 by each block that shows its bug, whatever blocks follow
need iree-compile
mkdir -p outputs
set -x

# iree:gfx942-O2: rejected (kernelfuzz saw iree-compile fail)
if iree-compile kernel.mlir -o iree_gfx942-O2.vmfb --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2; then
  echo "NOT reproduced: iree-compile succeeded (kernelfuzz saw rejected)"
else echo "reproduced: iree-compile exit status $? (kernelfuzz saw rejected)"; status=1; fi

# iree:gfx942-no-vecdist: compiled
iree-compile kernel.mlir -o iree_gfx942-no-vecdist.vmfb --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 --iree-codegen-llvmgpu-use-vector-distribution=false --iree-codegen-llvmgpu-use-reduction-vector-distribution=false
if has_device hip; then
  need iree-run-module
  iree-run-module --module=iree_gfx942-no-vecdist.vmfb --device=hip --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy --output=@outputs/iree_gfx942-no-vecdist.op0.npy
  "$PY" check.py outputs/iree_gfx942-no-vecdist.op0.npy || status=1
else echo "iree.sh: skipping the run of iree:gfx942-no-vecdist: no HIP device here (kernelfuzz only compiled it)"; fi

exit "$status"
