"""fuzz/cli/tables.py: tables with a row per configuration keep every name whole, whatever the terminal's width."""
import io

import pytest
from rich.console import Console

import frontends
from fuzz.cli.tables import ByConfiguration

NAMES = [c.name for c in frontends.all_configs()]
HEADERS = ("configuration", "compiled", "ran", "median compile s", "median run s", "exact", "within-bound",
           "out-of-bound", "rejected", "crash")


def _render(table, width: int) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(table)
    return console.export_text()


@pytest.mark.parametrize("width", [200, 120, 80, 60, 40])
@pytest.mark.parametrize("box", [True, False])
def test_every_configuration_name_and_number_stays_whole_at_any_width(width, box):
    rows = [(n, "100%", "97%", "0.41", "0.02", str(i), "3", "12", "0", "1") for i, n in enumerate(NAMES)]
    text = _render(ByConfiguration(HEADERS, rows, title="12 cases", **({} if box else {"box": None})), width)
    lines = text.splitlines()
    assert all(len(line) <= width for line in lines)
    for n in NAMES:  # the name whole on one line: tvm:cpu-sa… and tvm:cpu-sc… could not be told apart
        assert any(n in line.split() or f"{n}:" in line.split() for line in lines), (n, text)
    assert "…" not in text


def test_a_wide_console_gets_a_table_and_a_narrow_one_a_line_per_configuration():
    rows = [(n, "1") for n in NAMES[:3]]
    assert "┃" in _render(ByConfiguration(("configuration", "cases"), rows), 120)
    narrow = _render(ByConfiguration(HEADERS, [(NAMES[0], *["1"] * 9)]), 40)
    assert narrow.startswith(f"{NAMES[0]}: compiled 1, ran 1")


def test_the_live_table_counts_every_verdict_a_configuration_gets_so_a_row_sums_to_its_cases():
    """A gfx942 row summed to 3 of 4 cases: "emulator-unsupported" had no column."""
    from fuzz.cli.tables import CLASS, LiveTable
    from fuzz.judge.oracle import Verdict
    from fuzz.judge.results import CaseReport, ConfigResult
    every = [v for v in Verdict if v is not Verdict.COMPILE_DIVERGENCE]  # a case's verdict, not a configuration's
    assert set(CLASS) == {v.value for v in every}
    table = LiveTable(["iree:gfx942-O2", "tvm:cpu"])
    for v in every:
        table.add(CaseReport(None, (ConfigResult("iree:gfx942-O2", v, "run"), ConfigResult("tvm:cpu", Verdict.EXACT,
                                                                                           "compare")), 0.0, {}))
    assert "cannot simulate" in table.columns()
    rows = [line.split() for line in _render(table, 400).splitlines()[1:] if line.strip()]
    assert {row[0]: sum(int(n) for n in row[1:]) for row in rows} == {"iree:gfx942-O2": len(every),
                                                                      "tvm:cpu": len(every)}


def test_the_live_table_shows_the_rarer_classes_only_once_seen():
    from fuzz.cli.tables import LiveTable
    from fuzz.judge.oracle import Verdict
    from fuzz.judge.results import CaseReport, ConfigResult
    table = LiveTable(["tvm:cpu"])
    table.add(CaseReport(None, (ConfigResult("tvm:cpu", Verdict.EXACT, "compare"),), 0.0, {}))
    assert table.columns() == LiveTable.ALWAYS


@pytest.mark.parametrize("width", [80, 100, 160, 220])
def test_configs_wraps_every_reason_and_keeps_every_name_whole_at_any_width(width):
    """At 80 columns `configs` cut the gfx942 reason mid-word ("...drivers/hi...") and the names."""
    from click.testing import CliRunner

    from fuzz.cli import main
    r = CliRunner().invoke(main, ["configs"], env={"COLUMNS": str(width)}, catch_exceptions=False)
    lines = r.output.splitlines()
    assert r.exit_code == 0 and all(len(line) <= width for line in lines) and "…" not in r.output
    rows, cells = {}, None  # configuration -> its row's other cells, each the text of every line of it
    for line in lines:
        parts = [p.strip() for p in line.split("│")[1:-1]]
        if not parts:
            continue
        if parts[0]:
            cells = rows.setdefault(parts[0], [""] * (len(parts) - 1))
        if cells is not None:
            cells[:] = [c + p for c, p in zip(cells, parts[1:])]  # spaces dropped: a folded word joins up
    assert set(NAMES) <= set(rows)
    for c in frontends.all_configs():
        cells = rows[c.name]
        for column, said in ((2, frontends.availability(c).why), (3, c.profile), (4, c.description)):
            text = cells[column - 1] if len(cells) == 4 else cells[0]  # a column each, or one cell for the rest
            assert "".join(said.split()) in "".join(text.split()), (c.name, said)


def test_a_real_size_run_stopped_at_its_simulation_budget_is_counted_apart_from_cannot_simulate():
    """make fuzz's "cannot simulate" on iree:cuda-sm80-O2-no-lsv was a real-size run stopped at 120 s (speed, not a
    gap in the simulator's model): the two are counted apart."""
    from fuzz.cli.tables import LiveTable
    from fuzz.execute.runner import unfinished
    from fuzz.judge.oracle import Verdict
    from fuzz.judge.results import CaseReport, ConfigResult
    from fuzz.execute.registry import all_configs
    config = next(c for c in all_configs() if c.name == "iree:cuda-sm80-O2")
    stopped = unfinished(config, 1.0, "", {}, 121.0, 120.0)
    gap = ConfigResult("iree:cuda-sm80-O2", Verdict.UNSUPPORTED, "run", facts={"executor": "ptx-sim"})
    table = LiveTable(["iree:cuda-sm80-O2"])
    for r in (stopped, gap, stopped):
        table.add(CaseReport(None, (r,), 0.0, {}))
    assert table.counts["iree:cuda-sm80-O2"] == {"sim budget": 2, "cannot simulate": 1}
    assert "sim budget" in table.columns()
