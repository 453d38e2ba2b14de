#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it.
set -x
cd "$(dirname "$0")"
mkdir -p outputs

# iree:cpu-O2: rejected (kernelfuzz saw iree-compile fail)
iree-compile kernel.mlir -o iree_cpu-O2.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true
echo "iree-compile exit status $? (expected non-zero: rejected)"

# iree:gfx942-O2: rejected (kernelfuzz saw iree-compile fail)
iree-compile kernel.mlir -o iree_gfx942-O2.vmfb --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2
echo "iree-compile exit status $? (expected non-zero: rejected)"

