#!/bin/sh
# kernel.mlir (a function that adds its first tensor argument to itself and never reads its second) compiled for
# llvm-cpu with iree:cpu-O2's flags by IREE 3.7, 3.8 and 3.9 from kernelfuzz's side environments and run with each
# release's own iree-run-module (the native binary, not the pip wrapper, so that a signal shows as 128 + its number).
# 3.7 and 3.8 die with SIGSEGV in iree_vm_bytecode_dispatch: the VM's @main is identical in all three (the same
# registers: the unused argument's ref register r1 is reused by vm.const.ref.zero), but the 3.7/3.8 runtime zeroes a
# 16-byte ref register with an aligned SSE store (movdqa) at an address that is only 8-byte aligned, because the
# dispatch loop told the C compiler the register file is 16-byte aligned.  3.9 (iree-org/iree#22571, fixing
# iree-org/iree#22555) prints the result.  Where gdb is installed, the faulting instruction and address are printed.
# RELEASES: folder holding one iree-<version>/ side environment per release. sh evidence.sh > evidence.txt 2>&1
# Exit status (verdict.sh): 1 when 3.7 and 3.8 die with SIGSEGV and 3.9 gives 4xi32=2 2 2 2, 0 otherwise, 2 when a
# release's side environment is missing.
cd "$(dirname "$0")"
. ./verdict.sh
W=$(mktemp -d) || exit 2
trap 'rm -rf "$W"' EXIT
R=${RELEASES:-${KERNELFUZZ_RELEASES:-${XDG_CACHE_HOME:-$HOME/.cache}/kernelfuzz/releases}}
run_module() {  # the release's native iree-run-module (the pip package's copy)
  for f in "$R/iree-$1"/lib/python3*/site-packages/iree/_runtime_libs/iree-run-module; do echo "$f"; return; done
}
for v in 3.7 3.8 3.9; do
  [ -x "$R/iree-$v/bin/iree-compile" ] && [ -x "$(run_module $v)" ] ||
    unable "no iree-$v side environment (kernelfuzz run case.json --releases iree==$v builds it)"
done
for v in 3.7 3.8 3.9; do
  C="$R/iree-$v/bin/iree-compile"
  echo "== iree $v: $("$C" --version 2>&1 | sed -n 2p | sed 's/^ *//')"
  "$C" kernel.mlir -o "$W/k$v.vmfb" --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
    --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true \
    > "$W/log" 2>&1 || { cat "$W/log"; unable "iree $v could not compile kernel.mlir"; }
  # the VM function's registers: r1 holds the unused argument, then vm.const.ref.zero's result
  "$C" kernel.mlir -o "$W/ann$v.txt" --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
    --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-vm-bytecode-module-output-format=annotated-mlir-text \
    > /dev/null 2>&1 &&
    grep -m1 -oE "%null = vm.const.ref.zero : !vm.ref<!hal.fence> \{.*result_registers = \[[^]]*\]" "$W/ann$v.txt" |
    sed -E 's/\{live = \[[^]]*\], /{/; s/^/  VM: /'
  timeout 60 "$(run_module $v)" --module="$W/k$v.vmfb" --device=local-task --input=4xi32=1 \
    --input=4x3x3x1xi8=1 > "$W/out$v" 2>&1
  rc=$?
  echo "  iree-run-module exit $rc: $(tail -n 1 "$W/out$v")"
  if [ "$rc" = 139 ] && command -v gdb > /dev/null 2>&1; then
    timeout 120 gdb -batch -ex run -ex 'x/i $pc' -ex 'p/x $rbx' --args "$(run_module $v)" --module="$W/k$v.vmfb" \
      --device=local-task --input=4xi32=1 --input=4x3x3x1xi8=1 2>&1 |
      grep -E "SIGSEGV|^=>|^\\\$1|in iree_vm" | sed 's/^/  gdb: /'
  fi
  case $v in
    3.7|3.8) claim "iree $v: the run dies with SIGSEGV (exit 139)" [ "$rc" = 139 ] ;;
    *) claim "iree $v: the run prints 4xi32=2 2 2 2" sh -c "[ $rc = 0 ] && grep -q '4xi32=2 2 2 2' '$W/out$v'" ;;
  esac
done
verdict
