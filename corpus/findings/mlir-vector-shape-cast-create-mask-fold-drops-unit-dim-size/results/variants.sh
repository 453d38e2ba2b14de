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
echo "## gpu_check.py group B: each variant's CUDA build in the simulator (O2; no-mma = --iree-codegen-llvmgpu-use-tile-and-fuse-matmul=false), then its llvm-cpu build run here (cpu)"
python3 "$TOOLS/gpu_check.py" pack "$W/v" B
python3 "$TOOLS/gpu_check.py" sim "$W/v"
python3 "$TOOLS/gpu_check.py" cpu "$W/v"
}
evidence "$@" > "$W/log" 2>&1
cat "$W/log"
logged() { grep -qE -- "$1" "$W/log"; }  # the evidence printed a line matching it
echo "== the claims of FINDING.md"
claim "batch matmuls with transposed A and K padded are wrong at O2 in the simulator" logged '^B-bmm-ta-f16-2x4x2x4 +O2 +WRONG'
claim "without mma, and on llvm-cpu, they are exact" eval "logged '^B-bmm-ta-f16-2x4x2x4 +no-mma +exact' && ! logged ' cpu +WRONG'"
verdict
