# The exit rule of a finding's hand-written shell scripts, in one place (copied beside the scripts that use it, as
# verdict.sh, by `python corpus/tools/copy_verdict.py`; a test holds every copy equal to this file).
# Exit 0: ran, the bug not shown; 1: shown; 2: could not run or judge (a tool or device missing); 3: own error.
# A script sources it (`. ./verdict.sh`), calls `need TOOL...` first, `claim TEXT COMMAND...` per observation (the
# claim holds when COMMAND, a test such as grep -q or [ ], succeeds), and ends with `verdict`: 1 when every claim
# held, 0 when one failed; a script that made no claim has judged nothing (3: its own error).  `unable WHY` ends a
# script that cannot run or judge here (a device missing: 2); `judge WANT JUDGE...` is a claim's COMMAND that runs a
# judge script (a check.py, which exits by this rule) and holds when it exits WANT (1 shown, 0 not shown); a judge
# that cannot judge ends the script with 2, one that fails on its own error (or dies) with 3.
VERDICT_HELD=0
VERDICT_FAILED=0

need() {
  for t in "$@"; do
    command -v "$t" > /dev/null 2>&1 || { echo "could not run: $t is not on PATH (exit 2)"; exit 2; }
  done
}

claim() {
  text=$1
  shift
  if "$@"; then
    VERDICT_HELD=$((VERDICT_HELD + 1)); echo "  holds: $text"
  else
    VERDICT_FAILED=$((VERDICT_FAILED + 1)); echo "  FAILS: $text"
  fi
}

verdict() {
  if [ "$VERDICT_FAILED" -gt 0 ]; then
    echo "verdict: the bug is NOT shown ($VERDICT_FAILED of $((VERDICT_HELD + VERDICT_FAILED)) claims failed; exit 0)"
    exit 0
  fi
  if [ "$VERDICT_HELD" -eq 0 ]; then
    echo "verdict: no claim was checked: the script's own error (exit 3)"
    exit 3
  fi
  echo "verdict: the bug is shown ($VERDICT_HELD claims hold; exit 1)"
  exit 1
}

unable() {
  echo "could not run: $* (exit 2)"
  exit 2
}

judge() {
  want=$1
  shift
  "$@"
  r=$?
  if [ "$r" -le 1 ]; then [ "$r" = "$want" ]; return; fi
  if [ "$r" = 2 ]; then echo "could not judge: $* (exit 2)"; exit 2; fi
  echo "the judge failed: $* exited $r (exit 3)"
  exit 3
}
