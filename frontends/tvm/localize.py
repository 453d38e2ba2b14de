"""``kernelfuzz localize`` hooks of the TVM configurations (``LOCALIZE`` in ``frontends/tvm/frontend.py``), called in
a worker lane by ``fuzz/execute/isolate.py``: ``points`` lists the pipeline (``frontends/tvm/points.py``; the dlight
GPU configurations': ``frontends/tvm/gpu_points.py``), ``probe`` builds and runs one point, ``export`` writes the
files that rebuild it (``frontends/tvm/localize_export.py``), ``dumps`` gives a dlight configuration's module after
each TIR pass of its GPU compile (for ``--evidence``; None for the others).  The pipeline of the last case asked
about stays in the worker, so its snapshots are computed once."""
from __future__ import annotations

from pathlib import Path

from frontends.tvm.localize_export import export_point
from frontends.tvm.points import Pipeline
from fuzz.case.workload import dumps as case_text
from fuzz.execute.backend import Config

_CACHE: dict = {}  # (case, configuration, workdir) -> Pipeline


def pipeline(case, config: Config, workdir: str) -> Pipeline:
    key = (case_text(case), config.name, workdir)
    if key not in _CACHE:
        _CACHE.clear()
        _CACHE[key] = _kind(config)(case, config, workdir)
    return _CACHE[key]


def _kind(config: Config):
    """The dlight GPU configurations' points (``frontends/tvm/gpu_points.py``), else x86's and Hexagon's."""
    if config.target in ("cuda", "rocm"):
        from frontends.tvm.gpu_points import GpuPipeline
        return GpuPipeline
    return Pipeline


def points(case, config: Config, workdir: str, variant: int):
    return pipeline(case, config, workdir).points(variant)


def probe(case, config: Config, workdir: str, point: dict, inputs: list):
    return pipeline(case, config, workdir).run(point["key"], inputs)


def export(case, config: Config, workdir: str, point: dict, dest: str, inputs: list) -> str:
    return export_point(pipeline(case, config, workdir), point, Path(dest), inputs)


def dumps(case, config: Config, workdir: str):
    p = pipeline(case, config, workdir)
    return p.dumps() if hasattr(p, "dumps") else None
