#!/bin/sh
# LLVM 22 (Debian's llc-22) on the same LLVM IR: kernel.optimized.ll is the module IREE 3.13 hands to its AMDGPU
# backend (its --iree-hal-dump-executable-intermediates-to dump, LLVM 24.0.0git spelling); kernel.optimized.llvm22.ll
# is the same module with the two spellings LLVM 22 reads differently (the triple amdgcn-amd-amdhsa for
# amdgpu9.42-amd-amdhsa; llvm.amdgcn.make.buffer.rsrc's record count as i64), the diff printed below.
# llc-22 -mcpu=gfx942 -O2 compiles it with SelectionDAG and with GlobalISel, each limited to LIMIT seconds (20 s).
# Then repro.ll, the hand-written kernel (repro_ll.sh shows it hang in IREE 3.13's LLVM), the same way.
# Exit 0 when LLVM 22's SelectionDAG finishes either (LLVM 22 predates the hang: the bug NOT shown, as expected), 1 if it
# does not finish either, 2 without llc-22.
cd "$(dirname "$0")"
. ./verdict.sh
LLC="${LLC:-llc-22}"
need "$LLC" timeout diff
LIMIT="${LIMIT:-20}"
"$LLC" --version | grep -i "llvm version"
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
echo "== the spelling changes for LLVM 22"
diff kernel.optimized.ll kernel.optimized.llvm22.ll
L="$LLC -mcpu=gfx942 -O2"
echo "== GlobalISel"
timeout -k 5 "$LIMIT" $L -global-isel kernel.optimized.llvm22.ll -o "$T/gisel.s" || unable "llc-22 -global-isel did not compile it within $LIMIT s"
echo "  $(grep -c '^[[:space:]]*[sv]_' "$T/gisel.s") instructions"
echo "== SelectionDAG"
timeout -k 5 "$LIMIT" $L kernel.optimized.llvm22.ll -o "$T/sdag.s"
r=$?
[ "$r" = 0 ] && echo "  $(grep -c '^[[:space:]]*[sv]_' "$T/sdag.s") instructions"
[ "$r" = 0 ] || [ "$r" = 124 ] || [ "$r" = 137 ] || unable "llc-22 failed (exit $r)"
claim "llc-22 (SelectionDAG) does not finish kernel.optimized.llvm22.ll within $LIMIT s, as IREE 3.13's LLVM does not" [ "$r" = 124 ]
echo "== repro.ll (SelectionDAG)"
timeout -k 5 "$LIMIT" $L repro.ll -o "$T/repro.s"
r=$?
[ "$r" = 0 ] && echo "  $(grep -c '^[[:space:]]*[sv]_' "$T/repro.s") instructions"
[ "$r" = 0 ] || [ "$r" = 124 ] || [ "$r" = 137 ] || unable "llc-22 failed on repro.ll (exit $r)"
claim "llc-22 (SelectionDAG) does not finish repro.ll within $LIMIT s" [ "$r" = 124 ]
verdict
