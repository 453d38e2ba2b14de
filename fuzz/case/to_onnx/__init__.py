"""The case as an ONNX model: what enters is a ``Case``, what leaves is an ``onnx.ModelProto`` (opset ``OPSET``)
whose graph computes exactly the case's declared semantics, or ``Unwritable`` naming what ONNX (or this writer)
cannot say exactly.

The model is the input of the ONNX configurations (``frontends/iree/onnx_frontend.py`` imports it with
``iree-import-onnx``, ``frontends/tvm/onnx_frontend.py`` with ``tvm.relax.frontend.onnx.from_onnx``) and of the
repro bundle (``model.onnx``, with ``IMPORTERS``' commands).  It lives in the case model, not in a compiler's
package, because both compilers and the bundle write the same model: one writer, one meaning.

Exactness rules (each mapping is tested against ``onnx.reference.ReferenceEvaluator`` and kernelfuzz's reference,
``tests/test_onnx_writer.py``):

* every conv carries ``kernel_shape``, as exporters write it (ONNX's shape inference needs it where the filter's
  dims are dynamic);
* a conv or matmul whose inputs widen exactly to the accumulator is ``Conv`` / ``Gemm`` / ``MatMul`` on the inputs
  cast to the accumulator; NHWC is ``Transpose`` around an NCHW ``Conv``; an int8 conv or matmul accumulated in
  int32 is ``ConvInteger`` / ``MatMulInteger`` with its zero points (ONNX pads ``ConvInteger`` with the image
  zero point, as the case does);
* a generic whose every input dim reads one loop dim (permuted, broadcast, at an offset or reversed) is ``Slice`` /
  ``Transpose`` / ``Unsqueeze`` views, one ONNX op per body op (``Add``, ``Mul``, ``Round``, ``Clip``, ``Where``
  over comparisons, ``Mod``, ...), ``Expand`` to the loop space, then ``ReduceSum`` / ``ReduceMax`` / ``ReduceMin`` over its
  reduction dims.  The generator's softmax and normalization DAGs are written op by op this way: ONNX's
  ``Softmax`` and ``LayerNormalization`` would round differently from the case's declared ops;
* ``attention`` is the attention-shaped subgraph ``MatMul``, ``Mul`` by the scale, the mask (``Add``, or ``Where``
  over ``-inf``), ``Softmax``, ``MatMul``, computed in f32 and cast back once: inside every profile's declared
  attention numerics;
* max pooling is ``MaxPool`` then an exact widening ``Cast``; ``pad`` is ``Pad``.

Declined (``Unwritable``): sum pooling (ONNX has only the average), integer division and shifts (ONNX ``Div``
leaves integer rounding unspecified; ``BitShift`` is unsigned), a float-to-integer ``Cast`` of a value not known
to be integral (ONNX leaves its rounding unspecified), windowed, diagonal and quasi-affine reads, and element
types other than f16, f32, i8 and i32.  A dynamic dim is a ``dim_param`` of the graph's inputs and outputs.
"""
from __future__ import annotations

from fuzz.case.to_onnx.builder import IMPORTERS, IREE_IMPORT, MODEL, OPSET, TVM_IMPORT, Unwritable  # noqa: F401
from fuzz.case.to_onnx.model import declines, to_bytes, write  # noqa: F401
