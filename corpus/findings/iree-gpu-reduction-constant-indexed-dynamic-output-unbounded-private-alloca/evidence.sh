#!/bin/sh
# Evidence for FINDING.md (iree-compile from iree-base-compiler 3.13.0; no GPU needed: everything is cross-compiled).
# sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")" || exit 3
. ./verdict.sh
need iree-compile
HIP="--iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2"
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2"
NOVD="--iree-codegen-llvmgpu-use-vector-distribution=false --iree-codegen-llvmgpu-use-reduction-vector-distribution=false"
T=$(mktemp -d) || exit 3
trap 'rm -rf "$T"' EXIT

# show TITLE COMMAND...: print the command, its diagnostics and exit status; its whole output stays in $T/out.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: " "$T/out" | cut -c1-220 | sed "s|$T|\$TMP|g"
  echo "exit status $rc"
}
says() { grep -qE -- "$1" "$T/out"; }
# after PASS [OPTION]: the IR dump after the first run of PASS (whose header also holds OPTION) in $T/out, into $T/after
after() {
  awk -v p="IR Dump After $1" -v o="${2:-IR Dump}" 'index($0, p) && index($0, o) {on = 1; next}
    on && /IR Dump After/ {exit} on' "$T/out" > "$T/after"
}
in_after() { grep -qE -- "$1" "$T/after"; }

show "the bundle's kernel (kernel.mlir) on gfx942: the AMDGPU backend refuses a 2^55-byte stack frame" \
  iree-compile kernel.mlir -o /dev/null $HIP
claim "gfx942 rejects kernel.mlir: stack frame size (36028797018955776) exceeds limit" \
  says "stack frame size \(36028797018955776\) exceeds limit"

show "kernel.mlir through dispatch creation: the unit loop dim d0 (1 from in0) is folded into the constant 0" \
  iree-compile kernel.mlir -o /dev/null $HIP --compile-to=flow \
  --mlir-print-ir-after=iree-dispatch-creation-fold-unit-extent-dims --mlir-disable-threading
grep -E "^#map|linalg.generic" "$T/out" | cut -c1-220
claim "after FoldUnitExtentDimsPass the output tensor<?x?xi32> is written through (d0, d1) -> (0, d0)" \
  sh -c "grep -q 'affine_map<(d0, d1) -> (0, d0)>' '$T/out' && grep -q 'outs(%[0-9]* : tensor<?x?xi32>)' '$T/out'"

show "kernel_min.mlir (a sum of ?xi8 into element 0 of a ?xi32 output) on gfx942, every pass printed" \
  iree-compile kernel_min.mlir -o /dev/null $HIP --mlir-print-ir-after-all --mlir-disable-threading
claim "gfx942 rejects kernel_min.mlir the same way (stack frame 36028797018955776)" \
  says "stack frame size \(36028797018955776\) exceeds limit"
after "AnnotateDispatchAssumptionsPass"
grep -E "umax" "$T/after" | head -n 3
claim "the dispatch's dynamic dims are assumed only to lie in [0, 2^53 - 1]" in_after "umax = 9007199254740991"
after "GPUApplyPaddingLevelPass"
grep -E "tensor.extract_slice .*tensor<\?xi32> to|store_to_buffer" "$T/after" | cut -c1-200
claim "after GPUApplyPaddingLevelPass the result stored is a slice of constant size 0 (%c0_N = arith.constant 0)" \
  sh -c "n=\$(sed -n 's/.*tensor.extract_slice %[0-9]*\[0\] \[\(%c0_[0-9]*\)\] \[1\] : tensor<?xi32> to tensor<?xi32>.*/\1/p' '$T/after'); [ -n \"\$n\" ] && grep -q \"\$n = arith.constant 0 : index\" '$T/after'"
after "GPUApplyTilingLevelPass" "tiling-level=partial_reduction}"
grep -E "x1024xi32>|tensor<0xi32>" "$T/after" | head -n 4 | cut -c1-200
claim "partial-reduction tiling keeps the whole dynamic output dim in each thread's accumulator tensor<?x1024xi32>" \
  in_after "tensor.empty\(%[a-z_0-9]*\) : tensor<\?x1024xi32>"
after "IREEComprehensiveBufferizePass"
grep -E "memref.alloca\(" "$T/after" | head -n 3 | cut -c1-200
claim "after bufferization the per-thread buffers are private allocas sized by that dim" \
  in_after "memref.alloca\(%[0-9a-z_]*\) : memref<\?x?[0-9]*x?i32, #gpu.address_space<private>>"
after "PadDynamicAllocPass"
grep -E "memref.alloca\(\) : memref<9007199254740991" "$T/after" | head -n 3 | cut -c1-200
claim "PadDynamicAllocPass pads them to the assumed bound: memref<9007199254740991xi32> (2^53 - 1 elements)" \
  in_after "memref.alloca\(\) : memref<9007199254740991xi32, #gpu.address_space<private>>"

show "kernel_min.mlir on CUDA sm_80: it compiles; the PTX declares the same local depot" \
  iree-compile kernel_min.mlir -o /dev/null $CUDA --iree-hal-dump-executable-files-to="$T/cuda"
grep -h "__local_depot0\[" "$T"/cuda/*.ptx
claim "the PTX kernel declares a local depot of 36028797018955772 bytes a thread" \
  grep -q "__local_depot0\[36028797018955772\]" "$T"/cuda/module_main_dispatch_0_cuda_nvptx_fb.ptx

show "control: kernel_min_static_output.mlir (the same sum, output tensor<1xi32>) on gfx942 compiles" \
  iree-compile kernel_min_static_output.mlir -o /dev/null $HIP --iree-hal-dump-executable-files-to="$T/static"
grep -h "^ *\.private_segment_fixed_size" "$T"/static/*.rocmasm
claim "with a static output dim it compiles with no private memory" \
  sh -c "[ $rc -eq 0 ] && grep -q '^ *\.private_segment_fixed_size: 0$' '$T'/static/*.rocmasm"

show "control: kernel_min.mlir on gfx942 with vector distribution off (Distribute) compiles" \
  iree-compile kernel_min.mlir -o /dev/null $HIP $NOVD
claim "kernel_min.mlir compiles without the VectorDistribute pipeline" [ "$rc" -eq 0 ]

show "kernel.mlir on gfx942 with vector distribution off: another rejection of the same kernel" \
  iree-compile kernel.mlir -o /dev/null $HIP $NOVD
claim "kernel.mlir fails on TileAndFuse too: Yield operand #0 is not equivalent to the corresponding iter bbArg" \
  says "Yield operand #0 is not equivalent to the corresponding iter bbArg"
verdict
