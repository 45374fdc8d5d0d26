"""Clairvoyance as a :class:`~companion.engine.game.Game`: the lines of ``docs/clairvoyance.md``
read, checked against the moment (whose turn, an open window, the die to turn, room to
make) and handed to the rules of :mod:`companion.games.clairvoyance.rules`.

Interruptions: declaring a possess or a throw opens a :class:`~companion.engine.windows.Window`
for everyone still in, in priority order from the turn-holder's left round to the
turn-holder.  A log records only what happened, so a move from any player still to answer
is accepted (those ahead of them passed for that moment), and once it resolves everyone may
answer again; ``pass`` lines or one ``resolve`` close it.  An ability used outside a window
opens one of its own for everyone else ("the current player must pause their turn").
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.engine.fields import act_of, check_fields, choice_of, definitions_of, player_names, seat_of, seed_of
from companion.engine.game import Action, Game, Outcome
from companion.engine.refusal import Refused, quote
from companion.engine.state import FrozenDict, evolve, freeze, put
from companion.engine.windows import Window
from companion.games.clairvoyance import rules
from companion.games.clairvoyance.cards import SHIPPED, Card, card_named, learn
from companion.games.clairvoyance.die import check_face, die_of
from companion.games.clairvoyance.state import ClairvoyanceState, Line, Pause, Play

ACTS = ("guess", "roll", "possess", "throw", "discard", "end", "instant", "use", "ability", "pass", "resolve",
        "die", "make_room", "hurt", "heal", "destroy", "draw", "define")
SETUP_FIELDS = ("game", "players", "characters", "teams", "die", "deck", "seed", "cards", "health",
                *rules.SETTINGS)
#: each ability's own fields (all required)
ABILITY_FIELDS = {
    "Charges Apply": ("item", "to"),
    "Pyromania": ("item",),
    "Guaranteed Delivery": (),
    "Scrounge": ("card",),
    "Circuit Breaker": ("target",),
    "Eminent Domain": ("card",),
    "Charm": (),
    "Prognosticate": ("face",),
}
MAX_AMOUNT = 99
_NESTED = frozenset({"guess", "discard", "define"})  # the lines with a list or an object in a field
MAX_DECK = 1000


class ClairvoyanceGame(Game):
    name = "clairvoyance"
    title = "Clairvoyance"
    min_players, max_players = rules.PLAYERS

    # -- Set Up ------------------------------------------------------------------------------
    def setup(self, line: Mapping[str, Any]) -> ClairvoyanceState:
        if not isinstance(line, Mapping):
            raise Refused("the setup line must be a JSON object such as "
                          "{\"game\": \"clairvoyance\", \"players\": [...], \"characters\": [...]}")
        check_fields({**line, "act": "setup"}, ["players", "characters"], SETUP_FIELDS)
        names = player_names(line, *rules.PLAYERS, "Clairvoyance")
        n = len(names)
        characters = line["characters"]
        if (not isinstance(characters, list) or len(characters) != n
                or any(not isinstance(c, str) or c not in rules.CHARACTERS for c in characters)):
            raise Refused(f"characters must give each of the {n} players a character, in seat order, from: "
                          + ", ".join(rules.CHARACTERS))
        if len(set(characters)) != n:
            raise Refused("each player picks a different character")
        teams = rules.teams_of(line.get("teams", False), n)
        die = die_of(line.get("die", "rulebook"))
        box = line.get("deck", rules.BOX)
        if isinstance(box, bool) or not isinstance(box, int) or not rules.HAND * n <= box <= MAX_DECK:
            raise Refused(f"deck must be the number of cards in the box, enough to deal five each "
                          f"({rules.HAND * n} to {MAX_DECK}), not {quote(box)}")
        health = line.get("health", rules.START_HEALTH)
        if isinstance(health, bool) or not isinstance(health, int) or not 1 <= health <= MAX_AMOUNT:
            raise Refused(f"health must be the counter's top, a whole number from 1 to {MAX_AMOUNT}, not {quote(health)}")
        seed = seed_of(line)
        settings = {key: choice_of(line, key, allowed, default) for key, (allowed, default) in rules.SETTINGS.items()}
        cards = dict(SHIPPED)
        folded = {name.casefold(): name for name in cards}
        for data in definitions_of(line):
            learn(cards, data, folded)
        state = ClairvoyanceState(
            names=tuple(names), characters=tuple(characters), teams=teams, die=die, settings=FrozenDict(settings),
            seed=seed, box=box, start_health=health, cards=FrozenDict(cards), deck=box, health=(health,) * n,
            out=(False,) * n, known=((),) * n, private=((),) * n, unknown=(0,) * n, possessed=((),) * n,
            spent=(False,) * n, guesses=(None,) * n, charmed=(False,) * n, armed=(False,) * n)
        return rules.deal(state)

    def players(self, state: ClairvoyanceState) -> list[str]:
        return list(state.names)

    # -- apply -----------------------------------------------------------------------------------
    def apply(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        act = act_of(action, ACTS)
        if state.phase == "over":
            raise Refused("the game is over: " + self._winner_text(state))
        new = self._settle(getattr(self, f"_{act}")(state, action))
        return evolve(new, last=self._line(state, act, action))

    @staticmethod
    def _settle(state: ClairvoyanceState) -> ClairvoyanceState:
        """What follows by itself: the deck replenished (``refill: at-once``), and a window
        everyone has answered closes — the die is owed, or a possessed throw lands."""
        while state.phase != "over":
            state = rules.replenish(state)
            if state.window is None or not state.window.win.closed:
                return state
            if state.window.kind == "ability" or state.play is None:
                state = evolve(state, window=None)
            elif state.play.source == "hand":
                state = evolve(state, window=None, play=evolve(state.play, stage="die"))
            else:
                state = rules.possessed_throw_lands(evolve(state, window=None))
        return state

    @staticmethod
    def _line(before: ClairvoyanceState, act: str, action: Action) -> Line:
        """The line just accepted, with what the words about it need from ``before``."""
        item = action.get("item")
        card = before.item_card(item) if act in ("throw", "make_room") and type(item) is int else None
        seat = action.get("seat")
        line = freeze(dict(action)) if act in _NESTED else FrozenDict(action)  # other fields are plain values
        return Line(line, len(before.plays), len(before.abilities), len(before.eliminations),
                    before.face, card, before.hand(seat) if act == "end" else 0)

    # -- reading lines ---------------------------------------------------------------------------
    def _seat(self, state: ClairvoyanceState, action: Action, field: str = "seat") -> int:
        seat = seat_of(action, state.names, field)
        if state.out[seat]:
            raise Refused(f"{state.names[seat]} is out of the game")
        return seat

    @staticmethod
    def _number(action: Action, field: str, low: int, high: int) -> int:
        value = action.get(field)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise Refused(f"{field} must be a whole number from {low} to {high}, not {quote(value)}")
        return value

    @staticmethod
    def _item_id(action: Action, field: str = "item", play: bool = False) -> int | str:
        value = action.get(field)
        if play and value == "play":
            return "play"
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            also = " or \"play\" (the item being played or thrown right now)" if play else ""
            raise Refused(f"{field} must be a possessed item's number (as the summary shows it){also}, "
                          f"not {quote(value)}")
        return value

    def _card(self, state: ClairvoyanceState, action: Action, field: str = "card") -> Card:
        return card_named(state.cards, action.get(field))

    def _cause(self, state: ClairvoyanceState, action: Action) -> str:
        cause = action.get("cause")
        if not isinstance(cause, str) or not rules.may_cause(state, cause):
            raise Refused(f"cause must name a card whose effect the players resolve, possessed by someone, in play, "
                          f"or played or used this turn; {quote(cause)} is not one")
        return cause

    # -- the moment --------------------------------------------------------------------------------
    def _describe(self, state: ClairvoyanceState) -> str:
        owed = self.expected(state)
        if owed is None:
            return "nothing: the game is over"
        act = owed["act"]
        if act == "roll":
            return "the roll of the die for who goes first"
        who = state.names[owed["seat"]]
        if act == "guess":
            return f"{who}'s guess (who goes first)"
        if act == "make_room":
            return f"{who}'s choice of one of three possessed items to discard (\"make_room\")"
        if act == "window":
            order = ", ".join(state.names[s] for s in owed["order"])
            what = self._window_subject(state)
            return f"answers to {what}: {order} may still interfere (\"pass\" each, or \"resolve\")"
        if act == "die":
            return f"{who}'s turn of the die (\"die\")"
        return f"{who}'s turn"

    def _window_subject(self, state: ClairvoyanceState) -> str:
        if state.window.kind == "ability":
            return f"{state.window.by}'s {state.window.ability}"
        play = state.play
        return f"{state.names[play.seat]}'s {play.action} of {play.card}"

    def _not_now(self, state: ClairvoyanceState, what: str) -> Refused:
        return Refused(f"this is not the time to {what}: the table owes {self._describe(state)}")

    def _begun(self, state: ClairvoyanceState, what: str) -> None:
        """Instants, item effects, abilities and corrections: any time once play has begun,
        except while a player must make room (which comes first)."""
        if state.phase in ("guess", "roll"):
            raise Refused(f"the game has not begun (who goes first is still being settled): no one may {what} yet")
        if state.room is not None:
            raise self._not_now(state, what)

    def _turn_holder(self, state: ClairvoyanceState, action: Action, what: str) -> int:
        """A turn action: S's own turn, with no window open, no die owed, no room to make."""
        seat = self._seat(state, action)
        self._begun(state, what)
        if seat != state.turn:
            raise Refused(f"it is {state.names[state.turn]}'s turn, not {state.names[seat]}'s")
        if state.window is not None or state.play is not None:
            raise self._not_now(state, what)
        return seat

    # -- Set Up: who goes first ------------------------------------------------------------------------
    def _guess(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        check_fields(action, ["seat", "faces"])
        seat = seat_of(action, state.names)
        if state.phase != "guess":
            raise self._not_now(state, "guess")
        faces = action["faces"]
        if not isinstance(faces, list):
            raise Refused("faces must list the numbers said, e.g. [3]")
        state = rules.guess(state, seat, [check_face(f) for f in faces])
        if all(g is not None for g in state.guesses):
            state = evolve(state, phase="roll")
        return state

    def _roll(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        check_fields(action, ["face"])
        if state.phase != "roll":
            raise self._not_now(state, "roll for who goes first")
        face = check_face(action["face"])
        state = evolve(state, rolls=state.rolls + (face,))
        seat = rules.first_player(state, face)
        return state if seat is None else rules.place_die(state, seat, face)

    # -- The Turn: actions ----------------------------------------------------------------------------
    def _possess(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        check_fields(action, ["seat", "card"], ["to"])
        seat = self._turn_holder(state, action, "possess an item")
        card = self._card(state, action)
        if not card.item:
            raise Refused(f"{card.name} is an instant: instants are played (\"instant\"), not possessed")
        to = self._seat(state, action, "to") if "to" in action else seat
        rules.needs_faces(card)
        state = rules.take_action(state, throw=False).from_hand(seat, card.name)
        return self._declare(state, "possess", seat, card, to=to)

    def _throw(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        check_fields(action, ["seat", "target"], ["card", "item"])
        if ("card" in action) == ("item" in action):
            raise Refused("a throw names either a card from hand (\"card\") or a possessed item (\"item\")")
        seat = self._turn_holder(state, action, "throw")
        target = seat_of(action, state.names, "target")
        if "card" in action:
            card = self._card(state, action)
            if not card.item:
                raise Refused(f"{card.name} is an instant: only items are thrown")
            rules.needs_faces(card)
            rules.needs_damage(card)
            rules.check_target(state, seat, target)
            state = rules.take_action(state, throw=True).from_hand(seat, card.name)
            return self._declare(state, "throw", seat, card, target=target)
        item = self._item_id(action)
        if state.owner(item) != seat:
            raise Refused(f"{state.names[seat]} possesses no item #{item}")
        card = state.cards[state.item_card(item)]
        rules.needs_damage(card)
        rules.check_target(state, seat, target)
        state, _ = rules.take_action(state, throw=True).take_possessed(item)  # "no longer considered possessed"
        return self._declare(state, "throw", seat, card, target=target, item=item)

    def _declare(self, state: ClairvoyanceState, kind: str, seat: int, card: Card, to: int | None = None,
                 target: int | None = None, item: int | None = None) -> ClairvoyanceState:
        """Turning the die: "reveal the card and declare your intention ... Other players now
        have a chance to interfere"; Throwing Items: "Players (including the current player)"."""
        guarded = kind == "throw" and state.armed[seat]  # Guaranteed Delivery waiting for this throw
        if guarded:
            state = evolve(state, armed=put(state.armed, seat, False))
        if card.uncomputed:
            state = evolve(state, causes=state.causes + (card.name,))
        play = Play(action=kind, seat=seat, card=card.name, source="hand" if item is None else "possessed",
                    item=item, to=to, target=target, first_target=target,
                    face_before=state.face if item is None else None, turn=state.turn_number, protected=guarded)
        window = Window.open(seat, state.seats, state.in_game())
        return evolve(state, play=play, window=Pause(kind, window))

    def _discard(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        check_fields(action, ["seat"], ["cards", "count"])
        if ("cards" in action) == ("count" in action):
            raise Refused("a discard names the cards (\"cards\") or says how many unseen cards (\"count\")")
        seat = self._turn_holder(state, action, "discard")
        who = state.names[seat]
        if "cards" in action:
            names = action["cards"]
            if not isinstance(names, list) or not 1 <= len(names) <= 2:
                raise Refused("cards must list the one or two cards discarded")
            cards = [card_named(state.cards, c) for c in names]
            state = rules.take_action(state, throw=False)
            for card in cards:
                state = state.from_hand(seat, card.name).to_discard(card.name)
            return state
        count = self._number(action, "count", 1, 2)
        if count > state.hand(seat):
            raise Refused(f"{who} holds {state.hand(seat)} card{'s' if state.hand(seat) != 1 else ''}, "
                          f"not {count}")
        if count > state.unknown[seat]:
            raise Refused(f"the companion knows cards in {who}'s hand: name the cards discarded (\"cards\")")
        state = rules.take_action(state, throw=False)
        return evolve(state, unknown=put(state.unknown, seat, state.unknown[seat] - count),
                      discard_unknown=state.discard_unknown + count)

    def _end(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        check_fields(action, ["seat"])
        self._turn_holder(state, action, "end the turn")
        return rules.end_turn(state)

    # -- interference: instants, single-use effects, abilities -------------------------------------
    def _enter_window(self, state: ClairvoyanceState, seat: int) -> tuple[ClairvoyanceState, bool]:
        """In a window, ``seat`` must still be to answer; the seats ahead pass for now.  The
        user of the ability that opened an ability window is not awaited there but may still
        act in it (R8: "Instant cards may be played at any time").  The state after, and
        whether a window is open."""
        pause = state.window
        if pause is None:
            return state, False
        if seat != pause.user or seat in pause.win.pending:
            state = evolve(state, window=evolve(pause, win=pause.win.interfere(seat, state.names)))
        return state, True

    @staticmethod
    def _interfered(state: ClairvoyanceState, entry: dict, **changes) -> ClairvoyanceState:
        """A move made while a play is in flight — in its window or while its die is still to
        turn — joins the play's record of what was done to it (``interference``); with
        ``changes`` to the state besides."""
        if state.phase != "over" and state.play is not None:
            done = FrozenDict({k: v for k, v in entry.items() if k != "turn"})
            changes["play"] = evolve(state.play, interference=state.play.interference + (done,))
        return evolve(state, **changes) if changes else state

    def _answered(self, state: ClairvoyanceState, entry: dict) -> ClairvoyanceState:
        """The move resolved: it joins the play's record, and everyone may answer it."""
        if state.phase == "over":
            return state
        if state.window is None:
            return self._interfered(state, entry)
        return self._interfered(state, entry, window=evolve(state.window, win=state.window.win.reopen_for(
            state.in_game())))

    def _effect(self, state: ClairvoyanceState, card: Card, target, source: str) -> tuple[ClairvoyanceState, dict]:
        """A card's effect: computed (destroy, reduce) or left to the players (recorded)."""
        if card.effect == "destroy":
            if target is None:
                raise Refused(f"{card.name} destroys an item: name it (a possessed item's number, or \"play\")")
            state, destroyed = rules.destroy(state, target, source, by_ability=False)
            return state, {"destroyed": destroyed}
        if card.effect == "reduce":
            if target != "play":
                raise Refused(f"{card.name} reduces the damage of the throw in flight: its target is \"play\"")
            return rules.reduce(state, card.amount, source), {"reduced": card.amount}
        if target == "play":
            if state.in_play() is None:
                raise Refused("no item is being played or thrown right now")
            rules.check_not_protected(state, card.name)  # R5: computed or not
        if target not in (None, "play") and state.owner(target) is None:
            raise Refused(f"there is no possessed item #{target}")
        return evolve(state, causes=state.causes + (card.name,)), {"resolved_by": "the players"}

    def _instant(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        check_fields(action, ["seat", "card"], ["item"])
        seat = self._seat(state, action)
        self._begun(state, "play an instant")
        card = self._card(state, action)
        rules.check_instant(card)
        target = self._item_id(action, play=True) if "item" in action else None
        state, _ = self._enter_window(state, seat)
        state, result = self._effect(state.from_hand(seat, card.name), card, target, card.name)
        state = state.to_discard(card.name)  # "Discard an instant card after use."
        entry = {"turn": state.turn_number, "player": state.names[seat], "act": "instant", "card": card.name,
                 "target": target, **result}
        return self._answered(state.record("effects", entry), entry)

    def _use(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        check_fields(action, ["seat", "item"], ["target"])
        seat = self._seat(state, action)
        self._begun(state, "use an item's effect")
        item = self._item_id(action)
        who = state.names[seat]
        if state.owner(item) != seat:
            raise Refused(f"{who} possesses no item #{item}: only a possessed single-use item's effect is used")
        card = state.cards[state.item_card(item)]
        rules.check_single_use(card)
        target = self._item_id(action, "target", play=True) if "target" in action else None
        if target == item:
            raise Refused(f"{card.name} cannot be used on itself")
        state, _ = self._enter_window(state, seat)
        state, _ = state.take_possessed(item)
        state, result = self._effect(state, card, target, card.name)
        state = state.to_discard(card.name)  # "After either, discard the card."
        entry = {"turn": state.turn_number, "player": who, "act": "use", "card": card.name, "item": item,
                 "target": target, **result}
        return self._answered(state.record("effects", entry), entry)

    def _ability(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        seat = self._seat(state, action)
        ability = rules.CHARACTERS[state.characters[seat]]
        check_fields(action, ["seat", *ABILITY_FIELDS[ability]])
        self._begun(state, f"use {ability}")
        rules.check_ability(state, seat)
        turn = state.turn_number  # Prognosticate may resolve a play that ends this turn
        state, inside = self._enter_window(state, seat)
        if ability == "Charges Apply":
            state, details = rules.charges_apply(state, seat, self._item_id(action),
                                                 self._seat(state, action, "to"))
        elif ability == "Pyromania":
            state, details = rules.pyromania(state, seat, self._item_id(action, play=True))
        elif ability == "Guaranteed Delivery":
            state, details = rules.guaranteed_delivery(state, seat)
        elif ability == "Scrounge":
            state, details = rules.scrounge(state, seat, self._card(state, action).name)
        elif ability == "Circuit Breaker":
            state, details = rules.circuit_breaker(state, seat, seat_of(action, state.names, "target"))
        elif ability == "Eminent Domain":
            state, details = rules.eminent_domain(state, seat, self._card(state, action))
        elif ability == "Charm":
            state, details = rules.charm(state, seat)
        else:
            state, details = rules.prognosticate(state, seat, check_face(action.get("face")))
        state = evolve(state, spent=put(state.spent, seat, True))
        who = state.names[seat]
        entry = {"turn": turn, "player": who, "character": state.characters[seat], "ability": ability, **details}
        state = state.record("abilities", entry)
        answered = {"player": who, "act": "ability", "ability": ability, **details}
        if inside:
            return self._answered(state, answered)
        if state.phase == "over":
            return state
        # a play whose die is still to turn records it; Character Abilities: "the current player
        # must pause their turn to allow anyone to respond"
        others = [s for s in state.in_game() if s != seat]
        window = Window.open(state.turn, state.seats, others)
        return self._interfered(state, answered, window=Pause("ability", window, ability, who, seat))

    def _pass(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        check_fields(action, ["seat"])
        seat = self._seat(state, action)
        pause = state.window
        if pause is None:
            raise self._not_now(state, "pass (there is no window to answer)")
        if state.room is not None:  # R19: making room comes before anything else
            raise self._not_now(state, "pass")
        if seat == pause.user and seat not in pause.win.pending:
            raise Refused(f"{state.names[seat]} used {pause.ability}: the others answer it, "
                          f"{state.names[seat]} need not pass")
        return evolve(state, window=evolve(pause, win=pause.win.decline(seat, state.names)))

    def _resolve(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        check_fields(action, [])
        if state.window is None:
            raise self._not_now(state, "resolve a window (none is open)")
        if state.room is not None:
            raise self._not_now(state, "resolve the window")
        return evolve(state, window=evolve(state.window, win=state.window.win.close()))

    # -- Turning the die, Possession --------------------------------------------------------------------
    def _die(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        check_fields(action, ["seat", "face"], ["cause"])
        seat = self._seat(state, action)
        play = state.play
        if play is None or play.stage != "die" or state.window is not None or state.room is not None:
            raise self._not_now(state, "turn the die")
        if seat != play.seat:
            raise Refused(f"{state.names[play.seat]} turns the die, not {state.names[seat]}")
        face = check_face(action["face"])
        if "cause" in action:
            # R5: only abilities affect a Guaranteed Delivery, and no ability is a die turn's cause
            rules.check_not_protected(state, self._cause(state, action))
        return rules.resolve_play(rules.turn_die(state, face, caused="cause" in action), face)

    def _make_room(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        check_fields(action, ["seat", "item"])
        seat = self._seat(state, action)
        if state.room is None:
            raise self._not_now(state, "make room (nobody has a fourth item coming)")
        if seat != state.room.seat:
            raise Refused(f"{state.names[state.room.seat]} makes room, not {state.names[seat]}")
        return rules.make_room(state, seat, self._item_id(action))

    # -- corrections: effects the players resolve --------------------------------------------------------
    def _correction(self, state: ClairvoyanceState, action: Action, fields: list[str], what: str) -> str:
        check_fields(action, [*fields, "cause"])
        self._begun(state, what)
        return self._cause(state, action)

    @staticmethod
    def _record(state: ClairvoyanceState, entry: dict) -> ClairvoyanceState:
        return state.record("corrections", {"turn": state.turn_number, **entry})

    def _hurt(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        cause = self._correction(state, action, ["seat", "amount"], "enter damage")
        seat = self._seat(state, action)
        amount = self._number(action, "amount", 1, MAX_AMOUNT)
        state = self._record(state, {"act": "hurt", "player": state.names[seat], "amount": amount, "cause": cause})
        return rules.hurt(state, seat, amount, None, "hurt")

    def _heal(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        cause = self._correction(state, action, ["seat", "amount"], "enter healing")
        seat = self._seat(state, action)
        amount = self._number(action, "amount", 1, MAX_AMOUNT)
        if state.health[seat] >= state.start_health:
            raise Refused(f"{state.names[seat]}'s health is at the counter's top ({state.start_health})")
        state = evolve(state, health=put(state.health, seat, min(state.start_health, state.health[seat] + amount)))
        return self._record(state, {"act": "heal", "player": state.names[seat], "amount": amount, "cause": cause})

    def _destroy(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        cause = self._correction(state, action, ["item"], "destroy an item")
        target = self._item_id(action, play=True)
        state, card = rules.destroy(state, target, f"{cause}'s effect", by_ability=False)
        return self._record(state, {"act": "destroy", "item": target, "card": card, "cause": cause})

    def _draw(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        cause = self._correction(state, action, ["seat", "count"], "draw")
        seat = self._seat(state, action)
        count = self._number(action, "count", 1, 20)
        state, drawn = state.draw(seat, count)
        return self._record(state, {"act": "draw", "player": state.names[seat], "count": count, "drawn": drawn,
                                    "cause": cause})

    def _define(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        check_fields(action, ["card"])
        cards = state.cards.thaw()
        learn(cards, action["card"])
        return evolve(state, cards=FrozenDict(cards))

    # -- reading the state -------------------------------------------------------------------------------
    def expected(self, state: ClairvoyanceState) -> dict | None:
        if state.phase == "over":
            return None
        if state.phase == "guess":
            return {"act": "guess", "seat": next(s for s, g in enumerate(state.guesses) if g is None)}
        if state.phase == "roll":
            return {"act": "roll"}
        if state.room is not None:
            return {"act": "make_room", "seat": state.room.seat}
        if state.window is not None:
            window = state.window.win
            return {"act": "window", "seat": window.priority, "kind": state.window.kind,
                    "order": list(window.pending)}
        if state.play is not None:
            return {"act": "die", "seat": state.play.seat}
        return {"act": "action", "seat": state.turn}

    def chance(self, state: ClairvoyanceState) -> dict | None:
        """Set Up's roll for who goes first, from the seed: ``Random("SEED:clairvoyance:roll:K")``."""
        if state.phase != "roll":
            return None
        return {"act": "roll", "face": self.rng(state.seed, "clairvoyance", "roll", len(state.rolls)).randint(1, 8)}

    def outcome(self, state: ClairvoyanceState) -> Outcome | None:
        if state.phase != "over":
            return None
        labels = tuple("won" if s in state.winners else ("out" if state.out[s] else "lost")
                       for s in range(state.seats))
        return Outcome(winners=tuple(state.winners), labels=labels,
                       details={"teams": state.teams is not None})

    def _winner_text(self, state: ClairvoyanceState) -> str:
        names = " and ".join(state.names[s] for s in state.winners)
        return f"{names} won" + (" (as a team)" if state.teams is not None else "")

    def legal(self, state: ClairvoyanceState) -> list[dict]:
        from companion.games.clairvoyance.moves import legal_actions
        return legal_actions(self, state)

    def view(self, state: ClairvoyanceState, seat: int | None) -> dict:
        from companion.games.clairvoyance.view import view
        return view(self, state, seat)

    def summary(self, state: ClairvoyanceState) -> dict:
        from companion.games.clairvoyance.summary import summary
        return summary(self, state)


CLAIRVOYANCE = ClairvoyanceGame()
