#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it.
# Exit status: 1 when any block shows its bug (a wrong result, a compile failure again), 0 when none does (a
# skipped block shows nothing), 2 when a tool is missing.
cd "$(dirname "$0")"
need() {
  command -v "$1" >/dev/null 2>&1 || {
    echo "iree.sh: $1 is not on PATH: pip install iree-base-compiler iree-base-runtime" \
      "(or put IREE's tools on PATH)" >&2
    exit 2
  }
}
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
PY="${PYTHON:-python3}"  # runs check.py, which needs numpy: PYTHON=/path/to/venv/bin/python sh iree.sh
status=0  # the exit status: set to 1 by each block that shows its bug, whatever blocks follow
need iree-compile
mkdir -p outputs
set -x

# iree:cpu-generic: rejected (kernelfuzz saw iree-compile fail)
if iree-compile kernel.mlir -o iree_cpu-generic.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-opt-level=O2 --iree-llvmcpu-target-cpu=generic; then
  echo "NOT reproduced: iree-compile succeeded (kernelfuzz saw rejected)"
else echo "reproduced: iree-compile exit status $? (kernelfuzz saw rejected)"; status=1; fi

exit "$status"
