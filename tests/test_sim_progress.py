"""A long simulated run's progress line (frontends/devices/progress.py): nothing before its threshold, nothing where
stderr is no terminal, in a lane's worker only the lane's file (which `kernelfuzz run` shows on its own line), and
both simulators counting what they run into it.  Fast: hand-written kernels, a fake clock, no compiler."""
import io

from frontends.devices import progress
from frontends.devices.gfx942 import lockstep
from frontends.devices.gfx942.asm import assemble
from frontends.devices.gfx942.device import Device as Gfx942
from frontends.devices.ptx import Memory, kernels, vlaunch
from frontends.devices.ptx.machine import launch
from fuzz.execute import backend
from tests.ptx_compare import engine
from tests.ptx_kernel import kernel_text


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_nothing_shows_before_the_threshold_then_one_line_rewritten_in_place_and_cleared_at_the_end():
    screen, clock = Terminal(), Clock()
    with progress.watching(screen, clock):
        progress.launch("k", 802_816)
        progress.tick(1_000_000)
        clock.now = progress.SHOW_AFTER - 0.1
        progress.tick(1_000_000)
        assert screen.getvalue() == ""
        clock.now = progress.SHOW_AFTER
        progress.tick(500_000)
        assert screen.getvalue() == "\rsimulated 2.5 M lane-instructions, 2 s; launch of 802,816 lanes (k)\x1b[K"
        clock.now += progress.EVERY / 2  # too soon to redraw
        progress.tick(1)
        clock.now += progress.EVERY
        progress.tick(1)
    lines = screen.getvalue().split("\r")
    assert len(lines) == 4 and "3 s;" in lines[2] and lines[3] == "\x1b[K"  # two lines, then cleared


def test_nothing_is_written_where_stderr_is_no_terminal():
    screen, clock = io.StringIO(), Clock()
    with progress.watching(screen, clock) as run:
        progress.launch("k", 64)
        clock.now = 100.0
        progress.tick(10 ** 9)
    progress.tick(10 ** 9)  # outside a run: counted nowhere
    assert run is None and screen.getvalue() == ""


def test_in_a_lane_s_worker_the_line_goes_to_the_lane_s_file_and_never_to_stderr(tmp_path, monkeypatch):
    monkeypatch.setattr(backend, "_PROGRESS", [])
    backend.show_progress_in(tmp_path / backend.PROGRESS_FILE)
    screen, clock = Terminal(), Clock()
    with progress.watching(screen, clock):
        progress.launch("k", 64)
        clock.now = 3.0
        progress.tick(64)
        assert backend.progress_line(tmp_path) == "simulated 0.0 M lane-instructions, 3 s; launch of 64 lanes (k)"
    assert backend.progress_line(tmp_path) == "" and screen.getvalue() == ""  # the file is gone with the run


def test_run_s_progress_line_shows_what_the_lane_s_worker_wrote(tmp_path):
    from rich.console import Console

    from fuzz.cli.progress import watching

    class Lane:
        workdir = tmp_path
    line = "simulated 9.0 M lane-instructions, 5 s; launch of 64 lanes (k)"
    (tmp_path / backend.PROGRESS_FILE).write_text(line)
    screen = io.StringIO()
    with watching(Lane(), Console(file=screen, force_terminal=True, width=160)) as watch:
        watch.start_case("case.json")
        watch.progress.refresh()
    assert line in screen.getvalue()


def test_the_ptx_vector_machine_counts_every_thread_instruction_it_runs():
    body = "mov.u32 %r1, 0; LOOP: add.s32 %r1, %r1, 1; setp.lt.u32 %p1, %r1, 100; @%p1 bra LOOP;"
    memory, before = Memory(), vlaunch.COUNT["instructions"]
    with engine("vector"), progress.watching(Terminal(), Clock(), after=0.0) as run:
        launch(kernels([kernel_text(body)])["k"], memory, [memory.alloc(64)], (2, 1, 1), (64, 1, 1))
    assert run.kernel == "k" and run.lanes == 128
    # ld.param, mov, 100 rounds of three, ret
    assert run.instructions == vlaunch.COUNT["instructions"] - before == 128 * (1 + 1 + 3 * 100 + 1)


def test_the_gfx942_lockstep_machine_counts_every_wave_lane_it_runs():
    device = Gfx942()
    device.code = {"k": assemble("\ts_mov_b32 s4, 3\n.LBB0_1:\n\tv_add_u32_e32 v1, 1, v0\n\ts_sub_u32 s4, s4, 1\n"
                                 "\ts_cmp_lg_u32 s4, 0\n\ts_cbranch_scc1 .LBB0_1", kernarg_size=0)}
    before, screen = lockstep.COUNT["instructions"], Terminal()
    with progress.watching(screen, Clock(), after=0.0) as run:
        device.launch("k", [], (2, 1, 1), (128, 1, 1))
    assert run.kernel == "k" and run.lanes == 256
    assert run.instructions == lockstep.COUNT["instructions"] - before == 256 * (1 + 4 * 3 + 1)
    assert "simulated " in screen.getvalue() and "lanes (k)" in screen.getvalue()


def test_every_statement_of_a_simulated_run_s_limit_agrees_with_the_limit_the_lane_enforces():
    """`run --help`, `fuzz --help`, the README and the docs say how long a simulated run may take: the factor and
    the default that ``simulation.run_timeout`` applies."""
    from click.testing import CliRunner

    from frontends.devices.simulation import RUN_TIMEOUT_FACTOR, run_timeout
    from fuzz.cli import main
    from fuzz.cli.common import DEFAULT_RUN_TIMEOUT
    from tests import ROOT
    limit = run_timeout(True, DEFAULT_RUN_TIMEOUT)
    word = {2: "two", 3: "three", 4: "four", 5: "five", 10: "ten"}[int(RUN_TIMEOUT_FACTOR)]
    for command in ("run", "fuzz"):
        text = " ".join(CliRunner().invoke(main, [command, "--help"]).output.split())
        assert f"may take {RUN_TIMEOUT_FACTOR:g} times this ({limit:.0f} s by default)" in text
    for doc in ("README.md", "docs/campaigns.md", "docs/devices.md"):
        text = " ".join((ROOT / doc).read_text().split())
        assert f"may take {word} times `--run-timeout`" in text, doc
        assert doc == "docs/devices.md" or f"({limit:.0f} s by default" in text, doc
