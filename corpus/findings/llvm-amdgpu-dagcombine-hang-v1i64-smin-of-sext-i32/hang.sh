#!/bin/sh
# The hang, with the installed IREE (3.13; iree-compile on PATH), each compile limited to LIMIT seconds (20 s by
# default; the control compiles in under a second): kernel.mlir for gfx942 at O2 three ways.
#   1. --iree-rocm-llvm-global-isel (GlobalISel instead of SelectionDAG): the control, it must finish.
#   2. --compile-to=executable-targets: every MLIR pass, up to the LLVM IR handed to the AMDGPU backend: finishes.
#   3. --compile-from=executable-targets: from there, LLVM's codegen (SelectionDAG): does not finish.
# Exit 1 when 1 and 2 finish and 3 does not (the hang shown); 0 when 3 finishes (a fixed LLVM); 2 without
# iree-compile, or when the control or step 2 does not finish (nothing to compare against).
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile timeout bc
LIMIT="${LIMIT:-20}"
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
F="--iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2"
run() {  # run LIMIT-limited; prints the seconds it took, returns the command's exit status (124: the limit)
  s=$(date +%s.%N)
  timeout -k 5 "$LIMIT" "$@" > "$T/log" 2>&1
  r=$?
  echo "  $(printf "%.2f" "$(echo "$(date +%s.%N) - $s" | bc)") s, exit $r: $*" | sed "s|$T/||g"
  return $r
}
iree-compile --version | head -3
echo "== 1. control: GlobalISel (--iree-rocm-llvm-global-isel)"
run iree-compile kernel.mlir $F --iree-rocm-llvm-global-isel -o "$T/gisel.vmfb" || unable "the GlobalISel control did not compile within $LIMIT s"
echo "== 2. every MLIR pass (--compile-to=executable-targets)"
run iree-compile kernel.mlir $F --compile-to=executable-targets -o "$T/et.mlir" || unable "--compile-to=executable-targets did not finish within $LIMIT s"
echo "== 3. LLVM's AMDGPU codegen, SelectionDAG (--compile-from=executable-targets)"
run iree-compile "$T/et.mlir" $F --compile-from=executable-targets -o "$T/sdag.vmfb"
r=$?
[ "$r" = 0 ] || [ "$r" = 124 ] || [ "$r" = 137 ] || { tail -5 "$T/log"; unable "the SelectionDAG compile failed (exit $r), neither finished nor ran out of time"; }
claim "the SelectionDAG compile of the executable does not finish within $LIMIT s (timeout's exit 124)" [ "$r" = 124 ]
verdict
