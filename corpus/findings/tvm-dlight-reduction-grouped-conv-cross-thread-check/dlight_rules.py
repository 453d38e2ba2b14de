"""[dlight] which default rule breaks the grouped conv, and what in the block triggers it.

TVM only (apache-tvm 0.27.0.post1). Prints, for CUDA sm_80:
1. each dlight GPU rule applied alone to the block of dlight_reduction_repro.py, and whether tvm.compile accepts it;
2. the loop nest gpu.Reduction produces (the spatial loop left inside the thread-bound reduction loop);
3. the same block as a dense conv (no k // 2 group index) and without the dilation (rx instead of rx * 2)."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import tvm
import tvm.s_tir.dlight as dl
from tvm.script import ir as I
from tvm.script import tirx as T

SRC = """
@I.ir_module
class Module:
    @T.prim_func(s_tir=True)
    def main(in0: T.Buffer((1, CIN, 1, 3), "int8"), in1: T.Buffer((6, 1, 1, 2), "int8"),
             op0: T.Buffer((1, 6, 1, 1), "int32")):
        T.func_attr({"tirx.noalias": True})
        for b, k, i, j, ry, rx, rc in T.grid(1, 6, 1, 1, 1, 2, 1):
            with T.sblock("op0"):
                v_b, v_k, v_i, v_j, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [b, k, i, j, ry, rx, rc])
                T.reads(in0[v_b, CHAN, v_i + v_ry, COL], in1[v_k, v_rc, v_ry, v_rx])
                T.writes(op0[v_b, v_k, v_i, v_j])
                with T.init():
                    op0[v_b, v_k, v_i, v_j] = 0
                op0[v_b, v_k, v_i, v_j] = op0[v_b, v_k, v_i, v_j] + \\
                    T.Cast("int32", in0[v_b, CHAN, v_i + v_ry, COL]) * T.Cast("int32", in1[v_k, v_rc, v_ry, v_rx])
"""
GROUPED = {"CIN": "3", "CHAN": "v_k // 2 + v_rc", "COL": "v_rx * 2 + v_j"}
DENSE = dict(GROUPED, CIN="1", CHAN="v_rc")
NO_DILATION = dict(GROUPED, COL="v_rx + v_j")
TARGET = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})


def module(subst):
    src = SRC
    for key, value in subst.items():
        src = src.replace(key, value)
    return tvm.script.from_source(src, extra_vars={"I": I, "T": T})


def compile_with(rule, subst):
    with TARGET:
        scheduled = dl.ApplyDefaultSchedule(rule)(module(subst))
    try:
        tvm.compile(scheduled, target=TARGET)
    except Exception as e:  # noqa: BLE001 - TVM raises ValueError/InternalError depending on the check
        lines = str(e).splitlines()
        return scheduled, next((ln for ln in lines if "Check failed" in ln or "Error" in ln), lines[-1])[:160]
    return scheduled, "compiled"


alone = {}
for name in ("Matmul", "GEMV", "Reduction", "GeneralReduction", "Fallback"):
    _, result = compile_with(getattr(dl.gpu, name)(), GROUPED)
    alone[name] = result
    print(f"dl.gpu.{name}() alone, grouped conv: {result}")

scheduled, _ = compile_with(dl.gpu.Reduction(), GROUPED)
print("\nloop nest from dl.gpu.Reduction() (loops and blocks only):")
for line in scheduled.script().splitlines():
    if line.strip().startswith(("for ", "with T.sblock")):
        print(line)

controls = []
for label, subst in (("dense conv, in0[b, rc, ...]", DENSE), ("grouped, no dilation (rx + j)", NO_DILATION)):
    controls.append(compile_with(dl.gpu.Reduction(), subst)[1])
    print(f"\ndl.gpu.Reduction(), {label}: {controls[-1]}")
shown = all([verdict.claim("dl.gpu.Reduction() alone fails the grouped conv's cross-thread reduction check",
                           "Cross-thread reduction" in alone["Reduction"] or "n_deepest_reduction_loops" in alone["Reduction"]),
             verdict.claim("every other rule compiles it", all(alone[n] == "compiled" for n in alone if n != "Reduction"))])
verdict.run(lambda: shown)
