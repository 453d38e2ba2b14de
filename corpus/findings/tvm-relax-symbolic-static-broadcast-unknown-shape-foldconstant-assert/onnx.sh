#!/bin/sh
# model.onnx (ONNX opset 18) through the importers of: tvm:onnx-relax-cpu.
# exit 0: every importer took it; 1: one rejected it; 2: an importer is not installed
cd "$(dirname "$0")"
python3 -c 'import onnx, tvm.relax.frontend.onnx' 2>/dev/null || { echo "TVM's ONNX frontend not found: pip install apache-tvm==0.27.0.post1 onnx==1.23.2"; exit 2; }
python3 - <<'EOF' || exit 1
import onnx
from tvm.relax.frontend.onnx import from_onnx
try:
    mod = from_onnx(onnx.load('model.onnx'), opset=18)
except Exception as e:  # the importer's rejection: the finding, where it is one
    print(f"from_onnx rejected model.onnx: {type(e).__name__}: {e}")
    raise SystemExit(1)
print(mod.script())
EOF
