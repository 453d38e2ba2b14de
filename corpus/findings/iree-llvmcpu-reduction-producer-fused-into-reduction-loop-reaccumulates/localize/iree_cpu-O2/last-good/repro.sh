#!/usr/bin/env bash
# kernelfuzz localize: the last-good side of the boundary
# exit status: check.py's (0 within the bound, 1 outside it); 2 when a step before it fails
set -eE
trap 'echo "could not run: $BASH_COMMAND failed" >&2; exit 2' ERR
cd "$(dirname "$0")"
# codegen: after LLVMCPUTileAndFuseProducerConsumerPass{anchor-on-root-op=true only-fuse-producer-input-operands=false tiling-level=vector_common_parallel} on @main_dispatch_0_reduction_Dx2_f16 (codegen dump 17)
# finisher: compiled on to executable-configurations with the configuration's flags, every dispatch's codegen pipeline set to IREE's CPU Default pipeline, then compiled to the end, every op's lowering_config dropped first (so Default's tiling leaves the tiles a codegen pass made as they are)
# point.mlir: configured.mlir with @main_dispatch_0_reduction_Dx2_f16 as dump 17 of
#   iree-compile configured.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true --compile-from=executable-configurations --mlir-print-ir-after-all --mlir-disable-threading
#   prints it (dispatch.mlir: after LLVMCPUTileAndFuseProducerConsumerPass), every codegen pipeline set to Default, every lowering_config dropped
iree-compile source.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true --compile-to=executable-configurations -o configured.mlir
iree-compile point.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true --compile-from=executable-configurations -o point.vmfb
mkdir -p out
iree-run-module --module=point.vmfb --device=local-task --function=main --input=@../inputs/in0.npy --output=@out/op2.npy --output=@out/op0.npy
cd .. && exec python3 check.py last-good/out/op2.npy last-good/out/op0.npy
