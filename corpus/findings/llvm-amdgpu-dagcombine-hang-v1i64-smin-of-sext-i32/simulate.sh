#!/bin/sh
# The verdicts below were SIMULATED: kernelfuzz ran the GPU code iree-compile emitted in its gfx942 simulator (not an AMD GPU; no AMD hardware has checked the simulator).
# This script does the same from a kernelfuzz checkout; iree.sh has the iree-run-module --device=hip lines
# that confirm it on a GPU.
# Exit status, kernelfuzz's rule (check.py states it): 1 when any block shows its bug, else 3, else 2 (a block that
# could not simulate or judge), else 0.
cd "$(dirname "$0")"
[ -n "$KERNELFUZZ" ] || {
  echo "simulate.sh: set KERNELFUZZ to a kernelfuzz checkout (the folder holding frontends/)" >&2
  exit 2
}
PY="${PYTHON:-python3}"  # needs numpy
status=0  # the exit status: each block's outcome goes in through record
record() {  # one block's outcome (0, 1, 2 or 3) into the exit status: 1 wins, then 3, then 2
  case "$1" in
    0) ;;
    1) status=1 ;;
    3) [ "$status" = 1 ] || status=3 ;;
    *) [ "$status" != 0 ] || status=2 ;;
  esac
}
set -x

# iree:gfx942-O2-global-isel: exact (simulated)
mkdir -p sim_iree_gfx942-O2-global-isel
if iree-compile kernel.mlir --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 --iree-rocm-llvm-global-isel --compile-to=executable-targets -o sim_iree_gfx942-O2-global-isel/et.mlir &&
  iree-compile sim_iree_gfx942-O2-global-isel/et.mlir --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 --iree-rocm-llvm-global-isel --compile-from=executable-targets --iree-hal-dump-executable-files-to=sim_iree_gfx942-O2-global-isel/gfx942 -o sim_iree_gfx942-O2-global-isel/kernel.vmfb &&
  PYTHONPATH="$KERNELFUZZ" "$PY" -m frontends.iree.simulated gfx942 sim_iree_gfx942-O2-global-isel/et.mlir sim_iree_gfx942-O2-global-isel/gfx942 inputs/in0.npy --save sim_iree_gfx942-O2-global-isel/op0.npy; then
  "$PY" check.py sim_iree_gfx942-O2-global-isel/op0.npy; record $?
else echo "simulate.sh: iree:gfx942-O2-global-isel did not compile or simulate (exit status $?)"; record 2; fi

exit "$status"
