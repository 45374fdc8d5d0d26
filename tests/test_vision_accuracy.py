"""The reader's accuracy on the corpus's small set (tests/camera_corpus.py: every deck style,
table and trouble), kept quick for ``make test``: the first scenes of the small set and a few
empty tables.  The issue's targets (>= 99 % right, <= 0.2 % wrong, nothing invented) are
measured on the big set by ``make bench camera``; the floors here are the reader's measured
level, so a change that makes it worse fails."""

from __future__ import annotations

import numpy as np
import pytest

from companion.vision.reading import UNSURE, Reading
from sim.table_camera import Placed
from tests.vision_score import Score, readers, score_set

SCENES = 8              # two of each printing (12 until make test neared CI's 5 minutes)
FLOOR_RIGHT = 0.9       # measured 95.8 % (23 of 24; the small set forces a trouble on every
                        # scene): see the benchmark for the figures on the big set
CEILING_WRONG = 0.03    # measured 0 of 24: one wrong card fails


@pytest.fixture(scope="module")
def taught():
    return readers()


def test_small_set(taught):
    score = score_set("small", taught, SCENES)
    print(score.line())
    assert score.cards >= 20
    assert score.rate(score.right) >= FLOOR_RIGHT, score.line()
    assert score.rate(score.wrong) <= CEILING_WRONG, score.line()


def test_empty_tables_invent_few_cards(taught):
    score = score_set("empty", taught, 8)
    assert score.invented == 0, score.mistakes


def test_cards_whose_rank_is_hidden_are_counted_apart():
    """The score counts apart the cards that show less than half of every rank mark: a reader,
    like a player, can seldom name those, and they bound the share any reader names right."""

    def at(x):
        return np.float32([[x, 0], [x + 100, 0], [x + 100, 140], [x, 140]])

    placed = [Placed("3 star", at(0), 0.9, 1.0),      # rank shown, named right
              Placed("2 cross", at(300), 0.6, 0.3),   # rank hidden, left unsure
              Placed("5 circle", at(600), 0.7, 0.4),  # rank hidden, named right all the same
              Placed("1 square", at(900), 0.8, 0.9),  # rank shown, missed
              Placed("4 squiggle", at(1200), 0.3, 0.0)]  # less than half visible: not counted

    class StandIn:
        def read(self, frame):
            return [Reading("3 star", "3 star", at(0), 1.0, 0.95),
                    Reading(UNSURE, "3 cross", at(300), 0.2, 0.9),
                    Reading("5 circle", "5 circle", at(600), 0.9, 0.9)]

    score = Score()
    score.add(np.zeros((200, 1400, 3), np.uint8), placed, StandIn())
    assert (score.cards, score.right, score.unsure, score.missed) == (4, 2, 1, 1)
    assert (score.rank_hidden, score.rank_hidden_right) == (2, 1)
    assert score.rank_shown_rate() == 0.5  # of the two whose rank shows, one named right
