"""TVM's CUDA kernels executed through NVIDIA's CUDA Python binding (``cuda-bindings``, extra ``kernelfuzz[cuda]``).

The apache-tvm wheel generates CUDA C for a ``cuda`` target but has no CUDA runtime to launch it (its device module
is a fallback that refuses to run).  What running needs is all in TVM's own output:

* the CUDA C source (``executable.mod.imports[0].inspect_source("")``), compiled here with NVRTC (it needs no GPU)
  for the device's own architecture, a cubin the driver loads as is;
* the launches, read from the host function after TVM's TIR pipeline and host/device split (the pipeline
  ``tvm.compile`` ran): each ``tirx.call_ffi_kernel("main_kernel", A.data, B.data, 1, 1024,
  launch_params=["blockIdx.x", "threadIdx.x"])`` in program order names the kernel, its buffer arguments and its
  grid and block extents (TIR's ``thread_extent`` of each bound loop), and ``tirx.use_dyn_shared_memory`` its
  dynamic shared memory; an ``AllocBuffer`` in the host function is a global intermediate between kernels.
  With dynamic dims (``fuzz/case/dynamic.py``) extents, scalar kernel arguments (``{"dtype", "value"}``) and
  intermediate sizes are expressions of the parameters' shape variables (``frontends/tvm/launch_size.py``), and
  ``placed`` evaluates them at a run's sizes.

``plan`` (compile time, in the TVM worker) turns that into a JSON-able record, kept in the facts; ``run`` (run
time) allocates every buffer on the device (outputs and intermediates filled with the poison of
``fuzz.judge.poison``), copies the inputs, launches the kernels in order with the recorded dimensions, waits and
copies the outputs back.  A CUDA error is raised as ``ProgramFailure`` naming it (``CUDA_ERROR_ILLEGAL_ADDRESS``),
which makes the lane replace its worker, and so its context (``fuzz/execute/isolate.py``).
"""
from __future__ import annotations

import functools
import importlib.util
import os
import re

import numpy as np

from frontends.tvm import compat as tvm_compat
from frontends.tvm.launch_size import Unplaceable, bind, encode, evaluate, variables
from fuzz.execute.backend import Artifact, ProgramFailure
from fuzz.judge.poison import poisoned

__all__ = ["Unplaceable", "plan", "placed", "run"]

EXTRA = "no CUDA binding: pip install kernelfuzz[cuda]"
_AXES = ("x", "y", "z")
_DYN_SHARED = "use_dyn_shared_memory"


def binding_missing() -> str:
    """Why TVM's CUDA kernels cannot run for want of the Python packages ("" when they are installed)."""
    needed = ("cuda.bindings", "nvidia.cuda_nvrtc", "nvidia.cuda_runtime", "nvidia.cuda_cccl", "nvidia.cuda_nvcc")
    return EXTRA if any(_absent(m) for m in needed) else ""


def _absent(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is None
    except ModuleNotFoundError:
        return True


# ---------------------------------------------------------------- compile side: the launches TVM recorded


def plan(mod, target, pipeline: str) -> dict:
    """The kernels the host function launches, in order, and the intermediate buffers between them; a size that
    depends on a dynamic dim is recorded as an expression over the parameters' shape variables (``launch_size``)."""
    import tvm
    from tvm.tirx.build import split_host_device_mods

    buffers_in = tvm_compat.param_buffers(mod["main"])  # the parameters' buffers (0.25 binds them to Vars)
    params = [b.name for b in buffers_in]
    bound = tvm.tirx.transform.BindTarget(target.with_host(tvm.target.Target("llvm")))(mod)
    lowered = tvm.tirx.get_tir_pipeline(pipeline)[0](bound)
    host, _ = split_host_device_mods(lowered)
    kernels, buffers, lets = [], {}, {}
    try:
        shapes = {b.name: [encode(x, f"the shape of {b.name}") for x in b.shape] for b in buffers_in}
        _walk(host["main"].body, kernels, buffers, lets)
        if not kernels:  # TVM 0.25 launches by tvm_call_packed, not read here: a run would judge untouched outputs
            raise Unplaceable("the host code launches no kernel kernelfuzz recognizes (TVM 0.25's tvm_call_packed)")
        for k in kernels:
            k["args"] = [a if isinstance(a, dict) else _buffer_name(a, set(params) | set(buffers)) for a in k["args"]]
        _resolve_lets(shapes, kernels, buffers, lets)
        _check_bound(shapes, kernels, buffers)
    except Unplaceable as e:
        return {"unrunnable": str(e)}
    symbolic = any(variables(d) for dims in shapes.values() for d in dims)
    return {"params": params, "kernels": kernels, "buffers": buffers, **({"shapes": shapes} if symbolic else {})}


def _known(shapes: dict) -> set[str]:
    return {d[1] for dims in shapes.values() for d in dims if isinstance(d, list) and d[0] == "var"}


def _substitute(value, lets: dict, known: set):
    """``value`` with the host's let-bound variables (``cse_v1 = in1_d0 * 35``) replaced by their values."""
    if not isinstance(value, list):
        return value
    if value[0] == "var":
        name = value[1]
        if name in known or name not in lets:
            return value
        if isinstance(lets[name], str):  # a let whose value is no size expression: refused where it is used
            raise Unplaceable(lets[name])
        return _substitute(lets[name], lets, known)
    return [value[0], *(_substitute(v, lets, known) for v in value[1:])]


def _resolve_lets(shapes: dict, kernels: list, buffers: dict, lets: dict) -> None:
    known = _known(shapes)
    for k in kernels:
        for axis in ("grid", "block"):
            k[axis] = [_substitute(v, lets, known) for v in k[axis]]
        k["shared"] = _substitute(k["shared"], lets, known)
        for a in k["args"]:
            if isinstance(a, dict):
                a["value"] = _substitute(a["value"], lets, known)
    for entry in buffers.values():
        entry[1] = [_substitute(d, lets, known) for d in entry[1]]


def _check_bound(shapes: dict, kernels: list, buffers: dict) -> None:
    """Every variable a size reads is a plain dim of a parameter, so a run can bind it (``launch_size.bind``)."""
    known = _known(shapes)
    used = [v for k in kernels for v in (*k["grid"], *k["block"], k["shared"],
                                         *(a["value"] for a in k["args"] if isinstance(a, dict)))]
    used += [d for _, dims in buffers.values() for d in dims]
    unbound = set().union(*(variables(v) for v in used)) - known
    if unbound:
        raise Unplaceable(f"launch sizes read {sorted(unbound)}, which no parameter's shape gives")


def placed(launch: dict, inputs: list, outputs: list) -> tuple[dict, list[dict]]:
    """The plan at this run's sizes: the intermediate buffers' (dtype, shape) and the kernels with their grid,
    block, shared memory and scalar arguments as ints (``outputs``: (shape, dtype) of each)."""
    arrays = dict(zip(launch["params"], [a.shape for a in inputs] + [tuple(s) for s, _ in outputs]))
    env = bind(launch.get("shapes", {}), arrays)
    try:
        buffers = {n: (dtype, [evaluate(d, env) for d in shape]) for n, (dtype, shape) in launch["buffers"].items()}
        kernels = [{**k, "grid": [evaluate(x, env) for x in k["grid"]], "block": [evaluate(x, env) for x in k["block"]],
                    "shared": evaluate(k["shared"], env),
                    "args": [{**a, "value": evaluate(a["value"], env)} if isinstance(a, dict) else a
                             for a in k["args"]]} for k in launch["kernels"]]
    except ZeroDivisionError as e:
        raise ProgramFailure(f"the launch plan: {e}") from None
    return buffers, kernels


def _walk(node, kernels: list, buffers: dict, lets: dict) -> None:
    kind = type(node).__name__
    if kind == "Bind":  # a let: kept as an expression where it is one, else why it is none
        try:
            lets[str(node.var.name)] = encode(node.value, f"the host's {node.var.name}")
        except Unplaceable as e:
            lets[str(node.var.name)] = str(e)
        return
    if kind == "AllocBuffer":
        b = node.buffer
        buffers[b.name] = [str(b.dtype), [encode(x, f"intermediate buffer {b.name}'s size") for x in b.shape]]
    if kind == "Call" and getattr(node.op, "name", "") == "tirx.call_ffi_kernel":
        kernels.append(_launch(node))
        return
    for field in ("seq", "body", "then_case", "else_case", "value"):
        child = getattr(node, field, None)
        for c in (child if field == "seq" and child is not None else [child]):
            if c is not None and hasattr(c, "same_as"):
                _walk(c, kernels, buffers, lets)


def _launch(call) -> dict:
    """One kernel launch: buffer arguments by name (``X.data``), scalar ones as ``{"dtype", "value"}``."""
    tags = [str(t) for t in call.attrs.launch_params]
    args = list(call.args)
    name, values = str(args[0].value), args[len(args) - len(tags):]
    dims = {t: encode(v, f"kernel {name}'s launch extent {t}") for t, v in zip(tags, values)}
    shared = [v for t, v in dims.items() if _DYN_SHARED in t]
    return {"name": name, "args": [_arg(a, name) for a in args[1:len(args) - len(tags)]],
            "grid": [dims.get(f"blockIdx.{a}", 1) for a in _AXES],
            "block": [dims.get(f"threadIdx.{a}", 1) for a in _AXES],
            "shared": functools.reduce(_add, shared, 0)}


def _add(a, b):
    return a + b if isinstance(a, int) and isinstance(b, int) else ["Add", a, b]


def _arg(a, kernel: str):
    if type(a.ty).__name__ != "PrimType":  # a buffer's data pointer
        return str(a)
    return {"dtype": str(a.ty), "value": encode(a, f"kernel {kernel}'s scalar argument {a}")}


def _buffer_name(arg: str, known: set) -> str:
    """``A.data`` (or TVMScript's renamed ``A_1.data``) -> ``A``: the buffer a kernel argument points into."""
    base = arg[:-len(".data")] if arg.endswith(".data") else arg
    for name in (base, re.sub(r"_\d+$", "", base)):
        if name in known:
            return name
    raise Unplaceable(f"kernel argument {arg} is not a buffer kernelfuzz can place")


# ---------------------------------------------------------------- NVRTC: CUDA C -> cubin (no GPU needed)


def include_dirs() -> list[str]:
    """cuda_fp16.h and mma.h (nvidia-cuda-runtime-cu12), the crt/ headers mma.h includes (crt/mma.h, in
    nvidia-cuda-nvcc-cu12) and libcu++'s cuda/std (nvidia-cuda-cccl-cu12): TVM's CUDA C includes them when compiled
    by NVRTC (mma.h for the tensor-core schedules: without crt/ NVRTC rejects every wmma kernel)."""
    dirs = []
    for module in ("nvidia.cuda_runtime", "nvidia.cuda_nvcc", "nvidia.cuda_cccl"):
        spec = importlib.util.find_spec(module)
        dirs += [os.path.join(p, "include") for p in (spec.submodule_search_locations or [])] if spec else []
    return dirs


def nvrtc_errors(log: str, limit: int = 3000) -> str:
    """NVRTC's log cut to ``limit`` characters with its errors first: a log can hold thousands of characters of
    warnings (TVM's unused ``cse_v`` variables) before the error that rejected the program."""
    lines = log.splitlines()
    errors = [i for i, line in enumerate(lines) if ": error" in line or line.startswith("error")]
    picked = [line for i in errors for line in lines[i:i + 3]]
    return "\n".join(picked + [f"({len(errors)} errors; the full log has {len(lines)} lines)"])[:limit] \
        if errors else log[:limit]


def nvrtc_compile(source: str, arch: str) -> bytes:
    """A cubin for ``sm_XY`` (PTX for ``compute_XY``); a rejection raises ``RuntimeError`` with NVRTC's log."""
    from cuda.bindings import nvrtc

    err, prog = nvrtc.nvrtcCreateProgram(source.encode(), b"tvm_kernels.cu", 0, [], [])
    opts = [f"--gpu-architecture={arch}".encode(), b"-default-device", b"--device-int128",
            *(f"-I{d}".encode() for d in include_dirs())]
    try:
        (status,) = nvrtc.nvrtcCompileProgram(prog, len(opts), opts)
        if status != nvrtc.nvrtcResult.NVRTC_SUCCESS:
            _, size = nvrtc.nvrtcGetProgramLogSize(prog)
            log = b" " * size
            nvrtc.nvrtcGetProgramLog(prog, log)
            raise RuntimeError(f"NVRTC rejected TVM's CUDA C for {arch}:\n{nvrtc_errors(log.decode(errors='replace'))}")
        get_size, get = ((nvrtc.nvrtcGetPTXSize, nvrtc.nvrtcGetPTX) if arch.startswith("compute_")
                         else (nvrtc.nvrtcGetCUBINSize, nvrtc.nvrtcGetCUBIN))
        _, size = get_size(prog)
        image = b" " * size
        get(prog, image)
        return image
    finally:
        nvrtc.nvrtcDestroyProgram(prog)


def ptx_entries(ptx: bytes) -> list[str]:
    """The kernels a PTX image defines."""
    return [m.decode() for m in re.findall(rb"\.entry\s+(\w+)", ptx)]


# ---------------------------------------------------------------- run side: the CUDA driver API


def _ok(result):
    """A binding call's values; its error raised as ``ProgramFailure`` naming it (``CUDA_ERROR_...``)."""
    from cuda.bindings import driver as cu

    err, *values = result if isinstance(result, tuple) else (result,)
    if err != cu.CUresult.CUDA_SUCCESS:
        raise ProgramFailure(f"{getattr(err, 'name', err)} (CUDA driver API)")
    return values[0] if len(values) == 1 else values


@functools.cache
def _context(index: int):
    """This worker's context on device ``index`` (the primary context; a fault replaces the whole worker)."""
    from cuda.bindings import driver as cu

    _ok(cu.cuInit(0))
    device = _ok(cu.cuDeviceGet(index))
    ctx = _ok(cu.cuDevicePrimaryCtxRetain(device))
    _ok(cu.cuCtxSetCurrent(ctx))
    major = _ok(cu.cuDeviceGetAttribute(cu.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device))
    minor = _ok(cu.cuDeviceGetAttribute(cu.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device))
    return ctx, f"sm_{major}{minor}"


def run(source: str, launch: dict, inputs: list, outputs: list, index: int = 0) -> list[np.ndarray]:
    """Compile ``source`` for the device, run ``launch``'s kernels on ``inputs``; the outputs, as numpy arrays."""
    if "unrunnable" in launch:
        raise ProgramFailure(f"compile-only: {launch['unrunnable']}", "compile-only")
    from cuda.bindings import driver as cu

    _, sm = _context(index)
    try:
        image = nvrtc_compile(source, sm)
    except RuntimeError as e:  # TVM generated CUDA C that NVRTC rejects: a compiler bug, at run time here
        raise ProgramFailure(str(e)) from None
    buffers, kernels = placed(launch, inputs, outputs)
    host = dict(zip(launch["params"], [np.ascontiguousarray(a) for a in inputs] + [poisoned(s, d) for s, d in outputs]))
    host.update({n: poisoned(shape, dtype) for n, (dtype, shape) in buffers.items()})
    image_buffer = np.frombuffer(image, dtype=np.uint8)  # the binding takes a pointer; this keeps it alive
    module = _ok(cu.cuModuleLoadData(image_buffer.ctypes.data))
    device = {}
    try:
        for name, a in host.items():
            device[name] = _ok(cu.cuMemAlloc(max(a.nbytes, 1)))
            if a.nbytes:
                _ok(cu.cuMemcpyHtoD(device[name], a.ctypes.data, a.nbytes))
        for k in kernels:
            _launch_kernel(_ok(cu.cuModuleGetFunction(module, k["name"].encode())), k, device)
        _ok(cu.cuCtxSynchronize())
        results = [host[n] for n in launch["params"][len(inputs):]]
        for name, a in zip(launch["params"][len(inputs):], results):
            if a.nbytes:
                _ok(cu.cuMemcpyDtoH(a.ctypes.data, device[name], a.nbytes))
        return results
    finally:
        for ptr in device.values():
            cu.cuMemFree(ptr)
        cu.cuModuleUnload(module)


def _launch_kernel(function, k: dict, device: dict) -> None:
    from cuda.bindings import driver as cu

    values = [np.array([a["value"]], dtype=a["dtype"]) if isinstance(a, dict) else
              np.array([int(device[a])], dtype=np.uint64) for a in k["args"]]
    pointers = np.array([v.ctypes.data for v in values], dtype=np.uint64)
    _ok(cu.cuLaunchKernel(function, *k["grid"], *k["block"], k["shared"], cu.CUstream(0), pointers.ctypes.data, 0))


# ---------------------------------------------------------------- a runner worker (fuzz/execute/remote.py)

def artifact(source: str, launch: dict, outputs: list) -> Artifact:
    """The CUDA C and its launch plan as a self-contained value: a runner with a GPU and the binding needs no TVM."""
    return Artifact(__name__, {"source": source, "launch": launch, "outputs": [(tuple(s), str(np.dtype(d)))
                                                                                 for s, d in outputs]})


def run_artifact(payload: dict, inputs: list[np.ndarray]) -> list[np.ndarray]:
    from frontends.devices import cuda_driver
    from fuzz.case.ops.int4 import is_int4, pack_rows
    inputs = [pack_rows(a) if is_int4(a) else a for a in inputs]  # as frontends/tvm/frontend.run packs them
    return run(payload["source"], payload["launch"], inputs, [(s, d) for s, d in payload["outputs"]],
               cuda_driver.selected_index())


def prepare(payload: dict) -> bool:
    """Before the runner's workers spawn: nothing to link (the binding opens libcuda.so.1 itself)."""
    return False

