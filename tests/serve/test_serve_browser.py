"""A real browser: Debian's headless Chromium, driven by Selenium through the system
chromedriver, opens the page, creates a table and plays a whole game against the bot
by clicking cards and buttons. Screenshots land in build/artefacts/."""

from __future__ import annotations

import base64
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from _serve_support import ARTEFACTS, ROOT, ServerProcess
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select, WebDriverWait


def _chrome(width: int, height: int, downloads: Path) -> WebDriver:
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if binary is None or driver is None:
        pytest.fail(
            "the browser test needs Debian's chromium and chromium-driver: bash .ci/system-deps"
        )
    options = Options()
    options.binary_location = binary
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.add_argument(f"--window-size={width},{height}")
    options.add_experimental_option(
        "prefs",
        {"download.default_directory": str(downloads), "download.prompt_for_download": False},
    )
    # An explicit driver path: Selenium Manager would try to download one.
    browser = webdriver.Chrome(options=options, service=Service(executable_path=driver))
    browser.execute_cdp_cmd(
        "Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
    )
    if width < 500:  # below Chrome's smallest window: emulate the phone's screen instead
        browser.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True},
        )
    return browser


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path / "b.sqlite", "--create-rate", "1000").start()
    try:
        yield proc
    finally:
        proc.stop()


def wait(browser: WebDriver, script: str, timeout: float = 20.0) -> object:
    return WebDriverWait(browser, timeout, poll_frequency=0.03).until(
        lambda d: d.execute_script("return " + script)
    )


def create(browser: WebDriver, base: str, game: str, kind: str | None, level: str) -> None:
    browser.get(base + "/")
    form = browser.find_element(By.ID, "create")
    Select(form.find_element(By.NAME, "game")).select_by_value(game)
    if kind:
        Select(form.find_element(By.NAME, "kind")).select_by_value(kind)
    Select(form.find_element(By.NAME, "level")).select_by_value(level)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(browser, "location.pathname.startsWith('/t/') && document.body.dataset.ply !== undefined")


READY = (
    "document.body.dataset.over === 'true' || (document.body.dataset.turn === 'me'"
    " && document.body.dataset.pending === 'false'"
    " && document.querySelector('#hand .legal, #actions .legal') !== null)"
)


def click_to_the_end(browser: WebDriver, shot: str, on_move: object = None) -> int:
    """Click a legal card (else a legal button) whenever it is our turn, until the game ends."""
    clicks = 0
    while True:
        wait(browser, READY, 30)
        if browser.execute_script("return document.body.dataset.over") == "true":
            return clicks
        ply = browser.execute_script("return document.body.dataset.ply")
        legal = browser.find_elements(By.CSS_SELECTOR, "#hand .legal") or browser.find_elements(
            By.CSS_SELECTOR, "#actions .legal"
        )
        legal[0].click()
        clicks += 1
        wait(browser, f"document.body.dataset.ply !== '{ply}'", 30)
        if clicks == 6:
            browser.save_screenshot(str(ARTEFACTS / shot))
            jpeg = browser.execute_cdp_cmd(
                "Page.captureScreenshot", {"format": "jpeg", "quality": 70}
            )
            (ARTEFACTS / shot).with_suffix(".jpg").write_bytes(base64.b64decode(jpeg["data"]))
        if callable(on_move):
            on_move(clicks)


def test_a_match_in_the_browser(server: ServerProcess, tmp_path: Path) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    browser = _chrome(1100, 900, tmp_path)
    try:
        create(browser, server.base, "schnapsen", "match", "1")
        clicks = click_to_the_end(browser, "serve-schnapsen.png")
        assert clicks >= 10
        over = browser.find_element(By.ID, "over")
        assert over.is_displayed() and "You" in over.text
        browser.save_screenshot(str(ARTEFACTS / "serve-schnapsen-over.png"))
        browser.find_element(By.ID, "download").click()
        deadline = time.monotonic() + 20
        while not list(tmp_path.glob("trumpf-*.json")) and time.monotonic() < deadline:
            time.sleep(0.1)
        (log,) = tmp_path.glob("trumpf-*.json")
        shown = subprocess.run(
            [sys.executable, "-m", "trumpf.cli", "replay", str(log), "--ascii", "--no-colour"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=120,
            check=False,
        )
        assert shown.returncode == 0 and shown.stdout.strip(), shown.stderr
        logs = browser.get_log("browser")
        assert not [e for e in logs if e["level"] == "SEVERE"], logs
    finally:
        browser.quit()


def test_durak_on_a_phone_through_a_server_crash(server: ServerProcess, tmp_path: Path) -> None:
    """A phone-sized screen; mid-game the server is killed and restarted, and the page
    reconnects by itself and plays on."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    browser = _chrome(390, 844, tmp_path)
    restarted = []

    def crash(clicks: int) -> None:
        if clicks == 8:
            server.kill()
            time.sleep(0.5)
            server.start()
            restarted.append(clicks)
            wait(browser, "document.getElementById('status').textContent === 'connected'", 40)

    try:
        create(browser, server.base, "durak", None, "3")
        overflow = browser.execute_script(
            "return document.documentElement.scrollWidth - window.innerWidth"
        )
        assert overflow <= 0, f"the page is {overflow}px wider than a phone"
        clicks = click_to_the_end(browser, "serve-durak-phone.png", crash)
        assert restarted, "the game ended before the crash"
        assert clicks > 8
        assert browser.find_element(By.ID, "over").is_displayed()
        browser.save_screenshot(str(ARTEFACTS / "serve-durak-phone-over.png"))
    finally:
        browser.quit()
