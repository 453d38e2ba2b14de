#!/usr/bin/env bash
# kernelfuzz localize: the last-good side of the boundary
# exit status: check.py's (0 within the bound, 1 outside it); 2 when a step before it fails
set -eE
trap 'echo "could not run: $BASH_COMMAND failed" >&2; exit 2' ERR
cd "$(dirname "$0")"
# codegen: after IREECodegenCanonicalizerPass on @main_dispatch_0_matvec_like_2x2_f16 (codegen dump 41)
# finisher: compiled on to executable-configurations with the configuration's flags, every dispatch's codegen pipeline set to IREE's CPU Default pipeline, then compiled to the end
# point.mlir: configured.mlir with @main_dispatch_0_matvec_like_2x2_f16 as dump 41 of
#   iree-compile configured.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true --compile-from=executable-configurations --mlir-print-ir-after-all --mlir-disable-threading
#   prints it (dispatch.mlir: after IREECodegenCanonicalizerPass), every codegen pipeline set to Default
iree-compile source.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true --compile-to=executable-configurations -o configured.mlir
iree-compile point.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true --compile-from=executable-configurations -o point.vmfb
mkdir -p out
iree-run-module --module=point.vmfb --device=local-task --function=main --input=@../inputs/in0.npy --input=@../inputs/in1.npy --output=@out/op1.npy
cd .. && exec python3 check.py last-good/out/op1.npy
