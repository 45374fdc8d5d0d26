"""The ESP screen, table-grade (issue #13): what the table is asked, big, across the top; each
seat's panel with its prediction and bid as pictures and its score at the table's size; the
trick as cards on a table in play order; the Vision Card and the aspects as big tokens; and
the entry of predictions, the Vision Card, cards and bids — a card in two taps (suit and
rank, either order) or two keys (``4`` then ``x``), a held card in one tap when dealt here.

A hand dealt here is secret: while another person sits at the table, the screen first asks
to be passed to the seat's player ("Pass the screen to Bo"), shows the hand only when that
player taps, and hides it again once the card is played (or on "Hide the hand").  The
pictures themselves are drawn in ``esp_draw``.

It draws from the game's view (``self.view``, and ``self.seat_view(seat)`` for the hand of
the seat whose turn it is when the companion deals) and the rules' legal actions; every
figure it shows — the round, who owes what, the trick and why it was won, the aspects,
the scores — is the view's."""

from __future__ import annotations

import random

import pygame

from companion.games.esp import ESP
from companion.games.esp.cards import RANKS, SUIT_LETTERS, SUITS
from companion.ui import theme
from companion.ui.screen import GameScreen
from companion.ui.games import esp_draw as pictures
from companion.ui.games.esp_camera import SeenCards
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, panel, rows, wrap
from companion.ui.zener import draw_back, draw_symbol
from firmware_py.pentagram.scenes import EspScene


def lights(view: dict, meta: dict) -> EspScene:
    """What the pentagram shows (``Entry.lights``): the aspects of the round on the table and
    the colour of the last trick's winner."""
    colours = dict(theme.SUIT_COLOURS)
    if not view["rounds"]:
        return EspScene(suit_colours=colours)
    rnd = view["rounds"][-1]
    last = next((t for t in reversed(rnd["tricks"]) if t["winner"] is not None), None)
    supernatural = rnd["supernatural"]
    return EspScene(supernatural=supernatural, superduper=rnd["superduper"] if supernatural is not None else None,
                    winner=theme.player_colour(meta, last["winner"]) if last else None, suit_colours=colours)


class EspScreen(GameScreen):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.title = "ESP"
        self.suit: str | None = None
        self.rank: int | None = None
        self.bidder: int | None = None
        self.notices_shown = len(self.view["notices"])
        self.seen = SeenCards(self)  # the camera's cards, when a camera watches the table

    # -- what the game says ------------------------------------------------------------------
    @property
    def meta(self) -> dict:
        return self.app.match.meta

    @property
    def full_information(self) -> bool:
        return "seed" in self.app.match.match.setup

    def shown_round(self) -> dict | None:
        """The summary of the round on the table (the last one begun), or None before the first."""
        rounds = self.view["rounds"]
        return rounds[-1] if rounds else None

    def owed(self) -> dict | None:
        """What the table owes next: the view's, or the bid of the seat tapped (bids come in any order)."""
        owed = self.view["next"]
        if owed and owed["act"] == "bid" and self.bidder is not None and self.shown_round()["bids"][self.bidder] is None:
            return {"act": "bid", "seat": self.bidder}
        return owed

    # -- time -----------------------------------------------------------------------------------
    def tick(self, now: float) -> bool:
        notices = self.view["notices"]
        if len(notices) > self.notices_shown:  # a revoke has just been proven: tell the table
            self.app.refuse(notices[-1])
        self.notices_shown = len(notices)
        return self.play_chance() or self.play_computer(now) or self.seen.take_held()

    def animating(self) -> bool:
        waiting = self.chance_move() is not None or self.computer_move() is not None
        return waiting and self.app.unsaved() is None

    def pentagram_scene(self):
        return lights(self.view, self.meta)

    # -- drawing ----------------------------------------------------------------------------------
    def draw_body(self, surface, area):
        s = self.scale
        view = self.view
        if view["finished"]:
            self.title = "ESP — the experiment is over"
        else:
            self.title = f"ESP — round {view['round']} of {view['round_count']}"
        inner = area.inflate(-s(16), -s(12))  # (the app lays every screen out above its banner)
        prompt, body = rows(inner, [s(48), max(1, inner.height - s(56))], s(8))
        prompt.height = s(48)
        body = pygame.Rect(inner.left, prompt.bottom + s(8), inner.width, inner.bottom - prompt.bottom - s(8))
        left, right = columns(body, [3, 2], s(10))
        seats_h = min(s(156), left.height // 2)
        seats = pygame.Rect(left.left, left.top, left.width, seats_h)
        trick = pygame.Rect(left.left, seats.bottom + s(8), left.width, left.bottom - seats.bottom - s(8))
        info = pygame.Rect(right.left, right.top, right.width, min(s(100), right.height // 3))
        entry = pygame.Rect(right.left, info.bottom + s(8), right.width, right.bottom - info.bottom - s(8))
        self.draw_prompt(surface, prompt)
        self.draw_seats(surface, seats)
        self.draw_trick(surface, trick)
        rnd = self.shown_round()
        pictures.draw_aspects(surface, info, s, vision=rnd["vision"] if rnd else None,
                              supernatural=rnd["supernatural"] if rnd else None,
                              superduper=rnd["superduper"] if rnd else None, started=rnd is not None)
        self.draw_entry(surface, entry)

    def prompt(self) -> tuple[str, int | None]:
        """What the table is asked now, in a few words, and the seat asked (None: the table)."""
        owed = self.owed()
        names = self.view["players"]
        if owed is None:
            totals = self.view["totals"]
            best = [names[seat] for seat, total in enumerate(totals) if total == max(totals)]
            return f"{' and '.join(best)} scored most: {max(totals)} points", None
        if self.chance_move() is not None:
            return "The companion is dealing…", None
        move = self.computer_move()
        if move is not None:  # the seat it plays, which may not be the one named (bids come in any order)
            return f"{names[move['seat']]} (computer) is choosing…", move["seat"]
        asked = self.seen.prompt()
        if asked is not None:
            return asked, owed.get("seat")
        seat = owed.get("seat")
        if seat is None:
            return "Turn up the Vision Card and enter it", None
        name = names[seat]
        if self.hidden_hand(owed):
            return f"Pass the screen to {name}", seat
        if owed["act"] == "predict":
            return f"{name}: predict a suit or a rank", seat
        if owed["act"] == "bid":
            return f"{name}'s bid: the last face-down card", seat
        trick = self.view["trick"]
        if trick is not None and trick["winner"] is not None:
            return f"{name} leads trick {trick['number'] + 1}", seat
        return f"{name} plays a card", seat

    def draw_prompt(self, surface, area):
        s = self.scale
        text, seat = self.prompt()
        x = area.right
        trick = self.view["trick"]
        extras = []
        if self.showing_hand():
            extras.append(("Hide the hand", "hide"))
        if trick is not None and trick["winner"] is not None and trick["why"]:
            extras.append(("Why?", "why"))
        for label, action in extras:
            width = s(88) if label == "Why?" else s(170)
            rect = pygame.Rect(x - width, area.top, width, area.height)
            self.add_button(surface, Button(rect, label, action))
            x = rect.left - s(theme.TARGET_GAP)
        if self.seen.status() is not None:  # what the camera counts, beside the buttons
            width = s(180)
            self.seen.draw_status(surface, pygame.Rect(x - width, area.top, width, area.height))
            x -= width + s(theme.TARGET_GAP)
        room = pygame.Rect(area.left, area.top, x - area.left - s(8), area.height)
        if seat is not None:
            chip = pygame.Rect(room.left, 0, s(20), s(20))
            chip.centery = room.centery
            pygame.draw.circle(surface, self.colour(seat), chip.center, chip.width // 2)
            room = pygame.Rect(chip.right + s(10), room.top, room.right - chip.right - s(10), room.height)
        draw_text(surface, text, room, s(theme.TABLE), theme.GOLD, bold=True)

    def draw_seats(self, surface, area):
        s = self.scale
        view = self.view
        rnd = self.shown_round()
        owed = self.owed()
        players = view["players"]
        computers = self.meta.get("computer", [])
        for seat, cell in enumerate(columns(area, [1] * len(players), s(theme.TARGET_GAP))):
            claim = view["predictions"][seat]
            pictures.draw_seat(
                surface, cell, s, name=players[seat], colour=self.colour(seat),
                turn=owed is not None and owed.get("seat") == seat,
                first_seer=bool(rnd and rnd["first_seer"] == seat), computer=seat in computers,
                claim=claim, claim_right=bool(rnd and rnd["vision"] is not None and rnd["prediction_points"][seat]),
                bid=rnd["bids"][seat] if rnd else None, bid_right=rnd["bid_correct"][seat] if rnd else None,
                won=rnd["tricks_won"][seat] if rnd else 0, facedown=view["facedown"][seat] if rnd else None,
                points=rnd["points"][seat] if rnd else 0, total=view["totals"][seat])
            if owed and owed["act"] == "bid" and rnd and rnd["bids"][seat] is None:
                self.buttons.append(Button(cell, players[seat], ("bidder", seat)))

    def draw_trick(self, surface, area):
        trick = self.view["trick"]
        players = self.view["players"]
        colours = [self.colour(seat) for seat in range(len(players))]
        if trick is None:
            pictures.draw_table(surface, area, self.scale, order=[], cards=[], names=players, colours=colours,
                                winner=None, heading="The table", next_seat=None)
            return
        n = len(players)
        order = [(trick["leader"] + k) % n for k in range(n)]
        winner = trick["winner"]
        if winner is not None:
            heading = f"{players[winner]} wins trick {trick['number']}"
        else:
            heading = f"Trick {trick['number']}, led by {players[trick['leader']]}"
        owed = self.owed()
        next_seat = owed.get("seat") if owed and owed["act"] == "play" and winner is None else None
        pictures.draw_table(surface, area, self.scale, order=order, cards=trick["cards"], names=players,
                            colours=colours, winner=winner, heading=heading, next_seat=next_seat)

    # -- entering what the table plays -----------------------------------------------------------------
    def draw_entry(self, surface, area):
        s = self.scale
        panel(surface, area, theme.PANEL, s(8))
        inner = area.inflate(-s(12), -s(12))
        owed = self.owed()
        if owed is None:
            self.add_button(surface, Button(inner, "See the results", "results", key="\r", colour=theme.GOOD),
                            s(theme.TABLE))
            return
        if self.chance_move() is not None or self.computer_move() is not None:
            draw_paragraph(surface, "Wait a moment: the companion plays this part.", inner, s(theme.BODY), theme.MUTED)
            return
        if self.seen.question() is not None:
            self.seen.draw(surface, inner)
        elif owed["act"] == "predict":
            self.draw_claims(surface, inner)
        elif self.hidden_hand(owed):
            self.draw_handover(surface, inner, owed["seat"])
        elif self.held_here(owed) is not None:
            self.draw_hand(surface, inner, owed)
        else:
            self.draw_card_entry(surface, inner, owed)

    def held_here(self, owed) -> list[str] | None:
        """The owed seat's hand as its owner sees it, when the companion dealt it (else None)."""
        seat = owed.get("seat")
        if seat is None:
            return None
        hands = self.seat_view(seat)["hands"]
        return hands[seat] if seat < len(hands) and isinstance(hands[seat], list) else None

    # -- handing the screen over (hidden information: the dealt hands) ----------------------------------
    def people(self) -> list[int]:
        """The seats played by people (not the computer)."""
        computers = set(self.meta.get("computer", []))
        return [seat for seat in range(len(self.view["players"])) if seat not in computers]

    def hidden_hand(self, owed) -> bool:
        """True while the owed seat's dealt hand waits to be shown to its owner alone: it holds
        cards, another person sits at the table, and the screen was not handed over yet."""
        if owed is None or owed["act"] not in ("play", "bid") or not self.held_here(owed):
            return False
        return len(self.people()) > 1 and self.draft.get("shown_to") != owed["seat"]

    def showing_hand(self) -> bool:
        """True while a hand is shown after a hand-over (it hides again at the next entry)."""
        owed = self.owed()
        return (owed is not None and owed.get("seat") is not None and self.draft.get("shown_to") == owed["seat"]
                and len(self.people()) > 1 and bool(self.held_here(owed)))

    def draw_handover(self, surface, area, seat):
        s = self.scale
        name = self.view["players"][seat]
        colour = self.colour(seat)
        ink = theme.ink_on(colour)

        def face(target, rect):
            eye = pygame.Rect(0, 0, s(72), s(40))
            eye.midtop = (rect.centerx, rect.top + s(8))
            pygame.draw.ellipse(target, ink, eye, max(2, s(3)))
            pygame.draw.circle(target, ink, eye.center, s(10))
            text = pygame.Rect(rect.left + s(6), eye.bottom + s(10), rect.width - s(12),
                               rect.bottom - eye.bottom - s(10))
            draw_paragraph(target, f"Only {name} is looking? Tap to show {name}'s hand", text, s(theme.HEADING), ink,
                           bold=True)

        self.add_button(surface, Button(area, f"Show {name}'s hand", ("reveal", seat), colour=colour, draw_face=face))

    def draw_claims(self, surface, area):
        s = self.scale
        open_claims = {a["claim"] for a in self.legal("predict")}
        gap = s(theme.TARGET_GAP)
        top, bottom = rows(area, [1, 1], gap)
        why = "already predicted this round: every prediction is different"
        for cell, suit in zip(columns(top, [1] * 5, gap), SUITS):
            ok = suit in open_claims
            self.add_button(surface, Button(cell, suit, ("claim", suit), ok, key=_key_for(suit),
                                            draw_face=_symbol_face(suit, ok), why=f"{suit.capitalize()} is {why}."))
        for cell, rank in zip(columns(bottom, [1] * 5, gap), RANKS):
            self.add_button(surface, Button(cell, str(rank), ("claim", rank), rank in open_claims, key=str(rank),
                                            why=f"{rank} is {why}."), s(theme.TABLE))

    def draw_card_entry(self, surface, area, owed):
        s = self.scale
        gap = s(theme.TARGET_GAP)
        legal = {a["card"] for a in self.legal(owed["act"], seat=owed.get("seat"))}
        bidding = owed["act"] == "bid"
        hint_text = "Or tap a seat to enter its bid." if bidding else "Tap the suit and the rank, either order."
        lines = wrap(hint_text, s(theme.BODY), area.width)
        hint_h = len(lines) * int(s(theme.BODY) * 1.25)
        buttons_h = area.height - hint_h - gap
        if buttons_h < 2 * s(theme.TARGET) + gap:  # no room for the hint: the buttons come first
            hint_h, buttons_h = 0, area.height
        top, bottom = rows(pygame.Rect(area.left, area.top, area.width, buttons_h), [1, 1], gap)
        for cell, suit in zip(columns(top, [1] * 5, gap), SUITS):
            ok = any(f"{r} {suit}" in legal for r in RANKS if self.rank in (None, r))
            why = f"No {suit} can be {'bid' if bidding else 'played'} now" + (f" with {self.rank}" if self.rank else "")
            self.add_button(surface, Button(cell, suit, ("suit", suit), ok, selected=self.suit == suit,
                                            key=_key_for(suit), draw_face=_symbol_face(suit, ok), why=why + "."))
        for cell, rank in zip(columns(bottom, [1] * 5, gap), RANKS):
            ok = any(f"{rank} {u}" in legal for u in SUITS if self.suit in (None, u))
            why = f"No {rank} can be {'bid' if bidding else 'played'} now" + (f" in {self.suit}" if self.suit else "")
            self.add_button(surface, Button(cell, str(rank), ("rank", rank), ok, selected=self.rank == rank,
                                            key=str(rank), why=why + "."), s(theme.TABLE))
        if hint_h:
            draw_paragraph(surface, hint_text, pygame.Rect(area.left, area.bottom - hint_h, area.width, hint_h),
                           s(theme.BODY), theme.MUTED)

    def draw_hand(self, surface, area, owed):
        """The owed seat's held cards face up and its face-down row as backs.  A back stands
        for a face-down card nobody may look at: the rules' legal actions say which are
        playable, and tapping the n-th back plays the n-th of them."""
        s = self.scale
        gap = s(theme.TARGET_GAP)
        seat = owed["seat"]
        name = self.view["players"][seat]
        hand = self.held_here(owed) or []
        backs = self.seat_view(seat)["facedown"][seat]
        legal = [a["card"] for a in self.legal(owed["act"], seat=seat)]
        down = [card for card in legal if card not in hand]
        held, row = rows(area, [3, 2], gap)
        slots = max(len(hand), backs, 4)
        for cell, card in zip(columns(held, [1] * slots, gap), hand):
            enabled = card in legal
            why = f"{name} must follow the suit led with a held card" if owed["act"] == "play" else \
                f"{name} bids with the last face-down card"
            self.add_button(surface, Button(cell, card, ("card", card), enabled, draw_face=_card_face(card, enabled, s),
                                            why=why + "."))
        if not hand:
            draw_paragraph(surface, "Every held card is played: now a face-down card.", held.inflate(-s(4), -s(8)),
                           s(theme.BODY), theme.MUTED)
        for k, cell in zip(range(backs), columns(row, [1] * slots, gap)):
            card = down[k] if k < len(down) else None
            self.add_button(surface, Button(cell, "face-down", ("card", card), card is not None,
                                            draw_face=_back_face(card is not None),
                                            why=f"{name} plays every held card before the face-down ones."))

    # -- input -----------------------------------------------------------------------------------------
    def on_camera(self, seen) -> bool:
        return self.seen.on_camera(seen)

    def on_answer(self, name: str) -> bool:
        return self.seen.on_answer(name) or super().on_answer(name)

    def on_button(self, action):
        kind, value = action if isinstance(action, tuple) else (action, None)
        if self.seen.on_button(kind, value):
            return
        if kind == "results":
            from companion.ui.summary import SummaryScreen

            self.app.show(SummaryScreen(self.app))
        elif kind == "reveal":  # the screen is with the seat's player alone: show the hand
            self.draft["shown_to"] = value
        elif kind == "hide":
            self.draft.pop("shown_to", None)
        elif kind == "why":
            trick = self.view["trick"]
            if trick is not None and trick["winner"] is not None:
                self.app.note(f"{self.view['players'][trick['winner']]} wins the trick: {trick['why']}.")
        elif kind == "bidder":
            self.bidder = value
            self.suit = self.rank = None
        elif kind == "claim":
            owed = self.owed()
            self.app.play({"act": "predict", "seat": owed["seat"], "claim": value})
        elif kind == "card":
            self.submit(value)
        elif kind == "suit":
            self.suit = None if self.suit == value else value
            self.maybe_submit()
        elif kind == "rank":
            self.rank = None if self.rank == value else value
            self.maybe_submit()

    def on_key(self, event) -> bool:
        letter = (event.unicode or "").lower()
        owed = self.owed()
        if owed is None or owed["act"] == "predict":
            return super().on_key(event)
        if letter in SUIT_LETTERS:
            self.on_button(("suit", SUIT_LETTERS[letter]))
            return True
        if letter in "12345" and letter:
            self.on_button(("rank", int(letter)))
            return True
        return super().on_key(event)

    def maybe_submit(self) -> None:
        if self.suit is not None and self.rank is not None:
            self.submit(f"{self.rank} {self.suit}")

    def submit(self, card: str) -> None:
        owed = self.owed()
        self.suit = self.rank = None
        if owed is None:
            return
        action = {"act": owed["act"], "card": card}
        if "seat" in owed:
            action["seat"] = owed["seat"]
        if self.seen.lay(action):  # the desktop's virtual camera: on its table, to be read from there
            self.bidder = None
        elif self.app.play(action):
            self.bidder = None


def _key_for(suit: str) -> str:
    return next(k for k, v in SUIT_LETTERS.items() if v == suit)


def _symbol_face(suit: str, enabled: bool):
    def face(surface, rect):
        colour = theme.SUIT_COLOURS[suit] if enabled else theme.FAINT
        draw_symbol(surface, suit, rect, colour)
    return face


def _card_face(card: str, enabled: bool, s):
    def face(surface, rect):
        pad = max(8, (rect.height + 6) // 5) - s(4)  # the card takes the button's whole face
        pictures.draw_card(surface, pictures.fit_card(rect.inflate(pad, 0)), card, s, dim=not enabled)
    return face


def _back_face(enabled: bool):
    def face(surface, rect):
        shape = pictures.fit_card(rect.inflate(max(8, (rect.height + 6) // 5) - 4, 0))
        draw_back(surface, shape)
        if not enabled:
            dim = pygame.Surface(shape.size, pygame.SRCALPHA)
            dim.fill((0, 0, 0, 140))
            surface.blit(dim, shape)
    return face


# -- example positions for `companion shots` (Entry.examples) ------------------------------------
def esp_game(players=("Ann", "Bo", "Cy"), seed: int = 7) -> tuple[dict, list[dict]]:
    """A whole full-information ESP game, dealt and played at random from ``seed``."""
    setup = {"game": "esp", "players": list(players), "seed": seed}
    state = ESP.setup(setup)
    rng = random.Random(seed)
    actions = []
    while not ESP.is_over(state):
        action = ESP.chance(state) or rng.choice(ESP.legal(state))
        state = ESP.apply(state, action)
        actions.append(action)
    return setup, actions


def examples():
    """The ESP screen at each moment of a game, entered at a table and dealt here; the resume
    offer, the menu and the results of it."""
    from companion.ui import examples as ex
    from companion.ui import shell

    setup, actions = esp_game()
    table_setup = {k: v for k, v in setup.items() if k != "seed"}  # as a real table enters it
    table_actions = [a for a in actions if a["act"] != "deal"]
    first_play = next(i for i, a in enumerate(table_actions) if a["act"] == "play")
    first_bid = next(i for i, a in enumerate(table_actions) if a["act"] == "bid")
    full_first_play = next(i for i, a in enumerate(actions) if a["act"] == "play")

    def resume(app):
        ex.stored(app, table_setup, table_actions[:20])
        app.show(shell.ResumeScreen(app, app.journal.latest_unfinished()))

    yield "resume", resume
    yield "esp-predict", ex.at(table_setup, table_actions, 1)
    yield "esp-trick", ex.at(table_setup, table_actions, first_play + 2)
    yield "esp-trick-won", ex.at(table_setup, table_actions, first_play + 3)
    yield "esp-bid", ex.at(table_setup, table_actions, first_bid + 1)
    yield "esp-hand", ex.at(setup, actions, full_first_play + 1, {"computer": [2]})

    def shown(app):  # Bo has the screen to himself and tapped: his hand, face up
        ex.load(app, setup, actions[: full_first_play + 1], {"computer": [2]})
        app.screen.on_button(("reveal", actions[full_first_play + 1]["seat"]))

    yield "esp-hand-shown", shown

    def why(app):  # the table asks why the trick went where it did
        ex.load(app, table_setup, table_actions[: first_play + 3])
        app.screen.on_button(("why", None))

    yield "esp-why", why

    def refused(app):
        ex.load(app, table_setup, table_actions[: first_play + 1])
        app.play({"act": "play", "seat": 1, "card": table_actions[first_play]["card"]})

    yield "esp-refusal", refused

    def camera_asks(app):  # the camera saw Bo's card land but is not sure of it
        from companion.vision.tracker import Landed

        from companion.ui.teach import PicturedCamera

        ex.load(app, table_setup, table_actions[: first_play + 1])
        app.camera = PicturedCamera()
        app.camera.table.backs = 5  # one of the six face-down cards is under a hand
        card = table_actions[first_play + 1]["card"]
        others = [a["card"] for a in app.screen.legal("play") if a["card"] != card][:2]
        corners = ((500.0, 200.0), (600.0, 200.0), (600.0, 340.0), (500.0, 340.0))
        app.screen.on_camera(Landed(7, card, 0.62, ((card, 0.7), *((o, 0.3) for o in others)), corners))

    yield "esp-camera-asks", camera_asks

    def camera_whose_bid(app):  # a bid seen: the bids come in any order, so whose is it?
        from companion.vision.tracker import Landed

        ex.load(app, table_setup, table_actions[:first_bid])
        card = table_actions[first_bid]["card"]
        corners = ((500.0, 200.0), (600.0, 200.0), (600.0, 340.0), (500.0, 340.0))
        app.screen.on_camera(Landed(9, card, 0.97, ((card, 0.97),), corners))

    yield "esp-camera-whose-bid", camera_whose_bid

    def menu(app):
        ex.load(app, table_setup, table_actions[:5])
        app.show(shell.MenuScreen(app, app.screen))

    yield "menu", menu
    yield "esp-over", ex.at(table_setup, table_actions, len(table_actions))
    yield "summary", ex.results(table_setup, table_actions)


def draw_icon(surface, rect, s) -> None:
    """The home screen's picture of ESP: a face-down card and a face-up Zener card on it."""
    from companion.ui.zener import fit_card

    card = fit_card(rect.inflate(-rect.width // 3, 0))
    back = card.move(-card.width // 3, s(4))
    draw_back(surface, back)
    pictures.draw_card(surface, card.move(card.width // 4, -s(2)), "3 star", s)
