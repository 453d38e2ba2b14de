"""Reduction passes, one per module, run by ``fuzz.reduce.reducer`` in this order to a fixed point.

Each pass is ``candidates(case) -> Iterator[Case]``: simpler variants of the case, the most
aggressive first.  A pass never checks validity or failure itself: every candidate goes
through the reducer's single ``consider()``.
"""
from fuzz.reduce.passes import (
                                cut_uses,
                                drop_ops,
                                generic_twin,
                                shrink_dims,
                                shrink_groups,
                                shrink_linked,
                                shrink_named,
                                simplify_attention,
                                simplify_attrs,
                                simplify_body,
                                simplify_maps,
                                simplify_named,
                                simplify_ops,
                                simplify_values,
                                static_dims,
)

PASSES = (
    ("drop-ops", drop_ops.candidates),
    ("cut-uses", cut_uses.candidates),
    ("shrink-linked", shrink_linked.candidates),
    ("shrink-dims", shrink_dims.candidates),
    ("shrink-named", shrink_named.candidates),
    ("shrink-groups", shrink_groups.candidates),
    ("simplify-attention", simplify_attention.candidates),
    ("simplify-attrs", simplify_attrs.candidates),
    ("simplify-named", simplify_named.candidates),
    ("generic-twin", generic_twin.candidates),
    ("static-dims", static_dims.candidates),
    ("simplify-body", simplify_body.candidates),
    ("simplify-ops", simplify_ops.candidates),
    ("simplify-maps", simplify_maps.candidates),
    ("simplify-values", simplify_values.candidates),
)
