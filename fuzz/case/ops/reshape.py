"""``reshape``: the layout ops importers put between compute ops, exact by definition.

* ``"collapse"`` (``tensor.collapse_shape``, ONNX Flatten/Reshape): ``groups`` partitions the operand's dims
  into runs of consecutive dims, in order; each run becomes one dim of their product (row-major).
* ``"expand"`` (``tensor.expand_shape``): the inverse; ``groups`` partitions the *result's* dims (``shape``),
  one run per operand dim, whose product is that dim's extent.
* ``"transpose"`` (``linalg.transpose``, ONNX Transpose): result dim ``i`` is operand dim ``perm[i]``.

Values keep their dtype and are moved, never computed: the reference's bounds move with them.  A 1x1 conv
written as a matmul over a collapsed image is ``collapse -> matmul -> expand``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from math import prod

from fuzz.case import untrusted as U
from fuzz.case.ops.base import check, names, op_name

RESHAPE_MODES = ("collapse", "expand", "transpose")


@dataclass(frozen=True)
class Reshape:
    name: str
    inputs: tuple[str]
    mode: str  # see RESHAPE_MODES
    groups: tuple[tuple[int, ...], ...] = ()  # collapse: of the operand's dims; expand: of the result's
    shape: tuple[int, ...] = ()  # expand: the result's shape
    perm: tuple[int, ...] = ()  # transpose
    kind: str = field(default="reshape", init=False)

    def version(self) -> int:
        return 3

    def reduction_length(self, types: dict) -> int:
        return 1

    def to_json(self) -> dict:
        j = {"kind": "reshape", "name": self.name, "inputs": list(self.inputs), "mode": self.mode}
        if self.mode == "transpose":
            return {**j, "perm": list(self.perm)}
        shape = {"shape": list(self.shape)} if self.mode == "expand" else {}
        return {**j, "groups": [list(g) for g in self.groups], **shape}

    @staticmethod
    def from_json(j: dict, where: str) -> "Reshape":
        U.fields(j, where, ("kind", "name", "inputs", "mode"), ("groups", "shape", "perm"))
        inputs = names(j["inputs"], where + ".inputs", 1)
        check(len(inputs) == 1, f"{where}: reshape takes one tensor, got {list(inputs)}")
        groups = j.get("groups", [])
        check(isinstance(groups, list) and len(groups) <= U.MAX_RANK,
              f"{where}.groups: expected a list of at most {U.MAX_RANK} lists of dims, got {U.show(groups)}", "type")
        return Reshape(op_name(j, where), inputs, U.text(j["mode"], where + ".mode", RESHAPE_MODES),
                       tuple(U.integers(g, f"{where}.groups[{k}]", 0, U.MAX_RANK - 1, most=U.MAX_RANK)
                             for k, g in enumerate(groups)),
                       U.integers(j.get("shape", []), where + ".shape", 1, U.MAX_TENSOR_ELEMENTS, most=U.MAX_RANK),
                       U.integers(j.get("perm", []), where + ".perm", 0, U.MAX_RANK - 1, most=U.MAX_RANK))

    def result_type(self, types: dict) -> tuple[tuple[int, ...], str]:
        where = f"op {self.name!r}"
        x, xt = types[self.inputs[0]]
        if self.mode == "transpose":
            check(sorted(self.perm) == list(range(len(x))),
                  f"{where}: perm {list(self.perm)} must order the dims 0..{len(x) - 1} of {list(x)}")
            return tuple(x[p] for p in self.perm), xt
        ranked = len(x) if self.mode == "collapse" else len(self.shape)
        check(_partition(self.groups, ranked), f"{where}: groups {[list(g) for g in self.groups]} must split dims "
                                               f"0..{ranked - 1} into non-empty runs of consecutive dims, in order")
        if self.mode == "collapse":
            check(not self.shape, f"{where}: a collapse takes no shape (its groups give it); drop shape")
            return tuple(prod(x[d] for d in g) for g in self.groups), xt
        check(len(self.groups) == len(x), f"{where}: expand needs one group per operand dim ({len(x)}), "
                                          f"got {len(self.groups)}")
        for d, g in enumerate(self.groups):
            check(prod(self.shape[i] for i in g) == x[d], f"{where}: dims {list(g)} of shape {list(self.shape)} "
                                                          f"multiply to {prod(self.shape[i] for i in g)}, not {x[d]}")
        return tuple(self.shape), xt

    def describe(self) -> str:
        if self.mode == "transpose":
            return f"reshape transpose perm {list(self.perm)}"
        shape = f" to {list(self.shape)}" if self.mode == "expand" else ""
        return f"reshape {self.mode} groups {[list(g) for g in self.groups]}{shape}"


def _partition(groups: tuple[tuple[int, ...], ...], rank: int) -> bool:
    """Non-empty runs of consecutive dims covering 0..rank-1 in order."""
    flat = [d for g in groups for d in g]
    return bool(groups) and all(g for g in groups) and flat == list(range(rank))
