"""The host side of an IREE module compiled for HIP, run on the simulator: ``run_program(et_text, asm_texts,
inputs)`` (``run_module`` on files).

The stream program of ``iree-compile --compile-to=executable-targets`` is interpreted by the target-independent
``frontends/devices/iree_stream.py`` (the same host rules as the PTX simulator's); this module supplies the device
side: the kernels of the ``.rocmasm`` files of ``--iree-hal-dump-executable-files-to``, the memory, and a launch.
Each ``stream.cmd.dispatch`` becomes a ``launch`` with the export's ``workgroup_local_memory`` as dynamic LDS (the
HIP HAL passes it as hipModuleLaunchKernel's sharedMemBytes), whose kernel arguments are laid out as the code
object's metadata says and IREE's HIP HAL fills them: binding pointers (8 bytes each, in binding order, each the
allocation base plus the binding offset) for the ``global_buffer`` arguments, then the push constants (4 bytes
each) for the ``by_value`` ones.  Allocations come from ``memory.Memory`` (filled with 0xFF until written).
Stream operations ``iree_stream`` does not know raise its ``CannotSimulate``; kernels this simulator cannot run raise ``Unmodelled``.
"""
from __future__ import annotations

from pathlib import Path

from frontends.devices import iree_stream
from frontends.devices.gfx942.asm import parse
from frontends.devices.gfx942.errors import Report, Unmodelled
from frontends.devices.gfx942.launch import launch
from frontends.devices.gfx942.memory import FILL, Memory

exports = iree_stream.exports  # per export: (workgroup counts, workgroup size, workgroup local memory bytes)


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


def kernels(asm_texts) -> dict:
    out = {}
    for text in asm_texts:
        out.update(parse(text))
    return out


def run_program(et_text: str, asm_texts, inputs: list, report: Report | None = None, counts=None,
                function: str = "main", memory: Memory | None = None) -> list:
    """Run ``@function`` of the stream program on ``inputs`` (numpy arrays); returns its outputs.  ``report``
    collects what the launches flag, ``counts`` (a dict) the instructions executed."""
    ks, memory = kernels(asm_texts), memory if memory is not None else Memory()
    report = report if report is not None else Report()

    def run(name, grid, block, local, args):
        k = ks.get(name)
        if k is None:
            raise Unmodelled(f"a dispatch of {name}, which no .rocmasm file defines")
        n = sum(1 for a in k.meta.get(".args", []) if a[".value_kind"] == "global_buffer")
        launch(k, grid, block, kernarg(k, args[:n], args[n:], grid, block, memory, local), memory, report, counts,
               local)
    return iree_stream.run(et_text, inputs, memory, run, FILL, function)


def run_module(et_path: str, asm_dir: str, inputs: list, report: Report | None = None, counts=None,
               function: str = "main") -> list:
    """``run_program`` on files: the executable-targets program and the folder its ``.rocmasm`` was dumped to."""
    texts = [p.read_text() for p in sorted(Path(asm_dir).glob("*.rocmasm"))]
    return run_program(Path(et_path).read_text(), texts, inputs, report, counts, function)
