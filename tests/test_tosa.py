"""IREE from TOSA: the case as a TFLite model reaches iree-compile, skipped where TOSA cannot express it.

The lowering tests check the text only; the ones marked `compilers` compile and run it."""
import numpy as np
import pytest

import frontends
from frontends.iree import tosa_frontend, tosa_lower, tosa_requant
from fuzz.case import workload as W
from fuzz.case.values import materialize_all
from fuzz.execute.backend import NotExpressible
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import run_case
from fuzz.judge.oracle import Verdict
from fuzz.judge.reference import evaluate
from tests import stored_sweep
from tests.test_relax import SEED_FP16, SEED_INT8, requant_case

OK = (Verdict.EXACT, Verdict.WITHIN_BOUND)
CPU = next(c for c in tosa_frontend.CONFIGS if c.name == "iree:cpu-O2-tosa")


def _lower(case, with_values=True):
    return tosa_lower.lower(case, evaluate(case, materialize_all(case)) if with_values else None)


def test_an_int8_conv_takes_zero_points_and_its_bias_as_tosa_conv2d_operands():
    text, _ = _lower(requant_case("NCHW"))
    conv = next(line for line in text.splitlines() if '"tosa.conv2d"' in line)
    assert "acc_type = i32" in conv and "%arg_bias" in conv and "tensor<1xi8>, tensor<1xi8>" in conv  # zero points
    # TOSA wants (9 + 0 + 1 - 3) divisible by the stride 2: the right padding column is never read, so it goes
    assert "pad = array<i64: 1, 1, 0, 0>" in conv and "-> tensor<1x5x4x8xi32>" in conv
    assert text.count('"tosa.transpose"') == 3  # NCHW image and OIHW weights in, the result back to NCHW
    assert '"tosa.add"' not in text  # the bias is the conv's own operand, not a separate add


def reseeded(case: W.Case, seed: int) -> W.Case:
    return W.Case(tuple(W.Tensor(t.name, t.shape, t.dtype, W.ValueSpec("int", seed * 3 + k, low=t.values.low,
                                                                      high=t.values.high))
                        for k, t in enumerate(case.inputs)), case.ops, case.outputs, case.name)


def test_rescale_is_emitted_only_where_it_equals_the_declared_rounding():
    """tosa.rescale rounds ties up (exactly, in integers) where the case rounds f32 products half to even: with
    requant_case's scale 2^-7 a tie falls on one element in 128, so some inputs get rescale, others float ops."""
    kinds = set()
    for seed in range(12):
        case = reseeded(requant_case("NHWC"), seed)
        text, notes = _lower(case)
        values = materialize_all(case)
        env = evaluate(case, values)
        pre = env["conv"].data + values["bias"].astype(np.int64)
        half_up = np.clip(np.floor(pre / 128 + 0.5) + 3, -128, 127)  # rescale's semantics, stated independently
        same = bool(np.array_equal(half_up, env["requant"].as_declared()))
        kinds.add(same)
        assert ('"tosa.rescale"' in text) == same == notes["requant"].startswith("tosa.rescale"), (seed, notes)
    assert kinds == {True, False}


def test_multiplier_and_shift_represent_the_scale_exactly():
    for scale in (0.5, 0.25, 1 / 64, 12 / 16384, 999 / 16384, float(np.float32(0.1))):
        m, shift = tosa_requant.multiplier_shift(scale)
        assert m * 2.0 ** -shift == scale and 2 ** 30 <= m < 2 ** 31 and 2 <= shift <= 62
    assert tosa_requant.apply_rescale(np.array([1, 2, 3, -2, -1, -3]), 3, 2, -3).tolist() == [-2, -1, -1, -4, -4, -5]


def test_what_tosa_cannot_express_is_named_not_lowered():
    x = W.Tensor("x", (9, 3), "f32", W.ValueSpec("normal", 1))
    window = W.Generic("w", ("x",), (4, 3), ("parallel", "reduction"), ((W.Affine((2, 1)), W.Affine((0, 1))),),
                       W.Expr("in", index=0), "f32", "add")
    with pytest.raises(NotExpressible, match="windowed read"):
        tosa_lower.lower(W.Case((x,), (window,), ("w",)))
    y = W.Tensor("y", (4, 4), "i8", W.ValueSpec("int", 1, low=-3, high=3))
    add8 = W.Generic("a", ("y",), (4, 4), ("parallel", "parallel"), ((W.Affine((1, 0)), W.Affine((0, 1))),),
                     W.Expr("add", (W.Expr("in", index=0), W.Expr("in", index=0))), "i8")
    with pytest.raises(NotExpressible, match="i8"):
        tosa_lower.lower(W.Case((y,), (add8,), ("a",)))


def test_an_input_named_like_an_emitted_value_cannot_redefine_it():
    x = W.Tensor("t1", (4,), "f32", W.ValueSpec("normal", 1))
    op = W.Generic("t2", ("t1",), (4,), ("parallel",), ((W.Affine((1,)),),),
                   W.Expr("add", (W.Expr("in", index=0), W.Expr("const", dtype="f32", value=1.0))), "f32")
    text, _ = tosa_lower.lower(W.Case((x,), (op,), ("t2",)))
    defined = [line.split(" = ")[0].strip() for line in text.splitlines() if " = " in line]
    assert len(defined) == len(set(defined)) and "%arg_t1: tensor<4xf32>" in text


def test_reversed_offset_and_broadcast_reads_are_slices_reverses_and_reshapes():
    x = W.Tensor("x", (7, 5), "f32", W.ValueSpec("normal", 1))
    read = (W.Affine((0, -1, 0), 4), W.Affine((1, 0, 0), 2))  # x[4 - d1, d0 + 2]: transposed, reversed, offset
    op = W.Generic("g", ("x",), (3, 5, 2), ("parallel",) * 3, (read,), W.Expr("exp", (W.Expr("in", index=0),)), "f32")
    text, _ = tosa_lower.lower(W.Case((x,), (op,), ("g",)))
    for name in ("slice", "reverse", "transpose", "tile", "exp"):
        assert f'"tosa.{name}"' in text, name


# ---------------------------------------------------------------- real compilers


@pytest.fixture(scope="module")
def lane():
    lane = Lane(("frontends.iree.tosa_frontend",))
    yield lane
    lane.close()


@pytest.mark.compilers
@pytest.mark.parametrize("seed", [SEED_INT8, SEED_FP16])
def test_every_tosa_configuration_gets_the_seed_cases_right(lane, seed):
    sel = frontends.select("iree:*-tosa")
    assert len(sel.configs) == len(tosa_frontend.CONFIGS)
    compile_only = sel.compile_only
    if seed == SEED_FP16:  # its 802,816 outputs simulated took 160 s of the suite: compiled here, as
        # tests/test_configs.py compiles the seeds on every simulated configuration (make bench simulates them)
        compile_only |= {c.name for c in sel.configs if frontends.availability(c).simulated}
    for r in run_case(lane, W.load(seed), list(sel.configs), compile_only=compile_only).results:
        assert r.verdict in ((Verdict.COMPILED,) if r.config in compile_only else OK), r.summary()


@pytest.mark.compilers
@pytest.mark.parametrize("layout", ["NHWC", "NCHW"])
def test_rescale_and_float_requantize_are_both_exact(lane, layout):
    """Seeds chosen by the lowering's own tie check: one case that gets tosa.rescale, one that gets float ops."""
    got = {}
    for seed in range(12):
        case = reseeded(requant_case(layout), seed)
        kind = _lower(case)[1]["requant"].startswith("tosa.rescale")
        if kind not in got:
            got[kind] = run_case(lane, case, [CPU]).results[0]
    assert set(got) == {True, False}
    for r in got.values():
        assert r.verdict is Verdict.EXACT and r.facts["tosa"]["requant"], r.summary()


@pytest.mark.compilers
def test_tosa_agrees_with_the_reference_or_says_what_it_cannot_express(lane):
    """IREE rejects some valid TOSA (an offset, reversed i8 read has failed LLVM translation, while the same case
    as linalg compiles): tolerated, as test_compilers tolerates rejections, but never a wrong result.  Stored
    cases without dynamic dims and int4 weights, which the TOSA lowering never takes (tests/test_dynamic.py,
    tests/test_int4.py)."""
    verdicts = []
    for case in stored_sweep("tosa"):  # seeds 3000-3015 of the default stream when stored
        r = run_case(lane, case, [CPU]).results[0]
        verdicts.append(r.verdict)
        assert r.verdict in OK + (Verdict.NOT_EXPRESSIBLE, Verdict.REJECTED), (case.name, r.summary())
    expressed = [v for v in verdicts if v is not Verdict.NOT_EXPRESSIBLE]  # the generator's integer division,
    # float division, sqrt, matmuls and pools are beyond TOSA or its lowering here
    assert len(expressed) >= 0.4 * len(verdicts) and sum(v in OK for v in expressed) >= 0.8 * len(expressed), verdicts
