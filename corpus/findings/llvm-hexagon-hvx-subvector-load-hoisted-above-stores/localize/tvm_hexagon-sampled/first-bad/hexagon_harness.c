/* This folder's hexagon_harness.c in a kernelfuzz corpus: it includes the corpus's one copy (a quoted include is
   looked up from this file's folder), so compiling hexagon_harness.c builds the same harness.  To send the folder
   upstream, write it with the whole file: python corpus/tools/share_checker.py --export FOLDER DEST. */
#include "../../../../../tools/hexagon_harness.c"
