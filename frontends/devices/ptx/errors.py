"""What the PTX simulator reports instead of a result.

Two families, never mixed: ``CannotSimulate`` says the *simulator* does not model something (an instruction, a
type, a modifier, a directive, a stream command): never a finding about the compiler.  ``KernelFault`` says the
*program* did something a GPU would not define or that compute-sanitizer would report: an out-of-bounds access
(memcheck), a read of a register no instruction wrote (LLVM's undef reaching a use), a shared-memory race between
two barriers (racecheck), a deadlock at a barrier.  Each fault names its ``symptom``, a short stable phrase the
frontend puts in the run's outcome.
"""
from __future__ import annotations


class CannotSimulate(NotImplementedError):
    """Outside the model: ``what`` names the instruction, type or modifier (e.g. ``cvt.sat.s8.f32``)."""

    def __init__(self, what: str, where: str = ""):
        super().__init__(f"cannot simulate {what}" + (f" ({where})" if where else ""))
        self.what = what


class KernelFault(Exception):
    """The program itself is at fault (what a sanitizer would report); ``symptom`` names the kind."""

    symptom = "kernel fault"


class OutOfBounds(KernelFault):
    symptom = "out-of-bounds access"


class UninitializedRegister(KernelFault):
    symptom = "uninitialized register read"


class SharedRace(KernelFault):
    symptom = "shared-memory race"


class BarrierFault(KernelFault):
    symptom = "barrier deadlock or divergence"
