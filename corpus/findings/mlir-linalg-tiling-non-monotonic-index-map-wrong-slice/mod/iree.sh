#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it.
cd "$(dirname "$0")"
need() {
  command -v "$1" >/dev/null 2>&1 || {
    echo "iree.sh: $1 is not on PATH: pip install iree-base-compiler iree-base-runtime" \
      "(or put IREE's tools on PATH)" >&2
    exit 2
  }
}
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
status=0  # the exit status: set to 1 by each block that shows its bug, whatever blocks follow
unrun=0  # set to 1 by each block that could not run: then 2 when no block showed the bug
need iree-compile
mkdir -p outputs
set -x
# iree:cuda-sm80-O2: out-of-bound (predicted by ptxsim; the campaign cases of this bug were measured on the H200)
iree-compile kernel.mlir -o iree_cuda-sm80-O2.vmfb --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2
if has_device cuda; then
  need iree-run-module
  iree-run-module --module=iree_cuda-sm80-O2.vmfb --device=cuda --function=main --input=@inputs/in0.npy --output=@outputs/iree_cuda-sm80-O2.op0.npy
  python3 check.py outputs/iree_cuda-sm80-O2.op0.npy; r=$?; [ "$r" = 1 ] && status=1; [ "$r" -ge 2 ] && unrun=1
else echo "iree.sh: could not run iree:cuda-sm80-O2: no CUDA device here"; unrun=1; fi

# iree:cpu-O2: exact (control)
iree-compile kernel.mlir -o iree_cpu-O2.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=znver4 --iree-llvmcpu-target-cpu-features=+adx,+aes,+avx,+avx2,+avx512bf16,+avx512bitalg,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512ifma,+avx512vbmi,+avx512vbmi2,+avx512vl,+avx512vnni,+avx512vpopcntdq,+bmi,+bmi2,+clflushopt,+clwb,+clzero,+crc32,+cx16,+cx8,+f16c,+fma,+fsgsbase,+fxsr,+gfni,+invpcid,+lzcnt,+mmx,+movbe,-mwaitx,+pclmul,-pku,+popcnt,+prfchw,+rdpid,-rdpru,+rdrnd,+rdseed,+sahf,+sha,+shstk,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+sse4a,+ssse3,+vaes,+vpclmulqdq,-wbnoinvd,+x87,+xsave,+xsavec,+xsaveopt,+xsaves,+64bit,-amx-avx512,-amx-bf16,-amx-complex,-amx-fp16,-amx-fp8,-amx-int8,-amx-movrs,-amx-tile,-avx10.1,-avx10.2,-avx10v2aux,-avx512bmm,-avx512fp16,-avx512vp2intersect,-avxifma,-avxneconvert,-avxvnni,-avxvnniint16,-avxvnniint8,-ccmp,-cf,-cldemote,+cmov,-cmpccxadd,-egpr,-enqcmd,-fma4,-hreset,-jmpabs,-kl,-lwp,-movdir64b,-movdiri,-movrs,-ndd,-nf,-pconfig,-ppx,-prefetchi,-ptwrite,-push2pop2,-raoint,-rtm,-serialize,-sgx,-sha512,-sm3,-sm4,-tbm,-tsxldtrk,-uintr,-usermsr,-waitpkg,-widekl,-xop,-zu --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true
need iree-run-module
iree-run-module --module=iree_cpu-O2.vmfb --device=local-task --function=main --input=@inputs/in0.npy --output=@outputs/iree_cpu-O2.op0.npy
python3 check.py outputs/iree_cpu-O2.op0.npy; r=$?; [ "$r" = 1 ] && status=1; [ "$r" -ge 2 ] && unrun=1

if [ "$status" = 0 ] && [ "$unrun" = 1 ]; then status=2; fi
exit "$status"
