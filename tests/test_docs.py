"""The docs stand alone and say what the code does.

A builder reads the repository without ``../shared/`` beside it, so no doc may point there and
every relative link must land on a file.  A player writing a log by hand predicts the deal
from the seed with the docs' recipe alone, so the recipes are written here from the docs'
words, without the game code, and compared with what the games deal and roll.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from companion.games.clairvoyance.game import ClairvoyanceGame
from companion.games.esp.game import ESP
from companion.games.mysterium.game import MYSTERIUM

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
STANDALONE = [ROOT / "README.md", *(ROOT / d for d in ("docs", "hardware", "wiring", "systemd"))]
OUTSIDE = re.compile(r"\.\./shared/|\bshared/(?:rules|spec)\b")
LINK = re.compile(r"!?\[[^\]\n]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def _text_files() -> list[Path]:
    files = []
    for place in STANDALONE:
        for path in [place] if place.is_file() else sorted(p for p in place.rglob("*") if p.is_file()):
            try:
                files.append((path, path.read_text(encoding="utf-8")))
            except UnicodeDecodeError:  # pictures: no links to read
                continue
    return files


def test_no_doc_points_outside_the_repository():
    """The ESP log format, the knock format and the rules notes live in docs/; the rulebooks
    are the printed games'.  Lists every file that still points at ../shared/."""
    offending = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
                 for path, text in _text_files()
                 for n, line in enumerate(text.splitlines(), 1) if OUTSIDE.search(line)]
    assert offending == [], "these lines point outside the repository:\n" + "\n".join(offending)


def _markdown_pages() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]


@pytest.mark.parametrize("page", _markdown_pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_lands_on_a_file(page):
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    missing = []
    for target in LINK.findall(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue  # a web address or a place on the same page
        path = target.split("#", 1)[0]
        if not (page.parent / path).exists():
            missing.append(target)
    assert missing == [], f"{page.name} links to files that do not exist: {missing}"


@pytest.mark.parametrize("name, source", [("esp-log.md", "spec/esp-log.md"),
                                          ("knock-detect.md", "spec/knock-detect.md")])
def test_the_exchange_formats_are_copied_word_for_word(name, source):
    """Tools outside the project depend on these formats: the copy under docs/ is the format
    itself below its one-line header.  Checked where the original sits beside the project."""
    original = ROOT.parent / "shared" / source
    if not original.is_file():
        pytest.skip("the exchange formats' originals are not beside this checkout")
    header, blank, body = (DOCS / name).read_text(encoding="utf-8").partition("\n\n")
    assert header.startswith("> The project's copy of the exchange format")
    assert body == original.read_text(encoding="utf-8")


# -- ESP: docs/esp.md, "Chance from the seed", written from the doc's words ---------------------
SUITS = ("circle", "cross", "squiggle", "square", "star")


def esp_shuffled(seed, round_number: int) -> list[str]:
    """Steps 1 and 2: the 25 cards by suit, then rank; shuffled by the seed's text and the round."""
    deck = [f"{rank} {suit}" for suit in SUITS for rank in range(1, 6)]
    random.Random(f"{seed}:esp:{round_number - 1}").shuffle(deck)
    return deck


def esp_vision(seed, round_number: int) -> dict:
    """Step 3: the first card of the shuffled deck."""
    return {"act": "vision", "card": esp_shuffled(seed, round_number)[0]}


def esp_deal(seed, round_number: int, vision: str, dealt: dict[int, list[str]]) -> dict:
    """Step 4: the lowest seat not yet dealt takes the next six cards, skipping the Vision Card
    and every card already dealt; the first 5 − round are held, the rest face-down."""
    seat = min(s for s in range(4) if s not in dealt)
    taken = {c for cards in dealt.values() for c in cards}
    six = [c for c in esp_shuffled(seed, round_number) if c != vision and c not in taken][:6]
    held = 5 - round_number
    return {"act": "deal", "seat": seat, "hand": six[:held], "facedown": six[held:]}


def test_the_esp_doc_states_the_recipe_this_test_follows():
    doc = (DOCS / "esp.md").read_text(encoding="utf-8")
    assert 'random.Random(f"{seed}:esp:{R - 1}").shuffle(deck)' in doc
    assert "circle, cross, squiggle,\n   square, star" in doc
    assert "`deck[1 + 6S]` to `deck[6 + 6S]`" in doc


def test_the_esp_recipe_reproduces_the_seeded_example():
    """docs/examples/esp-seeded.jsonl: every Vision Card and deal follows from "seed": 7."""
    lines = [json.loads(t) for t in (DOCS / "examples" / "esp-seeded.jsonl").read_text().splitlines() if t.strip()]
    seed, players = lines[0]["seed"], len(lines[0]["players"])
    round_number, vision, dealt, checked = 0, None, {}, 0
    for line in lines[1:]:
        if line["act"] == "vision":
            round_number, dealt = round_number + 1, {}
            assert line == esp_vision(seed, round_number)
            vision = line["card"]
            checked += 1
        elif line["act"] == "deal":
            assert line == esp_deal(seed, round_number, vision, dealt)
            dealt[line["seat"]] = line["hand"] + line["facedown"]
            checked += 1
    assert (round_number, checked) == (4, 4 * (1 + players))
    # the doc's worked example: round 1 deals Ann these
    first_deal = next(line for line in lines[1:] if line["act"] == "deal")
    assert first_deal["hand"] == ["3 star", "3 square", "3 squiggle", "5 circle"]
    assert first_deal["facedown"] == ["4 squiggle", "5 square"]


@pytest.mark.parametrize("seed", [None, 0, 7, -3, "owls"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_esp_recipe_predicts_every_chance_action_of_the_game(seed, players):
    setup = {"game": "esp", "players": ["Ann", "Bo", "Cy", "Dee"][:players]}
    if seed is not None:
        setup["seed"] = seed
    text = 0 if seed is None else seed
    state, pick = ESP.setup(setup), random.Random(f"{seed}-{players}")
    round_number, vision, dealt = 0, None, {}
    while not ESP.is_over(state):
        chance = ESP.chance(state)
        if chance is not None and chance["act"] == "vision":
            round_number, dealt = round_number + 1, {}
            assert chance == esp_vision(text, round_number)
            vision = chance["card"]
        elif chance is not None:
            assert chance == esp_deal(text, round_number, vision, dealt)
            dealt[chance["seat"]] = chance["hand"] + chance["facedown"]
        state = ESP.apply(state, chance or pick.choice(ESP.legal(state)))
    assert round_number == 4


def test_the_esp_deal_skips_a_vision_card_the_table_entered():
    """The log is the truth: a Vision Card entered by hand is skipped by the next deal."""
    state = ESP.setup({"game": "esp", "players": ["Ann", "Bo"], "seed": 5})
    for claim in ("star", 3):
        state = ESP.apply(state, ESP.legal(state)[0] | {"claim": claim})
    entered = esp_shuffled(5, 1)[-1]
    state = ESP.apply(state, {"act": "vision", "card": entered})
    dealt: dict[int, list[str]] = {}
    for _ in range(2):
        chance = ESP.chance(state)
        assert chance == esp_deal(5, 1, entered, dealt)
        dealt[chance["seat"]] = chance["hand"] + chance["facedown"]
        state = ESP.apply(state, chance)
    assert dealt[0] == esp_shuffled(5, 1)[:6]  # the seed's own Vision Card is dealt now


# -- Mysterium and Clairvoyance: their docs' "Chance from the seed" ---------------------------
def test_the_mysterium_recipe_predicts_the_faceup_cards():
    doc = (DOCS / "mysterium.md").read_text(encoding="utf-8")
    assert 'sorted(random.Random(f"{seed}:mysterium:faceup:{category}").sample(range(1, 19), count))' in doc
    for seed, difficulty, psychics, count in ((None, "easy", 3, 5), (7, "hard", 4, 8), ("owls", "medium", 6, 8)):
        setup = {"game": "mysterium", "ghost": "Gia", "psychics": [f"P{k}" for k in range(psychics)],
                 "difficulty": difficulty}
        if seed is not None:
            setup["seed"] = seed
        text = 0 if seed is None else seed
        want = {category: sorted(random.Random(f"{text}:mysterium:faceup:{category}").sample(range(1, 19), count))
                for category in ("character", "location", "object")}
        assert MYSTERIUM.summary(MYSTERIUM.setup(setup))["faceup"] == want
    hard = MYSTERIUM.setup({"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B", "C", "D"],
                            "difficulty": "hard", "seed": 7})
    assert MYSTERIUM.summary(hard)["faceup"] == {  # the doc's worked example
        "character": [1, 5, 8, 12, 13, 14, 17, 18], "location": [3, 4, 5, 6, 8, 11, 17, 18],
        "object": [3, 7, 9, 10, 12, 16, 17, 18]}


@pytest.mark.parametrize("seed, faces", [(7, [8, 8, 7]), (None, [6, 6, 2])])
def test_the_clairvoyance_recipe_predicts_the_rolls(seed, faces):
    doc = (DOCS / "clairvoyance.md").read_text(encoding="utf-8")
    assert 'random.Random(f"{seed}:clairvoyance:roll:{K}").randint(1, 8)' in doc
    game = ClairvoyanceGame()
    setup = {"game": "clairvoyance", "players": ["Ann", "Bo"], "characters": ["Gertrude", "Claire"]}
    if seed is not None:
        setup["seed"] = seed
    text = 0 if seed is None else seed
    assert [random.Random(f"{text}:clairvoyance:roll:{k}").randint(1, 8) for k in range(3)] == faces
    state = game.apply(game.apply(game.setup(setup), {"act": "guess", "seat": 0, "faces": [1, 2]}),
                       {"act": "guess", "seat": 1, "faces": [3, 4]})
    rolled = []
    for _ in range(3):  # a roll nobody said is rolled again
        chance = game.chance(state)
        rolled.append(chance["face"])
        state = game.apply(state, chance)
    assert rolled == faces
