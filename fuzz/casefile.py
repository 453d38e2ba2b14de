"""The one way kernelfuzz reads a case file: ``run``, ``replay``, ``reduce``, ``show`` and the campaign call ``load``.

``fuzz.case.workload.load`` checks the file itself (size, encoding, JSON, nesting, format version, every
field's type and range, names, resource limits); this adds the checks that need the layers above
the workload model: every expected verdict names a real ``Verdict``, and every input regenerates
to the sha256 stored with it.  Any failure is a one-line ``CaseFileError`` naming the file, the
field and the fix, raised before anything is compiled.
"""
from __future__ import annotations

from fuzz.case.values import materialize
from fuzz.case.workload import Case, CaseFileError, WorkloadError
from fuzz.case.workload import load as load_structure
from fuzz.judge.oracle import Verdict

VERDICTS = tuple(v.value for v in Verdict)


def load(path) -> Case:
    case = load_structure(path)
    for config, verdict in case.expect:
        if verdict not in VERDICTS:
            raise CaseFileError(path, f"expect[{config!r}]: {verdict!r} is not a verdict; use one of "
                                      f"{', '.join(VERDICTS)}", "verdict")
    for t in case.inputs:  # values regenerate within the limits load_structure checked
        try:
            materialize(t)
        except WorkloadError as e:
            raise CaseFileError(path, str(e), "hash") from None
    return case
