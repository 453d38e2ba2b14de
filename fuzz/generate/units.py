"""``shape:unit``: a case made of generics with every loop extent 1, so every result holds one element.

Models carry such tensors (a per-tensor scale, a bias of one element, a reduction to a scalar), and compilers
take their own paths for them: IREE's dispatch creation fixes the workgroup count at 1x1x1 and its GPU codegen
chooses the ``BaseLowering`` strategy (no tiling at all), and unit dims are folded away by passes of their own
(IREE's and MLIR's unit-extent-dim folding).  Issue 47 asks that every strategy 3.13 chooses for the kinds
kernelfuzz draws be reached by a default campaign; this is how ``BaseLowering`` is.

The feature is seeded (``fuzz/generate/table.py``): decided per seed from its own stream, and applied as a rewrite
of the case drawn as ever (``unit``), so a seed that does not take it draws the case it drew before it existed.
The rewrite takes a case of static generics (not already all ones; else None: the case stays as drawn) and
sets every loop extent to 1; each input shrinks to what its maps read at the origin (one element for a plain
read; an offset or reversed read keeps the index it reads there), so the maps stay as drawn.
"""
from __future__ import annotations

from dataclasses import replace

from fuzz.case.ops.generic import Generic
from fuzz.case.workload import Case


def is_unit(case: Case) -> bool:
    """A case of generics whose every loop extent is 1 (how ``features.of`` sees the feature)."""
    return bool(case.ops) and all(isinstance(op, Generic) and set(op.dims) == {1} for op in case.ops)


def unit(case: Case, exact: bool, ch) -> Case | None:
    """``case`` with every loop extent 1, or None where it is not made of static generics or already is.  Each
    loop then runs once, at the origin, so each read is at the index its map gives there: an input shrinks to
    the smallest shape holding what its readers read (one element where they read plainly), and a result read
    by a later op must be read at index 0 (else None)."""
    if is_unit(case) or not all(isinstance(op, Generic) for op in case.ops) or any(t.dynamic for t in case.inputs):
        return None
    if "size=real" in case.note:  # a seed that takes a real size too keeps it (the size axis decides first)
        return None
    inputs = {t.name: t for t in case.inputs}
    need = {name: [1] * len(t.shape) for name, t in inputs.items()}
    for op in case.ops:
        origin = (0,) * len(op.dims)
        for name, m in zip(op.inputs, op.maps):
            at = [int(a.evaluate(origin)) for a in m]
            if name not in inputs:
                if any(at):
                    return None
                continue
            need[name] = [max(n, i + 1) for n, i in zip(need[name], at)]
    return replace(case, inputs=tuple(replace(t, shape=tuple(need[t.name])) for t in case.inputs),
                   ops=tuple(replace(op, dims=(1,) * len(op.dims)) for op in case.ops))
