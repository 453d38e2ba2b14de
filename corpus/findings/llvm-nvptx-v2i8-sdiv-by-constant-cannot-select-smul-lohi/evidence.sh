#!/bin/sh
# Compile-only evidence (no GPU needed). usage: sh evidence.sh [IREE_COMPILE...] > evidence.txt
#   the iree-compile on PATH first, then each IREE_COMPILE given (other releases' binaries).
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
evidence() {
for tool in iree-compile "$@"; do
  echo "=== $tool"; "$tool" --version | grep -i "version"
  for k in kernel_min.mlir kernel.mlir; do
    for t in sm_80 sm_89 sm_120; do
      out=$("$tool" $k --iree-hal-target-device=cuda --iree-cuda-target=$t --iree-opt-level=O2 -o "$W/k.vmfb" 2>&1)
      echo "$k $t: exit $? $(echo "$out" | grep -m1 -E 'LLVM ERROR' | cut -c1-100)"
    done
  done
done
echo "=== the LLVM IR iree-compile hands the NVPTX backend for kernel_min.mlir (sm_80): the v2i8 sdiv by 5"
iree-compile kernel_min.mlir --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 \
  --iree-hal-dump-executable-files-to="$W/d" -o "$W/k.vmfb" > /dev/null 2>&1
grep -nE "sdiv|srem|<2 x i8>" "$W"/d/*.optimized.ll
echo "=== the crash (3.13, sm_80)"
iree-compile kernel_min.mlir --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 -o "$W/k.vmfb" 2>&1 \
  | grep -E "LLVM ERROR|Running pass 'NVPTX|In function" | sed 's/0x[0-9a-f]*/0x.../g'
}
evidence "$@" > "$W/log" 2>&1
cat "$W/log"
logged() { grep -qE -- "$1" "$W/log"; }  # the evidence printed a line matching it
echo "== the claims of FINDING.md"
claim "kernel_min.mlir for sm_80: the NVPTX backend cannot select smul_lohi" logged '^kernel_min.mlir sm_80: exit [0-9]+ LLVM ERROR: Cannot select: .*smul_lohi'
claim "kernel.mlir for sm_80: the same" logged '^kernel.mlir sm_80: exit [0-9]+ LLVM ERROR: Cannot select: .*smul_lohi'
claim "the IR handed to NVPTX divides a <2 x i8> by a constant" logged 'sdiv <2 x i8> %[0-9]+, splat \(i8 5\)'
verdict
