"""TVM only: why the Matmul rule's reindexed conv block keeps a compound row index when an extent is a difference.

For the index `v // (3*B) * (3*B) + v // B % 3 * B + v % B` with `v` in `[0, 2*3*B)` (the fused (n, h, w) row of the
reindex, schedule_error.txt), iter-map detection succeeds for `B = W` and fails for `B = W - 2` (a 1x3 kernel's output
width), and the analyzer proves `floormod(3*B, B) == 0` for the first and not for the second: the same unproven
divisibility as the parent finding's `fuse` check."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import tvm
from tvm import tirx
sym = tvm.sym
I64 = lambda c: tirx.IntImm("int64", c)
w = tirx.Var("W", "int64"); v = tirx.Var("v1", "int64")
failed = {}
for name, b in {"W": w, "W - 2": w - I64(2)}.items():
    a = I64(3)
    idx = tirx.floordiv(v, a * b) * (a * b) + tirx.floormod(tirx.floordiv(v, b), a) * b + tirx.floormod(v, b)
    dom = {v: tvm.ir.Range.from_min_extent(I64(0), I64(2) * a * b)}
    for lvl in (0, 1):
        r = sym.detect_iter_map([idx], dom, tirx.const(True, "bool"), lvl)
        failed[name] = failed.get(name, False) or bool(r.errors)
        print(name, "level", lvl, "indices:", list(r.indices)[:1] and "ok", "errors:", [str(e)[:160] for e in r.errors])
    ana = sym.Analyzer()
    print(name, "floormod(2*3*B, 3*B)==0:", ana.can_prove_equal(tirx.floormod(I64(2) * a * b, a * b), 0),
          "floormod(3*B, B)==0:", ana.can_prove_equal(tirx.floormod(a * b, b), 0))
shown = all([verdict.claim("W: the iterator map is detected", not failed["W"]),
             verdict.claim("W - 2: 'Could not normalize iterators'", failed["W - 2"])])
verdict.run(lambda: shown)
