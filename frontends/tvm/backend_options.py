"""TVM GPU configurations that differ from ``tvm:rocm-dlight`` only in an option of LLVM's AMDGPU backend, as a
backend fuzzer varies them: a backend miscompile shows as a disagreement between two compiles of the same kernel.

Compiling and running are ``frontends.tvm.frontend``'s (each configuration names that module; its ``target_of``
adds the features to the target, so a finding's bundle rebuilds the same target).  TVM 0.27's ``rocm`` target
takes no ``cl-opt`` and no ``opt-level`` (only the ``llvm`` kind does: "Unknown config option 'cl-opt'"), so the
one way to the backend is ``mattr``, the subtarget features, and AMDGPU keeps two of its code generator's switches
there.  Each changes the gfx942 assembly of a stored case (``tests/test_backend_options.py``):

* ``rocm-dlight-si-scheduler``: ``-mattr=+si-scheduler``, AMDGPU's SI machine scheduler instead of the default
  GCN max-occupancy scheduler.
* ``rocm-dlight-no-load-store-opt``: ``-mattr=-load-store-opt``, AMDGPU's SILoadStoreOptimizer off (on by default:
  it merges neighbouring loads and stores into wider ones), so a fault of the merge shows against the base.

TVM's ``cuda`` target compiles CUDA C with NVRTC, not LLVM's NVPTX backend, and its ``nvptx`` kind takes neither
``mattr`` nor ``cl-opt``: no NVPTX option reaches a TVM configuration.
"""
from __future__ import annotations

from frontends.tvm.frontend import MATTR, MODULE, PROFILE, SCHEDULES
from fuzz.execute.backend import Config

def _rocm(name: str, feature: str, what: str) -> Config:
    return Config(f"tvm:rocm-dlight-{name}", MODULE, "rocm", ("dlight", MATTR + feature),
                  f"ROCm gfx942 code object, {what} (-mattr={feature}); {SCHEDULES['dlight']}", PROFILE["rocm"])


CONFIGS = (
    _rocm("si-scheduler", "+si-scheduler", "AMDGPU's SI machine scheduler"),
    _rocm("no-load-store-opt", "-load-store-opt", "AMDGPU's load/store merging off"),
)

# each variant's base: the configuration whose target it extends by one subtarget feature (the tests compare them)
BASE = {c.name: "tvm:rocm-dlight" for c in CONFIGS}
