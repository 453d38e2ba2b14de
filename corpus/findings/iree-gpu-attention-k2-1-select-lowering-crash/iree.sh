#!/bin/sh
# Shows the bug: iree-compile dies (SIGSEGV) on kernel.mlir (attention with K2 = 1) for gfx942 and CUDA sm_80,
# while llvm-cpu compiles it and gives the right answer (every output row is V[0, 0, :]).
# Exit status: 1 when the crash is shown (and the CPU control is right), 0 when it is not, 2 when a tool is missing.
cd "$(dirname "$0")"
for tool in iree-compile iree-run-module; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "iree.sh: $tool is not on PATH: pip install iree-base-compiler iree-base-runtime" >&2; exit 2; }
done
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
status=0

# The GPU configurations (kernelfuzz's iree:gfx942-O2 and iree:cuda-sm80-O2): the crash.
for target in "--iree-hal-target-device=hip --iree-rocm-target=gfx942" \
              "--iree-hal-target-device=cuda --iree-cuda-target=sm_80"; do
  # shellcheck disable=SC2086
  iree-compile kernel.mlir -o "$T/gpu.vmfb" $target --iree-opt-level=O2 > "$T/log" 2>&1
  rc=$?
  if [ "$rc" -ne 0 ] && grep -q "setVectorDistributionConfig" "$T/log"; then
    echo "reproduced ($target): iree-compile exit status $rc, crash in setVectorDistributionConfig"
    status=1
  else
    echo "NOT reproduced ($target): iree-compile exit status $rc"
  fi
done

# The control: the same kernel on llvm-cpu compiles and is right (softmax over one key is 1: out = V[0, 0, :]).
iree-compile kernel.mlir -o "$T/cpu.vmfb" --iree-hal-target-device=local \
  --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 || exit 2
iree-run-module --module="$T/cpu.vmfb" --device=local-task --function=main --input="1x16x16xf32=0.5" \
  --input="1x1x16xf32=0.3" --input="1x1x3xf32=[[[1.5,-2,7]]]" > "$T/out" 2>&1
row="[1.5 -2 7]"
if [ "$(grep -o "\[1.5 -2 7\]" "$T/out" | wc -l)" -eq 16 ]; then
  echo "control: llvm-cpu gives $row in all 16 rows (right)"
else
  echo "control: llvm-cpu is NOT right:"; cat "$T/out"; status=0
fi
exit "$status"
