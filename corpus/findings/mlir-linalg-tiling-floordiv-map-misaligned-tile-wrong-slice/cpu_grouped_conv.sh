#!/bin/sh
# grouped_conv_cpu.mlir (the release sweep's case #95 grouped conv alone, every dim static: NCHW f16, 12 input and 42
# output channels in 6 groups, so the image is read at channel (d1 floordiv 7) * 2 + d4) compiled for llvm-cpu with
# iree:cpu-O2's flags by IREE 3.7 to 3.13 from kernelfuzz's side environments, printing the IR after
# iree-codegen-tile-and-distribute-to-workgroups-using-forall-op: the output channels are distributed by 3, which
# the floordiv's step 7 does not divide.  3.7-3.11 tile it anyway: the image slice starts at (iv floordiv 7) * 2 and
# the tiled op keeps (d0 floordiv 7) * 2 on the tile's own index, so the tile at iv = 6 (channels 6, 7, 8) reads group
# 0's image channels for channels 7 and 8 of group 1.  3.12 and 3.13 refuse the tiling (llvm/llvm-project#212240's
# guard: "tile size 3 for dimension d0 must divide or be divisible by the step 7").
# RELEASES: folder holding one iree-<version>/bin/iree-compile per release. sh cpu_grouped_conv.sh > cpu_grouped_conv.txt 2>&1
# Exit status (verdict.sh): 1 when 3.7-3.11 distribute by 3 keeping the floordiv map and 3.12-3.13 refuse it, 0
# otherwise, 2 when a release's side environment is missing.
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
  echo "== iree $v: $("$C" --version 2>&1 | sed -n 2p | sed 's/^ *//')"
  "$C" grouped_conv_cpu.mlir -o "$W/k.vmfb" --iree-hal-target-device=local \
    --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 \
    --iree-dispatch-creation-enable-aggressive-fusion=true --mlir-disable-threading \
    --mlir-print-ir-after=iree-codegen-tile-and-distribute-to-workgroups-using-forall-op > "$W/log" 2>&1
  echo "  iree-compile exit $?"
  # the first dump that holds the distribution loop: the loop, the image slice's start and size, the tiled op's map
  LOOP=$(grep -m1 -E "scf.forall \(%arg[0-9]+\) = \(0\) to \(42\) step \(3\)" "$W/log" | sed 's/^ *//')
  START=$(grep -m1 -E "affine.apply affine_map<\(d0\) -> \(\(d0 floordiv 7\) \* 2\)>" "$W/log" | sed 's/^ *//')
  SLICE=$(grep -m1 -oE "tensor.extract_slice .* : tensor<12x25x8xf16> to tensor<2x25x8xf16>" "$W/log")
  TILED=$(grep -m1 -E "linalg.generic .*ins\(%extracted_slice, %extracted_slice_0 : tensor<2x25x8xf16>" "$W/log" |
    grep -oE "indexing_maps = \[affine_map<\(d0, d1, d2, d3, d4, d5\) -> \([^>]*\)>" | sed 's/indexing_maps = \[//')
  REFUSED=$(grep -m1 -oE "tiling is not supported for the semi-affine indexing map: .*step 7" "$W/log")
  for line in "$LOOP" "$START" "$SLICE" "${TILED:+the tiled op reads the slice by $TILED}" "$REFUSED"; do
    [ -n "$line" ] && echo "  $line"
  done
  case $v in
    3.12|3.13) claim "iree $v: the tiling is refused (llvm/llvm-project#212240's guard)" [ -n "$REFUSED" ] ;;
    *) claim "iree $v: output channels distributed by 3, the image slice 2 channels at (iv floordiv 7) * 2, the tiled op keeping d0 floordiv 7" \
         sh -c "[ -n '$LOOP' ] && [ -n '$START' ] && [ -n '$SLICE' ] && echo '$TILED' | grep -q 'd0 floordiv 7'" ;;
  esac
done
verdict
