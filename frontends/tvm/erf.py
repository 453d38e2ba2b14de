"""The erfs a TVM target cannot take, measured with TVM 0.27 (``frontends.tvm.frontend.takes`` refuses them as
not-expressible, each with its reason)."""
from __future__ import annotations

from fuzz.case.ops.expr import typed_ops
from fuzz.case.workload import Generic
from fuzz.execute.backend import Config

# The erfs a target cannot take (measured, TVM 0.27, body ["erf", x]): TVM's llvm codegen has no float16 erf (the
# compile ends in "unknown intrinsic tirx.erf" on tvm:cpu and tvm:hexagon; TVM's own Relax legalization of relax.erf
# and relax.nn.gelu casts a float16 erf to float32 first on every target, so no model reaches it), and an f32 erf is
# a call of erff, which the Hexagon harness lacks (Debian has no Hexagon libm: "undefined symbol: erff").
_F16 = "a float16 erf, which TVM's llvm codegen has no lowering for (TVM's own Relax legalization casts it to float32)"
_HARNESS = "an erf, a call of erff, which the Hexagon harness has no libm for (frontends/devices/hexagon.py)"
_NO_ERF = {"cpu": {"f16": _F16}, "hexagon": {"f16": _F16, "f32": _HARNESS},
           "hexagon-qfloat": {"f16": _F16, "f32": _HARNESS}}


def refused_erf(case, config: Config) -> str | None:
    """An erf the configuration's target cannot take (``_NO_ERF``), with why."""
    rules = _NO_ERF.get(config.target, {})
    types = case.tensor_types()
    for op in case.ops if rules else ():
        typed = typed_ops(op.body, tuple(types[i][1] for i in op.inputs)) if isinstance(op, Generic) else set()
        why = next((rules[t] for o, t in sorted(typed) if o == "erf" and t in rules), None)
        if why:
            return f"{op.name}: {why} (frontends/tvm/erf.py)"
    return None
