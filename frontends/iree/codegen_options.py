"""IREE gfx942 configurations that differ from ``iree:gfx942-O2`` only in one code-generation switch a user turns
on through ``iree-compile`` flags (opt-in: named, never selected by a wildcard, so ``make fuzz`` costs what it did).

Compiling and running are ``frontends.iree.frontend``'s (each configuration names that module), and so is the
gfx942 simulator that runs what they emit.  A campaign names one beside its base, so a fault of the switch's code
path shows as the variant wrong and the base right.  Each flag is IREE 3.13's spelling (``iree-compile
--help-hidden``):

* ``gfx942-O2-prefetch``: ``--iree-llvmgpu-prefetch-num-stages=2``, shared-memory prefetching (software
  pipelining of the reduction loop's global-to-shared copies) forced on with two stages.
* ``gfx942-O2-data-tiling``: ``--iree-dispatch-creation-data-tiling``, GPU data tiling: matmul operands get
  encodings that later resolve to MFMA-friendly packed layouts (set_encoding / unset_encoding dispatches).
* ``gfx942-O2-ukernels``: ``--iree-rocm-enable-ukernels=all``, the ROCm microkernels (argmax, MFMA multi-mma).
* ``gfx942-O2-tf-matmul``: ``--iree-codegen-llvmgpu-use-tile-and-fuse-matmul``, matmuls through the TileAndFuse
  pipeline instead of VectorDistribute.
* ``gfx942-O2-direct-conv``: ``--iree-codegen-llvmgpu-use-direct-convolution``, convs tiled directly in
  TileAndFuse (no implicit GEMM).
* ``gfx942-O2-igemm-pad``: ``--iree-codegen-llvmgpu-igemm-pad-convolution``, convs padded before the implicit GEMM.
* ``gfx942-O2-split-k``: ``--iree-dispatch-creation-split-matmul-reduction=4``, a matmul's K split four ways into
  a partial-product dispatch and a reduction.
"""
from __future__ import annotations

from frontends.iree.frontend import GFX942, MODULE, O
from fuzz.execute.backend import Config

FLAGS = {
    "prefetch": ("--iree-llvmgpu-prefetch-num-stages=2", "shared-memory prefetch, 2 stages"),
    "data-tiling": ("--iree-dispatch-creation-data-tiling", "GPU data tiling (encodings)"),
    "ukernels": ("--iree-rocm-enable-ukernels=all", "all ROCm ukernels"),
    "tf-matmul": ("--iree-codegen-llvmgpu-use-tile-and-fuse-matmul", "matmuls through TileAndFuse"),
    "direct-conv": ("--iree-codegen-llvmgpu-use-direct-convolution", "direct convolution in TileAndFuse"),
    "igemm-pad": ("--iree-codegen-llvmgpu-igemm-pad-convolution", "convs padded before implicit GEMM"),
    "split-k": ("--iree-dispatch-creation-split-matmul-reduction=4", "matmul K split 4 ways"),
}

BASE = {f"iree:gfx942-O2-{name}": "iree:gfx942-O2" for name in FLAGS}

CONFIGS = tuple(Config(f"iree:gfx942-O2-{name}", MODULE, "gfx942", GFX942 + (O[2], flag), f"HIP gfx942 O2, {what}",
                       "gpu", opt_in=True) for name, (flag, what) in FLAGS.items())
