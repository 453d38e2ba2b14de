#!/bin/sh
# repro.ll in the LLVM inside the installed IREE (3.13: LLVM 24.0.0git), which has no llc of its own: llvm-as-22 makes
# repro.bc (LLVM reads older bitcode), and iree-compile links it into the module of host.mlir's one dispatch
# (--iree-link-bitcode; the kernel @repro is kept: IREE's --iree-hal-dump-executable-intermediates-to shows it in
# the optimized module) and runs LLVM's AMDGPU codegen on that module for gfx942. Each step limited to LIMIT
# seconds (20 s by default); llc-22 on repro.ll is printed for comparison (llvm22.sh judges it).
# Exit 1 when host.mlir alone compiles and with repro.bc linked does not finish (the hang shown); 0 when it finishes;
# 2 without iree-compile or llvm-as-22, or when host.mlir alone, or with repro.bc through GlobalISel, does not compile.
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile llvm-as-22 timeout bc
LIMIT="${LIMIT:-20}"
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
iree-compile --version | head -3
llvm-as-22 repro.ll -o "$T/repro.bc" || unable "llvm-as-22 could not assemble repro.ll"
F="--iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2"
secs() { printf "%.2f" "$(echo "$(date +%s.%N) - $1" | bc)"; }
if command -v llc-22 > /dev/null 2>&1; then
  s=$(date +%s.%N); timeout -k 5 "$LIMIT" llc-22 -mcpu=gfx942 -O2 repro.ll -o "$T/llc22.s"
  echo "== for comparison, llc-22 -mcpu=gfx942 -O2 repro.ll: exit $?, $(secs "$s") s"
fi
s=$(date +%s.%N); timeout -k 5 "$LIMIT" iree-compile host.mlir $F -o "$T/host.vmfb" || unable "host.mlir alone did not compile within $LIMIT s"
echo "== host.mlir alone: $(secs "$s") s"
s=$(date +%s.%N); timeout -k 5 "$LIMIT" iree-compile host.mlir $F --iree-rocm-llvm-global-isel --iree-link-bitcode="$T/repro.bc" -o "$T/gisel.vmfb" || unable "the GlobalISel control (repro.bc linked, --iree-rocm-llvm-global-isel) did not compile within $LIMIT s"
echo "== host.mlir with repro.bc linked, GlobalISel (--iree-rocm-llvm-global-isel): $(secs "$s") s"
s=$(date +%s.%N); timeout -k 5 "$LIMIT" iree-compile host.mlir $F --iree-link-bitcode="$T/repro.bc" -o "$T/repro.vmfb" > "$T/log" 2>&1
r=$?
echo "== host.mlir with repro.bc linked: exit $r, $(secs "$s") s"
[ "$r" = 0 ] || [ "$r" = 124 ] || [ "$r" = 137 ] || { tail -5 "$T/log"; unable "the compile with repro.bc failed (exit $r)"; }
claim "with repro.bc linked, IREE's LLVM (SelectionDAG, gfx942) does not finish within $LIMIT s (timeout's exit 124)" [ "$r" = 124 ]
verdict
