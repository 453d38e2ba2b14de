"""dlight's `gpu.Reduction` on a grouped f16 conv with an elementwise epilogue (`op1 = op0 + in0`): the rule keeps
`op0` in "local" (per-thread) scope and binds the write-back block `op0` and the epilogue `op1` to `threadIdx.x`
through different loop orders, so a thread's epilogue reads `op0_local` elements its own thread never wrote.

TVM only, no GPU: applies dlight's default rules for CUDA sm_80 to the module kernelfuzz lowered, prints the
scheduled TIR, then enumerates every (blockIdx.x, threadIdx.x, serial loop) instance of the two blocks from the TIR's
own loop extents and block bindings, and counts the epilogue's reads of an element that no write-back instance of
the same (blockIdx.x, threadIdx.x) wrote. Exit 1 (shown) when there is such a read, 0 when every read is its own
thread's, 2 when TVM is missing (verdict.py's rule)."""
import itertools

import verdict

MODULE = '''
# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@I.ir_module
class Module:
    @T.prim_func(s_tir=True)
    def main(in0: T.Buffer((1, 4, 9, 5), "float16"), in1: T.Buffer((4, 2, 1, 1), "float16"), op1: T.Buffer((1, 4, 9, 5), "float16")):
        T.func_attr({"tirx.noalias": True})
        # with T.sblock("root"):
        op0 = T.sblock_alloc_buffer((1, 4, 9, 5), "float16")
        for b, k, i, j, ry, rx, rc in T.grid(1, 4, 9, 5, 1, 1, 2):
            with T.sblock("op0"):
                v_b, v_k, v_i, v_j, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [b, k, i, j, ry, rx, rc])
                T.reads(in0[v_b, v_k // 2 * 2 + v_rc, v_i + v_ry, v_j + v_rx], in1[v_k, v_rc, v_ry, v_rx])
                T.writes(op0[v_b, v_k, v_i, v_j])
                with T.init():
                    op0[v_b, v_k, v_i, v_j] = T.float16(0.0)
                op0[v_b, v_k, v_i, v_j] = op0[v_b, v_k, v_i, v_j] + in0[v_b, v_k // 2 * 2 + v_rc, v_i + v_ry, v_j + v_rx] * in1[v_k, v_rc, v_ry, v_rx]
        for i0, i1, i2, i3 in T.grid(1, 4, 9, 5):
            with T.sblock("op1"):
                v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
                T.reads(op0[v_i0, v_i1, v_i2, v_i3], in0[v_i0, v_i1, v_i2, v_i3])
                T.writes(op1[v_i0, v_i1, v_i2, v_i3])
                op1[v_i0, v_i1, v_i2, v_i3] = op0[v_i0, v_i1, v_i2, v_i3] + in0[v_i0, v_i1, v_i2, v_i3]
'''


def rules():
    import tvm.s_tir.dlight as dl
    return dl.ApplyDefaultSchedule(dl.gpu.Matmul(), dl.gpu.GEMV(), dl.gpu.Reduction(), dl.gpu.GeneralReduction(),
                                   dl.gpu.Fallback())


def realizes(node, loops, out):
    """Each block realize under node with the loops around it (outermost first)."""
    if hasattr(node, "loop_var"):
        realizes(node.body, loops + [node], out)
    elif hasattr(node, "seq"):
        for s in node.seq:
            realizes(s, loops, out)
    elif hasattr(node, "iter_values"):
        out.append((node, loops))
        realizes(node.block.body, loops, out)
        if node.block.init is not None:
            realizes(node.block.init, loops, out)
    elif hasattr(node, "then_case"):
        realizes(node.then_case, loops, out)
        if node.else_case is not None:
            realizes(node.else_case, loops, out)
    elif hasattr(node, "body"):
        realizes(node.body, loops, out)


def instances(realize, loops):
    """(blockIdx.x, threadIdx.x) -> the spatial indices (v0, v1, v2) this block instance touches, for every value of
    the loops around it (thread loops by their tag, the others serial)."""
    from tvm.ir import Range
    from tvm.sym import Analyzer
    spatial = [v for iv, v in zip(realize.block.iter_vars, realize.iter_values) if iv.iter_type == 0]
    seen = {}
    for point in itertools.product(*(range(int(lp.extent)) for lp in loops)):
        ana = Analyzer()
        for lp, x in zip(loops, point):
            ana.bind(lp.loop_var, Range(x, x + 1))
        if not bool(ana.simplify(realize.predicate)):
            continue
        tags = {lp.thread_binding.thread_tag: x for lp, x in zip(loops, point) if lp.thread_binding is not None}
        key = (tags.get("blockIdx.x", 0), tags.get("threadIdx.x", 0))
        seen.setdefault(key, set()).add(tuple(int(ana.simplify(v)) for v in spatial))
    return seen


def main():
    import tvm
    mod = tvm.script.from_source(MODULE)
    with tvm.target.Target({"kind": "cuda", "arch": "sm_80"}):
        sched = rules()(mod)
    print(sched.script())
    found = []
    realizes(sched["main"].body, [], found)
    blocks = {r.block.name_hint: (r, lp) for r, lp in found}
    if "op0" not in blocks or "op1" not in blocks:
        print("the scheduled module has no write-back block op0 or epilogue op1: the rule's schedule changed")
        return None
    wrote = instances(*blocks["op0"])
    read = instances(*blocks["op1"])
    total = sum(len(v) for v in read.values())
    foreign = {k: sorted(v - wrote.get(k, set())) for k, v in read.items()}
    bad = sum(len(v) for v in foreign.values())
    for k in sorted(foreign)[:3]:
        print(f"blockIdx.x {k[0]}, threadIdx.x {k[1]}: writes op0_local at {sorted(wrote.get(k, set()))}, "
              f"its epilogue reads {sorted(read[k])}")
    print(f"{bad} of {total} epilogue reads of op0_local (scope local) are of an element another threadIdx.x wrote")
    return bad > 0


if __name__ == "__main__":
    verdict.run(main)
