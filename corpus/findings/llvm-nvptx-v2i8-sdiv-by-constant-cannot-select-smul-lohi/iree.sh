#!/bin/sh
# Compile kernel_min.mlir and kernel.mlir for CUDA sm_80 (no GPU needed: the crash is in code generation).
# The exit rule is verdict.sh's: 1 when iree-compile crashes in NVPTX instruction selection on both (the bug),
# 0 when one compiles, 2 when iree-compile is missing (pip install iree-base-compiler).
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for k in kernel_min.mlir kernel.mlir; do
  iree-compile "$k" --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 -o /dev/null \
    > "$T/log" 2>&1
  grep -m1 "Cannot select" "$T/log"
  claim "$k: NVPTX instruction selection crashed (the bug)" grep -q "Cannot select" "$T/log"
done
verdict
