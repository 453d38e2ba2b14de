#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it.
set -x
cd "$(dirname "$0")"
mkdir -p outputs

# iree:cpu-O2-tosa: rejected (kernelfuzz saw iree-compile fail)
iree-compile kernel.mlir -o iree_cpu-O2-tosa.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true --iree-input-type=tosa
echo "iree-compile exit status $? (expected non-zero: rejected)"

# iree:cpu-O2: exact
iree-compile iree_cpu-O2.mlir -o iree_cpu-O2.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true
iree-run-module --module=iree_cpu-O2.vmfb --device=local-task --function=main --input=@inputs/in0.npy --output=@outputs/iree_cpu-O2.op0.npy
python check.py outputs/iree_cpu-O2.op0.npy

