#!/bin/sh
# Evidence for FINDING.md (iree-compile and iree-opt from iree-base-compiler 3.13.0, or any release 3.10-3.13; 3.3-3.9
# compile every file: the claims then fail and the script exits 0).
# PATH=/path/to/venv/bin:$PATH sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=generic"
ERR="'linalg.transpose' op dim(result, 1) = 6 doesn't match dim(input, permutation[1]) = -9223372036854775808"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# show TITLE COMMAND...: the command, the lines of its output that matter and its exit status.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: |linalg.transpose ins|tensor.cast %transposed" "$T/out" | head -3 | cut -c1-260 | sed "s|$T|\$TMP|g"
  echo "exit status $rc"
}
ok() { [ "$rc" -eq 0 ]; }
fails() { [ "$rc" -ne 0 ] && [ "$rc" -le 128 ] && grep -qF -- "$1" "$T/out"; }

PASS="builtin.module(func.func(convert-torch-to-linalg))"
show "the pass alone: convert-torch-to-linalg on one aten.transpose.int whose result type is more static than its input" iree-opt transpose.mlir "--pass-pipeline=$PASS" -o /dev/null
claim "the lowering builds a linalg.transpose the verifier rejects" fails "$ERR"
show "one ONNX Transpose (input [n,c,h,w] dynamic, output [n,6,10,3]) as iree-import-onnx writes it, llvm-cpu" iree-compile transpose_onnx.mlir $CPU -o "$T/t.vmfb"
claim "iree-compile rejects the one-op ONNX model" fails "$ERR"
show "the campaign case (kernel.mlir: an NHWC conv written as Transpose, Conv, Transpose), llvm-cpu (iree:onnx-cpu-O2)" iree-compile kernel.mlir $CPU -o "$T/k.vmfb"
claim "iree-compile rejects the campaign model" fails "$ERR"
cat > "$T/dynamic.mlir" <<'MLIR'
func.func @main(%arg0: !torch.vtensor<[?,3,?,?],f16>) -> !torch.vtensor<[?,?,3,?],f16> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %0 = torch.aten.transpose.int %arg0, %int1, %int2 : !torch.vtensor<[?,3,?,?],f16>, !torch.int, !torch.int -> !torch.vtensor<[?,?,3,?],f16>
  return %0 : !torch.vtensor<[?,?,3,?],f16>
}
MLIR
show "control: the same transpose with the result type as dynamic as the input" iree-opt "$T/dynamic.mlir" "--pass-pipeline=$PASS" -o /dev/null
claim "control: it lowers [exit 0]" ok
verdict
