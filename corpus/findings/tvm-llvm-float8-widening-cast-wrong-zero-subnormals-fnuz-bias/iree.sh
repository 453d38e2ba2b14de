#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it.
# Exit status: 1 when any block shows its bug (a wrong result, a compile failure again), 0 when none does (a
# skipped block shows nothing), 2 when a tool is missing.
cd "$(dirname "$0")"
need() {
  command -v "$1" >/dev/null 2>&1 || {
    echo "iree.sh: $1 is not on PATH: pip install iree-base-compiler iree-base-runtime" \
      "(or put IREE's tools on PATH)" >&2
    exit 2
  }
}
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
PY="${PYTHON:-python3}"  # runs check.py, which needs numpy: PYTHON=/path/to/venv/bin/python sh iree.sh
status=0  # the exit status: set to 1 by each block that shows its bug, whatever blocks follow
need iree-compile
mkdir -p outputs
set -x

# iree:cpu-O2: exact
iree-compile kernel.mlir -o iree_cpu-O2.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=znver4 --iree-llvmcpu-target-cpu-features=+adx,+aes,+avx,+avx2,+avx512bf16,+avx512bitalg,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512ifma,+avx512vbmi,+avx512vbmi2,+avx512vl,+avx512vnni,+avx512vpopcntdq,+bmi,+bmi2,+clflushopt,+clwb,+clzero,+crc32,+cx16,+cx8,+f16c,+fma,+fsgsbase,+fxsr,+gfni,+invpcid,+lzcnt,+mmx,+movbe,-mwaitx,+pclmul,-pku,+popcnt,+prfchw,+rdpid,-rdpru,+rdrnd,+rdseed,+sahf,+sha,+shstk,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+sse4a,+ssse3,+vaes,+vpclmulqdq,-wbnoinvd,+x87,+xsave,+xsavec,+xsaveopt,+xsaves,+64bit,-amx-avx512,-amx-bf16,-amx-complex,-amx-fp16,-amx-fp8,-amx-int8,-amx-movrs,-amx-tile,-avx10.1,-avx10.2,-avx10v2aux,-avx512bmm,-avx512fp16,-avx512vp2intersect,-avxifma,-avxneconvert,-avxvnni,-avxvnniint16,-avxvnniint8,-ccmp,-cf,-cldemote,+cmov,-cmpccxadd,-egpr,-enqcmd,-fma4,-hreset,-jmpabs,-kl,-lwp,-movdir64b,-movdiri,-movrs,-ndd,-nf,-pconfig,-ppx,-prefetchi,-ptwrite,-push2pop2,-raoint,-rtm,-serialize,-sgx,-sha512,-sm3,-sm4,-tbm,-tsxldtrk,-uintr,-usermsr,-waitpkg,-widekl,-xop,-zu --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true
need iree-run-module
iree-run-module --module=iree_cpu-O2.vmfb --device=local-task --function=main --input=@inputs/in0.npy --output=@outputs/iree_cpu-O2.op0.npy
"$PY" check.py outputs/iree_cpu-O2.op0.npy || status=1

exit "$status"
