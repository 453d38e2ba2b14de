"""Pictures of a numeric finding: where the output is wrong, and by how much.

The heatmap shows the absolute error |output - reference| over the output tensor (leading dims
down, trailing dims across: tile edges show as stripes).  Where some element has a non-zero
certified bound (rounding allowed), a second panel shows |error| / bound (> 1: outside).  An
exact-mode miscompile has a zero bound everywhere, so its ratio says nothing beyond "outside";
the absolute error still shows where and how wrong it is.  NaN/Inf mismatches are drawn in cyan.
The histogram shows each differing element's error against its own bound, |error| / bound, with the
1.0 line (right of it: outside); comparing errors with the largest bound of the output made an
element outside a small bound look within.  Elements whose bound is zero (exact mode) have no ratio:
they are counted in the title, and where every differing element has a zero bound the histogram
shows their |error| instead, saying so on its axis.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

HEATMAP = "error_heatmap.png"
HISTOGRAM = "error_histogram.png"


def _grid(a: np.ndarray) -> np.ndarray:
    """An n-d array as 2-d: leading half of the dims flattened into rows, the rest into columns."""
    return a.reshape(int(np.prod(a.shape[:max(a.ndim // 2, 1)])), -1) if a.ndim > 1 else a.reshape(1, -1)


def _errors(out: np.ndarray, ref, lo, hi) -> tuple[np.ndarray, np.ndarray]:
    """|error| (NaN where a NaN/Inf differs) and the bound in the error's direction, in float64."""
    o, r = out.astype(np.float64), np.asarray(ref, np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        err = np.abs(o - r)
        err = np.where(np.isfinite(o) & np.isfinite(r), err, np.where(o == r, 0.0, np.nan))
        bound = np.where(o >= r, np.asarray(hi) - r, r - np.asarray(lo))
    return err, np.nan_to_num(bound, nan=0.0, posinf=0.0)


def _panel(fig, ax, data: np.ndarray, title: str, cmap) -> None:
    im = ax.imshow(_grid(data), aspect="auto", interpolation="nearest", cmap=cmap)
    ax.set_title(title, fontsize=9)
    ax.set_xlabel("trailing dims, flattened")
    ax.set_ylabel("leading dims, flattened")
    fig.colorbar(im, ax=ax)


def _heatmap(folder: Path, shape: tuple, err: np.ndarray, bound: np.ndarray) -> None:
    import matplotlib.pyplot as plt

    cmap = plt.get_cmap("magma").with_extremes(bad="cyan")
    with_bound = bool((bound > 0).any())
    fig, axes = plt.subplots(1, 2 if with_bound else 1, figsize=(13 if with_bound else 8, 5), squeeze=False)
    cyan = ", NaN/Inf mismatches in cyan" if np.isnan(err).any() else ""
    _panel(fig, axes[0][0], err, f"|error| over the output {list(shape)} (max {np.nanmax(err, initial=0):.6g}{cyan})",
           cmap)
    if with_bound:
        with np.errstate(invalid="ignore", divide="ignore"):
            ratio = np.where(bound > 0, err / np.where(bound > 0, bound, 1.0), np.nan)
        _panel(fig, axes[0][1], ratio, "|error| / bound where the bound is non-zero (> 1: outside)", cmap)
    fig.tight_layout()
    fig.savefig(folder / HEATMAP, dpi=80)
    plt.close(fig)


def histogram_values(err: np.ndarray, bound: np.ndarray) -> tuple[np.ndarray, str, int]:
    """What the histogram draws: per differing element with a non-zero bound its |error| / bound (the axis label
    says so, and the 1.0 line is the bound), and how many differing elements have a zero bound; where every one
    has, their |error|."""
    differ = np.isfinite(err) & (err > 0)
    ratio = differ & (bound > 0)
    zero = int((differ & ~ratio).sum())
    if ratio.any():
        return err[ratio] / bound[ratio], "|error| / its own bound (> 1: outside the bound)", zero
    return err[differ], "|error| (every differing element's bound is 0: any error is outside)", zero


def _histogram(folder: Path, err: np.ndarray, bound: np.ndarray) -> None:
    import matplotlib.pyplot as plt

    values, label, zero = histogram_values(err, bound)
    fig, ax = plt.subplots(figsize=(6, 4))
    if values.size:
        lo, hi = float(values.min()), float(values.max())
        log = hi > 100 * lo
        # equal values far from 0 (one wrong element 1e17 times its bound): numpy's +-0.5 range has no 50 steps
        narrow = hi <= lo * (1 + 1e-6)
        ax.hist(values, bins=np.geomspace(lo, hi * 1.001, 50) if log else [lo * 0.99, hi * 1.01] if narrow else 50)
        ax.set_xscale("log" if log else "linear")
    if label.startswith("|error| /"):
        ax.axvline(1.0, color="red", linestyle="--", label="the element's bound (ratio 1.0)")
        ax.legend(fontsize=8)
    ax.set_xlabel(label, fontsize=8)
    nonfinite = int(np.isnan(err).sum())
    notes = ([f"+{zero} outside a zero bound"] if zero and label.startswith("|error| /") else []) + \
        ([f"+{nonfinite} NaN/Inf mismatches"] if nonfinite else [])
    ax.set_title(f"{values.size} elements that differ" + (f" ({', '.join(notes)})" if notes else ""), fontsize=9)
    ax.set_yscale("log")
    fig.tight_layout()
    fig.savefig(folder / HISTOGRAM, dpi=80)
    plt.close(fig)


def error_plots(folder: Path, out: np.ndarray, ref, lo, hi) -> tuple[Path, Path]:
    """Write the heatmap and histogram of ``out`` against the reference and its bounds into ``folder``."""
    import matplotlib
    matplotlib.use("Agg")

    err, bound = _errors(out, ref, lo, hi)
    _heatmap(folder, out.shape, err, bound)
    _histogram(folder, err, bound)
    return folder / HEATMAP, folder / HISTOGRAM
