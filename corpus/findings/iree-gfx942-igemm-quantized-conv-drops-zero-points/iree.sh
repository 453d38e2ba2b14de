#!/bin/sh
# Compile and run this finding's IREE configurations, then judge them. The gfx942 runs need a HIP device (an MI300
# class GPU); without one the gfx942 compiles still run, and the verdict comes from gfx942_sim.py (the simulator).
cd "$(dirname "$0")"
need() {
  command -v "$1" >/dev/null 2>&1 || {
    echo "iree.sh: $1 is not on PATH: pip install iree-base-compiler iree-base-runtime (or put IREE's tools on PATH)" >&2
    exit 127
  }
}
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
need iree-compile
mkdir -p outputs
set -x
# iree:gfx942-O2: out-of-bound (seen only in kernelfuzz's gfx942 simulator: outputs/iree_gfx942-O2/op0.npy)
iree-compile kernel.mlir -o iree_gfx942-O2.vmfb --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2
# iree:gfx942-no-igemm: exact (the same kernel with implicit GEMM off: the workaround)
iree-compile kernel.mlir -o iree_gfx942-no-igemm.vmfb --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 --iree-codegen-llvmgpu-use-igemm=false
if has_device hip; then
  need iree-run-module
  for c in gfx942-O2 gfx942-no-igemm; do
    iree-run-module --module=iree_$c.vmfb --device=hip --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy --output=@outputs/iree_$c.op0.npy
    python check.py outputs/iree_$c.op0.npy
  done
else echo "iree.sh: skipping the gfx942 runs: no HIP device here"; fi
# iree:cpu-O2: exact (control)
iree-compile kernel.mlir -o iree_cpu-O2.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true
need iree-run-module
iree-run-module --module=iree_cpu-O2.vmfb --device=local-task --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy --output=@outputs/iree_cpu-O2.op0.npy
python check.py outputs/iree_cpu-O2.op0.npy
