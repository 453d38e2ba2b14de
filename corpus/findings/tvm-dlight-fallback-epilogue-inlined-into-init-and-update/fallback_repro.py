"""dlight's gpu.Fallback schedules `C[i] = sum_{k < 1} A[i, k] * W[k]; D[i] = C[i] + A[i, 0]` into one block whose
init AND update both carry the epilogue: D = (0 + A) + A*W + A, i.e. A counted twice.  The other dlight rules
leave the two blocks apart.  Needs apache-tvm only (compile-only: the script prints the scheduled TIR and checks the
two lines); exit status 1 when the bug shows."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import sys

import tvm
from tvm import te
from tvm.s_tir import dlight

N = 8


def func():
    a = te.placeholder((N, 1), "int32", name="A")
    w = te.placeholder((1,), "int32", name="W")
    k = te.reduce_axis((0, 1), name="k")
    c = te.compute((N,), lambda i: te.sum(a[i, k] * w[k], axis=k), name="C")
    d = te.compute((N,), lambda i: c[i] + a[i, 0], name="D")
    return te.create_prim_func([a, w, d])


def main() -> int:
    bad = False
    for rule in ("GEMV", "Reduction", "Fallback"):
        with tvm.target.Target({"kind": "cuda", "arch": "sm_80"}):
            mod = dlight.ApplyDefaultSchedule(getattr(dlight.gpu, rule)())(tvm.IRModule({"main": func()}))
        lines = [line.strip() for line in mod.script().splitlines() if ("D[" in line or "C[" in line) and "=" in line]
        twice = any(line.startswith("D[") and line.count("A[") >= 2 for line in lines) and \
            any("T.Add(0, A" in line for line in lines)
        print(f"{rule}: {lines}{'   <- the epilogue is in the init and the update' if twice else ''}")
        bad |= twice
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
