"""Drop ops: end the case at an earlier op, or cut a producer and read a fresh input instead.

Cutting the producer of a conv -> generic chain leaves the one kernel that fails."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from fuzz.case.workload import Case
from fuzz.reduce.passes.common import fresh_input, prune


def candidates(case: Case) -> Iterator[Case]:
    types = case.tensor_types()
    for k in range(len(case.ops) - 1):  # end at an earlier op
        yield prune(replace(case, outputs=(case.ops[k].name,)))
    for producer in case.ops:  # cut a producer: its consumers read a fresh input of the same type
        if producer.name in case.outputs:
            continue
        name = f"{producer.name}_in"
        shape, dtype = types[producer.name]
        ops = tuple(replace(op, inputs=tuple(name if n == producer.name else n for n in op.inputs))
                    for op in case.ops if op is not producer)
        yield prune(replace(case, ops=ops, inputs=case.inputs + (fresh_input(case, name, shape, dtype),)))
