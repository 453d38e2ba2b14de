"""bf16 and the float8 types end to end: generated (``--only dtype:T``), listed as features, declared where a
configuration does not take them, and lowered and run on IREE's and TVM's CPU configurations."""
import dataclasses

import numpy as np
import pytest
from click.testing import CliRunner

from fuzz.case import workload as W
from fuzz.cli import main
from fuzz.generate import features
from fuzz.generate.floats import NEW_FLOATS, retype
from fuzz.generate.generator import generate
from fuzz.generate.swarm import parse
from tests import small

ACCEPTED = ("exact", "within-bound")


def _only(dtype: str, seed: int = 0) -> W.Case:
    return generate(seed, swarm=small(parse(True, "", f"dtype:{dtype}")))


def test_features_lists_each_new_type_and_generate_produces_it():
    listed = CliRunner().invoke(main, ["features"]).output
    for t in NEW_FLOATS:
        assert f"dtype:{t}" in listed
        for s in range(3):
            case = _only(t, s)
            assert f"dtype:{t}" in features.of(case)
            assert f"dtype:{t}" not in case.swarm


def test_float8_is_only_ever_widened_and_accumulated_in_f32():
    for t in NEW_FLOATS[1:]:
        for s in range(6):
            case = _only(t, s)
            types = case.tensor_types()
            assert all(types[op.name][1] not in NEW_FLOATS[1:] for op in case.ops)  # no float8 result
            for op in case.ops:
                if isinstance(op, (W.Matmul, W.Conv2d)) and types[op.inputs[0]][1] == t:
                    assert op.acc == "f32"


def test_retype_leaves_a_case_without_f16_alone():
    case = generate(1, swarm=small())  # an int8 case
    assert all(t.dtype in ("i8", "i32") for t in case.inputs)
    assert retype(case, "bf16") is None


def test_configurations_declare_the_types_they_do_not_take():
    """Each frontend's ``takes`` declares the types its targets refuse (``REJECTS`` beside its configurations)."""
    import frontends
    from fuzz.execute.backend import takes

    by_name = {c.name: c for c in frontends.all_configs()}

    def refused(name: str, dtype: str) -> str | None:
        case = _only(dtype)
        assert dtype in {t for _, t in case.tensor_types().values()}
        return takes(case, by_name[name])
    assert refused("iree:gfx942-O2", "f8E4M3FN") and not refused("iree:gfx942-O2", "f8E4M3FNUZ")
    assert refused("iree:cuda-sm120-O2", "f8E5M2") and not refused("iree:cuda-sm120-O2", "bf16")
    assert refused("tvm:relax-hexagon", "bf16") and refused("tvm:cuda-dlight", "f8E5M2")
    assert "frontends/iree/frontend.py" in refused("iree:gfx942-O2", "f8E5M2")
    assert not any(refused(c, t) for c in ("iree:cpu-O2", "tvm:cpu", "tvm:relax-cpu") for t in NEW_FLOATS)


def _run(cases, names):
    import frontends
    from fuzz.execute.isolate import Lane
    from fuzz.execute.runner import run_case

    configs = [c for c in frontends.all_configs() if c.name in names]
    lane = Lane(tuple(sorted({c.module for c in configs})))
    try:
        return {(case.name, r.config): r for case in cases for r in run_case(lane, case, configs).results}
    finally:
        lane.close()


def _nonzero(case: W.Case, name: str) -> W.Case:
    """The case, named ``name``, with small nonzero integer inputs: no zero and no subnormal float8 input (TVM's
    widening of those is wrong: ``test_tvm_widens_float8_zero_and_subnormals_wrongly``)."""
    return dataclasses.replace(case, name=name, inputs=tuple(
        dataclasses.replace(t, values=W.ValueSpec("int", 7, low=1, high=6)) for t in case.inputs))


@pytest.mark.compilers
def test_each_new_type_lowers_and_runs_within_bound_on_iree_and_tvm_cpu():
    cases = [_nonzero(_only(t), f"only_{t}") for t in NEW_FLOATS]
    results = _run(cases, ("iree:cpu-O2", "tvm:cpu", "tvm:relax-cpu"))
    for (name, config), r in results.items():
        fnuz_on_tvm = config.startswith("tvm") and name.endswith("FNUZ")
        if fnuz_on_tvm:  # every FNUZ value is widened wrongly (the bias of the FN encodings): a finding
            assert r.verdict.value == "out-of-bound", (name, config, r.summary())
        else:
            assert r.verdict.value in ACCEPTED, (name, config, r.summary())


@pytest.mark.compilers
def test_tvm_widens_float8_zero_and_subnormals_wrongly():
    """TVM 0.27's LLVM lowering of a float8 -> float32 cast reads exponent field 0 as a normal exponent (0x00 gives
    2^-7 in E4M3FN, not 0) and uses the OCP bias for the FNUZ types (every value off); ml_dtypes is the
    specification here.  When this fails, TVM fixed it: drop the FNUZ exception above."""
    import ml_dtypes
    import tvm
    from tvm import te

    wrong = {}
    for t in NEW_FLOATS[1:]:
        name = W.NUMPY_DTYPE[t]
        x = np.arange(256, dtype=np.uint8).view(getattr(ml_dtypes, name))
        a = te.placeholder((256,), name, name="a")
        f = tvm.build(te.create_prim_func([a, te.compute((256,), lambda i: a[i].astype("float32"), name="b")]),
                      target="llvm")
        out = tvm.runtime.tensor(np.zeros(256, np.float32))
        f(tvm.runtime.tensor(x), out)
        want = x.astype(np.float64)
        wrong[t] = int(np.sum(np.isfinite(want) & (out.numpy() != want)))
    assert wrong == {"f8E4M3FN": 16, "f8E5M2": 8, "f8E4M3FNUZ": 255, "f8E5M2FNUZ": 255}
