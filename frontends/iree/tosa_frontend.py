"""IREE from a framework dialect: the case as TOSA (``frontends/iree/tosa_lower.py``), the way a TFLite model
reaches ``iree-compile``, so IREE's TOSA input conversion is part of what is tested.

Compiling and running are ``frontends.iree.frontend``'s (``iree-compile`` as a subprocess with its exact
command line kept in the source, dispatch facts read from the executable dump, the IREE runtime to run).
A case TOSA cannot express is refused by ``takes`` (verdict ``not-expressible``, never a finding).
Facts add ``tosa``: how each requantize was lowered (``tosa.rescale`` with its multiplier and shift, or
float ops and why).  iree-base-compiler 3.13 also accepts StableHLO and torch-mlir input (measured:
``--iree-input-type=stablehlo`` / ``torch`` compile and run an elementwise add); only TOSA is lowered to.
"""
from __future__ import annotations

from frontends.iree import frontend as iree_frontend
from frontends.iree.frontend import CPU, FUSION, GFX942, HOST, O
from frontends.iree.repro import read_back, repro  # noqa: F401  the bundle's scripts (fuzz/execute/backend.py)
from fuzz.execute import float_types
from fuzz.execute.backend import Config, NotExpressible

MODULE = __name__
TOSA = ("--iree-input-type=tosa",)

CONFIGS = (
    Config("iree:cpu-O2-tosa", MODULE, "cpu", CPU + HOST + (O[2], FUSION + "true") + TOSA,
           "TOSA input (tosa.conv2d with zero points, tosa.rescale), llvm-cpu O2, aggressive fusion on", "iree-llvm-cpu"),
    Config("iree:gfx942-O2-tosa", MODULE, "gfx942", GFX942 + (O[2],) + TOSA,
           "TOSA input (tosa.conv2d with zero points, tosa.rescale), HIP gfx942 O2", "gpu"),
)

availability = iree_frontend.availability
run = iree_frontend.run
release_gap = iree_frontend.release_gap
run_timeout = iree_frontend.run_timeout
retarget = iree_frontend.retarget
compile_for = iree_frontend.compile_for


def _reference_values(case):
    """The case's reference values, which decide whether a requantize may be tosa.rescale (None if none is)."""
    from frontends.iree.tosa_lower import requantize_parts
    from fuzz.case.values import materialize_all
    from fuzz.judge.reference import evaluate
    if not any(getattr(op, "body", None) is not None and requantize_parts(op.body) for op in case.ops):
        return None
    return evaluate(case, materialize_all(case))


# kernelfuzz's TOSA lowering spells no float8 element type (``tosa_lower._ELEM``)
REJECTS = float_types.rules((float_types.FP8, "kernelfuzz's TOSA lowering spells no float8 element type"))


def takes(case, config: Config) -> str | None:
    """The contract's ``takes``: what IREE's target refuses, a float8 type, then what the TOSA lowering cannot
    express, found by lowering to text (without reference values: they choose between ``tosa.rescale`` and float
    ops for a requantize, both expressible, never whether the case is)."""
    from frontends.iree.tosa_lower import lower
    why = iree_frontend.takes(case, config) or float_types.refusal(case, REJECTS, "frontends/iree/tosa_frontend.py")
    if why:
        return why
    try:
        lower(case)
    except NotExpressible as e:
        return str(e)
    return None


def compile(case, config: Config, workdir: str):
    from frontends.iree.tosa_lower import lower

    text, notes = lower(case, _reference_values(case))  # what takes() found expressible
    handle, source, facts = iree_frontend.compile_text(text, config, workdir)
    return handle, source, {**facts, **({"tosa": notes} if notes else {})}
