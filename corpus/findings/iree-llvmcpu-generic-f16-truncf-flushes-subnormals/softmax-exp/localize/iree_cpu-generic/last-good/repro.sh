#!/usr/bin/env bash
# kernelfuzz localize: the last-good side of the boundary
# exit status: check.py's (0 within the bound, 1 outside it); 2 when a step before it fails
set -eE
trap 'echo "could not run: $BASH_COMMAND failed" >&2; exit 2' ERR
cd "$(dirname "$0")"
# llvm: the configuration's own codegen with its executables retargeted to x86-64-v3, LLVM with no optional pass
# finisher: compiled on from executable-configurations by the configuration's own codegen pipelines
iree-compile source.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-opt-level=O2 --iree-llvmcpu-target-cpu=generic --compile-to=executable-configurations -o configured.mlir
sed -E 's/cpu = "[^"]*", cpu_features = "[^"]*"/cpu = "x86-64-v3", cpu_features = ""/g' configured.mlir > point.mlir
iree-compile point.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-opt-level=O2 --iree-llvmcpu-target-cpu=generic --compile-from=executable-configurations --opt-bisect-limit=0 -o point.vmfb 2> bisect.log
mkdir -p out
iree-run-module --module=point.vmfb --device=local-task --function=main --input=@../inputs/in0.npy --input=@../inputs/op0_in.npy --output=@out/op1.npy
cd .. && exec python3 check.py last-good/out/op1.npy
