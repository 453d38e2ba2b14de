#!/bin/sh
# Evidence for FINDING.md: compile-only here (iree-compile / iree-opt 3.13.0 on PATH, python with numpy).
# Nothing in this script needs a GPU; the H200 outputs it compares against are the ones in outputs/ and got-zero/outputs/.
# sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile python
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
evidence() {
export PYTHONPATH="$(cd ../../.. && pwd)${PYTHONPATH:+:$PYTHONPATH}"  # kernelfuzz's PTX simulator, frontends/devices/ptx
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2"
sim() {  # sim ET_MLIR DUMPDIR SWAP IN0 IN1 : run IREE's PTX in kernelfuzz's PTX simulator (not a GPU)
  python - "$@" <<'PY'
import sys, numpy as np
from frontends.devices import ptx as ptxsim
et, dump, swap, *ins = sys.argv[1:]
ptxsim.ops_warp.SWAP_ACC = swap == "swap"
out = ptxsim.run_module(et, dump, [np.load(p) for p in ins], memory=ptxsim.Memory(outside="zero"))[0]
np.save(et + "." + swap + ".npy", out)
print("  ptxsim" + (" with the lane fragment transposed (c1<->c2)" if swap == "swap" else "") + ":", out.ravel().tolist())
PY
}

printf '## 1. the dispatch: a matmul-like generic whose output [F, W] puts the second operand'"'"'s dim first;\n'
printf '##    TileAndFuse, NV_MMA_SYNC_F16_16x8x16_F16, workgroup tile [8, 16] (M=8 < intrinsic M=16: operands swapped)\n'
iree-compile kernel.mlir -o "$W/k.vmfb" $CUDA --iree-hal-dump-executable-files-to="$W/d"
iree-compile kernel.mlir -o "$W/k.et.mlir" $CUDA --compile-to=executable-targets
grep -o 'indexing_maps = \[[^]]*\]' "$W"/d/configured_*.mlir | head -1
grep -o 'translation_info<pipeline = #iree_gpu.pipeline<[A-Za-z]*>' "$W"/d/configured_*.mlir
grep -o 'lowering_config = #iree_gpu.lowering_config<{[^}]*}>' "$W"/d/configured_*.mlir

printf '\n## 2. before DistributeInnerTiledToLanesPass: the operands already pass through linalg.transpose (%%transposed_2,\n'
printf '##    %%transposed_4) and inner_tiled carries permutations, the accumulator'"'"'s [2, 0, 1] (tile [n=8][m_outer=2][m_inner=8]\n'
printf '##    -> intrinsic [m_outer][m_inner][n]); after it: those transposes are cut to each lane'"'"'s slice (%%transposed_3,\n'
printf '##    %%transposed_5), the distributed op has no permutations, and the accumulator slice (1x1x2x2x1: [n=2][m_outer=2])\n'
printf '##    goes in and its result is inserted back in that order, untransposed\n'
iree-compile kernel.mlir -o /dev/null $CUDA --mlir-print-ir-before=iree-gpu-distribute-inner-tiled-to-lanes \
  --mlir-print-ir-after=iree-gpu-distribute-inner-tiled-to-lanes --mlir-disable-threading 2> "$W/dist.txt"
grep -E "IR Dump|inner_tiled|linalg.transpose|extract_slice %arg7|parallel_insert_slice %3[0-9]" "$W/dist.txt" |
  sed -E 's/ \{lowering_config = [^}]*\}>\}//; s/indexing_maps = \[[^]]*\], iterator_types = \[[^]]*\], //' | cut -c1-330

printf '\n## 3. the PTX: one mma.sync m16n8k16 (f16 accumulator: d0,d1 in %%r7, d2,d3 in %%r8); lane = 4*g + t.\n'
printf '##    PTX ISA: d0=(row g, col 2t) d1=(g, 2t+1) d2=(g+8, 2t) d3=(g+8, 2t+1), row = W (m), col = F (n) here.\n'
printf '##    Output index (f*9 + w): d0 -> rd4 = 2t*9+g (right); d1 -> rd4+8 (should be +9); d2 -> rd4+9 (should be +8); d3 -> rd4+17\n'
grep -E "mma.sync|and.b32 	%r3, %r9, 3|shr.u32 	%r14, %r9, 2|shl.b32 	%r17, %r3, 1|mul.wide.u32 	%rd17|add.s64 	%rd4,|add.s64 	%rd[5-7], %rd4|st.global|setp.ne.b32 	%p(39|40)|or.b32 	%r6|@%p(39|40)" "$W"/d/*.ptx | head -30

printf '\n## 4. ptxsim on that PTX with the H200 inputs reproduces the H200 output exactly; transposing each lane'"'"'s\n'
printf '##    2x2 accumulator fragment (swap c1 and c2, in and out of every mma.sync) gives the reference\n'
python -c "import numpy as np; print('  H200 (outputs/):', np.load('outputs/iree_cuda-sm80-O2/op0.npy').ravel().tolist()); print('  reference:      ', np.load('reference/op0.npy').ravel().tolist())"
sim "$W/k.et.mlir" "$W/d" plain inputs/in0.npy inputs/in1.npy
sim "$W/k.et.mlir" "$W/d" swap inputs/in0.npy inputs/in1.npy

printf '\n## 5. got-zero/ (the stride-2 5x1 conv, f16 in, f32 accumulator, NV_MMA_SYNC_F32_16x8x16_F16): same\n'
iree-compile got-zero/kernel.mlir -o "$W/z.vmfb" $CUDA --iree-hal-dump-executable-files-to="$W/z"
iree-compile got-zero/kernel.mlir -o "$W/z.et.mlir" $CUDA --compile-to=executable-targets
grep -o 'mma_kind = #iree_gpu.mma_layout<[A-Z_0-9x]*>' "$W"/z/configured_*.mlir
python -c "import numpy as np; print('  H200 (got-zero/outputs/):', np.load('got-zero/outputs/iree_cuda-sm80-O2/op0.npy').ravel().tolist()); print('  reference:               ', np.load('got-zero/reference/op0.npy').ravel().tolist())"
sim "$W/z.et.mlir" "$W/z" plain got-zero/inputs/in0.npy got-zero/inputs/in1.npy
sim "$W/z.et.mlir" "$W/z" swap got-zero/inputs/in0.npy got-zero/inputs/in1.npy

printf '\n## 6. no conv needed: the dispatch'"'"'s own generic, ins(x[c,w], k[f,c]) -> out[f,w], is wrong the same way;\n'
printf '##    the same product with the operands in matmul order (ins(k, x)) is not (predicted by ptxsim, not run on a GPU)\n'
python -c "import numpy as np; x=np.load('inputs/in0.npy').reshape(2,9); k=np.load('inputs/in1.npy').reshape(2,2); np.save('$W/x.npy', x); np.save('$W/k.npy', k); print('  reference:', (k.astype(float)@x.astype(float)).ravel().tolist())"
for v in generic_swapped generic_plain; do
  iree-compile $v.mlir -o "$W/$v.vmfb" $CUDA --iree-hal-dump-executable-files-to="$W/$v"
  iree-compile $v.mlir -o "$W/$v.et.mlir" $CUDA --compile-to=executable-targets
  echo "  $v: $(grep -o 'mma_kind = #iree_gpu.mma_layout<[A-Z_0-9x]*>\|workgroup = \[[0-9, ]*\]' "$W"/$v/configured_*.mlir | tr '\n' ' ')"
  if [ $v = generic_swapped ]; then sim "$W/$v.et.mlir" "$W/$v" plain "$W/x.npy" "$W/k.npy"; else sim "$W/$v.et.mlir" "$W/$v" plain "$W/k.npy" "$W/x.npy"; fi
done

printf '\n## 7. workaround: --iree-codegen-llvmgpu-use-tile-and-fuse-matmul=false (no MMA; SIMT TileAndFuse)\n'
iree-compile kernel.mlir -o "$W/w.vmfb" $CUDA --iree-codegen-llvmgpu-use-tile-and-fuse-matmul=false --iree-hal-dump-executable-files-to="$W/w"
iree-compile kernel.mlir -o "$W/w.et.mlir" $CUDA --iree-codegen-llvmgpu-use-tile-and-fuse-matmul=false --compile-to=executable-targets
grep -o 'lowering_config = #iree_gpu.lowering_config<{[^}]*}>' "$W"/w/configured_*.mlir
sim "$W/w.et.mlir" "$W/w" plain inputs/in0.npy inputs/in1.npy
}
evidence "$@" > "$W/log" 2>&1
cat "$W/log"
logged() { grep -qE -- "$1" "$W/log"; }  # the evidence printed a line matching it
echo "== the claims of FINDING.md"
claim "the PTX simulator reproduces the H200's wrong output bit for bit" logged '^  ptxsim: \[-2.0, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, 1.0, -2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0\]'
claim "transposing each lane's accumulator fragment gives the reference (both cases)" [ "$(grep -c 'lane fragment transposed (c1<->c2): \[-2.0, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, 1.0\|lane fragment transposed (c1<->c2): \[5.0, 5.0, 5.0, 5.0\]' "$W/log")" -eq 2 ]
claim "got-zero/: the same, [5, 5, 0, 0] for [5, 5, 5, 5]" logged '^  ptxsim: \[5.0, 5.0, 0.0, 0.0\]'
verdict
