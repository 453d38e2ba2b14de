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

import time

import numpy as np

from fuzz.execute.backend import ProgramFailure
from fuzz.judge.poison import poisoned

ARCH = "compute_80"
# NVRTC's share of the simulated runs of this process, wall and CPU seconds: compile work (TVM's own CUDA build calls
# NVRTC inside tvm.compile, through tvm_callback_cuda_compile; the wheel has no CUDA build, so it runs here), which
# `make bench` counts with the compile, not with the simulated run
NVRTC = {"calls": 0, "seconds": 0.0, "cpu_seconds": 0.0}


def ptx_of(source: str) -> str:
    from frontends.tvm.cuda_run import nvrtc_compile
    start, cpu = time.perf_counter(), time.process_time()
    try:
        return nvrtc_compile(source, ARCH).rstrip(b"\0 ").decode()
    except RuntimeError as e:  # TVM generated CUDA C that NVRTC rejects: a compiler bug, at run time here
        raise ProgramFailure(str(e)) from None
    finally:
        NVRTC["calls"] += 1
        NVRTC["seconds"] += time.perf_counter() - start
        NVRTC["cpu_seconds"] += time.process_time() - cpu


def _runnable(launch: dict) -> None:
    if "unrunnable" in launch:
        raise ProgramFailure(f"compile-only: {launch['unrunnable']}", "compile-only")


def run(source: str, launch: dict, inputs: list, outputs: list) -> list[np.ndarray]:
    """The outputs of ``launch``'s kernels on ``inputs``, simulated (``outputs``: (shape, dtype) of each)."""
    _runnable(launch)
    from frontends.devices import simulation
    return _on(simulation.device("ptx", [ptx_of(source)]), launch, inputs, outputs)


def run_gfx942(assembly: str, launch: dict, inputs: list, outputs: list) -> list[np.ndarray]:
    """As ``run``, on the gfx942 simulator: TVM launches through hipModuleLaunchKernel too (grid, block, dynamic
    LDS as sharedMemBytes), its kernels taking their buffers' pointers and dims in the plan's order."""
    _runnable(launch)
    from frontends.devices import simulation
    return _on(simulation.device("gfx942", [assembly]), launch, inputs, outputs)


def _on(device, launch: dict, inputs: list, outputs: list) -> list[np.ndarray]:
    from frontends.devices import simulation
    return simulation.run(device, lambda d: _simulate(launch, inputs, outputs, d))


def _simulate(launch: dict, inputs: list, outputs: list, device) -> list[np.ndarray]:
    """Place the buffers in the device's memory, launch each planned kernel at this run's sizes
    (``cuda_run.placed``; its arguments: buffers' addresses, dims by value), and read the outputs back."""
    from frontends.tvm.cuda_run import placed
    buffers, kernels = placed(launch, inputs, outputs)
    host = dict(zip(launch["params"], [np.ascontiguousarray(a) for a in inputs] + [poisoned(s, d) for s, d in outputs]))
    host.update({n: poisoned(shape, dtype) for n, (dtype, shape) in buffers.items()})
    address = {}
    for name, a in host.items():
        address[name] = device.alloc(a.nbytes, device.fill)
        buf, off = device.view(address[name], a.nbytes)
        buf[off:off + a.nbytes] = a.tobytes()
    for k in kernels:
        device.launch(k["name"], [a["value"] if isinstance(a, dict) else address[a] for a in k["args"]],
                      tuple(k["grid"]), tuple(k["block"]), int(k["shared"] or 0))
    results = []
    for name in launch["params"][len(inputs):]:
        a = host[name]
        buf, off = device.view(address[name], a.nbytes)
        results.append(np.frombuffer(bytes(buf[off:off + a.nbytes]), dtype=a.dtype).reshape(a.shape).copy())
    return results
