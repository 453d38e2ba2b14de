#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it.
set -x
cd "$(dirname "$0")"
mkdir -p outputs

# iree:gfx942-O2: rejected (kernelfuzz saw iree-compile fail)
iree-compile kernel.mlir -o iree_gfx942-O2.vmfb --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2
echo "iree-compile exit status $? (expected non-zero: rejected)"

# iree:gfx942-no-vecdist: compiled
iree-compile kernel.mlir -o iree_gfx942-no-vecdist.vmfb --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 --iree-codegen-llvmgpu-use-vector-distribution=false --iree-codegen-llvmgpu-use-reduction-vector-distribution=false
iree-run-module --module=iree_gfx942-no-vecdist.vmfb --device=hip --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy --output=@outputs/iree_gfx942-no-vecdist.op0.npy
python check.py outputs/iree_gfx942-no-vecdist.op0.npy

