"""The PTX simulator's names for the core's errors (``frontends/devices/errors.py``): the same classes.

``CannotSimulate`` is ``NotModelled`` (outside this model: never a finding); ``KernelFault`` is ``Fault`` (the
program's: an out-of-bounds access, a read of a register no instruction wrote, a shared-memory race, a global
store whose value depends on the threads' order, a barrier deadlock, a thread that never ends).
"""
from __future__ import annotations

from frontends.devices.errors import BarrierDeadlock as BarrierFault
from frontends.devices.errors import Fault as KernelFault
from frontends.devices.errors import NotModelled as CannotSimulate
from frontends.devices.errors import GlobalRace, OutOfBounds, Runaway, UninitializedRegister
from frontends.devices.errors import Race as SharedRace

__all__ = ["BarrierFault", "CannotSimulate", "GlobalRace", "KernelFault", "OutOfBounds", "Runaway", "SharedRace",
           "UninitializedRegister"]
