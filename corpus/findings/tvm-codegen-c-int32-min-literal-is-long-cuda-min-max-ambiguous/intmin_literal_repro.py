"""Standalone repro (TVM and the CUDA compilers): TVM's C source code generators print an int32 constant as its
decimal value (`CodeGenC::VisitExpr_(IntImmNode)`, `PrintConst` in `src/target/source/codegen_c.cc`), so INT_MIN
becomes `-2147483648`: in C and C++ that is unary minus applied to `2147483648`, a literal too large for `int`,
so the expression has type `long` (64-bit).  `y | INT_MIN` is then a `long`, and CUDA's `min(int, long)` matches
several overloads: NVRTC and nvcc reject the kernel ('more than one instance of overloaded function "min" matches
the argument list').  Control: the same kernel with INT_MIN + 1 (`-2147483647`, an int) compiles.
The kernels are TE computes scheduled by dlight's `Fallback` for `cuda -arch=sm_80` and built by `tvm.compile`,
whose CUDA source is compiled here by NVRTC (cuda-python, as kernelfuzz's `tvm:cuda-dlight` does; no GPU needed) and
by `nvcc -arch=sm_80 --ptx`, each where it is installed (neither: exit 2).
Exit 1: the INT_MIN kernels are rejected with that error while the control compiles; 0: they compile; 2/3: verdict.py."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
import importlib.util
import os
import re
import shutil
import subprocess
import tempfile

import tvm
from tvm import te

tirx = tvm.tirx
CUDA = {"kind": "cuda", "arch": "sm_80"}
AMBIGUOUS = re.compile(r'more than one instance of overloaded function "(min|max)" matches the argument list')
INT_MIN = -2**31


def nvrtc_compile(source: str) -> str | None:
    """NVRTC compiling TVM's CUDA C to an sm_80 cubin (the headers from the nvidia-cuda-* wheels): 'compiled', its
    first error line, or None without cuda-python."""
    try:
        from cuda.bindings import nvrtc
    except ImportError:
        return None
    includes = []
    for name in ("nvidia.cuda_runtime", "nvidia.cuda_nvcc", "nvidia.cuda_cccl"):
        spec = importlib.util.find_spec(name)
        includes += [f"-I{p}/include".encode() for p in (spec.submodule_search_locations or [])] if spec else []
    _, prog = nvrtc.nvrtcCreateProgram(source.encode(), b"tvm_kernels.cu", 0, [], [])
    options = [b"--gpu-architecture=sm_80", b"-default-device", b"-w", *includes]
    (status,) = nvrtc.nvrtcCompileProgram(prog, len(options), options)
    _, size = nvrtc.nvrtcGetProgramLogSize(prog)
    log = b" " * size
    nvrtc.nvrtcGetProgramLog(prog, log)
    nvrtc.nvrtcDestroyProgram(prog)
    if status == nvrtc.nvrtcResult.NVRTC_SUCCESS:
        return "compiled"
    lines = [ln.strip() for ln in log.decode(errors="replace").splitlines() if "error" in ln]
    return lines[0] if lines else f"NVRTC status {status}"


def nvcc_compile(source: str) -> str | None:
    """nvcc -arch=sm_80 --ptx on the same source: 'compiled', its first error line, or None without nvcc."""
    if shutil.which("nvcc") is None:
        return None
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "tvm_kernels.cu")
        with open(path, "w") as f:
            f.write(source)
        r = subprocess.run(["nvcc", "-arch=sm_80", "--ptx", "-w", "-o", os.path.join(d, "k.ptx"), path],
                           capture_output=True, text=True)
    if r.returncode == 0:
        return "compiled"
    lines = [ln.strip() for ln in r.stderr.splitlines() if "error" in ln]
    return re.sub(r"^\S*tvm_kernels\.cu", "tvm_kernels.cu", lines[0]) if lines else f"nvcc exit {r.returncode}"


def cuda_source(fcompute) -> str:
    """B[i] = fcompute(X[i], Y[i]) over int32[4], dlight Fallback for CUDA sm_80, tvm.compile: its CUDA source."""
    import tvm.s_tir.dlight as dl
    X = te.placeholder((4,), "int32", name="X")
    Y = te.placeholder((4,), "int32", name="Y")
    B = te.compute((4,), lambda i: fcompute(X[i], Y[i]), name="B")
    target = tvm.target.Target(CUDA)
    with target:
        mod = dl.ApplyDefaultSchedule(dl.gpu.Fallback())(tvm.IRModule({"main": te.create_prim_func([X, Y, B])}))
    executable = tvm.compile(mod, target=target)
    return getattr(executable, "mod", executable).imports[0].inspect_source("")


def i32(v: int):
    return tirx.const(v, "int32")


KERNELS = [  # (name, fcompute, constant): the campaign's form, the smallest forms, and the control
    ("min(i32(i8(x)), y | INT_MIN) (the campaign's form)",
     lambda x, y: tirx.min(x.astype("int8").astype("int32"), y | i32(INT_MIN)), INT_MIN),
    ("min(x, y | INT_MIN)", lambda x, y: tirx.min(x, y | i32(INT_MIN)), INT_MIN),
    ("max(x, y + INT_MIN)", lambda x, y: tirx.max(x, y + i32(INT_MIN)), INT_MIN),
    ("control: min(x, y | (INT_MIN + 1))", lambda x, y: tirx.min(x, y | i32(INT_MIN + 1)), INT_MIN + 1),
]


def main():
    print(f"TVM {tvm.__version__}")
    claims = []
    for name, fcompute, constant in KERNELS:
        source = cuda_source(fcompute)
        line = next(ln.strip() for ln in source.splitlines() if re.match(r"\s*B(_ptr)?\[.*\] = ", ln))  # B's store
        results = {"NVRTC": nvrtc_compile(source), "nvcc": nvcc_compile(source)}
        print(f"{name}:\n  {line}")
        for compiler, result in results.items():
            print(f"  {compiler}: {result or 'not here (no cuda-python / no nvcc on PATH)'}")
        ran = {compiler: result for compiler, result in results.items() if result is not None}
        if not ran:
            raise verdict.CannotJudge("neither NVRTC (cuda-python) nor nvcc is here to compile the CUDA source")
        if constant == INT_MIN:
            respelled = re.sub(r"(?<![\w.])-2147483648\b", "(-2147483647 - 1)", source)
            fixed = {compiler: f(respelled) for compiler, f in (("NVRTC", nvrtc_compile), ("nvcc", nvcc_compile))
                     if compiler in ran}
            print(f"  (information) the same source with INT_MIN spelled (-2147483647 - 1): {fixed}")
            claims.append(verdict.claim("the INT_MIN literal is printed bare ('-2147483648', a long in C++)",
                                        re.search(r"[^\w.]-2147483648\b", line) is not None))
            for compiler, result in ran.items():
                claims.append(verdict.claim(f"{compiler} rejects the ambiguous min/max call",
                                            bool(AMBIGUOUS.search(result))))
        elif any(result != "compiled" for result in ran.values()):
            return None  # the control does not compile here: cannot judge
    return all(claims)


verdict.run(main)
