"""IREE from an ONNX model, the way its ONNX users reach it: the case written as ONNX (``fuzz.case.to_onnx``, opset
``OPSET``), imported by IREE's own importer ``iree-import-onnx`` (the ``onnx`` extra of iree-base-compiler) into
torch-mlir's ``onnx.*`` operators, then ``iree-compile``, which converts them through torch-mlir to linalg.

The importer runs as a subprocess in the workdir (``model.onnx`` -> ``kernel.mlir``), its command line kept in the
facts (``importer``); the source is the imported MLIR under ``iree-compile``'s line, as every IREE configuration's,
so a bundle's ``kernel.mlir`` and ``iree.sh`` work unchanged (and ``model.onnx`` beside them:
``fuzz/publish/onnx_bundle.py``).  Compiling and running are ``frontends.iree.frontend``'s.  A
case the ONNX writer cannot express exactly is refused by ``takes`` (verdict ``not-expressible``); an importer
that rejects the model raises ``CompilerFailure`` (a rejection verdict like any other; a signal is a crash).
"""
from __future__ import annotations

import os
import shlex
import subprocess
import sys

from frontends.iree import frontend as iree_frontend
from frontends.iree.frontend import CPU, FUSION, GFX942, HOST, O
from frontends.iree.repro import read_back, repro  # noqa: F401  the bundle's scripts (fuzz/execute/backend.py)
from fuzz.execute.backend import CompilerFailure, Config, NotExpressible

MODULE = __name__
IMPORT_TIMEOUT = 120.0

CONFIGS = (
    Config("iree:onnx-cpu-O2", MODULE, "cpu", CPU + HOST + (O[2], FUSION + "true"),
           "ONNX model (opset 18) imported by iree-import-onnx, llvm-cpu O2, aggressive fusion on", "iree-llvm-cpu"),
    Config("iree:onnx-gfx942-O2", MODULE, "gfx942", GFX942 + (O[2],),
           "ONNX model (opset 18) imported by iree-import-onnx, HIP gfx942 O2", "gpu"),
)

availability = iree_frontend.availability
run = iree_frontend.run
release_gap = iree_frontend.release_gap
run_timeout = iree_frontend.run_timeout
retarget = iree_frontend.retarget
compile_for = iree_frontend.compile_for
export = iree_frontend.export
# kernelfuzz localize on the GPU configuration: IREE's GPU points (frontends/iree/gpu_localize.py) over the imported
# MLIR (localize_source); the CPU one has none yet
LOCALIZE = {"gfx942": "frontends.iree.gpu_localize"}


def model(case) -> bytes:
    """The case's ONNX model; ``NotExpressible`` where the writer declines it."""
    from fuzz.case.to_onnx import Unwritable, to_bytes
    try:
        return to_bytes(case)
    except Unwritable as e:
        raise NotExpressible(f"ONNX: {e}") from None


def import_model(data: bytes, workdir: str) -> tuple[str, str]:
    """(the imported MLIR, the importer's command line) for the model bytes, imported in ``workdir``."""
    from fuzz.case.to_onnx import IREE_IMPORT, MODEL
    with open(os.path.join(workdir, MODEL), "wb") as f:
        f.write(data)
    line = shlex.join(IREE_IMPORT)
    argv = [sys.executable, "-m", "iree.compiler.tools.import_onnx", *IREE_IMPORT[1:]]
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=IMPORT_TIMEOUT, cwd=workdir)
    except subprocess.TimeoutExpired:
        raise CompilerFailure(f"iree-import-onnx timed out after {IMPORT_TIMEOUT:.0f} s", crashed=True,
                              source=f"// {line}\n", facts={"importer": line}) from None
    if p.returncode:
        tail = "\n".join(p.stderr.strip().splitlines()[-12:])
        raise CompilerFailure(f"iree-import-onnx failed (status {p.returncode}):\n{tail}", crashed=p.returncode < 0,
                              source=f"// {line}\n", facts={"command": line, "importer": line})
    with open(os.path.join(workdir, "kernel.mlir")) as f:
        return f.read(), line


def localize_source(case, workdir: str) -> str:
    """What ``kernelfuzz localize`` compiles for an ONNX configuration: the importer's MLIR, as ``compile`` does."""
    return import_model(model(case), workdir)[0]


def takes(case, config: Config) -> str | None:
    """The contract's ``takes``: what IREE's target refuses, then what the ONNX writer declines."""
    from fuzz.case.to_onnx import declines
    return iree_frontend.takes(case, config) or declines(case)


def compile(case, config: Config, workdir: str):
    text, line = import_model(model(case), workdir)
    try:
        handle, source, facts = iree_frontend.compile_text(text, config, workdir)
    except CompilerFailure as e:
        e.facts = {**e.facts, "importer": line}
        raise
    return handle, source, {**facts, "importer": line}
