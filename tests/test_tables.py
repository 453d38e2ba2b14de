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
