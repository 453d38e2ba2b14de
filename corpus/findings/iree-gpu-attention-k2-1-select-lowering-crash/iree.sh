#!/bin/sh
# Shows the bug: iree-compile dies (SIGSEGV) on kernel.mlir (attention with K2 = 1) for gfx942 and CUDA sm_80,
# while llvm-cpu compiles it and gives the right answer (every output row is V[0, 0, :]).
# The exit rule is verdict.sh's: 1 when both crashes are shown and the CPU control is right, 0 when not, 2 when a
# tool is missing (pip install iree-base-compiler iree-base-runtime) or the control cannot compile.
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-run-module
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# The GPU configurations (kernelfuzz's iree:gfx942-O2 and iree:cuda-sm80-O2): the crash.
crashes() {
  iree-compile kernel.mlir -o "$T/gpu.vmfb" "$@" --iree-opt-level=O2 > "$T/log" 2>&1
  rc=$?
  echo "iree-compile $*: exit status $rc"
  [ "$rc" -ne 0 ] && grep -q "setVectorDistributionConfig" "$T/log"
}
claim "gfx942: iree-compile crashes in setVectorDistributionConfig" \
  crashes --iree-hal-target-device=hip --iree-rocm-target=gfx942
claim "CUDA sm_80: iree-compile crashes in setVectorDistributionConfig" \
  crashes --iree-hal-target-device=cuda --iree-cuda-target=sm_80

# The control: the same kernel on llvm-cpu compiles and is right (softmax over one key is 1: out = V[0, 0, :]).
iree-compile kernel.mlir -o "$T/cpu.vmfb" --iree-hal-target-device=local \
  --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 \
  || unable "the llvm-cpu control does not compile"
iree-run-module --module="$T/cpu.vmfb" --device=local-task --function=main --input="1x16x16xf32=0.5" \
  --input="1x1x16xf32=0.3" --input="1x1x3xf32=[[[1.5,-2,7]]]" > "$T/out" 2>&1
right() { [ "$(grep -o "\[1.5 -2 7\]" "$T/out" | wc -l)" -eq 16 ] || { cat "$T/out"; return 1; }; }
claim "control: llvm-cpu gives [1.5 -2 7] in all 16 rows" right
verdict
