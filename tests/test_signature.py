"""Bug buckets: one compiler error on one target is one bucket, whichever workload or flag
variant reached it; a wrong result is bucketed per compiler, target, symptom and the case's
principal op, whichever variant or chip of the target ran it."""
import json
import re
from pathlib import Path

import numpy as np
import pytest

from fuzz.generate.generator import generate
from fuzz.judge import signature as sig
from fuzz.judge.oracle import Evidence, Verdict
from fuzz.judge.results import CaseReport, ConfigResult
from tests import ROOT, small

REJECT = "error: 'func.func' op failed to distribute 0x55d0 tensor<4x8xf16> at kernel.mlir:12:3"


def _report(seed: int, *results: ConfigResult) -> CaseReport:
    return CaseReport(generate(seed, swarm=small()), results)


def _reject(config: str, message: str = REJECT) -> ConfigResult:
    return ConfigResult(config, Verdict.REJECTED, "compile", message=message)


def test_one_compile_error_on_one_target_is_one_bucket_across_workloads_and_flags():
    a = sig.of(_report(1, _reject("iree:gfx942-O2"), _reject("iree:gfx942-no-fusion")))
    b = sig.of(_report(2, _reject("iree:gfx942-no-vecdist", REJECT.replace("4x8", "16x2").replace("12:3", "40:7"))))
    assert a.key != b.key  # the reducer's signature stays exact
    assert a.bucket_key == b.bucket_key
    assert a.describe_bucket().startswith("iree:gfx942 rejected at compile")


def test_a_compile_error_reached_through_relax_or_tosa_is_bucketed_by_its_target():
    """One dlight crash on CUDA is one bucket whether TE or Relax's pipeline handed dlight the PrimFunc."""
    crash = "Check failed: (storage_scope.rank == 0) is false"
    cuda = {sig.of(_report(1, _reject(c, crash))).bucket_key for c in ("tvm:cuda-dlight", "tvm:relax-cuda-dlight")}
    rocm = sig.of(_report(1, _reject("tvm:relax-rocm-dlight", crash))).bucket_key
    assert len(cuda) == 1 and rocm not in cuda
    assert sig.family("tvm:relax-cpu") == "tvm:cpu" and sig.family("iree:gfx942-O2-tosa") == "iree:gfx942"


def test_other_targets_and_errors_are_separate_buckets():
    base = sig.of(_report(1, _reject("iree:gfx942-O2"))).bucket_key
    assert sig.of(_report(1, _reject("iree:cuda-sm80-O2"))).bucket_key != base
    assert sig.of(_report(1, _reject("iree:gfx942-O2", "error: unsupported op"))).bucket_key != base


def _miscompiled(config: str, symptom: str = "wrong value", simulated: bool = False) -> ConfigResult:
    return ConfigResult(config, Verdict.OUT_OF_BOUND, "compare", evidence=Evidence(symptom=symptom),
                        facts={"executor": "simulated"} if simulated else {})


def test_a_wrong_result_is_one_bucket_per_compiler_target_and_symptom_whichever_variant_ran_it():
    """sm80 and sm89 run one code generator's code, and so do an ONNX import and the plain MLIR for gfx942: one bug
    of it is one bucket; another target, compiler or symptom is another."""
    key = lambda *rs: sig.of(_report(1, *rs)).bucket_key  # noqa: E731
    assert key(_miscompiled("iree:cpu-O2")) == key(_miscompiled("iree:cpu-O3")) == key(_miscompiled("iree:cpu-attention-decomposed"))
    assert key(_miscompiled("iree:cuda-sm80-O2")) == key(_miscompiled("iree:cuda-sm89-O2"), _miscompiled("iree:cuda-sm80-O2-no-lsv"))
    assert key(_miscompiled("iree:onnx-gfx942-O2")) == key(_miscompiled("iree:gfx942-O2")) != key(_miscompiled("iree:onnx-cpu-O2"))
    assert key(_miscompiled("tvm:relax-rocm-dlight")) == key(_miscompiled("tvm:rocm-dlight-si-scheduler"))
    others = {key(_miscompiled(c)) for c in ("iree:cpu-O2", "iree:cuda-sm80-O2", "iree:gfx942-O2", "tvm:cuda-dlight",
                                       "tvm:rocm-dlight", "tvm:cpu", "tvm:hexagon")}
    assert len(others) == 7
    assert key(_miscompiled("iree:cuda-sm80-O2", "got zero")) != key(_miscompiled("iree:cuda-sm89-O2"))
    assert key(_miscompiled("iree:cuda-sm80-O2", simulated=True)) != key(_miscompiled("iree:cuda-sm80-O2"))
    assert sig.of(_report(1, _miscompiled("iree:cuda-sm89-O2"))).failures[0][0] == "iree:cuda-sm89-O2"  # the reducer's


def _case(*ops: dict):
    """A case of ``ops`` over two f32 inputs, x (2x3) and w (3x4); its output is the last op's."""
    from fuzz.case.workload import from_json
    values = {"dist": "normal", "seed": 1, "low": 0, "high": 0, "scale": 1.0}
    return from_json({"format": "kernelfuzz.case/2", "name": "ops", "note": "", "ops": list(ops),
                      "inputs": [{"name": n, "shape": shape, "dtype": "f32", "values": values}
                                 for n, shape in (("x", [2, 3]), ("w", [3, 4]))],
                      "outputs": [ops[-1]["name"]]})


def _elementwise(name: str, of: str, dims: list[int], body: list) -> dict:
    return {"kind": "generic", "name": name, "inputs": [of], "dims": dims, "iterators": ["parallel"] * 2,
            "maps": [["d0", "d1"]], "body": body, "out": "f32", "reduce": None}


MATMUL = {"kind": "matmul", "name": "mm", "inputs": ["x", "w"], "acc": "f32", "transpose": "none"}
EXP = _elementwise("e", "x", [2, 3], ["exp", ["in", 0]])
RELU = _elementwise("r", "mm", [2, 4], ["max", ["in", 0], ["const", "f32", 0.0]])


def test_a_wrong_result_is_keyed_by_the_principal_op_of_its_case():
    """One symptom on one target is one bucket per principal op: the heaviest op of the case with its dtypes (a
    matmul over an elementwise epilogue), so a matmul's wrong value is not an exp's, and a matmul with a relu after
    it is the matmul's bucket, as its reduced repro without the relu is.  A compile-stage failure ignores the ops."""
    assert sig.principal(("generic:f32->f32", "matmul:f32->f32", "generic-add:f32->f32")) == "matmul:f32->f32"
    assert sig.principal(("generic:i8->i32", "generic-max:i32->i32", "generic-add:i32->i32")) == "generic-max:i32->i32"
    assert sig.principal(()) == ""
    matmul, exp, fused = _case(MATMUL), _case(EXP), _case(MATMUL, RELU)
    wrong = _miscompiled("tvm:rocm-dlight", simulated=True)

    def bucket(case, *rs):
        return sig.of(CaseReport(case, rs)).bucket
    assert bucket(matmul, wrong) == (
        ("tvm:rocm", "out-of-bound", "compare", "wrong value in matmul:f32->f32 [simulated]"),)
    assert bucket(fused, wrong) == bucket(matmul, wrong) != bucket(exp, wrong)
    assert bucket(matmul, _reject("tvm:rocm-dlight")) == bucket(exp, _reject("tvm:rocm-dlight"))
    assert sig.entry_of(wrong, sig.op_kinds(fused)) == bucket(matmul, wrong)[0]


ERF = "tvm-rocm-f16-erf-lowered-to-f16-polynomial-exceeds-one"


def test_the_erf_finding_masks_its_own_rocm_wrong_value_and_not_every_rocm_wrong_value():
    """Keyed by target and symptom only, the erf finding (the corpus's one simulated tvm:rocm wrong value of an
    elementwise f16 generic) made every simulated rocm wrong value known: an int8 conv's too."""
    known = sig.known(ROOT / "corpus")
    wrong = _miscompiled("tvm:relax-rocm-dlight", simulated=True)
    erf_ops = sig.saved_ops(ROOT / "corpus" / "findings" / ERF)
    assert sig.standing((sig.entry_of(wrong, erf_ops),), known) == ("known", [ERF])
    for ops in (("conv2d:i8->i32",), ("generic:f32->f32",), ("generic:f16->f32", "generic:f32->f16")):
        assert not sig.is_known(wrong, known, ops), ops


def test_every_corpus_repro_is_known_by_its_own_finding():
    """A finding masks its own recurrences: every repro's bucket entries (read with the case beside them) are known,
    and name the finding they are kept in."""
    known = sig.known(ROOT / "corpus")
    findings = ROOT / "corpus" / "findings"
    repros = sorted(findings.glob("*/**/results.json"))
    assert len(repros) > 100
    for path in repros:
        saved = sig.of_saved(json.loads(path.read_text()), path.parent, sig.saved_ops(path.parent))
        standing, names = sig.standing(saved.bucket, known)
        assert not saved.bucket or (standing == "known" and path.relative_to(findings).parts[0] in names), path


def test_a_wrong_code_bug_the_corpus_keeps_on_one_chip_is_known_on_its_siblings_and_on_no_other_target():
    """The mma.sync fragment-order bug is kept as sm80's (its got-zero repro, an f16 conv accumulating in f32: a
    flush); a campaign that meets it on sm89 or sm120, simulated, meets a known bug, and names it.  The same symptom
    of the same conv on gfx942 or TVM's rocm is not known, nor the other CUDA flush of the corpus (the vecdist
    offset-read pack's, an f16 sum) on that conv."""
    known = sig.known(ROOT / "corpus")
    mma = "iree-cuda-mma-sync-transposed-acc-lane-fragment-order"
    conv = sig.saved_ops(ROOT / "corpus" / "findings" / mma / "got-zero")
    assert conv == ("conv2d:f16->f32",)
    for config in ("iree:cuda-sm89-O2", "iree:cuda-sm120-O2", "iree:cuda-sm80-O2-sched4reg"):
        result = _miscompiled(config, "got zero", simulated=True)
        assert sig.is_known(result, known, conv), config
        assert sig.standing((sig.entry_of(result, conv),), known) == ("known", [mma])
    assert not sig.is_known(_miscompiled("iree:gfx942-O2", "got zero", simulated=True), known, conv)
    assert not sig.is_known(_miscompiled("tvm:rocm-dlight", "got zero", simulated=True), known, conv)
    pack = sig.saved_ops(ROOT / "corpus" / "findings" / "iree-gpu-vecdist-offset-read-pack-vectorized-one-row")
    assert sig.standing((sig.entry_of(_miscompiled("iree:cuda-sm80-O2", "got zero", simulated=True), pack),), known) \
        == ("known", ["iree-gpu-vecdist-offset-read-pack-vectorized-one-row"])


def test_a_known_list_entry_naming_a_configuration_stands_for_its_target(tmp_path):
    """corpus/known.json written with a configuration's name (as a campaign's results keep it) masks its siblings."""
    entry = ["iree:cuda-sm89-O2", "out-of-bound", "compare", "got non-finite in conv2d:f16->f16"]
    corpus = _known_list(tmp_path, [{"name": "fake-nan", "bucket": [entry], "shows": "NaN on sm89"}])
    known = sig.known(corpus)
    assert known == {("iree:cuda", "out-of-bound", "compare", "got non-finite in conv2d:f16->f16"): ["fake-nan"]}
    assert sig.is_known(_miscompiled("iree:cuda-sm80-O2", "got non-finite"), known, ("conv2d:f16->f16",))
    assert not sig.is_known(_miscompiled("iree:cuda-sm80-O2", "got non-finite"), known, ("matmul:f16->f16",))


def test_saved_results_give_the_same_signature_as_the_live_report(tmp_path):
    from fuzz.campaign import driver as campaign
    from tests import fake_frontend as fake
    report = _report(3, ConfigResult("iree:cpu-O0", Verdict.EXACT, "compare"), _reject("iree:gfx942-O2"))
    saved = sig.of_saved([r.summary() for r in report.results], ops=sig.op_kinds(report.case))
    assert saved.failures == sig.of(report).failures and saved.divergent
    assert saved.bucket_key == sig.of(report).bucket_key

    campaign.run(campaign.Settings(4, 1, tmp_path / "c", (fake.EXACT, fake.REJECT), swarm=small()))
    stats = campaign.run(campaign.Settings(4, 1, tmp_path / "c", (fake.EXACT, fake.REJECT), swarm=small()), resume=True)
    assert len(stats.buckets) == 1 and next(iter(stats.buckets.values())).count == 4  # regrouped from the rows


def test_a_campaign_row_saved_before_rows_kept_op_kinds_is_rebucketed_from_its_saved_case(tmp_path):
    """A row an earlier kernelfuzz saved has no op kinds and its failures as that kernelfuzz classed them; read back,
    it gets both from the case and results the campaign saved beside it, so its buckets are a new row's.  Where
    that folder is gone it stays as saved."""
    import shutil
    import sqlite3

    from fuzz.campaign import driver as campaign
    from fuzz.campaign.state import State, snapshot
    from fuzz.store import folder_name
    from tests import fake_frontend as fake
    out = tmp_path / "c"
    campaign.run(campaign.Settings(4, 1, out, (fake.EXACT, fake.OFF_BY_ONE, fake.REJECT), swarm=small()))
    state = State(out)
    fresh = state.rows()
    state.close()
    assert all(r["ops"] for r in fresh) and any(r["failures"] for r in fresh)
    db = sqlite3.connect(out / "campaign.sqlite")
    with db:
        for r in fresh:
            old = {**{k: v for k, v in r.items() if k != "ops"},
                   "failures": [[c, v, s, "as an earlier kernelfuzz classed it"] for c, v, s, _ in r["failures"]]}
            db.execute("UPDATE cases SET row = ? WHERE idx = ?", (json.dumps(old), r["index"]))
    db.close()
    assert [row for _, row in sorted(snapshot(out)[1], key=lambda t: t[1]["index"])] == fresh
    gone = next(r for r in fresh if r["failures"])
    shutil.rmtree(out / "findings" / folder_name(gone["name"]))
    state = State(out)
    kept = next(r for r in state.rows() if r["index"] == gone["index"])
    state.close()
    assert "ops" not in kept and kept["failures"][0][3] == "as an earlier kernelfuzz classed it"


def test_status_marks_buckets_already_kept_in_the_corpus(tmp_path):
    from click.testing import CliRunner

    from fuzz.campaign import driver as campaign
    from fuzz.cli import main
    from tests import fake_frontend as fake
    out = tmp_path / "c"
    campaign.run(campaign.Settings(3, 2, out, (fake.EXACT, fake.REJECT, fake.OFF_BY_ONE), swarm=small()))
    finding = next((out / "findings").iterdir())
    kept = tmp_path / "corpus" / "findings" / "fake-reject-bug"
    kept.mkdir(parents=True)
    results = [r for r in json.loads((finding / "results.json").read_text()) if r["config"] != "fake:off-by-one"]
    (kept / "results.json").write_text(json.dumps(results))
    assert set(sig.known(tmp_path / "corpus")) == {("fake:reject", "rejected", "compile",
                                                    "error: fake compiler rejects this case")}
    r = CliRunner().invoke(main, ["status", str(out), "--corpus", str(tmp_path / "corpus")])
    assert r.exit_code == 0 and "partly known (fake-reject-bug)" in r.output
    for k, f in enumerate(sorted((out / "findings").iterdir())):  # more repros of the same finding, e.g. its
        second = kept / f"repro-{k}"  # sampled-schedule original; the fake's wrong result has two symptoms
        second.mkdir()  # (an int element off by one: within 4 ulps, a float one: wrong value) and is kept
        wrong = [r for r in json.loads((f / "results.json").read_text()) if r["config"] != "fake:reject"]
        (second / "results.json").write_text(json.dumps(wrong))  # with its case: its principal op keys the bucket
        (second / "case.json").write_text((f / "case.json").read_text())
    r = CliRunner().invoke(main, ["status", str(out), "--corpus", str(tmp_path / "corpus")])
    assert "known (fake-reject-bug)" in r.output and "partly" not in r.output


def test_error_class_is_the_specific_error_wherever_the_compiler_reported_it():
    tvm = ("Traceback:\n  File x.py\nCheck failed: n_deepest_reduction_loops == reduction_loops.size() (0 vs. 1) : "
           "Cross-thread reduction requires ...\nError in pass: _pipeline\nLocation (TVMScript):")
    assert sig.error_class(_reject("tvm:cuda-dlight", tvm)).startswith("Check failed: n_deepest_reduction_loops")
    in_kernel = _reject("iree:cpu-O0", "kernel.mlir:10:12: error: 'linalg.generic' op inferred operand #1")
    in_dispatch = _reject("iree:cpu-O2", "dump/configured_module_main_dispatch_3.mlir:18:8: error: "
                                         "'linalg.generic' op inferred operand #0")
    assert sig.error_class(in_kernel) == sig.error_class(in_dispatch) == "LOC: error: 'S' op inferred operand #N"



def test_a_tvm_schedule_error_keeps_the_name_of_the_primitive_that_failed():
    """ScheduleErrors in different primitives are different dlight bugs (one campaign's bucket mixed
    'set-scope' and 'bind'); the same primitive reached from two workloads is one bucket."""
    def error(primitive):
        return _reject("tvm:cuda-dlight", f"ScheduleError: An error occurred in the schedule primitive '{primitive}'.")
    assert sig.error_class(error("set-scope")) == "ScheduleError: An error occurred in the schedule primitive set-scope."
    set_scope, bind = sig.of(_report(1, error("set-scope"))), sig.of(_report(1, error("bind")))
    assert set_scope.bucket_key != bind.bucket_key
    assert set_scope.bucket_key == sig.of(_report(2, error("set-scope"))).bucket_key


def _wrong(config: str, detail: str, max_ulps: int) -> ConfigResult:
    from fuzz.judge.oracle import Evidence
    return ConfigResult(config, Verdict.OUT_OF_BOUND, "compare", evidence=Evidence(max_ulps=max_ulps, detail=detail))


def test_wrong_code_bugs_of_one_configuration_with_different_symptoms_are_different_buckets():
    """iree:cpu-generic has two known wrong-code bugs (f16 subnormals flushed, a contraction's one-ulp slip):
    with only (configuration, verdict) a third, gross one would have been marked known."""
    flush = _wrong("iree:cpu-generic", "at (0,): expected 2.25305557e-05 in [2.25305557e-05, 2.25305557e-05], got 0", 378)
    slip = _wrong("iree:cpu-generic", "at (0, 1, 0, 0): expected 0.473876953 in [0.473876953, 0.474121094], got 0.473632812", 1)
    gross = _wrong("iree:cpu-generic", "at (0, 0): expected 3 in [3, 3], got 50529027", 50529024)
    other = _wrong("iree:cpu-generic", "at (1, 2, 0, 0): expected 0 in [0, 0], got 463", 463)
    nan = _wrong("iree:cpu-generic", "at (3,): expected 1.5 in [1.5, 1.5], got nan", 0)
    assert [sig.error_class(r) for r in (flush, slip, gross, other, nan)] == [
        "got zero", "within 4 ulps", "wrong value", "wrong value", "got non-finite"]
    keys = [sig.of(_report(1, r)).bucket_key for r in (flush, slip, gross, other)]
    assert len(set(keys)) == 3 and keys[2] == keys[3]


def test_a_live_symptom_reads_every_wrong_element_and_a_saved_one_its_first():
    from fuzz.judge.oracle import Evidence, symptom
    assert symptom(np.array([1.0, 2.0]), np.array([0.0, 0.0]), np.array([900, 900])) == "got zero"
    assert symptom(np.array([1.0, 2.0]), np.array([0.0, 5.0]), np.array([900, 900])) == "wrong value"
    assert symptom(np.array([7.0]), np.array([8.0]), np.array([1])) == "within 4 ulps"  # an int off by one
    recorded = ConfigResult("c", Verdict.OUT_OF_BOUND, "compare", evidence=Evidence(detail="at (0,): expected 1 "
                            "in [1, 1], got 0", max_ulps=900, symptom="wrong value"))
    assert sig.error_class(recorded) == "wrong value"  # the recorded symptom wins over the first element


def test_the_corpus_wrong_code_findings_are_known_by_their_symptoms():
    """Every saved wrong result has a symptom, and iree:cpu-generic's three wrong-code findings keep theirs (the
    residual add folded into the accumulator: within 4 ulps; the f16 subnormal flush: got zero; the vectorizer's
    dropped reduction: a wrong value)."""
    from pathlib import Path
    entries = [e for e in sig.known(Path(f"{ROOT}/corpus")) if e[1] in ("out-of-bound", "nonfinite-mismatch")]
    assert entries and all(e[3] for e in entries), entries
    generic = {sig.OP_KEY.sub("", e[3]) for e in entries if e[0] == "iree:cpu"}
    assert generic == {"got zero", "within 4 ulps", "wrong value"}, generic


def test_saved_evidence_without_a_symptom_gets_it_from_the_outputs_saved_beside_it():
    """The Hexagon border repro's saved detail names one element, -2.87e-16: 0xA5A5A5A5, the harness's fill of a float
    output.  Read from its saved outputs the finding is `unwritten`, as a fresh run of the bug now buckets."""
    from pathlib import Path
    folder = Path(f"{ROOT}/corpus/findings/tvm-reverse-compute-at-drops-pad-border/hexagon-sampled")
    assert sig.saved_symptom(folder, "tvm:hexagon-sampled") == "unwritten"
    entry = ("tvm:hexagon", "out-of-bound", "compare", "unwritten in conv2d:f16->f32")  # the folder's case: its op
    assert sig.known(Path(f"{ROOT}/corpus"))[entry] == ["tvm-reverse-compute-at-drops-pad-border"]


STACK = """iree-compile died (status -11):
Please report issues to https://github.com/iree-org/iree/issues and include the crash backtrace.
Stack dump:
0.\tProgram arguments: iree-compile kernel.mlir -o kernel.vmfb --iree-opt-level=O2
"""
SYMBOLIZED = """ #2 0x00007f8fa755ac10 SignalHandler(int, siginfo_t*, void*) Signals.cpp:0:0
 #3 0x00007f8fb0394050 (/lib/x86_64-linux-gnu/libc.so.6+0x3c050)
 #4 0x00007f8fa757b5a3 mlir::AffineExpr::getKind() const AffineExpr.cpp:0:0
"""
BARE = """Stack dump without symbol names (ensure you have llvm-symbolizer in your PATH or set the environment var `LLVM_SYMBOLIZER_PATH` to point to it):
2  libIREECompiler.so 0x00007f14ae15ac10
3  libc.so.6          0x00007f14a825a050
4  libIREECompiler.so 0x00007f14ae17b5a3
"""
REPRODUCER = ("\nthe same compile with --mlir-pass-pipeline-crash-reproducer: kernel.mlir:0:0: note: Pipeline failed while "
              "executing [`AnnotateDispatchesPass` on 'builtin.module' operation]: reproducer generated at `r.mlir`")


def _crash(message: str) -> ConfigResult:
    return ConfigResult("iree:cpu-O2", Verdict.COMPILER_CRASH, "compile", message=message)


def test_a_crash_is_named_by_its_pass_alike_with_and_without_a_symbolizer():
    """Without llvm-symbolizer the corpus's AffineExpr::getKind crash printed only addresses and became a new bucket,
    `iree-compile died (status -N):`; the frames' names depend on the machine, the pass does not."""
    named = {sig.error_class(_crash(STACK + frames + REPRODUCER)) for frames in (SYMBOLIZED, BARE)}
    assert named == {"crash (SIGSEGV) in pass AnnotateDispatchesPass"}
    llvm = STACK + "1.\tRunning pass 'Lower buffer fat pointer operations to buffer resources' on module 'm'.\n"
    assert {sig.error_class(_crash(llvm + frames)) for frames in (SYMBOLIZED, BARE)} == {
        "crash (SIGSEGV) in pass Lower buffer fat pointer operations to buffer resources"}
    fatal = STACK + "LLVM ERROR: Cannot select: 0x55 t7: f16 = fmaxnum t5, t6\n"  # its own message says more
    assert sig.error_class(_crash(fatal + SYMBOLIZED + REPRODUCER)).startswith("LLVM ERROR: Cannot select:")


NESTED = ("\nthe same compile with --mlir-pass-pipeline-crash-reproducer: kernel.mlir:0:0: note: Pipeline failed while "
          "executing [`TranslateAllExecutablesPass` on 'hal.executable' operation: @main_dispatch_0, "
          "`TranslateTargetExecutableVariantsPass` on 'hal.executable.variant' operation: @rocm_hsaco_fb, "
          "`mlir::iree_compiler::detail::OpPipelineAdaptorPass` on 'builtin.module' operation, `{}` on 'func.func' "
          "operation: @main_dispatch_0_matmul_like_96x17x49_f32]: reproducer generated at `crash_reproducer.mlir`")


def test_a_crash_is_named_by_the_innermost_pass_of_the_mlir_pipeline_and_llvm_s_pass_inside_it():
    """Every GPU code generation pass of IREE runs inside TranslateAllExecutablesPass: named by the outermost pass
    the reproducer lists, a crash in PadDynamicAllocPass and one in GPUApplyTilingLevelPass were one bucket."""
    assert sig.error_class(_crash(STACK + SYMBOLIZED + NESTED.format("PadDynamicAllocPass"))) == \
        "crash (SIGSEGV) in pass PadDynamicAllocPass"
    assert sig.error_class(_crash(STACK + BARE + NESTED.format("GPUApplyTilingLevelPass"))) == \
        "crash (SIGSEGV) in pass GPUApplyTilingLevelPass"
    llvm = STACK + "1.\tRunning pass 'Function Pass Manager' on module 'm'.\n2.\tRunning pass 'AMDGPU DAG->DAG " \
        "Pattern Instruction Selection' on function '@f'\n"  # LLVM's code generator, inside the MLIR pass
    assert sig.error_class(_crash(llvm + BARE + NESTED.format("PadDynamicAllocPass"))) == \
        "crash (SIGSEGV) in pass AMDGPU DAG->DAG Pattern Instruction Selection"


def test_the_two_gfx942_crashes_inside_translate_all_executables_are_two_buckets_each_known_by_its_finding():
    known = sig.known(ROOT / "corpus")
    for innermost, finding in (("PadDynamicAllocPass",
                                "iree-gfx942-prefetch-3-stages-pad-dynamic-alloc-loop-carried-alloca-crash"),
                               ("GPUApplyTilingLevelPass", "mlir-linalg-pad-tiling-interface-floordiv-padded-shape-zero-crash")):
        assert known[("iree:gfx942", "compiler-crash", "compile", f"crash (SIGSEGV) in pass {innermost}")] == [finding]
    assert ("iree:gfx942", "compiler-crash", "compile", "crash (SIGSEGV) in pass TranslateAllExecutablesPass") not in known


def test_a_new_crash_without_a_stack_is_not_called_new_without_saying_why():
    from types import SimpleNamespace

    from fuzz.cli.tables import _bucket_status
    bare = ("iree:cpu", "compiler-crash", "compile", sig.error_class(_crash(STACK + BARE)))
    assert bare[3] == "iree-compile died (status -N):"
    named = ("iree:cpu", "compiler-crash", "compile", "crash (SIGSEGV) in pass AnnotateDispatchesPass")
    assert sig.standing((bare,), {}) == ("new?", []) and sig.standing((named,), {}) == ("new", [])
    from rich.text import Text
    shown = Text.from_markup(_bucket_status(SimpleNamespace(entries=[list(bare)]), {})).plain
    assert shown == "new? (crash without a stack: cannot compare)"
    worker = ("tvm:hexagon", "compiler-crash", "compile", "worker died (SIGSEGV)")
    assert sig.standing((worker,), {})[0] == "new?" and sig.standing((worker,), {worker: ["kept"]})[0] == "known"


@pytest.mark.compilers
def test_the_pad_border_bug_is_known_from_the_corpus_in_its_nan_and_its_int_forms():
    """The first `make fuzz` called tvm:cpu-compute-at's NaN-poison read a new bucket (`nan/inf-mismatch ... got
    non-finite`); the corpus kept the bug's int form only."""
    import frontends
    from fuzz.casefile import load
    from fuzz.execute.isolate import Lane
    from fuzz.execute.runner import run_case
    config = next(c for c in frontends.all_configs() if c.name == "tvm:cpu-compute-at")
    known = sig.known(Path(f"{ROOT}/corpus"))
    lane = Lane.for_configs([config])
    try:
        for case in ("case.json", "nan-poison/case.json"):
            report = run_case(lane, load(f"{ROOT}/corpus/findings/tvm-reverse-compute-at-drops-pad-border/{case}"), [config])
            bucket = sig.of(report).bucket
            assert bucket and all(e in known for e in bucket), (case, bucket)
    finally:
        lane.close()
    assert bucket == (("tvm:cpu", "out-of-bound", "compare", "unwritten in conv2d:f16->f16"),)


@pytest.mark.compilers
def test_the_corpus_crash_finding_is_known_with_and_without_a_symbolizer(tmp_path, monkeypatch):
    import frontends
    from frontends.iree import frontend as iree_frontend
    from fuzz.execute.backend import CompilerFailure
    folder = Path(f"{ROOT}/corpus/findings/iree-crash-infer-convolution-dims-offset-map")
    config = next(c for c in frontends.all_configs() if c.name == "iree:cpu-O2")
    known = sig.known(Path(f"{ROOT}/corpus"))

    def entry() -> tuple:
        with pytest.raises(CompilerFailure) as e:
            iree_frontend.compile_text((folder / "kernel.mlir").read_text(), config, str(tmp_path))
        return sig.of_saved([_crash(str(e.value)).summary()]).bucket[0]

    symbolized = entry()
    monkeypatch.setenv("PATH", str(tmp_path))  # iree-compile runs by its full path; no llvm-symbolizer on PATH
    monkeypatch.setenv("LLVM_SYMBOLIZER_PATH", "/nonexistent")
    bare = entry()
    assert symbolized == bare == ("iree:cpu", "compiler-crash", "compile", "crash (SIGSEGV) in pass AnnotateDispatchesPass")
    assert known[bare] == ["iree-crash-infer-convolution-dims-offset-map"]


def _known_list(tmp_path, bugs) -> Path:
    corpus = tmp_path / "corpus"
    corpus.mkdir(exist_ok=True)
    (corpus / sig.KNOWN_LIST).write_text(json.dumps({"format": sig.KNOWN_FORMAT, "known": bugs}))
    return corpus


def test_a_bug_listed_in_the_corpus_known_list_is_known_under_its_name(tmp_path):
    """corpus/known.json: a bug seen but not yet triaged is masked by every reader of signature.known (campaign
    status, the report, the test sweeps) as a finding is."""
    entry = ["fake:reject", "rejected", "compile", "error: fake compiler rejects this case"]
    corpus = _known_list(tmp_path, [{"name": "fake-untriaged", "bucket": [entry], "shows": "the fake rejects"}])
    known = sig.known(corpus)
    assert known == {tuple(entry): ["fake-untriaged"]}
    rejected = ConfigResult("fake:reject", Verdict.REJECTED, "compile", message="error: fake compiler rejects this case")
    assert sig.is_known(rejected, known, ()) and sig.standing((tuple(entry),), known) == ("known", ["fake-untriaged"])
    assert not sig.is_known(ConfigResult("fake:reject", Verdict.REJECTED, "compile", message="error: other"), known, ())


@pytest.mark.parametrize("bugs, says", [
    ([{"name": "x", "bucket": [["a", "b", "c"]], "shows": "y"}], "each entry is"),
    ([{"name": "x", "bucket": [], "shows": "y"}], "bucket"),
    ([{"name": "x", "bucket": [["a", "b", "c", "d"]]}], "missing field(s) shows"),
    ([{"name": "x", "bucket": [["a", "b", "c", "d"]], "shows": "y", "typo": 1}], "unknown field(s)"),
    ([{"name": "x", "bucket": [["tvm:rocm", "out-of-bound", "compare", "wrong value"]], "shows": "y"}],
     "names the case's principal op"),
])
def test_a_malformed_known_list_is_one_line_naming_the_field(tmp_path, bugs, says):
    from fuzz.case.workload import WorkloadError
    with pytest.raises(WorkloadError, match=re.escape(says)):
        sig.known(_known_list(tmp_path, bugs))


def test_the_corpus_known_list_reads_and_names_only_bugs_not_kept_as_findings():
    """Each bug in corpus/known.json is untriaged: once a finding keeps it, its entry leaves the list."""
    listed = sig.untriaged(ROOT / "corpus")
    findings = {p.name for p in (ROOT / "corpus" / "findings").iterdir()}
    assert listed and not {name for name, _ in listed} & findings
    kept = sig.known(ROOT / "corpus")
    assert all(kept[entry] == [name] for name, entry in listed), "a listed bug is also kept as a finding"


TRANSPOSE = "torch-mlir-transpose-int-lowering-casts-init-to-refined-result-rejected"


@pytest.mark.parametrize("message", [
    "kernel.mlir:7:10: error: 'linalg.transpose' op dim(result, 1) = 3 doesn't match dim(input, permutation[1]) = "
    "-9223372036854775808",
    "kernel.mlir:11:10: error: 'linalg.transpose' op dim(result, 3) = 7 doesn't match dim(input, permutation[3]) = "
    "-9223372036854775808\n    %9 = torch.operator \"onnx.Transpose\"(%8) {torch.onnx.perm = [0 : si64, 2 : si64, 3 : "
    "si64, 1 : si64]} : (!torch.vtensor<[1,?,?,?],f32>) -> !torch.vtensor<[1,3,10,?],f32>"])
def test_the_torch_mlir_transpose_rejection_is_known_on_every_onnx_target(message):
    """The fresh make fuzz's bucket 985eb33ccac9 (two NHWC max pools with dynamic dims, rejected on iree:onnx-cpu-O2
    and iree:onnx-gfx942-O2) was called new: the torch-mlir finding that keeps its bug kept no results.json, so its
    bucket entry was nowhere.  Its results.json now holds the rejection, and the bucket is known by the finding."""
    known = sig.known(ROOT / "corpus")
    rejected = [_reject(config, message) for config in ("iree:onnx-cpu-O2", "iree:onnx-gfx942-O2")]
    entries = tuple(sig.entry_of(r, ()) for r in rejected)
    assert set(entries) == {("iree:onnx", "rejected", "compile",
                             "LOC: error: 'S' op dim(result, N) = N doesn't match dim(input, permutation[N]) = -N")}
    assert all(sig.is_known(r, known, ()) for r in rejected)
    assert sig.standing(entries, known) == ("known", [TRANSPOSE])


def test_the_dlight_gemv_shared_copy_crash_is_known_by_its_finding():
    """s12-makefuzz's bucket 027d9ba3a22c (seed1328302631, a batched f16 GEMV with a symbolic matrix) on
    tvm:cuda-dlight: CUDA codegen's check on the symbolic shared copy dlight's GEMV rule made of the matrix."""
    known = sig.known(ROOT / "corpus")
    crash = ConfigResult("tvm:cuda-dlight", Verdict.COMPILER_CRASH, "compile",
                         message="Check failed: (dim_imm) is false: Can only handle constant size stack allocation "
                                 "for now")
    assert sig.standing((sig.entry_of(crash, ()),), known) == (
        "known", ["tvm-dlight-gemv-caches-matrix-operand-in-shared-as-vector"])
