"""kernelfuzz's tests.  ``ROOT`` is the repository: every path a test names is anchored to it, so the suite runs
from any folder."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
