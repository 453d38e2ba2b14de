"""TVM from an ONNX model, the way its ONNX users reach it: the case written as ONNX (``fuzz.case.to_onnx``, opset
``OPSET``), imported by Relax's ONNX frontend (``tvm.relax.frontend.onnx.from_onnx``), then Relax's default pipeline
for the target and ``relax.VirtualMachine``, exactly as ``tvm:relax-cpu`` (``frontends/tvm/relax_frontend.py``).

A case the ONNX writer cannot express exactly is refused by ``takes`` (verdict ``not-expressible``).  An importer that rejects the model is a
rejection (``CompilerFailure``); one that names operators its converter table lacks (``OpNotImplemented``) is a
known limitation: ``from_onnx`` documents the operators it converts by that table.  The source kept for repros is
the imported Relax module under the Relax header (``frontends/tvm/relax_repro.py`` rebuilds from it); the facts
name the importer call (``importer``), and the bundle keeps ``model.onnx`` (``fuzz/publish/onnx_bundle.py``).
"""
from __future__ import annotations

from frontends.tvm import errors, relax_frontend
from frontends.tvm import frontend as tvm_frontend
from frontends.tvm.repro import read_back, repro  # noqa: F401  the bundle's scripts (fuzz/execute/backend.py)
from fuzz.execute.backend import CompilerFailure, Config, NotExpressible, handing_over

MODULE = __name__
CONFIGS = (
    Config("tvm:onnx-relax-cpu", MODULE, "cpu", ("default",),
           "ONNX model (opset 18) imported by tvm.relax.frontend.onnx.from_onnx, then " +
           relax_frontend.PIPELINES["default"], tvm_frontend.PROFILE["cpu"]),
)
LIMITATION = ("tvm.relax.frontend.onnx converts only the operators of its convert map "
              "(onnx_frontend._get_convert_map); the rest raise OpNotImplemented")

availability = relax_frontend.availability
warm_up = relax_frontend.warm_up
warm_up_note = relax_frontend.warm_up_note
release_gap = relax_frontend.release_gap
run = relax_frontend.run


def takes(case, config: Config) -> str | None:
    """The contract's ``takes``: what the ONNX writer declines."""
    from fuzz.case.to_onnx import declines
    return declines(case)


def imported(case):
    """(the Relax module ``from_onnx`` makes of the case's model, the importer call)."""
    import onnx
    import tvm
    from tvm.relax.frontend.onnx import from_onnx

    from fuzz.case.to_onnx import IMPORTERS, OPSET, Unwritable, to_bytes
    try:
        data = to_bytes(case)
    except Unwritable as e:
        raise NotExpressible(f"ONNX: {e}") from None
    try:
        return from_onnx(onnx.load_from_string(data), opset=OPSET), IMPORTERS["tvm"]
    except tvm.error.OpNotImplemented as e:
        raise CompilerFailure(str(e).strip(), facts={"importer": IMPORTERS["tvm"]}, limitation=LIMITATION) from None
    except Exception as e:  # the importer's verdict where TVM raised it; kernelfuzz's own errors go on as they are
        raise errors.verdict(e, "", {"importer": IMPORTERS["tvm"]}) from None


def compile(case, config: Config, workdir: str):
    import tvm
    from tvm import relax

    mod, line = imported(case)
    target = tvm_frontend._target(config)
    source, facts = relax_frontend._header(config, {}) + mod.script(), {"importer": line}
    try:
        handing_over(workdir, source, facts)
        first, second = relax_frontend._passes(target)
        mod, primfuncs = relax_frontend._legalize(mod, target, first)
        facts.update(relax_frontend._counts(mod, primfuncs))
        handing_over(workdir, source, facts)
        with target, tvm_frontend.codegen_env(config):
            executable = relax.build(mod, target, relax_pipeline=tvm.transform.Sequential(second))
    except Exception as e:  # TVM's verdict where TVM raised it; kernelfuzz's own errors go on as they are
        raise errors.verdict(e, source, facts) from None
    return ("vm", executable, len(case.outputs)), source, facts
