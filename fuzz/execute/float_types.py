"""A frontend's declared refusals of element types (bf16, the float8 types), in one shape for every frontend.

Which configurations cannot take which type is each frontend's own knowledge, declared beside its configurations
and answered by its ``takes`` hook (``fuzz/execute/backend.py``): ``REJECTS`` in ``frontends/iree/frontend.py``,
``frontends/iree/tosa_frontend.py`` and ``frontends/tvm/frontend.py``, keyed by target, each rule with what it
rests on.  A configuration that takes a type and gets it wrong is not declared: that is a finding.  This module
only reads such a table against a case, so every frontend words its refusal the same way.
"""
from __future__ import annotations

from fuzz.case.workload import FP8_DTYPES, Case

OCP_FP8 = ("f8E4M3FN", "f8E5M2")
FP8 = FP8_DTYPES


def rules(*pairs: tuple[tuple[str, ...], str]) -> dict[str, str]:
    """``(element types, why)`` pairs as one table: element type -> why it is refused."""
    return {dtype: why for dtypes, why in pairs for dtype in dtypes}


def refusal(case: Case, rejects: dict[str, str], where: str) -> str | None:
    """Why a configuration that refuses ``rejects`` (element type -> why; ``where``: the file declaring it) does
    not take ``case`` for one of its element types (None: it takes them all)."""
    for dtype in sorted({t for _, t in case.tensor_types().values()}):
        if dtype in rejects:
            return f"{dtype}: {rejects[dtype]} ({where})"
    return None
