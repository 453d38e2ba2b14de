"""Reduction: a failing case in, the smallest case and pipeline with the same failure out.

``reducer`` runs the workload passes (``passes/``, one per module) to a fixed point under the one ``consider()``
and minimizes the pipeline (flags, schedule traces); ``fuzz.publish.workflow`` drives it and writes the bundle.
"""
