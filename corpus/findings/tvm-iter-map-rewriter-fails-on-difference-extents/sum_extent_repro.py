"""TVM only: the same unproven divisibility with a symbolic *sum* extent `h + c` (c >= 2), on the CPU, in
`s_tir.CompactBufferAllocation` rather than in a dlight rule.

A padded copy `B[2, n, h + c, 9]` of `A[2, n, h, 9]` (a conv's padded image with a dynamic height), read by an
elementwise op, has B's four loops fused and split by 128 (TOPI's Hexagon injective schedule, kernelfuzz's
`tvm:hexagon-hvx-fuse-vectorize`, where the campaign case seed1021595911 of h50-hxs met it); `tvm.compile(...,
target="llvm")` then stops in `IterMapRewriter`'s `CanProveDivisible(info.padding_factor, divisor)` check for c = 2
and 3, and builds for c = 0 and 1: the analyzer proves `floormod((h + 1) * 9, h + 1) == 0` but not
`floormod((h + 2) * 9, h + 2) == 0`. Exit 1 when c = 2 raises the check and c = 0 builds (the bug shown), 0 when
c = 2 builds."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1

CHECK = "CanProveDivisible(info.padding_factor, divisor)"


def build(c: int) -> str:
    """'builds', or the failed check's line."""
    import tvm
    from tvm import te
    from tvm.s_tir import Schedule
    n, h = tvm.tirx.Var("n", "int32"), tvm.tirx.Var("h", "int32")
    a = te.placeholder((2, n, h, 9), "int8", name="A")
    b = te.compute((2, n, h + c, 9), lambda i, j, k, l: tvm.tirx.if_then_else(
        k < h, a[i, j, tvm.tirx.min(k, h - 1), l], tvm.tirx.const(0, "int8")), name="B")
    out = te.compute((2, n, h, 9), lambda i, j, k, l: b[i, j, k, l] * tvm.tirx.const(2, "int8"), name="C")
    sch = Schedule(te.create_prim_func([a, out]))
    block = sch.get_sblock("B")
    sch.split(sch.fuse(*sch.get_loops(block)), [None, 128])
    try:
        tvm.compile(sch.mod, target="llvm")
    except Exception as e:  # TVM's InternalError: the check's own line is the observation
        lines = [ln for ln in str(e).splitlines() if "Check failed" in ln]
        return lines[0][:200] if lines else f"another error: {str(e).splitlines()[-1][:200]}"
    return "builds"


def proven(c: int) -> bool:
    import tvm
    h = tvm.tirx.Var("h", "int32")
    ana = (tvm.sym if hasattr(tvm, "sym") else tvm.arith).Analyzer()  # tvm.sym in 0.27, tvm.arith before
    return ana.can_prove(tvm.tirx.floormod((h + c) * 9, h + c) == 0)


def main():
    import tvm
    print(f"tvm {tvm.__version__}")
    results = {c: build(c) for c in (0, 1, 2, 3)}
    for c, r in results.items():
        print(f"B[2, n, h + {c}, 9] fused and split by 128, llvm: {r}; floormod((h + {c}) * 9, h + {c}) == 0 "
              f"proven: {proven(c)}")
    return all([
        verdict.claim("h + 2 stops in the CanProveDivisible check", CHECK in results[2]),
        verdict.claim("h + 3 stops in the same check", CHECK in results[3]),
        verdict.claim("control: h + 0 builds", results[0] == "builds"),
        verdict.claim("the analyzer cannot prove floormod((h + 2) * 9, h + 2) == 0", not proven(2)),
    ])


if __name__ == "__main__":
    verdict.run(main)
