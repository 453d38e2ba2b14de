#!/bin/sh
# LLVM alone: repro.ll (the udiv of a value masked to 24 bits by one masked to 4 bits, as IREE 3.7-3.11 hand it to
# the backend) through llc for gfx942, then again with AMDGPUCodeGenPrepare's division expansion switched off
# (-amdgpu-codegenprepare-disable-idiv-expansion, leaving the udiv to instruction selection).
# Needs LLVM 22: llc-22 on PATH (Debian/Ubuntu package llvm-22), or LLC=...   sh llvm22.sh > llvm22.txt 2>&1
# Exit 1 when llc's default build is the 24-bit float expansion (v_rcp_iflag_f32, v_trunc_f32, no v_mul_hi_u32)
# and the build without the pass's expansion is the 32-bit integer one (v_mul_hi_u32); 0 when the default build is
# the 32-bit one too (an LLVM with llvm/llvm-project#201186); 2 without llc.
cd "$(dirname "$0")"
. ./verdict.sh
LLC="${LLC:-llc-22}"
need "$LLC"
"$LLC" --version | grep -i "llvm version"
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
"$LLC" -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 repro.ll -o "$T/default.s" || exit 3
"$LLC" -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -amdgpu-codegenprepare-disable-idiv-expansion repro.ll \
  -o "$T/no-expansion.s" || exit 3
for b in default no-expansion; do
  echo "== llc -mcpu=gfx942 ($b): the VALU instructions"
  grep -E "^[[:space:]]+v_" "$T/$b.s" | sed 's/^[[:space:]]*/  /'
done
D="$T/default.s"
N="$T/no-expansion.s"
claim "default: the 24-bit float expansion (v_rcp_iflag_f32, v_mul_f32, v_trunc_f32, one v_cmp_ge_f32 correction)" \
  sh -c "grep -q v_rcp_iflag_f32 '$D' && grep -q v_trunc_f32 '$D' && grep -q 'v_cmp_ge_f32' '$D'"
claim "default: no 32-bit integer refinement (no v_mul_hi_u32)" sh -c "! grep -q v_mul_hi_u32 '$D'"
claim "without the pass's expansion: the 32-bit integer division (v_mul_hi_u32, no v_trunc_f32)" \
  sh -c "grep -q v_mul_hi_u32 '$N' && ! grep -q v_trunc_f32 '$N'"
verdict
