#!/bin/sh
# The zero-point subi before and after iree-codegen-convolution-to-igemm in each given release's iree-compile.
# usage: sh releases_ir.sh IREE_COMPILE... > releases-ir.txt   (here: ~/.cache/kernelfuzz/releases/iree-3.10/bin/iree-compile ~/.cache/kernelfuzz/releases/iree-3.11/...
#        ~/.cache/kernelfuzz/releases/iree-3.12/... and 3.13's; 3.10 spells the target --iree-hip-target, the later ones --iree-rocm-target)
# Exit status (verdict.sh): 1 when a given release's pass drops the zero-point subtractions, 0 when none does, 2
# with no compiler given.
D=$(cd "$(dirname "$0")" && pwd)
. "$D/verdict.sh"
[ $# -gt 0 ] || { echo "usage: sh releases_ir.sh IREE_COMPILE...: no compiler given, nothing to judge (exit 2)"; exit 2; }
need "$@"
LOG=$(mktemp)
trap 'rm -f "$LOG"' EXIT
for c in "$@"; do
  t=--iree-rocm-target=gfx942
  $c --help 2>/dev/null | grep -q -- "--iree-rocm-target=" || t=--iree-hip-target=gfx942
  echo "== $($c --version 2>&1 | grep -o 'IREE compiler version [^ ]*') $t"
  $c "$D/kernel.mlir" --iree-hal-target-device=hip $t --iree-opt-level=O2 --compile-to=executable-targets \
    --mlir-disable-threading --mlir-print-ir-before=iree-codegen-convolution-to-igemm \
    --mlir-print-ir-after=iree-codegen-convolution-to-igemm -o /dev/null 2>&1 \
    | awk '/IR Dump (Before|After)/{if(h)print h": subi by a zero point="n; h=$0; n=0} /arith.subi .*%c(-4|7)_i32/{n++} END{if(h)print h": subi by a zero point="n}' \
    | sed 's|// -----// ||; s| //----- //||' | tee -a "$LOG"
done
claim "ConvolutionToIGEMMPass takes the zero-point subtractions from 2 to 0 in a given release" \
  eval "grep -q 'Before ConvolutionToIGEMMPass.*zero point=[1-9]' '$LOG' && grep -q 'After ConvolutionToIGEMMPass.*zero point=0' '$LOG'"
verdict
