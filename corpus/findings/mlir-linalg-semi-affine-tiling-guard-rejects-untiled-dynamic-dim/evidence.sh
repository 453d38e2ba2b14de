#!/bin/sh
# Every claim of FINDING.md with IREE's own tools (iree-compile on PATH).
# Exit status (verdict.sh): 1 when the dynamic kernel is rejected with the placeholder tile size and the static one
# compiles (the bug shows), 0 otherwise, 2 without iree-compile.
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2"
W=$(mktemp -d)
for k in kernel kernel_static; do
  out=$(iree-compile $k.mlir $CPU -o "$W/$k.vmfb" --mlir-print-ir-after-failure 2>&1); rc=$?
  echo "== $k.mlir: exit status $rc"
  echo "$out" | grep "error:\|IR Dump After.*Failed" | head -3 | cut -c1-220
  if [ "$k" = kernel ]; then
    claim "kernel.mlir (dynamic) is rejected with the placeholder tile size 9007199254740991" \
      eval 'echo "$out" | grep -q "tile size 9007199254740991"'
  else
    claim "kernel_static.mlir (the same sizes, static) compiles" [ "$rc" -eq 0 ]
  fi
done
echo "== kernel.mlir at executable-configurations: the lowering config and the bound IREE assumes for the dynamic size"
iree-compile kernel.mlir $CPU --compile-to=executable-configurations -o "$W/configured.mlir"
grep -o "lowering_config = [^}]*}" "$W/configured.mlir"
grep -o "umax = [0-9]*" "$W/configured.mlir" | sort -u
grep -o "linalg.generic {indexing_maps = [^]]*\], iterator_types = [^]]*\]" "$W/configured.mlir" | head -1
rm -rf "$W"
verdict
