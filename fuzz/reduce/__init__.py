"""Reduction: a failing case in, the smallest case and pipeline with the same failure out.

``reducer`` runs the workload passes (``passes/``, one per module) to a fixed point under the one ``consider()``
and minimizes the pipeline (flags, schedule traces), keeping the path the failure reached on a GPU (``reached``:
the matrix instructions, the workgroups); ``fuzz.publish.workflow`` drives it and writes the bundle.
``localize`` takes a wrong-code finding in and gives out the first point of the compiler's pipeline after which it
computes the wrong answer (a phase, pass, schedule primitive or LLVM pass), each side built, run and judged by
the finding's own symptom (``predicate``: a wrong value, its fault, a run fact); ``evidence`` names the pass inside a
codegen running cannot split, by the finding's IR check.
"""
