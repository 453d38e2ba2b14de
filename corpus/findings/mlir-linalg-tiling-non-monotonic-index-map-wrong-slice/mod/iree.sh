#!/bin/sh
# Compile and run kernel.mlir (the mod map) on llvm-cpu and CUDA, judging each with check_mod.py (check.py judges
# case.json's campaign case, another kernel). The exit rule is verdict.sh's: 1 when every claim below holds, 0
# when one fails, 2 without a CUDA device or a tool, 3 the script's or check_mod.py's own error.
cd "$(dirname "$0")"
. ./verdict.sh
PY="${PYTHON:-python3}"  # runs check_mod.py, which needs numpy: PYTHON=/path/to/venv/bin/python sh iree.sh
need iree-compile iree-run-module "$PY"
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
compiled() { iree-compile "$@" || unable "iree-compile failed: $* (kernelfuzz's compile succeeded)"; }
mkdir -p outputs
set -x

# iree:cpu-O2: exact (control)
compiled kernel.mlir -o iree_cpu-O2.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=znver4 --iree-llvmcpu-target-cpu-features=+adx,+aes,+avx,+avx2,+avx512bf16,+avx512bitalg,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512ifma,+avx512vbmi,+avx512vbmi2,+avx512vl,+avx512vnni,+avx512vpopcntdq,+bmi,+bmi2,+clflushopt,+clwb,+clzero,+crc32,+cx16,+cx8,+f16c,+fma,+fsgsbase,+fxsr,+gfni,+invpcid,+lzcnt,+mmx,+movbe,-mwaitx,+pclmul,-pku,+popcnt,+prfchw,+rdpid,-rdpru,+rdrnd,+rdseed,+sahf,+sha,+shstk,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+sse4a,+ssse3,+vaes,+vpclmulqdq,-wbnoinvd,+x87,+xsave,+xsavec,+xsaveopt,+xsaves,+64bit,-amx-avx512,-amx-bf16,-amx-complex,-amx-fp16,-amx-fp8,-amx-int8,-amx-movrs,-amx-tile,-avx10.1,-avx10.2,-avx10v2aux,-avx512bmm,-avx512fp16,-avx512vp2intersect,-avxifma,-avxneconvert,-avxvnni,-avxvnniint16,-avxvnniint8,-ccmp,-cf,-cldemote,+cmov,-cmpccxadd,-egpr,-enqcmd,-fma4,-hreset,-jmpabs,-kl,-lwp,-movdir64b,-movdiri,-movrs,-ndd,-nf,-pconfig,-ppx,-prefetchi,-ptwrite,-push2pop2,-raoint,-rtm,-serialize,-sgx,-sha512,-sm3,-sm4,-tbm,-tsxldtrk,-uintr,-usermsr,-waitpkg,-widekl,-xop,-zu --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true
# The control was recorded on a znver4 CPU (its features above): where this CPU cannot run that code, the
# control is not a claim; the CUDA block alone decides.
if iree-run-module --module=iree_cpu-O2.vmfb --device=local-task --function=main --input=@inputs/in0.npy --output=@outputs/iree_cpu-O2.op0.npy; then
  claim "iree:cpu-O2 (control) equals the reference" judge 0 "$PY" check_mod.py outputs/iree_cpu-O2.op0.npy
else echo "iree.sh: the control did not run here (compiled for znver4): not a claim"; fi

# iree:cuda-sm80-O2: out-of-bound (predicted by ptxsim; the campaign cases of this bug were measured on the H200)
compiled kernel.mlir -o iree_cuda-sm80-O2.vmfb --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2
has_device cuda || unable "no CUDA device here for iree:cuda-sm80-O2"
iree-run-module --module=iree_cuda-sm80-O2.vmfb --device=cuda --function=main --input=@inputs/in0.npy --output=@outputs/iree_cuda-sm80-O2.op0.npy
claim "iree:cuda-sm80-O2 differs from the reference" judge 1 "$PY" check_mod.py outputs/iree_cuda-sm80-O2.op0.npy
verdict
