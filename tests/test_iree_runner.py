"""frontends/iree/runner.py hands back bf16 and float8 results bit for bit, in this venv's IREE and in an older
release's side environment whose runtime has no numpy type for them (IREE 3.7: "Unsupported VM Buffer -> numpy
dtype mapping", which was an internal-error of every bf16-output case replayed there)."""
import subprocess

import ml_dtypes
import numpy as np
import pytest

from frontends.releases import release
from fuzz.replay import sideenv

pytestmark = pytest.mark.compilers

ADD = """func.func @main(%a: tensor<4x{t}>, %b: tensor<4x{t}>) -> tensor<4x{t}> {{
  %0 = arith.addf %a, %b : tensor<4x{t}>
  return %0 : tensor<4x{t}>
}}"""
CHILD = """
import sys, ml_dtypes, numpy as np
from iree.compiler import compile_str
from frontends.iree import runner
mlir, name = sys.argv[1], sys.argv[2]
t = getattr(ml_dtypes, name)
a, b = np.array([1.5, -2.0, 0.25, 3.0], t), np.array([2.25, 0.5, 0.125, -8.0], t)
vmfb = compile_str(mlir, target_backends=["llvm-cpu"], extra_args=["--iree-llvmcpu-target-cpu=generic"])
out, = runner.invoke(vmfb, "local-task", "main", [a, b])
print(out.dtype, out.view(np.uint8).tobytes().hex())
"""


def _expected(name: str) -> str:
    t = getattr(ml_dtypes, name)
    want = (np.array([1.5, -2.0, 0.25, 3.0], t).astype(np.float32) +
            np.array([2.25, 0.5, 0.125, -8.0], t).astype(np.float32)).astype(t)  # every sum exact in the type
    return f"{name} {want.view(np.uint8).tobytes().hex()}"


def _run(python, name: str, mlir_type: str) -> str:
    p = subprocess.run([str(python), "-c", CHILD, ADD.format(t=mlir_type), name], capture_output=True, text=True,
                       timeout=300, env=sideenv.child_env(), cwd=str(sideenv.ROOT))
    assert p.returncode == 0, p.stderr[-2000:]
    return p.stdout.strip()


def test_a_bf16_result_from_the_iree_3_7_runtime_is_read_bit_for_bit():
    """The release's own runtime, in its side environment (made by `--releases iree==3.7`; skipped where none was
    made: building one downloads the release)."""
    rel = release("iree==3.7")
    env = sideenv.cache_root() / rel.slug
    if not sideenv.usable(env, rel):
        pytest.skip("no IREE 3.7 side environment here (`kernelfuzz replay --releases iree==3.7` makes it)")
    assert _run(sideenv.python(env), "bfloat16", "bf16") == _expected("bfloat16")


def test_the_unsigned_view_reads_the_same_bits_as_a_runtime_that_maps_the_type(monkeypatch):
    """This venv's runtime maps bf16 and float8 itself; the path older runtimes take (an unsigned view of the same
    buffer) must give the same bits here."""
    import iree.runtime as rt
    from iree.compiler import compile_str
    from frontends.iree import runner

    for name, mlir_type in (("bfloat16", "bf16"), ("float8_e4m3fn", "f8E4M3FN")):
        t = getattr(ml_dtypes, name)
        a, b = np.array([1.5, -2.0, 0.25, 3.0], t), np.array([2.25, 0.5, 0.125, -8.0], t)
        vmfb = compile_str(ADD.format(t=mlir_type), target_backends=["llvm-cpu"],
                           extra_args=["--iree-llvmcpu-target-cpu=generic"])
        native, = runner.invoke(vmfb, "local-task", "main", [a, b])
        with monkeypatch.context() as m:
            m.setattr(runner, "_maps", lambda element_type: False)
            raw, = runner.invoke(vmfb, "local-task", "main", [a, b])
        assert raw.dtype == native.dtype == t and raw.tobytes() == native.tobytes()
        assert f"{name} {raw.view(np.uint8).tobytes().hex()}" == _expected(name)
    assert rt.HalElementType.BFLOAT_16.name in runner.BITS
