#!/bin/sh
# Compile kernel_min.mlir and kernel.mlir for CUDA sm_80 (no GPU needed: the crash is in code generation).
# Exit status: 1 when iree-compile crashes in NVPTX instruction selection (the bug), 0 when both compile, 2 when
# iree-compile is missing.
cd "$(dirname "$0")"
command -v iree-compile >/dev/null 2>&1 || { echo "iree.sh: iree-compile is not on PATH: pip install iree-base-compiler" >&2; exit 2; }
status=0
for k in kernel_min.mlir kernel.mlir; do
  if iree-compile "$k" --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 -o /dev/null 2>&1 \
      | grep -m1 "Cannot select"; then
    echo "iree.sh: $k: NVPTX instruction selection crashed (the bug)"; status=1
  else echo "iree.sh: $k: compiled"; fi
done
exit "$status"
