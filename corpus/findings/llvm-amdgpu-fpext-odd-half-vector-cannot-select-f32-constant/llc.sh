#!/bin/sh
# The backend's crashes without IREE: repro.ll (load <5 x half>, fpext to <5 x float>, store) and repro_trunc.ll
# (fptrunc <5 x float> to <5 x half>, store) through llc for gfx942.
# usage: sh llc.sh [LLC]   (an llc built with the AMDGPU target; default: llc-22 when on PATH, else llc)
# The exit rule is verdict.sh's: 1 when llc crashes on both ("Cannot select: ... f32 = Constant<-1>"; "... trunc to
# v5f16"), 0 when one compiles,
# 2 when no llc is on PATH.
cd "$(dirname "$0")"
. ./verdict.sh
LLC=${1:-$(command -v llc-22 || echo llc)}
need "$LLC"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
"$LLC" --version | grep -i "llvm version"
"$LLC" -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 repro.ll -o "$T/k.s" > "$T/log" 2>&1
grep -m2 -E "LLVM ERROR|In function" "$T/log"
claim "repro.ll for gfx942: AMDGPU instruction selection cannot select an f32 Constant" \
  grep -q "Cannot select: .*f32 = Constant<-1>" "$T/log"
"$LLC" -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 repro_trunc.ll -o "$T/t.s" > "$T/log" 2>&1
grep -m1 "LLVM ERROR" "$T/log" | cut -c1-120
claim "repro_trunc.ll for gfx942: AMDGPU instruction selection cannot select a truncating store to v5f16" \
  grep -q "Cannot select: .*store.*trunc to v5f16" "$T/log"
verdict
