"""IREE GPU configurations that differ from their base only in an option of the LLVM backend, as a backend fuzzer
varies them: a backend miscompile shows as a disagreement between two compiles of the same kernel.

Compiling and running are ``frontends.iree.frontend``'s (each configuration names that module), and so is the
simulator that runs what they emit.  Every option here reaches LLVM's AMDGPU or NVPTX code generator inside
``iree-compile`` (an LLVM ``cl::opt`` is global to the process, and IREE runs one process per compile, so an
option never leaks into another configuration's compile; within it a target-independent option such as
``--misched`` also reaches the x86 code IREE's constant evaluation JIT-compiles, so the options here are the
backends' own).  Each changes the emitted gfx942 assembly or PTX of a stored case (``tests/test_configs.py``).

* ``gfx942-O2-global-isel``: ``--iree-rocm-llvm-global-isel``, IREE's own switch to AMDGPU's GlobalISel instruction
  selector instead of SelectionDAG (it sets ``TargetOptions::EnableGlobalISel``; LLVM's ``--global-isel`` also skips
  two AMDGPU IR preparations, docs/configurations.md).  Opt-in: name it.
* ``gfx942-O2-max-ilp``: ``--amdgpu-sched-strategy=max-ilp``, the machine scheduler's strategy that maximizes
  instruction-level parallelism instead of the default max-occupancy one.
* ``gfx942-O2-ssa-sched``: ``--amdgpu-use-ssa-machine-scheduler``, AMDGPU's machine scheduler run in SSA form (before
  register coalescing and the two-address rewrite), an experimental mode off by default.  Opt-in.
* ``gfx942-O2-iterative-ilp``: ``--amdgpu-sched-strategy=iterative-ilp``, the GCN iterative scheduler minimizing
  latency, a strategy LLVM marks experimental.  Opt-in.
* ``gfx942-O2-no-sdwa``: ``--amdgpu-sdwa-peephole=0``, AMDGPU's SDWA peephole off (on by default: it folds 16-bit and
  byte extracts into sub-dword operand selects), so a fault of the peephole shows as the base wrong and this right.
  Opt-in.
* ``cuda-sm80-O2-sched4reg``: ``--nvptx-sched4reg``, NVPTX's SelectionDAG scheduled for register pressure (the
  ``list-burr`` scheduler) instead of source order.
* ``cuda-sm80-O2-no-lsv``: ``--disable-nvptx-load-store-vectorizer``, NVPTX's load/store vectorizer (on by default)
  off: memory accesses stay scalar, so a fault of the vectorizer shows against the base.
* ``cuda-sm80-O2-mad-wide``: ``--nvptx-mad-wide-opt``, NVPTX's folding of a widening multiply and a 64-bit add into
  ``mad.wide`` (off by default), the address arithmetic of most loads and stores.  Opt-in.

The opt-in ones (named, never selected by a wildcard, so ``make fuzz`` costs what it did) are for a backend hunt:
``kernelfuzz fuzz --configs 'iree:gfx942-O2,iree:gfx942-O2-ssa-sched,...'``.

Not reachable in IREE 3.13 (measured): the backend's optimization level (IREE fixes LLVM's codegen level; neither
``--iree-opt-level`` nor ``--iree-llvmcpu-mlir-opt-level`` changes the gfx942 assembly), GlobalISel for NVPTX
(NVPTX has none: iree-compile fails), ``--regalloc=...`` on AMDGPU (LLVM ERROR: "-regalloc not supported with
amdgcn").  What else was measured, and why it is not here, is in docs/configurations.md.
"""
from __future__ import annotations

from frontends.iree.frontend import CUDA, GFX942, MODULE, O
from fuzz.execute.backend import Config

GLOBAL_ISEL = "--iree-rocm-llvm-global-isel"
# AMDGPU's own switch, not LLVM's --misched=gcn-max-ilp (the same gfx942 assembly): --misched also picks the machine
# scheduler of the x86 code IREE's constant evaluation JIT-compiles in the same process, and a GCN scheduler there
# segfaults (issue 50's hunt: 2 of 30 wide cases, a compile-time-constant result, "crashed" on the variant alone)
MAX_ILP = "--amdgpu-sched-strategy=max-ilp"
SCHED4REG = "--nvptx-sched4reg"
NO_LSV = "--disable-nvptx-load-store-vectorizer"
SSA_SCHED = "--amdgpu-use-ssa-machine-scheduler"
ITERATIVE_ILP = "--amdgpu-sched-strategy=iterative-ilp"  # = --misched=gcn-iterative-ilp on gfx942
NO_SDWA = "--amdgpu-sdwa-peephole=0"
MAD_WIDE = "--nvptx-mad-wide-opt"




def gfx942_variant(name: str, flag: str, what: str, opt_in: bool = False) -> Config:
    """``iree:gfx942-O2`` plus one flag (``codegen_options`` builds its switches with it too)."""
    return Config(f"iree:gfx942-O2-{name}", MODULE, "gfx942", GFX942 + (O[2], flag), f"HIP gfx942 O2, {what}", "gpu",
                  opt_in=opt_in)


def _cuda(name: str, flag: str, what: str, opt_in: bool = False) -> Config:
    return Config(f"iree:cuda-sm80-O2-{name}", MODULE, "cuda", CUDA + (O[2], flag), f"CUDA sm_80 PTX O2, {what}",
                  "gpu", opt_in=opt_in)


CONFIGS = (
    # opt-in (named, never by a wildcard): AMDGPU's GlobalISel dies on 43% of generated cases (three unfiled legalizer
    # gaps, docs/configurations.md), which would fill every default campaign with the same crash buckets
    gfx942_variant("global-isel", GLOBAL_ISEL, "AMDGPU's GlobalISel instruction selector (not SelectionDAG)", opt_in=True),
    gfx942_variant("max-ilp", MAX_ILP, "AMDGPU machine scheduler maximizing ILP (not occupancy)"),
    _cuda("sched4reg", SCHED4REG, "NVPTX SelectionDAG scheduled for register pressure"),
    _cuda("no-lsv", NO_LSV, "NVPTX load/store vectorizer off"),
    # opt-in: options off by default or experimental, for a backend hunt named by hand (make fuzz's cost unchanged)
    gfx942_variant("ssa-sched", SSA_SCHED, "AMDGPU machine scheduler in SSA form (experimental)", opt_in=True),
    gfx942_variant("iterative-ilp", ITERATIVE_ILP, "GCN iterative ILP scheduler (experimental)", opt_in=True),
    gfx942_variant("no-sdwa", NO_SDWA, "AMDGPU SDWA peephole off", opt_in=True),
    _cuda("mad-wide", MAD_WIDE, "NVPTX mad.wide folding of address arithmetic", opt_in=True),
)

# each variant's base: the configuration whose flags it extends by one backend option (the tests compare them); the
# name says it, as ``gfx942_variant`` and ``_cuda`` write it: the base is the name up to its ``-O2``
BASE = {c.name: c.name[:c.name.index("-O2-") + len("-O2")] for c in CONFIGS}
