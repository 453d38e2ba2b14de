"""Campaigns: many generated cases, run and recorded so they survive interruption.

In: settings (seed, cases, configurations, lanes).  Out: findings on disk, bug buckets, statistics.
``driver`` runs a campaign and saves findings; ``stats`` tallies buckets and features; ``state`` is its SQLite
record (resume after kill -9, status);
``cluster`` runs it on Dask workers; ``masking`` says what known bugs hide and steers swarm away from them.
"""
