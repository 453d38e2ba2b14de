#!/bin/sh
# Every claim of FINDING.md with IREE's own tool (iree-compile on PATH; compile only, no GPU): the crash at prefetch
# depth 3 and 4, depth 2 (the default) and no flag compiling, the failing pass (crash reproducer), the loop-carried
# dynamic private allocas it receives, and the K=48 control.  Exit status (verdict.sh): 1 when every claim holds.
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile
T="--iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2"
W=$(mktemp -d)
compile() {  # compile FILE STAGES [extra flags]: sets rc and out
  f=$1; s=$2; shift 2
  if [ "$s" = none ]; then p=""; else p="--iree-llvmgpu-prefetch-num-stages=$s"; fi
  out=$(iree-compile "$f" -o /dev/null $T $p "$@" 2>&1); rc=$?
}
crashed() { [ "$rc" -ne 0 ] && echo "$out" | grep -q "Stack dump:"; }
for s in 3 4; do
  compile kernel.mlir $s
  echo "== kernel.mlir, --iree-llvmgpu-prefetch-num-stages=$s: exit status $rc"
  echo "$out" | grep -E "^ *#[0-9]+ " | sed -n '5,7p;/TranslateAllExecutablesPass/p' | sed 's/^ *#[0-9]* 0x[0-9a-f]* //' | cut -c1-120
  claim "prefetch depth $s: iree-compile crashes (a signal, the stack inside TranslateAllExecutablesPass)" \
    eval 'crashed && echo "$out" | grep -q "TranslateAllExecutablesPass"'
done
for s in 2 none; do
  compile kernel.mlir $s
  echo "== kernel.mlir, prefetch depth $s: exit status $rc"
  claim "prefetch depth $s compiles" [ "$rc" -eq 0 ]
done
compile kernel_k48.mlir 3
echo "== kernel_k48.mlir (K=48), depth 3: exit status $rc"
claim "the same matmul with K=48 compiles at depth 3" [ "$rc" -eq 0 ]
echo "== the failing pass (--mlir-pass-pipeline-crash-reproducer with --mlir-pass-pipeline-local-reproducer):"
compile kernel.mlir 3 --mlir-disable-threading --mlir-pass-pipeline-crash-reproducer="$W/repro.mlir" --mlir-pass-pipeline-local-reproducer
echo "$out" | grep -o "Pipeline failed while executing \`[A-Za-z]*\`" | head -1
claim "the pass after which the IR no longer verifies is PadDynamicAllocPass" \
  eval 'echo "$out" | grep -q "Pipeline failed while executing \`PadDynamicAllocPass\`"'
echo "== what PadDynamicAllocPass receives (--mlir-print-ir-before=iree-codegen-pad-dynamic-alloc):"
for s in 3 2; do
  compile kernel.mlir $s --mlir-disable-threading --mlir-print-ir-before=iree-codegen-pad-dynamic-alloc
  echo "$out" > "$W/before$s.txt"
  echo "depth $s: $(grep -c 'memref.alloca(%' "$W/before$s.txt") dynamic-size allocas, $(grep -c 'scf.yield.*memref<?' "$W/before$s.txt") loop yield(s) of one"
done
compile kernel_k48.mlir 3 --mlir-disable-threading --mlir-print-ir-before=iree-codegen-pad-dynamic-alloc
echo "kernel_k48.mlir, depth 3: $(echo "$out" | grep -c 'memref.alloca(%') dynamic-size allocas"
grep -m1 "scf.yield.*memref<?" "$W/before3.txt" | sed 's/^ *//' | cut -c1-200
claim "at depth 3 the reduction loop yields dynamic-size private allocas (loop-carried); at depth 2 none is yielded" \
  eval 'grep -q "scf.yield.*memref<?x.*private" "$W/before3.txt" && ! grep -q "scf.yield.*memref<?" "$W/before2.txt"'
rm -rf "$W"
verdict
