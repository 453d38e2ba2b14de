"""One pass for every numerics profile: an op is evaluated once per distinct (operands, profile fields read).

Profiles share every value and differ only in the bounds, and an op reads few of a profile's fields (a conv
reads ``ftz`` alone, an integer body none).  ``every_profile`` walks the ops once; for each op and profile it
reuses an evaluation made under another profile when the operands are the very same objects and the other
profile read the same value for every field this evaluation read (``ReadRecorder``): the evaluation is a
deterministic function of its operands and of those reads, so the result, or the ``UndefinedBehavior`` it
raised, is the same object it would compute again.  Nothing outlives the pass: the reference of a case stays a
pure function of the case and its inputs.

Undefinedness is judged under every profile, as ``fuzz.judge.reference.evaluate`` judges it one profile at a
time: the error raised names the first profile, in ``PROFILES`` order, under which some op is undefined, with
that profile's first undefined op, and a case defined under every profile has every profile's values.
"""
from __future__ import annotations

from collections.abc import Callable

from fuzz.judge.numerics import UndefinedBehavior
from fuzz.judge.profiles import Profile
from fuzz.judge.value import Value


class ReadRecorder:
    """Stands in for a ``Profile`` and remembers each field read and the value it had, and each question
    asked of it (a method call, e.g. ``keeps_wider("f32")``) and its answer."""

    def __init__(self, prof: Profile):
        self.profile = prof
        self.reads: dict[tuple, object] = {}

    def __getattr__(self, name: str):
        value = getattr(self.profile, name)
        if not callable(value):
            self.reads[(name,)] = value
            return value

        def ask(*args):
            answer = value(*args)
            self.reads[(name, *args)] = answer
            return answer
        return ask

    def agrees(self, prof: Profile) -> bool:
        """Whether ``prof`` has the value this evaluation read for every field it read, and gives the same
        answer to every question it asked."""
        return all((getattr(prof, k[0]) if len(k) == 1 else getattr(prof, k[0])(*k[1:])) == v
                   for k, v in self.reads.items())


Evaluate = Callable[[object, list, Profile, dict], Value]  # (op, operands, profile, the op's shared memo)


def _evaluate_op(op, envs: dict, live: list[str], profiles: dict[str, Profile], evaluate: Evaluate) -> dict:
    """Per live profile, the op's Value or the UndefinedBehavior it raised, sharing what can be shared."""
    done: list[tuple[tuple[int, ...], ReadRecorder, object]] = []
    memo: dict = {}  # the op's profile-free parts (a conv's sums), by operand identity
    out = {}
    for name in live:
        ins = [envs[name][n] for n in op.inputs]
        ids = tuple(map(id, ins))
        same = next((r for i, rec, r in done if i == ids and rec.agrees(profiles[name])), None)
        if same is None:
            rec = ReadRecorder(profiles[name])
            try:
                same = evaluate(op, ins, rec, memo)
            except UndefinedBehavior as e:
                same = e
            done.append((ids, rec, same))
        out[name] = same
    return out


def every_profile(ops, inputs: dict[str, Value], profiles: dict[str, Profile],
                  evaluate: Evaluate) -> dict[str, dict[str, Value]]:
    """Every value of every op under every profile (``inputs`` shared by all), by profile name."""
    order = list(profiles)
    envs = {name: dict(inputs) for name in order}
    live, failed = list(order), {}
    for op in ops:
        for name, result in _evaluate_op(op, envs, live, profiles, evaluate).items():
            if isinstance(result, UndefinedBehavior):
                failed[name] = result
            else:
                envs[name][op.name] = result
        if failed:  # only a profile before the first failed one can still change which error is raised
            first = min(order.index(n) for n in failed)
            live = [n for n in live if order.index(n) < first]
    if failed:
        name = min(failed, key=order.index)
        raise UndefinedBehavior(f"{failed[name]} (under the {name} numerics profile)") from None
    return envs
