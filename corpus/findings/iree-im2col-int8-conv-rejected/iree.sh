#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it.
set -x
cd "$(dirname "$0")"
mkdir -p outputs

# iree:cpu-im2col: rejected
iree-compile kernel.mlir -o iree_cpu-im2col.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-global-opt-use-im2col-for-convs=true
iree-run-module --module=iree_cpu-im2col.vmfb --device=local-task --function=main --input=@inputs/x.npy --input=@inputs/w.npy --output=@outputs/iree_cpu-im2col.conv.npy
python check.py outputs/iree_cpu-im2col.conv.npy

# iree:cpu-O2: exact
iree-compile kernel.mlir -o iree_cpu-O2.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true
iree-run-module --module=iree_cpu-O2.vmfb --device=local-task --function=main --input=@inputs/x.npy --input=@inputs/w.npy --output=@outputs/iree_cpu-O2.conv.npy
python check.py outputs/iree_cpu-O2.conv.npy

