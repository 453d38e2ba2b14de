#!/bin/sh
# Compile and run this finding's IREE configurations, then judge them. The gfx942 runs need a HIP device (an MI300
# class GPU), the CUDA run of the f16 variant an NVIDIA GPU; without them the compiles still run, and the verdicts
# come from gfx942_sim.py and variants/variants.py (the simulators).
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
# The root cause on either GPU vendor: variants/generic_negf_nhwc.mlir (an f16 conv generic with a negf in its body;
# the PTX simulator and the gfx942 simulator both return +conv where -conv is right). Expected: MISCOMPILE.
for t in "cuda --iree-cuda-target=sm_80" "hip --iree-rocm-target=gfx942"; do
  d=${t%% *}
  iree-compile variants/generic_negf_nhwc.mlir -o negf_$d.vmfb --iree-hal-target-device=$t --iree-opt-level=O2
  if has_device $d; then
    need iree-run-module
    iree-run-module --module=negf_$d.vmfb --device=$d --function=main --input=@variants/generic_negf_nhwc.in0.npy --input=@variants/generic_negf_nhwc.in1.npy --output=@outputs/negf_nhwc_$d.npy
    python variants/negf_nhwc_check.py outputs/negf_nhwc_$d.npy
  else echo "iree.sh: skipping the run of generic_negf_nhwc on $d: no such device here"; fi
done
# iree:cpu-O2: exact (control)
iree-compile kernel.mlir -o iree_cpu-O2.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true
need iree-run-module
iree-run-module --module=iree_cpu-O2.vmfb --device=local-task --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy --output=@outputs/iree_cpu-O2.op0.npy
python check.py outputs/iree_cpu-O2.op0.npy
