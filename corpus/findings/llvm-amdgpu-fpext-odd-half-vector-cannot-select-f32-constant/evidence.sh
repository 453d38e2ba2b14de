#!/bin/sh
# Compile-only evidence (no GPU needed). usage: sh evidence.sh [IREE_COMPILE...] > evidence.txt
#   the iree-compile on PATH first, then each IREE_COMPILE given (other releases' binaries; 3.10 and older spell
#   the target --iree-hip-target, which is tried when --iree-rocm-target is unknown).
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
gfx942() {  # TOOL KERNEL [FLAGS...]: compile for gfx942 under either spelling of the target flag
  tool=$1; k=$2; shift 2
  out=$("$tool" "$k" --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 "$@" 2>&1)
  case "$out" in *"Unknown command line argument '--iree-rocm-target"*)
    out=$("$tool" "$k" --iree-hal-target-device=hip --iree-hip-target=gfx942 --iree-opt-level=O2 "$@" 2>&1) ;; esac
  echo "$out"
}
evidence() {
for tool in iree-compile "$@"; do
  echo "=== $tool"; "$tool" --version | grep -iE "compiler version|llvm version" | sed 's/ @ .*//'
  for k in kernel_min.mlir kernel.mlir kernel_trunc.mlir; do
    echo "$k gfx942: $(gfx942 "$tool" $k -o "$W/k.vmfb" | grep -m1 -E 'LLVM ERROR' | sed 's/0x[0-9a-f]*/0x.../g' \
      | sed 's/ into %ir[^)]*)/)/' | cut -c1-100)"
  done
done
echo "=== CUDA sm_80 (NVPTX) compiles kernel_min.mlir and kernel_trunc.mlir: exit status"
for k in kernel_min.mlir kernel_trunc.mlir; do
  iree-compile $k --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 -o "$W/c.vmfb" \
    > /dev/null 2>&1; echo "cuda $k exit $?"
done
echo "=== the LLVM IR iree-compile hands the AMDGPU backend for kernel_min.mlir: a <7 x half> load widened to float"
gfx942 iree-compile kernel_min.mlir --iree-hal-dump-executable-files-to="$W/d" -o "$W/k.vmfb" > /dev/null
grep -nE "x half>|fpext|reduce.fadd" "$W"/d/*.optimized.ll | sed 's/^[^:]*\.ll://'
echo "=== the crash (gfx942)"
gfx942 iree-compile kernel_min.mlir -o "$W/k.vmfb" | grep -E "LLVM ERROR|Running pass 'AMDGPU|In function" \
  | sed 's/0x[0-9a-f]*/0x.../g'
}
evidence "$@" > "$W/log" 2>&1
cat "$W/log"
logged() { grep -qE -- "$1" "$W/log"; }  # the evidence printed a line matching it
echo "== the claims of FINDING.md"
claim "kernel_min.mlir for gfx942: AMDGPU cannot select an f32 Constant" logged '^kernel_min.mlir gfx942: LLVM ERROR: Cannot select: 0x...: f32 = Constant<-1>'
claim "kernel.mlir for gfx942: the same" logged '^kernel.mlir gfx942: LLVM ERROR: Cannot select: 0x...: f32 = Constant<-1>'
claim "the IR handed to the backend widens a <7 x half> load to <7 x float>" logged 'fpext <7 x half> %[0-9]+ to <7 x float>'
claim "the crash is in AMDGPU DAG->DAG instruction selection" logged "Running pass 'AMDGPU DAG->DAG Pattern Instruction Selection'"
claim "kernel_trunc.mlir for gfx942: AMDGPU cannot select a truncating store to v7f16" logged '^kernel_trunc.mlir gfx942: LLVM ERROR: Cannot select: 0x...: ch = store<.*trunc to v7f16>'
claim "CUDA compiles kernel_min.mlir" logged '^cuda kernel_min.mlir exit 0'
claim "CUDA compiles the truncating-store kernel" logged '^cuda kernel_trunc.mlir exit 0'
verdict
