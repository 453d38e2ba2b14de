#!/bin/sh
# The variant table of FINDING.md: `sh results/variants.sh > results/variants_sim.txt` (IREE 3.13's iree-compile and
# iree-run-module on PATH, python3 with numpy).  CUDA results come from kernelfuzz's PTX simulator (a prediction, not a
# GPU run); the llvm-cpu control runs here.
cd "$(dirname "$0")/.."
TOOLS="$(cd ../../tools && pwd)"  # gpu_check.py (the PTX simulator is kernelfuzz's package frontends/devices/ptx)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2"
echo "## gpu_check.py group A: each variant's CUDA build in the simulator (O2, no-mma), then its llvm-cpu build run here (cpu)"
python3 "$TOOLS/gpu_check.py" pack "$T/v" A
python3 "$TOOLS/gpu_check.py" sim "$T/v"
python3 "$TOOLS/gpu_check.py" cpu "$T/v"
echo
echo "## kernel.mlir (the reduced conv) with other flags, in the simulator; reference: $(python3 -c "import numpy as np; print(np.load('reference/op0.npy').ravel().tolist())")"
for extra in "" "--iree-codegen-llvmgpu-use-tile-and-fuse-matmul=false" "--iree-codegen-llvmgpu-use-vector-distribution=false" \
    "--iree-codegen-llvmgpu-use-direct-convolution" "--iree-codegen-llvmgpu-use-tile-and-fuse-convolution=false" \
    "--iree-dispatch-creation-enable-aggressive-fusion=false" "--iree-opt-level=O3" "--iree-codegen-llvmgpu-use-igemm=false"; do
  rm -rf "$T/p"
  if iree-compile kernel.mlir $CUDA $extra --compile-to=executable-targets -o "$T/et.mlir" 2>"$T/err" &&
     iree-compile "$T/et.mlir" $CUDA $extra --compile-from=executable-targets --iree-hal-dump-executable-files-to="$T/p" -o "$T/k.vmfb" 2>>"$T/err"; then
    PYTHONPATH="$(cd ../../.. && pwd)" python3 - "$T/et.mlir" "$T/p" "${extra:-(O2 only)}" <<'PY'
import sys, numpy as np
from frontends.devices import ptx as ptxsim
et, ptx, name = sys.argv[1:]
out = ptxsim.run_module(et, ptx, [np.load("inputs/in0.npy"), np.load("inputs/in1.npy")], memory=ptxsim.Memory(outside="zero"))[0]
ref = np.load("reference/op0.npy")
bad = int((out.astype(np.float64) != ref.astype(np.float64)).sum())
print(f"{name}: {'exact' if bad == 0 else f'WRONG {bad}/{ref.size}'}: {out.ravel().tolist()}")
PY
  else echo "${extra:-(O2 only)}: compile failed: $(tail -1 "$T/err")"; fi
done
