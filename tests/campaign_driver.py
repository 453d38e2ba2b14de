"""Run a small campaign on the fake compiler in its own process (tests kill it with SIGKILL).

usage: python -m tests.campaign_driver OUT [--resume] [--cases N]"""
import sys
from pathlib import Path

from fuzz.campaign import driver as campaign
from tests import fake_frontend as fake
from tests import small

# small cases (size:real off): the point is interruption, and a real-size case takes seconds to draw
SETTINGS = dict(cases=12, seed=5, configs=(fake.EXACT, fake.OFF_BY_ONE, fake.SLOW), jobs=2, swarm=small())


def main() -> None:
    out = Path(sys.argv[1])
    if "--resume" in sys.argv:
        campaign.run(campaign.resume_settings(out), resume=True)
    else:
        cases = int(sys.argv[sys.argv.index("--cases") + 1]) if "--cases" in sys.argv else SETTINGS["cases"]
        campaign.run(campaign.Settings(out=out, **{**SETTINGS, "cases": cases}))


if __name__ == "__main__":
    main()
