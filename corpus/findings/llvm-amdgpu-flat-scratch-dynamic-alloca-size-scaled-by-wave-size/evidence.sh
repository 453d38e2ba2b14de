#!/bin/sh
# kernel.mlir (the campaign case seed990232397) compiled for gfx942 by IREE 3.8 and 3.9 (kernelfuzz's side
# environments) under the three configurations that fault in the simulator, with the executable's LLVM IR and
# assembly dumped: each alloca the LLVM IR places after the entry block (a dynamic alloca to the backend) moves the
# stack pointer s32 by 64 times its size, though under flat scratch s32 counts bytes of one lane.
# RELEASES: folder holding one iree-<version>/bin/iree-compile per release. sh evidence.sh > evidence.txt 2>&1
# Exit status (verdict.sh): 1 when every compile shows the wave-size-scaled bumps and a second alloca starting past
# the HIP runtime's 1 KiB default stack, 0 otherwise, 2 when a release's side environment is missing.
cd "$(dirname "$0")"
. ./verdict.sh
. ./stack.sh
W=$(mktemp -d) || exit 2
trap 'rm -rf "$W"' EXIT
R=${RELEASES:-${KERNELFUZZ_RELEASES:-${XDG_CACHE_HOME:-$HOME/.cache}/kernelfuzz/releases}}
for v in 3.8 3.9; do
  C="$R/iree-$v/bin/iree-compile"
  [ -x "$C" ] || unable "no iree-$v side environment (kernelfuzz run case.json --releases iree==$v builds it)"
done
for v in 3.8 3.9; do
  C="$R/iree-$v/bin/iree-compile"
  echo "== iree $v: $("$C" --version 2>&1 | sed -n 2p | sed 's/^ *//')"
  for cfg in O2 no-fusion no-vecdist; do
    case $cfg in
      O2) extra= ;;
      no-fusion) extra=--iree-dispatch-creation-enable-aggressive-fusion=false ;;
      no-vecdist) extra="--iree-codegen-llvmgpu-use-vector-distribution=false --iree-codegen-llvmgpu-use-reduction-vector-distribution=false" ;;
    esac
    D="$W/$v-$cfg"
    # shellcheck disable=SC2086
    "$C" kernel.mlir -o "$W/k.vmfb" --iree-hal-target-device=hip --iree-hip-target=gfx942 --iree-opt-level=O2 $extra \
      --iree-hal-dump-executable-intermediates-to="$D" > "$W/log" 2>&1
    echo "-- iree:gfx942-$cfg: iree-compile exit $?"
    stack "$D"
    claim "iree $v gfx942-$cfg: each s32 bump is 64 x its alloca's size (wave-size scaled)" scaled
    claim "iree $v gfx942-$cfg: the last alloca starts at byte $LAST >= 1024 of its lane" overflows
  done
  if [ "$v" = 3.8 ]; then
    echo "-- iree 3.8 gfx942-O2: the code between the two bumps and the stores into the second array"
    grep -nE "s_mov_b32 s1[0-9], s32|s_add_i32 s32|scratch_(store|load)" "$W/3.8-O2"/*.rocmasm | sed 's/[[:space:]]\+/ /g'
    grep -E "amdhsa_private_segment_fixed_size|amdhsa_uses_dynamic_stack|uses_dynamic_stack:" "$W/3.8-O2"/*.rocmasm \
      | sed 's/^[[:space:]]*/  /'
  fi
done
verdict
