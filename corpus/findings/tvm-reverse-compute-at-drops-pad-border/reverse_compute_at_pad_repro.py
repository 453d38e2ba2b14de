"""[s_tir] reverse_compute_at of a padding consumer under its producer's loop: the pad border is never computed.

TVM and numpy only (apache-tvm 0.27.0.post1). Exit 0: the bug reproduces; exit 1: it is fixed.
B = 2 * A (elementwise), P = pad(B, 2 | 2), C = P + 1; B's loop split by 4, P moved under the outer loop."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import numpy as np
import tvm
from tvm import te, s_tir

A = te.placeholder((8,), "int32", name="A")
B = te.compute((8,), lambda i: A[i] * 2, name="B")
P = te.compute((12,), lambda j: te.if_then_else(te.all(j >= 2, j < 10), B[j - 2], 0), name="P")
C = te.compute((12,), lambda j: P[j] + 1, name="C")


def schedule(debug_mask):
    sch = s_tir.Schedule(te.create_prim_func([A, C]), debug_mask=debug_mask)
    io, _ = sch.split(sch.get_loops(sch.get_sblock("B"))[0], [2, 4])
    sch.reverse_compute_at(sch.get_sblock("P"), io)
    return sch


sch = schedule(0)
print("P after reverse_compute_at (it covers 4 of 12 per outer iteration, 8 in all):")
print("\n".join(ln for ln in sch.mod.script().splitlines() if "ax0 in" in ln or "v_j = T.axis.spatial(12, i_0" in ln))
lib = tvm.compile(sch.mod, target="llvm")
a = np.arange(1, 9, dtype="int32")
want = np.pad(2 * a, 2) + 1
c = tvm.runtime.tensor(np.full((12,), 777, "int32"))  # C pre-filled: 777 where nothing writes C
lib(tvm.runtime.tensor(a), c)
print("want", want)
print("got ", c.numpy())
try:
    schedule("all")
    print('s_tir.Schedule(..., debug_mask="all"): reverse_compute_at accepted')
except Exception as e:  # noqa: BLE001 - TVM raises ScheduleError/InternalError here
    print('s_tir.Schedule(..., debug_mask="all") rejects the result:',
          " ".join(ln.strip() for ln in str(e).splitlines() if ln.startswith("- Wrong")))
if (c.numpy() == want).all():
    print("correct: the bug is not shown")
    raise SystemExit(0)
print("reproduced: C[0:2] and C[10:12] still hold 777: the pad border P[0:2], P[10:12] is never computed")
raise SystemExit(1)  # the exit rule: 1 when the bug is shown
