"""The card reader's figures (``make bench``, issue #15): on the corpus's big set (2000
synthetic frames, every deck style, table and trouble; tests/camera_corpus.py) the share of
cards at least half visible named right (and, apart, of those whose rank shows: the cards
whose every rank mark is mostly hidden bound what any reader can name), named wrongly, left
unsure or missed; cards invented on the big set and on the empty tables; the time to read
one frame on one core here, with the Pi 4 estimate (x7, the ratio the other benchmarks
measured); and the time to search the part of a frame round a card, as the live loop does
when it cannot tell a change."""

from __future__ import annotations

import time

from tests.bench import Options, Row, benchmark, one_core
from tests.vision_score import part_round, readers, score_set

PI4_FACTOR = 7
PART_SCENES = 40  # check-set scenes whose cards' parts are read (10 with --quick)


def part_read_ms(taught, scenes_read: int) -> tuple[float, int]:
    """The time to read the part of a frame round a card as the live loop reads a change that
    must be searched: the card's box with a card's length round it (``live.MARGIN``), its card
    sizes shares of the whole frame (two cards a scene).  Returns (ms a part, parts)."""
    from tests.camera_corpus import render, scenes

    parts = []
    for recipe in scenes("check")[:scenes_read]:
        frame, placed = render(recipe)
        whole = (frame.shape[1], frame.shape[0])
        parts += [(taught[recipe.style.name], part_round(frame, card.corners)[0], whole) for card in placed[:2]]
    start = time.perf_counter()
    for reader, part, whole in parts:
        reader.read(part, whole=whole)
    return 1000 * (time.perf_counter() - start) / max(1, len(parts)), len(parts)


@benchmark("camera")
def bench_camera(options: Options) -> list[Row]:
    taught = readers()
    limit = 200 if options.quick else None
    with one_core():
        score = score_set("big", taught, limit)
        empty = score_set("empty", taught)
        part_ms, parts = part_read_ms(taught, 10 if options.quick else PART_SCENES)
    frame_ms = 1000 * score.seconds / max(1, score.frames)
    return [
        Row("camera: cards named right", 100 * score.rate(score.right), "%", (">=", 99),
            f"{score.right}/{score.cards} cards at least half visible, {score.frames} frames"),
        Row("camera: cards named right, of those whose rank shows", 100 * score.rank_shown_rate(), "%", None,
            f"{score.cards - score.rank_hidden} cards show at least half of a rank mark; "
            f"{score.rank_hidden} show less of every one ({score.rank_hidden_right} of them named right)"),
        Row("camera: cards named wrongly", 100 * score.rate(score.wrong), "%", ("<=", 0.2), f"{score.wrong} cards"),
        Row("camera: cards left unsure", 100 * score.rate(score.unsure), "%", None, "asked, not entered"),
        Row("camera: cards missed", 100 * score.rate(score.missed), "%"),
        Row("camera: invented cards", score.invented + empty.invented, "cards", ("<=", 0),
            f"{score.invented} in the big set, {empty.invented} on {empty.frames} empty tables"),
        Row("camera: time to read a frame", frame_ms, "ms", None, "1280x720, one core here"),
        Row("camera: time to read a frame on a Pi 4 (estimate)", frame_ms * PI4_FACTOR, "ms", ("<=", 1000),
            f"x{PI4_FACTOR}"),
        Row("camera: time to search the part of a frame round a card laid", part_ms, "ms", None,
            f"as the live loop searches a change it cannot tell; {parts} parts of check-set frames, one core here"),
    ]
