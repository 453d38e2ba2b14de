"""A test frontend for the engine's device contract (fuzz/execute/isolate.py): configurations whose target is a
device, whose runs report what a GPU runtime reports on a fault.  Every run appends the worker's pid to the file
named by $KERNELFUZZ_TEST_PIDS, so a test sees which worker (which device context) ran what.

``fault``: the first run of a test (no ``<pids>.fault`` file yet) raises a runtime error naming
CUDA_ERROR_ILLEGAL_ADDRESS, as IREE's CUDA runtime does; every later run in that worker fails the same way (a broken
context stays broken), runs in other workers are right.
``wrong``: every run gives a wrong first element (a suspicious result to confirm).
``prepare``: records the environment a lane's workers inherit (``prepare`` hook)."""
from __future__ import annotations

import os
import time

from fuzz.execute.backend import Availability, Config, ProgramFailure
from fuzz.judge.reference import reference_outputs

M = __name__
FAULT = Config("device:fault", M, "cuda")
WRONG = Config("device:wrong", M, "cuda")
CPU_WRONG = Config("device:cpu-wrong", M, "cpu")  # wrong on the CPU: its confirmation stays in the same worker
HANG = Config("device:hang", M, "cuda")  # the first run of a test hangs, as a kernel stuck on a device does
CONFIGS = (FAULT, WRONG, CPU_WRONG, HANG)
PREPARED_ENV = "KERNELFUZZ_TEST_PREPARED"
_BROKEN = [False]


def prepare(configs) -> None:
    os.environ[PREPARED_ENV] = ",".join(c.name for c in configs)


def availability(config: Config) -> Availability:
    return Availability("runs", "test device")


def compile(case, config: Config, workdir: str):
    return (case, config.name), "device test source", {"prepared": os.environ.get(PREPARED_ENV)}


def run(handle, inputs):
    case, name = handle
    with open(os.environ["KERNELFUZZ_TEST_PIDS"], "a") as f:
        f.write(f"{os.getpid()}\n")
    marker = os.environ["KERNELFUZZ_TEST_PIDS"] + ".fault"
    if name == HANG.name and not os.path.exists(marker):
        open(marker, "w").close()
        time.sleep(3600)
    if name == FAULT.name and (_BROKEN[0] or not os.path.exists(marker)):
        open(marker, "w").close()
        _BROKEN[0] = True
        raise ProgramFailure("CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered")
    outs = reference_outputs(case, {t.name: a for t, a in zip(case.inputs, inputs)})
    if name in (WRONG.name, CPU_WRONG.name):
        outs[0] = outs[0].copy()
        outs[0].flat[0] = outs[0].flat[0] + 1 if outs[0].dtype.kind in "iu" else 4 * outs[0].flat[0] + 64
    return outs
