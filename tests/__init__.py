"""kernelfuzz's tests.  ``ROOT`` is the repository: every path a test names is anchored to it, so the suite runs
from any folder."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def stored(name: str):
    """The case stored as ``tests/cases/NAME`` (written by `kernelfuzz generate`), loaded as every command loads one:
    a test that needs a particular case keeps it, where a seed's case changes as the generator grows."""
    from fuzz.casefile import load
    return load(ROOT / "tests" / "cases" / name)


def small(swarm=None):
    """``swarm`` (default: the default options, ``Swarm()``) with ``size:real`` pinned off, for a test whose point is
    not size: each seed draws the small case it drew before real sizes were on by default (the same case, with
    ``size:real`` in its ``swarm`` list), in milliseconds where a real-size one takes seconds to prepare."""
    from fuzz.generate.swarm import Swarm
    return (Swarm() if swarm is None else swarm).avoiding("size:real")


def stored_sweep(folder: str) -> list:
    """Every case stored under ``tests/cases/FOLDER/``, by name."""
    return [stored(f"{folder}/{p.name}") for p in sorted((ROOT / "tests" / "cases" / folder).glob("*.json"))]


def sample_seed(seed_var: str) -> int:
    """The draw of a dated sample: the environment variable ``seed_var``, else today's date."""
    import datetime
    import os

    return int(os.environ.get(seed_var, datetime.date.today().toordinal()))


def dated_sample(items: list, size: int, seed_var: str, draw: int | None = None) -> list:
    """``size`` of ``items`` in their order, drawn by the environment variable ``seed_var`` (today's date by default,
    so successive runs cover them all): the suite samples what `make bench` sweeps.  Every item when size is 0 or
    covers them."""
    import random

    if not size or size >= len(items):
        return list(items)
    picked = set(random.Random(sample_seed(seed_var) if draw is None else draw).sample(range(len(items)), size))
    return [x for i, x in enumerate(items) if i in picked]
