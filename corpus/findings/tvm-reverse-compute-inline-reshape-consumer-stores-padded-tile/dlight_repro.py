"""dlight's GPU Matmul rule on a matmul whose result is collapsed (the kernel kernelfuzz compiled), no kernelfuzz and
no GPU. Needs apache-tvm and numpy.

`op0 = in0 @ in1^T` (f16, 7 x 6 by 4 x 6), then `out[k] = op0[k // 4, k % 4]` (the 7 x 4 result collapsed to 28
elements), one PrimFunc, scheduled by dlight's default rules for CUDA (sm_80) and for ROCm (gfx942). The Matmul rule
pads the matmul to a 32 x 64 tile, then inlines the collapse into the tile's write-back with reverse_compute_inline,
which stores every tile element (i, j) with i * 4 + j < 28 to out[i * 4 + j], padded columns j >= 4 included. The
script prints that store, then runs the scheduled function on x86 with its thread loops made serial and its GPU
scopes global (the schedule executed one thread after another), twice: once as scheduled, compared with numpy, and
once with the store replaced by `out[idx] += 1`, which counts the stores each output element receives whatever
their order (a right schedule stores each once). Exit 1 when an output element is stored more than once and the
serial run holds padded zeros (the bug shown), 0 when every element is stored once."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
import re

import numpy as np
import tvm
import tvm.s_tir.dlight as dl
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def matmul_collapse(in0: T.Buffer((7, 6), "float16"), in1: T.Buffer((4, 6), "float16"),
                    out: T.Buffer((28,), "float16")):
    T.func_attr({"tirx.noalias": True})
    op0 = T.sblock_alloc_buffer((7, 4), "float16")
    for i, j, k in T.grid(7, 4, 6):
        with T.sblock("op0"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                op0[vi, vj] = T.float16(0)
            op0[vi, vj] = op0[vi, vj] + in0[vi, vk] * in1[vj, vk]
    for i in range(28):
        with T.sblock("op0_col0"):
            vi = T.axis.remap("S", [i])
            out[vi] = op0[vi // 4, vi % 4]


STORE = re.compile(r"^(\s*)(out\[[^\]]*\]) = (.*)$", re.M)


def scheduled(target: dict) -> tvm.IRModule:
    with tvm.target.Target(target):
        return dl.ApplyDefaultSchedule(dl.gpu.Matmul(), dl.gpu.GEMV(), dl.gpu.Reduction(),
                                       dl.gpu.GeneralReduction(), dl.gpu.Fallback())(
            tvm.IRModule({"main": matmul_collapse}))


def serial(text: str) -> tvm.IRModule:
    """The same schedule with thread loops serial and GPU scopes global, so x86 runs it one thread at a time."""
    text = re.sub(r"T\.thread_binding\((.*?), thread=\"[^\"]*\"", r"T.serial(\1", text)
    return tvm.script.from_source(re.sub(r",\s*scope=\"(?:shared|shared\.dyn|local|warp)\"", "", text))


def run(mod: tvm.IRModule, a: np.ndarray, b: np.ndarray, start: float) -> np.ndarray:
    lib = tvm.compile(mod, target="llvm")
    out = tvm.runtime.tensor(np.full(28, start, "float16"))
    lib["main"](tvm.runtime.tensor(a), tvm.runtime.tensor(b), out)
    return out.numpy()


def check(name: str, target: dict, a: np.ndarray, b: np.ndarray) -> bool:
    text = scheduled(target).script()
    where = [ln.strip() for ln in text.splitlines() if "T.where" in ln]
    stores = [m.group(0).strip() for m in STORE.finditer(text)]
    print(f"{name}: the write-back after dlight: {where[-1] if where else '(no predicate)'}; {stores}")
    right = (a.astype(np.float64) @ b.astype(np.float64).T).reshape(-1)  # exact: small integers
    got = run(serial(text), a, b, np.nan).astype(np.float64)
    counted = STORE.sub(lambda m: f"{m.group(1)}{m.group(2)} = {m.group(2)} + T.float16(1)", text)
    counts = run(serial(counted), a, b, 0).astype(int)
    wrong = np.flatnonzero(got != right)
    print(f"  stores per output element: {counts.tolist()}")
    print(f"  right:           {right.astype(int).tolist()}")
    print(f"  serial schedule: {got.tolist()}  ({len(wrong)} of 28 wrong)")
    return all([verdict.claim(f"{name}: {int((counts > 1).sum())} of 28 output elements are stored more than once",
                              bool((counts > 1).any())),
                verdict.claim(f"{name}: run one thread after another, {len(wrong)} outputs hold a padded zero",
                              len(wrong) > 0 and bool((got[wrong] == 0).all()))])


def main() -> bool:
    print("tvm", tvm.__version__)
    rng = np.random.default_rng(0)
    a = rng.integers(-18, 19, (7, 6)).astype("float16")
    b = rng.integers(-18, 19, (4, 6)).astype("float16")
    b[b == 0] = 1  # no zero row sum by chance
    cuda = check("cuda sm_80", {"kind": "cuda", "arch": "sm_80"}, a, b)
    rocm = check("rocm gfx942", {"kind": "rocm", "mcpu": "gfx942"}, a, b)
    return cuda and rocm


if __name__ == "__main__":
    verdict.run(main)
