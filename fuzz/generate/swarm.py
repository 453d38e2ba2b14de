"""Named generator features and swarm draws: every case switches some of them off.

Known bugs hide new ones: a compiler that rejects every reversed access map never shows
what it would do after that rejection.  Swarm testing (Groce et al., ISSTA 2012) gives each
case its own feature set, each feature switched off with probability 1/2, so many cases
avoid whatever triggers a known bug.  ``FEATURES`` is the one list of what can be switched
off; the names are the ones ``fuzz/generate/features.py`` reports a case exercising, so a campaign's
per-feature statistics talk about the same things the switches control.

Contract:

* ``Swarm`` is how a campaign draws: ``enabled`` (a swarm draw per case, the default) and
  the campaign's pins, ``without`` (always off) and ``only`` (the only members of their
  group left on).  ``Swarm.draw(chooser)`` gives one case's switched-off set; it consumes
  no randomness when ``enabled`` is false, so ``--swarm off`` is the full-feature stream.
* A drawn set is *settled*: a feature drawn on whose requirement is off goes too; a group whose
  members are choices the generator must make (``KEEP_ONE``: kinds, layouts...) keeps one, and
  what is on by necessity (that one, ``--only``) keeps what it requires.  Features that cut
  across every choice (dtypes) are not drawn, only pinned.
* ``parse`` turns command-line names into a validated ``Swarm``, or raises ``SwarmError``
  with a one-line message (unknown or ambiguous name, a pin that empties a group).

Adding a feature: one row in ``fuzz/generate/table.py`` (the feature table: its rules), and its
generation code: one ``if b.on("group:name")`` (or a ``b.pick`` filter) at the generator's decision
point, or, for a feature decided per seed, a ``rewrite`` in its row.  If the feature shows in a case's
structure, ``fuzz/generate/features.py`` names it too (body ops, dtypes, combiners and kinds already
are, by pattern; else the row's ``shows``); a test checks that a case never exercises a feature it
switched off.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from fuzz.generate import table
from fuzz.generate.table import BY_NAME, FEATURES, GROUPS, KEEP_ONE, REQUIRING, Feature  # noqa: F401


class SwarmError(ValueError):
    """Feature names or pins that cannot be used; the message says which and why."""


def resolve(name: str, option: str) -> str:
    """The registry name for ``name``: exact ("map:reversed") or the unique value after a colon ("reversed")."""
    if name in BY_NAME:
        return name
    hits = [f for f in BY_NAME if f.split(":", 1)[1].lower() == name.lower()]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise SwarmError(f"{option}: {name!r} is ambiguous ({', '.join(hits)}); give the full name")
    raise SwarmError(f"{option}: unknown feature {name!r}; choose from {', '.join(BY_NAME)} (`kernelfuzz features`)")


@dataclass(frozen=True)
class Swarm:
    """How a campaign draws its cases' feature sets (see the module docstring)."""

    enabled: bool = True
    without: tuple[str, ...] = ()
    only: tuple[str, ...] = ()

    @property
    def pinned_on(self) -> frozenset[str]:
        return frozenset(self.only)

    @property
    def pinned_off(self) -> frozenset[str]:
        groups = {BY_NAME[n].group for n in self.only}
        mates = {m for g in groups for m in GROUPS[g]} - set(self.only)
        return frozenset(self.without) | mates

    def feasible(self, name: str) -> bool:
        """Not pinned off, and nothing it needs is."""
        return name in self._feasible

    @property
    def _feasible(self) -> frozenset[str]:
        return _feasible(self, table.version())

    @property
    def _unpinned(self) -> tuple[str, ...]:
        return _unpinned(self, table.version())

    def draw(self, ch) -> frozenset[str]:
        """One case's switched-off features: each unpinned one off with probability 1/2, then settled."""
        off = set(self.pinned_off)
        if self.enabled and self._unpinned:  # one draw, a bit per feature: cheap, and shrinks to "all on"
            bits = ch.int(0, 2 ** len(self._unpinned) - 1)
            off.update(name for k, name in enumerate(self._unpinned) if bits >> k & 1)
        return self._settle(off, ch)

    def _settle(self, off: set[str], ch) -> frozenset[str]:
        """A drawn feature whose requirement is off goes too (so the requirement is off half the time, not
        less); a feature on by necessity (``--only``, the one a choice group keeps) keeps what it needs."""
        kept = set(self.only)
        changed = bool(off)
        while changed:
            changed = False
            for f in REQUIRING:
                if f.name in off or off.isdisjoint(f.requires):
                    continue
                changed = True
                if f.name in kept:  # feasible: validated, or chosen so by a group below
                    needed = [r for r in f.requires if r in off]
                    off.difference_update(needed)
                    kept.update(needed)
                else:
                    off.add(f.name)
            for group in KEEP_ONE:
                if off.issuperset(GROUPS[group]):
                    keep = ch.choice([m for m in GROUPS[group] if self.feasible(m)])
                    off.discard(keep)
                    kept.add(keep)
                    changed = True
        return frozenset(off)

    def avoiding(self, name: str) -> "Swarm":
        """This swarm with ``name`` pinned off as well (``SwarmError`` if that empties a group)."""
        return _validated(Swarm(self.enabled, tuple(sorted({*self.without, name})), self.only))

    def describe(self) -> str:
        parts = ["swarm" if self.enabled else "all features"]
        parts += [f"without {', '.join(self.without)}"] if self.without else []
        parts += [f"only {', '.join(self.only)}"] if self.only else []
        return "; ".join(parts)

    def to_json(self) -> dict:
        return {"enabled": self.enabled, "without": list(self.without), "only": list(self.only)}

    @staticmethod
    def from_json(j: dict) -> "Swarm":
        return _validated(Swarm(bool(j["enabled"]), tuple(j.get("without", ())), tuple(j.get("only", ()))))


@functools.lru_cache(maxsize=256)
def _feasible(s: Swarm, version: int) -> frozenset[str]:
    """Per swarm and table version (a row ``table.extended`` adds is seen)."""
    off = s.pinned_off

    def ok(name: str) -> bool:
        return name not in off and all(ok(r) for r in BY_NAME[name].requires)
    return frozenset(f.name for f in FEATURES if ok(f.name))


@functools.lru_cache(maxsize=256)
def _unpinned(s: Swarm, version: int) -> tuple[str, ...]:
    pinned = s.pinned_on | s.pinned_off
    return tuple(f.name for f in FEATURES if f.drawn and f.name not in pinned)


FULL = Swarm(enabled=False)  # today's full-feature stream


def _validated(s: Swarm) -> Swarm:
    """``s`` with its names in registry form, or ``SwarmError`` naming what cannot work."""
    s = Swarm(s.enabled, *(tuple(sorted({resolve(n, option) for n in names}))
                           for option, names in (("--without", s.without), ("--only", s.only))))
    both = set(s.without) & set(s.only)
    if both:
        raise SwarmError(f"{', '.join(sorted(both))} given to both --without and --only; keep one")
    for n in s.only:
        if not s.feasible(n):
            need = [r for r in BY_NAME[n].requires if not s.feasible(r)]
            raise SwarmError(f"--only {n} needs {', '.join(need)}, which --without or --only switches off")
    for group in KEEP_ONE:
        if not any(s.feasible(m) for m in GROUPS[group]):
            raise SwarmError(f"the pins switch off every {group} feature ({', '.join(GROUPS[group])}); keep one")
    return s


def parse(enabled: bool, without: str = "", only: str = "") -> Swarm:
    """A validated Swarm from comma-separated command-line names (short forms resolved)."""
    def names(text: str) -> tuple[str, ...]:
        return tuple(n.strip() for n in text.split(",") if n.strip())
    return _validated(Swarm(enabled, names(without), names(only)))
