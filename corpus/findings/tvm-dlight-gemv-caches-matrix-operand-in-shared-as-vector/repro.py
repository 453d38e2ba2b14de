"""Standalone repro (TVM only): dlight's GPU `GEMV` rule, in its inner-reduction schedule for CUDA, caches the
block's read 0 into shared memory as "the vector" (`cache_read(rf, read_buffer_index=0, "shared")`) and its read 1
into registers as "the matrix", whichever buffer each is.  For a matrix times a vector, `out[b, i] = sum_k
A[b, i, k] * v[b, k]`, read 0 is the matrix: with A's dims symbolic the shared copy is `(2, d1, d2)` and CUDA code
generation stops on "Can only handle constant size stack allocation for now" (`CodeGenCUDA`).  The rule's own
guard, that the vector fits in shared memory, measures `v` (static, 18 bytes) and so lets it through.
Controls: the same block with the product written `v * A` (read 0 is then the vector) compiles for cuda; the
failing one compiles under `Reduction` or `Fallback` alone, and for rocm (the rule never caches to shared there).
Exit 1: the check failed as reported; 0: it compiled (fixed); 2/3: see verdict.py."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import re
import sys

import tvm
import tvm.s_tir.dlight as dl
from tvm.script import tirx as T

CUDA = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})
ROCM = tvm.target.Target({"kind": "rocm", "mcpu": "gfx942"})


# out[b, i, 0] = sum_k in0[b, i, k] * in1[b, k, 0]: a batched matrix (d1 x d2, both symbolic) times a vector of 9;
# the reduction runs over in1's static 9 (kernelfuzz's campaign case seed1328302631, as TVM's TE writes it)
@T.prim_func(s_tir=True)
def matrix_times_vector(a: T.handle, b: T.handle, c: T.handle):
    d1, d2 = T.int32(), T.int32()
    in0 = T.match_buffer(a, (2, d1, d2), "float16")
    in1 = T.match_buffer(b, (2, 9, 1), "float16")
    out = T.match_buffer(c, (2, d1, 1), "float16")
    for n, i, j, k in T.grid(2, d1, 1, 9):
        with T.sblock("out"):
            vn, vi, vj, vk = T.axis.remap("SSSR", [n, i, j, k])
            with T.init():
                out[vn, vi, vj] = T.float16(0)
            out[vn, vi, vj] = out[vn, vi, vj] + in0[vn, vi, vk] * in1[vn, vk, vj]


# the same block, the product written the other way round: the block reads the vector first
@T.prim_func(s_tir=True)
def vector_times_matrix(a: T.handle, b: T.handle, c: T.handle):
    d1, d2 = T.int32(), T.int32()
    in0 = T.match_buffer(a, (2, d1, d2), "float16")
    in1 = T.match_buffer(b, (2, 9, 1), "float16")
    out = T.match_buffer(c, (2, d1, 1), "float16")
    for n, i, j, k in T.grid(2, d1, 1, 9):
        with T.sblock("out"):
            vn, vi, vj, vk = T.axis.remap("SSSR", [n, i, j, k])
            with T.init():
                out[vn, vi, vj] = T.float16(0)
            out[vn, vi, vj] = out[vn, vi, vj] + in1[vn, vk, vj] * in0[vn, vi, vk]


# a static matrix (1 x 4096 x 4096) times a vector: compiles, with the whole matrix as the block's shared copy
@T.prim_func(s_tir=True)
def static_matrix_times_vector(in0: T.Buffer((1, 4096, 4096), "float16"), in1: T.Buffer((1, 4096, 1), "float16"),
                               out: T.Buffer((1, 4096, 1), "float16")):
    for n, i, j, k in T.grid(1, 4096, 1, 4096):
        with T.sblock("out"):
            vn, vi, vj, vk = T.axis.remap("SSSR", [n, i, j, k])
            with T.init():
                out[vn, vi, vj] = T.float16(0)
            out[vn, vi, vj] = out[vn, vi, vj] + in0[vn, vi, vk] * in1[vn, vk, vj]


def scheduled(func, target, rules):
    with target:
        return dl.ApplyDefaultSchedule(*rules)(tvm.IRModule({"main": func}))


def shared_copies(mod):
    """The shared-scope buffers the schedule allocated, as 'name (shape)', read from the printed module."""
    found = re.findall(r'(\w+) = T\.\w*alloc_buffer\((\([^)]*\)), "\w+", scope="shared"\)', mod.script())
    return ", ".join(f"{name} {shape}" for name, shape in found) or "none"


def shared_declarations(executable):
    """The `__shared__` declarations of the CUDA source TVM generated ('' where the source cannot be read)."""
    lib = getattr(executable, "mod", executable)
    found = []
    for sub in list(getattr(lib, "imports", None) or getattr(lib, "imported_modules", None) or []):
        for get in ("inspect_source", "get_source"):
            if hasattr(sub, get):
                found += re.findall(r"__shared__ [^;]*;", getattr(sub, get)())
                break
    return " ".join(found)


def ptxas_says(executable):
    """NVRTC (`cuda-python`'s `cuda.bindings`, with the `nvidia-cuda-*` wheels' headers) compiling TVM's CUDA C to
    an sm_80 cubin, which runs ptxas: its first error line, 'cubin built', or why it was not checked."""
    try:
        import importlib.util
        from cuda.bindings import nvrtc
    except ImportError:
        return "not checked (no cuda-python here)"
    lib = getattr(executable, "mod", executable)
    source = lib.imports[0].inspect_source("")
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
        return "cubin built"
    lines = [ln.strip() for ln in log.decode(errors="replace").strip("\0 ").splitlines() if "error" in ln]
    return lines[0] if lines else f"NVRTC status {status}"


def failure(func, target, rules, compile=True, keep_executable=False):
    """(the error text of dlight + tvm.compile, or None when it compiles; the shared copies the schedule made;
    the CUDA source's shared declarations).  ``compile=False``: dlight only; ``keep_executable``: (None, the executable)
    for the error when it compiles."""
    try:
        mod = scheduled(func, target, rules)
    except Exception as e:  # noqa: BLE001  TVM's own failure, whatever it raises
        return f"{type(e).__name__} in dlight: {str(e).strip().splitlines()[-1]}", "?", ""
    copies = shared_copies(mod)
    if not compile:
        return None, copies, ""
    try:
        executable = tvm.compile(mod, target=target)
    except Exception as e:  # noqa: BLE001  TVM's own failure, whatever it raises
        return f"{type(e).__name__}: {str(e).strip().splitlines()[-1]}", copies, ""
    return (None, executable) if keep_executable else None, copies, shared_declarations(executable)


def say(what, result, done="compiles"):
    error, copies, declared = result
    shown = error if isinstance(error, str) else None
    print(f"{what}: {shown or done} (shared copies: {copies})" + (f"; CUDA source: {declared}" if declared else ""))
    return error


def main():
    gemv = [dl.gpu.GEMV()]
    bug = say("cuda, A[2,d1,d2] * v[2,9,1], dlight GEMV alone", failure(matrix_times_vector, CUDA, gemv))
    default = say("cuda, A * v, dlight default rules",
                  failure(matrix_times_vector, CUDA, [dl.gpu.Matmul(), dl.gpu.GEMV(), dl.gpu.Reduction(),
                                                      dl.gpu.GeneralReduction(), dl.gpu.Fallback()]))
    swapped = say("cuda, v * A (the vector read first), dlight GEMV alone", failure(vector_times_matrix, CUDA, gemv))
    say("cuda, A * v, dlight Reduction alone", failure(matrix_times_vector, CUDA, [dl.gpu.Reduction()]))
    say("cuda, A * v, dlight Fallback alone", failure(matrix_times_vector, CUDA, [dl.gpu.Fallback()]))
    # rocm: scheduled only (tvm.compile for rocm needs ROCm's linker); the rule's rocm branch never caches to shared
    say("rocm, A * v, dlight GEMV alone", failure(matrix_times_vector, ROCM, gemv, compile=False), "scheduled")
    # information only: a static matrix compiles, but each block's shared copy is 16 rows of it (128 KiB, where a
    # static __shared__ array may have 48 KiB), which ptxas refuses when the PTX is assembled for sm_80
    static = say("cuda, static A[1,4096,4096] * v[1,4096,1], dlight GEMV alone",
                 failure(static_matrix_times_vector, CUDA, gemv, keep_executable=True))
    if isinstance(static, tuple):
        print(f"  its CUDA C through NVRTC to an sm_80 cubin (ptxas): {ptxas_says(static[1])}")
    if swapped is not None:
        print("the control (the vector read first) failed to compile: cannot judge")
        sys.exit(2)
    shown = bug is not None and "constant size stack allocation" in bug
    print("bug shown" if shown else "not shown")
    sys.exit(1 if shown else 0)


if __name__ == "__main__":
    main()
