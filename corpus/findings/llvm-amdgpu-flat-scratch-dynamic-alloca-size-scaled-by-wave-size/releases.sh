#!/bin/sh
# kernel.mlir compiled for gfx942 (iree:gfx942-O2's flags) by each IREE release's iree-compile from kernelfuzz's side
# environments: its allocas, stack-pointer bumps and where the last alloca starts in each lane.
# RELEASES: folder holding one iree-<version>/bin/iree-compile per release. sh releases.sh > releases.txt 2>&1
# Exit status (verdict.sh): 1 when 3.8 and 3.9 place an alloca past the HIP runtime's 1 KiB default stack and the
# other releases do not, 0 otherwise, 2 when a release's side environment is missing.
cd "$(dirname "$0")"
. ./verdict.sh
. ./stack.sh
W=$(mktemp -d) || exit 2
trap 'rm -rf "$W"' EXIT
R=${RELEASES:-${KERNELFUZZ_RELEASES:-${XDG_CACHE_HOME:-$HOME/.cache}/kernelfuzz/releases}}
for v in 3.7 3.8 3.9 3.10 3.11 3.12 3.13; do
  [ -x "$R/iree-$v/bin/iree-compile" ] || unable "no iree-$v side environment (kernelfuzz run case.json --releases iree==$v builds it)"
done
for v in 3.7 3.8 3.9 3.10 3.11 3.12 3.13; do
  C="$R/iree-$v/bin/iree-compile"
  case $v in 3.7|3.8|3.9|3.10|3.11) target=--iree-hip-target=gfx942 ;; *) target=--iree-rocm-target=gfx942 ;; esac
  echo "== iree $v: $("$C" --version 2>&1 | sed -n 2p | sed 's/^ *//')"
  "$C" kernel.mlir -o "$W/k.vmfb" --iree-hal-target-device=hip "$target" --iree-opt-level=O2 \
    --iree-hal-dump-executable-intermediates-to="$W/$v" > "$W/log" 2>&1
  echo "  iree-compile exit $?"
  stack "$W/$v"
  if [ -z "$BUMPS" ]; then what="no dynamic alloca"; elif scaled && overflows; then what="scaled bumps, past 1 KiB"
  elif scaled; then what="scaled bump, within 1 KiB (latent)"; else what="unscaled bumps"; fi
  echo "  => $what"
  case $v in
    3.8|3.9) claim "iree $v: an alloca starts past the 1 KiB default stack" overflows ;;
    *) claim "iree $v: no alloca past the 1 KiB default stack" [ "$what" != "scaled bumps, past 1 KiB" ] ;;
  esac
done
verdict
