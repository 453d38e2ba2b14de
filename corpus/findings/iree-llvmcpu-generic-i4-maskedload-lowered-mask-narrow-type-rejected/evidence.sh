#!/bin/sh
# Evidence for FINDING.md (iree-compile / iree-opt from iree-base-compiler 3.13.0 only).
# sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-opt-level=O2"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
EXTRA='^-none-$'

# show TITLE COMMAND...: print the command, the lines of its output that matter and its exit status.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: |IR Dump After .*Failed|$EXTRA" "$T/out" | cut -c1-260 | sed "s|$T|\$TMP|g"
  echo "exit status $rc"
}
ok() { [ "$rc" -eq 0 ]; }  # the last show's command succeeded
crashed() { [ "$rc" -gt 128 ]; }  # it died of a signal
fails() { [ "$rc" -ne 0 ] && [ "$rc" -le 128 ] && { [ -z "$1" ] || grep -qF -- "$1" "$T/out"; }; }  # an error, not a crash

show "kernel.mlir (1x6 i4 -> f16), target CPU generic: EmulateNarrowTypePass fails on vector.maskedload of i4" \
  iree-compile kernel.mlir -o /dev/null $CPU --iree-llvmcpu-target-cpu=generic --mlir-print-ir-after-failure --mlir-disable-threading
claim "kernel.mlir (1x6 i4 -> f16), target CPU generic: EmulateNarrowTypePass fails on vector.maskedload of i4 [an error]" fails "failed to legalize operation 'vector.maskedload' that was explicitly m"
for c in host haswell skylake-avx512 znver4; do
  show "kernel.mlir, target CPU $c: compiles" iree-compile kernel.mlir -o /dev/null $CPU --iree-llvmcpu-target-cpu=$c
done
sed 's/1x6x/1x8x/g' kernel.mlir > "$T/k8.mlir"
show "variant: 1x8 (a multiple of the 4-wide vector, no mask), generic: compiles" \
  iree-compile "$T/k8.mlir" -o /dev/null $CPU --iree-llvmcpu-target-cpu=generic
claim "variant: 1x8 (a multiple of the 4-wide vector, no mask), generic: compiles [exit 0]" ok
sed 's/xi4>/xi8>/g; s/%a0: i4/%a0: i8/; s/i4 to f16/i8 to f16/' kernel.mlir > "$T/i8.mlir"
show "variant: i8 instead of i4, generic: compiles" \
  iree-compile "$T/i8.mlir" -o /dev/null $CPU --iree-llvmcpu-target-cpu=generic
claim "variant: i8 instead of i4, generic: compiles [exit 0]" ok

# Where the mask stops being a vector.create_mask: the last dump that still has one, and the pass after it.
iree-compile kernel.mlir -o /dev/null $CPU --iree-llvmcpu-target-cpu=generic --mlir-print-ir-after-all \
  --mlir-disable-threading > "$T/all" 2>&1
printf '\n## the last pass dump holding vector.create_mask, and the next passes (mlir-print-ir-after-all)\n'
awk '/IR Dump After/{h=$0; n++} /vector.create_mask/{last=n} {H[n]=h} END{for(i=last;i<=last+2;i++) print substr(H[i],1,160)}' "$T/all"
printf '\n## the IR given to EmulateNarrowTypePass (mlir-print-ir-before): the mask is an arith.cmpi\n'
iree-compile kernel.mlir -o /dev/null $CPU --iree-llvmcpu-target-cpu=generic \
  --mlir-print-ir-before=iree-codegen-emulate-narrow-type --mlir-disable-threading 2>&1 \
  | awk '/IR Dump Before/{p=1} p' | grep -E "cmpi|create_mask|maskedload" | cut -c1-200

show "maskedload_cmpi_mask.mlir, the single pass iree-codegen-emulate-narrow-type: fails" \
  iree-opt --pass-pipeline='builtin.module(func.func(iree-codegen-emulate-narrow-type))' maskedload_cmpi_mask.mlir
claim "maskedload_cmpi_mask.mlir, the single pass iree-codegen-emulate-narrow-type: fails [an error]" fails "failed to legalize operation 'vector.maskedload' that was explicitly m"
show "maskedload_create_mask.mlir, the same pass: emulated" \
  iree-opt --pass-pipeline='builtin.module(func.func(iree-codegen-emulate-narrow-type))' maskedload_create_mask.mlir
claim "maskedload_create_mask.mlir, the same pass: emulated [exit 0]" ok
verdict
