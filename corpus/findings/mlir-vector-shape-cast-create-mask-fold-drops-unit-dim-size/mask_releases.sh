#!/bin/sh
# The fold in several IREE releases: `sh mask_releases.sh BIN... > mask_releases.txt` (here 3.10, 3.11, 3.12, 3.13),
# each BIN a folder holding that release's iree-opt and iree-compile (e.g. a venv's bin/ with
# iree-base-compiler==3.11.* installed).  Only the compiler runs; no GPU.
# Exit status (verdict.sh): 1 when a given release folds create_mask(1, 0, n) to create_mask(n) (all false to n true),
# 0 when none does, 2 with no release given.
cd "$(dirname "$0")"
. ./verdict.sh
[ $# -gt 0 ] || { echo "usage: sh mask_releases.sh BIN...: no release given, nothing to judge (exit 2)"; exit 2; }
LOG=$(mktemp)
trap 'rm -f "$LOG"' EXIT
{
for bin in "$@"; do
  printf "== %s (LLVM %s)\n" "$("$bin/iree-compile" --version | grep -o "IREE compiler version [^ ]*")" "$("$bin/iree-opt" --version | grep -o "LLVM version [^ ]*" | cut -d" " -f3)"
  for f in mask.mlir mask_trailing.mlir; do
    printf -- '-- iree-opt --canonicalize %s\n' "$f"
    "$bin/iree-opt" --canonicalize "$f" | grep -E "func.func|create_mask|constant_mask|shape_cast" | sed 's/^ *//'
  done
done
# kernel.mlir on CUDA: the masks OptimizeVectorTransferPass leaves for the canonicalizer that follows it
for bin in "$@"; do
  printf '== %s: kernel.mlir, masks after OptimizeVectorTransferPass\n' "$("$bin/iree-compile" --version | grep -o "IREE compiler version [^ ]*")"
  "$bin/iree-compile" kernel.mlir -o /dev/null --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 \
    --mlir-print-ir-after=iree-codegen-optimize-vector-transfer --mlir-disable-threading 2>&1 |
    grep -E "create_mask|constant_mask|shape_cast .*xi1>" | sed 's/^ *//'
done
} | tee "$LOG"
claim "a given release folds the all-false create_mask(1, 0, n) of @lead_zero into create_mask(n)" \
  grep -q 'vector.create_mask %arg0 : vector<8xi1>' "$LOG"
verdict
