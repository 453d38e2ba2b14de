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
says() { grep -qF -- "$1" "$T/out"; }  # its output holds the text
IM2COL="--iree-global-opt-use-im2col-for-convs=true"

EXTRA='"arith.addi"\(%[0-9]+, %arg[0-9]+\)'
show "batch 2, i8 x i8 -> i32 with im2col: ConvertConv2DToImg2ColPass emits arith.addi (i8, i32) -> i8" \
  iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2 $IM2COL $FAILED_PASS
claim "with im2col, iree-compile rejects the batch-2 int8 conv: arith.addi (i8, i32) -> i8" says "'arith.addi' op requires the same type"
show "the pass alone (iree-opt) gives the same error" \
  iree-opt --iree-global-opt-convert-conv2d-to-img2col kernel.mlir -o /dev/null
claim "ConvertConv2DToImg2ColPass alone gives the same error" says "'arith.addi' op requires the same type"
EXTRA='^-none-$'
show "without the flag it compiles" iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2
claim "without im2col it compiles" ok

sed 's/tensor<2x1x3x1xi8>/tensor<1x1x3x1xi8>/g; s/tensor<2x1x1x1xi32>/tensor<1x1x1x1xi32>/g' kernel.mlir > "$T/batch1.mlir"
show "control: the same conv with batch 1 compiles with the flag" \
  iree-compile "$T/batch1.mlir" -o /dev/null $CPU --iree-opt-level=O2 $IM2COL
claim "with batch 1 it compiles with im2col" ok

sed 's/xi8>/xf16>/g; s/xi32>/xf32>/g; s/arith.constant 0 : i32/arith.constant 0.0 : f32/; s/: i32) outs/: f32) outs/' \
  kernel.mlir > "$T/f16_f32.mlir"
show "the same with f16 x f16 -> f32 (batch 2) fails the same way, on arith.addf" \
  iree-compile "$T/f16_f32.mlir" -o /dev/null $CPU --iree-opt-level=O2 $IM2COL
claim "f16 x f16 -> f32 fails the same way on arith.addf" says "'arith.addf' op requires the same type"
verdict
