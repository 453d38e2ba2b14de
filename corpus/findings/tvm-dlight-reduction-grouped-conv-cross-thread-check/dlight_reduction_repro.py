"""[dlight] gpu.Reduction on a grouped conv: LowerCrossThreadReduction check fails.

TVM and numpy only (apache-tvm 0.27.0.post1). Exit 0: the bug reproduces."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import tvm
import tvm.s_tir.dlight as dl
from tvm.script import ir as I
from tvm.script import tirx as T


@I.ir_module
class Module:
    @T.prim_func(s_tir=True)
    def main(in0: T.Buffer((1, 3, 1, 3), "int8"), in1: T.Buffer((6, 1, 1, 2), "int8"),
             op0: T.Buffer((1, 6, 1, 1), "int32")):
        T.func_attr({"tirx.noalias": True})
        for b, k, i, j, ry, rx, rc in T.grid(1, 6, 1, 1, 1, 2, 1):
            with T.sblock("op0"):
                v_b, v_k, v_i, v_j, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [b, k, i, j, ry, rx, rc])
                T.reads(in0[v_b, v_k // 2 + v_rc, v_i + v_ry, v_rx * 2 + v_j], in1[v_k, v_rc, v_ry, v_rx])
                T.writes(op0[v_b, v_k, v_i, v_j])
                with T.init():
                    op0[v_b, v_k, v_i, v_j] = 0
                op0[v_b, v_k, v_i, v_j] = op0[v_b, v_k, v_i, v_j] + \
                    T.Cast("int32", in0[v_b, v_k // 2 + v_rc, v_i + v_ry, v_rx * 2 + v_j]) * \
                    T.Cast("int32", in1[v_k, v_rc, v_ry, v_rx])


shown = []
for kind in ({"kind": "cuda", "arch": "sm_80"}, {"kind": "rocm", "mcpu": "gfx942"}):
    target = tvm.target.Target(kind)
    with target:
        scheduled = dl.ApplyDefaultSchedule(dl.gpu.Reduction())(Module)
    try:
        tvm.compile(scheduled, target=target)
        print(f"{kind['kind']}: compiled: the bug is not shown")
        shown.append(False)
    except Exception as e:  # noqa: BLE001 - TVM raises ValueError/InternalError depending on build
        hit = "n_deepest_reduction_loops == reduction_loops.size()" in str(e)
        line = next((ln for ln in str(e).splitlines() if "Check failed" in ln), str(e).splitlines()[-1])
        print(f"{kind['kind']}: {'reproduced' if hit else 'another error'}: {line[:150]}")
        shown.append(hit)
verdict.run(lambda: verdict.claim("dl.gpu.Reduction's schedule fails the cross-thread reduction check on CUDA and ROCm",
                                  all(shown)))
