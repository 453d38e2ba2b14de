#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it.
set -x
cd "$(dirname "$0")"
mkdir -p outputs

# iree:cpu-fast: rejected (kernelfuzz saw iree-compile fail)
iree-compile kernel.mlir -o iree_cpu-fast.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-llvmcpu-use-fast-min-max-ops --iree-llvmcpu-reassociate-fp-reductions
echo "iree-compile exit status $? (expected non-zero: rejected)"

# iree:cpu-O2: exact
iree-compile kernel.mlir -o iree_cpu-O2.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true
iree-run-module --module=iree_cpu-O2.vmfb --device=local-task --function=main --input=@inputs/op0_in.npy --output=@outputs/iree_cpu-O2.op1.npy
python check.py outputs/iree_cpu-O2.op1.npy

