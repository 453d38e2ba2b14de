"""A simulated run's facts carry what it read that a GPU would give any value for (``ptx.device.observed``): reads of
registers no instruction wrote and reads in an allocation's padding, counted with their first places.  Through
the path ``tvm:cuda-dlight`` takes when simulated (``frontends/tvm/simulated.run``, in the engine's worker wrapper
``fuzz/execute/isolate._running``), with the NVRTC step replaced by the PTX under test."""
import numpy as np
import pytest

from frontends.tvm import simulated
from tests import ROOT
from fuzz.execute.isolate import _running

PTX = """.version 7.6
.target sm_80
.address_size 64
.visible .entry k(.param .u64 inp, .param .u64 out)
{{
.reg .b32 %r<4>; .reg .b64 %rd<4>;
ld.param.u64 %rd0, [inp];
ld.param.u64 %rd1, [out];
{body}
st.global.u32 [%rd1], %r1;
ret;
}}
"""
LAUNCH = {"params": ["inp", "out"], "buffers": {},
          "kernels": [{"name": "k", "args": ["inp", "out"], "grid": [1, 1, 1], "block": [1, 1, 1], "shared": 0}]}


def run(monkeypatch, body: str):
    monkeypatch.setattr(simulated, "ptx_of", lambda source: PTX.format(body=body))
    inputs = [np.arange(4, dtype=np.uint32)]  # 16 bytes asked for: bytes 16-255 are cudaMalloc's padding
    return _running(lambda: simulated.run("(CUDA C)", LAUNCH, inputs, [((1,), "uint32")]))


def test_a_read_of_an_unwritten_register_is_in_the_facts_with_its_place(monkeypatch):
    r = run(monkeypatch, "mov.b32 %r1, %r2;")
    assert r.status == "ok" and r.payload[0][0] == 0xFFFFFFFF  # all ones, not 0
    seen = r.facts["unwritten_register_reads"]
    assert seen["count"] == 1
    assert seen["first"] == ["k: instruction 2 `mov.b32 %r1, %r2` (thread (0, 0, 0), block (0, 0, 0)): %r2"]
    assert r.facts["padding_reads"] == {"count": 0}


def test_a_read_past_the_size_asked_for_within_the_padding_is_in_the_facts(monkeypatch):
    r = run(monkeypatch, "ld.global.u32 %r1, [%rd0+16];\nld.global.u32 %r2, [%rd0+12];")
    assert r.status == "ok" and r.payload[0][0] == 0xFFFFFFFF
    seen = r.facts["padding_reads"]
    assert seen["count"] == 1  # the read of the last element (offset 12) is inside the tensor
    assert "ld.global.u32 %r1, [%rd0+16]" in seen["first"][0]
    assert seen["first"][0].endswith("4 bytes at offset 16 of a 16-byte allocation")
    assert r.facts["unwritten_register_reads"] == {"count": 0}


def test_a_run_that_faults_still_reports_what_it_read_before(monkeypatch):
    r = run(monkeypatch, "mov.b32 %r1, %r3;\nld.global.u32 %r1, [%rd0+256];")
    assert r.status == "program-error" and "out-of-bounds" in r.message
    assert r.facts["unwritten_register_reads"]["count"] == 1


@pytest.mark.parametrize("reads", [3, 7])
def test_the_count_is_every_read_and_the_places_only_the_first_few(monkeypatch, reads):
    r = run(monkeypatch, "\n".join(f"ld.global.u32 %r1, [%rd0+{16 + 4 * i}];" for i in range(reads)))
    seen = r.facts["padding_reads"]
    assert seen["count"] == reads and len(seen["first"]) == min(reads, 5)
    offsets = [p.rsplit("offset ", 1)[1].split()[0] for p in seen["first"]]
    assert offsets == [str(16 + 4 * i) for i in range(min(reads, 5))]


def test_kernelfuzz_run_shows_the_counts_and_first_places_of_a_simulated_result(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")
    from fuzz.case.workload import load
    from fuzz.cli.cases import _print_report
    from fuzz.judge.oracle import Verdict
    from fuzz.judge.results import CaseReport, ConfigResult
    r = run(monkeypatch, "ld.global.u32 %r1, [%rd0+16];")
    facts = {"executor": "simulated: test", **r.facts}
    case = load(str(ROOT / "corpus/seeds/iree-sdxl-int8-conv-requant.json"))
    _print_report("case.json", CaseReport(case, (ConfigResult("tvm:cuda-dlight", Verdict.EXACT, "compare",
                                                             facts=facts),)))
    out = capsys.readouterr().out
    assert "tvm:cuda-dlight: 1 padding reads (all ones here, any value on a device), first: k: instruction 2" in out
    assert "unwritten register reads" not in out  # a count of 0 is in the facts, not on the screen


def test_kernelfuzz_run_shows_the_warps_same_byte_shared_stores_as_a_fact_not_a_race(capsys, monkeypatch):
    """The PTX machines count a warp's same-bytes stores to one shared address in one instruction instead of calling
    them a race (tests/test_ptx_alike.py); `kernelfuzz run` says how many there were."""
    monkeypatch.setenv("COLUMNS", "400")
    from fuzz.case.workload import load
    from fuzz.cli.cases import _print_report
    from fuzz.judge.oracle import Verdict
    from fuzz.judge.results import CaseReport, ConfigResult
    facts = {"executor": "simulated: test", "alike_shared_stores": {"count": 62, "first": []}}
    case = load(str(ROOT / "corpus/seeds/iree-sdxl-int8-conv-requant.json"))
    _print_report("case.json", CaseReport(case, (ConfigResult("iree:cuda-sm80-O2", Verdict.EXACT, "compare",
                                                             facts=facts),)))
    out = capsys.readouterr().out
    assert "iree:cuda-sm80-O2: 62 shared stores by lanes of one warp of the same bytes to one address" in out
