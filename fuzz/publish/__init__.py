"""Files for people: what a finding or a campaign hands to a compiler engineer.

``workflow`` turns a failing case into an upstream-ready bundle (reduce, minimize the pipeline, write it);
``bundle`` writes an upstream-ready repro folder (``relax_bundle``: its standalone Relax script; ``plots``: error
heatmap and histogram); ``report`` renders a campaign's HTML page (``report_findings``: its bug buckets,
``charts``: throughput and findings over time; template in ``templates/``); ``localize_files`` writes what
``kernelfuzz localize`` finds (localize.txt, each boundary side's repro files).
"""
