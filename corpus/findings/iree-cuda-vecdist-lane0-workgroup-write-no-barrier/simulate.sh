#!/bin/sh
# The verdicts below were SIMULATED: kernelfuzz ran the PTX that iree-compile emitted in its PTX simulator
# (frontends/devices/ptx: not a GPU; the driver's PTX -> SASS compile is not modelled). This script does the same
# from a kernelfuzz checkout; iree.sh has the iree-run-module --device=cuda lines that confirm it on a GPU.
set -e
cd "$(dirname "$0")"
: "${KERNELFUZZ:?set KERNELFUZZ to a kernelfuzz checkout (the folder holding frontends/)}"
PY="${PYTHON:-python3}"  # needs numpy
set -x

# iree:cuda-sm80-O2: runtime-error (simulated)
mkdir -p sim_iree_cuda-sm80-O2
iree-compile kernel.mlir --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 --compile-to=executable-targets -o sim_iree_cuda-sm80-O2/et.mlir
iree-compile sim_iree_cuda-sm80-O2/et.mlir --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 --compile-from=executable-targets --iree-hal-dump-executable-files-to=sim_iree_cuda-sm80-O2/ptx -o sim_iree_cuda-sm80-O2/kernel.vmfb
PYTHONPATH="$KERNELFUZZ" "$PY" -m frontends.iree.simulated ptx sim_iree_cuda-sm80-O2/et.mlir sim_iree_cuda-sm80-O2/ptx inputs/in0.npy inputs/in1.npy --save sim_iree_cuda-sm80-O2/op0.npy
"$PY" check.py sim_iree_cuda-sm80-O2/op0.npy || true

