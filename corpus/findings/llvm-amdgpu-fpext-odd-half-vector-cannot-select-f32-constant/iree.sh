#!/bin/sh
# Compile kernel_min.mlir and kernel.mlir (the fpext form) and kernel_trunc.mlir (the truncating-store form) for gfx942
# (no GPU needed: the crash is in code generation).
# The exit rule is verdict.sh's: 1 when iree-compile crashes in AMDGPU instruction selection on all three ("Cannot
# select: ... f32 = Constant<-1>"; "... trunc to v7f16"), 0 when one compiles, 2 when iree-compile is missing (pip install iree-base-compiler).
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for k in kernel_min.mlir kernel.mlir; do
  iree-compile "$k" --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 -o "$T/k.vmfb" \
    > "$T/log" 2>&1
  grep -m1 "Cannot select" "$T/log"
  claim "$k: AMDGPU instruction selection cannot select an f32 Constant (the bug)" \
    grep -q "Cannot select: .*f32 = Constant<-1>" "$T/log"
done
iree-compile kernel_trunc.mlir --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 \
  -o "$T/k.vmfb" > "$T/log" 2>&1
grep -m1 "Cannot select" "$T/log" | cut -c1-120
claim "kernel_trunc.mlir: AMDGPU instruction selection cannot select a truncating store to v7f16 (the second form)" \
  grep -q "Cannot select: .*store.*trunc to v7f16" "$T/log"
verdict
