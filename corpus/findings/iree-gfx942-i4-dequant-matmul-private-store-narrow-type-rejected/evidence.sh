#!/bin/sh
# Evidence for FINDING.md (iree-compile / iree-opt from iree-base-compiler 3.13.0 only).
# sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host"
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2"
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

EXTRA='memref.alloca.*xi4'
show "minimal.mlir, gfx942 O2: AMDGPUEmulateNarrowTypePass fails on a vector<1xi4> store into a private i4 alloca" \
  iree-compile minimal.mlir -o /dev/null $GFX942 --mlir-print-ir-after-failure --mlir-disable-threading
claim "minimal.mlir, gfx942 O2: AMDGPUEmulateNarrowTypePass fails on a vector<1xi4> store into a private i4 alloca [an error]" fails "failed to legalize operation 'vector.store' that was explicitly marked"
EXTRA='^-none-$'
show "kernel.mlir (kernelfuzz's reduced case), gfx942 O2: the same" iree-compile kernel.mlir -o /dev/null $GFX942
claim "kernel.mlir (kernelfuzz's reduced case), gfx942 O2: the same [an error]" fails "failed to legalize operation 'vector.store' that was explicitly marked"
show "minimal.mlir, gfx942, vector distribution and reduction vector distribution off: the same" \
  iree-compile minimal.mlir -o /dev/null $GFX942 --iree-codegen-llvmgpu-use-vector-distribution=false \
  --iree-codegen-llvmgpu-use-reduction-vector-distribution=false
claim "minimal.mlir, gfx942, vector distribution and reduction vector distribution off: the same [an error]" fails "failed to legalize operation 'vector.store' that was explicitly marked"
show "minimal.mlir, gfx1100 O2: compiles" iree-compile minimal.mlir -o /dev/null --iree-hal-target-device=hip --iree-rocm-target=gfx1100 --iree-opt-level=O2
claim "minimal.mlir, gfx1100 O2: compiles [exit 0]" ok
show "minimal.mlir, CUDA sm_80 O2: compiles" iree-compile minimal.mlir -o /dev/null --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2
claim "minimal.mlir, CUDA sm_80 O2: compiles [exit 0]" ok
show "minimal.mlir, llvm-cpu O2: compiles" iree-compile minimal.mlir -o /dev/null $CPU --iree-opt-level=O2
claim "minimal.mlir, llvm-cpu O2: compiles [exit 0]" ok

sed 's/xi4>/xi8>/g; s/%x: i4/%x: i8/; s/i4 to f32/i8 to f32/' minimal.mlir > "$T/i8.mlir"
show "variant: i8 weights instead of i4, gfx942 O2: compiles" iree-compile "$T/i8.mlir" -o /dev/null $GFX942
claim "variant: i8 weights instead of i4, gfx942 O2: compiles [exit 0]" ok
for s in 4x4x4 8x8x8 16x16x16; do
  m=${s%%x*}; sed "s/2x2x/${m}x${m}x/g; s/tensor<2x2x/tensor<${m}x${m}x/g; s/2x2xf32/${m}x${m}xf32/g; s/2x2xi4/${m}x${m}xi4/g" minimal.mlir > "$T/m$m.mlir"
  show "variant: ${m}x${m}x${m} instead of 2x2x2, gfx942 O2" iree-compile "$T/m$m.mlir" -o /dev/null $GFX942
done

show "emulate_store.mlir, the single pass iree-amdgpu-emulate-narrow-type: fails" \
  iree-opt --pass-pipeline='builtin.module(func.func(iree-amdgpu-emulate-narrow-type))' emulate_store.mlir
claim "emulate_store.mlir, the single pass iree-amdgpu-emulate-narrow-type: fails [an error]" fails "failed to legalize operation 'vector.store' that was explicitly marked"
show "emulate_store.mlir, the common pass iree-codegen-emulate-narrow-type: fails the same" \
  iree-opt --pass-pipeline='builtin.module(func.func(iree-codegen-emulate-narrow-type))' emulate_store.mlir
claim "emulate_store.mlir, the common pass iree-codegen-emulate-narrow-type: fails the same [an error]" fails "failed to legalize operation 'vector.store' that was explicitly marked"

# Which partial-byte stores the emulation takes, on a plain memref<8xi4> (iree-codegen-emulate-narrow-type).
store() {
  printf 'func.func @f(%%v: vector<%sxi4>) {\n  %%c = arith.constant %s : index\n  %%m = memref.alloca() : memref<8xi4>\n  vector.store %%v, %%m[%%c] : memref<8xi4>, vector<%sxi4>\n  return\n}\n' "$1" "$2" "$1" > "$T/st.mlir"
  show "store vector<$1xi4> at element $2 of memref<8xi4>" \
    iree-opt --pass-pipeline='builtin.module(func.func(iree-codegen-emulate-narrow-type))' "$T/st.mlir"
}
store 1 0; store 3 0; store 2 0; store 1 1; store 2 1
EXTRA='vector.store'
store 2 1
verdict
