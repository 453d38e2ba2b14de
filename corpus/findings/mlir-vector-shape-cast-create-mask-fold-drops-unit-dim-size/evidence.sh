#!/bin/sh
# Evidence for FINDING.md: compile-only here (iree-compile / iree-opt 3.13.0 on PATH, python with numpy).
# sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt python
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
evidence() {
export PYTHONPATH="$(cd ../../.. && pwd)${PYTHONPATH:+:$PYTHONPATH}"  # kernelfuzz's PTX simulator, frontends/devices/ptx
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2"

printf '## 1. the pattern alone (mask.mlir): iree-opt --canonicalize drops a non-constant unit-dim operand of\n'
printf '##    vector.create_mask when a shape_cast removes that dim; create_mask(1, 0, n) (all false) becomes create_mask(n)\n'
iree-opt --canonicalize mask.mlir
printf '\n##    which pattern (--log-actions-to): \n'
iree-opt --canonicalize --log-actions-to=- mask.mlir 2>&1 | grep -o "ShapeCastCreateMaskFolderBoundaryUnitDim<[^>]*> (%[0-9]* = vector.shape_cast [^)]*" | sort | uniq -c
printf '\n##    with that pattern disabled (canonicalize{disable-patterns=...}), shape_casts left of 5:\n'
iree-opt --pass-pipeline='builtin.module(func.func(canonicalize{disable-patterns={(anonymous namespace)::ShapeCastCreateMaskFolderBoundaryUnitDim<(anonymous namespace)::UnitDimSide::Leading>,(anonymous namespace)::ShapeCastCreateMaskFolderBoundaryUnitDim<(anonymous namespace)::UnitDimSide::Trailing>}}))' mask.mlir | grep -c "vector.shape_cast"

printf '\n## 2. the dispatch (kernel.mlir, campaign case seed1112477205): batch_matmul with transposed A, f16, K = 4\n'
printf '##    padded to 16; TileAndFuse + NV_MMA_SYNC_F16_16x8x16_F16; A (laid out [b, k, m]) is promoted to shared memory\n'
printf '##    one [1, 1, 8] row per thread, masked by create_mask(1, k_valid, m_valid)\n'
iree-compile kernel.mlir -o "$W/k.vmfb" $CUDA --iree-hal-dump-executable-files-to="$W/d"
iree-compile kernel.mlir -o "$W/k.et.mlir" $CUDA --compile-to=executable-targets
grep -o 'lowering_config = #iree_gpu.lowering_config<{[^}]*}>' "$W"/d/configured_*.mlir
iree-compile kernel.mlir -o /dev/null $CUDA --mlir-print-ir-after-all --mlir-disable-threading 2> "$W/all.txt"
python - "$W/all.txt" <<'PY'
import re, sys
dumps = re.split(r"(?m)^// -----// IR Dump After ", open(sys.argv[1]).read())[1:]
last = None
for d in dumps:
    head = d.splitlines()[0]
    masks = re.findall(r"vector\.(?:create|constant)_mask [^\n]*", d)
    if masks and masks != last:
        print("after", head.split(" //")[0][:80])
        for m in masks:
            print("    ", m)
        last = masks
PY

printf '\n## 3. PTX + kernelfuzz'"'"'s PTX simulator (not a GPU): the masked A loads lost their k < 4 condition; for batch 0\n'
printf '##    the K padding rows 4..15 of A are loaded from batch 1 (in bounds), for batch 1 from past the end of the\n'
printf '##    buffer; B'"'"'s padding rows too. The H200 recorded (0, 1, 0): expected 158, got 2438 (results.json)\n'
python - "$W" <<'PY'
import sys, numpy as np
from frontends.devices import ptx as ptxsim
t = sys.argv[1]
ins = [np.load("inputs/in0.npy"), np.load("inputs/in1.npy")]
ptxsim.ops_warp.MMA_LOG = []
st = {}
out = ptxsim.run_module(f"{t}/k.et.mlir", f"{t}/d", ins, stats=st, memory=ptxsim.Memory(outside="zero"))[0]
ref = np.load("reference/op0.npy")
np.set_printoptions(linewidth=150)
blk, A, B, C, D = ptxsim.ops_warp.MMA_LOG[0]
print("  first mma.sync (batch 0): A[:4, :6] (rows m, cols k; k >= 4 must be 0):\n", A[:4, :6])
print("  B[:6, :2] (rows k; k >= 4 must be 0):\n", B[:6, :2])
print("  batch 1 A^T:", ins[0][1].T[:4, :2].tolist(), " batch 1 B[0]:", ins[1][1][0].tolist())
print("  out-of-bounds global reads (ptxsim, read as 0):", ptxsim.over_reads(st))
print("  ptxsim output:", out.ravel().tolist())
print("  reference:    ", ref.ravel().tolist())
print("  element (0,1,0): ptxsim", float(out[0, 1, 0]), "reference", float(ref[0, 1, 0]))
bad = np.argwhere(out.astype(float) != ref.astype(float))
print("  bad:", len(bad), "first:", [tuple(map(int, b)) for b in bad[:5]])
PY

printf '\n## 4. ablation: IREE'"'"'s own TileAndFuse pass list for this dispatch, re-run in iree-opt with the pattern disabled\n'
printf '##    in every canonicalize, the masks rewritten to 1-D selects, patched back (--iree-llvmgpu-debug-patch-func-ops)\n'
python ablate_maskfold.py kernel.mlir "$W/abl" > /dev/null
python ablate_maskfold.py kernel.mlir "$W/recon" --no-fix > /dev/null
python - "$W" <<'PY'
import sys, numpy as np
from frontends.devices import ptx as ptxsim
t = sys.argv[1]
ins = [np.load("inputs/in0.npy"), np.load("inputs/in1.npy")]
ref = np.load("reference/op0.npy")
for tag, what in (("recon", "same pass list, nothing changed (control)"), ("abl", "mask fold disabled")):
    st = {}
    o = ptxsim.run_module(f"{t}/{tag}/et.mlir", f"{t}/{tag}/dump", ins, stats=st, memory=ptxsim.Memory(outside="zero"))[0]
    print(f"  {what}: {int((o.astype(float) != ref.astype(float)).sum())} bad, {ptxsim.over_reads(st)} out-of-bounds reads")
PY

printf '\n## 5. workaround: --iree-codegen-llvmgpu-use-tile-and-fuse-matmul=false (no MMA)\n'
iree-compile kernel.mlir -o "$W/w.vmfb" $CUDA --iree-codegen-llvmgpu-use-tile-and-fuse-matmul=false --iree-hal-dump-executable-files-to="$W/w"
iree-compile kernel.mlir -o "$W/w.et.mlir" $CUDA --iree-codegen-llvmgpu-use-tile-and-fuse-matmul=false --compile-to=executable-targets
python -c "
import numpy as np; from frontends.devices import ptx as ptxsim
o = ptxsim.run_module('$W/w.et.mlir', '$W/w', [np.load('inputs/in0.npy'), np.load('inputs/in1.npy')], memory=ptxsim.Memory(outside='zero'))[0]
print('  ptxsim:', 'exact' if np.array_equal(o, np.load('reference/op0.npy')) else 'WRONG')"
}
evidence "$@" > "$W/log" 2>&1
cat "$W/log"
logged() { grep -qE -- "$1" "$W/log"; }  # the evidence printed a line matching it
echo "== the claims of FINDING.md"
claim "the pattern alone folds the shape_cast of each create_mask (none left of 5 when it runs)" logged 'ShapeCastCreateMaskFolderBoundaryUnitDim<'
claim "the PTX simulator: element (0,1,0) is 2438, not 158" logged 'element \(0,1,0\): ptxsim 2438.0 reference 158.0'
claim "with the fold disabled the same pass list is exact; unchanged it is wrong" eval "logged 'mask fold disabled: 0 bad, 0 out-of-bounds reads' && logged 'nothing changed \(control\): 6 bad'"
verdict
