#!/bin/sh
# Every claim of FINDING.md with IREE's own tool (iree-compile on PATH); compile-only, target CPU `generic`.
# Exit status (verdict.sh): 1 when kernel.mlir crashes in DispatchWorkgroupsOp::getResultAccess (or, in IREE 3.10-3.11,
# is rejected for a store into a readonly binding) while kernel_control.mlir compiles, 0 otherwise, 2 without iree-compile.
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=generic"
W=$(mktemp -d)
for o in O2 O0; do
  out=$(iree-compile kernel.mlir $CPU --iree-opt-level=$o -o "$W/k.vmfb" 2>&1); rc=$?
  echo "== kernel.mlir at $o: exit status $rc"
  echo "$out" | grep -m1 "error:" | cut -c1-200
  echo "$out" | grep -E "getResultAccess|optimizeClosureLikeOp|CanonicalizePass::runOnOperation" | sed 's/^ *#[0-9]* 0x[0-9a-f]* //' | cut -c1-120
  claim "kernel.mlir at $o: iree-compile crashes in DispatchWorkgroupsOp::getResultAccess (3.12+) or rejects a store into a readonly binding (3.10-3.11)" \
    eval 'echo "$out" | grep -q "getResultAccess\|must be dispatch.tensor, but got .*readonly"'
done
out=$(iree-compile kernel_control.mlir $CPU --iree-opt-level=O2 -o "$W/c.vmfb" 2>&1); rc=$?
echo "== kernel_control.mlir (the conv accumulates into a third argument instead): exit status $rc"
claim "kernel_control.mlir compiles" [ "$rc" -eq 0 ]
echo "== the dispatch the crashing flow canonicalization receives (last --mlir-print-ir-before=iree-flow-canonicalize):"
iree-compile kernel.mlir $CPU --iree-opt-level=O2 --compile-to=dispatch-creation -o /dev/null \
  --mlir-print-ir-before=iree-flow-canonicalize --mlir-disable-threading > "$W/before.txt" 2>&1
last=$(grep -n "IR Dump Before" "$W/before.txt" | tail -1 | cut -d: -f1)
tail -n +"${last:-1}" "$W/before.txt" | grep -E "flow.dispatch.workgroups|^ *\(%arg" | head -2 | cut -c1-260
claim "the dispatch takes the same value twice, once read and once as the operand its result is tied to" \
  eval 'tail -n +"${last:-1}" "$W/before.txt" | grep -qE "flow.dispatch.workgroups\((%[0-9]+), %[0-9]+, \1\) : .* -> \1 ="'
rm -rf "$W"
verdict
