"""The schedule primitive alone, no dlight, no GPU: `reverse_compute_inline` of a reshape consumer into a producer
that computes more than the consumer reads. Needs apache-tvm and numpy.

Producer `B[i, j] = A[i, j]` over an 8 x 8 tile (a padded tile, as dlight's Matmul rule writes one); consumer
`C[k] = B[k // 4, k % 4]` for k < 28: C is the 7 x 4 corner of B collapsed to 28 elements. reverse_compute_inline
inverts the consumer's index, k = i * 4 + j, and guards the inlined store with the consumer's bound only
(`i * 4 + j < 28`), so every (i, j) of the tile with j >= 4 (columns the consumer never reads) also stores, into
C[i * 4 + j], which belongs to B[i + 1, j - 4] (or further on): C[5] is stored from A[0, 5] and from A[1, 1]. Which
store is last decides C. The script prints the inlined block, then builds both modules for x86 with the producer's
loops in (j, i) order and compares C with numpy: the original is right, the inlined one holds padded elements.
Exit 1 when the inlined module's C is wrong and the original's right (the bug shown), 0 when both are right."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
import re

import numpy as np
import tvm
import tvm.s_tir as s_tir
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def reshape_of_tile(A: T.Buffer((8, 8), "float32"), C: T.Buffer((28,), "float32")):
    B = T.sblock_alloc_buffer((8, 8), "float32")
    for j, i in T.grid(8, 8):  # the producer's tile, columns outer (a GPU runs it in any order)
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj]
    for k in range(28):
        with T.sblock("C"):
            vk = T.axis.remap("S", [k])
            C[vk] = B[vk // 4, vk % 4]


def run(mod: tvm.IRModule, a: np.ndarray) -> np.ndarray:
    lib = tvm.compile(mod, target="llvm")
    c = tvm.runtime.tensor(np.full(28, -1, "float32"))
    lib["main"](tvm.runtime.tensor(a), c)
    return c.numpy()


def main() -> bool:
    print("tvm", tvm.__version__)
    sch = s_tir.Schedule(reshape_of_tile)
    sch.reverse_compute_inline(sch.get_sblock("C"))
    inlined = sch.mod
    lines = [ln.strip() for ln in inlined["main"].script().splitlines()
             if "T.where" in ln or re.match(r"\s*C\[.*\] = ", ln)]
    print("after reverse_compute_inline(C):", lines)
    a = np.arange(64, dtype="float32").reshape(8, 8)  # A[i, j] = 8 i + j: each value names its element
    right = a[:7, :4].reshape(-1)
    before, after = run(tvm.IRModule({"main": reshape_of_tile}), a), run(inlined, a)
    bad = np.flatnonzero(after != right)
    print("right:          ", right.astype(int).tolist())
    print("before inlining:", before.astype(int).tolist())
    print("after inlining: ", after.astype(int).tolist())
    if len(bad):
        k = int(bad[0])
        src = int(after[k])
        print(f"C[{k}] = {src} = A[{src // 8}, {src % 8}] (column {src % 8} >= 4: not read by the consumer); "
              f"right: {int(right[k])} = A[{k // 4}, {k % 4}]; {len(bad)} of 28 elements wrong")
    return verdict.claim("the original module is right", np.array_equal(before, right)) and \
        verdict.claim("the inlined module stores elements of the tile the consumer never reads", len(bad) > 0)


if __name__ == "__main__":
    verdict.run(main)
