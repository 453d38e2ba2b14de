"""What every simulator of ``frontends/devices/`` raises instead of a result: one set of errors for all of them.

Two families, never mixed.  ``NotModelled`` says the *simulator* does not model something (an instruction, a type, a
modifier, a directive, a host command): the emulator's limit, never a finding about the compiler.  A ``Fault`` says
the *program* did something a GPU would not define or that a sanitizer would report, named by its ``symptom`` (a
short stable phrase the run's outcome carries) and its ``kind`` (the engine's ``ProgramFailure`` kind):

* ``OutOfBounds``: an access outside every allocation or outside its segment (memcheck);
* ``Race``: a shared-memory (LDS) race between two barriers (racecheck);
* ``GlobalRace``: a global byte whose value at a kernel's end depends on the order its threads ran in (two threads
  store different bytes to it, in different blocks or between the same two barriers: ``simcore.GlobalWrites``);
* ``BarrierDeadlock``: threads or waves that wait at different synchronisations, or a warp divided at a collective;
* ``Runaway``: a program that does not end (a step limit per thread or wave): a hang, verdict ``timeout``;
* ``UninitializedRegister``: a read of a register no instruction wrote;
* ``MissingWait``: a read or write of a register a memory load may still be writing (a missing ``s_waitcnt``);
* ``OverLimit``: a kernel the device refuses to load or launch, by a limit its vendor documents (CUDA's 512 KiB of
  local memory per thread): the run fails on hardware before the kernel starts.

``simulation.outcome`` is the one place these become the engine's terms.
"""
from __future__ import annotations


class NotModelled(NotImplementedError):
    """Outside the model: ``what`` names the instruction, type or modifier (e.g. ``cvt.sat.s8.f32``); the message
    starts with "cannot simulate"."""

    def __init__(self, what: str, where: str = ""):
        super().__init__(f"cannot simulate {what}" + (f" ({where})" if where else ""))
        self.what = what


class Fault(Exception):
    """The program itself is at fault (what a sanitizer would report)."""

    symptom = "kernel fault"
    kind = "error"  # fuzz.execute.backend.ProgramFailure's kind


class OutOfBounds(Fault):
    symptom = "out-of-bounds access"
    kind = "out-of-bounds"


class Race(Fault):
    symptom = "shared-memory race"


class GlobalRace(Fault):
    symptom = "global-memory race"


class BarrierDeadlock(Fault):
    symptom = "barrier deadlock or divergence"


class Runaway(Fault):
    symptom = "runaway program"
    kind = "hang"


class UninitializedRegister(Fault):
    symptom = "uninitialized register read"


class MissingWait(Fault):
    symptom = "register access before its wait"


class OverLimit(Fault):
    symptom = "kernel over a device limit"
