#!/usr/bin/env bash
# kernelfuzz localize: the first-bad side of the boundary
# exit status: check.py's (0 within the bound, 1 outside it); 2 when a step before it fails
set -eE
trap 'echo "could not run: $BASH_COMMAND failed" >&2; exit 2' ERR
cd "$(dirname "$0")"
# llvm: LLVM with no optional pass (--opt-bisect-limit=0)
# finisher: the configuration's own pipeline; LLVM runs only its first k optional passes
iree-compile source.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-opt-level=O2 --iree-llvmcpu-target-cpu=generic --opt-bisect-limit=0 -o point.vmfb 2> bisect.log
grep -F 'running pass (0)' bisect.log || true
mkdir -p out
iree-run-module --module=point.vmfb --device=local-task --function=main --input=@../inputs/in0.npy --input=@../inputs/op0_in.npy --output=@out/op1.npy
cd .. && exec python3 check.py first-bad/out/op1.npy
