"""TVM only: s_tir.Schedule.fuse of an elementwise copy's three loops hits an internal check when one extent is a
symbolic difference (`2 - m`, `m - 2`: a conv's output size `H - KH + 1` with dynamic dims) and an inner extent is a
constant above 1.

Prints one line per loop nest; exit 1 when the nest (n, 2 - m, 3) raises the check (the bug shown), 0 when it fuses.
The holder buffer binds n and m before they appear in a difference (TVM 0.25's parser needs a plain use first)."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import sys

import tvm
from tvm import s_tir
from tvm.script import tirx as T

I64 = T.int64


def make(shape):
    @T.prim_func(private=True, s_tir=True)
    def copy(a: T.handle, b: T.handle, holder: T.handle):
        n = T.int64()
        m = T.int64()
        T.match_buffer(holder, (n, m), "float32")
        A = T.match_buffer(a, shape(n, m), "float32")
        B = T.match_buffer(b, shape(n, m), "float32")
        for i, j, k in T.grid(*shape(n, m)):
            with T.sblock("B"):
                vi, vj, vk = T.axis.remap("SSS", [i, j, k])
                B[vi, vj, vk] = A[vi, vj, vk]
    return copy


NESTS = {
    "(n, m, 3)": lambda n, m: (n, m, I64(3)),
    "(n, m + 1, 3)": lambda n, m: (n, m + I64(1), I64(3)),
    "(n, 2 - m, 1)": lambda n, m: (n, I64(2) - m, I64(1)),
    "(1, 2 - m, 3)": lambda n, m: (I64(1), I64(2) - m, I64(3)),
    "(n, 3, 2 - m)": lambda n, m: (n, I64(3), I64(2) - m),
    "(n, 2 - m, 3)": lambda n, m: (n, I64(2) - m, I64(3)),
    "(n, 2 - m, 2)": lambda n, m: (n, I64(2) - m, I64(2)),
    "(n, m - 2, 3)": lambda n, m: (n, m - I64(2), I64(3)),
    "(6 - n, 2 - m, 3)": lambda n, m: (I64(6) - n, I64(2) - m, I64(3)),
}

print("tvm", tvm.__version__)
failed = set()
for name, shape in NESTS.items():
    sch = s_tir.Schedule(make(shape))
    try:
        sch.fuse(*sch.get_loops(sch.get_sblock("B")))
        print(f"{name:18s} fused")
    except tvm.error.InternalError as err:
        failed.add(name)
        print(f"{name:18s} InternalError: {str(err).strip().splitlines()[-1][:160]}")
sys.exit(1 if "(n, 2 - m, 3)" in failed else 0)
