"""TVM's own schedule verification (debug_mask="all") on the reverse_compute_at of both repros, and on the
variant where the padded tensor P is itself the output.  TVM only (apache-tvm 0.27.0.post1); output in
debug_mask_all.txt."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
from tvm import te, s_tir


def check(label, reduction_producer, with_consumer):
    a = te.placeholder((8, 4) if reduction_producer else (8,), "int32", name="A")
    if reduction_producer:
        k = te.reduce_axis((0, 4), name="k")
        b = te.compute((8,), lambda i: te.sum(a[i, k], axis=k), name="B")
    else:
        b = te.compute((8,), lambda i: a[i] * 2, name="B")
    p = te.compute((12,), lambda j: te.if_then_else(te.all(j >= 2, j < 10), b[j - 2], 0), name="P")
    out = te.compute((12,), lambda j: p[j] + 1, name="C") if with_consumer else p
    sch = s_tir.Schedule(te.create_prim_func([a, out]), debug_mask="all")
    io, _ = sch.split(sch.get_loops(sch.get_sblock("B"))[0], [2, 4])
    try:
        sch.reverse_compute_at(sch.get_sblock("P"), io)
    except Exception as e:  # noqa: BLE001 - TVM raises ScheduleError/InternalError here
        errors = [ln.strip() for ln in str(e).splitlines() if ln.startswith("- Wrong")]
        print(f"{label}: rejected: {' '.join(errors)}")
        return "rejected: " + " ".join(errors)
    print(f"{label}: accepted")
    return "accepted"


got = [check("reduction producer, C = P + 1 (prefill_777.py)", True, True),
       check("elementwise producer, C = P + 1 (reverse_compute_at_pad_repro.py)", False, True),
       check("elementwise producer, P is the output", False, False)]
shown = all([verdict.claim("with debug_mask='all' TVM's own checks reject both schedules the finding runs (region_cover)",
                           all(g.startswith("rejected") and "region_cover" in g for g in got[:2])),
             verdict.claim("and accept the schedule without a consumer of P", got[2] == "accepted")])
verdict.run(lambda: shown)
