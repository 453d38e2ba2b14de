"""A conv2d whose input is also added to its output (a residual), through Relax's default CUDA pipeline: dlight's GEMV
rule fails in compute_at (gpu/gemv.py). TVM only; prints the outcome for CUDA (compile only, no device needed), and
the frames of the exception inside TVM's dlight package. Output: relax_repro.txt (python relax_repro.py > relax_repro.txt
2>&1)."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import os
import traceback

import tvm
from tvm import relax
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((1, 1, 3, 1), dtype="int8"), w: R.Tensor((1, 3, 1, 1), dtype="int8")) -> R.Tensor((1, 1, 3, 1), dtype="int32"):
        with R.dataflow():
            c = R.nn.conv2d(x, w, strides=[1, 1], padding=[0, 1, 0, 1], data_layout="NHWC", kernel_layout="HWIO",
                            out_layout="NHWC", out_dtype="int32")
            gv = R.add(c, R.astype(x, dtype="int32"))
            R.output(gv)
        return gv


errors = []
for target in ({"kind": "cuda", "arch": "sm_80"},):
    try:
        relax.build(Module, tvm.target.Target(target))
        print(f"{target['kind']}: compiled")
    except Exception as e:  # noqa: BLE001  (the repro reports what TVM raised)
        errors.append(str(e))
        lines = str(e).strip().splitlines()
        print(f"{target['kind']}: {type(e).__name__}: {lines[0][:120]} ... {[ln for ln in lines if 'Error message' in ln][:1]}")
        root = os.path.dirname(os.path.dirname(tvm.__file__))
        for frame in traceback.extract_tb(e.__traceback__):
            if f"{os.sep}dlight{os.sep}" in frame.filename:
                print(f'  File "{os.path.relpath(frame.filename, root)}", line {frame.lineno}, in {frame.name}')
                print(f"    {frame.line}")
shown = verdict.claim("dlight's GEMV rule fails in compute-at: a consumer of the cached vector is not under the loop",
                      any("compute-at" in e and "consumer" in e for e in errors))
verdict.run(lambda: shown)
