"""``tvm:cuda-dlight`` (and Relax's CUDA configuration) on the PTX simulator, where ``frontends/devices/cuda_sim.py``
says so: TVM's CUDA C compiled by NVRTC to PTX for ``compute_80`` (the PTX the driver would be given; NVRTC needs
no GPU), and the launch plan of ``frontends/tvm/cuda_run.py`` (kernels in order, their grid, block and dynamic
shared memory, the intermediate buffers) run in ``frontends/devices/ptx``.  Buffers are placed as ``cuda_run.run``
places them: the inputs copied, outputs and intermediates holding the poison of ``fuzz.judge.poison``.
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


def run(source: str, launch: dict, inputs: list, outputs: list) -> list[np.ndarray]:
    """The outputs of ``launch``'s kernels on ``inputs``, simulated (``outputs``: (shape, dtype) of each)."""
    if "unrunnable" in launch:
        raise ProgramFailure(f"compile-only: {launch['unrunnable']}", "compile-only")
    from frontends.devices import cuda_sim
    text = ptx_of(source)
    return cuda_sim.outcome(lambda: _simulate(text, launch, inputs, outputs))


def _simulate(text: str, launch: dict, inputs: list, outputs: list) -> list[np.ndarray]:
    from frontends.devices.ptx import FILL, Memory, kernels
    from frontends.devices.ptx.machine import launch as launch_kernel

    host = dict(zip(launch["params"], [np.ascontiguousarray(a) for a in inputs] + [poisoned(s, d) for s, d in outputs]))
    host.update({n: poisoned(shape, dtype) for n, (dtype, shape) in launch["buffers"].items()})
    memory, found = Memory(), kernels([text])
    address = {}
    for name, a in host.items():
        address[name] = memory.alloc(a.nbytes, FILL)
        buf, off = memory.view(address[name], a.nbytes)
        buf[off:off + a.nbytes] = a.tobytes()
    for k in launch["kernels"]:
        if k["name"] not in found:
            raise ProgramFailure(f"simulated: no PTX entry {k['name']}", "emulator")
        launch_kernel(found[k["name"]], memory, [address[a] for a in k["args"]], tuple(k["grid"]), tuple(k["block"]),
                      k["shared"])
    results = []
    for name in launch["params"][len(inputs):]:
        a = host[name]
        buf, off = memory.view(address[name], a.nbytes)
        results.append(np.frombuffer(bytes(buf[off:off + a.nbytes]), dtype=a.dtype).reshape(a.shape).copy())
    return results
