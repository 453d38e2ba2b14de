#!/usr/bin/env bash
# kernelfuzz localize: the last-good side of the boundary
# exit status: check.py's (0 within the bound, 1 outside it); 2 when a step before it fails
set -eE
trap 'echo "could not run: $BASH_COMMAND failed" >&2; exit 2' ERR
cd "$(dirname "$0")"
# phase: after --compile-to=preprocessing without the configuration's own --iree-preprocessing-pass-pipeline
# finisher: compiled on to executable-configurations with the configuration's flags, then to the end by its own codegen pipelines (no codegen points)
iree-compile source.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --compile-to=preprocessing -o preprocessing.mlir
iree-compile preprocessing.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 '--iree-preprocessing-pass-pipeline=builtin.module(util.func(iree-linalg-ext-decompose-aggregated-ops{filter-ops=iree_linalg_ext.attention}))' --compile-from=preprocessing --compile-to=executable-configurations -o configured.mlir
cp configured.mlir point.mlir
iree-compile point.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 '--iree-preprocessing-pass-pipeline=builtin.module(util.func(iree-linalg-ext-decompose-aggregated-ops{filter-ops=iree_linalg_ext.attention}))' --compile-from=executable-configurations -o point.vmfb
mkdir -p out
iree-run-module --module=point.vmfb --device=local-task --function=main --input=@../inputs/in0.npy --input=@../inputs/in1.npy --input=@../inputs/in2.npy --output=@out/op0.npy
cd .. && exec python3 check.py last-good/out/op0.npy
