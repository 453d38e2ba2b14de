"""Reduction passes, one per module, run by ``fuzz.reducer`` in this order to a fixed point.

Each pass is ``candidates(case) -> Iterator[Case]``: simpler variants of the case, the most
aggressive first.  A pass never checks validity or failure itself: every candidate goes
through the reducer's single ``consider()``.
"""
from fuzz.passes import drop_ops, shrink_dims, simplify_attrs, simplify_body, simplify_maps, simplify_values

PASSES = (
    ("drop-ops", drop_ops.candidates),
    ("shrink-dims", shrink_dims.candidates),
    ("simplify-attrs", simplify_attrs.candidates),
    ("simplify-body", simplify_body.candidates),
    ("simplify-maps", simplify_maps.candidates),
    ("simplify-values", simplify_values.candidates),
)
