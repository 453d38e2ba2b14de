#!/usr/bin/env bash
# kernelfuzz localize: the last-good side of the boundary
# exit status: check.py's (0 within the bound, 1 outside it); 2 when a step before it fails
set -eE
trap 'echo "could not run: $BASH_COMMAND failed" >&2; exit 2' ERR
cd "$(dirname "$0")"
# phase: after --compile-to=executable-sources (on the CPU)
# finisher: retargeted to llvm-cpu for x86-64-v3 (its GPU device and executable targets replaced by the CPU's), compiled on from that phase for the CPU and run on local-task
iree-compile source.mlir --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 --iree-rocm-llvm-global-isel --compile-to=executable-sources -o executable-sources.mlir
# point.mlir: executable-sources.mlir with its #hal.device.target and each variant's target(...) replaced by
#   those of: iree-compile source.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=x86-64-v3 --iree-opt-level=O2 --compile-to=executable-sources
iree-compile point.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=x86-64-v3 --iree-opt-level=O2 --compile-from=executable-sources -o point.vmfb
mkdir -p out
iree-run-module --module=point.vmfb --device=local-task --function=main --input=@../inputs/x.npy --output=@out/r.npy
cd .. && exec python3 check.py last-good/out/r.npy
