"""Dynamic dims (fuzz/case/dynamic.py): the model's marks and how they spread, the generator's draw, the
reducer's pass, and each lowering (IREE `?` types, TVM symbolic extents).  The tests marked `compilers` compile
and run dynamic cases on IREE, TVM TE and Relax."""
import json
from dataclasses import replace

import numpy as np
import pytest

from fuzz.case import workload as W
from fuzz.case.dynamic import dynamic_dims, equal_dims, is_dynamic, shape_text
from fuzz.case.workload import Case, Generic, Matmul, Pad, Tensor, ValueSpec
from fuzz.execute.backend import NotExpressible
from fuzz.generate import features
from fuzz.generate.base import identity
from fuzz.generate.generator import generate
from fuzz.generate.swarm import Swarm
from fuzz.judge.oracle import Verdict
from fuzz.reduce.passes import static_dims
from tests import small

OK = (Verdict.EXACT, Verdict.WITHIN_BOUND)


def _t(name, shape, dynamic=(), dtype="f32"):
    return Tensor(name, shape, dtype, ValueSpec("int", 7, -3, 3), dynamic)


def matmul_case(dynamic=((0,), ())) -> Case:
    """A (5 x 7) @ (7 x 3) matmul, then a relu-like generic and a pad of its result."""
    a, b = _t("a", (5, 7), dynamic[0]), _t("b", (7, 3), dynamic[1])
    mm = Matmul("mm", ("a", "b"), acc="f32")
    body = W.expr_from_json(["max", ["in", 0], ["const", "f32", 0.0]], "body")
    relu = Generic("relu", ("mm",), (5, 3), ("parallel", "parallel"), ((identity(0, 2), identity(1, 2)),), body, "f32")
    pad = Pad("p", ("relu",), (1, 0), (0, 2), 0.0)
    return Case((a, b), (mm, relu, pad), ("p",), "dyn")


def test_dynamic_marks_round_trip_and_need_format_version_2():
    case = matmul_case()
    text = W.dumps(case)
    assert '"format": "kernelfuzz.case/2"' in text and '"dynamic": [0]' in text
    assert W.from_json(json.loads(text)) == case
    static = matmul_case(((), ()))
    assert '"dynamic"' not in W.dumps(static) and not is_dynamic(static)


@pytest.mark.parametrize("marks, why", [([2], "dims of its rank-2 shape"), ([1, 0], "increasing order"),
                                        ([0, 0], "distinct")])
def test_bad_dynamic_marks_are_one_line_errors(marks, why):
    j = W.to_json(matmul_case())
    j["inputs"][0]["dynamic"] = marks
    with pytest.raises(W.WorkloadError, match=why):
        W.from_json(j)


def test_dynamic_dims_pass_through_plain_reads_and_pads_only():
    dyn = dynamic_dims(matmul_case())
    assert dyn["a"] == {0: ("a", 0)}
    assert dyn["mm"] == {0: ("a", 0)}  # M comes from A; N from a static B stays static
    assert dyn["relu"] == {0: ("mm", 0)}
    assert dyn["p"] == {0: None}  # size + low + high: no operand holds it
    k_only = dynamic_dims(matmul_case(((1,), ())))  # K is reduced away: the result is static
    assert k_only["mm"] == {} and k_only["p"] == {}


def test_equal_dims_join_the_sizes_an_op_forces_equal():
    eq = equal_dims(matmul_case())
    assert eq[("a", 1)] == eq[("b", 0)]  # the matmul's K
    assert eq[("a", 0)] == eq[("mm", 0)] == eq[("relu", 0)]
    assert eq[("relu", 0)] != eq[("p", 0)]  # a pad changes the size


def test_shape_text_marks_dynamic_dims():
    assert shape_text((13, 8), {0: None}) == "[?13, 8]"


def test_the_generator_marks_dims_dynamic_and_features_report_it():
    drawn = [generate(s, swarm=small()) for s in range(60)]
    dynamic = [c for c in drawn if is_dynamic(c)]
    assert len(dynamic) >= 15, len(dynamic)
    assert all("shape:dynamic" in features.of(c) for c in dynamic)
    assert all("shape:dynamic" not in features.of(c) for c in drawn if not is_dynamic(c))
    off = [generate(s, swarm=small(Swarm(without=("shape:dynamic",)))) for s in range(20)]
    assert not any(is_dynamic(c) for c in off)


def test_the_reducer_drops_dynamic_marks_all_then_per_input_then_per_dim():
    case = replace(matmul_case(((0, 1), (1,))))
    got = list(static_dims.candidates(case))
    assert not is_dynamic(got[0])
    assert [t.dynamic for t in got[1].inputs] == [(), (1,)] and [t.dynamic for t in got[2].inputs] == [(0, 1), ()]
    assert [t.dynamic for t in got[3].inputs] == [(1,), (1,)] and [t.dynamic for t in got[4].inputs] == [(0,), (1,)]
    assert list(static_dims.candidates(matmul_case(((), ())))) == []


def test_iree_types_are_dynamic_and_sized_by_tensor_dim():
    from frontends.iree.lower import lower
    text = lower(matmul_case())
    assert "func.func @main(%arg_a: tensor<?x7xf32>, %arg_b: tensor<7x3xf32>) -> (tensor<?x5xf32>)" in text
    assert "tensor.dim %arg_a" in text and "tensor.empty(%dim" in text
    assert "linalg.matmul" in text and ": tensor<?x3xf32> to tensor<?x5xf32>" in text  # the pad


def test_tosa_says_it_cannot_express_dynamic_dims():
    from frontends.iree import tosa_lower
    with pytest.raises(NotExpressible, match="dynamic dims"):
        tosa_lower.lower(matmul_case())


def test_metaschedule_configurations_say_they_take_static_shapes_only():
    from frontends.tvm import frontend
    sampled = next(c for c in frontend.CONFIGS if c.name == "tvm:cpu-sampled")
    assert "static shapes only" in frontend.static_only(matmul_case(), sampled)
    assert frontend.static_only(matmul_case(((), ())), sampled) is None
    assert frontend.static_only(matmul_case(), next(c for c in frontend.CONFIGS if c.name == "tvm:cpu")) is None


def test_tvm_te_and_relax_get_symbolic_extents():
    from frontends.tvm import lower, relax_lower
    script = lower.lower(matmul_case()).script()
    assert "a_d0 = T.int32()" in script and "T.Buffer((a_d0 + 1, 5)" in script  # the pad of the dynamic M
    relax = relax_lower.lower(matmul_case()).script()
    assert "R.match_cast" in relax and "(a_d0, 7)" in relax


def _relu_dynamic_rows() -> Case:
    """One elementwise generic over a (5 x 3) input whose rows are dynamic: a dynamic result, nothing else."""
    body = W.expr_from_json(["max", ["in", 0], ["const", "f32", 0.0]], "body")
    relu = Generic("relu", ("x",), (5, 3), ("parallel", "parallel"), ((identity(0, 2), identity(1, 2)),), body, "f32")
    return Case((_t("x", (5, 3), (0,)),), (relu,), ("relu",), "dyn-rows")


def _reduce_dynamic_k() -> Case:
    """A matmul whose K is dynamic (both operands): dynamic operands, a static (5 x 3) result."""
    a, b = _t("a", (5, 7), (1,)), _t("b", (7, 3), (0,))
    return Case((a, b), (Matmul("mm", ("a", "b"), acc="f32"),), ("mm",), "dyn-k")


def test_single_dispatch_refuses_a_dynamic_result_and_takes_a_dynamic_reduction():
    import frontends
    from fuzz.execute.backend import takes
    single, plain = (frontends.select(n).configs[0] for n in ("iree:cpu-O2-single-dispatch", "iree:cpu-O2"))
    assert "dynamic dim" in takes(matmul_case(), single) and takes(matmul_case(), plain) is None
    assert "dynamic dim" in takes(_relu_dynamic_rows(), single)
    assert takes(_reduce_dynamic_k(), single) is None
    assert takes(matmul_case(dynamic=((), ())), single) is None


# ---------------------------------------------------------------- real compilers


@pytest.mark.compilers
def test_single_dispatch_rule_matches_iree(tmp_path):
    """The rule above, asked of IREE itself: the dynamic result is rejected with the pass's message, the dynamic
    reduction compiles (if IREE learns dynamic results, the first assertion fails and the refusal must go)."""
    import frontends
    from frontends.iree import frontend
    single = frontends.select("iree:cpu-O2-single-dispatch").configs[0]
    (tmp_path / "dyn").mkdir()
    with pytest.raises(Exception, match="unhandled dynamic dimensions for created dispatch region"):
        frontend.compile(_relu_dynamic_rows(), single, str(tmp_path / "dyn"))
    (tmp_path / "k").mkdir()
    frontend.compile(_reduce_dynamic_k(), single, str(tmp_path / "k"))


@pytest.mark.compilers
def test_dynamic_cases_compile_and_run_right_on_iree_and_tvm():
    """A hand-written case, a norm broadcasting over a dynamic dim and generated dynamic cases on one IREE, one
    TVM TE and one Relax configuration: every verdict exact or within bound."""
    import frontends
    from fuzz.execute.isolate import Lane
    from fuzz.execute.runner import run_case
    sel = frontends.select("iree:cpu-O2,tvm:cpu,tvm:relax-cpu")
    from pathlib import Path
    cases = [matmul_case(), W.load(Path(__file__).parent / "cases" / "relax-dynamic-broadcast-seed26485612.json")]
    cases += [c for c in (generate(s, swarm=small()) for s in range(12)) if is_dynamic(c)][:3]
    lane = Lane(tuple(sorted({c.module for c in sel.configs})))
    try:
        for case in cases:
            for r in run_case(lane, case, list(sel.configs)).results:
                assert r.verdict in OK, (case.name, r.summary())
    finally:
        lane.close()


def test_tvm_cuda_launch_plan_sizes_a_symbolic_intermediate_at_the_run_s_sizes():
    """A dynamic dim gives an intermediate buffer a size known only at run time: the plan records it as an
    expression of the shape variable, and ``placed`` sizes it from the shapes the run binds."""
    from types import SimpleNamespace

    from tvm import tirx

    from frontends.tvm import cuda_run

    AllocBuffer = type("AllocBuffer", (), {})
    node = AllocBuffer()
    d0 = tirx.Var("a_d0", "int32")
    node.buffer = SimpleNamespace(name="mm", dtype="float32", shape=[d0 + 1, tirx.IntImm("int32", 3)])
    buffers = {}
    cuda_run._walk(node, [], buffers, {})
    launch = {"params": ["a"], "kernels": [], "buffers": buffers, "shapes": {"a": [["var", "a_d0"], 7]}}
    placed, _ = cuda_run.placed(launch, [np.zeros((5, 7), np.float32)], [])
    assert placed == {"mm": ("float32", [6, 3])}


def test_relax_broadcasts_over_a_dynamic_dim_by_its_symbol():
    """A norm's mean, broadcast back over the rows (a campaign's false alarm: the view reshaped to the static row
    count, so Relax could not prove the add's shapes equal and left it unlowered)."""
    from pathlib import Path

    from frontends.tvm import relax_lower
    case = W.load(Path(__file__).parent / "cases" / "relax-dynamic-broadcast-seed26485612.json")
    script = relax_lower.lower(case).script()
    assert "R.shape([in0_d0, 1])" in script and "R.shape([7, 1])" not in script


def test_hvx_fuse_vectorize_splits_a_symbolic_extent_before_vectorizing():
    """TVM vectorizes only constant extents on a fixed-width target: vectorizing the whole fused loop of a dynamic
    elementwise block failed to compile (generated case 1004 on tvm:hexagon-hvx-fuse-vectorize)."""
    import tvm

    from frontends.tvm.frontend import TARGETS
    from frontends.tvm.lower import lower
    from frontends.tvm.schedules import schedule
    a = _t("a", (5, 7), (1,))
    body = W.expr_from_json(["max", ["in", 0], ["const", "f32", 0.0]], "body")
    relu = Generic("relu", ("a",), (5, 7), ("parallel", "parallel"), ((identity(0, 2), identity(1, 2)),), body, "f32")
    mod, _ = schedule(tvm.IRModule({"main": lower(Case((a,), (relu,), ("relu",), "dyn"))}), "hvx-fuse-vectorize",
                      tvm.target.Target(TARGETS["hexagon"]), 1)
    assert "T.vectorized(32)" in mod.script(), mod.script()  # 128 bytes of f32, the fused loop split by it
    tvm.compile(mod, target="llvm")  # lowers: the vectorized loop has a constant extent
