"""The importer forms (issue 48): f32 convs, an init operand to accumulate into, reshapes between ops.

A model's importer (torch-mlir, IREE's and TVM's ONNX frontends) emits IR kernelfuzz's hand-written families do
not: f32 x f32 convs, a bias broadcast into the ``outs`` a conv or matmul accumulates into, and reshapes
(collapse, expand, transpose) between ops.  Each is a feature (``conv:f32``, ``init:accumulate``, ``op:reshape``)
decided per seed from the seed's own stream (named after the form), never from its case stream, and applied as a
rewrite of the case drawn as ever (``rewrite``), so a seed whose case keeps none of them is the case it drew
before they existed (tests/test_dynamic_stream.py):

* ``conv:f32``: an f16, bf16 or float8 conv whose image and filter are inputs only it reads takes them as f32
  and accumulates in f32;
* ``init:accumulate``: a conv or matmul accumulates into a fresh bias (one per output channel), a fresh
  tensor of its result's shape, or a value of the case with that type (another tensor, as a residual);
* ``op:reshape``: a collapse and the expand back between an op and its consumer (what importers leave
  between ops), a collapse or transpose of an output, or a 1x1 conv written as a matmul over the collapsed
  image (``collapse -> matmul -> expand``) after a 4-d output.

Each is decided by the feature table's rule (``fuzz/generate/seeded.py``: one seed in ten, every seed where
``--only`` pins it, none where it is off or ``--only`` pins attention or dynamic dims).  A case a rewrite finds nothing to rewrite in stays as drawn, unless the
form is pinned on (None: the generator redraws).  Dynamic, int4 and attention cases are not rewritten (a run
that pins a form draws static cases).
"""
from __future__ import annotations

from dataclasses import replace

from fuzz.case.ops.init import init_of
from fuzz.case.workload import FLOAT_DTYPES, Attention, Case, Conv2d, Matmul, Reshape, Tensor, ValueSpec, WorkloadError, from_json, \
    to_json
from fuzz.generate.base import Chooser

FORMS = ("conv:f32", "init:accumulate", "op:reshape")
NARROW_FLOATS = tuple(t for t in FLOAT_DTYPES if t != "f32")  # every value of each is an f32


def pinned(pinned_on: frozenset[str]) -> bool:
    """Whether ``--only`` pins a form on: then the seed's case is drawn static (the forms are static-only)."""
    return bool(pinned_on & set(FORMS))


def settle(off: frozenset[str], pinned_on: frozenset[str]) -> frozenset[str]:
    """A swarm draw with what a pinned form needs kept on: a lone conv (``conv:f32``, ``init:accumulate``) and
    f32 accumulation (``conv:f32``).  Only a run that pins a form changes its draw: an old seed keeps its own."""
    keep = {"kind:conv"} if pinned_on & {"conv:f32", "init:accumulate"} else set()
    keep |= {"conv:acc-f32"} if "conv:f32" in pinned_on else set()
    return off - keep


def rewrite(case: Case, exact: bool, wants: dict[str, Chooser], pinned_on: frozenset[str]) -> Case | None:
    """``case`` with the wanted forms (form -> its stream); None where a pinned form found nothing to rewrite."""
    if any(t.dynamic or t.dtype == "i4" for t in case.inputs) or any(isinstance(op, Attention) for op in case.ops):
        return None if pinned_on & set(wants) else case
    for form, ch in wants.items():
        new = _checked(_REWRITES[form](case, exact, ch))
        if new is None and form in pinned_on:
            return None
        case = new or case
    return case


def _checked(case: Case | None) -> Case | None:
    if case is None:
        return None
    try:
        return from_json(to_json(case))  # validated as a case file is
    except WorkloadError:
        return None


def _readers(case: Case, name: str) -> int:
    return sum(op.inputs.count(name) for op in case.ops)


def _values(ch: Chooser, dtype: str, exact: bool) -> ValueSpec:
    """Values of a fresh input: small integers in an exact case (every partial sum stays exact), else normal."""
    seed = ch.int(0, 2**31 - 1)
    if exact or dtype in ("i8", "i32"):
        return ValueSpec("int", seed, low=-4, high=4)
    return ValueSpec("normal", seed)


def _fresh(case: Case, stem: str) -> str:
    used = {t.name for t in case.inputs} | {op.name for op in case.ops}
    return next(f"{stem}{k}" for k in range(len(used) + 1) if f"{stem}{k}" not in used)


def _replace_op(case: Case, old, new_ops: list, inputs: tuple[Tensor, ...] = ()) -> Case:
    k = case.ops.index(old)
    return replace(case, inputs=case.inputs + inputs, ops=case.ops[:k] + tuple(new_ops) + case.ops[k + 1:])


# ---------------------------------------------------------------- conv:f32


def conv_f32(case: Case, exact: bool, ch: Chooser) -> Case | None:
    """Every f16, bf16 or float8 conv (a seed's newer float type retypes its f16) whose image and filter are inputs only it reads, on f32 operands accumulated in f32
    (one accumulating in f16 or bf16 only where nothing reads its result: its consumers keep their types)."""
    types = case.tensor_types()
    inputs = {t.name for t in case.inputs}
    convs = [op for op in case.ops if isinstance(op, Conv2d) and not op.zero_points and init_of(op) is None
             and types[op.inputs[0]][1] in NARROW_FLOATS and (op.acc == "f32" or not _readers(case, op.name))
             and all(n in inputs and _readers(case, n) == 1 for n in op.inputs[:2])]
    if not convs:
        return None
    names = {n for op in convs for n in op.inputs[:2]}
    ops = tuple(replace(op, acc="f32") if op in convs else op for op in case.ops)
    return replace(case, inputs=tuple(replace(t, dtype="f32") if t.name in names else t for t in case.inputs), ops=ops)


# ---------------------------------------------------------------- init:accumulate


def accumulate(case: Case, exact: bool, ch: Chooser) -> Case | None:
    """One conv or matmul accumulating into a bias, a fresh tensor, or a value of the case of its type."""
    types = case.tensor_types()
    ops = [op for op in case.ops if isinstance(op, (Conv2d, Matmul)) and init_of(op) is None]
    if not ops:
        return None
    op = ch.choice(ops)
    out, acc = types[op.name]
    before = [n for n in [t.name for t in case.inputs] + [o.name for o in case.ops[:case.ops.index(op)]]
              if types[n] == (out, acc)]
    how = ch.choice(("bias", "full", "value") if before else ("bias", "full"))
    if how == "value":
        return _replace_op(case, op, [replace(op, inputs=op.inputs + (ch.choice(before),))])
    axis = op.channel_axis if isinstance(op, Conv2d) else len(out) - 1
    shape = (out[axis],) if how == "bias" else out
    init = Tensor(_fresh(case, "init"), shape, acc, _values(ch, acc, exact))
    return _replace_op(case, op, [replace(op, inputs=op.inputs + (init.name,))], (init,))


# ---------------------------------------------------------------- op:reshape


def _split(ch: Chooser, shape: tuple[int, ...]) -> tuple[tuple[int, ...], ...] | None:
    """Groups collapsing one run of two or more adjacent dims of ``shape``."""
    if len(shape) < 2:
        return None
    start = ch.int(0, len(shape) - 2)
    stop = ch.int(start + 2, len(shape))
    return tuple((d,) for d in range(start)) + (tuple(range(start, stop)),) + tuple(
        (d,) for d in range(stop, len(shape)))


def _between(case: Case, ch: Chooser) -> Case | None:
    """A collapse and the expand back between an op and one consumer's read of it."""
    types = case.tensor_types()
    edges = [(op, k) for op in case.ops for k, n in enumerate(op.inputs)
             if n in {o.name for o in case.ops} and len(types[n][0]) >= 2]
    if not edges:
        return None
    op, k = ch.choice(edges)
    src = op.inputs[k]
    shape = types[src][0]
    groups = _split(ch, shape)
    col = Reshape(_fresh(case, f"{src}_col"), (src,), "collapse", groups)
    exp = Reshape(f"{col.name}_exp", (col.name,), "expand", groups, shape)
    reader = replace(op, inputs=op.inputs[:k] + (exp.name,) + op.inputs[k + 1:])
    return _replace_op(case, op, [col, exp, reader])


def _after(case: Case, ch: Chooser) -> Case | None:
    """An output collapsed or transposed (the importers' Flatten and Transpose before a model's result)."""
    types = case.tensor_types()
    outs = [n for n in case.outputs if len(types[n][0]) >= 2]
    if not outs:
        return None
    src = ch.choice(outs)
    rank = len(types[src][0])
    if ch.int(0, 1):
        op = Reshape(_fresh(case, f"{src}_col"), (src,), "collapse", _split(ch, types[src][0]))
    else:
        perm = list(range(rank))
        while perm == sorted(perm):
            left, perm = list(range(rank)), []
            while left:
                perm.append(left.pop(ch.int(0, len(left) - 1)))
        op = Reshape(_fresh(case, f"{src}_tr"), (src,), "transpose", perm=tuple(perm))
    outputs = tuple(op.name if n == src else n for n in case.outputs)
    return replace(case, ops=case.ops + (op,), outputs=outputs)


def _pointwise_matmul(case: Case, exact: bool, ch: Chooser) -> Case | None:
    """A 1x1 conv as an importer writes it: the 4-d output collapsed to rows, a matmul, the rows expanded."""
    types = case.tensor_types()
    outs = [n for n in case.outputs if len(types[n][0]) == 4 and types[n][1] in ("f16", "f32", "bf16")]
    if not outs:
        return None
    src = ch.choice(outs)
    (n, h, w, c), dtype = types[src]
    f = ch.int(1, 8)
    weight = Tensor(_fresh(case, "w"), (c, f), dtype, _values(ch, dtype, exact))
    col = Reshape(_fresh(case, f"{src}_col"), (src,), "collapse", ((0, 1, 2), (3,)))
    mm = Matmul(f"{col.name}_mm", (col.name, weight.name), acc="f32")
    exp = Reshape(f"{mm.name}_exp", (mm.name,), "expand", ((0, 1, 2), (3,)), (n, h, w, f))
    outputs = tuple(exp.name if o == src else o for o in case.outputs)
    return replace(case, inputs=case.inputs + (weight,), ops=case.ops + (col, mm, exp), outputs=outputs)


def reshapes(case: Case, exact: bool, ch: Chooser) -> Case | None:
    """One of the reshape patterns (module docstring), the first that applies from a drawn start."""
    patterns = [lambda: _between(case, ch), lambda: _after(case, ch), lambda: _pointwise_matmul(case, exact, ch)]
    start = ch.int(0, len(patterns) - 1)
    for k in range(len(patterns)):
        new = patterns[(start + k) % len(patterns)]()
        if new is not None:
            return new
    return None


_REWRITES = {"conv:f32": conv_f32, "init:accumulate": accumulate, "op:reshape": reshapes}
