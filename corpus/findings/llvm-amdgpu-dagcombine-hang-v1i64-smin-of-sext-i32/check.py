# This folder's check.py in a kernelfuzz corpus: `python3 check.py OUTPUT [OUTPUT ...]` judges output files as a
# bundle's check.py does, and `import check` gives its functions, by running the corpus's one copy (SHARED: its
# usage, exit rule and code) in this module, on the OUTPUTS below and this folder's reference/ and inputs/.  To send
# the folder upstream, write it with the whole file: `python corpus/tools/share_checker.py --export FOLDER DEST`.
import os
import sys

OUTPUTS = [('op0', [64], 'int64')]  # (name, shape, dtype) per case output
SHARED = os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../tools/check.py')  # the corpus's check.py
if not os.path.isfile(SHARED):  # outside the corpus: could not judge (exit 2), saying what to do
    sys.exit(print(f"could not judge: no {SHARED}: run corpus/tools/share_checker.py --export", file=sys.stderr) or 2)
exec(compile(open(SHARED).read(), SHARED, "exec"))
