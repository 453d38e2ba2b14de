"""Files for people: what a finding or a campaign hands to a compiler engineer.

``workflow`` turns a failing case into an upstream-ready bundle (reduce, minimize the pipeline, write it);
``bundle`` writes an upstream-ready repro folder (its scripts are the frontends' own; ``onnx_bundle``: the
ONNX model and its importers' script; ``plots``: error heatmap and histogram); ``rescript`` writes a saved bundle's
scripts again from today's templates; ``report`` renders a campaign's HTML page (``report_findings``: its bug buckets,
``charts``: throughput and findings over time; template in ``templates/``); ``localize_files`` writes what
``kernelfuzz localize`` finds (localize.txt, each boundary side's repro files).
"""
