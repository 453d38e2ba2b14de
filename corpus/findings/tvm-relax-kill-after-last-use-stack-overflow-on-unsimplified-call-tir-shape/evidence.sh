#!/bin/sh
# Every claim of FINDING.md (TVM and numpy only). PYTHON=/path/to/python sh evidence.sh > evidence.txt
# Exit status 1 when the crash shows (repro_relax.py's verdict), 0 when it does not, 2 when it cannot be judged.
cd "$(dirname "$0")"
PY="${PYTHON:-python3}"
"$PY" -c "import tvm; print('tvm', tvm.__version__)" || exit 2
status=0
echo "== repro_relax.py: hand-written variants"
"$PY" repro_relax.py
rc=$?
case $rc in
  0) ;;
  1) status=1 ;;
  *) echo "repro_relax.py could not judge (exit $rc): neither can this script"; exit 2 ;;
esac
echo "== which_pass.py: the last pass started before the crash (kernelfuzz's reduced module)"
"$PY" which_pass.py 2>&1 | tail -3
for s in tvm_relax-cpu.py tvm_relax-cpu-unfused.py tvm_cpu.py; do
  "$PY" "$s" > /dev/null 2>&1; rc=$?
  echo "== $s: exit status $rc$( [ $rc -eq 139 ] || [ $rc -eq -11 ] && echo ' (SIGSEGV)')"
done
if command -v gdb > /dev/null 2>&1; then
  echo "== gdb: the crashing stack (TVM's wheel has no symbols): the innermost 200 frames and their distinct return addresses"
  BT=$(mktemp) || exit 2
  gdb -batch -ex run -ex "bt 200" --args "$PY" which_pass.py 2>&1 | grep "^#" > "$BT"
  echo "$(wc -l < "$BT") frames shown, $(awk '{print $2}' "$BT" | sort -u | wc -l) distinct addresses (a recursion)"
  rm -f "$BT"
fi
exit "$status"
