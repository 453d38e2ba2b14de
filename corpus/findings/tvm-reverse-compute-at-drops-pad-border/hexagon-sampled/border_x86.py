"""tvm:hexagon-sampled's stored schedule trace (case.json) applied to the unscheduled kernel (UNSCHEDULED below,
kernelfuzz's TE lowering of case.json), cut after 21 and after 22 instructions; each result is built for x86 `llvm`
and run with the output pre-filled with 777.  Instruction 22 is ReverseComputeAt(op1, <op0's loop>): from it on,
the pad block op1 iterates only over the columns op0 provides (1..6), and its border column op1[..., 0] keeps
the 777.  Each schedule is also checked by TVM's own verifier (debug_mask="all").  TVM and numpy only; output in
border_x86.txt."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import json
import os

import numpy as np
import tvm
from tvm import s_tir

HERE = os.path.dirname(os.path.abspath(__file__))
UNSCHEDULED = '''
# from tvm.script import tirx as T
@T.prim_func(s_tir=True)
def main(in0: T.Buffer((1, 6, 1, 6), "float16"), in1: T.Buffer((5, 1, 1, 6), "float16"), op1: T.Buffer((1, 2, 1, 7), "float32")):
    T.func_attr({"tirx.noalias": True})
    op0 = T.sblock_alloc_buffer((1, 2, 1, 6))
    for b, i, j, k, ry, rx, rc in T.grid(1, 2, 1, 6, 5, 1, 1):
        with T.sblock("op0"):
            v_b, v_i, v_j, v_k, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [b, i, j, k, ry, rx, rc])
            T.reads(in0[v_b, v_i + v_ry, v_j + v_rx, v_k + v_rc], in1[v_ry, v_rx, v_rc, v_k])
            T.writes(op0[v_b, v_i, v_j, v_k])
            with T.init():
                op0[v_b, v_i, v_j, v_k] = T.float32(0.0)
            op0[v_b, v_i, v_j, v_k] = op0[v_b, v_i, v_j, v_k] + T.Cast("float32", in0[v_b, v_i + v_ry, v_j + v_rx, v_k + v_rc]) * T.Cast("float32", in1[v_ry, v_rx, v_rc, v_k])
    for i0, i1, i2, i3 in T.grid(1, 2, 1, 7):
        with T.sblock("op1"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(op0[v_i0, v_i1, v_i2, v_i3 - 1])
            T.writes(op1[v_i0, v_i1, v_i2, v_i3])
            op1[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(0 <= v_i0 and v_i0 < 1 and 0 <= v_i1 and v_i1 < 2 and 0 <= v_i2 and v_i2 < 1 and 1 <= v_i3 and v_i3 < 7, op0[v_i0, v_i1, v_i2, v_i3 - 1], T.float32(0.0))
'''


def schedule(n: int, debug_mask):
    insts, decisions = json.load(open(os.path.join(HERE, "case.json")))["schedules"]["tvm:hexagon-sampled"]
    func = tvm.script.from_source(UNSCHEDULED)
    sch = s_tir.Schedule(tvm.IRModule({"main": func}), debug_mask=debug_mask)
    s_tir.Trace.apply_json_to_schedule([insts[:n], [d for d in decisions if d[0] < n]], sch)
    return sch, insts[n - 1]


def op1_column(mod) -> str:
    """The loops right above op1's block and its binding of v_i3 (the padded axis)."""
    lines = mod.script().splitlines()
    at = next(i for i, ln in enumerate(lines) if 'T.sblock("op1")' in ln)
    loops = [ln.strip() for ln in lines[at - 2:at] if ln.strip().startswith("for")]
    binding = next(ln.strip() for ln in lines[at:] if "v_i3" in ln and "T.axis" in ln)
    return " / ".join(loops + [binding])


def run(n: int) -> int:
    try:
        schedule(n, "all")
        verifier = "accepted"
    except Exception as e:  # noqa: BLE001 - TVM raises ScheduleError/InternalError
        verifier = "rejected: " + " ".join(ln.strip() for ln in str(e).splitlines() if "Wrong" in ln)
    sch, last = schedule(n, 0)
    ex = tvm.compile(sch.mod, target="llvm")
    args = [tvm.runtime.tensor(np.load(os.path.join(HERE, f"inputs/{x}.npy"))) for x in ("in0", "in1")]
    out = tvm.runtime.tensor(np.full((1, 2, 1, 7), 777, "float32"))
    ex(*args, out)
    got, ref = out.numpy(), np.load(os.path.join(HERE, "reference/op1.npy"))
    bad = int((got != ref).sum())
    print(f"trace cut after {n} instructions (last: {last[0]}); debug_mask='all': {verifier}")
    print(f"  op1 column binding: {op1_column(sch.mod)}")
    print(f"  got      op1[0, :, 0, :] = {got[0, :, 0, :].tolist()}")
    print(f"  expected op1[0, :, 0, :] = {ref[0, :, 0, :].tolist()}; wrong elements: {bad}")
    return bad


good, broken = run(21), run(22)
raise SystemExit(1 if good == 0 and broken > 0 else 0)  # the exit rule: 1 = reproduced
