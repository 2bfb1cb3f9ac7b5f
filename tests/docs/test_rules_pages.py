"""The rules pages under docs/rules/ say what the engine does, and their links lead somewhere.

- The shuffle on docs/rules/index.md is run as the page writes it and
  compared with both implementations' decks, and so are its vectors and the
  deal layout it describes.
- The variant table on docs/rules/sixtysix.md and the house-rule defaults on
  docs/rules/house-rules.md are read from the pages and compared with the
  engine's table.
- Every file the pages cite exists, every Markdown link under docs/ leads
  to a file and a heading that exist, and every `docs/rules/<page>.md#<section>`
  that code or docs cite names a heading of that page.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import trumpf.durak
import trumpf.reference.durak
import trumpf.reference.schnapsen
import trumpf.schnapsen
import trumpf.tables

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
PAGES = ("index.md", "schnapsen.md", "sixtysix.md", "house-rules.md", "durak.md")

SEEDS = [bytes(32), b"A" * 32, bytes(range(32)), hashlib.sha256(b"rules").digest(), b"\xff" * 32]
NUMBERS = [1, 2, 7, 10, 999, 2**32, 2**63 - 1]

SCHNAPSEN_PACK = [c for c in range(1, 25) if c % 6 != 0]
HOUSE_RULES = tuple(trumpf.tables.HOUSE_RULES)  # the engine's, in a rules table's order

Shuffle = Callable[[list[int], str, bytes], list[int]]


# ------------------------------------------------------------ reading pages


def lines_outside_code(text: str) -> Iterator[str]:
    """The lines of a Markdown text that are not inside a fenced code block."""
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            yield line


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> list[str]:
    """Every heading anchor of a Markdown file, in order (a repeated one gets -1, -2, ...)."""
    seen: dict[str, int] = {}
    out: list[str] = []
    for line in lines_outside_code(path.read_text(encoding="utf-8")):
        match = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not match:
            continue
        base = slug(match.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        out.append(base if count == 0 else f"{base}-{count}")
    return out


def section(page: str, heading: str) -> str:
    """The text of a page under `heading`, up to the next heading of its level or above."""
    level = len(heading) - len(heading.lstrip("#"))
    lines = (RULES / page).read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index(heading + "\n") + 1
    out: list[str] = []
    in_code = False
    for line in lines[start:]:
        if line.startswith("```"):
            in_code = not in_code
        elif not in_code and re.match(rf"#{{1,{level}}} ", line):
            break
        out.append(line)
    return "".join(out)


def fenced(text: str, language: str) -> list[str]:
    """The fenced code blocks of `language` in a Markdown text."""
    return re.findall(rf"^```{language}\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL)


def table_rows(text: str) -> list[list[str]]:
    """The cells of every row of the Markdown tables in `text`, header and rule rows left out."""
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in text.splitlines()
        if line.startswith("|")
    ]
    return [row for row in rows[2:] if not set(row[0]) <= set("-: ")] if rows else []


# ------------------------------------------------------------------ shuffle


@pytest.fixture(scope="module")
def page_shuffle() -> Shuffle:
    """The shuffle exactly as docs/rules/index.md writes it in Python."""
    (code,) = fenced(section("index.md", "## The shuffle"), "python")
    namespace: dict[str, Any] = {}
    exec(compile(code, str(RULES / "index.md"), "exec"), namespace)
    shuffled: Shuffle = namespace["shuffled"]
    return shuffled


def test_the_page_states_the_packs() -> None:
    assert trumpf.schnapsen.deck.pack_for("schnapsen") == SCHNAPSEN_PACK
    assert trumpf.schnapsen.deck.pack_for("sixtysix") == list(range(1, 25))
    assert trumpf.durak.deck.pack() == list(range(1, 37))


@pytest.mark.parametrize("number", NUMBERS)
def test_the_pages_shuffle_deals_what_the_engine_deals(page_shuffle: Shuffle, number: int) -> None:
    for seed in SEEDS:
        for game, pack in (("schnapsen", SCHNAPSEN_PACK), ("sixtysix", list(range(1, 25)))):
            order = page_shuffle(pack, f"{game}:deal:{number}", seed)
            assert order == trumpf.schnapsen.deck.order_for(game, seed, number)
            assert order == trumpf.reference.schnapsen.deck.order_for(game, seed, number)
        order = page_shuffle(list(range(1, 37)), f"deal:{number}", seed)
        assert order == trumpf.durak.deck.order_for(seed, number)
        assert order == trumpf.reference.durak.deck.order_for(seed, number)


def test_house_rules_deal_the_base_games_cards(page_shuffle: Shuffle) -> None:
    for seed in SEEDS:
        assert trumpf.schnapsen.deck.order_for("schnapsen-tjger", seed, 3) == page_shuffle(
            SCHNAPSEN_PACK, "schnapsen:deal:3", seed
        )


def test_the_pages_vectors_are_the_engines() -> None:
    (text,) = fenced(section("index.md", "### Shuffle vectors"), "text")
    seeds = {'"A" * 32': b"A" * 32, "32 zero bytes": bytes(32)}
    seed, number, checked = b"", 0, 0
    for line in text.splitlines():
        head = re.fullmatch(r"seed (.+), deal (\d+)", line)
        if head:
            seed, number = seeds[head.group(1)], int(head.group(2))
            continue
        row = re.fullmatch(r"(schnapsen|sixtysix|durak): ([\d ]+)", line)
        if not row:
            assert not line.strip(), f"a line the test cannot read: {line!r}"
            continue
        order = [int(c) for c in row.group(2).split()]
        if row.group(1) == "durak":
            assert order == trumpf.durak.deck.order_for(seed, number)
        else:
            assert order == trumpf.schnapsen.deck.order_for(row.group(1), seed, number)
        checked += 1
    assert checked == 6


@pytest.mark.parametrize("game", ["schnapsen", "sixtysix"])
@pytest.mark.parametrize("dealer", ["p1", "p2"])
def test_the_schnapsen_deal_is_laid_out_as_the_page_says(game: str, dealer: str) -> None:
    h, n = (5, 20) if game == "schnapsen" else (6, 24)
    non_dealer = "p2" if dealer == "p1" else "p1"
    for seed in SEEDS:
        order = trumpf.schnapsen.deck.order_for(game, seed, 4)
        deal = trumpf.schnapsen.Deal.build(variant=game, seed=seed, number=4, dealer=dealer)
        assert deal.hand_of(non_dealer) == order[:h]
        assert deal.hand_of(dealer) == order[h : 2 * h]
        assert deal.talon == order[2 * h : n - 1]
        assert deal.turn_up == order[n - 1]
        assert deal.trump == "SHDC"[(order[n - 1] - 1) // 6]
        assert deal.turn == non_dealer


def test_the_durak_deal_is_laid_out_as_the_page_says() -> None:
    for seed in SEEDS:
        for number in (1, 5):
            order = trumpf.durak.deck.order_for(seed, number)
            game = trumpf.durak.Game.build(seed=seed, number=number)
            trump = (order[12] - 1) // 9
            assert game.hands == {1: sorted(order[0:12:2]), 2: sorted(order[1:12:2])}
            assert game.trump_card == order[12]
            assert game.trump == "SHDC"[trump]
            assert game.talon == [*order[13:], order[12]]
            # The lowest trump attacks first; seat 1 when no hand holds one.
            trumps = [
                (8 - (c - 1) % 9, seat)
                for seat in (1, 2)
                for c in game.hands[seat]
                if (c - 1) // 9 == trump
            ]
            assert game.turn == (min(trumps)[1] if trumps else 1)


# ------------------------------------------------------------ variant table


def test_the_variant_table_is_the_engines() -> None:
    rows = table_rows(section("sixtysix.md", "## The variant table"))
    schnapsen = trumpf.schnapsen.variant.get("schnapsen")
    sixtysix = trumpf.schnapsen.variant.get("sixtysix")
    fields = [row[0] for row in rows]
    assert sorted(fields) == sorted(set(schnapsen) - {"name", *HOUSE_RULES})
    for field, left, right, *_ in rows:
        assert left == f"`{schnapsen[field]}`", field
        assert right == f"`{sixtysix[field]}`", field


def test_the_house_rule_defaults_are_the_engines() -> None:
    rows = table_rows(section("house-rules.md", "## The options"))
    assert [row[0] for row in rows] == list(HOUSE_RULES)
    for name in ("schnapsen", "sixtysix"):
        table = trumpf.schnapsen.variant.get(name)
        for field, *_, default in rows:
            assert default.strip("`") == str(table[field]), field
    preset = trumpf.schnapsen.variant.get("schnapsen-tjger")
    listed = re.findall(
        r"^- (\w+) = `?(\w+)`?,?$",
        section("house-rules.md", "## The preset schnapsen-tjger"),
        flags=re.MULTILINE,
    )
    assert dict(listed) == {field: str(preset[field]) for field in HOUSE_RULES}


# -------------------------------------------------------- paths and links


def test_every_file_the_pages_cite_exists() -> None:
    cited = 0
    for page in PAGES:
        text = (RULES / page).read_text(encoding="utf-8")
        for path in re.findall(r"`((?:cpp|python|tests|docs|bench|examples)/[\w./-]+)`", text):
            assert (ROOT / path).exists(), f"{page} cites {path}, which does not exist"
            cited += 1
    assert cited > 50


def markdown_files() -> list[Path]:
    return [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]


def test_every_link_in_the_docs_leads_somewhere() -> None:
    checked = 0
    for path in markdown_files():
        text = "\n".join(lines_outside_code(path.read_text(encoding="utf-8")))
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue  # a URL
            file, _, anchor = target.partition("#")
            linked = (path.parent / file).resolve() if file else path
            assert linked.exists(), f"{path.relative_to(ROOT)} links to {target}: no such file"
            if anchor and linked.suffix == ".md":
                assert anchor in anchors(linked), (
                    f"{path.relative_to(ROOT)} links to {target}: no such heading"
                )
            checked += 1
    assert checked > 40


def cited_sections() -> Iterator[tuple[Path, str, str]]:
    """Every `docs/rules/<page>.md#<section>` written in the code, the tests and the docs."""
    roots = ["cpp", "python", "tests", "bench", "examples", "docs"]
    files = [ROOT / "README.md"] + [
        p
        for r in roots
        for p in sorted((ROOT / r).rglob("*"))
        if p.is_file()
        and p.suffix in {".cpp", ".hpp", ".py", ".pyi", ".md", ".sh", ".txt", ".toml"}
    ]
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for page, anchor in re.findall(r"docs/rules/([a-z-]+\.md)#([\w-]+)", text):
            yield path, page, anchor


def test_every_cited_section_of_a_rules_page_exists() -> None:
    for path, page, anchor in cited_sections():
        assert (RULES / page).exists(), f"{path.relative_to(ROOT)} cites docs/rules/{page}"
        assert anchor in anchors(RULES / page), (
            f"{path.relative_to(ROOT)} cites docs/rules/{page}#{anchor}: no such heading"
        )


@pytest.mark.parametrize("page", PAGES)
def test_a_rules_pages_anchors_are_unique(page: str) -> None:
    found = [
        slug(h)
        for h in re.findall(
            r"^#{1,6}\s+(.*?)\s*$",
            "\n".join(lines_outside_code((RULES / page).read_text(encoding="utf-8"))),
            flags=re.MULTILINE,
        )
    ]
    assert len(found) == len(set(found)), f"{page} repeats a heading"
