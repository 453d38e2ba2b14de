#!/bin/sh
# The variant table of FINDING.md: `sh results/variants.sh > results/variants_sim.txt` (IREE 3.13's iree-compile and
# iree-run-module on PATH, python3 with numpy).  CUDA results come from kernelfuzz's PTX simulator (a prediction, not a
# GPU run); the llvm-cpu control runs here.
. "$(dirname "$0")/verdict.sh"
cd "$(dirname "$0")/.."
need iree-compile iree-run-module python3
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
evidence() {
TOOLS="$(cd ../../tools && pwd)"  # gpu_check.py (the PTX simulator is kernelfuzz's package frontends/devices/ptx)
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2"
echo "## gpu_check.py group A: each variant's CUDA build in the simulator (O2, no-mma), then its llvm-cpu build run here (cpu)"
python3 "$TOOLS/gpu_check.py" pack "$W/v" A
python3 "$TOOLS/gpu_check.py" sim "$W/v"
python3 "$TOOLS/gpu_check.py" cpu "$W/v"
echo
echo "## kernel.mlir (the reduced conv) with other flags, in the simulator; reference: $(python3 -c "import numpy as np; print(np.load('reference/op0.npy').ravel().tolist())")"
for extra in "" "--iree-codegen-llvmgpu-use-tile-and-fuse-matmul=false" "--iree-codegen-llvmgpu-use-vector-distribution=false" \
    "--iree-codegen-llvmgpu-use-direct-convolution" "--iree-codegen-llvmgpu-use-tile-and-fuse-convolution=false" \
    "--iree-dispatch-creation-enable-aggressive-fusion=false" "--iree-opt-level=O3" "--iree-codegen-llvmgpu-use-igemm=false"; do
  rm -rf "$W/p"
  if iree-compile kernel.mlir $CUDA $extra --compile-to=executable-targets -o "$W/et.mlir" 2>"$W/err" &&
     iree-compile "$W/et.mlir" $CUDA $extra --compile-from=executable-targets --iree-hal-dump-executable-files-to="$W/p" -o "$W/k.vmfb" 2>>"$W/err"; then
    PYTHONPATH="$(cd ../../.. && pwd)" python3 - "$W/et.mlir" "$W/p" "${extra:-(O2 only)}" <<'PY'
import sys, numpy as np
from frontends.devices import ptx as ptxsim
et, ptx, name = sys.argv[1:]
out = ptxsim.run_module(et, ptx, [np.load("inputs/in0.npy"), np.load("inputs/in1.npy")], memory=ptxsim.Memory(outside="zero"))[0]
ref = np.load("reference/op0.npy")
bad = int((out.astype(np.float64) != ref.astype(np.float64)).sum())
print(f"{name}: {'exact' if bad == 0 else f'WRONG {bad}/{ref.size}'}: {out.ravel().tolist()}")
PY
  else echo "${extra:-(O2 only)}: compile failed: $(tail -1 "$W/err")"; fi
done
}
evidence "$@" > "$W/log" 2>&1
cat "$W/log"
logged() { grep -qE -- "$1" "$W/log"; }  # the evidence printed a line matching it
echo "== the claims of FINDING.md"
claim "the reduced conv is wrong in the simulator at O2 and under every flag that keeps mma.sync" [ "$(grep -c ': WRONG 9/18' "$W/log")" -eq 7 ]
claim "without the MMA matmul path it is exact" logged '^--iree-codegen-llvmgpu-use-tile-and-fuse-matmul=false: exact'
verdict
