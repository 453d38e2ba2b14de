"""Attribute each TVM out-of-bound of the fp8 campaign to TVM's float8 widening bug: rerun the case on tvm:cpu,
then judge its output against the reference computed from the inputs *as TVM widens them* (the 256-entry table
TVM's own cast gives).  Accepted there: the conversion bug explains the finding entirely."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import json, sys, tempfile, glob
if len(sys.argv) != 2:
    print("usage: python triage_fp8.py CAMPAIGN_FOLDER (a kernelfuzz fuzz --out folder; kernelfuzz importable)")
    sys.exit(2)  # no campaign named: nothing to judge (the exit rule's 2)
import numpy as np, ml_dtypes
import tvm
from tvm import te
from fuzz.case.workload import load, NUMPY_DTYPE, FP8_DTYPES
from fuzz.case.values import materialize_all
from fuzz.judge.reference import evaluate
from fuzz.judge.oracle import judge
from fuzz.judge import profiles
import frontends.tvm.frontend as F

def tvm_table(dt):
    name = NUMPY_DTYPE[dt]
    x = np.arange(256, dtype=np.uint8).view(getattr(ml_dtypes, name))
    a = te.placeholder((256,), name, name="a")
    f = tvm.build(te.create_prim_func([a, te.compute((256,), lambda i: a[i].astype("float32"), name="b")]), target="llvm")
    out = tvm.runtime.tensor(np.zeros(256, np.float32)); f(tvm.runtime.tensor(x), out)
    return out.numpy().astype(np.float64)

TABLES = {t: tvm_table(t) for t in FP8_DTYPES}
cfg = [c for c in F.CONFIGS if c.name == "tvm:cpu"][0]
prof = profiles.get(cfg.profile)
rows = []
for path in sorted(glob.glob(sys.argv[1] + "/findings/*/case.json")):
    res = json.load(open(path.replace("case.json", "results.json")))
    rows = res.get("results", res) if isinstance(res, dict) else res
    text = json.dumps(rows)
    if "tvm:cpu" not in text or "out-of-bound" not in text:
        continue
    case = load(path)
    ins = materialize_all(case)
    h, _, _ = F.compile(case, cfg, tempfile.mkdtemp())
    outs = F.run(h, [ins[t.name] for t in case.inputs])
    as_tvm = {}
    for t in case.inputs:
        a = ins[t.name]
        if t.dtype in FP8_DTYPES:
            a = TABLES[t.dtype][a.view(np.uint8)]  # float64: the reference reads values, not their type
        as_tvm[t.name] = a
    plain = [judge(evaluate(case, ins, prof)[n], o).verdict.value for n, o in zip(case.outputs, outs)]
    try:
        bug = [judge(evaluate(case, as_tvm, prof)[n], o).verdict.value for n, o in zip(case.outputs, outs)]
    except Exception as e:
        bug = [f"undefined with TVM's inputs: {e}"[:80]]
    types = sorted({t.dtype for t in case.inputs})
    print(case.name, types, "as generated:", plain, "| inputs as TVM widens them:", bug)
    rows.append(all(v == "exact" for v in bug) and "out-of-bound" in plain)
shown = verdict.claim("every tvm:cpu out-of-bound case of the campaign is exact once its inputs are read as TVM widens "
                      "them (the widening cast is the whole difference)", bool(rows) and all(rows))
verdict.run(lambda: shown)
