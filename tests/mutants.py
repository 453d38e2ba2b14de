"""Planted faults: test-only configurations that compile real, deliberately wrong programs.

Each mutant is a genuine TVM (or IREE) compilation of a case lowered with one
wrong transformation.  They measure the fuzzer: the oracle must call each one
a miscompile, benchmarks report the detection rate, and the reducer proves
on them that it keeps a failure's signature.  Never part of a campaign's
default configurations.
"""
from __future__ import annotations

from frontends.iree import frontend as iree_frontend

from frontends.tvm import frontend as tvm_frontend
from frontends.iree.localize import Pipeline, Planted, export_point
from frontends.tvm.lower import FAULTS
from frontends.tvm.repro import TVM_HEADER
from fuzz.execute.backend import Availability, CompilerFailure, Config

M = __name__
TVM_MUTANTS = tuple(Config(f"mutant:tvm-{fault}", M, "cpu", (fault,), FAULTS[fault]) for fault in FAULTS)
IREE_ROUND = Config("mutant:iree-round-half-away", M, "cpu", iree_frontend.CONFIGS[0].flags,
                    "IREE O0 with math.roundeven replaced by math.round (half away from zero)")
IREE_FLOORDIV = Config("mutant:iree-floordiv-trunc", M, "cpu", iree_frontend.CONFIGS[0].flags,
                       "IREE O0 with arith.floordivsi replaced by arith.divsi (rounds toward zero)")
IREE_PHASE = Config("mutant:iree-global-opt-subf", M, "cpu", iree_frontend.CONFIGS[0].flags,
                    "IREE O0 with every arith.addf turned into arith.subf after --compile-to=global-optimization "
                    "(a fault planted in a phase: kernelfuzz localize must name it)")
IREE_MUTANTS = {IREE_ROUND.name: ("math.roundeven", "math.round"), IREE_FLOORDIV.name: ("arith.floordivsi", "arith.divsi")}
PLANTED = {IREE_PHASE.name: Planted("global-optimization", "arith.addf", "arith.subf")}
CONFIGS = TVM_MUTANTS + (IREE_ROUND, IREE_FLOORDIV)  # the detection benchmark's and the reducer tests' mutants
# kernelfuzz localize: the hooks below, for IREE_PHASE (tests/test_localize.py), kept out of CONFIGS: its compile
# runs iree-compile twice, too slow for the reducer's mutant tests
LOCALIZE = __name__


def availability(config: Config) -> Availability:
    return tvm_frontend.availability(config) if config in TVM_MUTANTS else iree_frontend.availability(config)


def compile(case, config: Config, workdir: str):
    if config.name in IREE_MUTANTS:
        return _iree_mutant(case, config, workdir)
    if config.name in PLANTED:
        p = _planted(case, config, workdir)
        p.whole("end.vmfb")
        return ("iree", ((p.work / "end.vmfb").read_bytes(), "local-task")), p.source, {}
    import tvm

    from frontends.tvm.lower import lower
    func = lower(case, frozenset(config.flags))
    try:
        executable = tvm.compile(func, target={"kind": "llvm"})
    except RuntimeError as e:
        raise CompilerFailure(str(e)) from None
    types = case.tensor_types()
    source = f'{TVM_HEADER}{{"kind": "llvm"}}\n' + func.script()
    return ("tvm", ("host", executable, [types[n] for n in case.outputs])), source, {}


def _mutated(case, config: Config) -> str:
    from frontends.iree.lower import lower
    right, wrong = IREE_MUTANTS[config.name]
    return lower(case).replace(right, wrong)


def _iree_mutant(case, config: Config, workdir: str):
    handle, source, facts = iree_frontend.compile_text(_mutated(case, config), config, workdir)
    return ("iree", handle), source, facts


def batches(config: Config) -> bool:
    return config.name == IREE_ROUND.name


def compile_batch(cases, config: Config, workdir: str, timeout: float):
    """The IREE mutant compiles batches as IREE does (fuzz/execute/batch.py), so batching is tested on a real miscompile."""
    handle, per_case = iree_frontend.compile_texts([_mutated(c, config) for c in cases], config, workdir, timeout)
    return ("iree", handle), per_case


def run(handle, inputs):
    kind, inner = handle
    return (tvm_frontend if kind == "tvm" else iree_frontend).run(inner, inputs)


def run_function(handle, k: int, inputs):
    return iree_frontend.run_function(handle[1], k, inputs)


# ---------------------------------------------------------------- kernelfuzz localize on the planted-phase mutant


def _planted(case, config: Config, workdir: str) -> Pipeline:
    from frontends.iree.lower import lower
    if config.name not in PLANTED:
        raise CompilerFailure(f"{config.name}: no localization for this mutant")
    return Pipeline(lower(case), config, workdir, PLANTED[config.name])


def points(case, config: Config, workdir: str, variant: int):
    return _planted(case, config, workdir).points(variant)


def probe(case, config: Config, workdir: str, point: dict, inputs: list):
    p = _planted(case, config, workdir)
    return p.run(p.build(point["key"]), inputs)


def export(case, config: Config, workdir: str, point: dict, dest: str, inputs: list) -> str:
    from pathlib import Path
    return export_point(_planted(case, config, workdir), case, point, Path(dest))
