"""kernelfuzz's tests.  ``ROOT`` is the repository: every path a test names is anchored to it, so the suite runs
from any folder."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def stored(name: str):
    """The case stored as ``tests/cases/NAME`` (written by `kernelfuzz generate`), loaded as every command loads one:
    a test that needs a particular case keeps it, where a seed's case changes as the generator grows."""
    from fuzz.casefile import load
    return load(ROOT / "tests" / "cases" / name)


def stored_sweep(folder: str) -> list:
    """Every case stored under ``tests/cases/FOLDER/``, by name."""
    return [stored(f"{folder}/{p.name}") for p in sorted((ROOT / "tests" / "cases" / folder).glob("*.json"))]
