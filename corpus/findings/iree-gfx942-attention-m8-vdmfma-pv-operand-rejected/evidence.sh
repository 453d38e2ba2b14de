#!/bin/sh
# Evidence for FINDING.md (iree-compile from iree-base-compiler 3.13.0; 3.12 fails the same way on kernel_pre313.mlir).
# PATH=/path/to/venv/bin:$PATH sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2"
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2"
ERR="'iree_codegen.inner_tiled' op operand #0 inner tile 'tensor<1x16xf16>' is incompatible with expected MMA tile type 'vector<8xf16>'"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# show TITLE COMMAND...: the command, the lines of its output that matter and its exit status.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: |IR Dump After .*Failed" "$T/out" | head -3 | cut -c1-240 | sed "s|$T|\$TMP|g"
  echo "exit status $rc"
}
ok() { [ "$rc" -eq 0 ]; }
fails() { [ "$rc" -ne 0 ] && [ "$rc" -le 128 ] && grep -qF -- "$1" "$T/out"; }
has() { grep -qE -- "$1" "$T/out"; }

show "the attention with 8 query rows (kernel.mlir: Q 1x8x64, K and V 1x64x64, f16) on gfx942 O2" iree-compile kernel.mlir $GFX942 -o "$T/g.vmfb"
claim "gfx942 rejects it: the inner_tiled op's operand does not match the MMA's tile type" fails "$ERR"
show "the failing pass (--mlir-print-ir-after-failure)" iree-compile kernel.mlir $GFX942 --mlir-disable-threading --mlir-print-ir-after-failure -o "$T/g.vmfb"
claim "the first pass that fails is LLVMGPUVectorDistributePass" has "IR Dump After LLVMGPUVectorDistributePass Failed"
show "the configuration the dispatch got (--iree-hal-dump-executable-files-to)" iree-compile kernel.mlir $GFX942 --iree-hal-dump-executable-files-to="$T/dump" -o "$T/g.vmfb"
grep -ohE "(qk|pv)_attrs = \{lowering_config = #iree_gpu.lowering_config<\{mma_kind = [^,]*" "$T"/dump/configured_*.mlir
claim "both of the attention's matmuls (QK and PV) are given the virtual sparse-MFMA layout VDMFMA_F32_8x16x64x2_F16" \
  grep -qE "pv_attrs = \{lowering_config = #iree_gpu.lowering_config<\{mma_kind = #iree_gpu.virtual_mma_layout<VDMFMA_F32_8x16x64x2_F16>" "$T"/dump/configured_module_main_dispatch_0.mlir
show "control: 7 query rows (kernel_m7.mlir) on gfx942 O2" iree-compile kernel_m7.mlir $GFX942 -o "$T/g7.vmfb"
claim "control: 7 rows compile [exit 0]" ok
show "control: 16 query rows (kernel_m16.mlir) on gfx942 O2" iree-compile kernel_m16.mlir $GFX942 -o "$T/g16.vmfb"
claim "control: 16 rows compile [exit 0]" ok
show "control: the same attention for CUDA sm_80" iree-compile kernel.mlir $CUDA -o "$T/c.vmfb"
claim "control: CUDA compiles it [exit 0]" ok
verdict
