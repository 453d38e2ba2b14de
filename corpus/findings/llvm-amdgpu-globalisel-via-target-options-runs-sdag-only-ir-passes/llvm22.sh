#!/bin/sh
# LLVM alone, for the G_INSERT_SUBVECTOR half: AMDGPUCodeGenPrepare skips its large-PHI split only when the
# -global-isel command-line option is set. `opt` has no such option set, as a program that turns GlobalISel on in
# TargetOptions (IREE) has none, so there the pass splits phi_repro.ll's <4 x half> loop phi and rebuilds it with
# llvm.vector.insert; llc -global-isel then cannot legalize the G_INSERT_SUBVECTOR that becomes.
# (The end.cf half needs LLVM's RegBankLegalize as the default GlobalISel path, after LLVM 22: iree.sh shows it.)
# Needs LLVM 22: llc-22 and opt-22 on PATH (Debian/Ubuntu package llvm-22), or LLC=... OPT=...
# Exit 1 when every claim holds, 0 when one fails (an LLVM with the fix), 2 without the tools.
cd "$(dirname "$0")"
. ./verdict.sh
LLC="${LLC:-llc-22}"
OPT="${OPT:-opt-22}"
need "$LLC" "$OPT"
"$LLC" --version | grep -i "llvm version"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
AMD="-mtriple=amdgcn-amd-amdhsa -mcpu=gfx942"
whole() { grep -q "phi <4 x half>" "$1" && ! grep -q "llvm.vector.insert" "$1"; }  # the <4 x half> phi unsplit
run() { "$@" > "$T/out" 2>&1; rc=$?; grep -m1 "LLVM ERROR" "$T/out"; }
run "$LLC" $AMD -global-isel phi_repro.ll -o /dev/null
claim "llc -global-isel compiles phi_repro.ll (the split is skipped) [exit 0]" [ "$rc" -eq 0 ]
run "$LLC" $AMD -global-isel -stop-after=amdgpu-codegenprepare phi_repro.ll -o "$T/llc_cgp.mir"
claim "in llc -global-isel, AMDGPUCodeGenPrepare leaves the phi whole (no llvm.vector.insert)" \
  whole "$T/llc_cgp.mir"
run "$OPT" $AMD -passes=amdgpu-codegenprepare phi_repro.ll -S -o "$T/split.ll"
grep "largephi.insertslice" "$T/split.ll"
claim "opt's AMDGPUCodeGenPrepare splits the phi and rebuilds it with llvm.vector.insert" \
  grep -q "call <4 x half> @llvm.vector.insert" "$T/split.ll"
run "$LLC" $AMD -global-isel "$T/split.ll" -o /dev/null
claim "llc -global-isel on the split IR: unable to legalize G_INSERT_SUBVECTOR" grep -q "G_INSERT_SUBVECTOR" "$T/out"
run "$LLC" $AMD "$T/split.ll" -o /dev/null
claim "SelectionDAG compiles the split IR [exit 0]" [ "$rc" -eq 0 ]
verdict
