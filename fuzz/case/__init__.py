"""The case model, the leaf every stage imports.

In: JSON (a case file, already past ``untrusted``'s limits) or the generator's choices.  Out: a frozen ``Case``
(``workload``: inputs, ops, outputs, stored schedules, expectations) and its input values regenerated exactly
from their specification (``values``).  ``ops/`` holds one module per op family (conv, generic, named ops, affine
maps, scalar bodies); ``to_onnx/`` writes a case as the ONNX model its ONNX configurations import.
"""
