#!/usr/bin/env bash
# kernelfuzz localize: the first-bad side of the boundary
# exit status: check.py's (0 within the bound, 1 outside it); 2 when a step before it fails
set -eE
trap 'echo "could not run: $BASH_COMMAND failed" >&2; exit 2' ERR
# kernelfuzz judged this side by another predicate than check.py's value check: fault: the run fails with out-of-bounds global write, as the finding's run did; another failure or a wrong value without it is broken; a fault or run fact need not change a device's outputs
cd "$(dirname "$0")"
# end: the configuration's whole compile, run as kernelfuzz runs it (simulated on kernelfuzz's PTX simulator (NVRTC's PTX for sm_80) (no device: no NVIDIA driver library found))
# finisher: none (it is the configuration)
python point.py
cd .. && exec python3 check.py first-bad/out/op0.npy
