"""TVM frontend: TE -> PrimFunc -> ``tvm.compile`` for the llvm CPU target, run in the worker.

TVM is imported only inside compile/run, so listing configurations never
needs TVM.  TVM raises ``InternalError`` on a failed internal check (a
compiler bug: reported as a crash) and other ``TVMError``/``ValueError`` on
input it rejects.
"""
from __future__ import annotations

import importlib.util

import numpy as np

from fuzz.backend import Availability, CompilerFailure, Config, ProgramFailure

MODULE = __name__
CONFIGS = (
    Config("tvm:cpu", MODULE, "cpu", description="TVM llvm target (host CPU), default untuned TE schedule"),
)
TARGETS = {"cpu": {"kind": "llvm"}}


def availability(config: Config) -> Availability:
    if importlib.util.find_spec("tvm") is None:
        return Availability("unavailable", "apache-tvm is not installed: run `make venv`")
    return Availability("runs", "host CPU")


def compile(case, config: Config, workdir: str):
    import tvm
    from frontends.tvm_lower import lower

    func = lower(case)  # our own code: an exception here is a kernelfuzz bug, not a finding
    source = func.script()
    try:
        executable = tvm.compile(func, target=TARGETS[config.target])
    except tvm.error.InternalError as e:
        raise CompilerFailure(str(e), crashed=True) from None
    except (tvm.error.TVMError, ValueError) as e:
        raise CompilerFailure(str(e)) from None
    types = case.tensor_types()
    outputs = [types[n] for n in case.outputs]
    return (executable, outputs), source


def run(handle, inputs: list[np.ndarray]) -> list[np.ndarray]:
    import tvm
    from frontends.tvm_lower import TVM_DTYPE

    executable, outputs = handle
    results = [tvm.runtime.tensor(np.zeros(shape, TVM_DTYPE[dtype])) for shape, dtype in outputs]
    try:
        executable(*[tvm.runtime.tensor(a) for a in inputs], *results)
    except tvm.error.TVMError as e:
        raise ProgramFailure(str(e)) from None
    return [r.numpy() for r in results]
