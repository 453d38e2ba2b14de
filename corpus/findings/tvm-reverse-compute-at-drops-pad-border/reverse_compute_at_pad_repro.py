"""[s_tir] reverse_compute_at of a padding consumer under its producer's loop: the pad border is never written.

TVM and numpy only (apache-tvm 0.27.0.post1). Exit 0: the bug reproduces."""
import numpy as np
import tvm
from tvm import te, s_tir

A = te.placeholder((8, 4), "int32", name="A")
k = te.reduce_axis((0, 4), name="k")
B = te.compute((8,), lambda i: te.sum(A[i, k], axis=k), name="B")  # producer (a reduction, like a conv)
P = te.compute((12,), lambda j: te.if_then_else(te.all(j >= 2, j < 10), B[j - 2], 0), name="P")  # pad 2 | 2
C = te.compute((12,), lambda j: P[j] + 1, name="C")
func = te.create_prim_func([A, C])

sch = s_tir.Schedule(func)
(i, kk) = sch.get_loops(sch.get_sblock("B"))
io, ii = sch.split(i, [2, 4])
sch.reverse_compute_at(sch.get_sblock("P"), io)
lib = tvm.compile(sch.mod, target="llvm")
a = np.random.RandomState(0).randint(-5, 5, (8, 4)).astype("int32")
want = np.pad(a.sum(1), 2) + 1
c = tvm.runtime.tensor(np.full((12,), 0, "int32"))
lib(tvm.runtime.tensor(a), c)
print("got ", c.numpy(), "\nwant", want)
if (c.numpy() == want).all():
    raise SystemExit("correct: the bug is fixed")
print("reproduced: P[0:2] and P[10:12] (the pad border) are never written; C reads uninitialized memory")
