"""TVM, through TE and through Relax: a case enters as a TE PrimFunc (``lower``) or a Relax module
(``relax_lower``), is scheduled (``schedules``) and compiled through a TIR pipeline that poisons every intermediate
buffer (``poison``), and runs in the worker, on a CUDA device (``cuda_run``) or under QEMU (``frontends.devices``).

``frontend``, ``relax_frontend`` and ``onnx_frontend`` (Relax from the case's ONNX model) hold the configurations (the ``fuzz.execute.backend`` contract); ``points``,
``localize`` and ``localize_export`` split TVM's pipeline into points for ``kernelfuzz localize``; ``compat`` knows
what older releases lack."""
