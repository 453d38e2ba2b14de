"""The ONNX configurations through the real importers: the case written as ONNX, imported by iree-import-onnx and by
tvm.relax.frontend.onnx.from_onnx, compiled, run and judged like every configuration; what the writer declines is
not expressible, and an operator Relax's importer lacks is its known limitation, never a finding."""
import pytest

import frontends
from fuzz.case import workload as W
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import run_case
from fuzz.judge.oracle import Verdict
from tests import handwritten as H
from tests.test_onnx_writer import attention, requantize

pytestmark = pytest.mark.compilers
OK = (Verdict.EXACT, Verdict.WITHIN_BOUND)
BOTH = "iree:onnx-cpu-O2,tvm:onnx-relax-cpu"


@pytest.fixture(scope="module")
def lane():
    lane = Lane(("frontends.iree.onnx_frontend", "frontends.tvm.onnx_frontend"))
    yield lane
    lane.close()


def _run(lane, case, names=BOTH):
    configs = list(frontends.select(names).configs)
    assert [c.name for c in configs] == names.split(",")
    return {r.config: r for r in run_case(lane, case, configs).results}


def quantized_matmul_requantized() -> W.Case:
    """MatMulInteger with zero points, then round, add, clamp and narrow to int8: exact on every correct compiler."""
    case = H.quantized_matmul_2d()
    body = H.e("cast", H.e("clamp", H.e("round", H.e("mul", H.e("cast", H.IN0, dtype="f32"), H.c("f32", 0.0078125))),
                           lo=-128.0, hi=127.0), dtype="i8")
    return W.Case(case.inputs, case.ops + (H.elementwise("q", ("qmm",), (5, 4), body, "i8"),), ("q", "qmm"), "qmm-rq")


@pytest.mark.parametrize("build", [H.residual_and_two_consumers, quantized_matmul_requantized, H.softmax,
                                   lambda: attention("additive", "f32")], ids=range(4))
def test_a_small_onnx_case_runs_end_to_end_through_both_importers(lane, build):
    results = _run(lane, build())
    for r in results.values():
        assert r.verdict in OK, r.summary()
        assert "importer" in r.facts


def test_the_iree_importer_keeps_the_iree_compile_line_first_for_the_bundle(lane):
    r = _run(lane, H.residual_and_two_consumers(), "iree:onnx-cpu-O2")["iree:onnx-cpu-O2"]
    assert r.source.startswith("// iree-compile") and "torch.operator \"onnx.Conv\"" in r.source
    assert r.facts["importer"] == "iree-import-onnx model.onnx -o kernel.mlir"


def test_a_case_the_onnx_writer_declines_is_not_expressible_there(lane):
    results = _run(lane, H.pools_and_pad())
    assert {r.verdict for r in results.values()} == {Verdict.NOT_EXPRESSIBLE}


def test_an_operator_relax_onnx_frontend_lacks_is_its_known_limitation(lane):
    r = _run(lane, requantize(), "tvm:onnx-relax-cpu")["tvm:onnx-relax-cpu"]
    assert r.verdict is Verdict.LIMITATION and "ConvInteger" in r.message, r.summary()


def test_the_importer_forms_run_through_both_importers(lane):
    """A conv's bias as Conv's B, Gemm's C, an int8 conv's init, and Flatten / Reshape / Transpose (format 3)."""
    pytest.importorskip("fuzz.case.ops.reshape", reason="the importer forms are not in this case model yet")
    from tests.test_onnx_writer import importer_forms
    results = _run(lane, importer_forms(), "tvm:onnx-relax-cpu")
    assert results["tvm:onnx-relax-cpu"].verdict is Verdict.LIMITATION  # Relax's importer has no ConvInteger
    forms = importer_forms()
    float_only = W.Case(forms.inputs, tuple(op for op in forms.ops if op.name not in ("qconv", "cols")),
                        ("nchw", "bmm"), "importer-forms-float")
    for r in _run(lane, float_only).values():
        assert r.verdict is Verdict.EXACT, r.summary()


def test_offset_and_reversed_reads_run_through_both_importers(lane):
    from tests.test_onnx_writer import offset_and_reversed_reads
    for r in _run(lane, offset_and_reversed_reads()).values():
        assert r.verdict is Verdict.EXACT, r.summary()


@pytest.mark.parametrize("build", [H.residual_and_two_consumers, lambda: attention("additive", "f32")], ids=range(2))
def test_an_imported_program_runs_on_the_simulated_gfx942_through_its_coarse_fences_abi(lane, build):
    """iree-import-onnx's programs get IREE's coarse-fences ABI (a synchronous @main calling @main$async with fences,
    and dispatches named main$async_dispatch_N): the simulator's host side runs the async body, fences ready."""
    r = _run(lane, build(), "iree:onnx-gfx942-O2")["iree:onnx-gfx942-O2"]
    assert r.verdict in OK and r.simulated, r.summary()


def test_iree_convinteger_rejection_is_the_bug_the_corpus_lists_as_untriaged(lane):
    """corpus/known.json lists IREE's rejection of ONNX ConvInteger, seen but not yet triaged: while IREE still
    rejects it, the entry masks it in tests and campaigns; when IREE takes it, this fails and the entry goes."""
    from fuzz.judge import signature
    from tests import ROOT
    known = signature.known(ROOT / "corpus")
    r = _run(lane, H.quantized_convs(), "iree:onnx-cpu-O2")["iree:onnx-cpu-O2"]
    ops = signature.op_kinds(H.quantized_convs())  # a rejection is bucketed without them
    assert r.verdict is Verdict.REJECTED and signature.is_known(r, known, ops), r.summary()
    assert known[signature.entry_of(r, ops)] == ["iree-onnx-convinteger-not-legalized"]
