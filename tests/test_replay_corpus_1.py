"""Share 1 of the sampled corpus replay (tests/replay_corpus.py says why a sample, and why split)."""
import pytest

from tests.replay_corpus import check_share


@pytest.mark.compilers
def test_corpus_share_1_replays_without_regressions():
    check_share(1)
