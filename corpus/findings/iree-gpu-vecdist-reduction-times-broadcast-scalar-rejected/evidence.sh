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

# rowsum NAME N OPERAND BODY...: sum over the 64/N columns of a 1xN f32 row of BODY; OPERAND is the second
# input ("" for none, "scalar" for a 0-d tensor read at every element, "row" for a second 1xN row).
rowsum() {
  name=$1; n=$2; second=$3; shift 3
  case $second in
    scalar) args=", %b: tensor<f32>"; ins=", %b : tensor<1x${n}xf32>, tensor<f32>"; maps="affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, "; bb=", %y: f32" ;;
    row) args=", %b: tensor<1x${n}xf32>"; ins=", %b : tensor<1x${n}xf32>, tensor<1x${n}xf32>"; maps="affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, "; bb=", %y: f32" ;;
    *) args=""; ins=" : tensor<1x${n}xf32>"; maps="affine_map<(d0, d1) -> (d0, d1)>, "; bb="" ;;
  esac
  f="$T/$name.mlir"
  {
    echo "func.func @main(%a: tensor<1x${n}xf32>$args) -> tensor<1xf32> {"
    echo "  %e = tensor.empty() : tensor<1xf32>"
    echo "  %z = arith.constant 0.0 : f32"
    echo "  %i = linalg.fill ins(%z : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>"
    echo "  %g = linalg.generic {indexing_maps = [${maps}affine_map<(d0, d1) -> (d0)>], iterator_types = [\"parallel\", \"reduction\"]} ins(%a$ins) outs(%i : tensor<1xf32>) {"
    echo "  ^bb0(%x: f32$bb, %acc: f32):"
    for line in "$@"; do echo "    $line"; done
    echo "  } -> tensor<1xf32>"
    echo "  return %g : tensor<1xf32>"
    echo "}"
  } > "$f"
}

show "the bundle's kernel (sum over 64 columns of x * -0.015625) on CUDA sm_80: VectorDistribute fails" \
  iree-compile kernel.mlir -o /dev/null $CUDA --mlir-print-ir-after-failure --mlir-disable-threading
claim "CUDA sm_80 rejects it: $MSG" says "$MSG"
claim "the pass reported failed first is LLVMGPUVectorDistributePass" says "IR Dump After LLVMGPUVectorDistributePass Failed"

EXTRA='vector.contract|iree_vector_ext.to_layout %[0-9]+ to'
show "before distribution: the reduction is a vector.contract whose second operand is the splat constant, with no to_layout" \
  iree-compile kernel.mlir -o /dev/null $CUDA --mlir-print-ir-before=iree-llvmgpu-vector-distribute --mlir-disable-threading
claim "the vectorized reduction is a vector.contract of the row with a splat constant" \
  grep -qE 'vector.contract .* %[0-9]+, %cst, %[0-9]+ : vector<32x2xf32>, vector<32x2xf32> into vector<32xf32>' "$T/out"
EXTRA='^-none-$'

rowsum plain 64 "" '%s = arith.addf %acc, %x : f32' 'linalg.yield %s : f32'
show "control: the plain sum of the same row compiles on CUDA" iree-compile "$f" -o /dev/null $CUDA
claim "the plain row sum compiles" ok
rowsum absf 64 "" '%m = math.absf %x : f32' '%s = arith.addf %acc, %m : f32' 'linalg.yield %s : f32'
show "control: the sum of |x| (an elementwise op, no product) compiles on CUDA" iree-compile "$f" -o /dev/null $CUDA
claim "the sum of |x| compiles" ok
rowsum dot 64 row '%m = arith.mulf %x, %y : f32' '%s = arith.addf %acc, %m : f32' 'linalg.yield %s : f32'
show "control: a dot product of two rows (a product, both operands vectors) compiles on CUDA" iree-compile "$f" -o /dev/null $CUDA
claim "the dot product of two rows compiles" ok
rowsum scalar 64 scalar '%m = arith.mulf %x, %y : f32' '%s = arith.addf %acc, %m : f32' 'linalg.yield %s : f32'
show "the product with a 0-d input read at every element (not a constant) fails the same way on CUDA" iree-compile "$f" -o /dev/null $CUDA
claim "x times a 0-d input is rejected the same way" says "$MSG"
rowsum c32 32 "" '%c = arith.constant -0.015625 : f32' '%m = arith.mulf %x, %c : f32' '%s = arith.addf %acc, %m : f32' 'linalg.yield %s : f32'
show "32 columns (one per CUDA lane, no per-thread partial reduction) compile on CUDA" iree-compile "$f" -o /dev/null $CUDA
claim "32 columns compile on CUDA" ok
show "64 columns compile on gfx942 (64 lanes: one column per lane)" iree-compile kernel.mlir -o /dev/null $HIP
claim "the bundle's kernel compiles on gfx942" ok
rowsum c128 128 "" '%c = arith.constant -0.015625 : f32' '%m = arith.mulf %x, %c : f32' '%s = arith.addf %acc, %m : f32' 'linalg.yield %s : f32'
show "128 columns (2 a lane) fail on gfx942 too" iree-compile "$f" -o /dev/null $HIP
claim "128 columns are rejected the same way on gfx942" says "$MSG"
verdict
