# This folder's verdict.sh in a kernelfuzz corpus: it sources the corpus's one copy (the path below, from the folder
# of the script sourcing it, else from the current folder), so `. ./verdict.sh` behaves as with the whole file.  To
# send the folder upstream, write it with the whole file: `python corpus/tools/share_checker.py --export FOLDER DEST`.
for VERDICT_SHARED in "$(dirname "$0")/../../tools/verdict.sh" "./../../tools/verdict.sh"; do [ -f "$VERDICT_SHARED" ] && break; done
[ -f "$VERDICT_SHARED" ] || { echo "could not run: no ../../tools/verdict.sh from this folder: run python corpus/tools/share_checker.py --export FOLDER DEST (exit 2)"; exit 2; }
. "$VERDICT_SHARED"
