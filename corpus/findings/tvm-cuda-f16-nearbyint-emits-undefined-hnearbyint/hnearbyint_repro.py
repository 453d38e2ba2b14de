"""TVM's CUDA codegen writes ``hnearbyint`` for ``tir.nearbyint`` on float16, a function cuda_fp16.h does not have
(it has ``hrint``): NVRTC (and nvcc) reject the kernel with 'identifier "hnearbyint" is undefined'.

Needs apache-tvm; the NVRTC check needs cuda-python (``cuda.bindings``) and the CUDA headers
(nvidia-cuda-runtime-cu12, nvidia-cuda-cccl-cu12); no GPU is needed.  Exit status 1 when the bug shows."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import importlib.util
import os
import sys

import tvm
from tvm import te
from tvm.s_tir import dlight

def func(op):
    x = te.placeholder((64,), "float16", name="x")
    y = te.compute((64,), lambda i: op(x[i]), name="y")
    return te.create_prim_func([x, y])


def nvrtc_log(code: str) -> str:
    from cuda.bindings import nvrtc
    dirs = []
    for module in ("nvidia.cuda_runtime", "nvidia.cuda_cccl"):
        spec = importlib.util.find_spec(module)
        dirs += [os.path.join(p, "include") for p in (spec.submodule_search_locations or [])] if spec else []
    _, prog = nvrtc.nvrtcCreateProgram(code.encode(), b"k.cu", 0, [], [])
    opts = [b"--gpu-architecture=compute_80", b"-default-device", *(f"-I{d}".encode() for d in dirs)]
    (status,) = nvrtc.nvrtcCompileProgram(prog, len(opts), opts)
    _, size = nvrtc.nvrtcGetProgramLogSize(prog)
    log = b" " * size
    nvrtc.nvrtcGetProgramLog(prog, log)
    return "" if status == nvrtc.nvrtcResult.NVRTC_SUCCESS else log.decode(errors="replace")


def cuda_c(op) -> str:
    target = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})
    with target:
        mod = dlight.ApplyDefaultSchedule(dlight.gpu.Fallback())(tvm.IRModule({"main": func(op)}))
    executable = tvm.compile(mod, target=target)  # no GPU needed: TVM keeps the CUDA C beside the host code
    return executable.mod.imports[0].inspect_source("")


def main() -> int:
    shown = 0
    for name, op in (("tir.round (control)", tvm.tirx.round), ("tir.nearbyint", tvm.tirx.nearbyint)):
        code = cuda_c(op)
        print(f"{name}:", " ".join(line.strip() for line in code.splitlines() if "y_ptr[" in line and "=" in line))
        errors = [line for line in nvrtc_log(code).splitlines() if ": error" in line]
        print("  NVRTC:", errors or "compiled")
        shown += bool(errors)
    return 1 if shown else 0


if __name__ == "__main__":
    sys.exit(main())
