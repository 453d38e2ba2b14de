"""Compile and run a case, isolated, on every selected configuration.

In: a ``Case`` and ``Config``s.  Out: a ``CaseReport`` (``fuzz.judge.results``).  ``backend`` is the contract a
compiler frontend implements (configurations, availability, compile, run, a finding's repro scripts);
``registry`` finds the frontends by data (the engine and its command line import none); ``isolate`` runs
frontends in spawned worker lanes with timeouts, so a crash or hang becomes a result; ``runner`` takes one case
through the configurations and judges each; ``batch`` compiles a group of cases as one module and attributes failures;
``remote`` runs an exported program (``Artifact``) on another machine, for a lane whose compiles stay here;
``float_types`` reads a frontend's declared element-type refusals (bf16, float8) against a case; whether a
configuration takes a case at all is its frontend's ``takes``, which ``runner.prepare`` asks once.
"""
