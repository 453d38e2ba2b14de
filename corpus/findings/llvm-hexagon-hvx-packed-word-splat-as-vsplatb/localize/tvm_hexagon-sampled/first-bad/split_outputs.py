"""Split the harness's out.bin into out/<output>.npy (numpy only)."""
import os

import numpy as np

OUTPUTS = [('op0', [6, 6], 'int32')]  # (name, shape, dtype)
data, at = open("out.bin", "rb").read(), 0
os.makedirs("out", exist_ok=True)
for name, shape, dtype in OUTPUTS:
    n = int(np.prod(shape)) * np.dtype(dtype).itemsize
    np.save(f"out/{name}.npy", np.frombuffer(data[at:at + n], dtype=dtype).reshape(shape))
    at += n
