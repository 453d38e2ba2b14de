"""The one way kernelfuzz reads a case file: ``run``, ``replay``, ``reduce``, ``show`` and the campaign call ``load``.

``fuzz.case.workload.load`` checks the file itself (size, encoding, JSON, nesting, format version, every
field's type and range, names, resource limits); this adds the checks that need the layers above
the workload model: every expected verdict names a real ``Verdict``, and every input regenerates
to the sha256 stored with it.  Any failure is a one-line ``CaseFileError`` naming the file, the
field and the fix, raised before anything is compiled.

``is_case_file`` is the one rule for which JSON files in a corpus folder are cases: a file whose ``format`` names
another kernelfuzz format (``known.json``, a finding's ``scripts.json``) is not, whatever its name, and neither are
the files kernelfuzz writes beside a case without a format tag (``UNTAGGED``).  Everything else is meant as a case,
so a damaged case is reported, never skipped.
"""
from __future__ import annotations

from pathlib import Path

from fuzz.case.values import materialize
from fuzz.case.untrusted import read_json
from fuzz.case.workload import FORMATS, Case, CaseFileError, WorkloadError
from fuzz.case.workload import load as load_structure
from fuzz.judge.oracle import Verdict

VERDICTS = tuple(v.value for v in Verdict)
UNTAGGED = frozenset({"results.json", "reduction.json", "summary.json", "releases.json"})  # no format tag inside
CASE_FAMILY = FORMATS[0].split("/")[0]  # kernelfuzz.case: every version of the format is a case's


def is_case_file(path) -> bool:
    """Whether a JSON file found in a corpus folder is meant as a case.  A file that cannot be parsed counts as
    one, so that ``load`` says why it is unreadable; so does a ``format`` that is no kernelfuzz format's."""
    if Path(path).name in UNTAGGED:
        return False
    try:
        j = read_json(path)
    except CaseFileError:
        return True
    fmt = j.get("format") if isinstance(j, dict) else None
    return not (isinstance(fmt, str) and fmt.startswith("kernelfuzz.") and fmt.split("/")[0] != CASE_FAMILY)


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
