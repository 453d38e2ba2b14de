"""TVM only: the divisibility facts behind the check. The padding pass asks the analyzer whether a product is divisible
by one of its own factors; it proves it for `m + 1` but not for `2 - m` or `m - 2` (factors it cannot prove positive),
so the first pass requests padding and the second pass's check, which assumes the proof succeeds, fails."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import tvm
from tvm import tirx
from tvm.script import tirx as T

ana = (tvm.sym if hasattr(tvm, "sym") else tvm.arith).Analyzer()  # tvm.sym in 0.27, tvm.arith before
n = tirx.Var("n", "int64")
m = tirx.Var("m", "int64")
I64 = T.int64
print("tvm", tvm.__version__)
proven = {}
for name, d in {"m + 1": m + I64(1), "2 - m": I64(2) - m, "m - 2": m - I64(2), "6 - 3*m": I64(6) - m * I64(3)}.items():
    prod = d * I64(3)
    proven[name] = ana.can_prove_equal(tirx.floormod(prod, d), 0)
    print(f"floormod(({name}) * 3, {name}) == 0 proven: {ana.can_prove_equal(tirx.floormod(prod, d), 0)};"
          f" n * ({name}) * 3 divisible by ({name}) * 3: {ana.can_prove_equal(tirx.floormod(n * d * I64(3), d * I64(3)), 0)}")
shown = all([verdict.claim("a sum extent (m + 1): floormod((m + 1) * 3, m + 1) == 0 is proven", proven["m + 1"]),
             verdict.claim("a difference extent (2 - m, m - 2): the same is not", not proven["2 - m"] and not proven["m - 2"])])
verdict.run(lambda: shown)
