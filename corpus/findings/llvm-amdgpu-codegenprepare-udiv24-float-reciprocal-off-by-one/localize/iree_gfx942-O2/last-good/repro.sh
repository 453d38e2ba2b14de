#!/usr/bin/env bash
# kernelfuzz localize: the last-good side of the boundary
# exit status: check.py's (0 within the bound, 1 outside it); 2 when a step before it fails
set -eE
trap 'echo "could not run: $BASH_COMMAND failed" >&2; exit 2' ERR
cd "$(dirname "$0")"
# llvm: LLVM pass 137 of 197 (--opt-bisect-limit=137): early-cse on function (main_dispatch_0_elementwise_4_i32)
# finisher: the configuration's own pipeline, run in kernelfuzz's gfx942 simulator (frontends/devices/gfx942: no AMD hardware has checked it)
iree-compile source.mlir --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 --opt-bisect-limit=137 -o point.vmfb
# kernelfuzz ran this point in kernelfuzz's gfx942 simulator (frontends/devices/gfx942: no AMD hardware has checked it) (no gfx942 device there), from this folder:
#   iree-compile source.mlir --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 --opt-bisect-limit=137 --compile-to=executable-targets -o et.mlir
#   iree-compile et.mlir --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 --opt-bisect-limit=137 --compile-from=executable-targets --iree-hal-dump-executable-files-to=gfx942 -o point.vmfb
#   PYTHONPATH=KERNELFUZZ python3 -m frontends.iree.simulated gfx942 et.mlir gfx942 ../inputs/in0.npy ../inputs/in1.npy   (prints the outputs)
mkdir -p out
iree-run-module --module=point.vmfb --device=hip --function=main --input=@../inputs/in0.npy --input=@../inputs/in1.npy --output=@out/op0.npy
cd .. && exec python3 check.py last-good/out/op0.npy
