"""gfx942 as a device (frontends/devices/hip_sim.py): a HIP device is preferred where IREE's driver lists one, else
the gfx942 simulator runs the configuration, labelled simulated; a refusal of the simulator is
``emulator-unsupported``, never a finding; what the program did wrong is a program failure named by its symptom."""
from __future__ import annotations

import pytest

import frontends
from frontends.devices import hip_sim, simulation
from frontends.devices.gfx942 import Report, Unmodelled
from frontends.devices.gfx942.device import Device
from frontends.devices.gfx942.errors import Runaway
from fuzz.execute.backend import ProgramFailure
from fuzz.execute.isolate import _running
from fuzz.execute.runner import _STAGE_VERDICT
from fuzz.judge.oracle import Verdict


def _raises(exc):
    def run():
        raise exc
    return run


def test_a_device_is_preferred_and_the_simulator_can_be_forced(monkeypatch):
    monkeypatch.setattr(hip_sim, "device_count", lambda: (1, ""))
    monkeypatch.delenv("KERNELFUZZ_SIMULATE", raising=False)
    assert hip_sim.availability().status == "runs" and not hip_sim.availability().simulated
    assert hip_sim.facts()["executor"] == "device"
    monkeypatch.setenv("KERNELFUZZ_SIMULATE", "1")
    a = hip_sim.availability()
    assert a.status == "runs" and a.simulated and "KERNELFUZZ_SIMULATE is set" in a.why
    assert hip_sim.facts() == hip_sim.FACTS and "no AMD hardware" in hip_sim.FACTS["executor"]


def test_without_a_device_every_iree_gfx942_configuration_runs_simulated(monkeypatch):
    monkeypatch.setattr(hip_sim, "device_count", lambda: (0, "IREE's hip driver lists no device"))
    gfx942 = [c for c in frontends.all_configs() if c.name.startswith("iree:gfx942")]
    # five IREE flag sets, the TOSA one, two preprocessing pipelines (single dispatch, NHWC) and five backend options
    # (GlobalISel, max-ILP, SSA scheduler, iterative ILP, no SDWA), seven code-generation switches (codegen_options)
    assert len(gfx942) == 20
    for c in gfx942:
        a = frontends.availability(c)
        assert a.status == "runs" and a.simulated, (c.name, a)


def _outcome(run, report: Report):
    return simulation.outcome(run, Device(report=report))


def test_a_refusal_of_the_simulator_is_emulator_unsupported_never_a_finding():
    r = _running(lambda: _outcome(_raises(Unmodelled("instruction v_bogus_b32")), Report()))
    assert r.status == "unsupported" and "cannot simulate" in r.message
    assert _STAGE_VERDICT[r.status] is Verdict.UNSUPPORTED and Verdict.UNSUPPORTED.value == "emulator-unsupported"
    assert r.facts["out_of_range_buffer_accesses"] == {"count": 0}


def test_a_runaway_wave_is_a_hang():
    with pytest.raises(ProgramFailure) as e:
        _outcome(_raises(Runaway("k: more than 20000000 instructions in one wave")), Report())
    assert e.value.kind == "hang"


@pytest.mark.parametrize("field,entry,kind,words", [
    ("oob_global", ("k", "write", 0x1234), "out-of-bounds", "outside every allocation"),
    ("oob_local", ("k", "LDS", 3), "out-of-bounds", "LDS outside its segment"),
    ("lds_races", ("k", (0, 0, 0), "ds_write_b32 v1, v2", 8), "error", "shared-memory race"),
])
def test_what_a_gpu_would_fault_on_or_leave_to_the_schedule_is_a_program_failure(field, entry, kind, words):
    report = Report()
    getattr(report, field).append(entry)
    with pytest.raises(ProgramFailure) as e:
        _outcome(lambda: [], report)
    assert e.value.kind == kind and words in str(e.value)


def test_out_of_range_buffer_accesses_are_observed_not_failures():
    report = Report()
    report.oob_buffer.append(("k", "buffer_load_ubyte v1, v0, s[0:3], 0 offen", 5, 4096))
    assert _outcome(lambda: ["out"], report) == ["out"]
    seen = Device(report=report).observed()["out_of_range_buffer_accesses"]
    assert seen["count"] == 1 and "buffer_load_ubyte" in seen["first"][0]


@pytest.mark.compilers
def test_a_generated_case_runs_simulated_on_gfx942_and_is_judged_in_bound(monkeypatch):
    from fuzz.case.values import with_digests
    from fuzz.execute.isolate import Lane
    from fuzz.execute.runner import run_case
    from fuzz.generate.generator import SPACES, generate
    from tests import small
    case = with_digests(generate(22, SPACES["default"], small()))  # an i8 matmul: MFMA on gfx942
    configs = [c for c in frontends.all_configs() if c.name in ("iree:gfx942-O2", "iree:gfx942-no-vecdist")]
    lane = Lane(("frontends.iree.frontend",))
    try:
        report = run_case(lane, case, configs)
    finally:
        lane.close()
    if frontends.availability(configs[0]).simulated:
        for r in report.results:
            assert r.simulated and r.facts["executor"] == hip_sim.EXECUTOR, r.summary()
            assert "out_of_range_buffer_accesses" in r.facts, r.facts
    for r in report.results:
        assert r.verdict in (Verdict.EXACT, Verdict.WITHIN_BOUND), r.summary()


@pytest.mark.compilers
def test_tvm_s_rocm_kernel_reading_past_its_kernarg_segment_runs_within_bound():
    """Seed 1007 of the suite's sweep (tests/test_compilers.py): TVM's ROCm kernel of a dynamic conv takes three
    pointers and three i32 dims (a 36-byte kernarg segment) and loads the dims with one s_load_dwordx4 (bytes 24..39,
    LLVM widens the 3-dword load on purpose).  Hardware reads the runtime's pool slack; the simulator reported two
    global reads outside every allocation until the pool was modelled.  Now: within bound, the over-read a fact."""
    from fuzz.case import workload as W
    from fuzz.execute.isolate import Lane
    from fuzz.execute.runner import run_case
    from fuzz.generate.generator import generate
    from fuzz.generate.swarm import Swarm
    swept = Swarm(False, ("dtype:i4", "kind:attention") + tuple(f"dtype:{t}" for t in W.FP8_DTYPES))
    configs = [c for c in frontends.all_configs() if c.name == "tvm:rocm-dlight"]
    lane = Lane(("frontends.tvm.frontend",))
    try:
        r = run_case(lane, generate(1007, swarm=swept), configs).results[0]
    finally:
        lane.close()
    assert r.verdict in (Verdict.EXACT, Verdict.WITHIN_BOUND), r.summary()
    over = r.facts["reads_past_allocation_end"]
    assert over["count"] >= 1 and "of a 36-byte kernarg segment" in over["first"][0], over


def test_a_simulated_configuration_gets_a_longer_run_limit_and_a_cpu_one_does_not(monkeypatch):
    from frontends.devices.simulation import RUN_TIMEOUT_FACTOR
    from fuzz.execute.backend import run_limit
    monkeypatch.setattr(hip_sim, "device_count", lambda: (0, "none"))
    by = {c.name: c for c in frontends.all_configs()}
    assert run_limit(by["iree:gfx942-O2"], 120.0) == 120.0 * RUN_TIMEOUT_FACTOR
    assert run_limit(by["iree:gfx942-O2-tosa"], 120.0) == 120.0 * RUN_TIMEOUT_FACTOR
    assert run_limit(by["tvm:rocm-dlight"], 120.0) == 120.0 * RUN_TIMEOUT_FACTOR
    assert run_limit(by["iree:cpu-O2"], 120.0) == 120.0 and run_limit(by["tvm:cpu"], 120.0) == 120.0
    monkeypatch.setattr(hip_sim, "device_count", lambda: (1, ""))
    monkeypatch.delenv("KERNELFUZZ_SIMULATE", raising=False)
    assert run_limit(by["iree:gfx942-O2"], 120.0) == 120.0  # a device runs it: the device's limit
