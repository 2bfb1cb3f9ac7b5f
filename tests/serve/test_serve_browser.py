"""A real browser: Debian's headless Chromium, driven by Selenium through the system
chromedriver, opens the page, creates a table and plays a whole game against the bot
by clicking cards and buttons. Screenshots land in build/artefacts/."""

from __future__ import annotations

import base64
import itertools
import json
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from _serve_support import ARTEFACTS, ROOT, ServerProcess
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select, WebDriverWait

import trumpf.schnapsen as schnapsen
from trumpf.serve.client import join_table


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
def server(store: str, new_db: Callable[[str], str], tmp_path: Path) -> Iterator[ServerProcess]:
    db = str(tmp_path / "b.sqlite") if store == "sqlite" else new_db("b")
    proc = ServerProcess(db, "--create-rate", "1000", log=tmp_path / "server.log").start()
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
    " && document.body.dataset.pending === 'false' && document.body.dataset.connected === 'true'"
    " && document.querySelector('#hand .legal, #actions .legal') !== null)"
)
SIZES = {"phone": (390, 844), "desktop": (1100, 900)}
WORTH = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


TURNS = """
const angle = (n) => {
  const t = getComputedStyle(n).transform;
  if (t === "none") return 0;
  const m = new DOMMatrix(t);
  return Math.round(Math.atan2(m.b, m.a) * 180 / Math.PI);
};
const rank = document.querySelector("#turn-up .card .rank");
return [angle(rank.parentElement), angle(rank)];
"""


def check_turn_up(browser: WebDriver) -> None:
    """The turn-up lies across, and its rank reads upright (a 6 on its side is a 9)."""
    card, rank = browser.execute_script(TURNS)
    assert abs(card) == 90, card
    assert (card + rank) % 360 == 0, "the turn-up's rank lies on its side"


def shoot(browser: WebDriver, name: str) -> None:
    """A PNG, and a JPEG of the same screen for the docs."""
    browser.save_screenshot(str(ARTEFACTS / name))
    jpeg = browser.execute_cdp_cmd("Page.captureScreenshot", {"format": "jpeg", "quality": 70})
    (ARTEFACTS / name).with_suffix(".jpg").write_bytes(base64.b64decode(jpeg["data"]))


def state(browser: WebDriver) -> dict[str, Any]:
    found: dict[str, Any] = browser.execute_script("return game.state")
    return found


def text(browser: WebDriver, element: str) -> str:
    found: str = browser.execute_script(f"return document.getElementById('{element}').innerText")
    return found


def greedy(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A marriage, else the card worth most; never a claim or a close: a seat that often
    reaches 66 (claims are the test's own business)."""
    quiet = [m for m in legal if m["kind"] not in ("claim", "close")] or legal
    marriages = [m for m in quiet if m["kind"] == "marriage"]
    if marriages:
        return marriages[0]
    cards = [m for m in quiet if m["kind"] in ("lead", "follow")]
    if cards:
        return max(cards, key=lambda m: WORTH.get(schnapsen.card.name_of(m["card"])[0], 0))
    return quiet[0]


def click_move(browser: WebDriver, move: dict[str, Any]) -> None:
    """Click what the page offers for ``move``: the card in the hand, or its button."""
    if move["kind"] in ("lead", "follow", "attack", "beat"):
        browser.find_element(By.CSS_SELECTOR, f"#hand [data-card='{move['card']}']").click()
        return
    for button in browser.find_elements(By.CSS_SELECTOR, "#actions [data-move]"):
        if json.loads(button.get_attribute("data-move") or "{}") == move:
            button.click()
            return
    raise AssertionError(f"the page offers no button for {move}")


def check_claim(browser: WebDriver, seen: dict[str, Any]) -> bool:
    """The claim as the page shows it: its points on the button; a good one said plainly
    and first, a false one confirmed with its cost (declined here). True if it claimed."""
    msg = state(browser)
    claim = msg["claim"]
    if claim is None:
        assert browser.find_element(By.ID, "claim-note").is_displayed() is False
        return False
    buttons = browser.find_elements(By.CSS_SELECTOR, "#actions [data-move]")
    (button,) = [b for b in buttons if '"claim"' in (b.get_attribute("data-move") or "")]
    assert f"you have {claim['points']}" in button.text, button.text
    if claim["how"] != "false_claim":
        note = text(browser, "claim-note")
        assert f"You have {claim['points']} \u2014 claim now" in note, note
        assert buttons[0] == button, "a good claim is offered first"
        seen["good"] += 1
        shoot(browser, f"serve-claim-good-{seen['size']}.png")
        button.click()
        return True
    assert not browser.find_element(By.ID, "claim-note").is_displayed()
    if seen["false"] < 2:
        ply = msg["ply"]
        button.click()
        asked = text(browser, "confirm")
        paid = claim["game_points"]
        assert f"You have {claim['points']} of 66" in asked and "false" in asked, asked
        assert f"wins the deal and {paid} game point" in asked, asked
        if seen["false"] == 0:
            shoot(browser, f"serve-claim-confirm-{seen['size']}.png")
        browser.find_element(By.ID, "confirm-no").click()
        assert not browser.find_element(By.ID, "confirm").is_displayed()
        assert state(browser)["ply"] == ply, "a declined claim was sent"
        seen["false"] += 1
    return False


def check_board(browser: WebDriver, seen: dict[str, Any]) -> None:
    """The other seat won a trick and led at once: the trick is still on the board."""
    v = state(browser)["view"]
    me = state(browser)["seat"]
    if v["lead"] is not None and v["leader"] != me and v["last_trick"] is not None:
        centre = browser.find_element(By.ID, "centre")
        assert "Last trick" in centre.text and "They led" in centre.text, centre.text
        shown = {
            int(c.get_attribute("data-card"))
            for c in centre.find_elements(By.CSS_SELECTOR, ".card")
        }
        trick = v["last_trick"]
        assert {trick["lead"], trick["follow"], v["lead"]} == shown
        if seen["last"] == 0:
            shoot(browser, f"serve-last-trick-{seen['size']}.png")
        seen["last"] += 1


def check_disconnected(browser: WebDriver, server: ServerProcess) -> None:
    """While the server is down the board says so, offers nothing and ignores clicks."""
    ply = browser.execute_script("return document.body.dataset.ply")
    server.kill()
    wait(browser, "document.body.dataset.connected === 'false'", 20)
    assert text(browser, "turn") == "Disconnected"
    assert not browser.find_elements(By.CSS_SELECTOR, ".legal, #actions button")
    card = browser.find_elements(By.CSS_SELECTOR, "#hand .card")[0]
    browser.execute_script("arguments[0].click()", card)  # past pointer-events: none
    assert browser.execute_script("return document.body.dataset.pending") == "false"
    assert browser.execute_script("return document.body.dataset.ply") == ply


def check_log_after_reload(browser: WebDriver) -> None:
    """The log is whole after a reload: one line for each event, as before it."""
    before = browser.execute_script("return document.querySelectorAll('#log li').length")
    lines = browser.execute_script(
        "return Array.from(document.querySelectorAll('#log li')).map((n) => n.textContent)"
    )
    assert before == state(browser)["ply"] > 0
    browser.refresh()
    wait(browser, READY, 30)
    again = browser.execute_script(
        "return Array.from(document.querySelectorAll('#log li')).map((n) => n.textContent)"
    )
    assert again == lines


def check_result(browser: WebDriver, size: str) -> str:
    over = browser.find_element(By.ID, "over")
    assert over.is_displayed()
    words = over.text
    assert "Card points: you " in words and "Game points for this deal: you " in words, words
    reason = over.find_element(By.CSS_SELECTOR, ".reason").text
    assert reason and reason[0].isupper() and " is " not in reason, reason
    if size == "phone":
        wide = browser.execute_script(
            "return document.documentElement.scrollWidth - window.innerWidth"
        )
        assert wide <= 0, f"the result is {wide}px wider than a phone"
    return words


def play_browser_seat(browser: WebDriver, seen: dict[str, Any], on_move: object = None) -> int:
    """Our seat, by the page: claims checked, the board checked, greedy clicks; to the end."""
    clicks = 0
    while True:
        wait(browser, READY, 30)
        if browser.execute_script("return document.body.dataset.over") == "true":
            return clicks
        ply = browser.execute_script("return document.body.dataset.ply")
        check_board(browser, seen)
        if not check_claim(browser, seen):
            click_move(browser, {k: v for k, v in greedy(state(browser)["view"]["legal"]).items()})
        clicks += 1
        wait(browser, f"document.body.dataset.ply !== '{ply}'", 30)
        if callable(on_move):
            on_move(clicks)


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
            shoot(browser, shot)
        if callable(on_move):
            on_move(clicks)


@pytest.mark.parametrize("size", SIZES)
def test_a_match_in_the_browser(server: ServerProcess, tmp_path: Path, size: str) -> None:
    """A match against the bot: a false claim asked about, the last trick kept, the log
    whole after a reload, a greyed board while the server is down, and the result."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    browser = _chrome(*SIZES[size], tmp_path)
    seen: dict[str, Any] = {"size": size, "good": 0, "false": 0, "last": 0}
    checked: list[str] = []

    # A match lasts at least six of our clicks: seven game points take three deals or more,
    # and 66 takes two tricks or more. The table's seed is the server's own, so the checks
    # along the way come within those six.
    def along(clicks: int) -> None:
        if clicks == 3:
            shoot(browser, f"serve-schnapsen-{size}.png")
            check_log_after_reload(browser)
            checked.append("reload")
        if clicks == 5:
            check_disconnected(browser, server)
            shoot(browser, f"serve-disconnected-{size}.png")
            server.start()
            wait(browser, "document.body.dataset.connected === 'true'", 40)
            checked.append("disconnected")

    try:
        create(browser, server.base, "schnapsen", "match", "1")
        check_turn_up(browser)
        backs = browser.find_elements(By.CSS_SELECTOR, "#opp-hand .card")
        steps = [b.rect["x"] - a.rect["x"] for a, b in itertools.pairwise(backs)]
        assert backs and min(steps) >= 0.6 * backs[0].rect["width"] >= 15, steps
        clicks = play_browser_seat(browser, seen, along)
        assert clicks >= 6 and checked == ["reload", "disconnected"], (clicks, checked)
        assert seen["false"] >= 1, "no claim below 66 was offered"
        assert seen["last"] >= 1, "the bot never won a trick and led"
        words = check_result(browser, size)
        assert "Match score: you " in words, words
        shoot(browser, f"serve-schnapsen-over-{size}.png")
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
        logs = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
        # While the server is down the page's reconnecting fails, as it should.
        assert all("ws/" in e["message"] or "ERR_CONNECTION" in e["message"] for e in logs), logs
    finally:
        browser.quit()


def _weak_move(base: str, table: str, token: str) -> bool:
    """The other seat, over HTTP: its cheapest card, a trump last; never a claim or a close.
    False when it is not that seat's turn."""
    headers = {"authorization": f"Bearer {token}", "content-type": "application/json"}
    with urllib.request.urlopen(
        urllib.request.Request(f"{base}/api/tables/{table}", headers=headers), timeout=10
    ) as answer:
        msg = json.loads(answer.read())
    v = msg["view"]
    if msg["over"] or v["turn"] != msg["seat"]:
        return False
    cards = [m for m in v["legal"] if m["kind"] in ("lead", "follow")]
    quiet = [m for m in v["legal"] if m["kind"] not in ("claim", "close", "marriage")]

    def cost(m: dict[str, Any]) -> tuple[bool, int]:
        name = schnapsen.card.name_of(m["card"])
        return name[1] == v["trump"], WORTH.get(name[0], 0)

    move = min(cards, key=cost) if cards else quiet[0]
    body = json.dumps({"move": {k: x for k, x in move.items() if k != "value"}, "ply": msg["ply"]})
    request = urllib.request.Request(
        f"{base}/api/tables/{table}/move", data=body.encode(), headers=headers, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10):
        return True


@pytest.mark.parametrize("size", SIZES)
def test_a_good_claim_and_ones_own_invitation(
    server: ServerProcess, tmp_path: Path, size: str
) -> None:
    """Deals against a friend who plays their cheapest card (a script over HTTP): opening
    one's own invitation says whose seat it is and leaves it unused; reaching 66 on lead,
    the page says so and offers the claim first."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    browser = _chrome(*SIZES[size], tmp_path)
    seen: dict[str, Any] = {"size": size, "good": 0, "false": 0, "last": 0}
    try:
        for number in range(8):
            if seen["good"]:
                break
            browser.get(server.base + "/")
            form = browser.find_element(By.ID, "create")
            Select(form.find_element(By.NAME, "game")).select_by_value("schnapsen")
            Select(form.find_element(By.NAME, "kind")).select_by_value("deal")
            Select(form.find_element(By.NAME, "opponent")).select_by_value("person")
            form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
            wait(browser, "document.body.dataset.ply !== undefined && game.state !== null")
            table = state(browser)["table"]
            invite = browser.find_element(By.ID, "invite-link").get_attribute("value") or ""
            token = browser.execute_script(f"return store.get('{table}').token")
            if number == 0:
                browser.get(server.base + "/")  # a new page: a changed fragment alone loads none
                browser.get(invite)
                wait(browser, "document.getElementById('notice').hidden === false")
                notice = text(browser, "notice")
                assert "your own invitation" in notice and "second seat" in notice, notice
                assert "You sit in the first seat" in notice
                assert browser.execute_script(f"return store.get('{table}').token") == token
                wait(browser, "game.state !== null && game.connected")
                assert "first seat" in text(browser, "my-seat")
                shoot(browser, f"serve-own-invite-{size}.png")
            fragment = invite.split("#invite=", 1)[1]
            friend = join_table(server.base, table, fragment)  # the invitation is still good
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                if _weak_move(server.base, table, friend["token"]):
                    continue
                if browser.execute_script("return document.body.dataset.over") == "true":
                    break
                wait(browser, READY + " || document.body.dataset.turn !== 'me'", 30)
                if browser.execute_script("return document.body.dataset.turn") != "me":
                    time.sleep(0.05)
                    continue
                ply = browser.execute_script("return document.body.dataset.ply")
                if not check_claim(browser, seen):
                    click_move(browser, greedy(state(browser)["view"]["legal"]))
                wait(browser, f"document.body.dataset.ply !== '{ply}'", 30)
        assert seen["good"], "no deal reached 66 on lead"
        wait(browser, "document.body.dataset.over === 'true'", 30)
        words = check_result(browser, size)
        assert "You won the deal" in words and "You went out with 66 or more." in words, words
        shoot(browser, f"serve-claim-over-{size}.png")
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
            check_disconnected(browser, server)
            shoot(browser, "serve-durak-disconnected-phone.png")
            server.start()
            restarted.append(clicks)
            wait(browser, "document.getElementById('status').textContent === 'connected'", 40)

    try:
        create(browser, server.base, "durak", None, "3")
        check_turn_up(browser)
        overflow = browser.execute_script(
            "return document.documentElement.scrollWidth - window.innerWidth"
        )
        assert overflow <= 0, f"the page is {overflow}px wider than a phone"
        clicks = click_to_the_end(browser, "serve-durak-phone.png", crash)
        assert restarted, "the game ended before the crash"
        assert clicks > 8
        over = browser.find_element(By.ID, "over")
        assert over.is_displayed()
        reason = over.find_element(By.CSS_SELECTOR, ".reason").text
        assert reason.startswith(
            ("You ended up the fool", "The bot ended up", "The game is drawn", "You resigned")
        ), reason
        wide = browser.execute_script(
            "return document.documentElement.scrollWidth - window.innerWidth"
        )
        assert wide <= 0, f"the result is {wide}px wider than a phone"
        browser.save_screenshot(str(ARTEFACTS / "serve-durak-phone-over.png"))
    finally:
        browser.quit()
