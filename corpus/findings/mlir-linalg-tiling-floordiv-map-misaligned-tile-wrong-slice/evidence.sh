#!/bin/sh
# kernel.mlir (an f16 reduction reading in0 at (d0 floordiv 4, d1 floordiv 3), d1 the 8-long reduction) compiled for
# gfx942 (iree:gfx942-O2's flags) by IREE 3.7 to 3.13 from kernelfuzz's side environments, printing the IR after
# iree-codegen-gpu-apply-tiling-level: the reduction d1 is tiled by 4, which the floordiv's step 3 does not divide.
# 3.7-3.11 tile it anyway: the slice of in0 starts at iv floordiv 3 and the tiled op keeps d1 floordiv 3 on the
# tile's own index, so at iv = 4 it reads in0[1, 1, 1, 2] where in0[(4 + j) floordiv 3] is in0[1, 1, 2, 2].  From 3.12
# the guard of llvm/llvm-project#212240 refuses that tiling ("tile size 4 ... must divide or be divisible by the step 3").
# RELEASES: folder holding one iree-<version>/bin/iree-compile per release. sh evidence.sh > evidence.txt 2>&1
# Exit status (verdict.sh): 1 when 3.7-3.11 tile d1 by 4 keeping the floordiv map and 3.12-3.13 refuse it, 0 otherwise,
# 2 when a release's side environment is missing.
cd "$(dirname "$0")"
. ./verdict.sh
W=$(mktemp -d) || exit 2
trap 'rm -rf "$W"' EXIT
R=${RELEASES:-${KERNELFUZZ_RELEASES:-${XDG_CACHE_HOME:-$HOME/.cache}/kernelfuzz/releases}}
for v in 3.7 3.8 3.9 3.10 3.11 3.12 3.13; do
  [ -x "$R/iree-$v/bin/iree-compile" ] || unable "no iree-$v side environment (kernelfuzz run case.json --releases iree==$v builds it)"
done
for v in 3.7 3.8 3.9 3.10 3.11 3.12 3.13; do
  C="$R/iree-$v/bin/iree-compile"
  case $v in 3.7|3.8|3.9|3.10) target=--iree-hip-target=gfx942 ;; *) target=--iree-rocm-target=gfx942 ;; esac
  echo "== iree $v: $("$C" --version 2>&1 | sed -n 2p | sed 's/^ *//')"
  "$C" kernel.mlir -o "$W/k.vmfb" --iree-hal-target-device=hip "$target" --iree-opt-level=O2 --mlir-disable-threading \
    --mlir-print-ir-after=iree-codegen-gpu-apply-tiling-level > "$W/log" 2>&1
  echo "  iree-compile exit $?"
  # the first dump that holds the reduction loop: the loop, the slice of in0 and the tiled op's map
  LOOP=$(grep -m1 -E "scf.for %arg[0-9]+ = %c0 to %c8 step %c4" "$W/log" | sed 's/^ *//')
  START=$(grep -m1 -E "affine.apply affine_map<\(d0\) -> \(d0 floordiv 3\)>" "$W/log" | sed 's/^ *//')
  SLICE=$(grep -m1 -E "tensor.extract_slice .* : tensor<1x3xf32> to tensor<1x2xf32>" "$W/log" | sed 's/^ *//')
  TILED=$(grep -m1 -E "linalg.generic .*ins\(%extracted_slice, %extracted_slice_0 : tensor<1x2xf32>, tensor<3x4xf32>\)" \
    "$W/log" | grep -oE "indexing_maps = \[affine_map<\(d0, d1\) -> \([^)]*\)>" | sed 's/indexing_maps = \[//')
  REFUSED=$(grep -m1 -oE "tiling is not supported for the semi-affine indexing map: .*step 3" "$W/log")
  for line in "$LOOP" "$START" "$SLICE" "${TILED:+the tiled op reads the slice by $TILED}" "$REFUSED"; do
    [ -n "$line" ] && echo "  $line"
  done
  case $v in
    3.12|3.13) claim "iree $v: the tiling is refused (llvm/llvm-project#212240's guard)" [ -n "$REFUSED" ] ;;
    *) claim "iree $v: d1 tiled by 4, in0's slice starting at iv floordiv 3, the tiled op keeping d1 floordiv 3" \
         sh -c "[ -n '$LOOP' ] && [ -n '$START' ] && [ -n '$SLICE' ] && echo '$TILED' | grep -q 'd1 floordiv 3'" ;;
  esac
done
verdict
