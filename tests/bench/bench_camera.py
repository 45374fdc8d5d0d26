"""The card reader's figures (``make bench``, issue #15): on the corpus's big set (2000
synthetic frames, every deck style, table and trouble; tests/camera_corpus.py) the share of
cards at least half visible named right, named wrongly, left unsure or missed; cards invented
on the big set and on the empty tables; and the time to read one frame on one core here, with
the Pi 4 estimate (x7, the ratio the other benchmarks measured)."""

from __future__ import annotations

from tests.bench import Options, Row, benchmark, one_core
from tests.vision_score import readers, score_set

PI4_FACTOR = 7


@benchmark("camera")
def bench_camera(options: Options) -> list[Row]:
    taught = readers()
    limit = 200 if options.quick else None
    with one_core():
        score = score_set("big", taught, limit)
        empty = score_set("empty", taught)
    frame_ms = 1000 * score.seconds / max(1, score.frames)
    return [
        Row("camera: cards named right", 100 * score.rate(score.right), "%", (">=", 99),
            f"{score.right}/{score.cards} cards at least half visible, {score.frames} frames"),
        Row("camera: cards named wrongly", 100 * score.rate(score.wrong), "%", ("<=", 0.2), f"{score.wrong} cards"),
        Row("camera: cards left unsure", 100 * score.rate(score.unsure), "%", None, "asked, not entered"),
        Row("camera: cards missed", 100 * score.rate(score.missed), "%"),
        Row("camera: invented cards", score.invented + empty.invented, "cards", ("<=", 0),
            f"{score.invented} in the big set, {empty.invented} on {empty.frames} empty tables"),
        Row("camera: time to read a frame", frame_ms, "ms", None, "1280x720, one core here"),
        Row("camera: time to read a frame on a Pi 4 (estimate)", frame_ms * PI4_FACTOR, "ms", ("<=", 1000),
            f"x{PI4_FACTOR}"),
    ]
