#!/bin/sh
# kernel.mlir (3.13's spelling) and kernel_attrdict.mlir (the `{indexing_maps = ...}` spelling of 3.10-3.12)
# compiled by each IREE release's iree-compile for gfx942, CUDA sm_80 and llvm-cpu (O2).
# RELEASES: folder holding one <family>-<version>/bin/iree-compile per release (kernelfuzz's side environments).
# sh releases.sh > releases.txt 2>&1
# Exit status (verdict.sh): 1 when every release crashes in setVectorDistributionConfig on gfx942, 0 otherwise, 2 when
# a release's side environment is missing.
cd "$(dirname "$0")"
. ./verdict.sh
LOG=$(mktemp) || exit 2
trap 'rm -f "$LOG"' EXIT
R=${RELEASES:-${KERNELFUZZ_RELEASES:-${XDG_CACHE_HOME:-$HOME/.cache}/kernelfuzz/releases}}
for v in 3.10 3.11 3.12 3.13; do
  C="$R/iree-$v/bin/iree-compile"
  [ -x "$C" ] || { echo "releases.sh: no $C (kernelfuzz run case.json --releases iree==$v builds it)" >&2; exit 2; }
  echo "== iree $v: $("$C" --version 2>&1 | sed -n 2p | sed 's/^ *//')"
  src=kernel.mlir; [ "$v" = 3.13 ] || src=kernel_attrdict.mlir
  hip=--iree-rocm-target=gfx942; [ "$v" = 3.10 ] && hip=--iree-hip-target=gfx942
  for t in "--iree-hal-target-device=hip $hip" "--iree-hal-target-device=cuda --iree-cuda-target=sm_80" \
           "--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host"; do
    # shellcheck disable=SC2086
    "$C" "$src" -o /dev/null $t --iree-opt-level=O2 > "$LOG" 2>&1
    rc=$?
    what=$(grep -m1 -oE "setVectorDistributionConfig|error: .{0,110}" "$LOG")
    echo "$src ${t#--iree-hal-target-device=}: exit $rc ${what:+($what)}" | sed 's/ --iree-hal-local-target-device-backends=llvm-cpu//'
    case "$t" in *hip*) claim "iree $v, gfx942: crashes in setVectorDistributionConfig" [ "$what" = setVectorDistributionConfig ];; esac
  done
done
verdict
