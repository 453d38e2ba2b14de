#!/bin/sh
# LLVM alone: repro.ll (((a + b) << 16) >> 16 on uniform i64 kernel arguments) through llc for gfx942 three ways:
# SelectionDAG (the default), GlobalISel (-global-isel: LLVM 22's default GlobalISel pipeline, the old RegBankSelect)
# and GlobalISel with the new register bank passes (-global-isel -new-reg-bank-select: upstream's default since
# llvm/llvm-project#203928, IREE 3.12+'s); the MIR around instruction-select; and uniload.ll (the kernelfuzz case's
# shape: a uniform i64 from a vector-memory load) with the new passes.
# Needs LLVM 22: llc-22 on PATH (Debian/Ubuntu package llvm-22), or LLC=...   sh llvm22.sh > llvm22.txt 2>&1
# Exit 1 when GlobalISel's S_BFE_I64 reads a register pair whose high dword is IMPLICIT_DEF (in the assembly: the
# sum's high dword is never computed; the uniform load's high dword is never read into an SGPR) while SelectionDAG
# computes it; 0 when GlobalISel keeps the high dword (a fixed llc); 2 without llc.
cd "$(dirname "$0")"
. ./verdict.sh
LLC="${LLC:-llc-22}"
need "$LLC"
"$LLC" --version | grep -i "llvm version"
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
L="$LLC -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -asm-verbose=0"
G="-global-isel -global-isel-abort=1"
$L repro.ll -o "$T/sdag.s" || exit 3
$L $G repro.ll -o "$T/gisel.s" || exit 3
$L $G -new-reg-bank-select repro.ll -o "$T/gisel-new.s" || exit 3
$L $G -stop-after=regbankselect repro.ll -o "$T/old-rbs.mir" || exit 3
$L $G -new-reg-bank-select -stop-after=amdgpu-regbanklegalize repro.ll -o "$T/new-rbl.mir" || exit 3
$L $G -stop-after=instruction-select repro.ll -o "$T/old-isel.mir" || exit 3
$L $G -new-reg-bank-select -stop-after=instruction-select repro.ll -o "$T/new-isel.mir" || exit 3
$L $G -stop-after=instruction-select srem24.ll -o "$T/srem-isel.mir" || exit 3
$L $G srem24.ll -o "$T/srem-gisel.s" || exit 3
$L uniload.ll -o "$T/uni-sdag.s" || exit 3
$L $G -new-reg-bank-select uniload.ll -o "$T/uni-new.s" || exit 3
for b in sdag gisel gisel-new; do
  echo "== repro.ll, llc -mcpu=gfx942 ($b): from the sum to the store"
  sed -n '/s_add_u32/,/global_store_dwordx2/p' "$T/$b.s" | grep -v s_waitcnt | sed 's/^[[:space:]]*/  /'
done
for m in "old-rbs regbankselect" "new-rbl amdgpu-regbanklegalize" "old-isel instruction-select" \
  "new-isel instruction-select (-new-reg-bank-select)"; do
  echo "== repro.ll, MIR after ${m#* }: the sum and its sign extension"
  m=${m%% *}
  grep -E "G_UADD|G_MERGE_VALUES|G_SEXT_INREG|S_ADD|IMPLICIT_DEF|REG_SEQUENCE|S_BFE_I64" "$T/$m.mir" | sed 's/^[[:space:]]*/  /'
done
for b in uni-sdag uni-new; do
  echo "== uniload.ll, llc -mcpu=gfx942 ($b): from the load to the store"
  sed -n '/global_load_dwordx2/,/global_store_dwordx2/p' "$T/$b.s" | grep -v s_waitcnt | sed 's/^[[:space:]]*/  /'
done
echo "== srem24.ll, llc -mcpu=gfx942 -global-isel: the 48-bit product (S_MUL_HI_U32 in the MIR) and its sign extension"
grep -E "S_MUL_HI_U32|S_BFE_I64" "$T/srem-isel.mir" | sed 's/^[[:space:]]*/  /'
grep -E "s_mul|s_bfe_i64" "$T/srem-gisel.s" | sed 's/^[[:space:]]*/  /'
# The selector's S_BFE_I64 of width 48 (3145728 = 48 << 16) reads REG_SEQUENCE <x>.sub0, sub0, <IMPLICIT_DEF>, sub1.
undef_hi() {
  for U in $(sed -n 's/^ *\(%[0-9]*\):sreg_32 = IMPLICIT_DEF.*/\1/p' "$1"); do
    for E in $(sed -n "s/^ *\(%[0-9]*\):sreg_64 = REG_SEQUENCE %[0-9]*\.sub0, %subreg\.sub0, $U, %subreg\.sub1.*/\1/p" "$1"); do
      grep -q "S_BFE_I64 $E, 3145728" "$1" && return 0
    done
  done
  return 1
}
claim "SelectionDAG: the sum's high dword is computed (s_addc_u32) and shifted as a pair (s_ashr_i64 16)" \
  sh -c "grep -q s_addc_u32 '$T/sdag.s' && grep -q 's_ashr_i64 .*16' '$T/sdag.s'"
claim "before instruction-select (old regbankselect and new amdgpu-regbanklegalize): G_SEXT_INREG 48 of the whole sum (G_UADDE's high dword merged in): right" \
  sh -c "for m in old-rbs new-rbl; do grep -q 'G_UADDE' \"$T/\$m.mir\" && grep -q 'G_SEXT_INREG %[0-9]*, 48' \"$T/\$m.mir\" || exit 1; done"
claim "after instruction-select, old pipeline: S_BFE_I64 of REG_SEQUENCE <sum>.sub0, <an IMPLICIT_DEF> as sub1" \
  undef_hi "$T/old-isel.mir"
claim "after instruction-select, new pipeline (-new-reg-bank-select): the same" undef_hi "$T/new-isel.mir"
claim "GlobalISel (-global-isel): s_bfe_i64 0x300000 and no s_addc_u32: the sum's high dword is never computed" \
  sh -c "grep -q 's_bfe_i64 .*0x300000' '$T/gisel.s' && ! grep -q s_addc_u32 '$T/gisel.s'"
claim "GlobalISel (-new-reg-bank-select): the same" \
  sh -c "grep -q 's_bfe_i64 .*0x300000' '$T/gisel-new.s' && ! grep -q s_addc_u32 '$T/gisel-new.s'"
claim "srem24.ll, -global-isel, after instruction-select: the 48-bit product's S_BFE_I64 has an IMPLICIT_DEF high dword" \
  undef_hi "$T/srem-isel.mir"
claim "srem24.ll, -global-isel: no s_mul_hi in the assembly (the product's high dword is never computed)" \
  sh -c "! grep -q s_mul_hi '$T/srem-gisel.s'"
claim "uniload.ll, SelectionDAG: a 64-bit shift pair on the loaded VGPRs (v_lshlrev_b64 16, v_ashrrev_i64 16)" \
  sh -c "grep -q 'v_lshlrev_b64 .*16' '$T/uni-sdag.s' && grep -q 'v_ashrrev_i64 .*16' '$T/uni-sdag.s'"
LO=$(sed -n 's/.*global_load_dwordx2 v\[\([0-9]*\):[0-9]*\].*/\1/p' "$T/uni-new.s" | head -1)
claim "uniload.ll, -new-reg-bank-select: one v_readfirstlane_b32, of the loaded LOW dword v$LO, then s_bfe_i64 0x300000" \
  sh -c "[ \"\$(grep -c v_readfirstlane_b32 '$T/uni-new.s')\" = 1 ] && grep -q 'v_readfirstlane_b32 s[0-9]*, v$LO\$' '$T/uni-new.s' && grep -q 's_bfe_i64 .*0x300000' '$T/uni-new.s'"
verdict
