#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it.
cd "$(dirname "$0")"
need() {
  command -v "$1" >/dev/null 2>&1 || {
    echo "iree.sh: $1 is not on PATH: pip install iree-base-compiler iree-base-runtime" \
      "(or put IREE's tools on PATH)" >&2
    exit 127
  }
}
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
PY="${PYTHON:-python3}"  # runs check.py, which needs numpy: PYTHON=/path/to/venv/bin/python sh iree.sh
need iree-compile
mkdir -p outputs
set -x

# iree:cpu-O0: rejected (kernelfuzz saw iree-compile fail)
if iree-compile kernel.mlir -o iree_cpu-O0.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O0 --iree-dispatch-creation-enable-aggressive-fusion=false; then
  echo "NOT reproduced: iree-compile succeeded (kernelfuzz saw rejected)"
else echo "reproduced: iree-compile exit status $? (kernelfuzz saw rejected)"; fi

# iree:cpu-O2: rejected (kernelfuzz saw iree-compile fail)
if iree-compile kernel.mlir -o iree_cpu-O2.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true; then
  echo "NOT reproduced: iree-compile succeeded (kernelfuzz saw rejected)"
else echo "reproduced: iree-compile exit status $? (kernelfuzz saw rejected)"; fi

# iree:gfx942-O2: rejected (kernelfuzz saw iree-compile fail)
if iree-compile kernel.mlir -o iree_gfx942-O2.vmfb --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2; then
  echo "NOT reproduced: iree-compile succeeded (kernelfuzz saw rejected)"
else echo "reproduced: iree-compile exit status $? (kernelfuzz saw rejected)"; fi

# iree:cuda-sm80-O2: rejected (kernelfuzz saw iree-compile fail)
if iree-compile kernel.mlir -o iree_cuda-sm80-O2.vmfb --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2; then
  echo "NOT reproduced: iree-compile succeeded (kernelfuzz saw rejected)"
else echo "reproduced: iree-compile exit status $? (kernelfuzz saw rejected)"; fi

