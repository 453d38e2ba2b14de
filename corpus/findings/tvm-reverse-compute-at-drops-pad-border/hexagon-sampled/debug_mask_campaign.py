"""For each campaign case in campaign/: replay its stored tvm:cpu-sampled and tvm:hexagon-sampled traces one
instruction at a time under TVM's verifier (s_tir.Schedule(..., debug_mask="all")) and print the first instruction
it rejects.  Needs kernelfuzz (its TE lowering of the case); run from the repository root:
    python corpus/findings/tvm-reverse-compute-at-drops-pad-border/hexagon-sampled/debug_mask_campaign.py
Output in debug_mask_campaign.txt."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import json
import os
import sys

import tvm
from tvm import s_tir

sys.path.insert(0, os.getcwd())
from fuzz.casefile import load  # noqa: E402
from frontends.tvm.lower import lower  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def first_rejected(mod, insts, decisions):
    for n in range(1, len(insts) + 1):
        sch = s_tir.Schedule(mod, debug_mask="all")
        try:
            s_tir.Trace.apply_json_to_schedule([insts[:n], [d for d in decisions if d[0] < n]], sch)
        except Exception as e:  # noqa: BLE001 - TVM raises ScheduleError/InternalError
            return n, insts[n - 1], [ln.strip() for ln in str(e).splitlines() if "Wrong" in ln]
    return None


rejected_at_rca = []
for name in sorted(os.listdir(os.path.join(HERE, "campaign"))):
    case = load(os.path.join(HERE, "campaign", name))
    mod = tvm.IRModule({"main": lower(case)})
    for config in ("tvm:cpu-sampled", "tvm:hexagon-sampled"):
        insts, decisions = json.loads(case.schedule_for(config))
        where = [i + 1 for i, x in enumerate(insts) if x[0] == "ReverseComputeAt"]
        first = first_rejected(mod, insts, decisions)
        if where:
            rejected_at_rca.append(first is not None and first[0] in where)
        print(f"{case.name} {config}: {len(insts)} instructions, ReverseComputeAt at {where}; "
              f"first rejected under debug_mask='all': {first}")
shown = verdict.claim("every campaign trace with a ReverseComputeAt is first rejected, under debug_mask='all', at it",
                      bool(rejected_at_rca) and all(rejected_at_rca))
verdict.run(lambda: shown)
