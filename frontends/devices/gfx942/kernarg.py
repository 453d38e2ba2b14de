"""The kernel argument segment of a gfx942 launch, as the HIP runtime fills it: ``kernarg(kernel, pointers,
constants, grid, block, memory, dynamic_lds)``.

The explicit arguments are laid out as the code object's metadata says: pointers (8 bytes each) for the
``global_buffer`` arguments, the constants for the ``by_value`` ones, in their order; the hidden arguments of code
object v5 come from the launch itself (``HIDDEN_VALUES``) or point at the runtime's own objects
(``HIDDEN_POINTERS``).  Any other argument kind raises ``Unmodelled``.
"""
from __future__ import annotations

from frontends.devices.gfx942.errors import Unmodelled


# Hidden (implicit) kernel arguments of code object v5 (LLVM's AMDGPUUsage) that the HIP runtime fills from the
# launch itself: hipModuleLaunchKernel dispatches whole workgroups in 3 dimensions at offset 0, with the dynamic LDS
# IREE passes (its export's workgroup_local_memory: IREE 3.3 and 3.4 take LDS this way).  Kernels keep them in their metadata when the passes that drop unused ones did not run
# (``--opt-bisect-limit`` in ``kernelfuzz localize``); IREE's kernels read the ids, not these.
HIDDEN_VALUES = {
    **{f"hidden_block_count_{c}": (lambda g, b, i=i: g[i]) for i, c in enumerate("xyz")},
    **{f"hidden_group_size_{c}": (lambda g, b, i=i: b[i]) for i, c in enumerate("xyz")},
    **{f"hidden_remainder_{c}": (lambda g, b: 0) for c in "xyz"},
    **{f"hidden_global_offset_{c}": (lambda g, b: 0) for c in "xyz"},
    "hidden_grid_dims": lambda g, b: 3, "hidden_none": lambda g, b: 0,
}
# Hidden arguments that point at the runtime's own objects: each gets an address of its own that no allocation
# holds; a kernel that dereferences one stops with ``Unmodelled`` (memory.Memory.runtime_object), never a guess.
HIDDEN_POINTERS = ("hidden_hostcall_buffer", "hidden_heap_v1", "hidden_multigrid_sync_arg", "hidden_default_queue",
                   "hidden_completion_action", "hidden_queue_ptr", "hidden_printf_buffer")


def kernarg(kernel, pointers: list[int], constants: list[int], grid=None, block=None, memory=None,
            dynamic_lds: int = 0) -> bytes:
    """The kernel argument segment: ``pointers`` for the global_buffer arguments, ``constants`` for the by_value
    ones, and the hidden arguments of ``HIDDEN_VALUES``/``HIDDEN_POINTERS`` from the launch's ``grid``, ``block``
    and ``dynamic_lds`` (and runtime objects of ``memory``)."""
    buf = bytearray(kernel.kernarg_size)
    ptrs, consts = iter(pointers), iter(constants)
    for arg in kernel.meta.get(".args", []):
        kind, off, size = arg[".value_kind"], arg[".offset"], arg[".size"]
        if kind == "hidden_dynamic_lds_size" and grid is not None:
            value = dynamic_lds
        elif kind in HIDDEN_VALUES and grid is not None:
            value = HIDDEN_VALUES[kind](grid, block)
        elif kind in HIDDEN_POINTERS and memory is not None:
            value = memory.runtime_object(kind)
        elif kind not in ("global_buffer", "by_value"):
            raise Unmodelled(f"kernel argument kind {kind} ({kernel.name})")
        else:
            value = next(ptrs if kind == "global_buffer" else consts, None)
        if value is None:
            raise Unmodelled(f"a dispatch of {kernel.name} with fewer {kind} values than its arguments")
        buf[off:off + size] = (value & (2**(8 * size) - 1)).to_bytes(size, "little")
    return bytes(buf)
