"""The live loop over whole games (``make bench live``, issue #15): simulated ESP
games played card by card on the virtual table, each frame through the live loop as the
camera's process runs it, with the clock stepped a frame at a time (so the figures do not
depend on this machine's speed).

For each card laid: the frames until it is reported, whether it is reported unsure (the
screen asks), whether something else is reported that was not laid, and whether the cards
the loop then knows on the table are the ones laid (a place left behind after its card was
taken up hides the same card laid there later, and miscounts the face-down cards).  For
each game: the searches (most of a second each on a Pi: the cards entered late).  A card
not reported within ``PATIENCE`` frames is missed: the table must tap it in.

Why: the corpus scores frames one by one; what a group meets is a game — a trick gathered
while the next card is led, a hand resting over the card it laid, a Vision Card drawn again
next round, the next card laid the moment the one before is entered.  The mends of
2026-12-02 were each found here."""

from __future__ import annotations

import random
from collections import Counter

from tests.bench import Options, Row, benchmark

STYLES = ("classic", "pips", "numeral", "mono")
SEEDS = (9, 10, 11, 12)
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
FPS = 15          # the live loop's pace while a card settles (twice its resting rate)
PATIENCE = 40     # frames a card may take to be reported
AFTER = 2         # frames looked at after a card is reported before the next is laid ...
BRISK = 0.5       # ... except on this share of cards, laid the moment the one before is reported
                  # (a brisk table: until the loop settled on the look that agreed, two searches a card)


def play_game(reader, style: str, seed: int) -> dict:
    """One simulated game's figures: cards laid, missed, reported unsure, reported but not
    laid, the frames each took and the searches."""
    from companion.engine.match import Match
    from companion.games.esp import ESP
    from companion.games.esp.seen import SAFE
    from companion.ui.games.esp_camera import lay_played, table
    from companion.vision.live import LiveReader
    from companion.vision.tracker import Landed
    from sim.virtual_camera import VirtualTableSource

    source = VirtualTableSource(style, seed)
    now = [0.0]
    live = LiveReader(reader, clock=lambda: now[0])
    rng = random.Random(seed)
    pace = random.Random(-seed)  # apart from the game's own draws: the same games as before
    match = Match.start(ESP, {"game": "esp", "players": PLAYERS})
    frames, missed, unsure, strays, wrong, astray = [], 0, 0, 0, 0, 0
    for _ in range(AFTER + 3):  # the camera watches the empty table settle before the first card
        now[0] += 1 / FPS
        live.look(source.read())
    searched_empty = live.costs["search"][0]  # the empty table read whole as it settles: not a card's
    while not ESP.is_over(match.state):
        legal = ESP.legal(match.state)
        action = rng.choice(legal)
        if action["act"] == "predict":  # words, tapped
            match.play(action)
            continue
        view = ESP.view(match.state, None)
        on_table = table(view, action)
        lay_played(source, view, action)
        match.play(action)
        reported, after = None, 0 if pace.random() < BRISK else AFTER
        for frame in range(1, PATIENCE + 1):
            now[0] += 1 / FPS
            for event in live.look(source.read()).events:
                if not isinstance(event, Landed):
                    continue
                if event.card == action["card"] and reported is None:
                    reported = frame
                    unsure += event.confidence < SAFE  # the screen asks
                elif event.card not in on_table:  # read as a card that was not laid
                    strays += 1
                    wrong += event.confidence >= SAFE  # ... surely: it would be entered
            if reported is not None and frame >= reported + after:
                break
        if reported is None:
            missed += 1
        else:
            frames.append(reported)
        # the cards the loop found at its last look (one missed there is on its way out, gone
        # after a few more looks) against those laid: a card missed, or a place left behind
        seen = Counter(place.reported for place in live.tracker.places if place.reported and not place.misses)
        astray += seen != Counter(on_table)
    return {"cards": len(frames) + missed, "missed": missed, "unsure": unsure, "strays": strays, "wrong": wrong,
            "astray": astray, "frames": sorted(frames), "searches": live.costs["search"][0] - searched_empty}


@benchmark("live")
def bench_live(options: Options) -> list[Row]:
    from companion.vision.reader import Reader
    from tests.camera_corpus import cached_decks

    decks = cached_decks()
    games = [(style, seed) for style in STYLES for seed in (SEEDS[:1] if options.quick else SEEDS)]
    totals = {"cards": 0, "missed": 0, "unsure": 0, "strays": 0, "wrong": 0, "astray": 0, "searches": 0}
    frames, most = [], (0, "")
    for style in STYLES:
        reader = Reader.from_folder(decks[style])
        for seed in (s for st, s in games if st == style):
            game = play_game(reader, style, seed)
            for key in totals:
                totals[key] += game[key]
            frames += game["frames"]
            most = max(most, (game["searches"], f"{style} seed {seed}"))
    frames.sort()
    cards = max(1, totals["cards"])
    where = (f"{len(games)} games of {len(PLAYERS)} players, {totals['cards']} cards, the four printings; "
             f"half the cards laid the moment the one before is reported")
    return [
        Row("live loop: cards missed", totals["missed"], "cards", ("<=", 0), where),
        Row("live loop: cards reported unsure (asked)", 100 * totals["unsure"] / cards, "%"),
        Row("live loop: cards read surely that were not laid", totals["wrong"], "cards", ("<=", 0)),
        Row("live loop: unsure reports of a card not laid (asked)", totals["strays"] - totals["wrong"], "reports"),
        Row("live loop: cards after which the cards known are not the table's", totals["astray"], "cards", ("<=", 0),
            "the faces and backs the loop found at its last look, against those laid"),
        Row("live loop: frames until a card is reported, median", frames[len(frames) // 2] if frames else 0,
            "frames", None, "3 of them under the hand that laid it"),
        Row("live loop: searches", 100 * totals["searches"] / cards, "per 100 cards", None,
            f"{totals['searches']} in all; most in one game: {most[0]} ({most[1]})"),
    ]
