"""The report in a real browser: headless Chromium loads the page of a small real campaign (TVM, IREE and a
planted mutant, so there is a finding with a bundle) without console errors, shows the campaign's buckets,
sorts a table on click, and renders a page that is not blank."""
import shutil

import numpy as np
import pytest

import frontends
from fuzz.campaign import driver as campaign
from fuzz.publish import bundle, report
from tests import mutants, small
from tests import ROOT

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync")
pytestmark = [pytest.mark.compilers, pytest.mark.skipif(
    not (CHROMIUM and DRIVER), reason="Chromium is not installed: `make system-deps` installs Debian's chromium and "
                                      "chromium-driver (needs root and apt-get)")]


@pytest.fixture
def browser(tmp_path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={tmp_path / 'chromium-profile'}", "--window-size=1400,1000"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # console messages, read with get_log
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def campaign_with_a_finding(tmp_path_factory):
    """Four generated cases through tvm:cpu, iree:cpu-O0 and the skip-last mutant, which miscompiles every
    reduction; the mutant's bucket gets the bundle `--reduce` would write (unreduced, to keep the test short)."""
    out = tmp_path_factory.mktemp("campaign")
    base = tuple(c for c in frontends.all_configs() if c.name in ("tvm:cpu", "iree:cpu-O0"))
    mutant = next(c for c in mutants.CONFIGS if c.name == "mutant:tvm-skip-last")
    reports = {}
    stats = campaign.run(campaign.Settings(4, 1, out, (*base, mutant), swarm=small()),
                         lambda i, r: reports.setdefault(r.case.name, r))
    # a wrong value is bucketed per compiler and target (fuzz/judge/signature.py place): the mutant's is mutant:tvm
    hit = next((b for b in stats.buckets.values() if "mutant:tvm" in b.signature), None)
    assert hit is not None, "the campaign must find the planted mutant: choose another seed"
    bundle.write(out / "reduced" / hit.key, reports[hit.smallest])
    return out, stats, report.write(out, ROOT / "corpus")


def test_report_renders_in_chromium_with_the_campaigns_buckets(browser, campaign_with_a_finding, tmp_path):
    from PIL import Image
    from selenium.webdriver.common.by import By

    out, stats, page = campaign_with_a_finding
    browser.get(page.as_uri())
    assert browser.execute_script("return document.readyState") == "complete"
    errors = [m for m in browser.get_log("browser") if m["level"] in ("SEVERE", "WARNING")]
    assert errors == []
    rows = browser.find_elements(By.CSS_SELECTOR, "#buckets tbody tr")
    shown = {r.get_attribute("data-bucket"): int(r.find_elements(By.TAG_NAME, "td")[3].text) for r in rows}
    assert shown == {k: b.count for k, b in stats.buckets.items()}
    images = browser.find_elements(By.CSS_SELECTOR, ".images img")
    assert len(images) == 2 and all(browser.execute_script("return arguments[0].naturalWidth", i) > 0 for i in images)

    browser.find_element(By.XPATH, "//table[@id='features']//th[text()='cases']").click()
    counts = [int(td.text) for td in browser.find_elements(By.CSS_SELECTOR, "#features tbody tr td:nth-child(2)")]
    assert counts == sorted(counts, reverse=True) and len(set(counts)) > 1

    height = browser.execute_script("return document.documentElement.scrollHeight")
    browser.set_window_size(1400, height)
    browser.execute_script("window.scrollTo(0, 0)")
    shot = tmp_path / "report.png"
    assert browser.save_screenshot(str(shot))
    pixels = np.asarray(Image.open(shot).convert("RGB"), dtype=np.float64)
    assert pixels.shape[0] >= 1000 and pixels.std() > 20, "the screenshot is blank"
    assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 200  # text, charts and images, not a flat fill
