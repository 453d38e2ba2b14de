#!/usr/bin/env bash
# kernelfuzz localize: the last-good side of the boundary
# exit status: check.py's (0 within the bound, 1 outside it); 2 when a step before it fails
set -eE
trap 'echo "could not run: $BASH_COMMAND failed" >&2; exit 2' ERR
# kernelfuzz judged this side by another predicate than check.py's value check: fault: the run fails with out-of-bounds global write, as the finding's run did; another failure or a wrong value without it is broken; a fault or run fact need not change a device's outputs
cd "$(dirname "$0")"
# schedule: dlight gpu.GEMV (the rule applied; gpu.Matmul declined), after trace instruction 80 of 80: Annotate(l147, 1, pragma_vectorize)
# finisher: thread loops made serial and GPU memory scopes global, built for x86 {'kind': 'llvm', 'num-cores': 2} by kernelfuzz's TIR pipeline (TVM's default, intermediates poisoned), run on this machine
# point.py: the schedule prefix with thread loops serial and GPU scopes global
python point.py
cd .. && exec python3 check.py last-good/out/op0.npy
