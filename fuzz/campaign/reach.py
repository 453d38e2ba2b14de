"""What GPU code a campaign reached: per configuration, the share of the cases it compiled for a GPU whose code
reached each of a backend's real paths, and which IREE pipelines it chose.

In: a campaign's rows (``stats.row_of``), whose GPU results carry the facts ``reached`` (one record per case: the
matrix instructions, shared memory, barriers, widest global access, lanes switched off (masks), kernels and the most workgroups
one launch used; the frontends read them from the compiled code and the launch) and, for IREE, ``pipelines`` (each
dispatch's ``translation_info`` pipeline).  Out: ``Reach.table()``, one row per configuration, for the summary,
``kernelfuzz status`` and the report."""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

# A path and the test of a ``reached`` record: the columns of the tables, in this order.
PATHS = (
    ("matrix", lambda r: bool(r.get("matrix"))),
    ("workgroups > 1", lambda r: (r.get("workgroups") or 0) > 1),
    ("shared memory", lambda r: bool(r.get("shared"))),
    ("barrier", lambda r: bool(r.get("barriers"))),
    ("vector >= 8 B", lambda r: (r.get("vector_bytes") or 0) >= 8),
    ("lanes masked", lambda r: bool(r.get("masked"))),
)


def reached_paths(record: dict) -> list[str]:
    """The names of the paths one result's ``reached`` record shows."""
    return [name for name, test in PATHS if test(record)]


@dataclass
class Reach:
    cases: Counter = field(default_factory=Counter)  # configuration -> cases with a reached record
    paths: dict = field(default_factory=lambda: defaultdict(Counter))  # configuration -> path -> cases
    pipelines: dict = field(default_factory=lambda: defaultdict(Counter))  # configuration -> pipeline -> cases
    matrix: dict = field(default_factory=lambda: defaultdict(Counter))  # configuration -> instruction -> cases

    def add(self, row: dict) -> None:
        for r in row["results"]:
            facts = r.get("facts") or {}
            record = facts.get("reached")
            if not record:
                continue
            config = r["config"]
            self.cases[config] += 1
            self.paths[config].update(reached_paths(record))
            self.matrix[config].update(record.get("matrix", ()))
            self.pipelines[config].update({p for ps in (facts.get("pipelines") or {}).values() for p in ps})

    def table(self) -> list[dict]:
        """Per configuration: cases with GPU code, the share reaching each path, the pipelines and matrix
        instructions with their case counts."""
        return [{"config": c, "cases": n, "shares": {name: self.paths[c][name] / n for name, _ in PATHS},
                 "pipelines": dict(self.pipelines[c].most_common()), "matrix": dict(self.matrix[c].most_common())}
                for c, n in sorted(self.cases.items())]
