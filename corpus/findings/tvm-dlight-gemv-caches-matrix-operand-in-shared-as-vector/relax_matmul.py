"""Reach (TVM and cuda-python only): the plainest Relax matrix times vector, `R.matmul(A, v)` with A f16[1, 64, 4096]
and v f16[4096, 1], compiled by `tvm.compile` for cuda with the default pipeline (LegalizeOps, FuseOps, dlight's
default rules).  The legalized matmul reads A first, so dlight's GEMV rule stages A in shared memory as "the vector":
each block's copy is 16 rows of A, 16 x 4096 halves (128 KiB), where a static __shared__ array may have 48 KiB.  TVM
compiles it; NVRTC's sm_80 cubin (ptxas) refuses the kernel, as tvm.compile itself does on a host with the CUDA driver (its NVRTC build of the kernel).
Exit 1: the kernel stages A in shared memory and ptxas refuses it; 0: it does not (fixed); 2: cannot judge (no
cuda-python / NVIDIA wheels here)."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import sys

import tvm
from tvm import relax

from repro import CUDA, ptxas_says, shared_declarations  # repro.py beside this script: the same readers of the code


def modules(lib):
    """Every module ``lib`` imports, at any depth (a Relax executable holds the CUDA module under its host one)."""
    for sub in lib.imports:
        yield sub
        yield from modules(sub)


def main():
    bb = relax.BlockBuilder()
    a = relax.Var("A", relax.TensorType((1, 64, 4096), "float16"))
    v = relax.Var("v", relax.TensorType((4096, 1), "float16"))
    with bb.function("main", [a, v]):
        with bb.dataflow():
            out = bb.emit_output(bb.emit(relax.op.matmul(a, v)))
        bb.emit_func_output(out)
    executable = tvm.compile(bb.get(), target=CUDA)
    kernels = [m for m in modules(executable.mod) if "__global__" in m.inspect_source("")]
    if len(kernels) != 1:
        print(f"expected one CUDA module, found {len(kernels)}: cannot judge")
        sys.exit(2)
    lib = type("Kernels", (), {"mod": type("Module", (), {"imports": kernels})()})()
    declared = shared_declarations(lib)
    said = ptxas_says(lib)
    print(f"R.matmul(A f16[1,64,4096], v f16[4096,1]), tvm.compile for cuda: compiles; CUDA source: {declared}")
    print(f"its CUDA C through NVRTC to an sm_80 cubin (ptxas): {said}")
    if said.startswith("not checked"):
        sys.exit(2)
    shown = "A_shared" in declared and "too much shared data" in said
    print("bug shown" if shown else "not shown")
    sys.exit(1 if shown else 0)


if __name__ == "__main__":
    main()
