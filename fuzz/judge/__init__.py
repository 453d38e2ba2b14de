"""What is right, and which bug a wrong answer is.

In: a ``Case`` and a configuration's outputs.  Out: a verdict with its evidence and the bucket it falls in.
``reference`` evaluates a case exactly (int64, float64 with declared rounding) with a certified interval per
element (``scalar`` and ``numerics``: body op semantics; ``sums``: reductions; ``conv``, ``matmul``,
``pool`` and ``contract``: contractions by BLAS and window views; ``profiles``: the intentional differences
each configuration declares; ``sharing``: one pass for every profile); ``oracle`` judges outputs against
it; ``results`` holds what was decided per configuration; ``signature`` says which findings are the same
bug; ``poison`` is what unwritten memory reads as.
"""
