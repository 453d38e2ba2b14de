"""The corpus as a regression suite: every saved case re-run against the compilers, each configuration's
outcome (still failing, fixed, changed, regressed) decided against the verdict the case expects."""
