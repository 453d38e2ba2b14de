#!/bin/sh
# Every claim of FINDING.md with IREE's own tool (iree-compile on PATH); compile-only, no GPU needed.
# Exit status (verdict.sh): 1 when kernel.mlir fails "failed to bufferize op" on gfx942 and CUDA sm_80 with vector
# distribution off, kernel_control.mlir (the same kernel returning only the sum) compiles, and the reduction-level
# GPUApplyTilingLevelPass is the pass that puts a second copy of the max reduction inside the sum's reduction loop;
# 0 when a claim fails; 2 without iree-compile.
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile
NOVD="--iree-opt-level=O2 --iree-codegen-llvmgpu-use-vector-distribution=false --iree-codegen-llvmgpu-use-reduction-vector-distribution=false"
HIP="--iree-hal-target-device=hip --iree-rocm-target=gfx942"
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80"
W=$(mktemp -d)
for t in HIP CUDA; do
  eval "tgt=\$$t"
  out=$(iree-compile kernel.mlir $tgt $NOVD -o "$W/k.vmfb" 2>&1); rc=$?
  echo "== kernel.mlir, $t, vector distribution off: exit status $rc"
  echo "$out" | grep -E "error:|see current operation" | head -2 | cut -c1-200
  claim "kernel.mlir ($t, vector distribution off) fails: failed to bufferize op" \
    eval 'echo "$out" | grep -q "error: failed to bufferize op"'
done
out=$(iree-compile kernel_sub.mlir $HIP $NOVD -o "$W/s.vmfb" 2>&1); rc=$?
echo "== kernel_sub.mlir (softmax's first half: max, then the sum of x - max, both returned; f32[7, ?, ?]), HIP, vector distribution off: exit status $rc"
echo "$out" | grep -m1 "error:" | cut -c1-200
claim "kernel_sub.mlir fails the same way" eval 'echo "$out" | grep -q "error: failed to bufferize op"'
out=$(iree-compile kernel_control.mlir $HIP $NOVD -o "$W/c.vmfb" 2>&1); rc=$?
echo "== kernel_control.mlir (the same kernel returning only the sum), HIP, vector distribution off: exit status $rc"
claim "kernel_control.mlir compiles" [ "$rc" -eq 0 ]
iree-compile kernel.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
  --iree-llvmcpu-target-cpu=generic --iree-opt-level=O2 -o "$W/cpu.vmfb" > /dev/null 2>&1; rc=$?
echo "== kernel.mlir, llvm-cpu (generic), O2: exit status $rc"
claim "kernel.mlir compiles for llvm-cpu" [ "$rc" -eq 0 ]
for o in "--iree-opt-level=O2" "$NOVD --iree-dispatch-creation-enable-aggressive-fusion=false"; do
  iree-compile kernel.mlir $HIP $o -o "$W/o.vmfb" > /dev/null 2>&1; rc=$?
  echo "== kernel.mlir, HIP, $o: exit status $rc"
  claim "kernel.mlir compiles with $o" [ "$rc" -eq 0 ]
done
# The first bad pass: the dumps around the first GPUApplyTilingLevelPass of tiling-level=reduction.
iree-compile kernel.mlir $HIP $NOVD -o /dev/null --mlir-disable-threading \
  --mlir-print-ir-before=iree-codegen-gpu-apply-tiling-level --mlir-print-ir-after=iree-codegen-gpu-apply-tiling-level \
  > "$W/dumps.txt" 2>&1
section() {  # the first dump whose header matches $1, up to the next dump
  awk -v pat="$1" '/IR Dump (Before|After)/ { if (on) exit; if ($0 ~ pat) on = 1 } on' "$W/dumps.txt"
}
section "Before.*tiling-level=reduction" > "$W/before.txt"
section "After.*tiling-level=reduction" > "$W/after.txt"
nb=$(grep -c "arith.maximumf" "$W/before.txt"); na=$(grep -c "arith.maximumf" "$W/after.txt")
inb=$(awk '/scf[.]for %/ { f = 1 } f && /arith.maximumf/ { n++ } END { print n + 0 }' "$W/before.txt")
ina=$(awk '/scf[.]for %/ { f = 1 } f && /arith.maximumf/ { n++ } END { print n + 0 }' "$W/after.txt")
echo "== GPUApplyTilingLevelPass{tiling-level=reduction}: max reductions (arith.maximumf) before $nb (after the first scf.for: $inb), after $na (after the first scf.for: $ina)"
awk '/scf[.]for %/ { f = 1 } f' "$W/after.txt" | grep -E "scf[.]for %|tensor.extract_slice %arg2|maximumf|arith.addf|scf.yield" | head -8 | cut -c1-200
claim "before the reduction-level tiling the max reduction is one op, outside any scf.for" eval '[ "$nb" -eq 1 ] && [ "$inb" -eq 0 ]'
claim "after it a second copy of the max runs inside the sum's reduction loop" eval '[ "$na" -eq 2 ] && [ "$ina" -eq 1 ]'
claim "the copy in the loop writes into a slice of the max's own output (shared_out %arg2)" \
  eval 'awk "/scf[.]for %/ { f = 1 } f" "$W/after.txt" | grep -q "tensor.extract_slice %arg2"'
rm -rf "$W"
verdict
