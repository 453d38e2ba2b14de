#!/bin/sh
# LLVM alone: GlobalISel's IRTranslator turns a fixed-width llvm.stepvector into G_STEP_VECTOR, an opcode defined
# for scalable vectors only, so no target can legalize it.
# Needs LLVM 22's llc: llc-22 on PATH (Debian/Ubuntu package llvm-22), or LLC=/path/to/llc.
# Claims: llc_repro.ll (a 4 x i64 stepvector stored by a gfx942 kernel) compiles with SelectionDAG; with -global-isel
# the legalizer fails on G_STEP_VECTOR; the machine verifier, run right after the IRTranslator, already rejects the
# instruction ("Destination type must be a scalable vector"); generic_repro.ll fails the same way on x86_64, aarch64
# and riscv64 (target-independent). Exit 1 when every claim holds, 0 when one fails (an LLVM with the fix), 2
# without llc.
cd "$(dirname "$0")"
. ./verdict.sh
LLC="${LLC:-llc-22}"
need "$LLC"
"$LLC" --version | grep -i "llvm version"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
AMD="-mtriple=amdgcn-amd-amdhsa -mcpu=gfx942"
run() { "$LLC" "$@" -o /dev/null > "$T/out" 2>&1; rc=$?; grep -m1 -E "LLVM ERROR|Bad machine code" "$T/out"; }
says() { [ "$rc" -ne 0 ] && grep -qF -- "$1" "$T/out"; }
echo "== llc_repro.ll"
grep -v "^;" llc_repro.ll
run $AMD llc_repro.ll
claim "SelectionDAG compiles llc_repro.ll for gfx942 [exit 0]" [ "$rc" -eq 0 ]
run $AMD -global-isel llc_repro.ll
claim "-global-isel: unable to legalize G_STEP_VECTOR of <4 x s64>" says "G_STEP_VECTOR"
run $AMD -global-isel -stop-after=irtranslator -verify-machineinstrs llc_repro.ll
claim "the verifier after the IRTranslator: Destination type must be a scalable vector" \
  says "Destination type must be a scalable vector"
for t in x86_64 aarch64 riscv64; do
  run -mtriple=$t -global-isel generic_repro.ll
  claim "$t -global-isel: generic_repro.ll fails on G_STEP_VECTOR too" says "G_STEP_VECTOR"
done
verdict
