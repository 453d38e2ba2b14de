"""Share 2 of the corpus replay (tests/replay_corpus.py says why the replay is split)."""
import pytest

from tests.replay_corpus import check_share


@pytest.mark.compilers
def test_corpus_share_2_replays_without_regressions():
    check_share(2)
