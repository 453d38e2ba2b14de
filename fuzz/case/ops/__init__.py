"""One module per op family of the case model: ``conv``, ``generic`` (linalg.generic-style loop nests),
``named`` (matmul, pool, pad), ``affine`` (access maps, quasi-affine included), ``expr`` (scalar bodies),
``base`` (what every op shares).  ``fuzz.case.workload`` re-exports them."""
