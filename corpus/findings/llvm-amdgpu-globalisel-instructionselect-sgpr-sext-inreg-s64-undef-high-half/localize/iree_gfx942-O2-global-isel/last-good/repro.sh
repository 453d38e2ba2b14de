#!/usr/bin/env bash
# kernelfuzz localize: the last-good side of the boundary
# exit status: check.py's (0 within the bound, 1 outside it); 2 when a step before it fails
set -eE
trap 'echo "could not run: $BASH_COMMAND failed" >&2; exit 2' ERR
cd "$(dirname "$0")"
# llvm: LLVM pass 144 of 181 (--opt-bisect-limit=144): gcn-dpp-combine on function (main_dispatch_0_elementwise)
# finisher: the configuration's own pipeline, run in kernelfuzz's gfx942 simulator (frontends/devices/gfx942: no AMD hardware has checked it)
iree-compile source.mlir --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 --iree-rocm-llvm-global-isel --opt-bisect-limit=144 -o point.vmfb
# kernelfuzz ran this point in kernelfuzz's gfx942 simulator (frontends/devices/gfx942: no AMD hardware has checked it) (no gfx942 device there), from this folder:
#   iree-compile source.mlir --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 --iree-rocm-llvm-global-isel --opt-bisect-limit=144 --compile-to=executable-targets -o et.mlir
#   iree-compile et.mlir --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 --iree-rocm-llvm-global-isel --opt-bisect-limit=144 --compile-from=executable-targets --iree-hal-dump-executable-files-to=gfx942 -o point.vmfb
#   PYTHONPATH=KERNELFUZZ python3 -m frontends.iree.simulated gfx942 et.mlir gfx942 ../inputs/x.npy   (prints the outputs)
mkdir -p out
iree-run-module --module=point.vmfb --device=hip --function=main --input=@../inputs/x.npy --output=@out/r.npy
cd .. && exec python3 check.py last-good/out/r.npy
