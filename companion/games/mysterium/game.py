"""Mysterium as a :class:`~companion.engine.game.Game`: the state, and the actions that
change it, exactly as ``docs/mysterium.md`` writes them.

The companion never sees the ghost's cards: the ghost's knocks are the truth, and only
answers that cannot all be true are refused.  The rules themselves are the small
functions of :mod:`companion.games.mysterium.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.engine.fields import act_of, check_fields, player_names, seed_of, time_of
from companion.engine.game import Action, Game, Outcome, same_fields
from companion.engine.refusal import Refused, quote
from companion.engine.secret import Sealed
from companion.engine.state import evolve, put
from companion.engine.timers import Timer
from companion.games.mysterium import rules
from companion.games.mysterium.rules import CATEGORIES, FINISHED, TOKENS, roman

ACTS = ("vision", "crow", "guess", "predict", "unpredict", "expire", "answer",
        "commit", "reveal", "vote", "choose", "culprit")
SETUP_FIELDS = ("game", "difficulty", "variant", "players", "ages", "faceup", "seed", "unplaced", "bands")
VISION_NAMES = ("first", "second", "third")


def seating(ghost: str, psychics: list[str], small: bool) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The names by seat and each psychic's seat: the ghost at seat 0, then one psychic a
    seat; in the small-group variation one person a seat for each pair of psychics, called
    by what the pair's names share ("Ann moon" and "Ann sun" are Ann's)."""
    if not small:
        return (ghost, *psychics), tuple(range(1, len(psychics) + 1))
    people = []
    for moon, sun in zip(psychics[::2], psychics[1::2]):
        a, b = moon.split(), sun.split()
        shared = a[:-1] if len(a) > 1 and a[:-1] == b[:-1] else []
        people.append(" ".join(shared) if shared else f"{moon} & {sun}")
    return (ghost, *people), tuple(1 + p // 2 for p in range(len(psychics)))


@dataclass(frozen=True)
class Table:
    """What the setup line settles, and what follows from it; never changes.

    Seats are the people, clockwise from 0 as the set-up screen lists them: the ghost is
    seat 0, then the psychic players.  Psychics are the pawns the log numbers from 0 (its
    ``"psychic"`` field): in the main game psychic p is seat p + 1's; in the small-group
    variation each psychic player has two, psychics 2k and 2k + 1 at seat k + 1."""

    ghost: str
    psychics: tuple[str, ...]
    difficulty: str
    small: bool
    players: int | None
    people: int
    ages: tuple[float, ...] | None
    faceup: tuple[tuple[int, ...], ...]  # by category
    seed: Any
    unplaced: str
    bands: tuple[int, int] | None
    side: str | None
    tokens: tuple[int, int]  # (checks, crosses) each psychic holds
    crow_rule: str  # "round" or "game"
    crows: int
    cases: int
    seats: tuple[str, ...] = ()  # the name at each seat: the ghost's, then the psychic players'
    psychic_seats: tuple[int, ...] = ()  # the seat of each psychic

    __eq__ = same_fields

    def psychics_at(self, seat: int) -> tuple[int, ...]:
        """The psychics the person at ``seat`` plays (none for the ghost's seat 0)."""
        return tuple(p for p, s in enumerate(self.psychic_seats) if s == seat)


@dataclass(frozen=True)
class RoundRecord:
    """One resolved round, as the summary shows it."""

    number: int
    stages: tuple[int, ...]
    visions: tuple[int | None, ...]
    guesses: tuple[int | None, ...]
    answers: tuple[bool | None, ...]
    predictions: tuple[tuple[int, int, str, str], ...]  # owner, target, token, "right"/"wrong"/"ignored"
    advanced: tuple[bool | None, ...]
    bonus: tuple[int, ...]
    levels: tuple[int, ...]
    kept: tuple[int, ...]
    returned: bool
    crows_used: int

    __eq__ = same_fields


@dataclass(frozen=True)
class Final:
    """The final phase: the cases, the committed culprit, the shared visions, the votes."""

    committed: bool = False
    revealed: int = 0
    votes: Sealed | None = None  # main game: every psychic's sealed, irrevocable vote
    bands: tuple[int, ...] = ()  # each psychic's band (1 low, 2 intermediate, 3 high)
    chosen: int | None = None
    decider: int | None = None  # the highest-level psychic whose vote broke a tie
    culprit: int | None = None
    crows_used: int = 0

    __eq__ = same_fields


@dataclass(frozen=True)
class MysteriumState:
    table: Table
    round: int
    phase: str  # "visions", "sand", "answers", "final", "over"
    stage: tuple[int, ...]
    found: tuple[tuple[int | None, ...], ...]  # per psychic, per category
    ruled_out: tuple[tuple[tuple[int, int, int], ...], ...]  # per psychic: (category, card, round) knocked no
    level: tuple[int, ...]
    kept: tuple[int, ...]
    hand: tuple[tuple[int, int], ...]
    discard: tuple[tuple[int, int], ...]
    placed: tuple[tuple[tuple[int, str], ...], ...]  # per owner: (target, token), by target
    visions: tuple[int | None, ...]
    pawns: Sealed
    answers: tuple[bool | None, ...]
    timer: Timer | None
    crows_left: int
    crows_used: int
    returned: bool  # the spent tokens came back at the start of this round (IV)
    finished_in: tuple[int | None, ...]
    history: tuple[RoundRecord, ...] = ()
    final: Final | None = None
    result: str | None = None  # "won" or "lost"

    __eq__ = same_fields

    @property
    def psychics(self) -> tuple[str, ...]:
        """The psychics' names, by psychic number (the log's ``"psychic"``)."""
        return self.table.psychics

    def unfinished(self) -> list[int]:
        return [p for p, s in enumerate(self.stage) if s != FINISHED]

    def taken(self, category: int) -> dict[int, str]:
        """The cards of a category already in someone's sleeve, with the finder."""
        return {f[category]: self.psychics[p] for p, f in enumerate(self.found) if f[category] is not None}

    def on_table(self, category: int) -> list[int]:
        """A category's face-up cards nobody has found yet."""
        taken = self.taken(category)
        return [c for c in self.table.faceup[category] if c not in taken]

    def placed_on(self, owner: int, target: int) -> str | None:
        for t, token in self.placed[owner]:
            if t == target:
                return token
        return None


def _seconds(value: float) -> str:
    return f"{value:g} s" if value == int(value) else f"{value:.1f} s"


class MysteriumGame(Game):
    name = "mysterium"
    title = "Mysterium"
    min_players = 2  # people: the small-group option's two, up to the main game's seven
    max_players = 7

    # -- setup -----------------------------------------------------------------------
    def setup(self, line: Mapping[str, Any]) -> MysteriumState:
        """Choose the original set and prepare the cases: the ghost and the psychics, the
        difficulty or the small-group option, and everything that follows from them."""
        check_fields({**line, "act": "setup"}, ["ghost", "psychics"], SETUP_FIELDS)
        variant = line.get("variant", "main")
        if variant not in ("main", "small"):
            raise Refused(f"variant must be \"small\" (the two-or-three-person variation) or \"main\", not {quote(variant)}")
        small = variant == "small"
        ghost, psychics = line.get("ghost"), line.get("psychics")
        if not isinstance(ghost, str):
            raise Refused(f"ghost must be the ghost's name, e.g. \"Gia\", not {quote(ghost)}")
        if not isinstance(psychics, list) or not all(isinstance(n, str) for n in psychics):
            raise Refused("psychics must be a list of names, e.g. [\"Ann\", \"Bo\", \"Cy\"]")
        players = line.get("players")
        if players is not None and not small:
            raise Refused("players is a setting of the small-group variation only (\"variant\": \"small\")")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise Refused(f"players must be how many people play the psychics (1 or 2), not {quote(players)}")
        people = rules.check_people(len(psychics), small, players)
        names = player_names({"players": [*psychics, ghost]}, 1, 99, "Mysterium")
        *psychics, ghost = names
        n = len(psychics)
        difficulty = rules.check_difficulty(line.get("difficulty", "easy"), small)
        seed = seed_of(line)
        count = rules.faceup_count(people, difficulty, small)
        faceup = self._faceup(line.get("faceup"), seed, count)
        ages = line.get("ages")
        if ages is not None:
            if not isinstance(ages, list) or any(isinstance(a, bool) or not isinstance(a, (int, float)) for a in ages):
                raise Refused("ages must be a list of numbers, one per psychic, e.g. [41, 35, 12]")
            if len(ages) != n:
                raise Refused(f"ages gives {len(ages)} ages for {n} psychics: give one per psychic")
            if any(not 0 <= a < 1000 for a in ages):
                raise Refused("an age is a number of years, 0 or more")
            ages = tuple(float(a) for a in ages)
        unplaced = line.get("unplaced", rules.DEFAULT_UNPLACED)
        if unplaced not in rules.UNPLACED_OPTIONS:
            raise Refused(f"unplaced must be \"wrong\" (an unplaced pawn counts as incorrect) or \"wait\", not {quote(unplaced)}")
        side = rules.track_side(people, small)
        bands = self._bands(line.get("bands"), side, small)
        crow_rule, crows = rules.crows(difficulty)
        tokens = rules.tokens_each(people, small)
        seats, psychic_seats = seating(ghost, psychics, small)
        table = Table(ghost=ghost, psychics=tuple(psychics), difficulty=difficulty, small=small,
                      players=(people - 1) if small else None, people=people, ages=ages, faceup=faceup,
                      seed=seed, unplaced=unplaced, bands=bands, side=side, tokens=tokens,
                      crow_rule=crow_rule, crows=crows, cases=rules.case_count(n, small),
                      seats=seats, psychic_seats=psychic_seats)
        return MysteriumState(
            table=table, round=1, phase="visions", stage=(0,) * n, found=((None,) * 3,) * n,
            ruled_out=((),) * n, level=(0,) * n, kept=(0,) * n, hand=(tokens,) * n, discard=((0, 0),) * n,
            placed=((),) * n, visions=(None,) * n, pawns=Sealed.open(range(n), revisable=True),
            answers=(None,) * n, timer=None, crows_left=crows, crows_used=0, returned=False,
            finished_in=(None,) * n,
        )

    def _faceup(self, given: Any, seed: Any, count: int) -> tuple[tuple[int, ...], ...]:
        if given is None:
            return tuple(rules.draw_faceup(self.rng(seed, "mysterium", "faceup", c), count) for c in CATEGORIES)
        if not isinstance(given, dict) or set(given) != set(CATEGORIES):
            raise Refused("faceup must give the face-up cards of each category: "
                          "{\"character\": [...], \"location\": [...], \"object\": [...]}")
        return tuple(rules.check_faceup(given[c], c, count) for c in CATEGORIES)

    def _bands(self, given: Any, side: str | None, small: bool) -> tuple[int, int] | None:
        if given is not None and small:
            raise Refused("the small-group variation has no clairvoyancy track, so no voting bands")
        if small:
            return None
        bands = rules.DEFAULT_BANDS
        if given is None:
            return bands
        if not isinstance(given, dict) or not set(given) <= {"4-5", "6-7"} or not given:
            raise Refused("bands gives the track's bands per side: {\"4-5\": [4, 8], \"6-7\": [4, 8]}")
        for key, pair in given.items():
            if (not isinstance(pair, list) or len(pair) != 2
                    or any(isinstance(x, bool) or not isinstance(x, int) for x in pair)
                    or not 0 <= pair[0] <= pair[1]):
                raise Refused(f"the {key} side's bands are two spaces [last low, last intermediate], "
                              f"e.g. [4, 8], not {quote(pair)}")
        if side in given:
            bands = tuple(given[side])
        return bands  # type: ignore[return-value]

    def players(self, state: MysteriumState) -> list[str]:
        """The names by seat: the ghost (seat 0), then the psychic players clockwise."""
        return list(state.table.seats)

    # -- apply -----------------------------------------------------------------------
    def apply(self, state: MysteriumState, action: Action) -> MysteriumState:
        act = act_of(action, ACTS)
        if state.result is not None:
            raise Refused("the game is over: " + ("everyone won" if state.result == "won" else "everyone lost"))
        return getattr(self, f"_{act}")(state, action)

    def _psychic(self, state: MysteriumState, action: Action, field: str = "psychic") -> int:
        """The psychic a line names by number (0 the first psychic of the setup), not by seat."""
        p, last = action.get(field), len(state.psychics) - 1
        if isinstance(p, bool) or not isinstance(p, int):
            raise Refused(f"{field} must be a psychic's number from 0 to {last}, not {quote(p)}")
        if not 0 <= p <= last:
            raise Refused(f"there is no psychic {p}: the psychics are numbered from 0 ({state.psychics[0]}) "
                          f"to {last} ({state.psychics[last]})")
        return p

    def _not_now(self, state: MysteriumState, what: str) -> Refused:
        return Refused(f"this is not the time for {what}: the table owes {self._describe(state, self.expected(state))}")

    def _describe(self, state: MysteriumState, owed: dict | None) -> str:
        if owed is None:
            return "nothing: the game is over"
        act, names = owed["act"], state.psychics
        who = names[owed["psychic"]] if "psychic" in owed else ""
        if act == "vision":
            return f"{who}'s vision"
        if act == "guess":
            return f"{who}'s guess"
        if act == "expire":
            return "the end of the sand (expire)"
        if act == "answer":
            return f"the ghost's answer to {who}'s guess"
        if act == "commit":
            return "the ghost's committed culprit token (commit)"
        if act == "reveal":
            vision = owed["vision"]
            return "the three shared visions (reveal all)" if vision == "all" else \
                f"the {VISION_NAMES[vision - 1]} shared vision (reveal {vision})"
        if act == "vote":
            return f"{who}'s vote"
        if act == "choose":
            return "the players' chosen case (choose)"
        return "the culprit token turned over (culprit)"

    # the rounds ---------------------------------------------------------------------
    def _vision(self, state: MysteriumState, action: Action) -> MysteriumState:
        check_fields(action, ["psychic", "cards"])
        p = self._psychic(state, action)
        if state.phase == "final":
            raise self._not_now(state, "a vision")
        who = state.psychics[p]
        cards = rules.check_vision(action["cards"], who, state.stage[p], state.visions[p] is not None,
                                   state.phase != "visions", state.round)
        visions = put(state.visions, p, cards)
        received = [q for q, v in enumerate(visions) if v is not None]
        new = evolve(state, visions=visions, kept=put(state.kept, p, state.kept[p] + cards))
        if rules.hourglass_turns(received, state.unfinished()):
            new = evolve(new, phase="sand", timer=rules.start_hourglass(time_of(action)))
        return new

    def _crow(self, state: MysteriumState, action: Action) -> MysteriumState:
        check_fields(action, [])
        if state.final is not None and state.final.committed:
            raise Refused("the three shared visions are chosen and the culprit committed: a crow can no longer help")
        if state.crows_left < 1:
            if state.table.crow_rule == "round":
                raise Refused("the crow is already used this round (Easy: one redraw a round)")
            raise Refused(f"no crow is left: {state.table.difficulty.capitalize()} allows {state.table.crows} "
                          f"for the whole game")
        new = evolve(state, crows_left=state.crows_left - 1)
        if state.final is not None:
            return evolve(new, final=evolve(state.final, crows_used=state.final.crows_used + 1))
        return evolve(new, crows_used=state.crows_used + 1)

    def _check_sand(self, state: MysteriumState, action: Action, what: str, late_ok: bool = False) -> None:
        if state.phase != "sand":
            if state.phase == "visions":
                waiting = [state.psychics[p] for p in state.unfinished() if state.visions[p] is None]
                raise Refused(f"the hourglass is not turned yet: {', '.join(waiting)} still "
                              f"{'awaits' if len(waiting) == 1 else 'await'} a vision")
            if state.phase == "answers":
                raise Refused(f"the sand has run out: {what} are locked")
            raise self._not_now(state, what)
        t = time_of(action)
        if not late_ok and rules.sand_has_run_out(state.timer, t):
            end = state.timer.started + rules.HOURGLASS_SECONDS  # type: ignore[operator]
            raise Refused(f"the sand ran out at {_seconds(end)} (the hourglass was turned at "
                          f"{_seconds(state.timer.started)}): {what} are locked")  # type: ignore[arg-type]

    def _guess(self, state: MysteriumState, action: Action) -> MysteriumState:
        check_fields(action, ["psychic", "card"])
        p = self._psychic(state, action)
        who = state.psychics[p]
        if state.stage[p] == FINISHED:
            raise Refused(f"{who} has found all three cards: {who}'s pawn is on the final board")
        # with the house option "wait", the table waits for a pawn not yet placed
        late_ok = state.table.unplaced == "wait" and p not in state.pawns.choices
        self._check_sand(state, action, "guesses", late_ok)
        category = state.stage[p]
        card = rules.check_guess(action["card"], CATEGORIES[category], state.on_table(category),
                                 state.taken(category), who)
        return evolve(state, pawns=state.pawns.choose(p, card, state.psychics))

    def _predict(self, state: MysteriumState, action: Action) -> MysteriumState:
        check_fields(action, ["psychic", "target", "token"])
        owner = self._psychic(state, action)
        target = self._psychic(state, action, "target")
        token = rules.check_token(action["token"])
        if state.table.small:
            rules.check_prediction(owner, target, state.psychics, True, 0, token, True)
        self._check_sand(state, action, "predictions")
        kind = TOKENS.index(token)
        current = state.placed_on(owner, target)
        rules.check_prediction(owner, target, state.psychics, state.stage[target] != FINISHED,
                               state.hand[owner][kind] + (current == token), token, False)
        hand = list(state.hand[owner])
        if current is not None:
            hand[TOKENS.index(current)] += 1
        hand[kind] -= 1
        placed = tuple(sorted([(t, k) for t, k in state.placed[owner] if t != target] + [(target, token)]))
        return evolve(state, hand=put(state.hand, owner, tuple(hand)), placed=put(state.placed, owner, placed))

    def _unpredict(self, state: MysteriumState, action: Action) -> MysteriumState:
        check_fields(action, ["psychic", "target"])
        owner = self._psychic(state, action)
        target = self._psychic(state, action, "target")
        if state.table.small:
            raise Refused("the small-group variation has no clairvoyancy tokens: nobody predicts")
        self._check_sand(state, action, "predictions")
        current = state.placed_on(owner, target)
        if current is None:
            raise Refused(f"{state.psychics[owner]} has no token on {state.psychics[target]}'s pawn")
        hand = list(state.hand[owner])
        hand[TOKENS.index(current)] += 1
        placed = tuple((t, k) for t, k in state.placed[owner] if t != target)
        return evolve(state, hand=put(state.hand, owner, tuple(hand)), placed=put(state.placed, owner, placed))

    def _expire(self, state: MysteriumState, action: Action) -> MysteriumState:
        check_fields(action, [])
        if state.phase != "sand":
            if state.phase == "answers":
                raise Refused("the sand has already run out this round")
            if state.phase == "visions":
                self._check_sand(state, action, "the end of the sand")
            raise self._not_now(state, "the end of the sand")
        t = time_of(action)
        if state.timer is not None and t is not None and not rules.sand_has_run_out(state.timer, t):
            raise Refused(f"the sand is still running: {_seconds(state.timer.remaining(t))} "
                          f"of the two minutes are left")
        unplaced = state.pawns.waiting_for()
        rules.check_expiry(unplaced, state.table.unplaced, state.psychics)
        # an unplaced pawn counts as incorrect; predictions aimed at it are ignored (back in hand)
        new = evolve(state, phase="answers", pawns=state.pawns.reveal())
        if all(p not in state.pawns.choices for p in state.unfinished()):
            return self._resolve(new)
        return new

    def _answer(self, state: MysteriumState, action: Action) -> MysteriumState:
        check_fields(action, ["psychic", "correct"])
        p = self._psychic(state, action)
        correct = action["correct"]
        if not isinstance(correct, bool):
            raise Refused(f"correct must be true (one knock) or false (two knocks), not {quote(correct)}")
        who = state.psychics[p]
        if state.phase != "answers":
            if state.phase == "sand":
                raise Refused("the sand is still running: the ghost answers after it runs out (expire)")
            raise self._not_now(state, "an answer")
        if state.stage[p] == FINISHED:
            raise Refused(f"{who} has found all three cards and made no guess this round")
        guess = state.pawns.choices.get(p)
        if guess is None:
            raise Refused(f"{who}'s pawn was on no card when the sand ran out: it counts as an incorrect "
                          f"guess, with no knock")
        if state.answers[p] is not None:
            raise Refused(f"the ghost has already answered {who}'s guess")
        reason = self._impossible(state, p, correct)
        if reason:
            raise Refused(reason)
        new = evolve(state, answers=put(state.answers, p, correct))
        if all(new.answers[q] is not None for q in state.unfinished() if q in state.pawns.choices):
            return self._resolve(new)
        return new

    def _seekers(self, state: MysteriumState, category: int) -> tuple[list[int], list[tuple]]:
        """The category's face-up cards nobody has found, and for each psychic still seeking
        one: (psychic, cards the ghost knocked no on, whether this round's knock counts,
        that knock, the pawn's card)."""
        answering = state.phase == "answers"
        choices = state.pawns.choices
        seekers = []
        for q, found in enumerate(state.found):
            if found[category] is not None:
                continue
            ruled = [card for c, card, _ in state.ruled_out[q] if c == category]
            counts = answering and state.stage[q] == category
            seekers.append((q, ruled, counts, state.answers[q], choices.get(q)))
        return state.on_table(category), seekers

    @staticmethod
    def _domain(on_table: list[int], seeker: tuple, knock: bool | None) -> set[int]:
        _, ruled, counts, _, guess = seeker
        return rules.answer_domain(on_table, ruled, knock if counts else None, guess)

    def _domains(self, state: MysteriumState, category: int, p: int | None = None,
                 answer: bool | None = None) -> list[set[int]]:
        on_table, seekers = self._seekers(state, category)
        return [self._domain(on_table, s, answer if s[0] == p else s[3]) for s in seekers]

    def possible(self, state: MysteriumState) -> list[dict[str, list[int]]]:
        """Per psychic, for each category not yet found: the face-up cards that psychic's
        card may still be — nobody's found, the ghost never knocked no on them for that
        psychic, narrowed by this round's knock.  Public: the table heard every knock."""
        out: list[dict[str, list[int]]] = [{} for _ in state.psychics]
        for c, category in enumerate(CATEGORIES):
            on_table, seekers = self._seekers(state, c)
            for seeker in seekers:
                out[seeker[0]][category] = sorted(self._domain(on_table, seeker, seeker[3]))
        return out

    def band_waiting(self, state: MysteriumState) -> list[int]:
        """The psychics of the band now voting who have not voted yet."""
        return self._band_waiting(state, state.final.revealed) if state.final is not None else []

    def answer_possible(self, state: MysteriumState, p: int, correct: bool) -> bool:
        """The ghost answers yes or no: whether this knock can be true with every earlier one."""
        return rules.assignment_possible(self._domains(state, state.stage[p], p, correct))

    def _answers(self, state: MysteriumState) -> list[dict]:
        """Every answer line :meth:`answer_possible` allows, with what the psychics of a
        category share worked out once: only the answering psychic's own cards change."""
        out: list[dict] = []
        shared: dict[int, tuple] = {}
        for p in state.unfinished():
            if p not in state.pawns.choices or state.answers[p] is not None:
                continue
            category = state.stage[p]
            if category not in shared:
                on_table, seekers = self._seekers(state, category)
                shared[category] = (on_table, seekers, [self._domain(on_table, s, s[3]) for s in seekers])
            on_table, seekers, domains = shared[category]
            at = next((i for i, s in enumerate(seekers) if s[0] == p), None)
            for correct in (True, False):
                mine = domains if at is None else \
                    [*domains[:at], self._domain(on_table, seekers[at], correct), *domains[at + 1:]]
                if rules.assignment_possible(mine):
                    out.append({"act": "answer", "psychic": p, "correct": correct})
        return out

    def _impossible(self, state: MysteriumState, p: int, correct: bool) -> str | None:
        if self.answer_possible(state, p, correct):
            return None
        category = state.stage[p]
        kind = CATEGORIES[category]
        guess = state.pawns.choices[p]
        who = state.psychics[p]
        if correct:
            for q in state.unfinished():
                if q != p and state.stage[q] == category and state.answers[q] is True \
                        and state.pawns.choices.get(q) == guess:
                    return (f"the ghost already knocked yes for {state.psychics[q]} on {kind} {guess}: two psychics "
                            f"cannot both be right on one card")
            for c, card, when in state.ruled_out[p]:
                if c == category and card == guess:
                    return (f"the ghost knocked no on {kind} {guess} for {who} in round {roman(when)}: "
                            f"it cannot be {who}'s card now")
            return (f"yes cannot be true with the ghost's earlier answers: the other psychics still seeking a "
                    f"{kind} could not each have a different face-up card")
        return (f"no cannot be true with the ghost's earlier answers: every other face-up {kind} is ruled out "
                f"for {who} or must be another psychic's, so {kind} {guess} must be {who}'s")

    def _resolve(self, state: MysteriumState) -> MysteriumState:
        """After the last answer: score the predictions, discard the tokens, advance the
        correct psychics, add the finishing bonus, then the next round, the final phase
        or the loss."""
        table, n, rnd = state.table, len(state.psychics), state.round
        guesses = state.pawns.choices
        playing = state.unfinished()
        correct = [state.answers[p] is True for p in range(n)]
        level = list(state.level)
        hand = [list(h) for h in state.hand]
        discard = [list(d) for d in state.discard]
        predictions = []
        for owner in range(n):
            for target, token in state.placed[owner]:
                kind = TOKENS.index(token)
                if guesses.get(target) is None:
                    hand[owner][kind] += 1
                    predictions.append((owner, target, token, "ignored"))
                    continue
                right = rules.prediction_right(token, correct[target])
                level[owner] += right
                discard[owner][kind] += 1
                predictions.append((owner, target, token, "right" if right else "wrong"))
        stage, found, ruled_out = list(state.stage), [list(f) for f in state.found], list(state.ruled_out)
        kept, finished_in, bonus = list(state.kept), list(state.finished_in), [0] * n
        advanced: list[bool | None] = [None] * n
        for p in playing:
            category = state.stage[p]
            guess = guesses.get(p)
            advanced[p] = correct[p]
            kept[p] = rules.visions_kept(state.kept[p], 0, correct[p])
            stage[p] = rules.next_stage(category, correct[p])
            if correct[p]:
                found[p][category] = guess
                if stage[p] == FINISHED:
                    finished_in[p] = rnd
                    bonus[p] = rules.finishing_bonus(rnd, table.small)
                    level[p] += bonus[p]
            elif guess is not None:
                ruled_out[p] = (*ruled_out[p], (category, guess, rnd))
        record = RoundRecord(
            number=rnd, stages=state.stage, visions=state.visions,
            guesses=tuple(guesses.get(p) for p in range(n)), answers=state.answers,
            predictions=tuple(predictions), advanced=tuple(advanced), bonus=tuple(bonus),
            levels=tuple(level), kept=tuple(kept), returned=state.returned, crows_used=state.crows_used,
        )
        unfinished = [p for p in range(n) if stage[p] != FINISHED]
        new = evolve(
            state, stage=tuple(stage), found=tuple(tuple(f) for f in found), ruled_out=tuple(ruled_out),
            level=tuple(level), kept=tuple(kept), hand=tuple(tuple(h) for h in hand),
            discard=tuple(tuple(d) for d in discard), placed=((),) * n, visions=(None,) * n,
            answers=(None,) * n, timer=None, finished_in=tuple(finished_in),
            history=(*state.history, record), crows_used=0, returned=False,
        )
        crows = table.crows if table.crow_rule == "round" else state.crows_left
        if not unfinished:
            # Use the shared vision: "Recover every clairvoyancy token, including those spent after IV"
            bands = tuple(rules.band_of(level[p], table.bands) for p in range(n)) if table.bands else ()
            final = Final(votes=None if table.small else Sealed.open(range(n)), bands=bands)
            return evolve(new, phase="final", hand=(table.tokens,) * n, discard=((0, 0),) * n,
                           pawns=Sealed.open(()), final=final, crows_left=crows)
        if rules.lost_at_deadline(rnd, unfinished):
            return evolve(new, phase="over", result="lost", pawns=Sealed.open(()))
        nxt = rnd + 1
        returned = rules.tokens_return(nxt) and not table.small
        if returned:
            hand = [[h[k] + d[k] for k in range(2)] for h, d in zip(hand, discard)]
            new = evolve(new, hand=tuple(tuple(h) for h in hand), discard=((0, 0),) * n)
        return evolve(new, round=nxt, phase="visions", returned=returned, crows_left=crows,
                       pawns=Sealed.open(unfinished, revisable=True))

    # the final phase ------------------------------------------------------------------
    def _final(self, state: MysteriumState, what: str) -> Final:
        if state.final is None:
            raise self._not_now(state, what)
        return state.final

    def _commit(self, state: MysteriumState, action: Action) -> MysteriumState:
        check_fields(action, [])
        final = self._final(state, "the culprit token")
        if final.committed:
            raise Refused("the ghost has already committed the culprit token")
        return evolve(state, final=evolve(final, committed=True))

    def _reveal(self, state: MysteriumState, action: Action) -> MysteriumState:
        check_fields(action, ["vision"])
        vision = action["vision"]
        small = state.table.small
        if small:
            if vision != "all":
                raise Refused(f"in the small-group variation the three shared visions are revealed together: "
                              f"{{\"act\": \"reveal\", \"vision\": \"all\"}}, not {quote(vision)}")
        elif isinstance(vision, bool) or not isinstance(vision, int) or vision not in (1, 2, 3):
            raise Refused(f"vision must be the shared vision turned up: 1, 2 or 3, not {quote(vision)}")
        final = self._final(state, "a shared vision")
        if not final.committed:
            raise Refused("the ghost has not committed the culprit token yet (commit): no shared vision is shown before")
        if small:
            if final.revealed:
                raise Refused("the three shared visions are already revealed")
            return evolve(state, final=evolve(final, revealed=3))
        if final.chosen is not None:
            raise Refused("every psychic has voted: the culprit token is turned over next")
        if vision <= final.revealed:
            raise Refused(f"the {VISION_NAMES[vision - 1]} shared vision is already revealed")
        if vision != final.revealed + 1:
            raise Refused(f"the shared visions are revealed one at a time, in order: the "
                          f"{VISION_NAMES[final.revealed]} comes next")
        waiting = self._band_waiting(state, final.revealed)
        if waiting:
            band = rules.BANDS[final.revealed - 1]
            who = ", ".join(state.psychics[p] for p in waiting)
            raise Refused(f"{who} ({band} band) must vote before the {VISION_NAMES[vision - 1]} shared vision "
                          f"is revealed")
        return evolve(state, final=evolve(final, revealed=vision))

    def _band_waiting(self, state: MysteriumState, band: int) -> list[int]:
        final = state.final
        if final is None or final.votes is None or band < 1:
            return []
        return [p for p in final.votes.waiting_for() if final.bands[p] == band]

    def _vote(self, state: MysteriumState, action: Action) -> MysteriumState:
        check_fields(action, ["psychic", "case"])
        p = self._psychic(state, action)
        final = self._final(state, "a vote")
        if state.table.small:
            raise Refused("the small-group variation has no secret vote: the players choose a case together (choose)")
        case = rules.check_case(action["case"], state.table.cases)
        who = state.psychics[p]
        assert final.votes is not None
        if p in final.votes.choices:
            raise Refused(f"{who} has already voted, and a vote cannot be changed")
        band = final.bands[p]
        if final.revealed < band:
            raise Refused(f"{who} is in the {rules.BANDS[band - 1]} band (level {state.level[p]}) and votes after "
                          f"the {VISION_NAMES[band - 1]} shared vision is revealed")
        votes = final.votes.choose(p, case, state.psychics)
        if not votes.complete:
            return evolve(state, final=evolve(final, votes=votes))
        votes = votes.reveal()
        chosen, decider = rules.tally(votes.choices, state.table.cases, state.level, state.table.ages)
        return evolve(state, final=evolve(final, votes=votes, chosen=chosen, decider=decider))

    def _choose(self, state: MysteriumState, action: Action) -> MysteriumState:
        check_fields(action, ["case"])
        final = self._final(state, "a choice of case")
        if not state.table.small:
            raise Refused("in the main game the psychics vote in secret (vote): nobody chooses a case openly")
        case = rules.check_case(action["case"], state.table.cases)
        if not final.revealed:
            raise Refused("the three shared visions are not revealed yet (reveal all)")
        if final.chosen is not None:
            raise Refused(f"the players have already chosen case {final.chosen}")
        return evolve(state, final=evolve(final, chosen=case))

    def _culprit(self, state: MysteriumState, action: Action) -> MysteriumState:
        check_fields(action, ["case"])
        final = self._final(state, "the culprit token")
        case = rules.check_case(action["case"], state.table.cases)
        if final.chosen is None:
            if not final.committed:
                raise Refused("the ghost has not committed the culprit token yet (commit)")
            raise Refused("the culprit token is turned over only once the group's case is chosen")
        result = "won" if rules.group_wins(final.chosen, case) else "lost"
        return evolve(state, phase="over", final=evolve(final, culprit=case), result=result)

    # -- what comes next ---------------------------------------------------------------
    def expected(self, state: MysteriumState) -> dict | None:
        if state.result is not None:
            return None
        if state.phase == "visions":
            p = next(p for p in state.unfinished() if state.visions[p] is None)
            return {"act": "vision", "psychic": p}
        if state.phase == "sand":
            waiting = state.pawns.waiting_for()
            return {"act": "guess", "psychic": waiting[0]} if waiting else {"act": "expire"}
        if state.phase == "answers":
            p = next(p for p in state.unfinished() if p in state.pawns.choices and state.answers[p] is None)
            return {"act": "answer", "psychic": p}
        final = state.final
        assert final is not None
        if not final.committed:
            return {"act": "commit"}
        if state.table.small:
            if not final.revealed:
                return {"act": "reveal", "vision": "all"}
            if final.chosen is None:
                return {"act": "choose"}
            return {"act": "culprit"}
        if final.chosen is not None:
            return {"act": "culprit"}
        waiting = self._band_waiting(state, final.revealed)
        if waiting:
            return {"act": "vote", "psychic": waiting[0]}
        return {"act": "reveal", "vision": final.revealed + 1}

    def is_over(self, state: MysteriumState) -> bool:
        return state.result is not None

    def legal(self, state: MysteriumState) -> list[dict]:
        if state.result is not None:
            return []
        out: list[dict] = []
        final = state.final
        if state.crows_left > 0 and (final is None or not final.committed):
            out.append({"act": "crow"})
        if state.phase == "visions":
            for p in state.unfinished():
                if state.visions[p] is None:
                    out += [{"act": "vision", "psychic": p, "cards": k} for k in range(1, rules.VISION_HAND + 1)]
        elif state.phase == "sand":
            playing = state.unfinished()
            for p in playing:
                out += [{"act": "guess", "psychic": p, "card": c} for c in state.on_table(state.stage[p])]
            if not state.table.small:
                for owner in range(len(state.psychics)):
                    for target in playing:
                        if target == owner:
                            continue
                        current = state.placed_on(owner, target)
                        for kind, token in enumerate(TOKENS):
                            if state.hand[owner][kind] + (current == token) > 0:
                                out.append({"act": "predict", "psychic": owner, "target": target, "token": token})
                        if current is not None:
                            out.append({"act": "unpredict", "psychic": owner, "target": target})
            if state.table.unplaced == "wrong" or not state.pawns.waiting_for():
                out.append({"act": "expire"})
        elif state.phase == "answers":
            out += self._answers(state)
        elif final is not None:
            cases = range(1, state.table.cases + 1)
            owed = self.expected(state)
            assert owed is not None
            if owed["act"] == "vote":
                for p in self._band_waiting(state, final.revealed):
                    out += [{"act": "vote", "psychic": p, "case": c} for c in cases]
            elif owed["act"] in ("choose", "culprit"):
                out += [{"act": owed["act"], "case": c} for c in cases]
            else:
                out.append(owed)
        return out

    # -- reading -------------------------------------------------------------------------
    def outcome(self, state: MysteriumState) -> Outcome | None:
        """Cooperative: everyone, the ghost included, wins or loses together."""
        if state.result is None:
            return None
        winners = tuple(range(len(state.table.seats))) if state.result == "won" else ()
        final = state.final
        details = {"result": state.result,
                   "chosen": final.chosen if final else None, "culprit": final.culprit if final else None}
        return Outcome(winners=winners, cooperative=True, details=details)  # no scores: the track orders the vote

    def summary(self, state: MysteriumState) -> dict:
        from companion.games.mysterium.summary import summarize

        return summarize(self, state)

    def view(self, state: MysteriumState, seat: int | None) -> dict:
        from companion.games.mysterium.summary import view

        return view(self, state, seat)


MYSTERIUM = MysteriumGame()
