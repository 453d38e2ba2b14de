"""A TVM GPU configuration's launch plan names the case's own tensors on every release kernelfuzz replays.

apache-tvm 0.26 and 0.27 make a PrimFunc's parameters its buffers; 0.25 makes them ``Var``s (``var_in0``) bound to
buffers by a ``buffer_map``. ``cuda_run.plan`` read ``.shape`` off the parameters, so every ``tvm:*-dlight`` compile on
0.25 was kernelfuzz's own ``AttributeError: 'Var' object has no attribute 'shape'``
(``frontends/tvm/compat.py``'s ``param_buffers`` closes the gap). 0.25's host code launches its kernels by
``tvm_call_packed``, which the plan does not read: there the plan must refuse the run (``unrunnable``), since a run
launching nothing would judge the outputs' untouched poison. The 0.25 test runs in the cached side environment
``kernelfuzz replay --releases tvm==0.25`` uses, and is skipped where none is built.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CASE = ROOT / "corpus/findings/tvm-dlight-reduction-epilogue-reads-other-threads-local-result/case.json"
NAMES = ["in0", "in1", "op1"]  # the case's inputs, then its output

# compiles CASE for both dlight GPU configurations (no GPU needed: the plan is made at compile time)
PLAN = f"""
import json, sys, tempfile
sys.path.insert(0, {str(ROOT)!r})
from fuzz import casefile
from frontends.tvm import frontend
case = casefile.load({str(CASE)!r})
out = {{}}
for cfg in frontend._configs():
    if cfg.name in ("tvm:cuda-dlight", "tvm:rocm-dlight"):
        (_, (_, launch), _), _, _ = frontend.compile(case, cfg, tempfile.mkdtemp())
        out[cfg.name] = launch
print(json.dumps(out))
"""


def _check(plans: dict) -> None:
    assert set(plans) == {"tvm:cuda-dlight", "tvm:rocm-dlight"}
    for launch in plans.values():
        assert "unrunnable" not in launch, launch
        assert launch["params"] == NAMES
        assert launch["kernels"] and all(isinstance(a, dict) or a in NAMES + list(launch["buffers"])
                                         for k in launch["kernels"] for a in k["args"])


def test_plan_names_the_case_tensors_on_the_installed_release():
    pytest.importorskip("tvm")
    done = subprocess.run([sys.executable, "-c", PLAN], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    _check(json.loads(done.stdout.strip().splitlines()[-1]))


def test_plan_on_tvm_0_25_reads_its_parameters_and_refuses_what_it_cannot_launch():
    from fuzz.replay import sideenv

    env = sideenv.cache_root() / "tvm-0.25"
    if not (env / sideenv.MARKER).is_file() or not sideenv.python(env).exists():
        pytest.skip("no TVM 0.25 side environment built (kernelfuzz replay --releases tvm==0.25 builds it)")
    done = subprocess.run([str(sideenv.python(env)), "-c", PLAN], capture_output=True, text=True, timeout=300,
                          env=sideenv.child_env())
    assert done.returncode == 0, done.stderr[-2000:]  # no AttributeError on the Var parameters
    plans = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(plans) == {"tvm:cuda-dlight", "tvm:rocm-dlight"}
    for launch in plans.values():
        assert "launches no kernel" in launch["unrunnable"]
