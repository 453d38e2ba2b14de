#!/bin/sh
# kernel.mlir (an i8 NHWC conv whose output height is 1) compiled for gfx942 (iree:gfx942-O2's flags: implicit GEMM on)
# by IREE 3.7 to 3.13 from kernelfuzz's side environments, printing the IR after iree-linalg-ext-decompose-im2col:
# the im2col has two K input positions (k_pos = [1, 3]: the image's height, folded into K because the output height
# is 1, and its channel), and its decomposition reads the image at [n, kh, ow + kw, C].  Before the fix (3.7-3.10)
# C is the constant 0 (only the first k_pos gets its offset); in 3.11 it is the delinearized channel; 3.12 and 3.13
# lower this conv without such an im2col (no claim).
# RELEASES: folder holding one iree-<version>/bin/iree-compile per release. sh evidence.sh > evidence.txt 2>&1
# Exit status (verdict.sh): 1 when 3.7-3.10 read channel 0 and 3.11 the K index's channel, 0 otherwise, 2 when a
# release's side environment is missing.
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
    --mlir-print-ir-before=iree-linalg-ext-decompose-im2col --mlir-print-ir-after=iree-linalg-ext-decompose-im2col \
    > "$W/log" 2>&1
  echo "  iree-compile exit $?"
  IM2COL=$(grep -m1 -o "iree_linalg_ext.im2col [^(]*" "$W/log")
  echo "  before: ${IM2COL:-no iree_linalg_ext.im2col reaches the pass}"
  # the decomposition's read of one image element: tensor.extract_slice %image[n, h, w, c] [1, 1, 1, 1]
  SLICE=$(grep -m1 -E "tensor.extract_slice .* : tensor<1x3x6x4xi8> to tensor<1x1x1xi8>" "$W/log" | sed 's/^ *//')
  [ -n "$SLICE" ] && echo "  after:  $SLICE"
  K=$(echo "$SLICE" | grep -oE "\[[^],]*, %[0-9]+#0," | grep -oE "%[0-9]+")
  [ -n "$K" ] && grep -m1 -E "^ *$K:3 = affine.delinearize_index" "$W/log" | sed 's/^ */  after:  /'
  OFFSETS=$(echo "$SLICE" | grep -oE "\[[^]]*\] \[1, 1, 1, 1\]" | head -n1 | cut -d']' -f1)
  [ -n "$SLICE" ] && echo "  image offsets [n, h, w, c]: $OFFSETS] (K index $K:3 = (kh, kw, c))"
  case $v in
    3.7|3.8|3.9|3.10) claim "iree $v: k_pos = [1, 3], and the image's channel offset is the constant 0, not $K#2" \
                        sh -c "echo '$IM2COL' | grep -q 'k_pos = \[1, 3\]' && echo '$OFFSETS' | grep -qE ', 0$'" ;;
    3.11) claim "iree $v: k_pos = [1, 3], and the image's channel offset is the K index's channel $K#2" \
            sh -c "echo '$IM2COL' | grep -q 'k_pos = \[1, 3\]' && echo '$OFFSETS' | grep -qE ', $K#2$'" ;;
    *) echo "  (no claim: this release's pipeline builds no im2col with two K positions for this conv)" ;;
  esac
done
verdict
