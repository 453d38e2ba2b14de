#!/bin/sh
# LLVM alone: repro.ll (two 8-byte private arrays allocated after the entry block, as IREE 3.8's kernel has them)
# through llc for gfx942 (architected flat scratch) and, for contrast, gfx90a with and without flat scratch.
# Needs LLVM 22: llc-22 on PATH (Debian/Ubuntu package llvm-22), or LLC=...   sh llvm22.sh > llvm22.txt 2>&1
# Exit 1 when gfx942's bumps are 64 x the 16 bytes per lane (0x400) and the second array starts at byte 1040, 0 when
# not (an LLVM with llvm/llvm-project#201142), 2 without llc.
cd "$(dirname "$0")"
. ./verdict.sh
LLC="${LLC:-llc-22}"
need "$LLC"
"$LLC" --version | grep -i "llvm version"
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
for m in "gfx942" "gfx90a +enable-flat-scratch" "gfx90a -enable-flat-scratch"; do
  set -- $m
  echo "== llc -mcpu=$1 ${2:+-mattr=$2}"
  "$LLC" -mtriple=amdgcn-amd-amdhsa -mcpu="$1" ${2:+-mattr=$2} -O2 repro.ll -o "$T/$1$2.s" || exit 3
  grep -E "s_movk?_[bi]32 s32|s_add_i32 s32|s_mov_b32 s[0-9]+, s32|(scratch|buffer)_store_short|private_segment_fixed_size|amdhsa_uses_dynamic_stack" "$T/$1$2.s" \
    | sed 's/^[[:space:]]*/  /'
done
A="$T/gfx942.s"
claim "gfx942: both allocas move s32 by 0x400 (64 x 16 bytes)" [ "$(grep -c 's_add_i32 s32, s[0-9]*, 0x400$' "$A")" = 2 ]
claim "gfx942: s32 starts at 16, so the second array starts at byte 16 + 0x400 = 1040 of its lane" \
  grep -q "s_mov_b32 s32, 16$" "$A"
claim "gfx942: the stores address the arrays through s32's values (flat scratch: per-lane bytes)" \
  grep -q "scratch_store_short off, v[0-9]*, s[0-9]*" "$A"
M="$T/gfx90a-enable-flat-scratch.s"
claim "gfx90a without flat scratch (MUBUF): s32 counts wave bytes, starting at 0x400 (16 x 64)" grep -q "s_movk_i32 s32, 0x400$" "$M"
claim "gfx90a without flat scratch: the same 0x400 bumps, right there (16 bytes of each of 64 lanes)" \
  [ "$(grep -c 's_add_i32 s32, s[0-9]*, 0x400$' "$M")" = 2 ]
verdict
