"""IREE configurations that run a preprocessing pipeline before IREE's own, as users of imported models do.

Compiling and running are ``frontends.iree.frontend``'s (each configuration names that module): only the flags
differ, ``--iree-preprocessing-pass-pipeline`` with a pipeline IREE 3.13 registers (checked with
``iree-opt --help-list-hidden``; a function-level pipeline nests in ``util.func``, a module-level one does not:
nesting the transpose pipeline in ``util.func`` aborts iree-compile with "Can't add pass ... restricted to
'builtin.module'").

* ``single-dispatch``: ``iree-preprocessing-make-single-dispatch``, the whole function as one dispatch (what
  upstream reports use to isolate a kernel): every op of a case, reshapes and inits included, in one executable.
* ``conv-nhwc``: ``iree-preprocessing-transpose-convolution-pipeline``, NCHW convs rewritten channels-last with
  transposes around them, as the SDXL and other ROCm deployment flags apply it to NCHW models.
"""
from __future__ import annotations

from frontends.iree.frontend import CPU, FUSION, GFX942, HOST, MODULE, O
from frontends.iree.lower import SINGLE_DISPATCH_PASS
from fuzz.execute.backend import Config

PIPELINE = "--iree-preprocessing-pass-pipeline="
SINGLE_DISPATCH = PIPELINE + f"builtin.module(util.func({SINGLE_DISPATCH_PASS}))"
CONV_NHWC = PIPELINE + "builtin.module(iree-preprocessing-transpose-convolution-pipeline)"


def _configs(name: str, flag: str, what: str) -> tuple[Config, Config]:
    """The preprocessing on llvm-cpu O2 (as ``iree:cpu-O2``) and on simulated gfx942 O2 (as ``iree:gfx942-O2``)."""
    return (Config(f"iree:cpu-O2-{name}", MODULE, "cpu", CPU + HOST + (O[2], FUSION + "true", flag),
                   f"llvm-cpu O2, aggressive fusion on, {what}", "iree-llvm-cpu"),
            Config(f"iree:gfx942-O2-{name}", MODULE, "gfx942", GFX942 + (O[2], flag), f"HIP gfx942 O2, {what}", "gpu"))


CONFIGS = _configs("single-dispatch", SINGLE_DISPATCH, "the whole function one dispatch "
                                                       "(iree-preprocessing-make-single-dispatch)") + \
    _configs("conv-nhwc", CONV_NHWC, "NCHW convs made channels-last first "
                                     "(iree-preprocessing-transpose-convolution-pipeline)")

