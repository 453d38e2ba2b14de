"""``attention`` as ``iree_linalg_ext.attention``, spelled for the installed release.

The op prints as ``iree_linalg_ext.attention <indexing_maps = [Q, K, V, scale, (mask,) out]> ins(...)
outs(...) { ^bb0(%score: f32): iree_linalg_ext.yield %score : f32 } -> type``: the maps over loops
(b, m, n, k1, k2) are a property in angle brackets in IREE 3.13 (the ``{indexing_maps = ...}`` attribute form
fails there with "properties dictionary is missing required attribute"); releases 3.3 to 3.12 take only the
attribute form (the property form fails with "custom op 'iree_linalg_ext.attention' expected 'ins'"; both
measured on each release through ``--releases``), so an older release (``--releases``) gets it.  The scale is a scalar operand of
the operands' dtype, the optional mask comes after it, and the score region (identity here) yields the f32
score.  A boolean mask (the case model's ``i8``, nonzero keeps) becomes an ``i1`` tensor by ``arith.cmpi ne``
in a ``linalg.generic``; IREE keeps a score where its ``i1`` is true and drops it (``-inf``) elsewhere.
Attention operands are always static (the generator never marks them dynamic).
"""
from __future__ import annotations

from frontends.iree.emit import MLIR_TYPE, Emitter, affine_map, tensor_type
from fuzz.case.ops.attention import Attention

def _maps_as(maps: str) -> str:
    """The maps as the installed release parses them (module docstring): a property from 3.13, else an attribute."""
    from frontends.iree.flags import version
    try:
        older = tuple(int(x) for x in version().split(".")[:2]) < (3, 13)
    except ValueError:  # not installed ("?") or a development build: today's spelling
        older = False
    return f"{{indexing_maps = [{maps}]}}" if older else f"<indexing_maps = [{maps}]>"


_LOOPS = ("d0", "d1", "d2", "d3", "d4")  # b, m, n, k1, k2
_MAPS = {"q": ("d0", "d1", "d3"), "k": ("d0", "d4", "d3"), "v": ("d0", "d4", "d2"), "scale": (),
         "mask": ("d0", "d1", "d4"), "out": ("d0", "d1", "d2")}


def _i1_mask(em: Emitter, mask: str, shape, dtype: str) -> str:
    """``mask != 0`` as a tensor of i1 (the element type has no case dtype, so the generic is spelled here)."""
    in_ty, elt = tensor_type(shape, dtype), MLIR_TYPE[dtype]
    out_ty = in_ty.replace(elt, "i1")
    empty = em.op(f"tensor.empty() : {out_ty}", "e")
    ident = affine_map(3, ["d0", "d1", "d2"])
    name, zero, bit = em.fresh("g"), em.fresh("c"), em.fresh("v")
    em.emit(f"{name} = linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = "
            f'["parallel", "parallel", "parallel"]}} ins({mask} : {in_ty}) outs({empty} : {out_ty}) {{')
    em.emit(f"^bb0(%a0: {elt}, %acc: i1):")
    em.emit(f"  {zero} = arith.constant 0 : {elt}")
    em.emit(f"  {bit} = arith.cmpi ne, %a0, {zero} : {elt}")
    em.emit(f"  linalg.yield {bit} : i1")
    em.emit(f"}} -> {out_ty}")
    return name


def attention(em: Emitter, op: Attention, ins: list[str], types: dict) -> str:
    dt = types[op.inputs[0]][1]
    oshape = tuple(types[op.name][0])
    operands = list(ins[:3]) + [em.const(op.scale, dt)]
    tys = [tensor_type(tuple(types[n][0]), dt) for n in op.inputs[:3]] + [MLIR_TYPE[dt]]
    names = ["q", "k", "v", "scale"]
    if op.mask != "none":
        mshape, mt = types[op.inputs[3]]
        m = ins[3] if op.mask == "additive" else _i1_mask(em, ins[3], tuple(mshape), mt)
        operands.append(m)
        tys.append(tensor_type(tuple(mshape), dt) if op.mask == "additive" else
                   tensor_type(tuple(mshape), mt).replace(MLIR_TYPE[mt], "i1"))
        names.append("mask")
    maps = ", ".join(affine_map(5, list(_MAPS[n])) for n in names + ["out"])
    out_ty = tensor_type(oshape, dt)
    out = em.op(f"tensor.empty() : {out_ty}", "e")
    name = em.fresh("att")
    em.emit(f"{name} = iree_linalg_ext.attention {_maps_as(maps)} ins({', '.join(operands)} : "
            f"{', '.join(tys)}) outs({out} : {out_ty}) {{")
    score = em.fresh("score")
    em.emit(f"^bb0({score}: f32):")
    em.emit(f"  iree_linalg_ext.yield {score} : f32")
    em.emit(f"}} -> {out_ty}")
    return name
