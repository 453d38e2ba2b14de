"""One check.py for the corpus: every finding's check.py (a bundle's, a localize side's) is a stub that runs
``corpus/tools/check.py``, kernelfuzz's checker (fuzz/publish/templates/check.py); a folder sent upstream holds it
whole.  The same for the other files findings carry verbatim (fuzz/publish/shared_copies.py): ``verdict.py`` and
``verdict.sh`` (the exit-rule helpers, corpus/tools/), ``poison.py`` (corpus/tools/poison.py, from
frontends/tvm/templates/poison.py) and ``hexagon_harness.c`` (corpus/tools/hexagon_harness.c, from
frontends/devices/).  kernelfuzz writes the stubs itself in a folder under corpus/findings/ (reduce, localize,
rescript, corpus/tools/copy_verdict.py); this command converts what was written whole (a bundle reduced elsewhere and
copied in, a branch from before the stubs), and is safe to rerun: it changes nothing the second time.

    python corpus/tools/share_checker.py                        # after a merge: the corpus copies in corpus/tools/
                                                                # from their sources, every copy under
                                                                # corpus/findings a stub
    python corpus/tools/share_checker.py --export FOLDER DEST   # FOLDER copied to DEST with every stub whole

A copy a person changed, or an older kernelfuzz wrote (not the source, nor the stub), is left alone and named.
Run it from a checkout (it imports kernelfuzz's fuzz/ beside it).  Exit status: 0 done, 2 unusable arguments."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(CORPUS.parent))  # kernelfuzz's own package, from the checkout this corpus is in
from frontends import CARRIED as SOURCES  # noqa: E402  (the generated families' sources, the frontends' own files)
from fuzz.publish import checker, shared_copies  # noqa: E402


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--export", nargs=2, metavar=("FOLDER", "DEST"),
                        help="copy FOLDER to DEST (a new folder) with every check.py and other stub written whole")
    args = parser.parse_args(argv)
    if args.export:
        folder, dest = map(Path, args.export)
        if not folder.is_dir() or dest.exists():
            print(f"share_checker: {folder} must be a folder and {dest} a new one", file=sys.stderr)
            return 2
        whole = checker.export(folder, dest)
        others = shared_copies.export(dest, CORPUS)
        print(f"{dest}: {len(whole)} check.py and {len(others)} other shared files written whole, nothing of the "
              f"corpus needed")
        return 0
    changed, kept = checker.share(CORPUS)
    for path in kept:
        print(f"kept (changed by hand): {path.relative_to(CORPUS.parent)}")
    print(f"{len(changed)} check.py under corpus/findings rewritten as the stub of corpus/tools/check.py; "
          f"{len(kept)} kept as a person changed them")
    changed, kept = shared_copies.share(CORPUS, SOURCES)
    for path in kept:
        print(f"kept (changed by hand or by an older kernelfuzz): {path.relative_to(CORPUS.parent)}")
    names = ", ".join(shared_copies.FAMILIES)
    print(f"{len(changed)} of {names} rewritten (corpus/tools/ copies and stubs under corpus/findings); "
          f"{len(kept)} kept")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
