"""Shows that tirx.FP8ComputeLegalize alone makes the float8 -> float32 cast wrong, and the later passes are faithful.

For float8_e4m3fnuz -> float32 the pass replaces `T.Cast("float32", A[i])` (right by definition: TIR's Cast is an exact
widening) by the bit formula printed by `fp8_cast_repro.py --passes`:
    ((x << 20) & 0x7FFFFF) | (((x << 1) & 0xFF) >> 4) + 120) << 23 | (x >> 7) << 31      (x: the uint8 bits)
This script evaluates that formula with numpy for all 256 bit patterns and compares it with (a) TVM's built kernel and
(b) the exact value (ml_dtypes). Exit status 1 when the formula equals TVM's output and differs from the exact value
(the bug is the pass's formula), 0 otherwise.
"""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import sys

import ml_dtypes
import numpy as np
import tvm
from tvm import te

x = np.arange(256, dtype=np.uint32)
formula = (((x << 20) & 0x7FFFFF) | (((((x << 1) & 0xFF) >> 4) + 120) << 23) | ((x >> 7) << 31)).astype(np.uint32)
formula = formula.view(np.float32).astype(np.float64)

a = te.placeholder((256,), "float8_e4m3fnuz", name="A")
b = te.compute((256,), lambda i: a[i].astype("float32"), name="B")
f = tvm.build(te.create_prim_func([a, b]), target="llvm")
tensor = tvm.runtime.tensor if hasattr(tvm.runtime, "tensor") else tvm.nd.array
src = np.arange(256, dtype=np.uint8).view(ml_dtypes.float8_e4m3fnuz)
out = tensor(np.zeros(256, "float32"))
f(tensor(src), out)
got = out.numpy().astype(np.float64)
exact = src.astype(np.float64)
finite = np.isfinite(exact)

same_as_tvm = np.array_equal(formula[finite], got[finite])
wrong = int((formula[finite] != exact[finite]).sum())
print(f"tvm {tvm.__version__}: the pass's formula equals TVM's output on all {int(finite.sum())} finite patterns: {same_as_tvm}")
print(f"the formula differs from the exact widening on {wrong} of {int(finite.sum())}")
normal = finite & ((x & 0x78) != 0)
ratio = np.unique(formula[normal & (exact != 0)] / exact[normal & (exact != 0)])
print(f"formula / exact on the normal encodings: {ratio.tolist()}")
sys.exit(1 if same_as_tvm and wrong else 0)
