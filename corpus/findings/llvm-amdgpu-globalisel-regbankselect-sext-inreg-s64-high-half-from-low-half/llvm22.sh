#!/bin/sh
# LLVM alone: repro.ll ((x << 16) >> 16 on a divergent i64) through llc for gfx942 three ways: SelectionDAG (the
# default), GlobalISel (-global-isel: LLVM 22's default GlobalISel pipeline, the old RegBankSelect) and GlobalISel with
# the new register bank passes (-global-isel -new-reg-bank-select, the default upstream since llvm/llvm-project#203928).
# Needs LLVM 22: llc-22 on PATH (Debian/Ubuntu package llvm-22), or LLC=...   sh llvm22.sh > llvm22.txt 2>&1
# srem24.ll (srem i24 x, 7) is a second way in: the division's 48-bit signed product is sign-extended the same way.
# Exit 1 when GlobalISel's high half is the sign extension of the LOW dword (v_bfe_i32 vH, vLO, 0, 16) while
# SelectionDAG shifts the 64-bit pair and the new register bank passes extend the high dword; 0 when GlobalISel
# extends the high dword (a fixed llc, or one whose -global-isel already runs the new passes); 2 without llc.
cd "$(dirname "$0")"
. ./verdict.sh
LLC="${LLC:-llc-22}"
need "$LLC"
"$LLC" --version | grep -i "llvm version"
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
L="$LLC -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -asm-verbose=0"
$L repro.ll -o "$T/sdag.s" || exit 3
$L -global-isel -global-isel-abort=1 repro.ll -o "$T/gisel.s" || exit 3
$L -global-isel -global-isel-abort=1 srem24.ll -o "$T/srem24-gisel.s" || exit 3
NEW=yes
$L -global-isel -global-isel-abort=1 -new-reg-bank-select repro.ll -o "$T/gisel-new.s" 2> "$T/new.err" || NEW=no
for b in sdag gisel gisel-new; do
  [ -f "$T/$b.s" ] || continue
  echo "== llc -mcpu=gfx942 ($b): from the load to the store"
  sed -n '/global_load_dwordx2/,/global_store_dwordx2/p' "$T/$b.s" | grep -v s_waitcnt | sed 's/^[[:space:]]*/  /'
done
lo() { sed -n 's/.*global_load_dwordx2 v\[\([0-9]*\):[0-9]*\].*/\1/p' "$1" | head -1; }
hi() { sed -n 's/.*global_load_dwordx2 v\[[0-9]*:\([0-9]*\)\].*/\1/p' "$1" | head -1; }
bfe_src() { sed -n 's/.*v_bfe_i32 v[0-9]*, v\([0-9]*\), 0, 16.*/\1/p' "$1" | head -1; }
G="$T/gisel.s"
echo "GlobalISel: loaded x into v[$(lo "$G"):$(hi "$G")], v_bfe_i32 reads v$(bfe_src "$G")"
claim "SelectionDAG: a 64-bit shift pair (v_lshlrev_b64 16, v_ashrrev_i64 16)" \
  sh -c "grep -q 'v_lshlrev_b64 .*16' '$T/sdag.s' && grep -q 'v_ashrrev_i64 .*16' '$T/sdag.s'"
claim "GlobalISel: the result's high dword is v_bfe_i32 (sign-extend 16 bits) of the LOADED LOW dword" \
  sh -c "[ -n '$(bfe_src "$G")' ] && [ '$(bfe_src "$G")' = '$(lo "$G")' ]"
S="$T/srem24-gisel.s"
echo "== srem24.ll (srem i24 x, 7), llc -mcpu=gfx942 -global-isel: the 48-bit product and its sign extension"
grep -E "v_mad_u64_u32|v_bfe_i32 .*, 0, 16" "$S" | sed 's/^[[:space:]]*/  /'
PLO=$(sed -n 's/.*v_mad_u64_u32 v\[\([0-9]*\):\([0-9]*\)\].*/\1/p' "$S" | head -1)
PHI=$(sed -n 's/.*v_mad_u64_u32 v\[\([0-9]*\):\([0-9]*\)\].*/\2/p' "$S" | head -1)
claim "GlobalISel, srem24.ll: the product's high dword is v_bfe_i32 of its low dword (v_bfe_i32 v$PHI, v$PLO, 0, 16)" \
  grep -q "v_bfe_i32 v$PHI, v$PLO, 0, 16" "$S"
if [ "$NEW" = yes ]; then
  N="$T/gisel-new.s"
  claim "GlobalISel with -new-reg-bank-select: v_bfe_i32 of the loaded HIGH dword (right)" \
    sh -c "[ -n '$(bfe_src "$N")' ] && [ '$(bfe_src "$N")' = '$(hi "$N")' ]"
else
  echo "  (this llc has no -new-reg-bank-select: $(head -1 "$T/new.err"))"
fi
verdict
