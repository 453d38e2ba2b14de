#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it with check.py.
# Exit status, kernelfuzz's rule (check.py states it): 1 when any block shows its bug (a wrong result, the compile
# failing again), whatever blocks follow; else 3 when check.py failed on its own error; else 2 when a block could
# not run or judge (a tool, device or output missing, a compile or run failing where kernelfuzz's did not); else 0.
cd "$(dirname "$0")"
need() {
  command -v "$1" >/dev/null 2>&1 || {
    echo "iree.sh: $1 is not on PATH: pip install iree-base-compiler iree-base-runtime" \
      "(or put IREE's tools on PATH)" >&2
    exit 2
  }
}
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
status=0  # the exit status: each block's outcome goes in through record
record() {  # one block's outcome (0, 1, 2 or 3) into the exit status: 1 wins, then 3, then 2
  case "$1" in
    0) ;;
    1) status=1 ;;
    3) [ "$status" = 1 ] || status=3 ;;
    *) [ "$status" != 0 ] || status=2 ;;
  esac
}
PY="${PYTHON:-python3}"  # runs check.py (numpy; ml_dtypes for bf16 and float8): PYTHON=/path/to/venv/bin/python sh iree.sh
need iree-compile
mkdir -p outputs
set -x

# iree:cpu-O2-single-dispatch: rejected (kernelfuzz saw iree-compile fail)
if iree-compile kernel.mlir -o iree_cpu-O2-single-dispatch.vmfb --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=znver4 --iree-llvmcpu-target-cpu-features=+adx,+aes,+avx,+avx2,+avx512bf16,+avx512bitalg,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512ifma,+avx512vbmi,+avx512vbmi2,+avx512vl,+avx512vnni,+avx512vpopcntdq,+bmi,+bmi2,+clflushopt,+clwb,+clzero,+crc32,+cx16,+cx8,+f16c,+fma,+fsgsbase,+fxsr,+gfni,+invpcid,+lzcnt,+mmx,+movbe,-mwaitx,+pclmul,-pku,+popcnt,+prfchw,+rdpid,-rdpru,+rdrnd,+rdseed,+sahf,+sha,+shstk,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+sse4a,+ssse3,+vaes,+vpclmulqdq,-wbnoinvd,+x87,+xsave,+xsavec,+xsaveopt,+xsaves,+64bit,-amx-avx512,-amx-bf16,-amx-complex,-amx-fp16,-amx-fp8,-amx-int8,-amx-movrs,-amx-tile,-avx10.1,-avx10.2,-avx10v2aux,-avx512bmm,-avx512fp16,-avx512vp2intersect,-avxifma,-avxneconvert,-avxvnni,-avxvnniint16,-avxvnniint8,-ccmp,-cf,-cldemote,+cmov,-cmpccxadd,-egpr,-enqcmd,-fma4,-hreset,-jmpabs,-kl,-lwp,-movdir64b,-movdiri,-movrs,-ndd,-nf,-pconfig,-ppx,-prefetchi,-ptwrite,-push2pop2,-raoint,-rtm,-serialize,-sgx,-sha512,-sm3,-sm4,-tbm,-tsxldtrk,-uintr,-usermsr,-waitpkg,-widekl,-xop,-zu --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true '--iree-preprocessing-pass-pipeline=builtin.module(util.func(iree-preprocessing-make-single-dispatch))'; then
  echo "NOT reproduced: iree-compile succeeded (kernelfuzz saw rejected)"
else echo "reproduced: iree-compile exit status $? (kernelfuzz saw rejected)"; record 1; fi

exit "$status"
