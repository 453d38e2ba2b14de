# This folder's poison.py in a kernelfuzz corpus: it runs the corpus's one copy (SHARED, from this folder) as this
# module's own code, so `import poison` behaves as with the whole file.  To send the folder upstream, write it
# with the whole file: `python corpus/tools/share_checker.py --export FOLDER DEST`.
import os
import sys

SHARED = os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../../../../tools/poison.py')  # the corpus's poison.py
if not os.path.isfile(SHARED):  # outside the corpus: could not run (exit 2), saying what to do
    sys.exit(print(f"could not run: no {SHARED}: run corpus/tools/share_checker.py --export", file=sys.stderr) or 2)
exec(compile(open(SHARED).read(), SHARED, "exec"))
