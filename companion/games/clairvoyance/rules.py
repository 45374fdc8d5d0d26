"""Clairvoyance's rules, in the rulebook's order (``shared/rules/clairvoyance.txt``).

One small function per rule; each docstring names the section it carries out and quotes
it where that settles a question.  Each takes a state and returns the state after the
rule (never changing its input: ``companion/engine/state.py``), with what it found where
the caller needs it; :mod:`companion.games.clairvoyance.game` reads the lines, keeps the
windows and calls these.  Where the rulebook is silent the reading is a setting of the
setup line (``SETTINGS``), documented in ``docs/clairvoyance.md``.
"""

from __future__ import annotations

from typing import Sequence

from companion.engine.refusal import Refused
from companion.engine.state import evolve, put
from companion.engine.turns import left_of, next_clockwise
from companion.games.clairvoyance.cards import Card, missing
from companion.games.clairvoyance.state import ClairvoyanceState, Play, Room

State = ClairvoyanceState

#: where the rulebook is silent: (allowed values, default)
SETTINGS = {
    # "If at any time the deck run out of cards, replenish it": when a draw finds it empty,
    # or the moment it is empty (so the pile is never beside an empty deck)
    "refill": (("when-drawing", "at-once"), "when-drawing"),
    # Circuit Breaker "Change the target": to anyone else still in, the thrower included, or
    # never back at the thrower
    "redirect": (("anyone", "not-thrower"), "anyone"),
    # Prognosticate used by Claire when her own die is to be turned: it is that turn, or it
    # only sets the die and she still turns it one face
    "prognosticate": (("turn", "set"), "turn"),
}

# -- Set Up -------------------------------------------------------------------------------
START_HEALTH = 10     # "Put a health counter on the 10."
HAND = 5              # "deal 5 cards to each player"; "draw up to your max hand size of 5 cards"
BOX = 80              # "80 Playing cards"
PLAYERS = (2, 5)      # "a 2-5 player card game"


def deal(state: State) -> State:
    """Set Up: "Shuffle the deck and deal 5 cards to each player."  Nobody's hand is known."""
    return evolve(state, unknown=(HAND,) * state.seats, deck=state.box - HAND * state.seats)


def guess(state: State, seat: int, faces: Sequence[int]) -> State:
    """Set Up: each player says a number.  Whoever guessed the face rolled goes first, so a
    face may be said by one player only."""
    who = state.names[seat]
    if state.guesses[seat] is not None:
        raise Refused(f"{who} has already said {_faces(state.guesses[seat])}")
    want = faces_each(state.seats)
    if len(faces) != want or len(set(faces)) != want:
        raise Refused(f"each player says {'two different numbers' if want == 2 else 'one number'} from 1 to 8"
                      + (" (two players)" if want == 2 else ""))
    for other, said in enumerate(state.guesses):
        for face in faces:
            if said is not None and face in said:
                raise Refused(f"{state.names[other]} already said {face}: {who} must say another number")
    return evolve(state, guesses=put(state.guesses, seat, tuple(faces)))


def first_player(state: State, face: int) -> int | None:
    """Set Up: "Roll the die. Whoever guessed the face the die lands on goes first. If no one
    guessed correctly, roll again."  The guesser of ``face``, or None (roll again)."""
    return next((s for s, said in enumerate(state.guesses) if said is not None and face in said), None)


def place_die(state: State, seat: int, face: int) -> State:
    """Set Up: "Place the die in front of the first player, with that face up."  Play begins."""
    return begin_turn(evolve(state, first=seat, face=face, phase="turn"), seat)


# -- Objective --------------------------------------------------------------------------------
def hurt(state: State, seat: int, amount: int, by: int | None, how: str) -> State:
    """Objective: health falls; "When a player loses all their health ... they are now out of
    the game" (0 or less; health may show below 0)."""
    state = evolve(state, health=put(state.health, seat, state.health[seat] - amount))
    if state.health[seat] <= 0 and not state.out[seat]:
        state = eliminate(state, seat, by, how)
    return state


def eliminate(state: State, seat: int, by: int | None, how: str) -> State:
    """Objective: "they discard their hand and possessed items ... and are now out of the
    game."  A window goes on without them; an item waiting for their room is discarded; if
    it was their turn, the turn passes at once (they draw nothing)."""
    state = state.record("eliminations", {"player": state.names[seat], "turn": state.turn_number,
                                          "by": None if by is None else state.names[by], "how": how})
    state = state.empty_hand(seat).to_discard(*(card for _, card in state.possessed[seat]))
    state = evolve(state, out=put(state.out, seat, True), possessed=put(state.possessed, seat, ()),
                   charmed=put(state.charmed, seat, False), armed=put(state.armed, seat, False))
    if state.room is not None and state.room.seat == seat:
        state = evolve(state.to_discard(state.room.card), room=None)
    if state.window is not None:
        state = evolve(state, window=evolve(state.window, win=state.window.win.leave(seat)))
    won = winners(state)
    if won is not None:
        return finish(state, won)
    if seat == state.turn:
        state = begin_turn(abandon_play(state), next_clockwise(seat, state.seats, state.out_seats()))
    return state


def winners(state: State) -> tuple[int, ...] | None:
    """Objective: "You win when all other players have 0 (or less) health."  With teams,
    Team Play decides."""
    if state.teams is not None:
        return team_winners(state)
    left = state.in_game()
    return tuple(left) if len(left) == 1 else None


def finish(state: State, seats: tuple[int, ...]) -> State:
    """The game is over: anything in flight goes to the discard pile."""
    state = abandon_play(state)
    if state.room is not None:
        state = evolve(state.to_discard(state.room.card), room=None)
    return evolve(state, winners=seats, phase="over")


def abandon_play(state: State) -> State:
    """A play whose thrower is gone (or a game that ended) leaves its card on the pile."""
    play = state.play
    if play is None:
        return evolve(state, window=None) if state.window is not None else state
    discard = state.discard + (play.card,) if state.in_play() is not None else state.discard
    return state.record("plays", play_record(state, play, None, "abandoned"), play=None, window=None,
                        discard=discard)


# -- The Turn ---------------------------------------------------------------------------------
ACTIONS = 2   # "On your turn you can take up to 2 actions."


def throws_limited(started: int, in_game: int) -> bool:
    """The Turn: "If there are more than 2 players currently in the game, or if you started
    the game with just 2 players, then only 1 of these actions may be throwing an item."
    Throwing Items: "the moment the number of players in the game is reduced to 2, even if
    this happens mid-turn, any number of your actions may be throws"."""
    return in_game > 2 or began_with_two(started)


def actions_left(state: State) -> int:
    return ACTIONS - state.actions


def throws_left(state: State) -> int:
    if throws_limited(state.seats, len(state.in_game())):
        return min(actions_left(state), 1 - state.throws)
    return actions_left(state)


def take_action(state: State, throw: bool) -> State:
    """The Turn: up to two actions, at most one a throw while throws are limited."""
    who = state.names[state.turn]
    if actions_left(state) <= 0:
        raise Refused(f"{who} has taken both actions this turn: the turn ends (\"end\")")
    if throw and throws_left(state) <= 0:
        why = ("the game began with two players" if state.seats == 2
               else "more than two players are still in")
        raise Refused(f"{who} has already thrown this turn: one throw a turn while {why}")
    return evolve(state, actions=state.actions + 1, throws=state.throws + throw)


def begin_turn(state: State, seat: int) -> State:
    """The Turn: the die passes to the next player; Charm ends "at the start of your next
    turn".  A turn that passes the die past the first player ends a round: its number and
    everyone's health then are kept for the health chart (worked out afresh, it would replay
    the whole game on every look)."""
    if state.turn is not None and state.first is not None and \
            (seat - state.first) % state.seats <= (state.turn - state.first) % state.seats:
        state = evolve(state, rounds_ended_at=state.rounds_ended_at + (state.turn_number,),
                       health_at_round_ends=state.health_at_round_ends + (state.health,))
    state = evolve(state, turn=seat, turn_number=state.turn_number + 1, actions=0, throws=0, causes=())
    return charm_ends(state, seat)


def draw_up(state: State, seat: int) -> State:
    """The Turn: "After you finish taking actions, draw up to your max hand size of 5
    cards."  A hand of 5 or more draws nothing."""
    return state.draw(seat, max(0, HAND - state.hand(seat)))[0]


def end_turn(state: State) -> State:
    """The Turn: draw, then play passes clockwise to the next player still in."""
    seat = state.turn
    state = draw_up(state, seat)
    return begin_turn(state, next_clockwise(seat, state.seats, state.out_seats()))


def replenish(state: State) -> State:
    """The Turn: "If at any time the deck run out of cards, replenish it with the shuffled
    discard pile."  Setting ``refill``: ``when-drawing`` (the default) replenishes when a
    card is to be drawn or searched for; ``at-once`` the moment the deck is empty."""
    if state.deck == 0 and state.settings["refill"] == "at-once" and (state.discard or state.discard_unknown):
        return state.reshuffle()
    return state


# -- Turning the die ---------------------------------------------------------------------------
def needs_faces(card: Card) -> None:
    """Turning the die: a card played from hand activates on its activation faces, so they
    must be known before it is played."""
    if card.faces is None:
        raise missing(card, "faces", "the die decides whether it activates")


def turn_die(state: State, face: int, caused: bool) -> State:
    """Turning the die: "you must then turn the die along 1 of the 3 edges to an adjacent
    face. (You will only ever turn the die more or less than 1 face if directed to do so by a
    card or character ability)."""
    if not caused and not state.die.can_turn(state.face, face):
        near = state.die.adjacent(state.face)
        raise Refused(f"the die shows {state.face}: it turns to {near[0]}, {near[1]} or {near[2]}, not {face}")
    return evolve(state, face=face) if face != state.face else state


def activates(card: Card, face: int) -> bool:
    """Turning the die: "If the number on the displayed face matches one of the card's
    activation faces, the card succeeds in being played. If the number does not match,
    discard the card."."""
    return face in card.faces


def resolve_play(state: State, face: int) -> State:
    """Turning the die: the card in play succeeds or is discarded; "This unsuccessful attempt
    ... still counts as using an action", and a destroyed card's die still turns (the
    Instant Example: "Sebastian still turns the die 1 face")."""
    play = evolve(state.play, face_after=face)
    card = state.cards[play.card]
    if play.destroyed:
        return state.record("plays", play_record(state, play, None, "destroyed"), play=None)
    if play.action == "possess":
        if activates(card, face) and not state.out[play.to]:
            state, item = possess(evolve(state, play=None), play.to, card.name)
            return state.record("plays", play_record(state, play, item, "possessed"))
        return state.record("plays", play_record(state, play, None, "discarded"), play=None,
                            discard=state.discard + (card.name,))
    if activates(card, face):
        return land(state, play)
    return state.record("plays", play_record(state, play, None, "missed"), play=None,
                        discard=state.discard + (card.name,))


def play_record(state: State, play: Play, item: int | None, outcome: str, damage: int | None = None) -> dict:
    names = state.names
    record = {"turn": play.turn, "player": names[play.seat], "action": play.action,
              "card": play.card, "from": play.source, "face_before": play.face_before,
              "face_after": play.face_after, "outcome": outcome, "interference": play.interference}
    if play.source == "possessed":
        record["item"] = play.item
    if play.action == "possess":
        record["to"] = names[play.to]
        record["id"] = item
    else:
        record["target"] = names[play.target]
        if play.target != play.first_target:
            record["declared_target"] = names[play.first_target]
        record["damage"] = damage
        record["reduced"] = play.reduced
        record["protected"] = play.protected
    return record


# -- Possession ----------------------------------------------------------------------------------
MAX_POSSESSED = 3   # "You may have up to 3 possessed items."


def possess(state: State, seat: int, card: str, item_id: int | None = None) -> tuple[State, int]:
    """Possession: "Whomever the card is placed in front of (regardless of who placed it)
    owns the card".  "If at any time you would gain a 4th, you must first discard one of your
    existing 3 possessed items": the item waits (``room``) until its new owner chooses.
    The state after, and the item's number (a new one for a card from hand)."""
    if item_id is None:
        item_id = state.next_id
        state = evolve(state, next_id=item_id + 1)
    if len(state.possessed[seat]) >= MAX_POSSESSED:
        return evolve(state, room=Room(seat, card, item_id)), item_id
    return state.add_possessed(seat, item_id, card), item_id


def make_room(state: State, seat: int, item_id: int) -> State:
    """Possession: "you must first discard one of your existing 3 possessed items" (the
    owner's choice); then the waiting item comes in."""
    room = state.room
    who = state.names[seat]
    if state.owner(item_id) != seat:
        mine = ", ".join(f"#{i} {c}" for i, c in state.possessed[seat])
        raise Refused(f"{who} must discard one of {who}'s own possessed items ({mine}), not #{item_id}")
    state, card = state.take_possessed(item_id)
    return evolve(state.to_discard(card).add_possessed(seat, room.item, room.card), room=None)


# -- Throwing Items ---------------------------------------------------------------------------------
def needs_damage(card: Card) -> None:
    """Throwing Items: "the targeted player is dealt the amount of damage indicated on the
    item card", so it must be known before the throw."""
    if card.damage is None:
        raise missing(card, "damage", "a thrown item deals it")


def check_target(state: State, thrower: int, target: int) -> None:
    """Throwing Items: "choose a player as your target": another player still in, and not
    one under Charm ("no one can throw items at you")."""
    if target == thrower:
        raise Refused(f"{state.names[thrower]} cannot throw at themselves: the target is another player")
    check_targetable(state, target)


def check_targetable(state: State, target: int) -> None:
    who = state.names[target]
    if state.out[target]:
        raise Refused(f"{who} is out of the game and cannot be targeted")
    if state.charmed[target]:
        raise Refused(f"{who} is under Charm: nobody may throw at {who} until {who}'s next turn starts")


def damage_dealt(card: Card, reduced: int) -> int:
    """Throwing Items: "players may still interfere to reduce how much damage is dealt. ...
    the targeted player takes the remaining damage" (never less than none)."""
    return max(0, card.damage - reduced)


def land(state: State, play: Play) -> State:
    """Throwing Items: "If your throw successfully lands, the targeted player is dealt the
    amount of damage indicated on the item card"; a thrown item is then discarded (a
    single-use one too: "After either, discard the card").  A target out of the game, or
    under Charm ("no one can throw items at you", R11: a throw turned on Sebastian before
    he charmed), leaves it no target (R13)."""
    card = state.cards[play.card]
    discard = state.discard + (card.name,)
    target = play.target
    if state.out[target] or state.charmed[target]:
        return state.record("plays", play_record(state, play, None, "no target"), play=None, discard=discard)
    damage = damage_dealt(card, play.reduced)
    state = state.record("plays", play_record(state, play, None, "hit", damage), play=None, discard=discard)
    return hurt(state, target, damage, play.seat, "hit")


def possessed_throw_lands(state: State) -> State:
    """Throwing Items: "If you thrown an item from your collection of possessed items, do
    not turn the die; the throw automatically succeeds. However, players may still interfere
    to reduce how much damage is dealt."  It lands when its window closes."""
    play = state.play
    if play.destroyed:
        return state.record("plays", play_record(state, play, None, "destroyed"), play=None)
    return land(state, play)


# -- Single-Use Items ---------------------------------------------------------------------------------
def check_single_use(card: Card) -> None:
    """Single-Use Items: "To use the effect, first possess the card. You may then use the
    single-use effect at any time, without using an action or turning the die." ... "After
    either, discard the card."  Only single-use items have an effect to use this way."""
    if card.use is None:
        raise missing(card, "use", "only a single-use item's effect is used this way")
    if card.use != "single":
        kind = "a continuous item: its effect recurs by itself" if card.use == "continuous" else "a plain item"
        raise Refused(f"{card.name} is {kind}, not a single-use item")


# -- Continuous Items -------------------------------------------------------------------------------------
def may_cause(state: State, name: str) -> bool:
    """Continuous Items: "The effect can occur more than once. Continuous effects are not
    optional."  The companion does not compute such effects (nor any it has no figures for):
    the players enter what they do as corrections, each naming its cause — a card with such
    an effect that someone possesses, that is in play, or that was played or used this turn."""
    card = state.cards.get(name)
    if card is None or not card.uncomputed:
        return False
    return (name in state.causes or name == state.in_play()
            or any(c == name for items in state.possessed for _, c in items))


# -- Note: who goes first when several act at once ------------------------------------------------------
def priority(state: State, eligible) -> list[int]:
    """Note: "the person closest to the left of the turn-holder gets to have their move take
    place first. Once that player's move is resolved, the next player (going in turn order)
    chooses to either follow through ... or withdraw it" (the turn-holder last)."""
    return left_of(state.turn, state.seats, eligible)


# -- Instants ----------------------------------------------------------------------------------------------
def check_instant(card: Card) -> None:
    """Instants: "Instant cards may be played at any time (including others' turns) and their
    effects are resolved immediately. Discard an instant card after use. Playing an instant
    does not use up an action."."""
    if card.type != "instant":
        raise Refused(f"{card.name} is an item, not an instant: items are possessed or thrown")


# -- the effects the companion computes (destroy, reduce) ----------------------------------------------------
def protected(state: State) -> bool:
    """Guaranteed Delivery: the throw in flight is Harold's protected one."""
    return state.play is not None and state.play.protected


def check_not_protected(state: State, source: str) -> None:
    if protected(state):
        who = state.names[state.play.seat]
        raise Refused(f"{who}'s {state.play.card} is under Guaranteed Delivery: only character abilities "
                      f"can affect it, not {source}")


def destroy(state: State, target: int | str, source: str, by_ability: bool) -> tuple[State, str]:
    """"Destroy 1 item" (Lamp, Jack-in-the-Box, Pyrokinesis, Pyromania): a possessed item, or
    the item being played or thrown right now ("play"), goes to the discard pile.  The state
    after, and what was destroyed."""
    if target == "play":
        card = state.in_play()
        if card is None:
            raise Refused("no item is being played or thrown right now")
        if not by_ability:
            check_not_protected(state, source)
        state = evolve(state, play=evolve(state.play, destroyed=True, destroyed_by=source))
        return state.to_discard(card), card
    if state.owner(target) is None:
        raise Refused(f"there is no possessed item #{target}")
    state, card = state.take_possessed(target)
    return state.to_discard(card), card


def reduce(state: State, amount: int, source: str) -> State:
    """Throwing Items: "players may still interfere to reduce how much damage is dealt"."""
    if state.play is None or state.play.action != "throw" or state.in_play() is None:
        raise Refused(f"{source} reduces a throw's damage, and no item is being thrown right now")
    check_not_protected(state, source)
    return evolve(state, play=evolve(state.play, reduced=state.play.reduced + amount))


# -- Character Abilities ------------------------------------------------------------------------------------
CHARACTERS = {
    "Mama Rita": "Charges Apply",
    "Gertrude": "Pyromania",
    "Harold": "Guaranteed Delivery",
    "Ed": "Scrounge",
    "RX-97": "Circuit Breaker",
    "Myr": "Eminent Domain",
    "Sebastian": "Charm",
    "Claire": "Prognosticate",
}


def check_ability(state: State, seat: int) -> str:
    """Character Abilities: "Each character has a unique ability that can be used once per
    game at any time."."""
    ability = CHARACTERS[state.characters[seat]]
    if state.spent[seat]:
        raise Refused(f"{state.names[seat]} has already used {ability} this game (once per game)")
    return ability


def charges_apply(state: State, seat: int, item: int, to: int) -> tuple[State, dict]:
    """Mama Rita — Charges Apply: "Take 1 possessed item from any player and put it into a
    different player's possession."  It keeps its number; a full possession makes room."""
    owner = state.owner(item)
    if owner is None:
        raise Refused(f"there is no possessed item #{item}")
    if to == owner:
        raise Refused(f"Charges Apply puts the item into a different player's possession, not back to "
                      f"{state.names[owner]}")
    if state.out[to]:
        raise Refused(f"{state.names[to]} is out of the game")
    state, card = state.take_possessed(item)
    state, _ = possess(state, to, card, item)
    return state, {"item": item, "card": card, "from": state.names[owner], "to": state.names[to]}


def pyromania(state: State, seat: int, target: int | str) -> tuple[State, dict]:
    """Gertrude — Pyromania: "Destroy 1 item." (an ability, so even a Guaranteed Delivery)."""
    state, card = destroy(state, target, "Pyromania", True)
    return state, {"target": target, "destroyed": card}


def guaranteed_delivery(state: State, seat: int) -> tuple[State, dict]:
    """Harold — Guaranteed Delivery: "Only character abilities can affect your next thrown
    item."  Read: the throw Harold has in flight, if any; else his next one."""
    play = state.play
    if play is not None and play.action == "throw" and play.seat == seat and state.in_play():
        return evolve(state, play=evolve(play, protected=True)), {"protects": "the throw in flight",
                                                                  "card": play.card}
    return evolve(state, armed=put(state.armed, seat, True)), {"protects": "the next throw"}


def scrounge(state: State, seat: int, card: str) -> tuple[State, dict]:
    """Ed — Scrounge: "Take 1 card from the discard pile and put it into your hand."  A card
    seen going there, or, while the pile holds unseen cards, any card the table names."""
    if card in state.discard:
        at = state.discard.index(card)
        state = evolve(state, discard=state.discard[:at] + state.discard[at + 1:])
    elif state.discard_unknown > 0:
        state = evolve(state, discard_unknown=state.discard_unknown - 1)
    else:
        pile = ", ".join(state.discard) or "nothing"
        raise Refused(f"there is no {card} in the discard pile (it holds {pile})")
    return evolve(state, known=put(state.known, seat, state.known[seat] + (card,))), {"card": card}


def circuit_breaker(state: State, seat: int, target: int) -> tuple[State, dict]:
    """RX-97 — Circuit Breaker: "Change the target of the current thrown item."  Only while a
    throw is in flight; the new target is still in, not the current one, not under Charm
    (setting ``redirect``: ``not-thrower`` also keeps it off the thrower)."""
    play = state.play
    if play is None or play.action != "throw" or state.in_play() is None:
        raise Refused("Circuit Breaker changes the target of a thrown item, and no item is being thrown now")
    if target == play.target:
        raise Refused(f"{state.names[target]} is already the target")
    if target == play.seat and state.settings["redirect"] == "not-thrower":
        raise Refused("the throw cannot be turned back on its thrower (setting redirect: not-thrower)")
    check_targetable(state, target)
    state = evolve(state, play=evolve(play, target=target))
    return state, {"card": play.card, "from": state.names[play.target], "to": state.names[target]}


def eminent_domain(state: State, seat: int, card: Card) -> tuple[State, dict]:
    """Myr — Eminent Domain: "Search through the deck and put 1 item into your hand. Then
    shuffle the deck."  Only Myr sees which item."""
    if not card.item:
        raise Refused(f"{card.name} is an instant: Eminent Domain takes an item")
    if state.deck == 0:
        state = state.reshuffle()
    if state.deck == 0:
        raise Refused("the deck and the discard pile are empty: there is nothing to search")
    state = evolve(state, deck=state.deck - 1, private=put(state.private, seat, state.private[seat] + (card.name,)))
    return state, {"card": card.name}


def charm(state: State, seat: int) -> tuple[State, dict]:
    """Sebastian — Charm: "Until the start of your next turn, no one can throw items at you.
    (Charm may only be initiated during your turn.)".  A throw already in flight at him (his
    own, turned on him by Circuit Breaker) then has no target when it lands (:func:`land`)."""
    if state.turn != seat:
        raise Refused(f"Charm may only be used during {state.names[seat]}'s own turn")
    return evolve(state, charmed=put(state.charmed, seat, True)), {}


def charm_ends(state: State, seat: int) -> State:
    """Charm lasts "Until the start of your next turn"."""
    return evolve(state, charmed=put(state.charmed, seat, False)) if state.charmed[seat] else state


def prognosticate(state: State, seat: int, face: int) -> tuple[State, dict]:
    """Claire — Prognosticate: "Set the die on any face."  When Claire's own die is to be
    turned, it is that turn (setting ``prognosticate``: ``turn``): the card in play resolves
    against the face she sets."""
    before = state.face
    turning = (state.play is not None and state.play.stage == "die" and state.play.seat == seat
               and state.settings["prognosticate"] == "turn")
    state = evolve(state, face=face)
    if turning:
        state = resolve_play(state, face)
    return state, {"face_before": before, "face": face, "as_die_turn": turning}


# -- Two Player -------------------------------------------------------------------------------------------
def faces_each(players: int) -> int:
    """Two Player: "When determining first player, each player picks 2 numbers instead of 1"
    (Set Up: "Each player says a number from 1 to 8")."""
    return 2 if players == 2 else 1


def began_with_two(started: int) -> bool:
    """Two Player: "In a 2 player game, you can only throw 1 item each turn" — for the whole
    game: "(Note that if you started with 2 players this does not apply)"."""
    return started == 2


# -- Team Play -------------------------------------------------------------------------------------------
def teams_of(spec, players: int) -> tuple[tuple[int, ...], ...] | None:
    """Team Play: "Make sure each team has an equal amount of players, and sit across from
    your teammate."  ``true``: two teams across a 4-player table (0+2 against 1+3)."""
    if spec is None or spec is False:
        return None
    if spec is True:
        if players != 4:
            raise Refused("teams: true seats two teams across a 4-player table; give the teams as lists of "
                          "seats for another arrangement")
        return ((0, 2), (1, 3))
    if not isinstance(spec, list) or not all(isinstance(t, list) for t in spec) or len(spec) < 2:
        raise Refused("teams must be true, false, or a list of teams of seats, e.g. [[0, 2], [1, 3]]")
    seats = [s for team in spec for s in team]
    if any(isinstance(s, bool) or not isinstance(s, int) for s in seats) or sorted(seats) != list(range(players)):
        raise Refused(f"teams must put each of the {players} seats (0 to {players - 1}) in exactly one team")
    sizes = {len(team) for team in spec}
    if len(sizes) != 1 or sizes == {1}:
        raise Refused("each team must have the same number of players, at least two")
    for team in spec:
        for s in team:
            if (s + 1) % players in team:
                raise Refused(f"teammates sit across from each other, not side by side (seats {s} and "
                              f"{(s + 1) % players})")
    return tuple(tuple(sorted(team)) for team in spec)


def team_of(state: State, seat: int) -> int | None:
    if state.teams is None:
        return None
    return next(k for k, team in enumerate(state.teams) if seat in team)


def team_winners(state: State) -> tuple[int, ...] | None:
    """Team Play: "your team wins when all other teams' players have 0 health" — the whole
    team wins, its eliminated players too."""
    standing = [team for team in state.teams if any(not state.out[s] for s in team)]
    return standing[0] if len(standing) == 1 else None


def _faces(faces) -> str:
    return " and ".join(str(f) for f in faces)
