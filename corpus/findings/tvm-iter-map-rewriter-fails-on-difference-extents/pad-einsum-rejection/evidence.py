"""TVM only: the fused row index the Matmul rule's reindex leaves in the conv block (schedule_error.txt),
`v // (A*B) * (A*B) + v // B % A * B + v % B` for `v` in `[0, 2*A*B)`, is `v` for any positive A, B.
Iter-map simplification (what the schedule primitives use) rewrites it to `v` for a static A and a symbolic B = W
(or W + 1), and leaves it when B is a difference (a conv's `W - KW + 1`), so the block keeps a compound index and
`pad_einsum` refuses it as not an Einsum."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import tvm
from tvm import tirx

sym = tvm.sym if hasattr(tvm, "sym") else tvm.arith  # tvm.sym in 0.27, tvm.arith before
I64 = lambda c: tirx.IntImm("int64", c)  # noqa: E731
d0, d1, w = (tirx.Var(n, "int64") for n in ("in1_d0", "in1_d1", "in0_d2"))
v = tirx.Var("v1", "int64")
print("tvm", tvm.__version__)
plain = {}
for name, (a, b) in {
    "A = 3, B = 5 (static)": (I64(3), I64(5)),
    "A = 3, B = in0_d2 (a 1x1 kernel: out W)": (I64(3), w),
    "A = 3, B = in0_d2 + 1": (I64(3), w + I64(1)),
    "A = 3, B = in0_d2 - 2 (a 1x3 kernel: out W - 2)": (I64(3), w - I64(2)),
    "A = 4 - in1_d0, B = in0_d2 + 1 - in1_d1 (the reduced case)": (I64(4) - d0, w + I64(1) - d1),
}.items():
    idx = tirx.floordiv(v, a * b) * (a * b) + tirx.floormod(tirx.floordiv(v, b), a) * b + tirx.floormod(v, b)
    dom = {v: tvm.ir.Range.from_min_extent(I64(0), I64(2) * a * b)}
    out = sym.iter_map_simplify([idx], dom, tirx.const(True, "bool"))[0]
    plain[name] = out.same_as(v) or str(out) == "v1"
    print(f"{name}: simplifies to {out}" + ("  (= v1)" if plain[name] else "  (not v1)"))
names = list(plain)
shown = all([verdict.claim("static and sum extents (B = 5, in0_d2, in0_d2 + 1) simplify back to v1",
                           all(plain[n] for n in names[:3])),
             verdict.claim("difference extents (in0_d2 - 2, and the reduced case's) do not",
                           not plain[names[3]] and not plain[names[4]])])
verdict.run(lambda: shown)
