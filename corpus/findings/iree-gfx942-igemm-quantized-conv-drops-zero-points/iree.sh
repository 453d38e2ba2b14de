#!/bin/sh
# Compile and run this finding's IREE configurations, then judge them. The gfx942 runs need a HIP device (an MI300
# class GPU), the CUDA run of the f16 variant an NVIDIA GPU; without them the compiles still run, and the verdicts
# come from gfx942_sim.py and variants/variants.py (the simulators).
# Exit status, kernelfuzz's rule (check.py states it): 1 when any block shows its bug, whatever blocks follow; else
# 2 when a block could not run (a tool or a device missing); else 0.
cd "$(dirname "$0")"
need() {
  command -v "$1" >/dev/null 2>&1 || {
    echo "iree.sh: $1 is not on PATH: pip install iree-base-compiler iree-base-runtime (or put IREE's tools on PATH)" >&2
    exit 2
  }
}
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
status=0  # the exit status: set to 1 by each block that shows its bug, whatever blocks follow
unrun=0  # set to 1 by each block that could not run
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
    python3 check.py outputs/iree_$c.op0.npy; r=$?; [ "$r" = 1 ] && status=1; [ "$r" -ge 2 ] && unrun=1
  done
else echo "iree.sh: could not run the gfx942 blocks: no HIP device here"; unrun=1; fi
# The root cause on either GPU vendor: variants/generic_negf_nhwc.mlir (an f16 conv generic with a negf in its body;
# the PTX simulator and the gfx942 simulator both return +conv where -conv is right). Expected: MISCOMPILE.
for t in "cuda --iree-cuda-target=sm_80" "hip --iree-rocm-target=gfx942"; do
  d=${t%% *}
  iree-compile variants/generic_negf_nhwc.mlir -o negf_$d.vmfb --iree-hal-target-device=$t --iree-opt-level=O2
  if has_device $d; then
    need iree-run-module
    iree-run-module --module=negf_$d.vmfb --device=$d --function=main --input=@variants/generic_negf_nhwc.in0.npy --input=@variants/generic_negf_nhwc.in1.npy --output=@outputs/negf_nhwc_$d.npy
    python3 variants/negf_nhwc_check.py outputs/negf_nhwc_$d.npy; r=$?; [ "$r" = 1 ] && status=1; [ "$r" -ge 2 ] && unrun=1
  else echo "iree.sh: could not run generic_negf_nhwc on $d: no such device here"; unrun=1; fi
done
# iree:cpu-O2: exact (control)
iree-compile kernel.mlir -o iree_cpu-O2.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true
need iree-run-module
iree-run-module --module=iree_cpu-O2.vmfb --device=local-task --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy --output=@outputs/iree_cpu-O2.op0.npy
python3 check.py outputs/iree_cpu-O2.op0.npy; r=$?; [ "$r" = 1 ] && status=1; [ "$r" -ge 2 ] && unrun=1

if [ "$status" = 0 ] && [ "$unrun" = 1 ]; then status=2; fi
exit "$status"
