"""A long simulated run's progress: the lane-instructions run so far, the lanes of the launch under way and the
seconds, on one line rewritten in place, first shown once the run has lasted ``SHOW_AFTER`` seconds (a short run,
the common case, shows nothing), then about every ``EVERY`` seconds.

Both simulators report to it: ``launch(kernel, lanes)`` as a launch starts (``ptx/vlaunch.py``, ``gfx942/device.py``)
and ``tick(n)`` as they run ``n`` more lane-instructions (one instruction on one thread, or on one lane of a wave:
lanes a guard or EXEC turns off included; ``ptx/vector.py`` every 64 steps, ``gfx942/lockstep.py`` every step).
They count only inside ``watching()``, which ``simulation.outcome`` opens around each run; elsewhere a tick costs one
test.  Where the line goes: in a lane's worker (whose stderr is the lane's log), to the file the lane's parent reads
and shows on its own terminal line (``fuzz.execute.backend.progress_channel``: `kernelfuzz run`); in any other
process, to stderr where it is a terminal; else nowhere, so pipes, captured output, tests and campaign logs never
see it.  The wave-by-wave and thread-at-a-time reference machines (what a launch is handed over to) do not tick.
"""
from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

from fuzz.execute.backend import progress_channel

SHOW_AFTER = 2.0  # seconds a run lasts before its progress shows
EVERY = 0.5  # seconds between two updates of the line


class Reporter:
    """One run's count, and its line for ``write`` once ``after`` seconds of ``clock`` have passed."""

    def __init__(self, write: Callable[[str], None], clock=time.monotonic, after: float = SHOW_AFTER,
                 every: float = EVERY):
        self.write, self.clock, self.every = write, clock, every
        self.start = clock()
        self.next = self.start + after
        self.instructions, self.kernel, self.lanes = 0, "", 0

    def launch(self, kernel: str, lanes: int) -> None:
        self.kernel, self.lanes = kernel, lanes

    def tick(self, n: int) -> None:
        self.instructions += n
        now = self.clock()
        if now >= self.next:
            self.next = now + self.every
            self.write(self.line(now))

    def line(self, now: float) -> str:
        """The figures first: a narrow terminal cuts the kernel's (long) name, not them."""
        return (f"simulated {self.instructions / 1e6:,.1f} M lane-instructions, {now - self.start:.0f} s; launch of "
                f"{self.lanes:,} lanes ({self.kernel})")


class Terminal:
    """A line rewritten in place on a terminal stream, cleared at the end (it says nothing once the run is over)."""

    def __init__(self, stream):
        self.stream, self.used = stream, False

    def write(self, line: str) -> None:
        self.stream.write(f"\r{line}\x1b[K")
        self.stream.flush()
        self.used = True

    def close(self) -> None:
        if self.used:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


class Channel:
    """The line as a file another process reads (replaced whole, so a reader never sees half a line); removed at
    the end."""

    def __init__(self, path: Path):
        self.path = path

    def write(self, line: str) -> None:
        part = self.path.with_name(self.path.name + ".part")
        part.write_text(line)
        os.replace(part, self.path)

    def close(self) -> None:
        self.path.unlink(missing_ok=True)


_RUNS: list[Reporter] = []  # the run being watched (innermost last)


def _out(stream):
    channel = progress_channel()
    if channel is not None:
        return Channel(channel)
    stream = sys.stderr if stream is None else stream
    return Terminal(stream) if stream.isatty() else None


@contextmanager
def watching(stream=None, clock=time.monotonic, after: float = SHOW_AFTER):
    """Count the simulated run inside and show its line (see the module docstring); ``stream``: stderr unless
    given; yields the ``Reporter``, or None where the line would go nowhere."""
    out = _out(stream)
    if out is None:
        yield None
        return
    run = Reporter(out.write, clock, after)
    _RUNS.append(run)
    try:
        yield run
    finally:
        _RUNS.remove(run)
        out.close()


def launch(kernel: str, lanes: int) -> None:
    """A launch of ``kernel`` over ``lanes`` threads or wave lanes starts."""
    if _RUNS:
        _RUNS[-1].launch(kernel, lanes)


def tick(n: int) -> None:
    """``n`` more lane-instructions ran."""
    if _RUNS:
        _RUNS[-1].tick(n)
