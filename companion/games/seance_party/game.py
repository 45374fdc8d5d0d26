"""Séance Party as a :class:`~companion.engine.game.Game`: the actions that change the state
(:mod:`companion.games.seance_party.state`), exactly as ``docs/seance-party.md`` writes them.

Nobody's hand is known at a real table: the companion counts cards in hands and knows
them only once they are public (named when played or shown, revealed at the speed step).
The rules themselves are the small functions of :mod:`companion.games.seance_party.rules`.
Every handler takes a state and returns the next one; a refusal raised half way leaves the
state it was given as it was, because nothing here changes a state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from companion.engine.fields import act_of, check_fields, choice_of, definitions_of, player_names, seat_of, seed_of
from companion.engine.game import Action, Game, Outcome
from companion.engine.refusal import Refused, quote
from companion.engine.secret import Sealed
from companion.engine.state import FrozenDict, assoc, evolve, put
from companion.games.seance_party import rules
from companion.games.seance_party.cards import DICE, SHIPPED, SYMBOLS, Card, add_card, card_named, parse_card
from companion.games.seance_party.state import (
    Battle, Boost, BoardCard, Charge, Hand, Hit, Player, Points, Readings, Round, SeanceState, Speeds, Spirit, Turn, Zeners,
)

ACTS = ("curse", "reveal", "boost", "play", "attach", "activate", "ability", "attack", "damage", "pass", "end",
        "draw", "trash", "planchette", "energy")
#: correction lines: what a card's effect changes in the companion's counts (Readings 2)
CORRECTIONS = ("draw", "trash", "planchette", "energy")
#: the name a trash keeps for a card trashed unseen (a correction by count)
UNSEEN = "(unseen card)"
#: ``defeated`` of a player defeated by no other player (an effect's energy loss)
NOBODY = -1
SETUP_FIELDS = ("game", "players", "mode", "deck", "seed", "cards", *rules.SETTINGS)
TURN_ACTS = ("play", "attach", "ability", "attack", "pass", "end")
#: each act's required and optional fields
FIELDS = {
    "curse": (["seat", "zeners"], []),
    "reveal": (["seat", "hand"], []),
    "boost": (["seat"], ["dice", "cards", "rolls"]),
    "play": (["seat", "card", "planchette"], ["guess", "draw", "energy", "add"]),
    "attach": (["seat", "spell", "spirit"], []),
    "activate": (["seat", "zener", "card", "burn"], ["energy", "add"]),
    "ability": (["seat"], ["item", "card"]),
    "attack": (["seat", "spirit"], ["target", "player", "attack_rolls", "defence_rolls"]),
    "damage": (["seat", "element"], []),
    "pass": (["seat"], []),
    "end": (["seat"], []),
    "draw": (["seat", "count", "cause"], []),
    "trash": (["seat", "cause"], ["cards", "count"]),
    "planchette": (["to", "cause"], ["seat"]),
    "energy": (["seat", "change", "cause"], []),
}
#: the words of "this is not the time to ..." for each turn act
TURN_WORDS = {"play": "play a card", "attach": "attach a card", "ability": "activate an ability",
              "attack": "attack", "pass": "pass", "end": "end the round"}


def _without(values: tuple, value: Any) -> tuple:
    """``values`` without the first ``value`` (a die spent from a pool)."""
    i = values.index(value)
    return values[:i] + values[i + 1:]


class SeancePartyGame(Game):
    name = "seance-party"
    title = "Séance Party"
    min_players = 2
    max_players = 4

    # -- setup ---------------------------------------------------------------------------
    def setup(self, line: Mapping[str, Any]) -> SeanceState:
        """Set-up: decks, five dormant Zeners each, the planchette unplaced, a d4 on each
        point, the dice pools, five face-down Spirit Energy each; then round 1's Start."""
        check_fields({**line, "act": "setup"}, ["players"], SETUP_FIELDS)
        names = player_names(line, 2, 4, "Séance Party")
        n = len(names)
        mode = line.get("mode", "party")
        if mode not in rules.MODES:
            raise Refused(f"mode must be \"party\" (one shared deck) or \"battle\" (a deck per player), not {quote(mode)}")
        deck = line.get("deck")
        if deck is not None and (isinstance(deck, bool) or not isinstance(deck, int)):
            raise Refused(f"deck must be the number of cards in a deck, not {quote(deck)}")
        seed = seed_of(line)
        settings = {}
        for key, (allowed, default) in rules.SETTINGS.items():
            value = line.get(key, default)
            if key == "points":
                if not isinstance(value, list) or sorted(map(str, value)) != sorted(SYMBOLS):
                    raise Refused("points must name the five symbols clockwise round the star, each once, "
                                  "e.g. [\"circle\", \"cross\", \"wave\", \"square\", \"star\"]")
                value = tuple(value)
            else:
                value = choice_of(line, key, allowed, default)
            settings[key] = value
        cards = dict(SHIPPED)
        for data in definitions_of(line):
            card = parse_card(data)
            cards[card.name] = card
        readings = Readings(**settings)
        player = Player(zeners=Zeners(), pool=tuple(rules.POOL))
        state = SeanceState(
            names=tuple(names), mode=mode, settings=readings, seed=seed, cards=FrozenDict(cards),
            deck=tuple(rules.deck_sizes(mode, n, deck)), players=(player,) * n,
            points=Points(**{p: rules.POINT_DIE for p in SYMBOLS}),
        )
        for seat in range(n):
            deck, players, got = self._take(state, seat, rules.START_ENERGY)
            state = evolve(state, deck=deck, players=put(players, seat, evolve(players[seat], down=got)))
        return self._start(state)

    def players(self, state: SeanceState) -> list[str]:
        return list(state.names)

    # -- decks ---------------------------------------------------------------------------
    def _take(self, state: SeanceState, seat: int, count: int, players=None, deck=None) -> tuple[tuple, tuple, int]:
        """Draw up to ``count`` from the seat's deck: an empty deck gives nothing, or (setting
        ``empty_deck: "reshuffle"``) takes the trash back first.  The decks and the players
        after it (``players``, ``deck``: before it, if not the state's), and how many were
        drawn."""
        d = rules.deck_of(state.mode, seat)
        deck = state.deck if deck is None else deck
        players = tuple(state.players if players is None else players)
        if deck[d] < count and state.settings.empty_deck == "reshuffle":
            owners = range(len(state.names)) if state.mode == "party" else [seat]
            back = sum(len(players[o].trash) for o in owners)
            players = tuple(evolve(p, trash=()) if o in owners else p for o, p in enumerate(players))
            deck = put(deck, d, deck[d] + back)
        got = min(count, deck[d])
        return put(deck, d, deck[d] - got), players, got

    def _draw(self, state: SeanceState, seat: int, count: int) -> SeanceState:
        deck, players, got = self._take(state, seat, count)
        hand = players[seat].hand
        return evolve(state, deck=deck, players=put(players, seat, evolve(
            players[seat], hand=Hand(hand.known, hand.unknown + got))))

    # -- the round's steps -------------------------------------------------------------------
    def _start(self, state: SeanceState) -> SeanceState:
        """Start: Zeners not in use face up, unrest, refill to five (or draw one), face-up
        energy to hand; then the Curse step opens for everyone still in."""
        players, deck = state.players, state.deck
        for seat in state.active():
            deck, players, got = self._take(state, seat, rules.refill(players[seat].hand.size), players, deck)
            player = players[seat]
            woken = {z: evolve(zener, up=True) for z, zener in player.zeners.items() if not zener.curses and not zener.up}
            board = tuple(evolve(item, rested=False) if isinstance(item, Spirit) and item.rested else item
                          for item in player.board)
            hand = Hand(player.hand.known, player.hand.unknown + got + player.up)
            players = put(players, seat, evolve(player, zeners=evolve(player.zeners, **woken) if woken else player.zeners,
                                                board=board, hand=hand, up=0))
        return evolve(state, players=players, deck=deck, phase="curse", sealed=Sealed.open(state.active()), revealed=FrozenDict(), boosters=(),
                      turn=None, played=False, extra=False, started=(), passed=frozenset(), causes=(),
                      history=state.history + (Round(state.round),))

    def _end_round(self, state: SeanceState, how: int | str) -> SeanceState:
        state = state.with_record(ended_by=how)
        return self._start(evolve(state, round=state.round + 1))

    # -- apply -----------------------------------------------------------------------------
    def apply(self, state: SeanceState, action: Action) -> SeanceState:
        act = act_of(action, ACTS)
        if state.phase == "over":
            raise Refused("the game is over: " + self._winner_text(state))
        seat = self._gate(state, act, action)
        return getattr(self, "_draw_effect" if act == "draw" else f"_{act}")(state, action, seat)

    def _gate(self, state: SeanceState, act: str, action: Action) -> int | None:
        """The first checks of every act — its fields, then its seat (still in the game, and
        for a turn's act the turn player in the Player Turns step): most refused lines stop
        here, cheaply.  Each act's handler gets the seat these checks read."""
        check_fields(action, *FIELDS[act])
        if act in TURN_ACTS:
            return self._turn_player(state, action, TURN_WORDS[act])
        if act == "planchette" and "seat" not in action:
            return None
        return self._seat(state, action)

    def _winner_text(self, state: SeanceState) -> str:
        names = " and ".join(state.names[s] for s in state.winners or ())
        how = "charged all five Zeners" if state.won_by == "charges" else "defeated the most players"
        return f"{names} won ({how})"

    def _seat(self, state: SeanceState, action: Action, field: str = "seat") -> int:
        seat = seat_of(action, state.names, field)
        if state.players[seat].defeated is not None:
            raise Refused(f"{state.names[seat]} is defeated and out of the game")
        return seat

    def _not_now(self, state: SeanceState, what: str) -> Refused:
        return Refused(f"this is not the time to {what}: the table owes {self._describe(state)}")

    def _describe(self, state: SeanceState) -> str:
        owed = self.expected(state)
        if owed is None:
            return "nothing: the game is over"
        who = state.names[owed["seat"]]
        return {"curse": f"{who}'s curses (the Curse step)", "reveal": f"{who}'s revealed hand (the Speed step)",
                "boost": f"{who}'s boost decision", "turn": f"{who}'s turn",
                "damage": f"{who}'s choice of damage type"}[owed["act"]]

    def _card(self, state: SeanceState, value: Any) -> tuple[SeanceState, Card]:
        """The card a line names; an inline definition is learned (the state knows it after)."""
        if isinstance(value, Mapping):
            cards = dict(state.cards)
            card = add_card(cards, value)
            if state.cards.get(card.name) != card:
                state = evolve(state, cards=FrozenDict(cards))
            return state, card
        return state, state.cards[card_named(state.cards, value)]

    def _cards(self, state: SeanceState, values: list) -> tuple[SeanceState, list[Card]]:
        out = []
        for value in values:
            state, card = self._card(state, value)
            out.append(card)
        return state, out

    @staticmethod
    def _without(state: SeanceState, seat: int, hand: Hand, name: str) -> Hand:
        """``seat``'s ``hand`` less a named card: a known card, else one of the unknown ones."""
        rest = hand.take(name)
        if rest is None:
            who = state.names[seat]
            if not hand.known:
                raise Refused(f"{who} has no card in hand")
            raise Refused(f"{who} has no {name} in hand: {who}'s hand is known to be " + ", ".join(hand.known))
        return rest

    def _from_hand(self, state: SeanceState, seat: int, name: str) -> SeanceState:
        """Take a named card from a hand."""
        return state.change(seat, hand=self._without(state, seat, state.players[seat].hand, name))

    # -- Curse ------------------------------------------------------------------------------
    def _curse(self, state: SeanceState, action: Action, seat: int) -> SeanceState:
        """Curse: "all players will set any amount of curses to the board from their hand.
        Place cards face down on top of the card's matching zener symbol." (At once: sealed.)"""
        if state.phase != "curse":
            raise self._not_now(state, "set curses")
        zeners = action["zeners"]
        if not isinstance(zeners, list) or any(z not in SYMBOLS for z in zeners):
            raise Refused("zeners must be a list of Zener symbols (circle, cross, wave, square, star), maybe empty")
        who = state.names[seat]
        player = state.players[seat]
        for z in zeners:
            if not player.zeners[z].up:
                raise Refused(f"{who}'s {z} Zener is face down: curses go on face-up Zeners")
        if len(zeners) > player.hand.size:
            raise Refused(f"{who} holds {player.hand.size} cards and cannot set {len(zeners)} curses")
        sealed = state.sealed.choose(seat, tuple(zeners), state.names)
        if not sealed.complete:
            return evolve(state, sealed=sealed)
        sealed = sealed.reveal()
        state = evolve(state, sealed=sealed, phase="reveal")
        for s, chosen in sealed.choices.items():
            if not chosen:
                continue
            player = state.players[s]
            zeners = player.zeners
            zeners_now = evolve(zeners, **{z: evolve(zeners[z], curses=zeners[z].curses + n)
                                           for z, n in Counter(chosen).items()})
            # which cards left the hand nobody saw: forget the hand
            state = state.change(s, zeners=zeners_now, hand=Hand((), player.hand.size - len(chosen)))
        return state.with_record(curses=tuple(tuple(sealed.choices.get(s, ())) for s in range(len(state.names))))

    # -- Speed ------------------------------------------------------------------------------
    def _reveal(self, state: SeanceState, action: Action, seat: int) -> SeanceState:
        """Speed: "all players will reveal their hands and add together the speed parameter"."""
        if state.phase != "reveal":
            raise self._not_now(state, "reveal hands")
        who = state.names[seat]
        if seat in state.revealed:
            raise Refused(f"{who} has already revealed this round")
        hand = action["hand"]
        if not isinstance(hand, list):
            raise Refused("hand must be the list of the cards in the hand")
        state, cards = self._cards(state, hand)
        names = tuple(c.name for c in cards)
        held = state.players[seat].hand
        if len(names) != held.size:
            raise Refused(f"{who} holds {held.size} cards, not {len(names)}")
        missing = Counter(held.known) - Counter(names)
        if missing:
            raise Refused(f"{who}'s hand must include {', '.join(sorted(missing))}, known to be in it")
        return self._speed_step(evolve(state, players=state.players_with(seat, hand=Hand(names, 0)),
                                       revealed=assoc(state.revealed, seat, names)))

    def _speed_step(self, state: SeanceState) -> SeanceState:
        """Speeds and the boost order, once every player still in has revealed."""
        active = state.active()
        if not set(state.revealed) >= set(active):
            return state
        n = len(state.names)
        cards = state.cards
        hand = [None] * n
        board = [None] * n
        for s in active:
            hand[s] = rules.hand_speed(cards[c] for c in state.revealed[s])
            board[s] = rules.board_speed(self._board_cards(state, s))
        speeds = Speeds(tuple(hand), tuple(board))
        boosters = rules.turn_order([speeds.total(s) or 0 for s in range(n)], state.settings.speed_tie, state.out())
        return evolve(state, history=state.history_with(speeds=speeds), boosters=tuple(boosters), phase="boost")

    def _board_cards(self, state: SeanceState, seat: int):
        for item in state.players[seat].board:
            yield state.cards[item.card], item.cursed
            if isinstance(item, Spirit):
                for inv in item.inventory:
                    yield state.cards[inv.card], inv.cursed

    def _rolls(self, state: SeanceState, action: Action, field: str, dice, who: str,
               made: int | None = None) -> tuple[tuple, int]:
        """The rolls a line enters (at the table), or the companion's (from the seed); and how
        many rolls the companion has made then (``made``: so far, if not ``state.rolls``)."""
        made = state.rolls if made is None else made
        if field in action:
            rolls = action[field]
            if not isinstance(rolls, list) or len(rolls) != len(dice):
                raise Refused(f"{field} must give {len(dice)} rolls, one per die ("
                              + ", ".join(f"d{d}" for d in dice) + ")")
            return tuple(rules.check_roll(r, d, f"{who}'s roll {k + 1}") for k, (r, d) in enumerate(zip(rolls, dice))), made
        if not dice:
            return (), made
        return tuple(companion_roll(state.seed, made + k, d) for k, d in enumerate(dice)), made + len(dice)

    def _boost(self, state: SeanceState, action: Action, seat: int) -> SeanceState:
        """Boost: "You are allowed to boost using dice from the dice pool or any card from
        your hand."  "Once a die is gone from the dice pool it is gone from the game.\""""
        owed = self.expected(state)
        if owed is None or owed["act"] != "boost":
            raise self._not_now(state, "boost")
        who = state.names[seat]
        if owed["seat"] != seat:
            raise Refused(f"{state.names[owed['seat']]} decides on a boost before {who}")
        dice = action.get("dice", [])
        if not isinstance(dice, list) or any(isinstance(d, bool) or d not in DICE for d in dice):
            raise Refused("dice must list dice from the pool by sides, e.g. [6, 20]")
        pool = state.players[seat].pool
        missing = Counter(dice) - Counter(pool) if dice else None
        if missing:
            raise Refused(f"{who}'s dice pool has no " + ", ".join(f"d{d}" for d in sorted(missing))
                          + ": it holds " + (", ".join(f"d{d}" for d in pool) or "nothing"))
        cards = action.get("cards", [])
        if not isinstance(cards, list):
            raise Refused("cards must list cards from the hand")
        state, named = self._cards(state, cards)
        names = tuple(c.name for c in named)
        if named:
            state = evolve(state, causes=state.causes + names)
        if dice or named:
            for name in names:
                state = self._from_hand(state, seat, name)
            for d in dice:
                pool = _without(pool, d)
            state = evolve(state, players=state.players_with(seat, trash=state.players[seat].trash + names, pool=pool),
                           removed=state.removed + tuple(dice))
        if state.phase == "boost":
            rolls, made = self._rolls(state, action, "rolls", dice, who)
            boost = Boost(tuple(dice), names, rolls, sum(rolls) + sum(c.speed for c in named))
            speeds = state.speeds
            return self._boosts_done(evolve(
                state, history=state.history_with(speeds=evolve(speeds, boosts=assoc(speeds.boosts, seat, boost))),
                boosters=state.boosters[1:], rolls=made))
        battle = state.battle
        side = battle.boosting()
        rolls, made = self._rolls(state, action, "rolls", dice + [c.attack for c in named], who)
        boost = Boost(tuple(dice), names, rolls, sum(rolls))
        if side == "defence":
            battle = evolve(battle, defence_boost=boost, defence=battle.defence + boost.total)
        else:
            battle = evolve(battle, attack_boost=boost, attack=battle.attack + boost.total)
        state = evolve(state, battle=battle, rolls=made)
        return self._resolve(state) if battle.boosting() is None else state

    def _boosts_done(self, state: SeanceState) -> SeanceState:
        """The turn order, once every boost decision is made."""
        if state.boosters:
            return state
        speeds = state.speeds
        final = [speeds.total(s) or 0 for s in range(len(state.names))]
        order = tuple(rules.turn_order(final, state.settings.speed_tie, state.out()))
        return self._begin_turn(evolve(state, history=state.history_with(order=order), phase="turns"), order[0])

    # -- Player Turns --------------------------------------------------------------------------
    def _begin_turn(self, state: SeanceState, seat: int, turns: tuple | None = None,
                    passed: frozenset | None = None) -> SeanceState:
        """``seat``'s turn begins (``turns``: the round's turns so far, if not the record's;
        ``passed``: who has passed, if not the state's)."""
        started = state.started if seat in state.started else state.started + (seat,)
        turns = (state.record.turns if turns is None else turns) + (Turn(seat),)
        passed = state.passed if passed is None else passed
        # in a turn, not passed yet in it
        return evolve(state, history=state.history_with(turns=turns), turn=seat, played=False, extra=False,
                      passed=passed - {seat}, started=started)

    def _turn_player(self, state: SeanceState, action: Action, what: str) -> int:
        seat = self._seat(state, action)
        if state.phase != "turns":
            raise self._not_now(state, what)
        if seat != state.turn:
            raise Refused(f"it is {state.names[state.turn]}'s turn, not {state.names[seat]}'s")
        return seat

    @staticmethod
    def _next(state: SeanceState) -> int:
        """Attack phase: "Once an action is taken your turn is over. Play passes to the next
        fastest player." (A charge's extra turn comes first.)"""
        seat = state.turn
        if state.extra and state.players[seat].defeated is None:
            return seat
        whole = state.order
        order = [s for s in whole if state.players[s].defeated is None]
        if seat in order:
            return order[(order.index(seat) + 1) % len(order)]
        later = [s for s in whole if whole.index(s) > whole.index(seat) and s in order]
        return later[0] if later else order[0]

    def _play(self, state: SeanceState, action: Action, seat: int) -> SeanceState:
        """Play: one card a turn, matching a face-up Zener; the guess; the Zener flips; the
        planchette moves and takes its die; a charge; a spirit possessed."""
        who = state.names[seat]
        if state.played:
            raise Refused(f"{who} has already played a card this turn: one card per turn")
        state, card = self._card(state, action["card"])
        players = list(state.players)
        me = players[seat]
        if not me.zeners[card.symbol].up:
            raise Refused(f"{who}'s {card.symbol} Zener is face down: {card.name} needs a face-up {card.symbol} Zener")
        target = action["planchette"]
        points = state.settings.points
        allowed = rules.planchette_targets(points, state.settings.adjacency, state.planchette)
        if target not in allowed:
            where = "unplaced" if state.planchette is None else f"on {state.planchette}"
            raise Refused(f"the planchette ({where}) can move to {' or '.join(allowed)}, not {quote(target)}")
        g = rules.guesser(seat, [p.hand.size for p in players], state.active())
        # the card leaves the hand face down (hand counts are those before it is presented)
        me = evolve(me, hand=self._without(state, seat, me.hand, card.name))
        entry = {"play": card.name, "player": who, "guesser": None, "guess": None, "countered": False}
        if g is None:
            if "guess" in action:
                raise Refused("no opponent holds a card, so nobody guesses")
            hit = False
        else:
            if "guess" not in action:
                raise Refused(f"{state.names[g]} holds the most cards and must guess by showing a card (\"guess\")")
            state, shown = self._card(state, action["guess"])
            held = self._without(state, g, players[g].hand, shown.name)
            players[g] = evolve(players[g], hand=Hand(held.known + (shown.name,), held.unknown))  # shown: known
            hit = rules.countered(card, shown)
            entry.update(guesser=state.names[g], guess=shown.name, countered=hit)
        next_id, draw = state.next_id, False
        if hit:
            me = evolve(me, hand=Hand(me.hand.known + (card.name,), me.hand.unknown))
            draw = action.get("draw", True)
            if not isinstance(draw, bool):
                raise Refused("draw must be true or false")
            for f in ("energy", "add"):
                if f in action:
                    raise Refused(f"{card.name} was countered and returns to {who}'s hand: no {f}")
        else:
            if "draw" in action:
                raise Refused(f"{card.name} was not countered, so {who} draws no card")
            state, me, next_id = self._to_board(state, seat, me, next_id, card, False, action, entry)
        players[seat] = me
        deck = state.deck
        if draw:
            deck, drawn, got = self._take(state, seat, 1, players)
            players = list(drawn)
            hand = players[seat].hand
            players[seat] = evolve(players[seat], hand=Hand(hand.known, hand.unknown + got))
            entry["drew"] = got
        changes, die = self._move(state, target, entry)
        me = players[seat]
        charged = not hit and rules.charges(card, state.planchette, target, state.settings.charge) \
            and not me.zeners[card.symbol].charged
        flipped = me.zeners.set(card.symbol, up=False, charged=True) if charged else me.zeners.set(card.symbol, up=False)
        players[seat] = evolve(me, zeners=flipped, pool=me.pool if die is None else me.pool + (die,))
        if charged:
            entry["charged"] = card.symbol
            changes.update(extra=True, charges=state.charges + (Charge(state.round, seat, card.symbol),))
        state = evolve(state, players=tuple(players), deck=deck, next_id=next_id, played=True,
                       causes=state.causes + (card.name,), history=state.history_with(turns=state.noted(FrozenDict(entry))),
                       **changes)
        if charged and all(z.charged for z in flipped.values()):
            return self._win(state, [seat], "charges")
        return state

    def _move(self, state: SeanceState, target: str, entry: dict) -> tuple[dict, int | None]:
        """Play: "When the planchette is moved, pick up the die that is at the new symbol and
        put it into your dice pool, then place a new die of the next highest rank".  The
        state's changes, and the die picked up (for the pool of whoever moved it)."""
        die = state.points[target]
        entry["planchette"] = target
        entry["die"] = die
        if die is None:
            return {"planchette": target}, None
        nxt = rules.next_die(die, state.settings.after_d20)
        return {"planchette": target, "points": evolve(state.points, **{target: nxt}),
                "supplied": state.supplied + (nxt is not None)}, die

    def _to_board(self, state: SeanceState, seat: int, player: Player, next_id: int, card: Card, cursed: bool,
                  action: Action, entry: dict) -> tuple[SeanceState, Player, int]:
        """Spirits: possessed with face-down energy, plus one card from hand as inventory or
        energy; without energy, play effects then the trash.  Spells wait on the board.  The
        state (which may have learned a card), the player and the next board number after."""
        who = state.names[seat]
        if card.type == "spell":
            for f in ("energy", "add"):
                if f in action:
                    raise Refused(f"{card.name} is a spell: only spirits take {f}")
            entry["id"] = next_id
            return state, evolve(player, board=player.board + (BoardCard(next_id, card.name, cursed),)), next_id + 1
        down = player.down
        if down == 0:
            for f in ("energy", "add"):
                if f in action:
                    raise Refused(f"{who} has no face-down Spirit Energy: {card.name} resolves its play "
                                  f"effects and goes to the trash (no {f})")
            entry["trashed"] = True
            return state, evolve(player, trash=player.trash + (card.name,)), next_id
        energy = action.get("energy")
        if isinstance(energy, bool) or not isinstance(energy, int) or not 1 <= energy <= down:
            raise Refused(f"{card.name} must be possessed: energy is how many of {who}'s {down} "
                          f"face-down Spirit Energy go under it (1 to {down})")
        item = Spirit(next_id, card.name, cursed, energy=energy)
        entry["id"], entry["energy"] = item.id, energy
        hand, next_id = player.hand, next_id + 1
        if "add" in action:
            state, hand, item, next_id = self._add(state, seat, hand, next_id, card, item, action["add"], entry)
        return state, evolve(player, hand=hand, down=down - energy, board=player.board + (item,)), next_id

    def _add(self, state: SeanceState, seat: int, hand: Hand, next_id: int, card: Card, item: Spirit, add: Any,
             entry: dict) -> tuple[SeanceState, Hand, Spirit, int]:
        """A possessed spirit's extra card from the hand: to its inventory (face up, named) or
        as one more Spirit Energy (face down)."""
        who = state.names[seat]
        if not isinstance(add, Mapping) or add.get("as") not in ("inventory", "energy") or not set(add) <= {"as", "card"}:
            raise Refused("add is {\"as\": \"inventory\", \"card\": CARD} or {\"as\": \"energy\"}")
        if add["as"] == "inventory":
            if "card" not in add:
                raise Refused("a card added to the inventory is face up: name it (\"card\")")
            state, extra = self._card(state, add["card"])
            hand = self._without(state, seat, hand, extra.name)
            if not rules.inventory_room(item.energy, 0):
                raise Refused(f"{card.name} has no room in its inventory")
            entry["added"] = FrozenDict({"as": "inventory", "card": extra.name, "id": next_id})
            return state, hand, evolve(item, inventory=item.inventory + (BoardCard(next_id, extra.name),)), next_id + 1
        if "card" in add:
            state, extra = self._card(state, add["card"])
            hand = self._without(state, seat, hand, extra.name)
        elif hand.unknown > 0:
            hand = Hand(hand.known, hand.unknown - 1)
        elif hand.known:
            raise Refused(f"{who}'s hand is known: name the card added as energy (\"card\")")
        else:
            raise Refused(f"{who} has no card in hand to add as energy")
        entry["added"] = FrozenDict({"as": "energy"})
        return state, hand, evolve(item, energy=item.energy + 1), next_id

    @staticmethod
    def _id(action: Action, field: str) -> int:
        value = action.get(field)
        if isinstance(value, bool) or not isinstance(value, int):
            raise Refused(f"{field} must be a card's number on the board (as the summary shows it), not {quote(value)}")
        return value

    def _attach(self, state: SeanceState, action: Action, seat: int) -> SeanceState:
        """Spirits: "Spirits learn spells by placing them face-up underneath the spirit ...
        Each spirit's inventory is the same amount as their spirit energy." Spells: "Once
        learned, spells are permanently attached to the spirit\""""
        who = state.names[seat]
        owner, spell = state.item(self._id(action, "spell"))
        if owner != seat or isinstance(spell, Spirit):
            raise Refused(f"{quote(action['spell'])} is not a spell waiting on {who}'s board")
        owner, spirit = state.item(self._id(action, "spirit"))
        if owner != seat or not isinstance(spirit, Spirit):
            raise Refused(f"{quote(action['spirit'])} is not a spirit on {who}'s board")
        if not rules.inventory_room(spirit.energy, len(spirit.inventory)):
            raise Refused(f"{spirit.card}'s inventory is full: {len(spirit.inventory)} cards for "
                          f"{spirit.energy} Spirit Energy")
        player = state.players[seat].replace(spell.id, None)
        player = player.replace(spirit.id, evolve(spirit, inventory=spirit.inventory + (spell,)))
        return state.with_player(seat, player).note(
            FrozenDict({"attach": spell.card, "to": spirit.card, "spell": spell.id, "spirit": spirit.id}))

    def _activate(self, state: SeanceState, action: Action, seat: int) -> SeanceState:
        """Curses: "When a cursed card comes to the board it must be played upside down" ...
        "When you use a curse in this way it is 'burned' afterwards."  Any player, any time
        from the Speed step on; never in Start or Curse."""
        who = state.names[seat]
        if state.phase == "curse":
            raise Refused("curses may not be activated during the Start and Curse steps")
        z = action["zener"]
        if z not in SYMBOLS:
            raise Refused(f"zener must be a Zener symbol, not {quote(z)}")
        zener = state.players[seat].zeners[z]
        if zener.curses == 0:
            raise Refused(f"{who} has no curse on the {z} Zener")
        state, card = self._card(state, action["card"])
        if card.symbol != z:
            raise Refused(f"{card.name} is a {card.symbol} card: it cannot have been the curse on {who}'s {z} Zener")
        burn = action["burn"]
        if not isinstance(burn, bool):
            raise Refused("burn must be true or false")
        state = state.with_player(seat, state.players[seat].zener(z, curses=zener.curses - 1))
        # acted again: that player's pass no longer stands
        state = evolve(state, passed=state.passed - {seat}, causes=state.causes + (card.name,))
        entry = {"activate": card.name, "player": who, "zener": z, "burned": burn}
        if burn:
            for f in ("energy", "add"):
                if f in action:
                    raise Refused(f"a burned curse goes to the trash: no {f}")
            state = state.change(seat, trash=state.players[seat].trash + (card.name,))
        else:
            state, player, next_id = self._to_board(state, seat, state.players[seat], state.next_id, card, True,
                                                    action, entry)
            state = evolve(state, players=put(state.players, seat, player), next_id=next_id)
        return state.note(FrozenDict(entry)) if state.record.turns else state

    def _ability(self, state: SeanceState, action: Action, seat: int) -> SeanceState:
        """Before Attack Phase: "Activate an ability of a card on board or in hand. Resolve an
        effect."  What an ability does is printed on the card, and no public list gives the
        cards: the table resolves it.  The line records whose card it was (a card from the
        hand is shown, so the companion knows it is there); nothing else changes."""
        who = state.names[seat]
        if ("item" in action) == ("card" in action):
            raise Refused("an ability names either a card on the board (\"item\": its number) "
                          "or a card in hand (\"card\")")
        if "item" in action:
            owner, item = state.item(self._id(action, "item"), inventory=True)
            if owner != seat:
                raise Refused(f"{quote(action['item'])} is not a card on {who}'s board")
            name = item.card
        else:
            state, card = self._card(state, action["card"])
            name = card.name
            hand = self._without(state, seat, state.players[seat].hand, name)
            state = state.change(seat, hand=Hand(hand.known + (name,), hand.unknown))  # shown, and back in the hand
        state = evolve(state, causes=state.causes + (name,))
        return state.note(FrozenDict({"ability": name, "player": who}))

    def _pass(self, state: SeanceState, action: Action, seat: int) -> SeanceState:
        """Pass: "If you prefer to not attack, you do not have to."  The turn is over."""
        return self._turn_over(state, state.noted("pass"), state.passed | {seat})

    def _turn_over(self, state: SeanceState, turns: tuple | None = None, passed: frozenset | None = None) -> SeanceState:
        """A turn closed without a battle: the round ends if everyone still in has passed
        (:func:`rules.round_ends_by_passes`), else the next turn.  (``turns``, ``passed``: the
        round's turns and who has passed, if not the state's.)"""
        passed = state.passed if passed is None else passed
        owed = state.extra and state.players[state.turn].defeated is None
        if rules.round_ends_by_passes(passed, state.active(), owed):
            return self._end_round(evolve(state, history=state.history_with(turns=turns or state.record.turns),
                                          passed=passed), "passes")
        return self._begin_turn(state, self._next(state), turns, passed)

    def _end(self, state: SeanceState, action: Action, seat: int) -> SeanceState:
        """End: "Choosing to 'end' ends the current round for all players.\""""
        if not rules.may_end(set(state.started), state.active()):
            waiting = [state.names[s] for s in state.active() if s not in state.started]
            raise Refused(f"{state.names[seat]} cannot end yet: {', '.join(waiting)} must start a turn first")
        return self._end_round(state.note("end"), seat)

    # -- corrections: what a card's effect changes (Readings 2) --------------------------------------
    def _cause(self, state: SeanceState, action: Action) -> str:
        """A correction's cause: a card on a board now, or one played, boosted with, activated
        or used for an ability this round; and only from the Speed step on."""
        if state.phase == "curse":
            raise Refused("card effects are resolved from the Speed step on, not in the Start and Curse steps")
        cause = action["cause"]
        if not isinstance(cause, str) or cause not in state.cards:
            raise Refused(f"cause must name a card the companion knows, not {quote(cause)}")
        if cause not in rules.causes(state):
            raise Refused(f"{cause} is on no board and was not played, boosted with, activated or used for "
                          "an ability this round: it cannot be the cause")
        return cause

    @staticmethod
    def _correction(state: SeanceState, entry: dict) -> SeanceState:
        return state.note(FrozenDict(entry)) if state.record.turns else state

    @staticmethod
    def _count(value: Any, field: str, most: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
            raise Refused(f"{field} must be a whole number from 1 to {most}, not {quote(value)}")
        return value

    def _draw_effect(self, state: SeanceState, action: Action, seat: int) -> SeanceState:
        cause = self._cause(state, action)
        count = self._count(action["count"], "count", rules.MOST_DRAWN)
        before = state.hand(seat)
        state = self._draw(state, seat, count)
        return self._correction(state, {"effect": cause, "player": state.names[seat], "drew": state.hand(seat) - before})

    def _trash(self, state: SeanceState, action: Action, seat: int) -> SeanceState:
        cause = self._cause(state, action)
        who = state.names[seat]
        if ("cards" in action) == ("count" in action):
            raise Refused("a trash correction names the cards (\"cards\") or how many unseen ones (\"count\")")
        if "cards" in action:
            cards = action["cards"]
            if not isinstance(cards, list) or not cards:
                raise Refused("cards must list the cards put from the hand into the trash")
            state, named = self._cards(state, cards)
            names = tuple(c.name for c in named)
            for name in names:
                state = self._from_hand(state, seat, name)
        else:
            hand = state.players[seat].hand
            if not hand.unknown:
                raise Refused(f"every card in {who}'s hand is known: name the cards trashed (\"cards\")")
            count = self._count(action["count"], "count", hand.unknown)
            state = state.change(seat, hand=Hand(hand.known, hand.unknown - count))
            names = (UNSEEN,) * count
        state = state.change(seat, trash=state.players[seat].trash + names)
        return self._correction(state, {"effect": cause, "player": who, "trashed": names})

    def _planchette(self, state: SeanceState, action: Action, seat: int | None) -> SeanceState:
        cause = self._cause(state, action)
        target = action["to"]
        if not isinstance(target, str) or target not in state.points:
            raise Refused(f"to must be a point of the pentagram ({', '.join(state.settings.points)}), "
                          f"not {quote(target)}")
        if target == state.planchette:
            raise Refused(f"the planchette is already on {target}")
        entry = {"effect": cause, "planchette": target, "die": None}
        if seat is None:
            state = evolve(state, planchette=target)
        else:
            entry["player"] = state.names[seat]
            changes, die = self._move(state, target, entry)
            pool = state.players[seat].pool
            state = evolve(state, players=state.players_with(seat, pool=pool if die is None else pool + (die,)),
                           **changes)
        return self._correction(state, entry)

    def _energy(self, state: SeanceState, action: Action, seat: int) -> SeanceState:
        cause = self._cause(state, action)
        who = state.names[seat]
        change = action["change"]
        down = state.players[seat].down
        if isinstance(change, bool) or not isinstance(change, int) or change == 0 \
                or not -down <= change <= rules.MOST_DRAWN:
            raise Refused(f"change must be a whole number, not 0, from -{down} ({who}'s face-down "
                          f"Spirit Energy) to {rules.MOST_DRAWN}, not {quote(change)}")
        entry = {"effect": cause, "player": who, "energy": change}
        if change > 0:
            deck, players, got = self._take(state, seat, change)
            state = evolve(state, deck=deck, players=put(players, seat, evolve(players[seat], down=down + got)))
            entry["energy"] = got
        else:
            if state.phase in ("battle", "damage") and state.players[seat].energy() + change == 0:
                raise Refused(f"this would defeat {who} in the middle of a battle: enter it when the battle is over")
            state = state.change(seat, down=down + change, up=state.players[seat].up - change)
        state = self._correction(state, entry)
        return self._defeat_by_effect(state, seat) if state.players[seat].energy() == 0 else state

    def _defeat_by_effect(self, state: SeanceState, seat: int) -> SeanceState:
        """No face-down Spirit Energy left: defeated, credited to nobody."""
        state = state.change(seat, defeated=NOBODY)
        if len(state.active()) <= 1:
            return self._win_by_defeats(state)
        if state.phase == "reveal":
            return self._speed_step(state)
        if state.phase == "boost":
            return self._boosts_done(evolve(state, boosters=tuple(s for s in state.boosters if s != seat)))
        if state.phase == "turns" and state.turn == seat:
            return self._turn_over(state)
        return state

    # -- battles -------------------------------------------------------------------------------
    def _attack(self, state: SeanceState, action: Action, seat: int) -> SeanceState:
        """Battle: rest the attacker; target a spirit, or the player with none; attack power."""
        who = state.names[seat]
        if rules.forced_pass(state.round, set(state.started), state.active()):
            raise Refused(f"in the first round everyone passes until every player has started a turn: {who} must pass")
        owner, spirit = state.item(self._id(action, "spirit"))
        if owner != seat or not isinstance(spirit, Spirit):
            raise Refused(f"{quote(action['spirit'])} is not a spirit on {who}'s board")
        if spirit.rested:
            raise Refused(f"{spirit.card} is rested and cannot attack until the next round")
        if ("target" in action) == ("player" in action):
            raise Refused("an attack names either a target spirit (\"target\") or a player with no spirits (\"player\")")
        target = None
        if "target" in action:
            defender, target = state.item(self._id(action, "target"))
            if defender is None or not isinstance(target, Spirit) or defender == seat \
                    or state.players[defender].defeated is not None:
                raise Refused(f"{quote(action['target'])} is not an opponent's spirit")
        else:
            defender = self._seat(state, action, "player")
            if defender == seat:
                raise Refused(f"{who} cannot attack themselves")
            if state.players[defender].spirits():
                raise Refused(f"{state.names[defender]} has spirits: attack one of them, not the player")
        a_dice = state.stack_dice(spirit)
        a_rolls, made = self._rolls(state, action, "attack_rolls", a_dice, who)
        d_dice = state.stack_dice(target) if target else ()
        d_rolls, made = self._rolls(state, action, "defence_rolls", d_dice, state.names[defender], made)
        battle = Battle(state.round, seat, defender, spirit.id, spirit.card, target.id if target else None,
                        target.card if target else None, a_dice, d_dice, a_rolls, d_rolls,
                        rules.attack_power(a_rolls), rules.attack_power(d_rolls))
        rested = state.players[seat].replace(spirit.id, evolve(spirit, rested=True))
        # an attack changes the board: passes before it no longer count
        return evolve(state, players=put(state.players, seat, rested), rolls=made, passed=frozenset(), battle=battle,
                      phase="battle", history=state.history_with(turns=state.noted(FrozenDict({"attack": spirit.id}))))

    def _options(self, state: SeanceState, item_id: int) -> dict[str, int]:
        """The damage a spirit's stack may deal, by element."""
        _, item = state.item(item_id)
        return rules.damage_options(card.element_of(cursed) for card, cursed in state.stack(item))

    def _resolve(self, state: SeanceState) -> SeanceState:
        """Battle: "Whoever has the higher attack wins and deals damage. If there is a tie, both
        spirits deal damage."  A choice of type is owed when a stack has several."""
        b = state.battle
        sides = tuple(rules.battle_winners(b.attack, b.defence))
        deals, pending = {}, []
        for side in sides:
            item_id = b.item_of(side)
            if item_id is None:
                continue
            options = self._options(state, item_id)
            if len(options) == 1:
                deals[f"{side}_deals"] = next(iter(options))
            else:
                pending.append(side)
        state = evolve(state, battle=evolve(b, winners=sides, pending=tuple(pending), **deals))
        return evolve(state, phase="damage") if pending else self._deal(state)

    def _damage(self, state: SeanceState, action: Action, seat: int) -> SeanceState:
        """Battle: "3 ice cards and one life card then you can choose to do either 3 ice damage
        or 1 life damage.\""""
        if state.phase != "damage":
            raise self._not_now(state, "choose damage")
        b = state.battle
        side = b.pending[0]
        chooser = b.seat_of(side)
        if seat != chooser:
            raise Refused(f"{state.names[chooser]} chooses the damage type, not {state.names[seat]}")
        item_id = b.item_of(side)
        options = self._options(state, item_id)
        if not isinstance(action["element"], str) or action["element"] not in options:
            card = state.item(item_id)[1].card
            raise Refused(f"{card}'s stack deals " + " or ".join(f"{n} {e}" for e, n in options.items())
                          + f" damage, not {quote(action['element'])}")
        b = evolve(b, pending=b.pending[1:], **{f"{side}_deals": action["element"]})
        state = evolve(state, battle=b)
        return self._deal(state) if not b.pending else state

    def _deal(self, state: SeanceState) -> SeanceState:
        """Battle: "Remove spirit energy from the target ... Place those cards face up in the
        spirit energy area. If a spirit has no spirit energy that spirit is killed"."""
        b = state.battle
        attacker, defender = b.attacker, b.defender
        hits = []
        for side in b.winners:
            element = b.attacker_deals if side == "attacker" else b.defender_deals
            if element is None:
                continue
            hits.append((side, element, self._options(state, b.item_of(side))[element]))
        results = []
        for side, element, amount in hits:
            by, victim = (attacker, defender) if side == "attacker" else (defender, attacker)
            victim_item = b.target if side == "attacker" else b.spirit
            player = state.players[victim]
            if victim_item is None:
                removed = min(amount, player.down)
                state = state.change(victim, down=player.down - removed, up=player.up + removed)
                results.append(Hit(by, victim, element, amount, None, removed, False))
                continue
            item = player.find(victim_item)
            removed = min(amount, item.energy)
            left = item.energy - removed
            results.append(Hit(by, victim, element, amount, item.card, removed, left == 0,
                               len(item.inventory) > left > 0))
            if left:
                player = player.replace(item.id, evolve(item, energy=left))
            else:
                player = evolve(player.replace(item.id, None),
                                trash=player.trash + (item.card,) + tuple(i.card for i in item.inventory))
            state = state.with_player(victim, evolve(player, up=player.up + removed))
        newly = []
        for seat in state.active():
            if state.players[seat].energy() == 0:
                state = state.change(seat, defeated=defender if seat == attacker else attacker)
                newly.append(seat)
        done = evolve(b, damage=tuple(results), defeated=tuple(newly))
        state = evolve(state, battles=state.battles + (done,), battle=None, phase="turns")
        if len(state.active()) <= 1:
            return self._win_by_defeats(state)
        return self._begin_turn(state, self._next(state))

    def _win_by_defeats(self, state: SeanceState) -> SeanceState:
        n = len(state.names)
        counts = [sum(1 for p in state.players if p.defeated == s) for s in range(n)]
        best = max(counts)
        return self._win(state, [s for s in range(n) if counts[s] == best], "defeats")

    def _win(self, state: SeanceState, seats: list[int], how: str) -> SeanceState:
        """Winning: "Defeat the most players by getting rid of all of their Spirit Energy or
        charge all 5 of your Zener cards.\""""
        return evolve(state, winners=tuple(seats), won_by=how, phase="over")

    # -- reading the state ------------------------------------------------------------------------
    def expected(self, state: SeanceState) -> dict | None:
        phase = state.phase
        if phase == "over":
            return None
        if phase == "curse":
            return {"act": "curse", "seat": state.sealed.waiting_for()[0]}
        if phase == "reveal":
            return {"act": "reveal", "seat": next(s for s in state.active() if s not in state.revealed)}
        if phase == "boost":
            return {"act": "boost", "seat": state.boosters[0]}
        if phase == "battle":
            return {"act": "boost", "seat": state.battle.seat_of(state.battle.boosting())}
        if phase == "damage":
            return {"act": "damage", "seat": state.battle.seat_of(state.battle.pending[0])}
        return {"act": "turn", "seat": state.turn}

    def outcome(self, state: SeanceState) -> Outcome | None:
        if state.phase != "over":
            return None
        labels = tuple("won" if s in state.winners else ("defeated" if p.defeated is not None else "lost")
                       for s, p in enumerate(state.players))
        return Outcome(winners=tuple(state.winners), labels=labels, details={"won_by": state.won_by})

    def legal(self, state: SeanceState) -> list[dict]:
        from companion.games.seance_party.moves import legal_actions
        return legal_actions(self, state)

    def view(self, state: SeanceState, seat: int | None) -> dict:
        from companion.games.seance_party.view import view
        return view(self, state, seat)

    def summary(self, state: SeanceState) -> dict:
        from companion.games.seance_party.summary import summary
        return summary(self, state)


@lru_cache(maxsize=4096)
def companion_roll(seed: Any, count: int, sides: int) -> int:
    """The companion's ``count``-th roll of a game, on a die of ``sides``: from
    ``Random("SEED:seance-party:roll:COUNT")`` (docs/seance-party.md).  Kept, because one
    line's rolls are made again on every replay of it, and seeding a generator is most of
    the cost of an attack."""
    return Game.rng(seed, "seance-party", "roll", count).randint(1, sides)


SEANCE_PARTY = SeancePartyGame()
