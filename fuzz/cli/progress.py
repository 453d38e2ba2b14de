"""`run`'s progress on a terminal: which case and configuration, which stage, its limit and the time it has taken.

A simulated run of a real-size layer takes minutes; without a line that moves, `run` looks hung.  ``watching``
yields a lane that says each stage it starts (the reference, a compile, a run, with the stage's wall-clock limit:
a simulated configuration's is longer) on one transient line, redrawn with the elapsed time and, while a simulated
run lasts, what the lane's worker says of it (lane-instructions, lanes, seconds: ``backend.progress_line``); where
the console is no terminal (a pipe, a file, a test) it yields the lane itself and writes nothing, so output stays
what it was.
"""
from __future__ import annotations

from contextlib import contextmanager

from rich.markup import escape


class _Watched:
    """The lane, saying each stage before it starts (what the runner calls: compile, run; the rest passes through)."""

    def __init__(self, lane, say):
        self._lane, self._say = lane, say

    def compile(self, config, case_json, timeout):
        self._say(f"{config.name}: compile (limit {timeout:.0f} s)")
        return self._lane.compile(config, case_json, timeout)

    def run(self, config, inputs, timeout):
        self._say(f"{config.name}: run (limit {timeout:.0f} s)")
        return self._lane.run(config, inputs, timeout)

    def __getattr__(self, name):
        return getattr(self._lane, name)


class Watch:
    """What `run` tells the progress line: the case it starts (its reference comes first), then each stage."""

    def __init__(self, lane, progress=None):
        self.progress, self.case = progress, ""
        self.task = progress.add_task("starting", total=None) if progress is not None else None
        self.lane = lane if progress is None else _Watched(lane, self.stage)

    def start_case(self, path: str) -> None:
        self.case = path
        self.stage("reference")

    def stage(self, what: str) -> None:
        if self.progress is not None:  # the elapsed time counts from the stage's start
            self.progress.reset(self.task, description=escape(f"{self.case}: {what}"))


@contextmanager
def watching(lane, console):
    """A ``Watch`` over ``lane``: a transient progress line on a terminal, nothing elsewhere."""
    if not console.is_terminal:
        yield Watch(lane)
        return
    from rich.progress import Progress, ProgressColumn, SpinnerColumn, TextColumn, TimeElapsedColumn
    from rich.text import Text

    from fuzz.execute.backend import progress_line

    class Simulated(ProgressColumn):
        """What the lane's worker says of a simulated run that lasts (nothing otherwise), read at each redraw."""

        def render(self, task) -> Text:
            return Text(progress_line(lane.workdir), style="dim")

    with Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(), Simulated(),
                  console=console, transient=True) as progress:
        yield Watch(lane, progress)
