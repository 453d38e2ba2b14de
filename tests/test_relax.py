"""TVM through Relax: the case as a framework importer builds it, through Relax's own pipeline.

The lowering tests only build Relax modules; the ones marked `compilers` compile and run them."""
import json
from dataclasses import replace

import pytest

import frontends
from fuzz.case import workload as W
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import run_case
from fuzz.judge.oracle import Verdict

tvm = pytest.importorskip("tvm")
from frontends.tvm import relax_frontend, relax_lower  # noqa: E402
from tests import ROOT, stored_sweep

SEED_INT8 = f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json"
SEED_FP16 = f"{ROOT}/corpus/seeds/tvm-hexagon-conv2d-fp16.json"
OK = (Verdict.EXACT, Verdict.WITHIN_BOUND)
CONFIGS = {c.name: c for c in relax_frontend.CONFIGS}


def _script(case) -> str:
    return relax_lower.lower(case).script()


def test_the_requantize_epilogue_is_the_relax_op_chain_an_importer_emits():
    text = _script(W.load(SEED_INT8))
    for op in ("R.nn.conv2d", 'out_dtype="int32"', 'kernel_layout="HWIO"', "R.add", 'R.astype(', "R.multiply",
               "R.round", "R.clip"):
        assert op in text, op
    assert "call_tir" not in text and "R.reshape" not in text  # an NHWC bias broadcasts as it is


def requant_case(layout: str) -> W.Case:
    """A small int8 conv (stride 2, padding) with a requantize epilogue, in either layout."""
    nhwc = layout == "NHWC"
    x = W.Tensor("x", (1, 9, 9, 4) if nhwc else (1, 4, 9, 9), "i8", W.ValueSpec("int", 1, low=-8, high=8))
    w = W.Tensor("w", (3, 3, 4, 8) if nhwc else (8, 4, 3, 3), "i8", W.ValueSpec("int", 2, low=-8, high=8))
    bias = W.Tensor("bias", (8,), "i32", W.ValueSpec("int", 3, low=-2000, high=2000))
    conv = W.Conv2d("conv", ("x", "w"), layout, (2, 2), (1, 1), (1, 1, 0, 1), 1, "i32")
    shape = (1, 5, 4, 8) if nhwc else (1, 8, 5, 4)
    ident = tuple(W.Affine(tuple(int(i == d) for i in range(4))) for d in range(4))
    channel = (W.Affine(tuple(int(i == (3 if nhwc else 1)) for i in range(4))),)
    body = W.expr_from_json(["cast", "i8", ["clamp", -128, 127, ["add", ["round", ["mul", ["cast", "f32", [
        "add", ["in", 0], ["in", 1]]], ["const", "f32", 0.0078125]]], ["const", "f32", 3]]]], "body")
    requant = W.Generic("requant", ("conv", "bias"), shape, ("parallel",) * 4, (ident, channel), body, "i8")
    return W.Case((x, w, bias), (conv, requant), ("requant",), f"requant-{layout}")


def test_an_nchw_bias_is_reshaped_to_broadcast_over_the_channel_axis():
    text = _script(requant_case("NCHW"))
    assert "R.reshape" in text and 'kernel_layout="OIHW"' in text and 'data_layout="NCHW"' in text


def test_reductions_and_offset_reads_are_emit_te_named_after_the_case_op():
    x = W.Tensor("x", (4, 6), "f32", W.ValueSpec("normal", 1))
    i2 = (W.Affine((1, 0)), W.Affine((0, 1)))
    red = W.Generic("rowsum", ("x",), (4, 6), ("parallel", "reduction"), (i2,), W.Expr("in", index=0), "f32", "add")
    shifted = W.Generic("shift", ("x",), (4, 5), ("parallel", "parallel"), ((W.Affine((1, 0)), W.Affine((0, 1), 1)),),
                        W.Expr("in", index=0), "f32")
    text = _script(W.Case((x,), (red, shifted), ("rowsum", "shift")))
    assert "def rowsum(" in text and "def shift(" in text and text.count("R.call_tir") == 2


def test_a_constant_subexpression_goes_through_te_not_relax_ops():
    """A Relax op over constants alone would legalize into a PrimFunc of no tensor."""
    body = W.Expr("add", (W.Expr("in", index=0), W.Expr("cast", (W.Expr("const", dtype="i32", value=3.0),), dtype="f32")))
    op = W.Generic("g", ("x",), (4,), ("parallel",), ((W.Affine((1,)),),), body, "f32")
    assert not relax_lower.relax_expressible(op)
    assert relax_lower.relax_expressible(replace(op, body=W.Expr("add", (W.Expr("in", index=0),
                                                                         W.Expr("const", dtype="f32", value=3.0)))))


# ---------------------------------------------------------------- real compilers


@pytest.fixture(scope="module")
def lane():
    lane = Lane(("frontends.tvm.relax_frontend",))
    yield lane
    lane.close()


def _run(lane, case, configs):
    sel = frontends.select(",".join(c.name for c in configs))
    return run_case(lane, case, configs, compile_only=sel.compile_only).results


@pytest.mark.compilers
@pytest.mark.parametrize("seed", [SEED_INT8, SEED_FP16])
def test_every_relax_configuration_gets_the_seed_cases_right(lane, seed):
    names = [n for n, c in CONFIGS.items() if not c.opt_in and (seed == SEED_INT8 or c.target != "hexagon")]
    sel = frontends.select(",".join(names))  # emulating the fp16 seed's 118M fp16 MACs on Hexagon takes minutes
    for r in run_case(lane, W.load(seed), list(sel.configs), compile_only=sel.compile_only).results:
        expected = (Verdict.COMPILED,) if r.config in sel.compile_only else OK
        assert r.verdict in expected, r.summary()


@pytest.mark.compilers
def test_fusion_facts_say_which_ops_the_pipeline_fused(lane):
    fused, unfused = _run(lane, W.load(SEED_INT8), [CONFIGS["tvm:relax-cpu"], CONFIGS["tvm:relax-cpu-unfused"]])
    (name, ops), = fused.facts["primfuncs"].items()
    assert fused.facts["primfunc_count"] == fused.facts["kernel_count"] == 1 and name.startswith("fused_conv2d_add")
    assert ops[0] == "conv2d" and "tir_round" in ops and "tir_clip" in ops  # conv + requantize in one kernel
    assert unfused.facts["primfunc_count"] == len(ops)  # one PrimFunc per op without FuseOps


@pytest.mark.compilers
def test_sampled_traces_per_primfunc_are_stored_and_replayed_from_the_saved_case(lane):
    """The per-PrimFunc traces go through tvm_schedules.replay, whose cross-process exactness test_configs checks."""
    config = CONFIGS["tvm:relax-cpu-sampled"]
    first = run_case(lane, requant_case("NHWC"), [config])
    stored = first.case.schedule_for(config.name)
    assert first.results[0].verdict in OK and "SamplePerfectTile" in stored
    assert set(json.loads(stored)) == set(first.results[0].facts["primfuncs"])
    again = run_case(lane, W.from_json(W.to_json(first.case)), [config])
    assert again.results[0].source == first.results[0].source and again.case.schedule_for(config.name) == stored
    assert json.loads(first.results[0].source.partition("\n")[0].split(": ", 1)[1])["schedules"] == json.loads(stored)


@pytest.mark.compilers
def test_hexagon_runs_a_case_fused_into_one_kernel_and_only_compiles_the_others(lane):
    """A reduction of a reduction stays two kernels (FuseOps does not fuse two reductions)."""
    x = W.Tensor("x", (4, 6), "i32", W.ValueSpec("int", 1, low=-100, high=100))
    rows = W.Generic("rowmax", ("x",), (4, 6), ("parallel", "reduction"), ((W.Affine((1, 0)), W.Affine((0, 1))),),
                     W.Expr("in", index=0), "i32", "max")
    total = W.Generic("total", ("rowmax",), (2, 4), ("parallel", "reduction"), ((W.Affine((0, 1)),),),
                      W.Expr("in", index=0), "i32", "add")
    multi = W.Case((x,), (rows, total), ("total",), "two-reductions")
    one, two = (_run(lane, c, [CONFIGS["tvm:relax-hexagon"]])[0] for c in (requant_case("NCHW"), multi))
    assert one.verdict is Verdict.EXACT and one.facts["hexagon"].startswith("runs:"), one.summary()
    assert two.verdict is Verdict.COMPILED and two.facts["hexagon"].startswith("compile-only:"), two.summary()
    assert "harness runs one kernel" in two.message


@pytest.mark.compilers
def test_relax_configurations_agree_with_the_reference_on_generated_cases(lane):
    """Static shapes: MetaSchedule takes no dynamic dims, and tests/test_dynamic.py runs those on Relax.  Without
    attention, which finds TVM bugs on Relax (an f16 result typed float32; seed 2000's f32 attention wrong on
    tvm:relax-cpu-sampled): tests/test_attention_compilers.py runs attention there."""
    configs = [CONFIGS[n] for n in ("tvm:relax-cpu", "tvm:relax-cpu-unfused", "tvm:relax-cpu-sampled")]
    for case in stored_sweep("relax"):  # seeds 2000-2011 of the default stream when stored
        for r in run_case(lane, case, configs).results:
            assert r.verdict in OK, (case.name, r.summary())


@pytest.mark.compilers
def test_relax_tuning_stores_one_best_trace_per_fused_primfunc(lane):
    """Relax's MetaSchedule integration with a one-trial budget (minutes: two builder and runner pools start)."""
    quick = replace(CONFIGS["tvm:relax-cpu-tuned"], flags=("tuned", "1"))
    report = run_case(lane, W.load(SEED_INT8), [quick])
    assert report.results[0].verdict is Verdict.EXACT, report.results[0].summary()
    traces = json.loads(report.case.schedule_for(quick.name))
    assert set(traces) == set(report.results[0].facts["primfuncs"]) and all(traces.values())
