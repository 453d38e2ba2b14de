"""IREE, with TOSA: a case enters as linalg MLIR text (``lower``) or TOSA (``tosa_lower``); ``iree-compile`` runs as
a subprocess, and the vmfb that leaves runs under ``iree.runtime`` here or on a device worker (``runner``).

``frontend``, ``tosa_frontend`` and ``onnx_frontend`` (the case's ONNX model through ``iree-import-onnx``) hold the
configurations (the ``fuzz.execute.backend`` contract); ``localize``
and ``gpu_localize`` split IREE's pipeline into points for ``kernelfuzz localize``; ``flags`` knows how older
releases spell their flags."""
