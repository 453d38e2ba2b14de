"""The first repro (a reduction producer), run with C pre-filled with 0 and with 777, plus what the compiled code stores.

TVM and numpy only (apache-tvm 0.27.0.post1); output in prefill_777.txt.
B[i] = sum_k A[i, k], P = pad(B, 2 | 2), C = P + 1; B's loop split by 4, P moved under the outer loop."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import re

import numpy as np
import tvm
from tvm import te, s_tir

A = te.placeholder((8, 4), "int32", name="A")
k = te.reduce_axis((0, 4), name="k")
B = te.compute((8,), lambda i: te.sum(A[i, k], axis=k), name="B")
P = te.compute((12,), lambda j: te.if_then_else(te.all(j >= 2, j < 10), B[j - 2], 0), name="P")
C = te.compute((12,), lambda j: P[j] + 1, name="C")
sch = s_tir.Schedule(te.create_prim_func([A, C]))
io, _ = sch.split(sch.get_loops(sch.get_sblock("B"))[0], [2, 4])
sch.reverse_compute_at(sch.get_sblock("P"), io)
print(sch.mod.script())
lib = tvm.compile(sch.mod, target="llvm")
a = np.random.RandomState(0).randint(-5, 5, (8, 4)).astype("int32")
want = np.pad(a.sum(1), 2) + 1
print("want          ", want)
got = {}
for fill in (0, 777):
    c = tvm.runtime.tensor(np.full((12,), fill, "int32"))
    lib(tvm.runtime.tensor(a), c)
    got[fill] = c.numpy()
    print(f"got, C = {fill:3} before", c.numpy())

# The loop of C covers all 12 elements, but it reads P[0:2] and P[10:12], which nothing writes: LLVM drops those
# stores. The byte offsets of every store into C in the optimized LLVM IR of the kernel:
src = lib.mod.inspect_source("ll")
kernel = src[re.search(r"define [^\n]*@main_compute_\(", src).start():]
kernel = kernel[:kernel.index("\n}\n")]
offsets = {name: int(off) for name, off in re.findall(r"(%\d+) = getelementptr inbounds nuw i8, ptr %C, i64 (\d+)", kernel)}
stores = re.findall(r"store (<\d+ x i32>|i32) %\d+, ptr (%\w+)", kernel)
print("stores into C:", [f"{ty} at C[{offsets.get(ptr, 0) // 4}]" for ty, ptr in stores])
border = [0, 1, 10, 11]
shown = all([verdict.claim("the border of C keeps what was in C before the call (0 or 777), not P + 1 = 1",
                           (got[777][border] == 777).all() and (got[0][border] == 0).all()),
             verdict.claim("the inner elements are right", (got[0][2:10] == want[2:10]).all())])
verdict.run(lambda: shown)
