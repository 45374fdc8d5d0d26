"""The Zener card test as a :class:`~companion.engine.game.Game`: the actions that change a
sitting (``call``, ``card``, ``end``), exactly as ``docs/zener-test.md`` writes them.

With a real pack the table is the truth: the receiver's calls and the cards as the table
turns them are entered, and only what cannot be (a sixth star in a closed deck, a card
before its call) is refused.  When the companion holds the cards, each run's deck follows
from the seed and every call is matched against it as it is made.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.engine.fields import act_of, check_fields, choice_of, player_names, seed_of
from companion.engine.game import Action, Game, Outcome
from companion.engine.refusal import Refused
from companion.engine.state import evolve
from companion.games.zener_test import odds, rules
from companion.games.zener_test.state import Run, Score, Table, ZenerState

ACTS = ("call", "card", "end")
SETUP_FIELDS = ("game", "seed", "mode", "cards", "deck", "feedback", "runs")


class ZenerTestGame(Game):
    name = "zener-test"
    title = "Zener card test"
    min_players = 1
    max_players = 2

    # -- setup -----------------------------------------------------------------------------
    def setup(self, line: Mapping[str, Any]) -> ZenerState:
        """2. The sitting and 3. The roles: who sits, who holds the cards, the deck, the
        feedback and the runs; 4. The shuffle of the first run when the companion deals."""
        check_fields({**line, "act": "setup"}, ["players"], SETUP_FIELDS)
        players = tuple(player_names(line, self.min_players, self.max_players, "The Zener card test"))
        holder = choice_of(line, "cards", rules.HOLDERS, "companion" if len(players) == 1 else "table")
        alone_with_a_pack = len(players) == 1 and holder == "table"  # nobody else can look: clairvoyance
        mode = choice_of(line, "mode", rules.MODES, "clairvoyance" if alone_with_a_pack else "telepathy")
        rules.check_roles(players, holder, mode)
        table = Table(players=players, mode=mode, holder=holder,
                      deck=choice_of(line, "deck", rules.DECKS, "closed"),
                      feedback=choice_of(line, "feedback", rules.FEEDBACK, "run"),
                      runs=rules.check_runs(line.get("runs", rules.DEFAULT_RUNS)), seed=seed_of(line))
        return ZenerState(table=table, deck=self.shuffle(table, 1))

    def shuffle(self, table: Table, run: int) -> tuple[str, ...] | None:
        """4. The shuffle: the companion's cards for ``run``, named by the seed and the run."""
        if table.holder != "companion":
            return None
        return rules.shuffle(self.rng(table.seed, "zener", run), table.deck)

    def players(self, state: ZenerState) -> list[str]:
        return list(state.table.players)

    # -- apply -----------------------------------------------------------------------------
    def apply(self, state: ZenerState, action: Action) -> ZenerState:
        act = act_of(action, ACTS)
        if state.finished:
            raise Refused(self._over(state))
        return getattr(self, f"_{act}")(state, action)

    def _call(self, state: ZenerState, action: Action) -> ZenerState:
        """5. The call: the receiver names the next card's symbol."""
        check_fields(action, ["symbol"])
        symbol = rules.parse_symbol(action["symbol"])
        run = state.upcoming
        step, card = self._owed(state, run)
        table = state.table
        if step != "call":
            raise Refused(self._not_yet_call(state, run, card))
        calls = run.calls + (symbol,)
        cards = run.cards
        if state.deck is not None:  # the companion shows its own card: at once, or with the run
            if rules.shown_after_each_call(table.feedback):
                cards = state.deck[: len(calls)]
            elif len(calls) == rules.CARDS:
                cards = state.deck
        return self._with_run(state, Run(run.number, calls, cards))

    def _card(self, state: ZenerState, action: Action) -> ZenerState:
        """6. The check: the table enters a card as it is turned up."""
        check_fields(action, ["symbol"])
        symbol = rules.parse_symbol(action["symbol"])
        table = state.table
        if table.holder == "companion":
            raise Refused("the companion holds the cards in this test and shows each one itself: "
                          "no card is entered")
        run = state.upcoming
        step, card = self._owed(state, run)
        if step != "card":
            raise Refused(self._not_yet_card(state, run, card))
        if table.deck == "closed":
            rules.check_closed_deck(run.cards, symbol, run.number)
        return self._with_run(state, Run(run.number, run.calls, run.cards + (symbol,)))

    def _end(self, state: ZenerState, action: Action) -> ZenerState:
        """2. The sitting: the table stops between runs."""
        check_fields(action, [])
        run = state.current
        rules.check_end(len(state.scores), run is not None, run.number if run else 0, len(run.calls) if run else 0)
        return evolve(state, ended=True, deck=None)

    def _with_run(self, state: ZenerState, run: Run) -> ZenerState:
        """The state with ``run`` in play; a run complete is scored at once (7. The score), and
        the companion shuffles for the next (4. The shuffle)."""
        runs = state.runs[:-1] + (run,) if state.current is not None else state.runs + (run,)
        if not run.complete:
            return evolve(state, runs=runs)
        table = state.table
        expected, distribution = rules.chance_of_run(run.calls, run.cards, table.deck, table.feedback)
        scores = state.scores + (Score(run.hits, expected, distribution),)
        deck = self.shuffle(table, run.number + 1) if len(scores) < table.runs else None
        return evolve(state, runs=runs, scores=scores, sitting=odds.convolve(state.sitting, distribution), deck=deck)

    # -- what comes next -------------------------------------------------------------------
    @staticmethod
    def _owed(state: ZenerState, run: Run) -> tuple[str, int]:
        table = state.table
        return rules.owed(len(run.calls), len(run.cards), table.feedback, table.holder)

    def expected(self, state: ZenerState) -> dict | None:
        if state.finished:
            return None
        run = state.upcoming
        step, card = self._owed(state, run)
        seat = 0 if step == "call" else state.table.dealer
        return {"act": step, "seat": seat, "run": run.number, "card": card}

    def is_over(self, state: ZenerState) -> bool:
        return state.finished

    def legal(self, state: ZenerState) -> list[dict]:
        owed = self.expected(state)
        if owed is None:
            return []
        if owed["act"] == "call":
            actions = [{"act": "call", "symbol": symbol} for symbol in rules.SYMBOLS]
            return actions + ([{"act": "end"}] if state.current is None and state.scores else [])
        symbols = rules.SYMBOLS
        if state.table.deck == "closed":
            left = rules.cards_left(state.upcoming.cards)
            symbols = tuple(symbol for symbol in symbols if left[symbol] > 0)
        return [{"act": "card", "symbol": symbol} for symbol in symbols]

    # -- refusals in sentences ----------------------------------------------------------------
    def _over(self, state: ZenerState) -> str:
        checked = len(state.scores)
        how = "ended by the table" if state.ended else "over"
        return f"the sitting is {how}: {checked} run{'s' if checked != 1 else ''} of {rules.CARDS} called and checked"

    def _not_yet_call(self, state: ZenerState, run: Run, card: int) -> str:
        table = state.table
        if len(run.calls) == rules.CARDS:
            return (f"all {rules.CARDS} cards of run {run.number} are called: {table.sender} now enters the cards "
                    f"in order, from card {card}")
        return (f"card {card} has been called but not shown: {table.sender} enters it before "
                f"{table.receiver} calls card {card + 1}")

    def _not_yet_card(self, state: ZenerState, run: Run, card: int) -> str:
        table = state.table
        called = len(run.calls)
        if rules.shown_after_each_call(table.feedback):
            return f"card {called + 1} has not been called yet: {table.receiver} calls it before it is shown"
        if not called:
            return (f"{table.receiver} has not called any card of run {run.number} yet: the cards are checked "
                    f"once all {rules.CARDS} are called")
        return (f"the cards are checked once the run is called: {table.receiver} has called {called} of "
                f"run {run.number}'s {rules.CARDS} cards")

    # -- reading ---------------------------------------------------------------------------
    def outcome(self, state: ZenerState) -> Outcome | None:
        if not state.finished:
            return None
        from companion.games.zener_test.summary import sitting_words

        # a test has no winner: the receiver's label says how far the sitting strayed from chance
        return Outcome(winners=(), labels=(sitting_words(state) or "no run was checked",), scores=(state.hits,))

    def summary(self, state: ZenerState) -> dict:
        from companion.games.zener_test.summary import summarize

        return summarize(self, state)

    def view(self, state: ZenerState, seat: int | None) -> dict:
        from companion.games.zener_test.summary import view

        return view(self, state, seat)


ZENER_TEST = ZenerTestGame()
