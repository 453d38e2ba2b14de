"""A small fake compiler for fast engine tests: it "compiles" a case by keeping it and "runs" it
with the reference interpreter, with one behaviour planted per configuration."""
from __future__ import annotations

import os
import signal
import time

import numpy as np

from fuzz.execute.backend import Availability, CompilerFailure, Config, NotExpressible, ProgramFailure, handing_over
from fuzz.judge.reference import reference_outputs

M = __name__
EXACT = Config("fake:exact", M)
OFF_BY_ONE = Config("fake:off-by-one", M)  # corrupts the first output element (ints by 1)
REJECT = Config("fake:reject", M)
SEGFAULT = Config("fake:segfault", M)  # the compiler dies with SIGSEGV
HANG = Config("fake:hang", M)  # the compiler never returns
RUN_SEGFAULT = Config("fake:run-segfault", M)  # the compiled program dies
TRAP = Config("fake:trap", M)  # the program reports a runtime error
FLAKY = Config("fake:flaky", M)  # odd runs in a worker corrupt the output, even runs are right
RACY = Config("fake:racy", M)  # every run corrupts the output differently (a race, an uninitialized read)
LOWERING_BUG = Config("fake:lowering-bug", M)  # kernelfuzz's own lowering raises
SLOW = Config("fake:slow", M)  # correct, but takes 0.3 s to run (campaigns to interrupt)
SCHEDULED = Config("fake:scheduled", M)  # wrong like OFF_BY_ONE, and reports a schedule trace
ON_DEVICE = Config("fake:device", M, "hexagon")  # correct; needs a worker with the "hexagon" resource
INEXPRESSIBLE = Config("fake:dialect", M)  # its input language cannot express any case
ONE_KERNEL = Config("fake:one-kernel", M)  # compiles every case; its device runs none of them
REJECT_REVERSED = Config("fake:reject-reversed", M)  # rejects every case with a reversed access map (a known bug)
PICKY = Config("fake:picky", M)  # rejects cases whose name ends in an odd digit, naming them in a batch
PICKY_CRASH = Config("fake:picky-crash", M)  # dies (SIGSEGV) on cases whose name ends in an odd digit
BATCH_ONLY = Config("fake:batch-only", M)  # every batch fails, blaming its first case; alone all compile
GPU_PROFILE = Config("fake:gpu-profile", M, profile="gpu")  # correct, judged under the gpu numerics profile
SIMULATED = Config("fake:simulated", M)  # correct; a simulator's stand-in: 1.5 s a run, 5 x the run limit (run_timeout)
CONFIGS = (EXACT, OFF_BY_ONE, REJECT, SEGFAULT, HANG, RUN_SEGFAULT, TRAP, FLAKY, RACY, LOWERING_BUG, SLOW, SCHEDULED,
           ON_DEVICE, INEXPRESSIBLE, ONE_KERNEL, REJECT_REVERSED, PICKY, PICKY_CRASH, BATCH_ONLY, GPU_PROFILE)
# these batch (fuzz/execute/batch.py) like IREE: one compile per group of cases
BATCHING = {c.name for c in (EXACT, OFF_BY_ONE, REJECT, SEGFAULT, HANG, RUN_SEGFAULT, TRAP, FLAKY, RACY, SLOW, PICKY,
                             PICKY_CRASH, BATCH_ONLY, GPU_PROFILE, SIMULATED)}


RUNS = [0]


WARM = [False]


def warm_up() -> None:
    """A slow first import, like TVM's tensor intrinsics (seconds from $KERNELFUZZ_FAKE_WARM_UP): paid by
    whichever comes first, the lane's warm-up or the first compile."""
    if not WARM[0]:
        time.sleep(float(os.environ.get("KERNELFUZZ_FAKE_WARM_UP", "0")))
        WARM[0] = True


def availability(config: Config) -> Availability:
    return Availability("runs", "fake")


def run_timeout(config: Config, timeout: float) -> float:
    """A simulated configuration's longer run limit, as frontends/devices/simulation.py gives its frontends'."""
    return timeout * 5 if config.name == SIMULATED.name else timeout


def takes(case, config: Config) -> str | None:
    return "the fake dialect has no ops at all" if config.name == INEXPRESSIBLE.name else None


def compile(case, config: Config, workdir: str):
    warm_up()
    if config is REJECT or config.name == REJECT.name:
        raise CompilerFailure("error: fake compiler rejects this case", facts={"schedule": "[\"fake rejected trace\"]"})
    if config.name == SEGFAULT.name:
        handing_over(workdir, f"# fake program of {case.name}", {"schedule": f"[\"fake trace of {case.name}\"]"})
        os.kill(os.getpid(), signal.SIGSEGV)
    if config.name == HANG.name:
        time.sleep(3600)
    if config.name == REJECT_REVERSED.name and any(c < 0 for op in case.ops for m in getattr(op, "maps", ())
                                                   for a in m for c in a.coeffs):
        raise CompilerFailure("error: fake compiler cannot tile a reversed map")
    if config.name == LOWERING_BUG.name:
        raise ValueError("lowering produced an ill-typed op")
    if config.name == INEXPRESSIBLE.name:  # never reached through the engine, which asks takes() first
        raise NotExpressible("the fake dialect has no ops at all")
    if _picky(config, case):
        if config.name == PICKY_CRASH.name:
            os.kill(os.getpid(), signal.SIGSEGV)
        raise CompilerFailure(f"error: fake compiler rejects odd {case.name}")
    facts = {"worker": os.environ.get("KERNELFUZZ_TEST_WORKER")}
    if config.name == GPU_PROFILE.name:  # what a GPU compile reads from its code (frontends/devices/reach.py)
        facts["reached"] = {"kernels": 1, "matrix": ["v_mfma_f32_16x16x16_f16"], "shared": True, "shared_bytes": 64,
                            "barriers": 1, "vector_bytes": 4, "masked": False, "workgroups": len(case.name)}
    if config.name == SCHEDULED.name:
        facts["schedule"] = case.schedule_for(config.name) or f'["trace drawn for {case.name}"]'
    return (case, config.name), f"fake source for {case.name}", facts


def _picky(config: Config, case) -> bool:
    return config.name in (PICKY.name, PICKY_CRASH.name) and int(case.name[-1]) % 2 == 1


def batches(config: Config) -> bool:
    return config.name in BATCHING


def compile_batch(cases, config: Config, workdir: str, timeout: float):
    warm_up()
    if config.name == HANG.name:  # a frontend stops its compiler at the batch timeout, as IREE's does
        time.sleep(timeout)
        raise CompilerFailure(f"fake compiler timed out after {timeout:.0f} s", crashed=True)
    if config.name == BATCH_ONLY.name:
        raise CompilerFailure("error: fake batch failure", culprits=(0,))
    picky = tuple(k for k, c in enumerate(cases) if _picky(config, c))
    if config.name == REJECT.name or picky and config.name == PICKY.name:
        raise CompilerFailure("error: fake compiler rejects a batch", culprits=picky or tuple(range(len(cases))))
    compiled = [compile(c, config, workdir) for c in cases]
    return [h for h, _, _ in compiled], [(source, facts) for _, source, facts in compiled]


def run_function(handle, k: int, inputs):
    return run(handle[k], inputs)


def run(handle, inputs):
    case, name = handle
    if name == RUN_SEGFAULT.name:
        os.kill(os.getpid(), signal.SIGSEGV)
    if name == TRAP.name:
        raise ProgramFailure("fake trap")
    if name == ONE_KERNEL.name:
        raise ProgramFailure("compile-only: the fake device runs one kernel, this case has two", kind="compile-only")
    outs = reference_outputs(case, {t.name: a for t, a in zip(case.inputs, inputs)})
    if name == SLOW.name:
        time.sleep(0.3)
    if name == SIMULATED.name:
        time.sleep(1.5)
    if name in (FLAKY.name, RACY.name):
        RUNS[0] += 1
        if name == RACY.name or RUNS[0] % 2:
            outs[0] = outs[0].copy()
            if outs[0].dtype.kind == "f":
                outs[0].flat[0] += 8 * RUNS[0]
            else:  # flip one bit, a different one each run: always wrong, never the same twice in a row
                outs[0].flat[0] ^= 1 << (RUNS[0] % 6)
    if name in (OFF_BY_ONE.name, SCHEDULED.name):
        outs[0] = outs[0].copy()
        x = outs[0].flat[0]
        outs[0].flat[0] = x + 1 if np.issubdtype(outs[0].dtype, np.integer) else 4 * x + 64
    return outs


def export(handle, k=None):
    """The "program" as an Artifact for a runner worker (fuzz/execute/remote.py): the case and the behaviour."""
    from fuzz.case.workload import to_json
    from fuzz.execute.backend import Artifact

    case, name = handle if k is None else handle[k]
    return Artifact(M, {"case": to_json(case), "config": name})


def run_artifact(payload: dict, inputs):
    from fuzz.case.workload import from_json

    return run((from_json(payload["case"]), payload["config"]), inputs)
