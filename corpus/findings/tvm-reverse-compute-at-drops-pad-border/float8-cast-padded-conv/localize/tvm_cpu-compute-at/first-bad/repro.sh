#!/usr/bin/env bash
# kernelfuzz localize: the first-bad side of the boundary
# exit status: check.py's (0 within the bound, 1 outside it); 2 when a step before it fails
set -eE
trap 'echo "could not run: $BASH_COMMAND failed" >&2; exit 2' ERR
cd "$(dirname "$0")"
# schedule: after trace instruction 6 of 11: ["ReverseComputeAt", ["b4", "l9"], [0, -1], []]
# finisher: built for x86 {"kind": "llvm", "num-cores": 2} by kernelfuzz's TIR pipeline (TVM's default, intermediates poisoned), run on this machine
python point.py
cd .. && exec python3 check.py first-bad/out/op0.npy
