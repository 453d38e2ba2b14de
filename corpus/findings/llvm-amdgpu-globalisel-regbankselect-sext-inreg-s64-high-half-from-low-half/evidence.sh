#!/bin/sh
# IREE releases from kernelfuzz's side environments (~/.cache/kernelfuzz/releases/iree-3.*, made by `kernelfuzz
# replay --releases`, or RELEASES=...): shift.mlir ((x << 16) >> 16 on i64) compiled for gfx942 with
# --iree-rocm-llvm-global-isel (the configuration iree:gfx942-O2-global-isel), and the sign extensions of its
# assembly printed.  IREE's kernel keeps each i64 in a register pair v[2k:2k+1] and rewrites its high dword in place:
# `v_bfe_i32 v1, v1, 0, 16` is right, `v_bfe_i32 v1, v0, 0, 16` (the high dword from the low one) is the bug.
# Exit 1 when IREE 3.11 shows the bug and 3.13 does not, 0 when 3.11 does not show it, 2 without those releases.
cd "$(dirname "$0")"
. ./verdict.sh
R="${RELEASES:-$HOME/.cache/kernelfuzz/releases}"
[ -x "$R/iree-3.11/bin/iree-compile" ] && [ -x "$R/iree-3.13/bin/iree-compile" ] || unable "no IREE 3.11 and 3.13 side environments under $R"
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
for v in 3.7 3.8 3.9 3.10 3.11 3.12 3.13; do
  C="$R/iree-$v/bin/iree-compile"
  [ -x "$C" ] || { echo "== iree $v: no side environment"; continue; }
  echo "== iree $v ($("$C" --version | sed -n 's/.*compiler version \([^ ]*\).*/\1/p'), $("$C" --version | grep -o 'LLVM version.*'))"
  case $v in 3.7|3.8|3.9|3.10) P=hip ;; *) P=rocm ;; esac  # 3.10 and older spell the flags --iree-hip-*
  "$C" shift.mlir --iree-hal-target-device=hip --iree-$P-target=gfx942 --iree-opt-level=O2 \
    --iree-$P-llvm-global-isel --iree-hal-dump-executable-intermediates-to="$T/$v" -o /dev/null 2> "$T/$v.err" \
    || { echo "  compile failed: $(head -1 "$T/$v.err")"; continue; }
  grep -hE '^[[:space:]]+(v_bfe_i32|v_ashrrev_i64|v_lshlrev_b64)' "$T/$v"/*.rocmasm | sed 's/^[[:space:]]*/  /' | tee "$T/$v.bfe"
  wrong=$(sed -n 's/.*v_bfe_i32 v\([0-9]*\), v\([0-9]*\), 0, 16.*/\1 \2/p' "$T/$v.bfe" | awk '$2 != $1 {n++} END {print n+0}')
  echo "  high dwords sign-extended from another register: $wrong" | tee "$T/$v.n"
done
n() { sed -n 's/.*: //p' "$T/$1.n" 2>/dev/null; }
claim "IREE 3.11: every high dword sign-extended from the pair's low dword (v_bfe_i32 v2k+1, v2k)" \
  sh -c "[ '$(n 3.11)' -gt 0 ] 2>/dev/null && ! grep -q 'v_bfe_i32 v\([0-9]*\), v\1,' '$T/3.11.bfe'"
claim "IREE 3.13: each high dword sign-extended in place (right)" sh -c "[ '$(n 3.13)' = 0 ] && grep -q v_bfe_i32 '$T/3.13.bfe'"
verdict
