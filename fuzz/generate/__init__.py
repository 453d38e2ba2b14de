"""Generation: a seed (and a swarm draw of features) in, a random UB-free ``Case`` out.

``generator`` is the entry point (``generate``, ``cases``, ``acceptable``, ``Space``, ``SPACES``, ``KINDS``);
``table`` is the feature table (one row per feature: its rules); ``seeded`` decides the features drawn per seed
from their own streams; ``swarm`` draws the rest per case; ``features`` says what a case exercises.
The family modules:

* ``base``: spaces, choosers, the ``Builder`` a case is drawn into;
* ``bodies``: scalar loop bodies (every body op, UB-free by construction);
* ``maps``: access maps (windows, transposes, reversed, offset, broadcast, quasi-affine);
* ``generics``: elementwise and reduction loop nests;
* ``convs``: convs, quantized convs, requantize epilogues;
* ``chains``: consumers of earlier values, mixed pipelines;
* ``dags``: softmax, normalization, residual, fan-out;
* ``named``: matmuls and pools (after a pad);
* ``sizes``, ``layers``, ``real``: the size axis (``size:real``): the budget, tile-boundary sizes, the table of
  real models' layers, and the real-size cases drawn from them.
"""
