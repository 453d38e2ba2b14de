#!/usr/bin/env bash
# kernelfuzz localize: the first-bad side of the boundary
# exit status: check.py's (0 within the bound, 1 outside it); 2 when a step before it fails
set -eE
trap 'echo "could not run: $BASH_COMMAND failed" >&2; exit 2' ERR
cd "$(dirname "$0")"
# end: the configuration's whole compile, run as kernelfuzz runs it (simulated on kernelfuzz's gfx942 simulator (no AMD hardware has checked it): TVM's gfx942 assembly and launch plan (the apache-tvm wheel has no ROCm runtime))
# finisher: none (it is the configuration)
python point.py
cd .. && exec python3 check.py first-bad/out/y.npy
