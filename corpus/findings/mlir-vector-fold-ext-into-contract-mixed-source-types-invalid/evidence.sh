#!/bin/sh
# Evidence for FINDING.md (iree-compile and iree-opt from iree-base-compiler 3.13.0, or any release 3.7-3.13).
# PATH=/path/to/venv/bin:$PATH sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=generic"
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2"
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2"
ERR="'vector.contract' op failed to verify that lhs and rhs have same element type"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# show TITLE COMMAND...: the command, the lines of its output that matter and its exit status.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: |IR Dump After .*Failed" "$T/out" | grep -v "failed to run translation" | head -3 | cut -c1-260 |
    sed "s|$T|\$TMP|g"
  echo "exit status $rc"
}
ok() { [ "$rc" -eq 0 ]; }
fails() { [ "$rc" -ne 0 ] && [ "$rc" -le 128 ] && grep -qF -- "$1" "$T/out"; }

FOLD="builtin.module(func.func(iree-codegen-generic-vectorization{fold-cast-into-contract=true}))"
NOFOLD="builtin.module(func.func(iree-codegen-generic-vectorization{fold-cast-into-contract=false}))"
show "the fold alone: contract_ext.mlir with fold-cast-into-contract" iree-opt contract_ext.mlir "--pass-pipeline=$FOLD" -o /dev/null
claim "the fold alone builds a contract the verifier rejects" fails "$ERR"
show "control: the same without fold-cast-into-contract" iree-opt contract_ext.mlir "--pass-pipeline=$NOFOLD" -o /dev/null
claim "control: without the fold it verifies [exit 0]" ok
show "the linalg matvec on gfx942 (O2)" iree-compile matvec_i8_i32.mlir $GFX942 -o /dev/null --mlir-disable-threading --mlir-print-ir-after-failure
claim "gfx942 rejects it in GenericVectorizationPass" fails "$ERR"
show "the linalg matvec on CUDA sm_80 (O2)" iree-compile matvec_i8_i32.mlir $CUDA -o /dev/null
claim "CUDA rejects it the same way" fails "$ERR"
show "control: the linalg matvec on llvm-cpu compiles" iree-compile matvec_i8_i32.mlir $CPU -o /dev/null
claim "control: llvm-cpu compiles it [exit 0]" ok
show "the campaign case (the ONNX import, kernel.mlir) on gfx942 (iree:onnx-gfx942-O2)" iree-compile kernel.mlir $GFX942 -o /dev/null
claim "the ONNX case is rejected on gfx942" fails "$ERR"
verdict
