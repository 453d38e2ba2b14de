"""IREE gfx942 configurations that differ from ``iree:gfx942-O2`` only in one code-generation switch a user turns
on through ``iree-compile`` flags (opt-in: named, never selected by a wildcard, so ``make fuzz`` costs what it did).

Compiling and running are ``frontends.iree.frontend``'s (each configuration names that module), and so is the
gfx942 simulator that runs what they emit.  A campaign names one beside its base, so a fault of the switch's code
path shows as the variant wrong and the base right.  Each flag is IREE 3.13's spelling (``iree-compile
--help-hidden``):

* ``gfx942-O2-prefetch``: ``--iree-llvmgpu-prefetch-num-stages=3``, shared-memory prefetching (software
  pipelining of the reduction loop's global-to-shared copies) three stages deep (3.13's default is two: measured,
  the same assembly as no flag for a 256x256x512 f16 matmul).
* ``gfx942-O2-data-tiling``: ``--iree-dispatch-creation-data-tiling``, GPU data tiling: matmul operands get
  encodings that later resolve to MFMA-friendly packed layouts (set_encoding / unset_encoding dispatches).
* ``gfx942-O2-ukernels``: ``--iree-rocm-enable-ukernels=all``, the ROCm microkernels (argmax, MFMA multi-mma).
* ``gfx942-O2-tf-matmul``: ``--iree-codegen-llvmgpu-use-tile-and-fuse-matmul``, matmuls through the TileAndFuse
  pipeline instead of VectorDistribute.
* ``gfx942-O2-direct-conv``: ``--iree-codegen-llvmgpu-use-direct-convolution``, convs tiled directly in
  TileAndFuse (no implicit GEMM).
* ``gfx942-O2-igemm-pad``: ``--iree-codegen-llvmgpu-igemm-pad-convolution``, convs padded before the implicit GEMM.
* ``gfx942-O2-split-reduction``: ``--iree-dispatch-creation-enable-split-reduction``, a long reduction (a matmul's
  K far beyond M x N) split into a partial-result dispatch and a second reduction (measured: a 32x48x8192 f16 matmul
  becomes two dispatches; ``--iree-dispatch-creation-split-matmul-reduction=4`` alone changes nothing there).
"""
from __future__ import annotations

from frontends.iree.backend_options import gfx942_variant

FLAGS = {
    "prefetch": ("--iree-llvmgpu-prefetch-num-stages=3", "shared-memory prefetch, 3 stages"),
    "data-tiling": ("--iree-dispatch-creation-data-tiling", "GPU data tiling (encodings)"),
    "ukernels": ("--iree-rocm-enable-ukernels=all", "all ROCm ukernels"),
    "tf-matmul": ("--iree-codegen-llvmgpu-use-tile-and-fuse-matmul", "matmuls through TileAndFuse"),
    "direct-conv": ("--iree-codegen-llvmgpu-use-direct-convolution", "direct convolution in TileAndFuse"),
    "igemm-pad": ("--iree-codegen-llvmgpu-igemm-pad-convolution", "convs padded before implicit GEMM"),
    "split-reduction": ("--iree-dispatch-creation-enable-split-reduction", "split reduction"),
}

CONFIGS = tuple(gfx942_variant(name, flag, what, opt_in=True) for name, (flag, what) in FLAGS.items())
BASE = {c.name: "iree:gfx942-O2" for c in CONFIGS}  # each switch's base (the tests compare their flags)
