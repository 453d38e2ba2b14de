"""localize judges a point by its finding's own symptom (``fuzz/reduce/predicate.py``): each predicate kind on real
runs of small PTX programs in kernelfuzz's PTX simulator, through the path ``tvm:cuda-dlight`` takes when simulated
and the worker's wrapper (``fuzz.execute.isolate._running``), as localize's probes return them (``outcome_of``),
with the NVRTC step replaced by the PTX under test."""
import numpy as np
import pytest

from frontends.tvm import simulated
from fuzz.execute.isolate import _running
from fuzz.execute.runner import judge_all
from fuzz.judge.reference import exact_value
from fuzz.reduce.localize import Point, classify, localize, outcome_of, render
from fuzz.reduce.predicate import Kind, Predicate, fault_class, of_record, parse, records
from tests import ROOT

PTX = """.version 7.6
.target sm_80
.address_size 64
.visible .entry k(.param .u64 inp, .param .u64 out)
{{
.reg .b32 %r<8>; .reg .b64 %rd<8>; .reg .pred %p<4>;
.shared .align 4 .b8 smem[256];
ld.param.u64 %rd0, [inp];
ld.param.u64 %rd1, [out];
mov.u32 %r4, %tid.x;
setp.ne.u32 %p0, %r4, 0;
{body}
ret;
}}
"""
# thread 0 of 64 copies in[0], in[1] to out[0], out[1] (out has 2 elements): the right program
COPY = """@%p0 bra END;
ld.global.u32 %r1, [%rd0];
ld.global.u32 %r2, [%rd0+4];
st.global.u32 [%rd1], %r1;
st.global.u32 [%rd1+4], %r2;
END:"""
REF = [exact_value(np.array([0, 1], dtype=np.int64), "i32")]


def run(monkeypatch, body: str):
    """One simulated run of the kernel, as a localize probe's outcome."""
    monkeypatch.setattr(simulated, "ptx_of", lambda source: PTX.format(body=body))
    launch = {"params": ["inp", "out"], "buffers": {},
              "kernels": [{"name": "k", "args": ["inp", "out"], "grid": [1, 1, 1], "block": [64, 1, 1],
                           "shared": 0}]}
    inputs = [np.arange(4, dtype=np.int32)]  # 16 bytes asked for: bytes 16-255 are cudaMalloc's padding
    return outcome_of(_running(lambda: simulated.run("(CUDA C)", launch, inputs, [((2,), "int32")])))


def judged(outcome, predicate: Predicate) -> str:
    return classify(outcome, REF, judge_all, predicate).status


OOB_WRITE = COPY.replace("END:", "@%p0 bra END2;\nst.global.u32 [%rd1+512], %r1;\nEND2:\nEND:")
OOB_READ = COPY.replace("ld.global.u32 %r2, [%rd0+4];", "ld.global.u32 %r2, [%rd0+4];\nld.global.u32 %r3, [%rd0+300];")
RACE = "st.shared.u32 [smem], %r4;\n" + COPY  # 64 threads, two warps, one word, no barrier


def test_a_fault_predicate_calls_wrong_only_the_findings_own_fault(monkeypatch):
    write, read, right = run(monkeypatch, OOB_WRITE), run(monkeypatch, OOB_READ), run(monkeypatch, COPY)
    assert fault_class(write.message) == "out-of-bounds global write"
    assert fault_class(read.message) == "out-of-bounds global read"
    by_write = Predicate(Kind.FAULT, "out-of-bounds global write")
    assert (judged(write, by_write), judged(read, by_write), judged(right, by_write)) == ("wrong", "broken", "right")
    # the value predicate cannot judge a run without outputs: broken, never right
    assert judged(write, Predicate(Kind.VALUE)) == "broken"


def test_a_race_is_its_own_fault_class_and_no_out_of_bounds_predicate_takes_it(monkeypatch):
    race = run(monkeypatch, RACE)
    assert race.status == "program-error" and fault_class(race.message) == "shared-memory (LDS) race"
    assert judged(race, Predicate(Kind.FAULT, "shared-memory (LDS) race")) == "wrong"
    assert judged(race, Predicate(Kind.FAULT, "out-of-bounds global write")) == "broken"


def test_a_fact_predicate_calls_a_run_wrong_that_read_the_padding_though_its_output_is_right(monkeypatch):
    padded = run(monkeypatch, COPY.replace("ld.global.u32 %r2, [%rd0+4];",
                                           "ld.global.u32 %r2, [%rd0+4];\nld.global.u32 %r3, [%rd0+16];"))
    assert padded.outputs is not None and padded.facts["padding_reads"]["count"] == 1
    by_fact = parse("fact:padding_reads")
    assert judged(padded, Predicate(Kind.VALUE)) == "right"  # the value alone shows nothing
    assert judged(padded, by_fact) == "wrong"
    assert judged(run(monkeypatch, COPY), by_fact) == "right"
    v = classify(padded, REF, judge_all, by_fact)
    assert v.why.startswith("padding_reads: 1 (first: k: ")


def test_an_unwritten_output_predicate_wants_the_poison_not_just_a_wrong_value(monkeypatch):
    unwritten = run(monkeypatch, COPY.replace("st.global.u32 [%rd1+4], %r2;", ""))
    wrong_value = run(monkeypatch, COPY.replace("st.global.u32 [%rd1+4], %r2;", "st.global.u32 [%rd1+4], %r1;"))
    by = Predicate(Kind.UNWRITTEN)
    assert (judged(unwritten, by), judged(wrong_value, by), judged(run(monkeypatch, COPY), by)) == \
        ("wrong", "broken", "right")


def test_a_run_that_observes_nothing_is_judged_by_its_value_alone_and_says_so():
    from fuzz.reduce.localize import Outcome
    cpu = Outcome([np.array([0, 1], dtype=np.int32)])  # no simulator facts: a CPU run
    v = classify(cpu, REF, judge_all, Predicate(Kind.FAULT, "out-of-bounds global write"))
    assert v.status == "right" and v.why.startswith("value alone")
    v = classify(Outcome([np.array([0, 7], dtype=np.int32)]), REF, judge_all, Predicate(Kind.FACT, "padding_reads"))
    assert v.status == "broken"


def test_the_predicate_of_a_runtime_error_finding_is_its_recorded_fault():
    folder = ROOT / "corpus/findings/tvm-lower-cross-thread-reduction-drops-write-back-predicate"
    p = of_record("runtime-error", records(folder).get("tvm:cuda-dlight"))
    assert p == Predicate(Kind.FAULT, "out-of-bounds global write")
    assert of_record("out-of-bound", None) == Predicate(Kind.VALUE)
    with pytest.raises(ValueError, match="fact:NAME"):
        parse("wrongness")
    with pytest.raises(ValueError, match="a fault class is"):
        parse("fault:out-of-bounds global scribble")
    assert parse("fault:out-of-bounds private (scratch) write") == Predicate(Kind.FAULT,
                                                                          "out-of-bounds private (scratch) write")


def test_localize_txt_names_the_predicate_and_each_points_reason(monkeypatch):
    outcomes = {0: run(monkeypatch, COPY), 1: run(monkeypatch, COPY), 2: run(monkeypatch, OOB_WRITE),
                3: run(monkeypatch, OOB_WRITE)}

    class Pipeline:
        def points(self, variant):
            return None if variant else [Point("pass", f"after pass {i}", {"i": i}) for i in range(4)]

        def probe(self, point):
            return outcomes[point.key["i"]]

    p = Predicate(Kind.FAULT, "out-of-bounds global write")
    r = localize("sim", Pipeline(), REF, judge_all, predicate=p)
    assert (r.good.index, r.bad.index, r.confirmed) == (1, 2, True)
    from fuzz.case import workload as W
    case = W.Case((W.Tensor("x", (2,), "i32", W.ValueSpec("int", 1, 0, 3)),), (), ("x",), "sim-case")
    text = render(r, case, "gpu")
    assert "judged by: fault: the run fails with out-of-bounds global write" in text
    assert "[by out-of-bounds global write]" in text and "fault: the program at the first wrong point" in text


@pytest.mark.parametrize("report, cls", [
    ({"oob_global": [("k", "write", 0x1000)]}, "out-of-bounds global write"),
    ({"oob_global": [("k", "read", 0x1000)]}, "out-of-bounds global read"),
    ({"oob_local": [("k", "LDS", 3)]}, "out-of-bounds shared access"),
    ({"oob_local": [("k", "scratch_store_dword v1, v2, off (a stack overflow)", 64)]},
     "out-of-bounds private (scratch) write"),
    ({"lds_races": [("k", 0, "ds_write_b32 v1, v2", 8)]}, "shared-memory (LDS) race"),
])
def test_the_gfx942_simulators_faults_have_the_same_classes(report, cls):
    from frontends.devices.gfx942.device import fault
    from frontends.devices.gfx942.errors import Report
    e = fault(Report(**report))
    assert fault_class(f"simulated: {e.symptom}: {e}") == cls and parse(f"fault:{cls}").what == cls
