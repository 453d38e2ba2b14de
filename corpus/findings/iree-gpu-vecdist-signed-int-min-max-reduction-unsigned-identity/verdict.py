"""The exit rule of a finding's hand-written scripts, in one place (copied beside the scripts that use it, as
``verdict.py``, by ``python corpus/tools/copy_verdict.py``; a test holds every copy equal to this file).

A script kernelfuzz writes or a finding carries exits **0** when it ran and did not show the bug, **1** when it ran
and showed it, **2** when it could not run or could not judge (a tool, package, device or output missing), **3** on
its own error; never 1 through a traceback.  A script's ``main()`` returns what it observed: True (the bug shown),
False (not shown), None (could not judge); ``run(main)`` turns that into the exit status, a missing package into 2
and any other exception into 3.  ``claim`` prints one observation and returns whether it holds, so ``main`` reads
as the finding's claims: ``return all([claim(...), claim(...)])``.  A script that decides its own status
(``sys.exit(1)`` when it shows the bug) calls ``install()`` first: an exception it does not catch then exits 2
(a missing package) or 3 (its own error), never 1.  Needs Python alone."""
import os
import shutil
import sys
import traceback

NOT_SHOWN, SHOWN, CANNOT_JUDGE, OWN_ERROR = 0, 1, 2, 3


class CannotJudge(Exception):
    """What the script needs is missing (a device, a tool, an output): exit 2, with the reason."""


def claim(text: str, holds: bool) -> bool:
    print(f"  {'holds' if holds else 'FAILS'}: {text}")
    return bool(holds)


def need_tool(name: str) -> str:
    """The path of an executable on PATH, else CannotJudge."""
    path = shutil.which(name)
    if path is None:
        raise CannotJudge(f"{name} is not on PATH")
    return path


def _uncaught(kind, value, tb) -> None:
    traceback.print_exception(kind, value, tb)
    code = CANNOT_JUDGE if issubclass(kind, (ImportError, CannotJudge)) else OWN_ERROR
    print("could not run: a package is missing (exit 2)" if code == CANNOT_JUDGE else "the script's own error (exit 3)")
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)  # Python would exit 1 after any uncaught exception: 1 means "the bug is shown"


def install() -> None:
    """From here on, an uncaught exception exits 2 (ImportError, CannotJudge) or 3, not Python's 1."""
    sys.excepthook = _uncaught


def run(main) -> None:
    """Run ``main`` and exit by the rule (module docstring)."""
    try:
        shown = main()
    except CannotJudge as e:
        print(f"could not judge: {e} (exit 2)")
        sys.exit(CANNOT_JUDGE)
    except ImportError as e:
        print(f"could not run: {e.name or e} is not installed (exit 2)")
        sys.exit(CANNOT_JUDGE)
    except Exception:  # noqa: BLE001  (the script's own error: never "reproduced")
        traceback.print_exc()
        print("the script's own error (exit 3)")
        sys.exit(OWN_ERROR)
    if shown is None:
        print("could not judge (exit 2)")
        sys.exit(CANNOT_JUDGE)
    print("verdict: the bug is shown (exit 1)" if shown else "verdict: the bug is NOT shown (exit 0)")
    sys.exit(SHOWN if shown else NOT_SHOWN)
