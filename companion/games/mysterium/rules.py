"""Mysterium's rules (the original 2015 Libellud edition with the clairvoyancy track),
in the rulebook's order.  Each function carries out one rule and names the section of
``shared/rules/mysterium.txt`` it comes from (``shared/rules/NOTES.md`` fills the gaps),
so "why can't Bo be right?" leads here.

These functions are pure: they read numbers and return answers or raise
:class:`Refused`.  :mod:`companion.games.mysterium.game` strings them together.
Settings the rulebook leaves open are named constants with their defaults; every
reading is listed in ``docs/mysterium.md`` ("Readings of the rulebook").
"""

from __future__ import annotations

import functools
import random
from typing import Iterable, Mapping, Sequence

from companion.engine.refusal import Refused, quote
from companion.engine.timers import Timer

CATEGORIES = ("character", "location", "object")
"""The three progress boards, in the order each psychic investigates them."""
FINISHED = len(CATEGORIES)
"""A psychic's stage once the object is found (the pawn is on the final board)."""
STAGES = (*CATEGORIES, "finished")
CARDS_PER_CATEGORY = 18
"""54 psychic cards: 18 characters, 18 locations, 18 objects, numbered 1–18 each."""
ROUNDS = 7
"""The clock's hours I–VII."""
HOURGLASS_SECONDS = 120.0
"""The two-minute hourglass."""
VISION_HAND = 7
"""The ghost's hand of vision cards ("draw seven", "refill the hand to seven")."""
TOKEN_RETURN_ROUND = 4
""""All spent tokens return once, at the start of round IV.\""""
DIFFICULTIES = ("easy", "medium", "hard")
TOKENS = ("check", "cross")
UNPLACED_OPTIONS = ("wrong", "wait")
DEFAULT_UNPLACED = "wrong"
"""The guide's house procedure: an unplaced pawn at expiry counts as an incorrect guess."""
DEFAULT_BANDS = (4, 8)
"""The track's voting bands on either side (NOTES.md: not published; a setting whose
default puts space 4 in the low band, 5 and 6 in the intermediate and 11 in the high,
as the rulebook's worked example): levels up to 4 vote low, up to 8 intermediate,
above 8 high."""
BANDS = ("low", "intermediate", "high")
SMALL_CASES = 4
"""Two or three people: "making four numbered cases" / "already have four completed cases"."""
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII")


def roman(round_number: int) -> str:
    return ROMAN[round_number - 1]


# -- Choose the original set and prepare the cases -------------------------------------------
MAIN_PEOPLE = (4, 7)
SMALL_PEOPLE = (2, 3)


def people_count(psychics: int, small: bool, players: int | None = None) -> int:
    """Choose the original set: "This main game uses 4–7 people, including one ghost";
    the small-group option counts "the original table's total human-player count, not
    the number of controlled pawns" (one ghost and 1 or 2 people with two psychics each)."""
    if small:
        return 1 + (players if players is not None else psychics // 2)
    return 1 + psychics


def check_people(psychics: int, small: bool, players: int | None = None) -> int:
    """Choose the original set / Two or three people: refuse a table of the wrong size."""
    if small:
        if players is not None and players not in (1, 2):
            raise Refused(f"the small-group variation is for two or three people: one or two play the "
                          f"psychics, not {players}")
        want = 2 * players if players is not None else None
        if want is None and psychics not in (2, 4):
            raise Refused(f"in the small-group variation each person controls two psychics: name 2 or 4 "
                          f"psychics, not {psychics}")
        if want is not None and psychics != want:
            raise Refused(f"in the small-group variation each person controls two psychics: {players} "
                          f"{'person needs' if players == 1 else 'people need'} {want} psychics, not {psychics}")
        return people_count(psychics, True, players)
    low, high = MAIN_PEOPLE
    people = people_count(psychics, False)
    if not low <= people <= high:
        raise Refused(f"Mysterium is for {low} to {high} people (one ghost and {low - 1} to {high - 1} psychics), "
                      f"not {people}; two or three people play the small-group variation (\"variant\": \"small\")")
    return people


def tokens_each(people: int, small: bool) -> tuple[int, int]:
    """Choose the original set: "With 4–5 total people, take that color's clairvoyancy
    tokens numbered 1–4, including two checks and two crosses. With 6–7, take all six,
    three checks and three crosses."  Two or three people: "Put away the clairvoyancy
    track/level markers and prediction tokens".  Returns (checks, crosses)."""
    if small:
        return (0, 0)
    return (2, 2) if people <= 5 else (3, 3)


def track_side(people: int, small: bool) -> str | None:
    """Choose the original set: "Put the markers at 0 on the correct 4–5 or 6–7 side of
    the track. Those counts include the ghost."  No track in the small-group option."""
    if small:
        return None
    return "4-5" if people <= 5 else "6-7"


FACEUP = {
    # people: easy, medium, hard
    4: (5, 6, 7),
    5: (6, 7, 8),
    6: (6, 8, 9),
    7: (7, 8, 9),
}
SMALL_FACEUP = {2: 4, 3: 5}


def faceup_count(people: int, difficulty: str, small: bool) -> int:
    """Choose the original set (Easy: "five of each psychic-card category for four
    people; six of each for five or six people; seven of each for seven people"),
    Medium investigation ("six … for four people; seven for five; eight for six or
    seven"), Hard investigation ("seven … for four people; eight for five; nine for six
    or seven"), Two or three people ("with two total people, lay out four of each …;
    with three total people, lay out five of each")."""
    if small:
        return SMALL_FACEUP[people]
    return FACEUP[people][DIFFICULTIES.index(difficulty)]


def check_difficulty(difficulty: object, small: bool) -> str:
    """Ideas & Twists: Easy, Medium or Hard; the small-group option says "Use Easy"."""
    if difficulty not in DIFFICULTIES:
        raise Refused(f"difficulty must be \"easy\", \"medium\" or \"hard\", not {quote(difficulty)}")
    if small and difficulty != "easy":
        raise Refused("the small-group variation is played on Easy (\"Use Easy\")")
    return difficulty  # type: ignore[return-value]


def crows(difficulty: str) -> tuple[str, int]:
    """Choose the original set ("Easy allows one crow redraw per round"), Medium ("three
    crow redraws total for the entire game, including the final phase … do not recover it
    between rounds"), Hard ("only one crow redraw for the entire game, including the final
    phase").  Returns ("round", 1) or ("game", n)."""
    return {"easy": ("round", 1), "medium": ("game", 3), "hard": ("game", 1)}[difficulty]


def draw_faceup(rng: random.Random, count: int) -> tuple[int, ...]:
    """Choose the original set: "Shuffle each category separately, select that number,
    and lay the cards face up" — one category's face-up numbers, in ascending order."""
    return tuple(sorted(rng.sample(range(1, CARDS_PER_CATEGORY + 1), count)))


def check_faceup(cards: object, category: str, count: int) -> tuple[int, ...]:
    """Choose the original set: a category's face-up cards, written by the table: that
    many distinct card numbers from 1 to 18."""
    if not isinstance(cards, list) or any(isinstance(c, bool) or not isinstance(c, int) for c in cards):
        raise Refused(f"the face-up {category} cards are a list of card numbers from 1 to "
                      f"{CARDS_PER_CATEGORY}, e.g. [2, 7, 11]")
    bad = [c for c in cards if not 1 <= c <= CARDS_PER_CATEGORY]
    if bad:
        raise Refused(f"there is no {category} {bad[0]}: the {category} cards are numbered 1 to {CARDS_PER_CATEGORY}")
    if len(set(cards)) != len(cards):
        raise Refused(f"the face-up {category} cards name a card twice")
    if len(cards) != count:
        raise Refused(f"this table lays out {count} {category} cards face up, not {len(cards)}")
    return tuple(sorted(cards))


# -- The ghost sends the first vision ------------------------------------------------------------
def check_vision(cards: object, who: str, stage: int, already: bool, hourglass_turned: bool,
                 round_number: int) -> int:
    """The ghost sends the first vision: "Choose any unfinished psychic … Give one or more
    vision cards together" from a hand of seven; "A recipient gets only one delivery this
    round"; finished psychics get "no more personal visions"."""
    if isinstance(cards, bool) or not isinstance(cards, int):
        raise Refused(f"cards must be how many vision cards the ghost gives, from 1 to {VISION_HAND}, not {quote(cards)}")
    if not 1 <= cards <= VISION_HAND:
        raise Refused(f"a vision is 1 to {VISION_HAND} cards from the ghost's hand of {VISION_HAND}, not {cards}")
    if stage == FINISHED:
        raise Refused(f"{who} has found all three cards and gets no more visions")
    if hourglass_turned:
        raise Refused(f"the hourglass is already turned: every vision of round {roman(round_number)} has been given")
    if already:
        raise Refused(f"{who} already has a vision in round {roman(round_number)}: one delivery per psychic a round")
    return cards


# -- Start the hourglass and commit guesses ----------------------------------------------------
def hourglass_turns(received: Iterable[int], unfinished: Iterable[int]) -> bool:
    """Start the hourglass: "After every unfinished psychic has received a vision, flip
    the two-minute hourglass"."""
    return set(unfinished) <= set(received)


def check_guess(card: object, category: str, on_table: Sequence[int], taken: Mapping[int, str], who: str) -> int:
    """Start the hourglass and commit guesses: "Each psychic places their intuition pawn
    on one face-up card of their current category … Move it as often as needed before
    time expires. Several psychics may guess the same card."  A card found earlier is in
    its finder's sleeve, no longer face up."""
    if isinstance(card, bool) or not isinstance(card, int):
        raise Refused(f"card must be a {category} card's number from 1 to {CARDS_PER_CATEGORY}, not {quote(card)}")
    if card in taken:
        raise Refused(f"{category} {card} is already in {taken[card]}'s sleeve: {who} must choose another {category}")
    if card not in on_table:
        listed = ", ".join(str(c) for c in on_table)
        raise Refused(f"{category} {card} is not face up: the {category} cards on the table are {listed}")
    return card


def start_hourglass(now: float | None) -> Timer | None:
    """Start the hourglass: "flip the two-minute hourglass" — a timer from the table time
    of the line that turns it; without a time the companion cannot time it (the table's
    hourglass is the truth)."""
    return Timer.start(HOURGLASS_SECONDS, now) if now is not None else None


def sand_has_run_out(hourglass: Timer | None, now: float | None) -> bool:
    """Start the hourglass: "Lock all guesses when the sand runs out" — two minutes after
    the hourglass was turned, on the table clock the actions carry; never when either
    time is unknown."""
    return hourglass is not None and now is not None and hourglass.expired(now)


# -- Use clairvoyancy tokens if you wish ---------------------------------------------------------
def check_token(token: object) -> str:
    """Use clairvoyancy tokens: a check predicts a correct guess, a cross an incorrect one
    ("Use that token's printed symbol; do not flip a cross into a check")."""
    if token not in TOKENS:
        raise Refused(f"token must be \"check\" (a correct guess) or \"cross\" (an incorrect one), not {quote(token)}")
    return token  # type: ignore[return-value]


def check_prediction(owner: int, target: int, names: Sequence[str], target_in_play: bool,
                     in_hand: int, token: str, small: bool) -> None:
    """Use clairvoyancy tokens: "point a check token at another psychic's pawn …  You
    cannot predict your own guess or place two of your tokens on the same pawn" — a
    second token on the same pawn replaces the first; ``in_hand`` counts the token
    of that kind already on the pawn, which would come back.  Finished psychics "may
    use remaining prediction tokens"; no tokens in the small-group option."""
    if small:
        raise Refused("the small-group variation has no clairvoyancy tokens: nobody predicts")
    if owner == target:
        raise Refused(f"{names[owner]} cannot predict {names[owner]}'s own guess")
    if not target_in_play:
        raise Refused(f"{names[target]} has found all three cards: no pawn of {names[target]}'s is guessing")
    if in_hand < 1:
        raise Refused(f"{names[owner]} has no {token} token left in hand")


# -- The hourglass runs out ------------------------------------------------------------------------
def check_expiry(unplaced: Sequence[int], option: str, names: Sequence[str]) -> None:
    """Keep uncertainty friendly and decisions clear (the guide's house procedure): with
    ``"wrong"`` "an unplaced pawn when time expires counts as an incorrect guess; ignore
    predictions aimed at a pawn with no committed card"; with ``"wait"`` the table waits
    for every pawn (expiry is refused until all are placed)."""
    if option == "wait" and unplaced:
        who = ", ".join(names[p] for p in unplaced)
        raise Refused(f"{who} has no pawn on a card yet: with the house option \"wait\" the sand runs out only "
                      f"once every pawn is placed")


# -- The ghost answers yes or no ---------------------------------------------------------------------
def assignment_possible(domains: Sequence[Iterable[int]]) -> bool:
    """Whether every psychic still seeking a card of one category can hold a different
    card from their possible ones ("a category's hidden assignments are distinct"):
    a matching that covers every psychic (Kuhn's augmenting paths; at most 6 psychics
    and 9 cards)."""
    return _covered(tuple(tuple(sorted(d)) for d in domains))


@functools.lru_cache(maxsize=4096)
def _covered(options: tuple[tuple[int, ...], ...]) -> bool:
    """:func:`assignment_possible` of the sorted domains, remembered: every knock is
    checked again by each seat's list of answers, the screen and the log."""
    owner: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        for card in options[i]:
            if card in seen:
                continue
            seen.add(card)
            if card not in owner or place(owner[card], seen):
                owner[card] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(options)))


def answer_domain(on_table: Iterable[int], ruled_out: Iterable[int], answer: bool | None, guess: int | None) -> set[int]:
    """The ghost answers yes or no: the cards a psychic's hidden card may still be — the
    face-up cards nobody has found, less those the ghost knocked no on for that psychic,
    narrowed by this round's knock on the psychic's guess."""
    cards = set(on_table) - set(ruled_out)
    if answer is True:
        return cards & {guess}
    if answer is False:
        cards.discard(guess)
    return cards


def prediction_right(token: str, guess_correct: bool) -> bool:
    """The ghost answers yes or no: "Each correct check prediction or correct cross
    prediction moves its owner's level marker forward one space; a mistaken prediction
    earns nothing and loses no points"."""
    return (token == "check") == guess_correct


# -- Advance only after a correct guess --------------------------------------------------------------
def next_stage(stage: int, correct: bool) -> int:
    """Advance only after a correct guess: the pawn moves to the next progress board
    (character, location, object, then the final board); a wrong guess stays."""
    return stage + 1 if correct else stage


def visions_kept(kept: int, received: int, correct: bool) -> int:
    """Advance only after a correct guess: a correct psychic "discards all visions from
    that stage"; a wrong one keeps them and adds next round's vision."""
    return 0 if correct else kept + received


# -- Keep finished psychics involved and check the deadline ------------------------------------------
def finishing_bonus(round_number: int, small: bool) -> int:
    """Keep finished psychics involved: "Add one clairvoyancy space per investigation
    round still unused: finishing in IV adds three; finishing in VII adds none."  No
    completion bonus in the small-group option."""
    return 0 if small else ROUNDS - round_number


def tokens_return(round_number: int) -> bool:
    """Use clairvoyancy tokens / The ghost answers: "Put every used prediction token on
    the clock's discard area … All spent tokens return once, at the start of round IV"."""
    return round_number == TOKEN_RETURN_ROUND


def lost_at_deadline(round_number: int, unfinished: Sequence[int]) -> bool:
    """Keep finished psychics involved and check the deadline: "If anyone remains
    unfinished after resolving VII, everyone loses and there is no final phase"."""
    return bool(unfinished) and round_number >= ROUNDS


# -- Use the shared vision to choose the true case ------------------------------------------------------
def case_count(psychics: int, small: bool) -> int:
    """Use the shared vision: "consecutive numbers 1 through the number of psychics";
    two or three people always have four cases (two people add two decoy trios)."""
    return SMALL_CASES if small else psychics


def decoy_cases(people: int) -> int:
    """Two or three people: "two people add two randomly assembled decoy trios … Three
    people already have four completed cases, so add no decoys"."""
    return 2 if people == 2 else 0


def band_of(level: int, bands: Sequence[int]) -> int:
    """Use the shared vision: the track's printed band for a level — 1 low (votes after
    the first vision), 2 intermediate (after the second), 3 high (after the third).
    ``bands`` = (the last low space, the last intermediate space); NOTES.md: the
    rulebook's example puts 4 low, 5 and 6 intermediate, 11 high."""
    low, intermediate = bands
    if level <= low:
        return 1
    if level <= intermediate:
        return 2
    return 3


def check_case(case: object, cases: int) -> int:
    if isinstance(case, bool) or not isinstance(case, int):
        raise Refused(f"case must be a case number from 1 to {cases}, not {quote(case)}")
    if not 1 <= case <= cases:
        raise Refused(f"there is no case {case}: the cases are numbered 1 to {cases}")
    return case


def eldest(candidates: Iterable[int], ages: Sequence[float] | None) -> int:
    """Use the shared vision: "tied highest levels use the eldest psychic" — the greatest
    age; without ages (or among equal ages) the earlier seat counts as the elder."""
    return min(candidates, key=lambda p: (-(ages[p] if ages else 0), p))


def highest_level(levels: Sequence[int], ages: Sequence[float] | None) -> int:
    """Use the shared vision: the psychic with the highest level ("tied highest levels use
    the eldest psychic"): the one who collects and opens the votes, and breaks a tie."""
    top = max(levels)
    return eldest([p for p, level in enumerate(levels) if level == top], ages)


def vote_counts(votes: Mapping[int, int], cases: int) -> list[int]:
    """How many votes each case has (index 0 is case 1)."""
    counts = [0] * cases
    for case in votes.values():
        counts[case - 1] += 1
    return counts


def tally(votes: Mapping[int, int], cases: int, levels: Sequence[int], ages: Sequence[float] | None) -> tuple[int, int | None]:
    """Use the shared vision: "The case with more votes than every other case is the
    group's answer; it need not exceed half of all votes. If no case leads outright, the
    highest-clairvoyancy psychic's submitted vote determines the answer; if that highest
    level is shared, use the eldest of those psychics. The rulebook does not restrict this
    deciding vote to the tied leading cases."  Returns (the case, the deciding psychic or
    None when a case led outright)."""
    counts = vote_counts(votes, cases)
    top = max(counts)
    leaders = [c + 1 for c, n in enumerate(counts) if n == top]
    if len(leaders) == 1:
        return leaders[0], None
    decider = highest_level(levels, ages)
    return votes[decider], decider


def group_wins(chosen: int, culprit: int) -> bool:
    """Use the shared vision: "If its number matches the group's chosen case, everyone,
    including the ghost, wins. Otherwise everyone loses.\""""
    return chosen == culprit
