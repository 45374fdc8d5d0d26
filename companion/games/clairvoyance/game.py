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
from companion.engine.windows import Window
from companion.games.clairvoyance import rules
from companion.games.clairvoyance.cards import SHIPPED, Card, card_named, learn
from companion.games.clairvoyance.die import check_face, die_of
from companion.games.clairvoyance.state import ClairvoyanceState

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
            names=tuple(names), characters=tuple(characters), teams=teams, die=die, settings=settings,
            seed=seed, box=box, start_health=health, cards=cards, deck=box, health=[health] * n,
            out=[False] * n, known=[[] for _ in names], private=[[] for _ in names], unknown=[0] * n,
            possessed=[[] for _ in names], spent=[False] * n, guesses=[None] * n,
            charmed=[False] * n, armed=[False] * n)
        rules.deal(state)
        return state

    def players(self, state: ClairvoyanceState) -> list[str]:
        return list(state.names)

    # -- apply -----------------------------------------------------------------------------------
    def apply(self, state: ClairvoyanceState, action: Action) -> ClairvoyanceState:
        act = act_of(action, ACTS)
        if state.phase == "over":
            raise Refused("the game is over: " + self._winner_text(state))
        new = state.clone()
        getattr(self, f"_{act}")(new, action)
        self._settle(new)
        return new

    def _settle(self, state: ClairvoyanceState) -> None:
        """What follows by itself: the deck replenished (``refill: at-once``), and a window
        everyone has answered closes — the die is owed, or a possessed throw lands."""
        while state.phase != "over":
            rules.replenish(state)
            if state.window is None or not state.window["win"].closed:
                return
            kind, state.window = state.window["kind"], None
            if kind != "ability" and state.play is not None:
                if state.play["from"] == "hand":
                    state.play["stage"] = "die"
                else:
                    rules.possessed_throw_lands(state)

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
        if state.window["kind"] == "ability":
            return f"{state.window['by']}'s {state.window['ability']}"
        play = state.play
        return f"{state.names[play['seat']]}'s {play['action']} of {play['card']}"

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
    def _guess(self, state: ClairvoyanceState, action: Action) -> None:
        check_fields(action, ["seat", "faces"])
        seat = seat_of(action, state.names)
        if state.phase != "guess":
            raise self._not_now(state, "guess")
        faces = action["faces"]
        if not isinstance(faces, list):
            raise Refused("faces must list the numbers said, e.g. [3]")
        rules.guess(state, seat, [check_face(f) for f in faces])
        if all(g is not None for g in state.guesses):
            state.phase = "roll"

    def _roll(self, state: ClairvoyanceState, action: Action) -> None:
        check_fields(action, ["face"])
        if state.phase != "roll":
            raise self._not_now(state, "roll for who goes first")
        face = check_face(action["face"])
        state.rolls.append(face)
        seat = rules.first_player(state, face)
        if seat is not None:
            rules.place_die(state, seat, face)

    # -- The Turn: actions ----------------------------------------------------------------------------
    def _possess(self, state: ClairvoyanceState, action: Action) -> None:
        check_fields(action, ["seat", "card"], ["to"])
        seat = self._turn_holder(state, action, "possess an item")
        card = self._card(state, action)
        if not card.item:
            raise Refused(f"{card.name} is an instant: instants are played (\"instant\"), not possessed")
        to = self._seat(state, action, "to") if "to" in action else seat
        rules.needs_faces(card)
        rules.take_action(state, throw=False)
        state.from_hand(seat, card.name)
        self._declare(state, "possess", seat, card, to=to)

    def _throw(self, state: ClairvoyanceState, action: Action) -> None:
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
            rules.take_action(state, throw=True)
            state.from_hand(seat, card.name)
            self._declare(state, "throw", seat, card, target=target)
        else:
            item = self._item_id(action)
            if state.owner(item) != seat:
                raise Refused(f"{state.names[seat]} possesses no item #{item}")
            card = state.cards[state.item_card(item)]
            rules.needs_damage(card)
            rules.check_target(state, seat, target)
            rules.take_action(state, throw=True)
            state.take_possessed(item)  # "no longer considered possessed" once declared
            self._declare(state, "throw", seat, card, target=target, item=item)

    def _declare(self, state: ClairvoyanceState, kind: str, seat: int, card: Card, to: int | None = None,
                 target: int | None = None, item: int | None = None) -> None:
        """Turning the die: "reveal the card and declare your intention ... Other players now
        have a chance to interfere"; Throwing Items: "Players (including the current player)"."""
        guarded = kind == "throw" and state.armed[seat]  # Guaranteed Delivery waiting for this throw
        if guarded:
            state.armed[seat] = False
        if card.uncomputed:
            state.causes.append(card.name)
        state.play = {"action": kind, "seat": seat, "card": card.name,
                      "from": "hand" if item is None else "possessed", "item": item, "to": to,
                      "target": target, "first_target": target,
                      "face_before": state.face if item is None else None, "face_after": None,
                      "destroyed": False, "destroyed_by": None, "reduced": 0, "protected": guarded,
                      "stage": "window", "interference": (), "turn": state.turn_number}
        window = Window.open(seat, state.seats, state.in_game())
        state.window = {"kind": kind, "win": window, "ability": None, "by": None, "user": None}

    def _discard(self, state: ClairvoyanceState, action: Action) -> None:
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
            rules.take_action(state, throw=False)
            for card in cards:
                state.from_hand(seat, card.name)
                state.to_discard(card.name)
        else:
            count = self._number(action, "count", 1, 2)
            if count > state.hand(seat):
                raise Refused(f"{who} holds {state.hand(seat)} card{'s' if state.hand(seat) != 1 else ''}, "
                              f"not {count}")
            if count > state.unknown[seat]:
                raise Refused(f"the companion knows cards in {who}'s hand: name the cards discarded (\"cards\")")
            rules.take_action(state, throw=False)
            state.unknown[seat] -= count
            state.discard_unknown += count

    def _end(self, state: ClairvoyanceState, action: Action) -> None:
        check_fields(action, ["seat"])
        self._turn_holder(state, action, "end the turn")
        rules.end_turn(state)

    # -- interference: instants, single-use effects, abilities -------------------------------------
    def _enter_window(self, state: ClairvoyanceState, seat: int) -> bool:
        """In a window, ``seat`` must still be to answer; the seats ahead pass for now.  The
        user of the ability that opened an ability window is not awaited there but may still
        act in it (R8: "Instant cards may be played at any time")."""
        window = state.window
        if window is None:
            return False
        if seat != window["user"] or seat in window["win"].pending:
            window["win"] = window["win"].interfere(seat, state.names)
        return True

    @staticmethod
    def _interfered(state: ClairvoyanceState, entry: dict) -> None:
        """A move made while a play is in flight — in its window or while its die is still to
        turn — joins the play's record of what was done to it (``interference``)."""
        if state.phase != "over" and state.play is not None:
            state.play["interference"] += ({k: v for k, v in entry.items() if k != "turn"},)

    def _answered(self, state: ClairvoyanceState, entry: dict) -> None:
        """The move resolved: it joins the play's record, and everyone may answer it."""
        if state.phase == "over":
            return
        self._interfered(state, entry)
        if state.window is not None:
            state.window["win"] = state.window["win"].reopen_for(state.in_game())

    def _effect(self, state: ClairvoyanceState, card: Card, target, source: str) -> dict:
        """A card's effect: computed (destroy, reduce) or left to the players (recorded)."""
        if card.effect == "destroy":
            if target is None:
                raise Refused(f"{card.name} destroys an item: name it (a possessed item's number, or \"play\")")
            return {"destroyed": rules.destroy(state, target, source, by_ability=False)}
        if card.effect == "reduce":
            if target != "play":
                raise Refused(f"{card.name} reduces the damage of the throw in flight: its target is \"play\"")
            rules.reduce(state, card.amount, source)
            return {"reduced": card.amount}
        if target == "play":
            if state.in_play() is None:
                raise Refused("no item is being played or thrown right now")
            rules.check_not_protected(state, card.name)  # R5: computed or not
        if target not in (None, "play") and state.owner(target) is None:
            raise Refused(f"there is no possessed item #{target}")
        state.causes.append(card.name)
        return {"resolved_by": "the players"}

    def _instant(self, state: ClairvoyanceState, action: Action) -> None:
        check_fields(action, ["seat", "card"], ["item"])
        seat = self._seat(state, action)
        self._begun(state, "play an instant")
        card = self._card(state, action)
        rules.check_instant(card)
        target = self._item_id(action, play=True) if "item" in action else None
        self._enter_window(state, seat)
        state.from_hand(seat, card.name)
        result = self._effect(state, card, target, card.name)
        state.to_discard(card.name)  # "Discard an instant card after use."
        entry = {"turn": state.turn_number, "player": state.names[seat], "act": "instant", "card": card.name,
                 "target": target, **result}
        state.record("effects", entry)
        self._answered(state, entry)

    def _use(self, state: ClairvoyanceState, action: Action) -> None:
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
        self._enter_window(state, seat)
        state.take_possessed(item)
        result = self._effect(state, card, target, card.name)
        state.to_discard(card.name)  # "After either, discard the card."
        entry = {"turn": state.turn_number, "player": who, "act": "use", "card": card.name, "item": item,
                 "target": target, **result}
        state.record("effects", entry)
        self._answered(state, entry)

    def _ability(self, state: ClairvoyanceState, action: Action) -> None:
        seat = self._seat(state, action)
        ability = rules.CHARACTERS[state.characters[seat]]
        check_fields(action, ["seat", *ABILITY_FIELDS[ability]])
        self._begun(state, f"use {ability}")
        rules.check_ability(state, seat)
        turn = state.turn_number  # Prognosticate may resolve a play that ends this turn
        inside = self._enter_window(state, seat)
        if ability == "Charges Apply":
            details = rules.charges_apply(state, seat, self._item_id(action), self._seat(state, action, "to"))
        elif ability == "Pyromania":
            details = rules.pyromania(state, seat, self._item_id(action, play=True))
        elif ability == "Guaranteed Delivery":
            details = rules.guaranteed_delivery(state, seat)
        elif ability == "Scrounge":
            details = rules.scrounge(state, seat, self._card(state, action).name)
        elif ability == "Circuit Breaker":
            details = rules.circuit_breaker(state, seat, seat_of(action, state.names, "target"))
        elif ability == "Eminent Domain":
            details = rules.eminent_domain(state, seat, self._card(state, action))
        elif ability == "Charm":
            details = rules.charm(state, seat)
        else:
            details = rules.prognosticate(state, seat, check_face(action.get("face")))
        state.spent[seat] = True
        who = state.names[seat]
        entry = {"turn": turn, "player": who, "character": state.characters[seat], "ability": ability, **details}
        state.record("abilities", entry)
        answered = {"player": who, "act": "ability", "ability": ability, **details}
        if inside:
            self._answered(state, answered)
        elif state.phase != "over":
            self._interfered(state, answered)  # a play whose die is still to turn
            # Character Abilities: "the current player must pause their turn to allow anyone to respond"
            others = [s for s in state.in_game() if s != seat]
            window = Window.open(state.turn, state.seats, others)
            state.window = {"kind": "ability", "win": window, "ability": ability, "by": who, "user": seat}

    def _pass(self, state: ClairvoyanceState, action: Action) -> None:
        check_fields(action, ["seat"])
        seat = self._seat(state, action)
        if state.window is None:
            raise self._not_now(state, "pass (there is no window to answer)")
        if state.room is not None:  # R19: making room comes before anything else
            raise self._not_now(state, "pass")
        if seat == state.window["user"] and seat not in state.window["win"].pending:
            raise Refused(f"{state.names[seat]} used {state.window['ability']}: the others answer it, "
                          f"{state.names[seat]} need not pass")
        state.window["win"] = state.window["win"].decline(seat, state.names)

    def _resolve(self, state: ClairvoyanceState, action: Action) -> None:
        check_fields(action, [])
        if state.window is None:
            raise self._not_now(state, "resolve a window (none is open)")
        if state.room is not None:
            raise self._not_now(state, "resolve the window")
        state.window["win"] = state.window["win"].close()

    # -- Turning the die, Possession --------------------------------------------------------------------
    def _die(self, state: ClairvoyanceState, action: Action) -> None:
        check_fields(action, ["seat", "face"], ["cause"])
        seat = self._seat(state, action)
        play = state.play
        if play is None or play["stage"] != "die" or state.window is not None or state.room is not None:
            raise self._not_now(state, "turn the die")
        if seat != play["seat"]:
            raise Refused(f"{state.names[play['seat']]} turns the die, not {state.names[seat]}")
        face = check_face(action["face"])
        if "cause" in action:
            # R5: only abilities affect a Guaranteed Delivery, and no ability is a die turn's cause
            rules.check_not_protected(state, self._cause(state, action))
        rules.turn_die(state, face, caused="cause" in action)
        rules.resolve_play(state, face)

    def _make_room(self, state: ClairvoyanceState, action: Action) -> None:
        check_fields(action, ["seat", "item"])
        seat = self._seat(state, action)
        if state.room is None:
            raise self._not_now(state, "make room (nobody has a fourth item coming)")
        if seat != state.room["seat"]:
            raise Refused(f"{state.names[state.room['seat']]} makes room, not {state.names[seat]}")
        rules.make_room(state, seat, self._item_id(action))

    # -- corrections: effects the players resolve --------------------------------------------------------
    def _correction(self, state: ClairvoyanceState, action: Action, fields: list[str], what: str) -> str:
        check_fields(action, [*fields, "cause"])
        self._begun(state, what)
        return self._cause(state, action)

    def _record(self, state: ClairvoyanceState, entry: dict) -> None:
        state.record("corrections", {"turn": state.turn_number, **entry})

    def _hurt(self, state: ClairvoyanceState, action: Action) -> None:
        cause = self._correction(state, action, ["seat", "amount"], "enter damage")
        seat = self._seat(state, action)
        amount = self._number(action, "amount", 1, MAX_AMOUNT)
        self._record(state, {"act": "hurt", "player": state.names[seat], "amount": amount, "cause": cause})
        rules.hurt(state, seat, amount, None, "hurt")

    def _heal(self, state: ClairvoyanceState, action: Action) -> None:
        cause = self._correction(state, action, ["seat", "amount"], "enter healing")
        seat = self._seat(state, action)
        amount = self._number(action, "amount", 1, MAX_AMOUNT)
        if state.health[seat] >= state.start_health:
            raise Refused(f"{state.names[seat]}'s health is at the counter's top ({state.start_health})")
        state.health[seat] = min(state.start_health, state.health[seat] + amount)
        self._record(state, {"act": "heal", "player": state.names[seat], "amount": amount, "cause": cause})

    def _destroy(self, state: ClairvoyanceState, action: Action) -> None:
        cause = self._correction(state, action, ["item"], "destroy an item")
        target = self._item_id(action, play=True)
        card = rules.destroy(state, target, f"{cause}'s effect", by_ability=False)
        self._record(state, {"act": "destroy", "item": target, "card": card, "cause": cause})

    def _draw(self, state: ClairvoyanceState, action: Action) -> None:
        cause = self._correction(state, action, ["seat", "count"], "draw")
        seat = self._seat(state, action)
        count = self._number(action, "count", 1, 20)
        drawn = state.draw(seat, count)
        self._record(state, {"act": "draw", "player": state.names[seat], "count": count, "drawn": drawn,
                             "cause": cause})

    def _define(self, state: ClairvoyanceState, action: Action) -> None:
        check_fields(action, ["card"])
        state.cards = dict(state.cards)  # earlier states keep the catalog they had
        learn(state.cards, action["card"])

    # -- reading the state -------------------------------------------------------------------------------
    def expected(self, state: ClairvoyanceState) -> dict | None:
        if state.phase == "over":
            return None
        if state.phase == "guess":
            return {"act": "guess", "seat": next(s for s, g in enumerate(state.guesses) if g is None)}
        if state.phase == "roll":
            return {"act": "roll"}
        if state.room is not None:
            return {"act": "make_room", "seat": state.room["seat"]}
        if state.window is not None:
            window = state.window["win"]
            return {"act": "window", "seat": window.priority, "kind": state.window["kind"],
                    "order": list(window.pending)}
        if state.play is not None:
            return {"act": "die", "seat": state.play["seat"]}
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
        from companion.games.clairvoyance.summary import view
        return view(self, state, seat)

    def summary(self, state: ClairvoyanceState) -> dict:
        from companion.games.clairvoyance.summary import summary
        return summary(self, state)


CLAIRVOYANCE = ClairvoyanceGame()
