#!/bin/sh
# Evidence for FINDING.md (iree-compile / iree-opt from iree-base-compiler 3.13.0 only).
# sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host"
FAILED_PASS="--mlir-print-ir-after-failure --mlir-disable-threading"
IM2COL="--iree-global-opt-use-im2col-for-convs=true"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
EXTRA='^-none-$'

# show TITLE COMMAND...: print the command, the lines of its output that matter (diagnostics, the
# passes reported failed, and lines matching $EXTRA) and its exit status.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: |IR Dump After .*Failed|$EXTRA" "$T/out" | cut -c1-260 | sed "s|$T|\$TMP|g"
  echo "exit status $rc"
}
ok() { [ "$rc" -eq 0 ]; }  # the last show's command succeeded
says() { grep -qF -- "$1" "$T/out"; }  # its output holds the text
MSG="'linalg.batch_matvec' op inferred input/output operand #1 has shape's dimension #0 to be 10, but found 5"

EXTRA='tensor.collapse_shape.*-> tensor<(10x1x1|5x1|10x1)xf16>|"linalg.batch_matvec"|: \(tensor<10x1x1xf16>'
show "batch 2, 5 channels, with im2col: ConvertConv2DToImg2ColPass folds batch into the matvec batch (2*5 = 10), the filter keeps 5" \
  iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2 $IM2COL $FAILED_PASS
claim "with im2col, iree-compile rejects the batch-2 depthwise conv (batch_matvec batch 10 against filter 5)" says "$MSG"
claim "the pass reported failed is ConvertConv2DToImg2ColPass" says "IR Dump After ConvertConv2DToImg2ColPass Failed"
EXTRA='^-none-$'
show "the pass alone (iree-opt) gives the same error" \
  iree-opt --iree-global-opt-convert-conv2d-to-img2col kernel.mlir -o /dev/null
claim "ConvertConv2DToImg2ColPass alone gives the same error" says "$MSG"
show "without the flag it compiles" iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2
claim "without im2col it compiles" ok

sed 's/tensor<2x1x1x5xf16>/tensor<1x1x1x5xf16>/g' kernel.mlir > "$T/batch1.mlir"
show "control: the same conv with batch 1 compiles with the flag" \
  iree-compile "$T/batch1.mlir" -o /dev/null $CPU --iree-opt-level=O2 $IM2COL
claim "with batch 1 it compiles with im2col" ok

sed 's/2x1x1x5xf16/3x4x4x5xf16/g; s/tensor<1x1x1x5xf16>/tensor<3x3x1x5xf16>/; s/tensor<1x1x5xf16>/tensor<3x3x5xf16>/g;
     s/outs(%init3 : tensor<3x4x4x5xf16>) -> tensor<3x4x4x5xf16>/outs(%init3 : tensor<3x2x2x5xf16>) -> tensor<3x2x2x5xf16>/;
     s/-> (tensor<3x4x4x5xf16>)/-> (tensor<3x2x2x5xf16>)/; s/%e1 = tensor.empty() : tensor<3x4x4x5xf16>/%e1 = tensor.empty() : tensor<3x2x2x5xf16>/;
     s/outs(%e1 : tensor<3x4x4x5xf16>) -> tensor<3x4x4x5xf16>/outs(%e1 : tensor<3x2x2x5xf16>) -> tensor<3x2x2x5xf16>/;
     s/return %conv5 : tensor<3x4x4x5xf16>/return %conv5 : tensor<3x2x2x5xf16>/' kernel.mlir > "$T/batch3_3x3.mlir"
show "not only 1x1: batch 3, a 4x4 image, a 3x3 filter fails the same way (15 against 5)" \
  iree-compile "$T/batch3_3x3.mlir" -o /dev/null $CPU --iree-opt-level=O2 $IM2COL
claim "batch 3 with a 3x3 filter: batch_matvec batch 15 against filter 5" says "to be 15, but found 5"

show "upstream MLIR's copy of the rewrite (transform.structured.convert_conv2d_to_img2col) fails the same way" \
  iree-opt --transform-interpreter upstream.mlir -o /dev/null
claim "upstream MLIR's convert_conv2d_to_img2col gives the same error" says "$MSG"
verdict
