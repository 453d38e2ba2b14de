"""TVM's GPU configurations on kernelfuzz's simulators: ``tvm:cuda-dlight`` on the PTX simulator where
``frontends/devices/cuda_sim.py`` says so (TVM's CUDA C compiled by NVRTC to PTX for ``compute_80``, the PTX the
driver would be given; NVRTC needs no GPU), and ``tvm:rocm-dlight`` on the gfx942 simulator (the gfx942 assembly of
TVM's ROCm module, ``inspect_source("asm")``, with its kernel descriptors and metadata; the apache-tvm wheel has no
ROCm runtime, so it is simulated even where a HIP device is).  Both follow the launch plan of
``frontends/tvm/cuda_run.py`` (kernels in order, their grid, block and dynamic shared memory, the intermediate
buffers), with buffers placed as ``cuda_run.run`` places them: the inputs copied, outputs and intermediates holding
the poison of ``fuzz.judge.poison``; with dynamic dims, at the sizes the run binds (``cuda_run.placed``), scalar
kernel arguments (the dims) passed by value.
"""
from __future__ import annotations

import numpy as np

from fuzz.execute.backend import ProgramFailure
from fuzz.judge.poison import poisoned

ARCH = "compute_80"


def ptx_of(source: str) -> str:
    from frontends.tvm.cuda_run import nvrtc_compile
    try:
        return nvrtc_compile(source, ARCH).rstrip(b"\0 ").decode()
    except RuntimeError as e:  # TVM generated CUDA C that NVRTC rejects: a compiler bug, at run time here
        raise ProgramFailure(str(e)) from None


def _runnable(launch: dict) -> None:
    if "unrunnable" in launch:
        raise ProgramFailure(f"compile-only: {launch['unrunnable']}", "compile-only")


def run(source: str, launch: dict, inputs: list, outputs: list) -> list[np.ndarray]:
    """The outputs of ``launch``'s kernels on ``inputs``, simulated (``outputs``: (shape, dtype) of each)."""
    _runnable(launch)
    from frontends.devices import cuda_sim
    from frontends.devices.ptx import FILL, Memory, kernels
    from frontends.devices.ptx.machine import launch as launch_kernel
    text, memory, found = ptx_of(source), Memory(), {}

    def one(k, args, pointers):
        if not found:  # decoded inside outcome(): an instruction the simulator does not model is refused there
            found.update(kernels([text]))
        if k["name"] not in found:
            raise ProgramFailure(f"simulated: no PTX entry {k['name']}", "emulator")
        launch_kernel(found[k["name"]], memory, args, tuple(k["grid"]), tuple(k["block"]), k["shared"])
    return cuda_sim.outcome(lambda: _simulate(launch, inputs, outputs, memory, FILL, one), memory)


def run_gfx942(assembly: str, launch: dict, inputs: list, outputs: list) -> list[np.ndarray]:
    """As ``run``, on the gfx942 simulator: TVM's kernels take their buffers' pointers, in the plan's order."""
    _runnable(launch)
    from frontends.devices import hip_sim
    from frontends.devices.gfx942 import Report, Unmodelled
    from frontends.devices.gfx942.launch import launch as launch_kernel
    from frontends.devices.gfx942.memory import FILL, Memory
    from frontends.devices.gfx942.stream import kernarg, kernels
    memory, report, found = Memory(), Report(), kernels([assembly])

    def one(k, args, pointers):
        if k["name"] not in found:
            raise Unmodelled(f"a launch of {k['name']}, which TVM's assembly does not define")
        code = found[k["name"]]
        grid, block = tuple(k["grid"]), tuple(k["block"])  # TVM launches through hipModuleLaunchKernel too
        scalars = [a for a, p in zip(args, pointers) if not p]
        ptrs = [a for a, p in zip(args, pointers) if p]
        lds = int(k["shared"] or 0)  # hipModuleLaunchKernel's sharedMemBytes: dynamic LDS after the static segment
        launch_kernel(code, grid, block, kernarg(code, ptrs, scalars, grid, block, memory, lds), memory, report,
                      dynamic_lds=lds)
    return hip_sim.outcome(lambda: _simulate(launch, inputs, outputs, memory, FILL, one), report)


def _simulate(launch: dict, inputs: list, outputs: list, memory, fill: int, one) -> list[np.ndarray]:
    """Place the buffers in ``memory`` (``alloc(size, fill)``, ``view(address, n)``), run ``one(kernel, arguments,
    which are pointers)`` per planned kernel at this run's sizes (``cuda_run.placed``), and read the outputs back."""
    from frontends.tvm.cuda_run import placed
    buffers, kernels = placed(launch, inputs, outputs)
    host = dict(zip(launch["params"], [np.ascontiguousarray(a) for a in inputs] + [poisoned(s, d) for s, d in outputs]))
    host.update({n: poisoned(shape, dtype) for n, (dtype, shape) in buffers.items()})
    address = {}
    for name, a in host.items():
        address[name] = memory.alloc(a.nbytes, fill)
        buf, off = memory.view(address[name], a.nbytes)
        buf[off:off + a.nbytes] = a.tobytes()
    for k in kernels:
        one(k, [a["value"] if isinstance(a, dict) else address[a] for a in k["args"]],
            [not isinstance(a, dict) for a in k["args"]])
    results = []
    for name in launch["params"][len(inputs):]:
        a = host[name]
        buf, off = memory.view(address[name], a.nbytes)
        results.append(np.frombuffer(bytes(buf[off:off + a.nbytes]), dtype=a.dtype).reshape(a.shape).copy())
    return results
