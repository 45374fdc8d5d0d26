"""Every worked example of the ESP rulebook (``shared/rules/esp.txt``) as a test.

Each example is checked twice where it makes sense: through the pure rule functions
of ``companion/games/esp/rules.py``, and through a whole log replayed by the engine
(the summary of ``shared/spec/esp-log.md``).  Expected figures come from the rulebook,
worked out by hand, never from the code under test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.engine import Refusal, Refused, apply, replay
from companion.games.esp import ESP
from companion.games.esp import rules
from companion.games.esp.cards import SUITS, parse_card

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"
THREE = ["Ann", "Bo", "Cy"]


# -- helpers -------------------------------------------------------------------------
def c(text: str) -> int:
    return parse_card(text)


def cards(*texts: str) -> list[int]:
    return [c(t) for t in texts]


def setup(players=THREE) -> dict:
    return {"game": "esp", "players": list(players)}


def predictions(claims, first_seer: int = 0) -> list[dict]:
    """One prediction per seat, clockwise from the First Seer."""
    n = len(claims)
    return [{"act": "predict", "seat": (first_seer + k) % n, "claim": claims[k]} for k in range(n)]


def vision(card: str) -> dict:
    return {"act": "vision", "card": card}


def trick(leader: int, played, players: int = 3) -> list[dict]:
    return [{"act": "play", "seat": (leader + k) % players, "card": card} for k, card in enumerate(played)]


def bid(seat: int, card: str) -> dict:
    return {"act": "bid", "seat": seat, "card": card}


def deal(seat: int, hand, facedown) -> dict:
    return {"act": "deal", "seat": seat, "hand": list(hand), "facedown": list(facedown)}


def run(lines: list[dict]):
    """Replay a whole log (setup first) and return the final state."""
    return replay(ESP, lines[0], lines[1:]).state


def summary(lines: list[dict]) -> dict:
    return ESP.summary(run(lines))


def load(name: str) -> list[dict]:
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


# -- Share Your Vision ---------------------------------------------------------------------
class TestOneTraitPredicted:
    """Example: one trait predicted: 4 is Supernatural; the player who predicted "4" earns 1."""

    def test_rules(self):
        claims = [4, "circle", "star"]
        assert rules.aspects(claims, c("4 cross")) == (4, None)
        assert [rules.claim_is_correct(k, c("4 cross")) for k in claims] == [True, False, False]

    def test_log(self):
        s = summary([setup(), *predictions([4, "circle", "star"]), vision("4 cross")])
        rnd = s["rounds"][0]
        assert rnd["vision"] == "4 cross"
        assert rnd["supernatural"] == 4
        assert rnd["superduper"] is None
        assert rnd["prediction_points"] == [1, 0, 0]
        assert rnd["points"] == [1, 0, 0]
        assert s["totals"] == [1, 0, 0]

    def test_suit_alone(self):
        assert rules.aspects(["cross", 2, 5], c("4 cross")) == ("cross", None)
        s = summary([setup(), *predictions([2, "cross", 5]), vision("4 cross")])
        assert (s["rounds"][0]["supernatural"], s["rounds"][0]["superduper"]) == ("cross", None)
        assert s["rounds"][0]["prediction_points"] == [0, 1, 0]


class TestBothTraitsPredicted:
    """Example: Cross Supernatural, 4 Super-duper-natural; "Cross" and "4" each earn 1 point."""

    def test_rules(self):
        claims = ["cross", 4, "star"]
        assert rules.aspects(claims, c("4 cross")) == ("cross", 4)
        assert [rules.claim_is_correct(k, c("4 cross")) for k in claims] == [True, True, False]

    def test_log_order_of_claims_does_not_matter(self):
        for claims, expected in (
            (["cross", 4, "star"], [1, 1, 0]),
            ([4, "star", "cross"], [1, 0, 1]),
        ):
            s = summary([setup(), *predictions(claims), vision("4 cross")])
            rnd = s["rounds"][0]
            assert rnd["supernatural"] == "cross"
            assert rnd["superduper"] == 4
            assert rnd["prediction_points"] == expected


class TestNoAspect:
    """If neither aspect of the Vision Card was predicted, there is no Supernatural Aspect."""

    def test_rules(self):
        assert rules.aspects(["cross", 4, "circle"], c("3 star")) == (None, None)
        assert not rules.is_supernatural(c("5 star"), None)
        # the lead suit decides: a star played off-suit does not win
        assert rules.trick_winner(cards("2 circle", "5 star", "3 circle"), None, None)[0] == 2

    def test_log(self):
        lines = [setup(), *predictions(["cross", 4, "circle"]), vision("3 star"),
                 *trick(0, ["2 circle", "5 star", "3 circle"])]
        rnd = summary(lines)["rounds"][0]
        assert rnd["supernatural"] is None
        assert rnd["superduper"] is None
        assert rnd["prediction_points"] == [0, 0, 0]
        assert rnd["tricks"] == [{"leader": 0, "cards": ["2 circle", "5 star", "3 circle"], "winner": 2}]


# -- Perform the Test ------------------------------------------------------------------------
STAR_ROUND = [setup(), *predictions(["star", 1, 2]), vision("4 star")]  # star Supernatural only


class TestStarIsSupernatural:
    """Example: Star is Supernatural: a low star beats a high card of the lead suit."""

    def test_rules(self):
        assert rules.trick_winner(cards("5 circle", "1 star", "4 circle"), "star", None)[0] == 1
        # of several stars the highest wins (not the later one: the aspect is a suit)
        assert rules.trick_winner(cards("5 circle", "4 star", "2 star"), "star", None)[0] == 1
        assert rules.trick_winner(cards("5 circle", "2 star", "4 star"), "star", None)[0] == 2
        # a star led is still the highest star
        assert rules.trick_winner(cards("3 star", "5 circle", "1 star"), "star", None)[0] == 0

    def test_log(self):
        lines = [*STAR_ROUND, *trick(0, ["5 circle", "1 star", "4 circle"]),
                 *trick(1, ["5 square", "2 star", "3 star"])]
        rnd = summary(lines)["rounds"][0]
        assert rnd["supernatural"] == "star"
        assert [t["winner"] for t in rnd["tricks"]] == [1, 0]  # 1 star (Bo), then 3 star (Ann)
        assert rnd["tricks"][1]["leader"] == 1
        assert rnd["tricks_won"] == [1, 1, 0]


SQUARE_THREE_ROUND = [setup(), *predictions(["square", 3, "circle"]), vision("3 square")]


class TestSquareSupernaturalThreeSuperDuper:
    """Example: Square is Supernatural; 3 is Super-duper-natural."""

    def test_rules(self):
        sq, three = "square", 3
        # a 3 beats squares, whatever their rank
        assert rules.trick_winner(cards("5 square", "3 circle", "4 square"), sq, three)[0] == 1
        # a square beats the lead suit
        assert rules.trick_winner(cards("2 circle", "1 square", "5 circle"), sq, three)[0] == 1
        # two 3s: the later one wins
        assert rules.trick_winner(cards("3 star", "5 square", "3 cross"), sq, three)[0] == 2
        assert rules.trick_winner(cards("3 cross", "3 star", "5 square"), sq, three)[0] == 1

    def test_log(self):
        lines = [*SQUARE_THREE_ROUND,
                 *trick(0, ["5 square", "3 circle", "4 square"]),   # Bo's 3 wins
                 *trick(1, ["3 star", "5 circle", "3 cross"]),      # later 3: Ann's 3 cross
                 *trick(0, ["2 circle", "1 square", "4 circle"])]  # Bo's square
        rnd = summary(lines)["rounds"][0]
        assert (rnd["supernatural"], rnd["superduper"]) == ("square", 3)
        assert rnd["prediction_points"] == [1, 1, 0]
        assert [t["leader"] for t in rnd["tricks"]] == [0, 1, 0]
        assert [t["winner"] for t in rnd["tricks"]] == [1, 0, 1]
        assert rnd["tricks_won"] == [1, 2, 0]


class TestSuperDuperBeatsHigherSupernatural:
    def test_rules(self):
        # Cross Supernatural, 4 Super-duper-natural: 4 circle beats 5 cross
        assert rules.trick_winner(cards("5 cross", "4 circle", "1 circle"), "cross", 4)[0] == 1
        assert rules.trick_winner(cards("1 circle", "5 cross", "4 star"), "cross", 4)[0] == 2

    def test_log(self):
        lines = [setup(), *predictions(["cross", 4, "star"]), vision("4 cross"),
                 *trick(0, ["5 cross", "4 circle", "1 circle"])]
        rnd = summary(lines)["rounds"][0]
        assert rnd["tricks"][0]["winner"] == 1
        assert rnd["tricks_won"] == [0, 1, 0]


class TestRankSupernatural:
    """If the Supernatural Aspect is a rank, the later-played card of that rank wins."""

    def test_rules(self):
        assert rules.trick_winner(cards("4 circle", "4 star", "5 circle"), 4, None)[0] == 1
        assert rules.trick_winner(cards("4 circle", "5 circle", "4 star"), 4, None)[0] == 2
        assert rules.trick_winner(cards("5 circle", "4 star", "3 circle"), 4, None)[0] == 1
        assert rules.is_supernatural(c("4 square"), 4) and not rules.is_supernatural(c("3 square"), 4)

    def test_log(self):
        lines = [setup(), *predictions([4, "circle", "star"]), vision("4 square"),
                 *trick(0, ["4 circle", "4 star", "5 circle"]),
                 *trick(1, ["1 cross", "5 cross", "4 cross"])]
        rnd = summary(lines)["rounds"][0]
        assert rnd["supernatural"] == 4
        assert [t["winner"] for t in rnd["tricks"]] == [1, 0]
        assert rnd["tricks"][1]["cards"] == ["1 cross", "5 cross", "4 cross"]


class TestLeadSuit:
    def test_highest_of_lead_suit_wins_when_no_aspect_card(self):
        # Star Supernatural, no star played: the highest circle wins, not the 5 square
        assert rules.trick_winner(cards("2 circle", "5 square", "4 circle"), "star", None)[0] == 2
        lines = [*STAR_ROUND, *trick(0, ["2 circle", "5 square", "4 circle"])]
        assert summary(lines)["rounds"][0]["tricks"][0]["winner"] == 2

    def test_winner_leads_next_trick(self):
        lines = [*STAR_ROUND, *trick(0, ["2 circle", "5 square", "4 circle"])]
        state = run(lines)
        assert ESP.expected(state) == {"act": "play", "seat": 2}
        refused = apply(ESP, state, {"act": "play", "seat": 0, "card": "1 cross"})
        assert isinstance(refused, Refusal)
        assert "Cy" in refused.reason


# -- Develop a Hypothesis / Next Round ---------------------------------------------------------
class TestFaceDownCounts:
    def test_rules(self):
        assert [rules.facedown_count(r) for r in range(4)] == [2, 3, 4, 5]
        assert [rules.held_count(r) for r in range(4)] == [4, 3, 2, 1]

    def test_third_round_four_facedown_two_held(self):
        """Example: Third round: 4 cards face-down, 2 cards held in hand."""
        game = load("esp-table-game.jsonl")
        round3_vision = 1 + 2 * 22 + 3  # setup, two rounds of 22 lines, three predictions
        assert game[round3_vision] == vision("3 square")
        prefix = game[: round3_vision + 1]
        state = run(prefix)
        refused = apply(ESP, state, deal(2, ["2 star", "1 cross", "5 square"], ["2 squiggle", "5 cross", "2 cross"]))
        assert isinstance(refused, Refusal)
        assert "round 3" in refused.reason and "2 cards" in refused.reason and "4 face-down" in refused.reason
        good = deal(2, ["2 star", "1 cross"], ["5 square", "2 squiggle", "5 cross", "2 cross"])
        assert not isinstance(apply(ESP, state, good), Refusal)
        # the round, played with Cy's cards known, replays to the same figures
        rest = game[round3_vision + 1:]
        with_deal = summary([*prefix, good, *rest])
        assert with_deal == summary(game)

    @pytest.mark.parametrize("round_index,held", [(0, 4), (1, 3), (2, 2), (3, 1)])
    def test_every_round_deals_held_and_facedown(self, round_index, held):
        game = load("esp-table-game.jsonl")
        start = 1 + 22 * round_index
        acts = game[start:start + 22]
        seer = rules.first_seer(round_index, 3)
        plays = [a["card"] for a in acts if a["act"] == "play" and a["seat"] == seer]
        last = [a["card"] for a in acts if a["act"] == "bid" and a["seat"] == seer]
        state = run(game[: start + 4])  # up to this round's vision
        too_many = deal(seer, plays[: held + 1], plays[held + 1:] + last)
        assert isinstance(apply(ESP, state, too_many), Refusal)
        dealt = apply(ESP, state, deal(seer, plays[:held], plays[held:] + last))
        assert not isinstance(dealt, Refusal)
        # held cards first: the First Seer cannot lead a face-down card
        wrong = apply(ESP, dealt, {"act": "play", "seat": seer, "card": plays[held]})
        assert isinstance(wrong, Refusal)
        assert "held cards first" in wrong.reason

    def test_every_seat_dealt_the_whole_game_replays_the_same(self):
        game = load("esp-table-game.jsonl")
        full = [game[0]]
        for r in range(4):
            acts = game[1 + 22 * r: 1 + 22 * (r + 1)]
            held = rules.held_count(r)
            deals = []
            for s in range(3):
                plays = [a["card"] for a in acts if a["act"] == "play" and a["seat"] == s]
                last = [a["card"] for a in acts if a["act"] == "bid" and a["seat"] == s]
                assert len(plays) == 5 and len(last) == 1
                deals.append(deal(s, plays[:held], plays[held:] + last))
            full += acts[:4] + deals + acts[4:]
        assert summary(full) == summary(game)


class TestFirstSeer:
    def test_rules(self):
        assert [rules.first_seer(r, 3) for r in range(4)] == [0, 1, 2, 0]
        assert [rules.first_seer(r, 2) for r in range(4)] == [0, 1, 0, 1]
        assert [rules.first_seer(r, 4) for r in range(4)] == [0, 1, 2, 3]

    def test_log_passes_clockwise_and_leads(self):
        game = load("esp-table-game.jsonl")
        s = summary(game)
        assert [r["first_seer"] for r in s["rounds"]] == [0, 1, 2, 0]
        assert [r["tricks"][0]["leader"] for r in s["rounds"]] == [0, 1, 2, 0]

    def test_next_round_starts_with_next_seer(self):
        game = load("esp-table-game.jsonl")
        for r in range(4):
            state = run(game[: 1 + 22 * r])
            assert ESP.expected(state) == {"act": "predict", "seat": r % 3}
            if r:
                refused = apply(ESP, state, {"act": "predict", "seat": (r - 1) % 3, "claim": "star"})
                assert isinstance(refused, Refusal)

    def test_four_players(self):
        state = run([setup(["Ann", "Bo", "Cy", "Di"])])
        assert ESP.expected(state) == {"act": "predict", "seat": 0}


class TestFourRounds:
    def test_game_ends_after_round_four(self):
        assert rules.ROUNDS == 4
        game = load("esp-table-game.jsonl")
        before_last = run(game[:-1])
        assert ESP.expected(before_last) == {"act": "bid", "seat": 2}
        assert ESP.summary(before_last)["finished"] is False
        state = run(game)
        s = ESP.summary(state)
        assert len(s["rounds"]) == 4
        assert s["finished"] is True
        assert s["next"] is None
        assert ESP.is_over(state)
        refused = apply(ESP, state, {"act": "predict", "seat": 1, "claim": "star"})
        assert isinstance(refused, Refusal)
        assert "over" in refused.reason


# -- Evaluate Results -------------------------------------------------------------------
EYE = ("1 circle", "2 cross", "3 squiggle", "4 square", "5 star")


class TestBidValues:
    def test_two_squiggles_is_two_or_three(self):
        assert set(rules.bid_values(c("2 squiggle"))) == {2, 3}
        assert [rules.bid_is_correct(c("2 squiggle"), n) for n in range(6)] == [False, False, True, True, False, False]

    def test_two_crosses_is_two_or_zero(self):
        assert set(rules.bid_values(c("2 cross"))) == {0, 2}
        assert [rules.bid_is_correct(c("2 cross"), n) for n in range(6)] == [True, False, True, False, False, False]

    @pytest.mark.parametrize("eye", EYE)
    def test_eye_icon_cards_can_bid_zero(self, eye):
        rank = int(eye.split()[0])
        assert set(rules.bid_values(c(eye))) == {0, rank}
        assert rules.bid_is_correct(c(eye), 0)

    def test_only_eye_icon_cards_can_bid_zero(self):
        for suit_index, suit in enumerate(SUITS):
            for rank in range(1, 6):
                text = f"{rank} {suit}"
                values = set(rules.bid_values(c(text)))
                if text in EYE:
                    continue
                assert values == {rank, suit_index + 1}, text
                assert not rules.bid_is_correct(c(text), 0), text

    def test_suit_values(self):
        # Circle 1, Cross 2, Squiggle 3, Square 4, Star 5
        assert [set(rules.bid_values(c(f"5 {s}"))) for s in SUITS] == [{1, 5}, {2, 5}, {3, 5}, {4, 5}, {0, 5}]


def _two_player_round(third_trick_for_ann: bool) -> list[dict]:
    """Ann bids 2 squiggle and predicts wrongly; she takes two tricks, or three."""
    last = "4 cross" if third_trick_for_ann else "1 squiggle"
    return [
        setup(["Ann", "Bo"]),
        *predictions(["cross", "star"]), vision("1 circle"),       # no aspect
        *trick(0, ["5 square", "1 square"], 2),                    # Ann
        *trick(0, ["4 square", "2 square"], 2),                    # Ann
        *trick(0, ["1 cross", "5 cross"], 2),                      # Bo
        *trick(1, ["2 cross", "3 square"], 2),                     # Bo
        *trick(1, ["3 cross", last], 2),                           # Bo, or Ann with 4 cross
        bid(1, "3 star"), bid(0, "2 squiggle"),
    ]


class TestScoringExample:
    def test_rules(self):
        assert rules.round_points(False, 2, rules.bid_is_correct(c("2 squiggle"), 2)) == 5
        assert rules.round_points(False, 3, rules.bid_is_correct(c("2 squiggle"), 3)) == 6
        assert rules.round_points(False, 4, rules.bid_is_correct(c("2 squiggle"), 4)) == 4
        assert rules.round_points(True, 0, False) == 1

    def test_two_tricks_five_points(self):
        rnd = summary(_two_player_round(False))["rounds"][0]
        assert rnd["tricks_won"] == [2, 3]
        assert rnd["bids"] == ["2 squiggle", "3 star"]
        assert rnd["bid_correct"] == [True, True]
        assert rnd["points"] == [5, 6]

    def test_three_tricks_six_points(self):
        rnd = summary(_two_player_round(True))["rounds"][0]
        assert rnd["tricks_won"] == [3, 2]
        assert rnd["bid_correct"] == [True, False]
        assert rnd["points"] == [6, 2]


# -- Check Your Outcome -----------------------------------------------------------------
OUTCOME_TABLE = {
    0: "No psychic ability",
    1: "Within the margin of error; test again",
    4: "Within the margin of error; test again",
    5: "Your psychic ability has been clouded by radio wave exposure",
    7: "Your psychic ability has been clouded by radio wave exposure",
    8: "Some aptitude; pursue training to further open your third eye",
    10: "Some aptitude; pursue training to further open your third eye",
    11: "Novice clairvoyant",
    12: "Novice clairvoyant",
    13: "Medium of medium ability",
    14: "Medium of medium ability",
    15: "Competent intermediate",
    16: "Competent intermediate",
    17: "In tune with the universe and a student of human nature",
    18: "In tune with the universe and a student of human nature",
    19: "Gifted, but you already knew that",
    20: "A true visionary; consider visiting a casino",
    35: "A true visionary; consider visiting a casino",
}


class TestOutcomeTable:
    @pytest.mark.parametrize("points", sorted(OUTCOME_TABLE))
    def test_boundaries(self, points):
        assert rules.outcome_label(points) == OUTCOME_TABLE[points]

    def test_labels_are_the_rulebooks_words(self):
        rulebook = (ROOT.parent / "shared" / "rules" / "esp.txt")
        if not rulebook.exists():
            pytest.skip("shared/rules/esp.txt is not beside the project")
        text = rulebook.read_text(encoding="utf-8")
        for label in set(OUTCOME_TABLE.values()):
            assert f"| {label} |" in text, label

    def test_a_whole_game_ends_with_labels(self):
        s = summary(load("esp-table-game.jsonl"))
        assert s["totals"] == [19, 17, 10]
        assert s["outcomes"] == [OUTCOME_TABLE[19], OUTCOME_TABLE[17], OUTCOME_TABLE[10]]

    def test_thirty_five_and_nothing(self):
        """Ann wins every trick of every round with a correct bid and predicts right in
        three rounds (3 * 9 + 8 = 35); Bo predicts wrong, takes nothing, bids wrong (0)."""
        pairs = [("5 cross", "1 cross"), ("5 squiggle", "1 squiggle"), ("5 square", "1 square"),
                 ("4 cross", "2 cross"), ("4 squiggle", "2 squiggle")]
        lines = [setup(["Ann", "Bo"])]
        for r in range(4):
            seer = r % 2
            claims = {0: "circle", 1: 2}
            lines += predictions([claims[seer], claims[1 - seer]], seer)
            lines.append(vision("1 circle" if r < 3 else "3 star"))
            for k, (ann, bo) in enumerate(pairs):
                if k == 0 and seer == 1:
                    lines += trick(1, [bo, ann], 2)
                else:
                    lines += trick(0, [ann, bo], 2)
            lines += [bid(0, "5 star"), bid(1, "2 star")]
        s = summary(lines)
        assert [r["tricks_won"] for r in s["rounds"]] == [[5, 0]] * 4
        assert [r["points"] for r in s["rounds"]] == [[9, 0], [9, 0], [9, 0], [8, 0]]
        assert s["totals"] == [35, 0]
        assert s["outcomes"] == [OUTCOME_TABLE[35], OUTCOME_TABLE[0]]
        assert s["finished"] is True


# -- Follow suit: held cards only --------------------------------------------------------
class TestFollowSuitHeldCardsOnly:
    def test_rules(self):
        hand = cards("3 star", "1 cross")
        with pytest.raises(Refused) as refused:
            rules.check_follows_suit(c("1 cross"), c("5 star"), hand, "Bo")
        assert str(refused.value) == "Bo must follow star: Bo still holds 3 star"
        rules.check_follows_suit(c("3 star"), c("5 star"), hand, "Bo")        # follows
        rules.check_follows_suit(c("1 cross"), c("5 star"), cards("1 cross"), "Bo")  # cannot follow
        rules.check_follows_suit(c("1 cross"), None, hand, "Bo")            # leads

    def test_full_information_example(self):
        lines = load("esp-full-information.jsonl")
        assert any(line.get("act") == "deal" for line in lines)
        rnd = summary(lines)["rounds"][0]
        # trick 5 is played from the face-down rows: Bo plays 2 squiggle on 5 square
        # although his own row still holds 1 square
        assert rnd["tricks"][4] == {"leader": 0, "cards": ["5 square", "2 squiggle"], "winner": 0}

    def test_held_card_must_follow(self):
        lines = load("esp-full-information.jsonl")
        first_play = next(i for i, a in enumerate(lines) if a.get("act") == "play")
        state = run(lines[: first_play + 1])  # Ann led 5 circle; Bo holds 3 circle, 1 circle
        refused = apply(ESP, state, {"act": "play", "seat": 1, "card": "2 cross"})
        assert isinstance(refused, Refusal)
        assert refused.reason == "Bo must follow circle: Bo still holds 1 circle and 3 circle"

    def test_face_down_play_need_not_follow(self):
        lines = load("esp-full-information.jsonl")
        plays = [i for i, a in enumerate(lines) if a.get("act") == "play"]
        state = run(lines[: plays[8] + 1])  # Ann led 5 square from her row
        assert ESP.expected(state) == {"act": "play", "seat": 1}
        after = apply(ESP, state, {"act": "play", "seat": 1, "card": "2 squiggle"})
        assert not isinstance(after, Refusal)
        also = apply(ESP, state, {"act": "play", "seat": 1, "card": "1 square"})
        assert not isinstance(also, Refusal)

    def test_without_deal_follow_suit_is_not_checked(self):
        lines = [line for line in load("esp-full-information.jsonl") if line.get("act") != "deal"]
        first_play = next(i for i, a in enumerate(lines) if a.get("act") == "play")
        state = run(lines[: first_play + 1])
        assert not isinstance(apply(ESP, state, {"act": "play", "seat": 1, "card": "2 cross"}), Refusal)
