"""TVM releases differ in their modules, passes and schedule primitives: the one place that says what each
TVM configuration needs of the installed release (``kernelfuzz replay --releases``).

``release_gap(config)`` resolves every dotted name the configuration's lowering and schedule use
(``REQUIRES``, by configuration-name glob) in the installed ``tvm``; one that is missing makes the
configuration ``unavailable for this release`` with its name (``fuzz/replay/replay.py``), never a failure.
Measured: apache-tvm 0.25, 0.26 and 0.27 have the modules (``tvm.tirx``, ``tvm.s_tir``, dlight, MetaSchedule);
0.25 runs only with apache-tvm-ffi 0.1.12 (0.1.14 fails to load its runtime), which lacks ``tvm_ffi.structural_map``
(``map_nodes`` falls back to TIR's ``ir_transform``), its ``DataType`` has no ``is_bool`` (``is_bool``), its
PrimFunc's parameters are ``Var``s bound to buffers by a ``buffer_map`` (``param_buffers``; its host code launches
GPU kernels by ``tvm_call_packed``, which ``cuda_run.plan`` does not read, so its GPU runs are refused, never judged),
and its ``relax.TensorType`` takes a rank, not a shape (``PROBES``): the Relax configurations are unavailable on 0.25.
"""
from __future__ import annotations

import fnmatch
import functools
import importlib

BASE = ("tvm.tirx", "tvm.te.create_prim_func", "tvm.s_tir.Schedule", "tvm.s_tir.Trace.apply_json_to_schedule",
        "tvm.s_tir.pipeline.default_s_tir_pipeline", "tvm.tirx.compilation_pipeline", "tvm.compile")
REQUIRES = {  # configuration-name glob -> dotted names (beyond BASE); every matching glob applies
    "tvm:*sampled": ("tvm.s_tir.meta_schedule.TuneContext", "tvm.s_tir.meta_schedule.search_strategy.ReplayTrace"),
    "tvm:*tuned": ("tvm.s_tir.meta_schedule.tir_integration.tune_tir",
                   "tvm.s_tir.meta_schedule.tir_integration.compile_tir"),
    "tvm:cpu-cache-write": ("tvm.s_tir.Schedule.cache_write",),
    "tvm:cpu-rfactor": ("tvm.s_tir.Schedule.rfactor",),
    "tvm:cpu-compute-at": ("tvm.s_tir.Schedule.reverse_compute_at",),
    "tvm:*dlight": ("tvm.s_tir.dlight",),
    "tvm:relax-*": ("tvm.relax.BlockBuilder", "tvm.relax.get_default_pipeline", "tvm.relax.transform.LegalizeOps",
                    "tvm.relax.VirtualMachine"),
}


@functools.cache
def resolves(dotted: str) -> bool:
    """Whether ``dotted`` names a module, or an attribute reachable from the longest importable prefix."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return False
        return True
    return False


def needs(name: str) -> tuple[str, ...]:
    return BASE + tuple(d for glob, names in REQUIRES.items() if fnmatch.fnmatchcase(name, glob) for d in names)


@functools.cache
def _relax_tensor_type_takes_a_shape() -> bool:
    from tvm import relax
    try:
        relax.TensorType([1, 2], "float32")
    except TypeError:
        return False
    return True


PROBES = {  # configuration-name glob -> (what kernelfuzz's lowering calls, check) for API changes names cannot show
    "tvm:relax-*": ("relax.TensorType(shape, dtype)", _relax_tensor_type_takes_a_shape),
}


def map_nodes(stmt, node_type, rewrite):
    """``stmt`` with every node of ``node_type`` replaced by ``rewrite(node)``, bottom-up: apache-tvm-ffi's
    ``structural_map`` (0.1.14 on, TVM 0.26 and 0.27), else TIR's ``ir_transform`` (TVM 0.25's ffi 0.1.12)."""
    import tvm_ffi
    if hasattr(tvm_ffi, "structural_map"):
        return tvm_ffi.structural_map(stmt, [(node_type, rewrite)])
    from tvm.tirx import stmt_functor
    return stmt_functor.ir_transform(stmt, None, lambda n: rewrite(n) if isinstance(n, node_type) else n)


def is_bool(dtype) -> bool:
    """Whether a ``tvm.DataType`` is bool (``is_bool`` from TVM 0.26; 0.25's DataType is a str without it)."""
    return dtype.is_bool if hasattr(dtype, "is_bool") else str(dtype).startswith("bool")


def param_buffers(func) -> list:
    """A PrimFunc's parameter buffers, in order: its parameters themselves in apache-tvm 0.26 and 0.27 (tirx params
    are buffers), else (0.25) the buffers its ``buffer_map`` binds to its ``Var`` parameters (``var_in0`` -> ``in0``)."""
    if hasattr(func, "buffer_map"):
        return [func.buffer_map[p] for p in func.params]
    return list(func.params)


def region_buffer(region):
    """A ``BufferRegion``'s buffer: ``.source`` in apache-tvm 0.27, ``.buffer`` before."""
    return region.source if hasattr(region, "source") else region.buffer


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as v
    try:
        return v("apache-tvm")
    except PackageNotFoundError:
        return "?"


def release_gap(config) -> str:
    """Why the installed TVM release cannot build ``config`` ('' when it can): what it lacks."""
    gone = [d for d in needs(config.name) if not resolves(d)]
    gone += [what for glob, (what, ok) in PROBES.items() if fnmatch.fnmatchcase(config.name, glob) and not ok()]
    return f"apache-tvm {version()} lacks {', '.join(gone)}" if gone else ""
