"""The simulators' one contract (frontends/devices/errors.py, frontends/devices/simulation.py): both raise the
core's errors, one ``outcome`` maps them to the engine's terms, and a program that never ends is a ``timeout`` on
both, through the host sides that reach them (TVM's here: ``frontends/tvm/simulated.py``)."""
from __future__ import annotations

import pytest

from frontends.devices import errors, simulation
from frontends.devices.gfx942 import SimError, Unmodelled
from frontends.devices.gfx942.asm import assemble
from frontends.devices.ptx import CannotSimulate, KernelFault
from frontends.devices.ptx.errors import BarrierFault, OutOfBounds, SharedRace
from frontends.tvm import simulated
from fuzz.execute.backend import ProgramFailure
from fuzz.execute.isolate import _running
from fuzz.execute.runner import _STAGE_VERDICT
from fuzz.judge.oracle import Verdict

LOOP_PTX = """.version 7.6
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
.reg .b32 %r<2>; .reg .b64 %rd<2>;
ld.param.u64 %rd0, [out];
mov.u32 %r0, 0;
$L_loop:
add.u32 %r0, %r0, 1;
bra.uni $L_loop;
}
"""
ONE = {"params": ["out"], "buffers": {},
       "kernels": [{"name": "k", "args": ["out"], "grid": [1, 1, 1], "block": [1, 1, 1], "shared": 0}]}


def test_both_simulators_name_the_core_errors():
    assert CannotSimulate is errors.NotModelled and issubclass(Unmodelled, errors.NotModelled)
    assert KernelFault is SimError is errors.Fault
    assert (OutOfBounds, SharedRace, BarrierFault) == (errors.OutOfBounds, errors.Race, errors.BarrierDeadlock)


@pytest.mark.parametrize("error,kind,message", [
    (errors.NotModelled("instruction frob.b32"), "emulator", "simulated: cannot simulate instruction frob.b32"),
    (Unmodelled("instruction v_frob_b32"), "emulator", "simulated: cannot simulate: gfx942 simulator: instruction "
                                                       "v_frob_b32 is not modelled"),
    (errors.OutOfBounds("a read at 0x10"), "out-of-bounds", "simulated: out-of-bounds access: a read at 0x10"),
    (errors.Race("byte 8"), "error", "simulated: shared-memory race: byte 8"),
    (errors.BarrierDeadlock("two barriers"), "error", "simulated: barrier deadlock or divergence: two barriers"),
    (errors.Runaway("thread 0 ran on"), "hang", "simulated: runaway program: thread 0 ran on"),
])
def test_one_outcome_maps_each_error_for_every_device(error, kind, message):
    def raise_it():
        raise error
    for name in simulation.DEVICES:
        with pytest.raises(ProgramFailure) as e:
            simulation.outcome(raise_it, simulation.device(name))
        assert (e.value.kind, str(e.value)) == (kind, message), name
    assert _STAGE_VERDICT["timeout"] is Verdict.TIMEOUT


def test_a_ptx_program_that_never_ends_is_a_timeout(monkeypatch):
    from frontends.devices.ptx import reference, vector
    monkeypatch.setattr(reference, "MAX_STEPS", 2000)  # the step limit, lowered so that the test is quick
    monkeypatch.setattr(vector, "MAX_STEPS", 2000)
    monkeypatch.setattr(simulated, "ptx_of", lambda source: LOOP_PTX)
    r = _running(lambda: simulated.run("(CUDA C)", ONE, [], [((1,), "uint32")]))
    assert r.status == "timeout" and "runaway program" in r.message and "2000 instructions" in r.message
    assert _STAGE_VERDICT[r.status] is Verdict.TIMEOUT


def test_a_gfx942_program_that_never_ends_is_a_timeout(monkeypatch):
    from frontends.devices.gfx942 import machine
    monkeypatch.setattr(machine, "STEP_LIMIT", 2000)
    k = assemble("s_mov_b32 s4, 0\nloop:\n\ts_add_u32 s4, s4, 1\n\ts_branch loop")
    k.name = "k"
    device = simulation.device("gfx942")
    device.code = {"k": k}
    r = _running(lambda: simulation.run(device, lambda d: d.launch("k", [], (1, 1, 1), (64, 1, 1)) or []))
    assert r.status == "timeout" and "runaway program" in r.message and "2000 instructions" in r.message
    assert r.facts["out_of_range_buffer_accesses"] == {"count": 0}
