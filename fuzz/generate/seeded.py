"""The one rule for the seeded features (``fuzz/generate/table.py`` rows with ``odds``): which a seed takes.

Each decision (the rows that share a stream) draws only from the seed's own stream for it (``stream``), never from
the case stream, so a seed that takes none of them draws the case it drew before they existed.  Under every swarm
(``--only``, ``--without``) one rule holds:

* never where a row is switched off: ``--without``, a group mate pinned by ``--only``, a requirement off, none of
  its ``one_of`` left on;
* always where ``--only`` pins it (a pin of one of several alternatives, the newer float types: one of those pinned);
* never where ``--only`` pins a feature that no case combines with it (``table.apart``);
* else ``odds``: on in ``hits`` of ``out_of`` seeds, drawn as ``stream.int(0, out_of - 1) < hits`` (where several
  rows are alternatives, one of those left is then chosen from the same stream).

``decide`` answers for one seed (``generate``: a ``random.Random`` per stream) or one property-test draw
(``cases()``: every stream is hypothesis's chooser); the generator then applies what was decided.
"""
from __future__ import annotations

import random

from fuzz.generate import table
from fuzz.generate.base import Chooser, RandomChooser
from fuzz.generate.swarm import Swarm


def stream(seed: int, key: str) -> RandomChooser:
    """The seed's stream for one decision, apart from its case stream (str seeds hash the same in every process)."""
    return RandomChooser(random.Random(f"{key}/{seed}"))


def streams(seed: int) -> dict[str, RandomChooser]:
    return {key: stream(seed, key) for key in table.DECISIONS}


def blocked(name: str, swarm: Swarm) -> bool:
    """Switched off: pinned off, a requirement off, or none of what it needs one of left."""
    f = table.BY_NAME[name]
    return not swarm.feasible(name) or bool(f.one_of) and not any(swarm.feasible(n) for n in f.one_of)


def excluded(name: str, swarm: Swarm) -> bool:
    """``--only`` pins a feature no case combines with ``name``."""
    return any(table.apart(name, p) for p in swarm.pinned_on)


def _one(rows: tuple, swarm: Swarm, ch: Chooser) -> tuple[str, ...]:
    """A decision whose rows are alternatives (one group): one of them, or none."""
    pinned = [r.name for r in rows if r.name in swarm.pinned_on]
    if pinned:
        return (ch.choice(pinned),)
    left = [r.name for r in rows if not blocked(r.name, swarm) and not excluded(r.name, swarm)]
    hits, out_of = rows[0].odds
    if not left or ch.int(0, out_of - 1) >= hits:
        return ()
    return (ch.choice(left),)


def _together(rows: tuple, swarm: Swarm, ch: Chooser) -> tuple[str, ...]:
    """A decision whose rows a case has together (int4 weights, the weight-only kind): all of them, or none."""
    names = tuple(r.name for r in rows)
    if any(blocked(n, swarm) for n in names):
        return ()
    if not swarm.pinned_on.isdisjoint(names):
        return names
    if any(excluded(n, swarm) for n in names):
        return ()
    hits, out_of = rows[0].odds
    return names if ch.int(0, out_of - 1) < hits else ()


def decide(swarm: Swarm, chooser, strategy: bool = False) -> frozenset[str]:
    """The seeded features this seed takes; ``chooser(key)`` is the stream of each decision.  ``strategy``: the
    property tests' draw, which leaves out the rows whose ``strategy`` is false."""
    on: set[str] = set()
    for key, rows in table.DECISIONS.items():
        if strategy and not all(r.strategy for r in rows):
            continue
        alternatives = len(rows) > 1 and len({r.group for r in rows}) == 1
        on.update((_one if alternatives else _together)(rows, swarm, chooser(key)))
    return frozenset(on)
