#!/bin/sh
# Evidence for FINDING.md (iree-compile / iree-opt from iree-base-compiler 3.13.0 only).
# sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host"
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942"
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80"
FAILED_PASS="--mlir-print-ir-after-failure --mlir-disable-threading"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
EXTRA='^-none-$'

# show TITLE COMMAND...: print the command, the lines of its output that matter (diagnostics, the
# passes reported failed, the first crash frames, and lines matching $EXTRA) and its exit status.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: |IR Dump After .*Failed|^ *#[4-9] |$EXTRA" "$T/out" | cut -c1-260 | sed "s|$T|\$TMP|g"
  echo "exit status $rc"
}
ok() { [ "$rc" -eq 0 ]; }  # the last show's command succeeded
crashed() { [ "$rc" -gt 128 ]; }  # it died of a signal
fails() { [ "$rc" -ne 0 ] && [ "$rc" -le 128 ] && { [ -z "$1" ] || grep -qF -- "$1" "$T/out"; }; }  # an error, not a crash
NO_VD="--iree-codegen-llvmgpu-use-vector-distribution=false"
NO_RVD="--iree-codegen-llvmgpu-use-reduction-vector-distribution=false"

EXTRA='partial_reduction = '
show "gfx942 O2: GPUPackPartialReductionsPass fails (the op carries partial_reduction = [.., 32], thread = [.., 2])" \
  iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 $FAILED_PASS
claim "gfx942 O2: GPUPackPartialReductionsPass fails (the op carries partial_reduction = [.., 32], thread = [.., 2]) [an error]" fails "failed to pack reduction dimensions for partial reduction"
EXTRA='^-none-$'
show "gfx942, aggressive fusion off: the same" \
  iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=false
claim "gfx942, aggressive fusion off: the same [an error]" fails "failed to pack reduction dimensions for partial reduction"
show "gfx942, implicit GEMM off: the same" \
  iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 --iree-codegen-llvmgpu-use-igemm=false
claim "gfx942, implicit GEMM off: the same [an error]" fails "failed to pack reduction dimensions for partial reduction"
show "gfx942, vector distribution off (reduction vector distribution still on): the same" \
  iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 $NO_VD
claim "gfx942, vector distribution off (reduction vector distribution still on): the same [an error]" fails "failed to pack reduction dimensions for partial reduction"
show "gfx942, reduction vector distribution off: compiles" \
  iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 $NO_RVD
claim "gfx942, reduction vector distribution off: compiles [exit 0]" ok
show "gfx942, both off (iree:gfx942-no-vecdist): compiles" \
  iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 $NO_VD $NO_RVD
claim "gfx942, both off (iree:gfx942-no-vecdist): compiles [exit 0]" ok
show "gfx1100 O2: compiles" iree-compile kernel.mlir -o /dev/null --iree-hal-target-device=hip --iree-rocm-target=gfx1100 --iree-opt-level=O2
claim "gfx1100 O2: compiles [exit 0]" ok
show "cuda sm_80 O2: compiles" iree-compile kernel.mlir -o /dev/null $CUDA --iree-opt-level=O2
claim "cuda sm_80 O2: compiles [exit 0]" ok
show "llvm-cpu O2: compiles" iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2
claim "llvm-cpu O2: compiles [exit 0]" ok

sed 's/d3 + 1)>/d3)>/; s/1x4x33xi8/1x4x32xi8/g' kernel.mlir > "$T/no_offset.mlir"
show "variant: in1[d0, d2, d3] (no + 1 offset, in1 1x4x32): compiles on gfx942" \
  iree-compile "$T/no_offset.mlir" -o /dev/null $GFX942 --iree-opt-level=O2
claim "variant: in1[d0, d2, d3] (no + 1 offset, in1 1x4x32): compiles on gfx942 [exit 0]" ok
sed 's/1x1x4x32xi8/1x1x4x8xi8/g; s/1x4x33xi8/1x4x9xi8/g' kernel.mlir > "$T/width8.mlir"
show "variant: reduction 4x8 instead of 4x32: compiles on gfx942" \
  iree-compile "$T/width8.mlir" -o /dev/null $GFX942 --iree-opt-level=O2
claim "variant: reduction 4x8 instead of 4x32: compiles on gfx942 [exit 0]" ok
sed 's/arith.minsi %acc, %v5/arith.addi %acc, %v5/' kernel.mlir > "$T/sum.mlir"
show "variant: sum (arith.addi) instead of min: fails the same way" \
  iree-compile "$T/sum.mlir" -o /dev/null $GFX942 --iree-opt-level=O2
claim "variant: sum (arith.addi) instead of min: fails the same way [an error]" fails "failed to pack reduction dimensions for partial reduction"

show "cuda-same-error/: CUDA sm_80 O2 fails in the same pass" \
  iree-compile cuda-same-error/kernel.mlir -o /dev/null $CUDA --iree-opt-level=O2 $FAILED_PASS
claim "cuda-same-error/: CUDA sm_80 O2 fails in the same pass [an error]" fails "failed to pack reduction dimensions for partial reduction"
show "cuda-same-error/: llvm-cpu O2 fails differently (the reversed map d2 * -1: iree-reversed-map-min-reduction-rejected)" \
  iree-compile cuda-same-error/kernel.mlir -o /dev/null $CPU --iree-opt-level=O2
claim "cuda-same-error/: llvm-cpu O2 fails differently (the reversed map d2 * -1: iree-reversed-map-min-reduction-rej [an error]" fails "'linalg.generic' op inferred input"
verdict
