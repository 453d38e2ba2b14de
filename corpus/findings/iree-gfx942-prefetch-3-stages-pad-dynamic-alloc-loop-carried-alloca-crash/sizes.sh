#!/bin/sh
# Which sizes crash: an f32 MxK times KxN linalg.matmul (like kernel.mlir) for gfx942 at O2 with
# --iree-llvmgpu-prefetch-num-stages=3, compiled with iree-compile on PATH; its output is sizes.txt.
# Exit status (verdict.sh): 1 when K 17, 20, 49 and 50 crash while K 16, 24, 48 and 64 compile (M=96, N=17).
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile
W=$(mktemp -d)
mm() {  # mm M K N: writes the kernel, compiles it, prints one line, sets rc
  cat > "$W/k.mlir" <<MLIR
func.func @main(%a: tensor<$1x$2xf32>, %b: tensor<$2x$3xf32>) -> tensor<$1x$3xf32> {
  %e = tensor.empty() : tensor<$1x$3xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<$1x$3xf32>) -> tensor<$1x$3xf32>
  %m = linalg.matmul ins(%a, %b : tensor<$1x$2xf32>, tensor<$2x$3xf32>) outs(%f : tensor<$1x$3xf32>) -> tensor<$1x$3xf32>
  return %m : tensor<$1x$3xf32>
}
MLIR
  out=$(iree-compile "$W/k.mlir" -o /dev/null --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 \
    --iree-llvmgpu-prefetch-num-stages=3 2>&1); rc=$?
  if [ "$rc" -ne 0 ] && echo "$out" | grep -q "Stack dump:"; then r=crash; elif [ "$rc" -eq 0 ]; then r=compiles; else r="fails ($rc)"; fi
  echo "M=$1 K=$2 N=$3: $r"
  [ "$r" = "$4" ]
}
for k in 17 20 49 50; do claim "K=$k crashes" mm 96 $k 17 crash; done
for k in 16 24 48 64; do claim "K=$k compiles" mm 96 $k 17 compiles; done
echo "== not claimed, for the record:"
for mkn in "96 32 17" "96 40 17" "96 128 17" "96 49 16" "96 49 32" "96 49 64" "1 49 17" "17 49 17" "64 49 17" "128 49 128" "256 1000 256"; do
  mm $mkn none
done
rm -rf "$W"
verdict
