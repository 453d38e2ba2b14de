#!/bin/sh
# Compile this finding's kernel (kernel.mlir, kernelfuzz's lowering of case.json) for gfx942 and CUDA sm_80.
# Exit status, kernelfuzz's rule: 1 when any block shows its bug (the gfx942 compile failing on the stack frame
# size, a CUDA PTX kernel declaring more local memory per thread than CUDA's 512 KiB); else 2 when a block could
# not run or judge; else 0. No GPU is needed: both blocks only compile.
cd "$(dirname "$0")"
need() {
  command -v "$1" >/dev/null 2>&1 || {
    echo "iree.sh: $1 is not on PATH: pip install iree-base-compiler (or put IREE's tools on PATH)" >&2
    exit 2
  }
}
status=0
record() {  # one block's outcome (0, 1 or 2) into the exit status: 1 wins, then 2
  case "$1" in
    0) ;;
    1) status=1 ;;
    *) [ "$status" != 0 ] || status=2 ;;
  esac
}
need iree-compile
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
set -x

# iree:gfx942-O2: rejected (kernelfuzz saw iree-compile fail on the stack frame size)
if iree-compile kernel.mlir -o "$T/k.vmfb" --iree-hal-target-device=hip --iree-rocm-target=gfx942 \
    --iree-opt-level=O2 > "$T/hip.txt" 2>&1; then
  echo "NOT reproduced: iree-compile succeeded (kernelfuzz saw rejected)"
elif grep "stack frame size" "$T/hip.txt"; then
  echo "reproduced: the AMDGPU backend refuses the kernel's stack frame"; record 1
else
  cat "$T/hip.txt"; echo "iree-compile failed with another error"; record 2
fi

# iree:cuda-sm80-O2: compiles, but its PTX declares a local depot far over CUDA's 512 KiB a thread
if iree-compile kernel.mlir -o "$T/k.vmfb" --iree-hal-target-device=cuda --iree-cuda-target=sm_80 \
    --iree-opt-level=O2 --iree-hal-dump-executable-files-to="$T/cuda" > "$T/cuda.txt" 2>&1; then
  depot=$(sed -n 's/.*__local_depot0\[\([0-9]*\)\].*/\1/p' "$T"/cuda/*.ptx | head -n 1)
  echo "local depot: ${depot:-none} bytes"
  if [ -n "$depot" ] && { [ "${#depot}" -gt 6 ] || [ "$depot" -gt 524288 ]; }; then  # long numbers: no overflow
    echo "reproduced: the PTX asks for more than 512 KiB of local memory per thread"; record 1
  else
    echo "NOT reproduced: the local depot fits"
  fi
else
  cat "$T/cuda.txt"; echo "iree-compile failed for CUDA (kernelfuzz saw it compile)"; record 2
fi
exit "$status"
