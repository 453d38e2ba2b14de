"""int4 weights (fuzz/case/ops/int4.py, fuzz/generate/quant.py): the storage rules, the packed layouts the
compilers' runtimes take, the generator's weight-only kind, the oracle catching one int4 step, and (marked
`compilers`) the weight-only cases lowered and run on IREE and TVM."""
import json
from dataclasses import replace

import ml_dtypes
import numpy as np
import pytest
from click.testing import CliRunner

from fuzz.case import workload as W
from fuzz.case.ops.int4 import pack_flat, pack_rows
from fuzz.case.values import materialize, materialize_all
from fuzz.cli import main
from fuzz.generate import features
from fuzz.generate.generator import generate
from fuzz.generate.swarm import parse
from fuzz.judge.oracle import Verdict, judge
from fuzz.judge.reference import evaluate
from tests import small

I4 = parse(True, "", "dtype:i4")


def _case(seed: int) -> W.Case:
    return generate(seed, swarm=small(I4))


def _weight_only(m=3, k=8, n=4, transpose="none", weights=(-8, 7)) -> W.Case:
    """x (m x k, f16) @ dequantize(w) with a per-channel f16 scale, accumulated in f32, the f16 result."""
    wshape = (n, k) if transpose == "b" else (k, n)
    out_axis = 0 if transpose == "b" else 1
    inputs = (W.Tensor("x", (m, k), "f16", W.ValueSpec("int", 1, low=-3, high=3)),
              W.Tensor("w", wshape, "i4", W.ValueSpec("int", 2, low=weights[0], high=weights[1])),
              W.Tensor("s", (n,), "f16", W.ValueSpec("int", 3, low=1, high=4)))
    ident = (W.Affine((1, 0)), W.Affine((0, 1)))
    body = W.Expr("mul", (W.Expr("cast", (W.Expr("in", index=0),), dtype="f16"), W.Expr("in", index=1)))
    dq = W.Generic("dq", ("w", "s"), wshape, ("parallel",) * 2, (ident, (ident[out_axis],)), body, "f16")
    mm = W.Matmul("mm", ("x", "dq"), "f32", transpose)
    narrow = W.Generic("y", ("mm",), (m, n), ("parallel",) * 2, (ident,),
                       W.Expr("cast", (W.Expr("in", index=0),), dtype="f16"), "f16")
    return W.Case(inputs, (dq, mm, narrow), ("y",), "int4")


# ---------------------------------------------------------------- the case model


def test_an_int4_input_holds_int4_values_in_range_and_needs_format_2():
    case = _weight_only()
    w = materialize(case.inputs[1])
    assert w.dtype == np.dtype(ml_dtypes.int4) and w.astype(int).min() >= -8 and w.astype(int).max() <= 7
    assert case.version() == 2 and W.from_json(json.loads(W.dumps(case))) == case


@pytest.mark.parametrize("edit,message", [
    (lambda c: replace(c, ops=(replace(c.ops[0], body=W.Expr("cast", (W.Expr("mul", (W.Expr("in", index=0),
                                                                                     W.Expr("in", index=0))),),
                                                              dtype="f16")),) + c.ops[1:]), "read outside a cast"),
    (lambda c: replace(c, ops=(W.Matmul("mm", ("w", "w"), "i32"),), outputs=("mm",)), "i4 inputs with i32"),
    (lambda c: replace(c, ops=(replace(c.ops[0], body=W.Expr("cast", (W.Expr("cast", (W.Expr("in", index=0),),
                                                                              dtype="i4"),), dtype="f16")),
                               ) + c.ops[1:]), "cast to i4"),
    (lambda c: replace(c, inputs=(c.inputs[0], replace(c.inputs[1], values=W.ValueSpec("normal", 2)), c.inputs[2])),
     "'int' distribution"),
    (lambda c: replace(c, inputs=(c.inputs[0], replace(c.inputs[1], values=W.ValueSpec("int", 2, low=-9, high=7)),
                                  c.inputs[2])), "low"),
])
def test_int4_is_a_storage_type_read_only_through_a_cast(edit, message):
    with pytest.raises(W.WorkloadError, match=message):
        W.from_json(W.to_json(edit(_weight_only())))


def test_an_op_that_reads_int4_directly_is_rejected_with_the_fix():
    case = replace(_weight_only(), ops=(W.Pad("p", ("w",), (0, 0), (1, 1), 0.0),), outputs=("p",))
    with pytest.raises(W.WorkloadError, match="dequantize it with a generic first"):
        case.tensor_types()


# ---------------------------------------------------------------- packing, from the layouts' definitions


def test_iree_packs_the_row_major_elements_two_a_byte_low_nibble_first():
    a = np.array([[1, -1, 7], [-8, 0, 2]]).astype(ml_dtypes.int4)
    assert pack_flat(a).tolist() == [0xF1, 0x87, 0x20]  # (1, -1) (7, -8) (0, 2)
    assert pack_flat(np.array([3, -2, 5]).astype(ml_dtypes.int4)).tolist() == [0xE3, 0x05]  # odd count: zero pad


def test_tvm_packs_each_row_padded_to_whole_bytes():
    a = np.array([[1, -1, 7], [-8, 0, 2]]).astype(ml_dtypes.int4)
    assert pack_rows(a).tolist() == [[0xF1, 0x07], [0x08, 0x02]] and pack_rows(a).dtype == np.uint8


# ---------------------------------------------------------------- the generator


def test_only_int4_gives_weight_only_cases_that_exercise_it():
    for s in range(8):
        case = _case(s)
        found = set(features.of(case))
        assert {"dtype:i4", "kind:weight_only"} <= found and "dtype:i4" not in case.swarm
        assert any(t.dtype == "i4" for t in case.inputs) and not any(t.dynamic for t in case.inputs)
        assert {op.kind for op in case.ops} & {"matmul", "conv2d"}
    kinds = {op.kind for s in range(24) for op in _case(s).ops}
    assert {"matmul", "conv2d"} <= kinds


def test_without_int4_no_case_has_it():
    swarm = parse(True, "dtype:i4", "")
    assert not any(t.dtype == "i4" for s in range(30) for t in generate(s, swarm=small(swarm)).inputs)


def test_features_lists_int4_and_generate_produces_it(tmp_path):
    r = CliRunner().invoke(main, ["features"])
    assert r.exit_code == 0 and "dtype:i4" in r.output and "kind:weight_only" in r.output
    out = tmp_path / "c.json"
    r = CliRunner().invoke(main, ["generate", "--seed", "2", "--only", "dtype:i4", "-o", str(out)])  # a small case
    assert r.exit_code == 0 and '"dtype": "i4"' in out.read_text()
    r = CliRunner().invoke(main, ["generate", "--only", "dtype:i4", "--without", "dtype:f32"])
    assert r.exit_code == 2 and "needs dtype:f32" in r.output


# ---------------------------------------------------------------- the oracle


def _judged(case: W.Case, inputs: dict) -> Verdict:
    """The verdict on the output a compiler would give had it read these inputs."""
    out = evaluate(case, inputs)[case.outputs[0]].as_declared()
    return judge(evaluate(case)[case.outputs[0]], out).verdict


def test_one_int4_step_in_one_weight_is_caught():
    caught = 0
    for case in (_weight_only(), _weight_only(transpose="b"), *[_case(s) for s in range(6)]):
        inputs = materialize_all(case)
        assert _judged(case, inputs) is Verdict.EXACT
        w = next(t.name for t in case.inputs if t.dtype == "i4")
        wrong = inputs[w].astype(np.int64).reshape(-1)
        wrong[0] += 1 if wrong[0] < 7 else -1  # one int4 step, still a valid int4
        bad = dict(inputs, **{w: wrong.reshape(inputs[w].shape).astype(ml_dtypes.int4)})
        ref = evaluate(case)[case.outputs[0]].data
        if np.array_equal(evaluate(case, bad)[case.outputs[0]].data, ref):
            continue  # the step met a zero activation or scale: nothing to see
        assert _judged(case, bad) is Verdict.OUT_OF_BOUND, case.name
        caught += 1
    assert caught >= 5


def test_one_ulp_in_the_result_is_caught_and_the_declared_accumulator_accepted():
    case = _weight_only()
    ref = evaluate(case)["y"]
    out = ref.as_declared().copy()
    assert judge(ref, out).verdict is Verdict.EXACT
    out.reshape(-1)[0] = np.nextafter(out.reshape(-1)[0], np.float16(np.inf))
    assert judge(ref, out).verdict is Verdict.OUT_OF_BOUND


# ---------------------------------------------------------------- real compilers


@pytest.fixture(scope="module")
def lane():
    from fuzz.execute.isolate import Lane
    lane = Lane(("frontends.iree.frontend", "frontends.tvm.frontend", "frontends.tvm.relax_frontend",
                 "frontends.iree.tosa_frontend"))
    yield lane
    lane.close()


def _verdicts(lane, case, pattern):
    import frontends
    from fuzz.execute.runner import run_case
    sel = frontends.select(pattern)
    return {r.config: r for r in run_case(lane, case, list(sel.configs), compile_only=sel.compile_only).results}


OK = (Verdict.EXACT, Verdict.WITHIN_BOUND)


@pytest.mark.compilers
@pytest.mark.parametrize("transpose", ["none", "b"])
def test_a_weight_only_matmul_runs_exact_on_iree_and_tvm(lane, transpose):
    """Whole vectors (K = 32, N = 16): the shapes int4 weights have in deployments."""
    case = _weight_only(m=4, k=32, n=16, transpose=transpose)
    got = _verdicts(lane, case, "iree:cpu-O2,iree:cpu-generic,tvm:cpu,tvm:cpu-split-vectorize-parallel")
    assert {c: r.verdict for c, r in got.items()} == {c: Verdict.EXACT for c in got}, got


@pytest.mark.compilers
def test_configurations_that_cannot_take_int4_say_why(lane):
    odd = _weight_only(m=2, k=3, n=3)  # nine int4 values: no whole number of bytes
    got = _verdicts(lane, odd, "iree:cpu-O2,iree:cpu-O2-tosa,tvm:relax-cpu,tvm:cpu")
    assert got["iree:cpu-O2"].verdict is Verdict.NOT_EXPRESSIBLE and "whole bytes" in got["iree:cpu-O2"].message
    assert got["iree:cpu-O2-tosa"].verdict is Verdict.NOT_EXPRESSIBLE and "i4" in got["iree:cpu-O2-tosa"].message
    assert got["tvm:relax-cpu"].verdict is Verdict.NOT_EXPRESSIBLE and "int4" in got["tvm:relax-cpu"].message
    assert got["tvm:cpu"].verdict in OK  # TE unpacks a partial last byte too


@pytest.mark.compilers
def test_generated_weight_only_cases_run_on_tvm(lane):
    for s in (1, 3, 6):
        got = _verdicts(lane, _case(s), "tvm:cpu")
        assert got["tvm:cpu"].verdict in OK, (s, got)
