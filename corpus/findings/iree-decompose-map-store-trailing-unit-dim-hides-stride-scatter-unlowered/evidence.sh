#!/bin/sh
# Evidence for FINDING.md (iree-compile and iree-opt from iree-base-compiler 3.13.0, or any release 3.8-3.13).
# PATH=/path/to/venv/bin:$PATH sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2"
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2"
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=generic"
ERR="LLVM Translation failed for operation: builtin.unrealized_conversion_cast"
PASS="builtin.module(func.func(iree-linalg-ext-decompose-map-store))"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# show TITLE COMMAND...: the command, the lines of its output that matter and its exit status.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: |memref.collapse_shape|memref.reinterpret_cast|vector.scatter" "$T/out" | head -4 | cut -c1-260 |
    sed "s|$T|\$TMP|g"
  echo "exit status $rc"
}
ok() { [ "$rc" -eq 0 ]; }
fails() { [ "$rc" -ne 0 ] && [ "$rc" -le 128 ] && grep -qF -- "$1" "$T/out"; }
has() { grep -qE -- "$1" "$T/out"; }

show "the pass alone: a map_store into a subview with a trailing unit dim (strides [4, 2, 1])" iree-opt map_store.mlir "--pass-pipeline=$PASS"
claim "it collapses the output to a stride-2 1-D memref and scatters into it" has "vector.scatter %collapse_shape.*memref<8xf32, strided<\[2\]"
show "control: the same map_store into a subview without the unit dim (strides [8, 4, 1])" iree-opt map_store_control.mlir "--pass-pipeline=$PASS"
claim "control: the subview is folded into the indices and the scatter goes to a unit-stride buffer" has "vector.scatter %collapse_shape.*memref<32xf32>"
show "the batch matmul writing out[m, n, b] (kernel.mlir) on gfx942 O2" iree-compile kernel.mlir $GFX942 -o "$T/g.vmfb"
claim "gfx942 fails in LLVM translation" fails "$ERR"
show "the same after DecomposeMapStorePass (--mlir-print-ir-after=iree-linalg-ext-decompose-map-store)" iree-compile kernel.mlir $GFX942 --compile-to=executable-targets --mlir-disable-threading --mlir-print-ir-after=iree-linalg-ext-decompose-map-store -o /dev/null
claim "the dispatch scatters into memref<1536xf32, strided<[2]>>, collapsed from memref<64x24x1xf32, strided<[48, 2, 1]>>" has "vector.scatter %collapse_shape.*memref<1536xf32, strided<\[2\]"
show "control: the same kernel for CUDA sm_80 compiles" iree-compile kernel.mlir $CUDA -o "$T/c.vmfb"
claim "control: CUDA compiles it [exit 0]" ok
show "control: the same kernel for llvm-cpu compiles" iree-compile kernel.mlir $CPU -o "$T/l.vmfb"
claim "control: llvm-cpu compiles it [exit 0]" ok
verdict
