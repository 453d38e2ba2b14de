"""TVM only, no GPU: a 15-line TIR reduction across threadIdx.x whose block predicate is one spatial clause
(`T.where(ty < 2)`: 2 outputs over 16 threadIdx.y), through s_tir.LowerCrossThreadReduction and the CUDA code
generator, beside the same reduction with a second clause (`ty < 2 and tx < 30`). The pass builds the write-back
predicate by visiting And nodes only (PostOrderVisit over `realize->predicate` in lower_cross_thread_reduction.cc), so
a predicate with no And contributes no clause: its write-back is guarded by `tx == 0` alone and every threadIdx.y
stores B[ty], lanes 0 of warps 2-15 writing past the 2-float output (the CUDA source shows the store). Exit 1 when the
one-clause write-back lost `ty < 2` while the two-clause one kept it (the bug shown), 0 otherwise."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import re
import sys

import tvm
from tvm.script import tirx as T


def reduction(k: int, two_clauses: bool):
    @T.prim_func(s_tir=True)
    def main(A: T.Buffer((2, k), "float32"), B: T.Buffer((2,), "float32")):
        for ty in T.thread_binding(16, thread="threadIdx.y"):
            for tx in T.thread_binding(32, thread="threadIdx.x"):
                with T.sblock("B"):
                    vi = T.axis.spatial(2, ty)
                    vk = T.axis.reduce(k, tx)
                    T.where(ty < 2 and tx < k) if two_clauses else T.where(ty < 2)
                    with T.init():
                        B[vi] = T.float32(0)
                    B[vi] = B[vi] + A[vi, vk]
    return tvm.IRModule({"main": main})


def write_back(mod) -> str:
    text = tvm.s_tir.transform.LowerCrossThreadReduction()(mod).script()
    tail = text[text.index('T.sblock("B_write_back")'):].splitlines()
    return next((ln.strip() for ln in tail[:6] if "T.where" in ln), "no predicate")


def cuda_store(mod) -> str:
    lib = tvm.compile(mod, target=tvm.target.Target({"kind": "cuda", "arch": "sm_80"}))
    lines = "\n".join(m.inspect_source() for m in lib.mod.imports).splitlines()
    i = next(i for i, ln in enumerate(lines) if re.search(r"\bB(_ptr)?\[", ln) and "red_buf" in ln)
    return f"{lines[i].strip()}   under   {lines[i - 1].strip()}"


print("tvm", tvm.__version__)
one, two = reduction(32, False), reduction(30, True)
one_wb, two_wb = write_back(one), write_back(two)
print("T.where(ty < 2):              write-back", one_wb)
print("T.where(ty < 2 and tx < 30):  write-back", two_wb)
print("CUDA store, T.where(ty < 2):", cuda_store(one))
print("CUDA store, ty < 2 and tx < 30:", cuda_store(two))
sys.exit(1 if "ty < 2" not in one_wb and "ty < 2" in two_wb else 0)
