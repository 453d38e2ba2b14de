#!/bin/sh
# Compile and run this finding's IREE configurations, then judge them. The gfx942 runs need a HIP device (an MI300
# class GPU), the CUDA run of the f16 variant an NVIDIA GPU; without them the compiles still run, and the verdicts
# come from gfx942_sim.py and variants/variants.py (the simulators). The exit rule is verdict.sh's: 1 when every
# claim below holds, 0 when one fails, 2 without a HIP device or a tool, 3 the script's or a check's own error.
cd "$(dirname "$0")"
. ./verdict.sh
PY="${PYTHON:-python3}"  # runs check.py, which needs numpy: PYTHON=/path/to/venv/bin/python sh iree.sh
need iree-compile iree-run-module "$PY"
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
compiled() { iree-compile "$@" || unable "iree-compile failed: $* (kernelfuzz's compile succeeded)"; }
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2"
mkdir -p outputs
set -x
# iree:gfx942-O2: out-of-bound (seen only in kernelfuzz's gfx942 simulator: outputs/iree_gfx942-O2/op0.npy)
compiled kernel.mlir -o iree_gfx942-O2.vmfb $GFX942
# iree:gfx942-no-igemm: exact (the same kernel with implicit GEMM off: the workaround)
compiled kernel.mlir -o iree_gfx942-no-igemm.vmfb $GFX942 --iree-codegen-llvmgpu-use-igemm=false

# iree:cpu-O2: exact (control)
compiled kernel.mlir -o iree_cpu-O2.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true
iree-run-module --module=iree_cpu-O2.vmfb --device=local-task --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy --output=@outputs/iree_cpu-O2.op0.npy
claim "iree:cpu-O2 (control) lies within the bound" judge 0 "$PY" check.py outputs/iree_cpu-O2.op0.npy

# The root cause on either GPU vendor: variants/generic_negf_nhwc.mlir (an f16 conv generic with a negf in its body;
# the PTX simulator and the gfx942 simulator both return +conv where -conv is right), run on each GPU present.
for t in "cuda --iree-cuda-target=sm_80" "hip --iree-rocm-target=gfx942"; do
  d=${t%% *}
  compiled variants/generic_negf_nhwc.mlir -o negf_$d.vmfb --iree-hal-target-device=$t --iree-opt-level=O2
  if has_device $d; then
    iree-run-module --module=negf_$d.vmfb --device=$d --function=main --input=@variants/generic_negf_nhwc.in0.npy --input=@variants/generic_negf_nhwc.in1.npy --output=@outputs/negf_nhwc_$d.npy
    claim "generic_negf_nhwc on $d returns the wrong sign" judge 1 "$PY" variants/negf_nhwc_check.py outputs/negf_nhwc_$d.npy
  else echo "iree.sh: generic_negf_nhwc not run on $d: no such device here (not a claim)"; fi
done

has_device hip || unable "no HIP device here for the gfx942 blocks"
for c in gfx942-O2 gfx942-no-igemm; do
  iree-run-module --module=iree_$c.vmfb --device=hip --function=main --input=@inputs/in0.npy --input=@inputs/in1.npy --output=@outputs/iree_$c.op0.npy
done
claim "iree:gfx942-O2 lies out of bound" judge 1 "$PY" check.py outputs/iree_gfx942-O2.op0.npy
claim "iree:gfx942-no-igemm (the workaround) lies within the bound" judge 0 "$PY" check.py outputs/iree_gfx942-no-igemm.op0.npy
verdict
