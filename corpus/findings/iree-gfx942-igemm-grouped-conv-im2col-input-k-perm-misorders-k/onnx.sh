#!/bin/sh
# model.onnx (ONNX opset 18) through the importers of: iree:onnx-gfx942-O2.
# exit 0: every importer took it; 1: one rejected it; 2: an importer is not installed
cd "$(dirname "$0")"
command -v iree-import-onnx >/dev/null || { echo "iree-import-onnx not found: pip install 'iree-base-compiler[onnx]==3.13.0'"; exit 2; }
iree-import-onnx model.onnx -o kernel.mlir || exit 1
