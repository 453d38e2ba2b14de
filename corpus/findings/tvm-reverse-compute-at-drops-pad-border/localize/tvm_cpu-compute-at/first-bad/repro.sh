#!/bin/sh
# kernelfuzz localize: the first-bad side of the boundary
set -e
cd "$(dirname "$0")"
# schedule: after trace instruction 6 of 11: ["ReverseComputeAt", ["b4", "l9"], [0, -1], []]
# finisher: built for x86 {"kind": "llvm", "num-cores": 2} by kernelfuzz's TIR pipeline (TVM's default, intermediates poisoned), run on this machine
python point.py
cd .. && python3 check.py first-bad/out/op2.npy
