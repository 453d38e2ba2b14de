#!/usr/bin/env bash
# kernelfuzz localize: the first-bad side of the boundary
# exit status: check.py's (0 within the bound, 1 outside it); 2 when a step before it fails
set -eE
trap 'echo "could not run: $BASH_COMMAND failed" >&2; exit 2' ERR
cd "$(dirname "$0")"
# codegen: IREE's CUDA codegen (executable-configurations and executable-targets: the LLVMGPU pipeline's MLIR passes, not separable by running) with no optional LLVM pass (--opt-bisect-limit=0)
# finisher: the configuration's own pipeline, run in kernelfuzz's PTX simulator (frontends/devices/ptx: not a GPU)
iree-compile source.mlir --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 --opt-bisect-limit=0 -o point.vmfb
# kernelfuzz ran this point in kernelfuzz's PTX simulator (frontends/devices/ptx: not a GPU) (no CUDA device there), from this folder:
#   iree-compile source.mlir --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 --opt-bisect-limit=0 --compile-to=executable-targets -o et.mlir
#   iree-compile et.mlir --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 --opt-bisect-limit=0 --compile-from=executable-targets --iree-hal-dump-executable-files-to=ptx -o point.vmfb
#   PYTHONPATH=KERNELFUZZ python3 -m frontends.iree.simulated ptx et.mlir ptx ../inputs/in0.npy   (prints the outputs)
mkdir -p out
iree-run-module --module=point.vmfb --device=cuda --function=main --input=@../inputs/in0.npy --output=@out/op0.npy
cd .. && exec python3 check.py first-bad/out/op0.npy
