#!/bin/sh
# The variant table of FINDING.md: `sh results/variants.sh > results/variants_sim.txt` (IREE 3.13's iree-compile and
# iree-run-module on PATH, python3 with numpy).  CUDA results come from kernelfuzz's PTX simulator (a prediction, not a
# GPU run); the llvm-cpu control runs here.
cd "$(dirname "$0")/.."
TOOLS="$(cd ../../tools && pwd)"  # gpu_check.py (the PTX simulator is kernelfuzz's package frontends/devices/ptx)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
echo "## gpu_check.py group B: each variant's CUDA build in the simulator (O2; no-mma = --iree-codegen-llvmgpu-use-tile-and-fuse-matmul=false), then its llvm-cpu build run here (cpu)"
python3 "$TOOLS/gpu_check.py" pack "$T/v" B
python3 "$TOOLS/gpu_check.py" sim "$T/v"
python3 "$TOOLS/gpu_check.py" cpu "$T/v"
