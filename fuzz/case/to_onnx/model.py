"""The ONNX model of a case: every op through its writer (``named``, ``body``), the case's inputs and outputs as the
graph's, checked by ``onnx.checker`` before it leaves.  Every ONNX value name is the case's (inputs,
intermediates, outputs); helper values get ``<op>__<n>`` names."""
from __future__ import annotations

from fuzz.case.dynamic import dynamic_dims, equal_dims, is_dynamic
from fuzz.case.to_onnx.body import generic
from fuzz.case.to_onnx.builder import IR_VERSION, ONNX_DTYPES, OPSET, Builder, Unwritable, tensor_type
from fuzz.case.to_onnx.named import WRITERS
from fuzz.case.workload import Case, Generic

def _check(case: Case, types: dict) -> None:
    odd = sorted({dt for _, dt in types.values()} - set(ONNX_DTYPES))
    if odd:
        raise Unwritable(f"{', '.join(odd)} values: the ONNX writer takes {', '.join(ONNX_DTYPES)}")


def _shapes(case: Case, types: dict):
    """Each case value's shape: a dynamic dim (an input's, or one derived from it) is a ``dim_param``, named after
    its class of dims the case forces equal (``equal_dims``) so the importers see one symbol where sizes agree."""
    if not is_dynamic(case):
        return lambda name: list(types[name][0])
    eq, dyn = equal_dims(case, types), dynamic_dims(case, types)
    symbolic = {eq[(v, d)] for v, dims in dyn.items() for d in dims}
    def shape(name: str) -> list:
        return [f"{eq[(name, d)][0]}_d{eq[(name, d)][1]}" if eq[(name, d)] in symbolic or d in dyn.get(name, {})
                else n for d, n in enumerate(types[name][0])]
    return shape


def write(case: Case):
    from onnx import checker, helper

    types = case.tensor_types()
    _check(case, types)
    b = Builder(types)
    for op in case.ops:
        if not isinstance(op, Generic) and op.kind not in WRITERS:
            raise Unwritable(f"{op.kind} ops: the ONNX writer has no mapping for them")
        out = generic(b, op) if isinstance(op, Generic) else WRITERS[op.kind](b, op)
        if out != op.name:  # every writer names its last node after the op: a bug here, not in the case
            raise RuntimeError(f"the ONNX writer named op {op.name!r}'s value {out!r}")
    shape = _shapes(case, types)
    info = lambda n: helper.make_tensor_value_info(n, tensor_type(types[n][1]), shape(n))  # noqa: E731
    inner = [info(op.name) for op in case.ops if op.name not in case.outputs]  # as an exporter records them
    graph = helper.make_graph(b.nodes, "main", [info(t.name) for t in case.inputs], [info(n) for n in case.outputs],
                              b.inits, value_info=inner)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], ir_version=IR_VERSION,
                              producer_name="kernelfuzz")
    checker.check_model(model, full_check=True)
    return model


def to_bytes(case: Case) -> bytes:
    """The serialized model, as ``model.onnx`` holds it."""
    return write(case).SerializeToString()


def declines(case: Case) -> str | None:
    """Why the writer declines ``case`` (the ONNX configurations' ``takes`` answer), None where it writes it."""
    try:
        write(case)
    except Unwritable as e:
        return f"ONNX: {e}"
    return None
