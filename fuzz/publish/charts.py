"""Charts for the campaign report, drawn with matplotlib as SVG text the page inlines (no files, no network).

``timeline`` draws throughput (cases per hour, binned) and discovery (distinct bug buckets and
cases with findings, cumulative) against the time since the campaign started, so a reader sees
when a campaign saturates: throughput stays flat while the bucket curve stops climbing.
"""
from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import numpy as np

INK, GRID, BLUE, RED, ORANGE = "#343a40", "#e9ecef", "#3b5bdb", "#c92a2a", "#f08c00"
_STYLE = {"svg.fonttype": "none", "font.family": "sans-serif", "font.size": 10, "axes.edgecolor": "#adb5bd",
          "axes.labelcolor": INK, "xtick.color": INK, "ytick.color": INK, "axes.spines.top": False,
          "axes.titlesize": 11, "axes.titleweight": "bold", "axes.titlelocation": "left"}


def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", transparent=True)
    text = buf.getvalue()
    return text[text.index("<svg"):]  # inline: no XML prolog or doctype inside HTML


def _elapsed(times: list[float], start: float) -> tuple[np.ndarray, str]:
    """Time since the campaign started, in minutes or hours, whichever reads better."""
    t = np.asarray(times, dtype=np.float64) - min(start, times[0])
    return (t / 3600, "hours since the start") if t[-1] >= 2 * 3600 else (t / 60, "minutes since the start")


def _throughput(ax, t: np.ndarray, unit: str) -> None:
    from matplotlib.ticker import StrMethodFormatter

    per_hour = 60 if unit.startswith("minutes") else 1  # bins in the axis unit -> cases per hour
    span = max(float(t[-1]), 1e-6)
    bins = int(np.clip(len(t) // 8, 1, 40))
    counts, edges = np.histogram(t, bins=bins, range=(0.0, span))
    rate = counts / (span / bins) * per_hour
    ax.stairs(rate, edges, fill=True, color=BLUE, alpha=0.18)
    ax.stairs(rate, edges, color=BLUE, linewidth=1.6)
    ax.yaxis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))
    ax.set_title("Throughput")
    ax.set_ylabel("cases per hour")
    ax.set_xlabel(unit)
    ax.set_ylim(bottom=0)


def _discovery(ax, t: np.ndarray, unit: str, finding: list[bool], new_bucket: list[bool]) -> None:
    from matplotlib.ticker import MaxNLocator

    x = np.concatenate([[0.0], t])
    buckets = np.concatenate([[0], np.cumsum(new_bucket)])
    cases = np.concatenate([[0], np.cumsum(finding)])
    ax.step(x, buckets, where="post", color=RED, linewidth=2, label="bug buckets")
    ax.set_ylabel("distinct bug buckets", color=RED)
    ax.set_ylim(bottom=0, top=max(int(buckets[-1]), 1) * 1.15)
    right = ax.twinx()
    right.step(x, cases, where="post", color=ORANGE, linewidth=1.3, linestyle="--", label="cases with findings")
    right.set_ylabel("cases with findings", color=ORANGE)
    right.set_ylim(bottom=0, top=max(int(cases[-1]), 1) * 1.15)
    right.spines["right"].set_visible(True)
    for axis in (ax, right):
        axis.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title("Findings")
    ax.set_xlabel(unit)
    ax.legend(handles=[*ax.get_lines(), *right.get_lines()], loc="lower right", fontsize=9, framealpha=0.9)


def timeline(times: list[float], finding: list[bool], new_bucket: list[bool], start: float) -> str:
    """An inline SVG of throughput and findings over time; ``times`` are the cases' finishing times (sorted),
    ``start`` the campaign's."""
    from matplotlib import rc_context
    from matplotlib.figure import Figure

    with rc_context(_STYLE):
        fig = Figure(figsize=(11, 3.1))
        left, right = fig.subplots(1, 2, gridspec_kw={"wspace": 0.32})
        t, unit = _elapsed(times, start)
        _throughput(left, t, unit)
        _discovery(right, t, unit, finding, new_bucket)
        for ax in (left, right):
            ax.grid(True, color=GRID, linewidth=0.8)
            ax.set_axisbelow(True)
            ax.set_xlim(0, max(float(t[-1]), 1e-6))
        return re.sub(r'(<svg[^>]*?) width="[^"]*" height="[^"]*"', r'\1', _svg(fig), count=1)


def png_uri(path: Path) -> str:
    """A PNG file as a data: URI, so the page carries its images inside."""
    return "data:image/png;base64," + base64.b64encode(Path(path).read_bytes()).decode()
