#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it with check.py.
# Exit status, kernelfuzz's rule (check.py states it): 1 when any block shows its bug (a wrong result, the compile
# failing again), whatever blocks follow; else 3 when check.py failed on its own error; else 2 when a block could
# not run or judge (a tool, device or output missing, a compile or run failing where kernelfuzz's did not); else 0.
cd "$(dirname "$0")"
need() {
  command -v "$1" >/dev/null 2>&1 || {
    echo "iree.sh: $1 is not on PATH: pip install iree-base-compiler iree-base-runtime" \
      "(or put IREE's tools on PATH)" >&2
    exit 2
  }
}
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
status=0  # the exit status: each block's outcome goes in through record
record() {  # one block's outcome (0, 1, 2 or 3) into the exit status: 1 wins, then 3, then 2
  case "$1" in
    0) ;;
    1) status=1 ;;
    3) [ "$status" = 1 ] || status=3 ;;
    *) [ "$status" != 0 ] || status=2 ;;
  esac
}
PY="${PYTHON:-python3}"  # runs check.py (numpy; ml_dtypes for bf16 and float8): PYTHON=/path/to/venv/bin/python sh iree.sh
need iree-compile
mkdir -p outputs
set -x

# iree:gfx942-O2-global-isel: exact
if iree-compile kernel.mlir -o iree_gfx942-O2-global-isel.vmfb --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 --iree-rocm-llvm-global-isel; then
  if has_device hip; then
    need iree-run-module
    if iree-run-module --module=iree_gfx942-O2-global-isel.vmfb --device=hip --function=main --input=@inputs/in0.npy --output=@outputs/iree_gfx942-O2-global-isel.op0.npy; then
      "$PY" check.py outputs/iree_gfx942-O2-global-isel.op0.npy; record $?
    else echo "iree.sh: iree-run-module exit status $? (kernelfuzz saw exact)"; record 2; fi
  else echo "iree.sh: could not run iree:gfx942-O2-global-isel: no HIP device here"; record 2; fi
else echo "iree.sh: could not run iree:gfx942-O2-global-isel: iree-compile failed where kernelfuzz's did not"; record 2; fi

exit "$status"
