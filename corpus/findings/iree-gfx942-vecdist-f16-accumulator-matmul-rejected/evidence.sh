#!/bin/sh
# Evidence for FINDING.md (iree-compile from iree-base-compiler 3.13.0 only).
# sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile
HIP="--iree-hal-target-device=hip --iree-rocm-target=gfx942"
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
EXTRA='^-none-$'
MSG="'func.func' op failed to distribute"

# show TITLE COMMAND...: print the command, the lines of its output that matter (diagnostics, the
# passes reported failed, and lines matching $EXTRA) and its exit status.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: |IR Dump After .*Failed|$EXTRA" "$T/out" | cut -c1-300 | sed "s|$T|\$TMP|g"
  echo "exit status $rc"
}
ok() { [ "$rc" -eq 0 ]; }  # the last show's command succeeded
says() { grep -qF -- "$1" "$T/out"; }  # its output holds the text

# matmul M K N: a plain linalg.matmul f16 x f16 -> f16 of those sizes, into $T/mmM_K_N.mlir
matmul() {
  f="$T/mm$1_$2_$3.mlir"
  cat > "$f" <<MLIR
func.func @mm(%a: tensor<$1x$2xf16>, %b: tensor<$2x$3xf16>) -> tensor<$1x$3xf16> {
  %cst = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<$1x$3xf16>
  %f = linalg.fill ins(%cst : f16) outs(%e : tensor<$1x$3xf16>) -> tensor<$1x$3xf16>
  %r = linalg.matmul ins(%a, %b : tensor<$1x$2xf16>, tensor<$2x$3xf16>) outs(%f : tensor<$1x$3xf16>) -> tensor<$1x$3xf16>
  return %r : tensor<$1x$3xf16>
}
MLIR
}

show "the bundle's 16x16x16 f16-accumulating matmul on gfx942, no other flag: VectorDistribute fails" \
  iree-compile kernel.mlir -o /dev/null $HIP --mlir-print-ir-after-failure --mlir-disable-threading
claim "gfx942 rejects it: $MSG" says "$MSG"
claim "the pass reported failed first is LLVMGPUVectorDistributePass" says "IR Dump After LLVMGPUVectorDistributePass Failed"

EXTRA='mma_kind = #iree_gpu.mma_layout<MFMA_F32_16x16x16_F16>|IR Dump After GPUPackToIntrinsicsPass'
show "the chosen config: an f32-accumulator MFMA for the f16 accumulator" \
  iree-compile kernel.mlir -o /dev/null $HIP --mlir-print-ir-after=iree-codegen-gpu-pack-to-intrinsics \
  --mlir-disable-threading
grep -o 'mma_kind = #iree_gpu.mma_layout<[A-Za-z0-9_]*>' "$T/out" | sort -u
claim "the lowering config picks MFMA_F32_16x16x16_F16 (an upcast accumulator)" says "MFMA_F32_16x16x16_F16"
claim "after GPUPackToIntrinsicsPass no inner_tiled op exists (the packed linalg.generic stays)" \
  sh -c "! grep -q 'iree_codegen.inner_tiled' '$T/out' && grep -q 'linalg.pack' '$T/out'"
EXTRA='^-none-$'

cat > "$T/acc32.mlir" <<'MLIR'
func.func @mm(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>) -> tensor<16x16xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %r = linalg.matmul ins(%a, %b : tensor<16x16xf16>, tensor<16x16xf16>) outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}
MLIR
show "control: the same matmul accumulating in f32 compiles on gfx942" iree-compile "$T/acc32.mlir" -o /dev/null $HIP
claim "with an f32 accumulator gfx942 compiles it" ok

show "control: CUDA sm_80 compiles the f16-accumulating matmul (it has an f16-accumulator mma.sync)" \
  iree-compile kernel.mlir -o /dev/null $CUDA
claim "CUDA sm_80 compiles it" ok

matmul 64 64 64
show "linalg.matmul 64x64x64 f16 -> f16 fails the same way" iree-compile "$f" -o /dev/null $HIP
claim "64x64x64 is rejected the same way" says "$MSG"
matmul 128 512 256
show "linalg.matmul 128x512x256 f16 -> f16 fails the same way" iree-compile "$f" -o /dev/null $HIP
claim "128x512x256 is rejected the same way" says "$MSG"
matmul 32 32 8
show "not aligned to the intrinsic (N = 8): TileAndFuse, compiles" iree-compile "$f" -o /dev/null $HIP
claim "32x32x8 compiles (another pipeline)" ok
verdict
