"""Which configurations take which of the newer float types (bf16, the float8 types): the one declaration.

A configuration that cannot take a type says so here, with the reason, and its frontend raises
``NotExpressible`` before compiling (verdict ``not-expressible``: never a finding, and the masking statistics and
the features table show which configurations skip which ``dtype:*`` feature).  A configuration that takes a type
and gets it wrong is not declared here: that is a finding.  Rules are matched on the configuration's name
(``fnmatch``), first match per type; a type no rule names is taken.

What each rule rests on (IREE 3.13, TVM 0.27, checked by the sessions that wrote them; repros under the issue's
report):

* IREE on gfx942 refuses OCP float8 itself: "'arith.extf' op F8E5M2 and F8E4M3FN types are not supported on
  gfx942 (MI-300)" (gfx942's MFMA and cvt take the FNUZ encodings only; gfx950 takes OCP).
* IREE's CUDA backend leaves a ``builtin.unrealized_conversion_cast`` on any ``arith.extf`` from a float8 type
  ("LLVM Translation failed", sm_89 and sm_120 alike): no float8 program compiles there; NVIDIA has no FNUZ.
* kernelfuzz's TOSA lowering spells no float8 element type (its table ``tosa_lower._ELEM``).
* The Hexagon harness (``frontends/devices/hexagon.py``) passes buffers by numpy dtype kind and knows no bf16 or
  float8 (numpy files ml_dtypes' types under kind 'V').
* TVM's CUDA target is sm_80 (``compute_80``): no float8 arithmetic or conversion instructions.
"""
from __future__ import annotations

from fnmatch import fnmatch

from fuzz.case.workload import FP8_DTYPES, Case

OCP_FP8 = ("f8E4M3FN", "f8E5M2")
REJECTS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("iree:gfx942*", OCP_FP8, "IREE refuses OCP float8 on gfx942 ('F8E5M2 and F8E4M3FN types are not supported on "
                              "gfx942 (MI-300)'); gfx942 takes the FNUZ encodings"),
    ("iree:cuda-*", FP8_DTYPES, "IREE 3.13's CUDA backend cannot lower arith.extf from a float8 type (an "
                                "unrealized_conversion_cast reaches LLVM translation, sm_89 and sm_120)"),
    ("iree:*-tosa", FP8_DTYPES, "kernelfuzz's TOSA lowering spells no float8 element type"),
    ("tvm:*hexagon*", ("bf16",) + FP8_DTYPES, "the Hexagon harness passes f16, f32 and integer buffers only"),
    ("tvm:*cuda*", FP8_DTYPES, "TVM's CUDA target here is sm_80, which has no float8 instructions"),
)


def rejected(config_name: str, dtype: str) -> str | None:
    """Why ``config_name`` does not take ``dtype`` (None: it does)."""
    for pattern, dtypes, why in REJECTS:
        if dtype in dtypes and fnmatch(config_name, pattern):
            return why
    return None


def refusal(case: Case, config_name: str) -> str | None:
    """Why ``config_name`` does not take ``case`` for one of its element types (None: it does)."""
    for dtype in sorted({t for _, t in case.tensor_types().values()}):
        why = rejected(config_name, dtype)
        if why:
            return f"{dtype}: {why} (fuzz/execute/float_types.py)"
    return None
