"""kernelfuzz's engine, one package per stage a case walks through:

    case/      the case model: workload, op families, input values, what a case file may hold
    judge/     the reference with certified bounds, verdicts, signatures .. Case, outputs -> verdict, bucket
    generate/  random UB-free cases (swarm draws of features) ............ seed -> Case
    execute/   compile and run on isolated worker lanes (frontend contract) Case, configs -> CaseReport
    campaign/  seeded campaigns with resumable state, Dask, masking ....... seed, N -> findings, buckets
    reduce/    delta debugging of the workload and the pipeline .......... failing Case -> minimal Case
    replay/    the corpus as a regression suite .......................... corpus -> outcomes
    publish/   bundles for upstream, the campaign report ................. results -> files for people
    cli/       the command line, the only place the engine meets ``frontends``

Each stage imports only stages above it in this list (``case`` is the leaf; ``tests/test_layout.py`` holds the
tree to it).  ``casefile`` is the one loader every command uses; ``store`` writes files atomically inside a
folder.  Compilers live in the ``frontends`` package.
"""
