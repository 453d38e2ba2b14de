"""Schedule traces as a case stores them (``Case.schedules``: MetaSchedule's JSON, one trace or one per PrimFunc):
their instructions in order, and the trace cut after the first ``k``.  The reducer bisects a failing trace with
these, and a frontend's ``kernelfuzz localize`` points replay its prefixes (``frontends/tvm/points.py``)."""
from __future__ import annotations

import json


def trace_steps(trace: str) -> list[tuple[str, list]]:
    """A schedule trace's instructions in order, each with the PrimFunc it schedules ("" for a single trace).

    A trace per PrimFunc (``{"<primfunc>": trace}``, Relax's) is one sequence in name order."""
    loaded = json.loads(trace)
    traces = sorted(loaded.items()) if isinstance(loaded, dict) else [("", loaded)]
    return [(name, inst) for name, (insts, _) in traces for inst in insts]


def trace_prefix(trace: str, k: int) -> str:
    """The trace cut after ``k`` instructions (``trace_steps`` order): earlier PrimFuncs' traces stay whole, the
    next one is cut and the rest are left unscheduled."""
    loaded = json.loads(trace)
    traces = sorted(loaded.items()) if isinstance(loaded, dict) else [("", loaded)]
    cut, left = {}, k
    for name, (insts, decisions) in traces:
        n = max(0, min(left, len(insts)))
        cut[name], left = [insts[:n], [d for d in decisions if d[0] < n]], left - len(insts)
    return json.dumps(cut if isinstance(loaded, dict) else cut[""], separators=(",", ":"))


def step_name(step: tuple[str, list]) -> str:
    """One instruction as a person reads it: ``<primfunc>: ["Split", ...]``."""
    name, inst = step
    return (f"{name}: " if name else "") + json.dumps(inst)
