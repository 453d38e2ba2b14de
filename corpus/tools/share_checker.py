"""One check.py for the corpus: every finding's check.py (a bundle's, a localize side's) is a stub that runs
``corpus/tools/check.py``, kernelfuzz's checker (fuzz/publish/templates/check.py); a folder sent upstream holds it
whole.  kernelfuzz writes the stub itself in a folder under corpus/findings/ (reduce, localize, rescript:
fuzz/publish/checker.py); this command converts what was written whole (a bundle reduced elsewhere and copied in, a
branch from before the stubs), and is safe to rerun: it changes nothing the second time.

    python corpus/tools/share_checker.py                        # after a merge: corpus/tools/check.py from the
                                                                # template, every copy under corpus/findings a stub
    python corpus/tools/share_checker.py --export FOLDER DEST   # FOLDER copied to DEST with check.py whole

A check.py a person changed (not the template with its outputs filled in, nor the stub) is left alone and named.
Run it from a checkout (it imports kernelfuzz's fuzz/ beside it).  Exit status: 0 done, 2 unusable arguments."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(CORPUS.parent))  # kernelfuzz's own package, from the checkout this corpus is in
from fuzz.publish import checker  # noqa: E402


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--export", nargs=2, metavar=("FOLDER", "DEST"),
                        help="copy FOLDER to DEST (a new folder) with every check.py written whole")
    args = parser.parse_args(argv)
    if args.export:
        folder, dest = map(Path, args.export)
        if not folder.is_dir() or dest.exists():
            print(f"share_checker: {folder} must be a folder and {dest} a new one", file=sys.stderr)
            return 2
        whole = checker.export(folder, dest)
        print(f"{dest}: {len(whole)} check.py written whole, nothing of the corpus needed")
        return 0
    changed, kept = checker.share(CORPUS)
    for path in kept:
        print(f"kept (changed by hand): {path.relative_to(CORPUS.parent)}")
    print(f"{len(changed)} check.py under corpus/findings rewritten as the stub of corpus/tools/check.py; "
          f"{len(kept)} kept as a person changed them")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
