#!/bin/sh
# What the inverted division does to a fully masked row, with and without iree-org/iree#24178's clamp
# (max(sum, 1) before the division; merged 2026-05-07, reverted by #24413 the next day, reopened as #24447).
# 1. iree-opt decomposes masked.mlir with the configuration's pass: is the row sum clamped (a maximumf on it)?
# 2. Each variant compiled for llvm-cpu and run on inputs/ (row 0 fully masked, row 1 right answer 1):
#    masked.mlir with the configuration's preprocessing flag; masked_clamped.mlir (the pass's output with #24178's
#    clamp, the inverted division kept); masked_clamped_rightorder.mlir (the clamp and P / sum: the intended result).
# Exit status: 1 when the bug is shown (the decomposed row 1 is 4, not 1, and with #24178's clamp row 0 is inf,
# not 0); 0 when not; 2 when a tool is missing or a compile or run fails; 3 on this script's own error.
cd "$(dirname "$0")" || exit 3
for tool in iree-opt iree-compile iree-run-module; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "masked_row.sh: $tool is not on PATH: pip install iree-base-compiler iree-base-runtime" >&2; exit 2; }
done
T=$(mktemp -d) || exit 3
trap 'rm -rf "$T"' EXIT
PASS='iree-linalg-ext-decompose-aggregated-ops{filter-ops=iree_linalg_ext.attention}'
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=generic"
iree-compile --version | grep "compiler version"

echo "== 1. the pass on masked.mlir: the normalization and any clamp of the row sum"
iree-opt masked.mlir --pass-pipeline="builtin.module(func.func($PASS))" > "$T/dec.mlir" || exit 2
grep -E "arith.divf|arith.maximumf" "$T/dec.mlir"
echo "(one maximumf is the row max; a second one on the sum would be #24178's clamp)"

run() {  # run NAME FILE [FLAG]: compile FILE, run it on inputs/, print its result line
  # shellcheck disable=SC2086
  iree-compile "$2" -o "$T/$1.vmfb" $CPU ${3:+"$3"} || exit 2
  iree-run-module --module="$T/$1.vmfb" --device=local-task --function=main --input=@inputs/q.npy \
    --input=@inputs/k.npy --input=@inputs/v.npy --input=@inputs/m.npy > "$T/$1.out" || exit 2
  printf '%s: %s\n' "$1" "$(grep "1x2x1xf32=" "$T/$1.out")"
}
echo "== 2. results, [[row 0 (fully masked)][row 1 (right: 1)]]"
run decomposed masked.mlir "--iree-preprocessing-pass-pipeline=builtin.module(util.func($PASS))"
run clamped-inverted masked_clamped.mlir
run clamped-right-order masked_clamped_rightorder.mlir
grep -q "\[4\]\]" "$T/decomposed.out" && grep -q "=\[\[INF\]\[4\]\]" "$T/clamped-inverted.out" && exit 1
exit 0
