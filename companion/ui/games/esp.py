"""The ESP screen: the seats, the trick in play order, the aspects, and the entry of
predictions, the Vision Card, cards and bids — a card in two taps (suit and rank,
either order) or two keys (``4`` then ``x``), a held card in one tap when dealt here.

It draws from the game's view (``self.view``, and ``self.seat_view(seat)`` for the hand of
the seat whose turn it is when the companion deals) and the rules' legal actions; every
figure it shows — the round, who owes what, the trick and why it was won, the aspects,
the scores — is the view's."""

from __future__ import annotations

import random

import pygame

from companion.games.esp import ESP
from companion.games.esp.cards import RANKS, SUIT_LETTERS, SUITS, parse_card, rank_of, suit_of
from companion.ui import theme
from companion.ui.screen import GameScreen
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, panel, rows
from companion.ui.zener import draw_back, draw_card, draw_symbol
from firmware_py.pentagram.scenes import EspScene

WHAT = {"predict": "prediction", "vision": "Vision Card", "play": "card", "bid": "bid"}


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
        return self.play_chance() or self.play_computer(now)

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
        inner = area.inflate(-s(12), -s(10))
        left, right = columns(inner, [3, 2], s(10))
        seats, trick = rows(left, [2, 3], s(8))
        self.draw_seats(surface, seats)
        self.draw_trick(surface, trick)
        info, entry = rows(right, [2, 5], s(8))
        self.draw_aspects(surface, info)
        self.draw_entry(surface, entry)

    def draw_seats(self, surface, area):
        s = self.scale
        view = self.view
        rnd = self.shown_round()
        owed = self.owed()
        players = view["players"]
        for seat, cell in enumerate(columns(area, [1] * len(players), s(6))):
            turn = owed is not None and owed.get("seat") == seat
            panel(surface, cell, theme.PANEL_LIGHT if turn else theme.PANEL, s(8))
            stripe = pygame.Rect(cell.left, cell.top, cell.width, s(5))
            pygame.draw.rect(surface, self.colour(seat), stripe, border_radius=s(3))
            if turn:
                pygame.draw.rect(surface, theme.GOLD, cell, width=s(2), border_radius=s(8))
            lines = rows(cell.inflate(-s(10), -s(10)).move(0, s(2)), [1.3, 1, 1, 1, 1], s(1))
            who = players[seat] + (" ★" if rnd and rnd["first_seer"] == seat else "")
            if seat in self.meta.get("computer", []):
                who += " (computer)"
            draw_text(surface, who, lines[0], s(16), theme.INK, bold=True)
            claim = view["predictions"][seat]
            draw_text(surface, f"predicts {claim}" if claim is not None else "no prediction yet", lines[1], s(13),
                      theme.GOOD if rnd is not None and rnd["prediction_points"][seat] else theme.MUTED)
            won = rnd["tricks_won"][seat] if rnd else 0
            draw_text(surface, f"tricks {won}" + (f" · {view['facedown'][seat]} face-down" if rnd else ""),
                      lines[2], s(13), theme.INK)
            bid = rnd["bids"][seat] if rnd else None
            if bid is not None:
                right = rnd["bid_correct"][seat]
                draw_text(surface, f"bid {bid} {'✓' if right else '✗'}", lines[3], s(13),
                          theme.GOOD if right else theme.BAD)
            draw_text(surface, f"round {rnd['points'][seat] if rnd else 0} · total {view['totals'][seat]}", lines[4],
                      s(13), theme.GOLD)
            if owed and owed["act"] == "bid" and rnd and rnd["bids"][seat] is None:
                self.buttons.append(Button(cell, "", ("bidder", seat)))

    def draw_trick(self, surface, area):
        s = self.scale
        panel(surface, area, theme.PANEL, s(8))
        inner = area.inflate(-s(12), -s(10))
        cards_area, why = rows(inner, [4, 1], s(4))
        trick = self.view["trick"]
        if trick is None:
            draw_text(surface, "The trick will appear here, in play order.", cards_area, s(15), theme.MUTED, "centre")
            return
        players = self.view["players"]
        card_h = min(cards_area.height - s(22), s(110))
        card_w = int(card_h * 0.68)
        slots = columns(cards_area, [1] * len(players), s(8))
        for slot, seat, card in zip(slots, trick["seats"], trick["cards"]):
            rect = pygame.Rect(0, 0, card_w, card_h)
            rect.centerx, rect.top = slot.centerx, slot.top
            glow = theme.GOLD if trick["winner"] == seat else None
            draw_card(surface, rect, *_face(card), glow)
            label = pygame.Rect(slot.left, rect.bottom + s(2), slot.width, s(18))
            draw_text(surface, players[seat], label, s(13), self.colour(seat), "centre", bold=True)
        if trick["winner"] is not None:
            text = f"{players[trick['winner']]} wins the trick: {trick['why']}."
        else:
            text = f"Trick {trick['number']}, led by {players[trick['leader']]}."
        draw_paragraph(surface, text, why, s(13), theme.INK, 2)

    def draw_aspects(self, surface, area):
        s = self.scale
        panel(surface, area, theme.PANEL, s(8))
        rnd = self.shown_round()
        card_area, text_area = columns(area.inflate(-s(10), -s(10)), [1, 3], s(8))
        card = pygame.Rect(0, 0, int(card_area.height * 0.68), card_area.height)
        card.center = card_area.center
        vision = rnd["vision"] if rnd else None
        if vision is not None:
            draw_card(surface, card, *_face(vision))
        else:
            draw_back(surface, card)
        lines = rows(text_area, [1, 1, 1], s(2))
        if vision is None:
            draw_text(surface, "Vision Card: face down", lines[0], s(14), theme.INK)
            draw_text(surface, "Aspects follow the predictions", lines[1], s(13), theme.MUTED)
        else:
            if rnd["supernatural"] is None:
                draw_text(surface, "No Supernatural Aspect", lines[0], s(14), theme.INK)
            else:
                draw_text(surface, f"Supernatural: {rnd['supernatural']}", lines[0], s(14), theme.GOLD, bold=True)
            if rnd["superduper"] is not None:
                draw_text(surface, f"Super-duper-natural: {rnd['superduper']}", lines[1], s(14), theme.ACCENT,
                          bold=True)
        if rnd is not None:
            draw_text(surface, f"{self.view['facedown_each']} face-down, {self.view['held_each']} held",
                      lines[2], s(13), theme.MUTED)

    # -- entering what the table plays -----------------------------------------------------------------
    def draw_entry(self, surface, area):
        s = self.scale
        panel(surface, area, theme.PANEL, s(8))
        inner = area.inflate(-s(10), -s(10))
        owed = self.owed()
        if owed is None:
            prompt, body = rows(inner, [1, 3], s(6))
            draw_text(surface, "Four rounds played.", prompt, s(17), theme.INK, bold=True)
            self.add_button(surface, Button(body.inflate(-s(20), -s(30)), "See the results", "results", key="\r",
                                            colour=theme.GOOD), s(20))
            return
        who = self.view["players"][owed["seat"]] if "seat" in owed else "The table"
        prompt, body = rows(inner, [1, 5], s(6))
        if self.chance_move() is not None:
            draw_text(surface, "Dealing…", prompt, s(16), theme.MUTED)
            return
        move = self.computer_move()
        if move is not None:  # the seat it plays, which may not be the one named (bids come in any order)
            draw_text(surface, f"{self.view['players'][move['seat']]}: the computer is choosing…", prompt, s(16),
                      theme.MUTED)
            return
        label = f"{who}'s {WHAT[owed['act']]}" if "seat" in owed else "Turn up the Vision Card"
        if owed["act"] == "bid":
            label += " (tap a seat for another)"
        draw_text(surface, label, prompt, s(16), theme.GOLD, bold=True)
        if owed["act"] == "predict":
            self.draw_claims(surface, body)
        elif self.held_here(owed) is not None:
            self.draw_hand(surface, body, owed)
        else:
            self.draw_card_entry(surface, body, owed)

    def held_here(self, owed) -> list[str] | None:
        """The owed seat's hand as its owner sees it, when the companion dealt it (else None)."""
        seat = owed.get("seat")
        if seat is None:
            return None
        hands = self.seat_view(seat)["hands"]
        return hands[seat] if seat < len(hands) and isinstance(hands[seat], list) else None

    def draw_claims(self, surface, area):
        s = self.scale
        open_claims = {a["claim"] for a in self.legal("predict")}
        top, bottom = rows(area, [1, 1], s(8))
        for cell, suit in zip(columns(top, [1] * 5, s(6)), SUITS):
            ok = suit in open_claims
            self.add_button(surface, Button(cell, suit, ("claim", suit), ok, key=_key_for(suit),
                                            draw_face=_symbol_face(suit, ok)))
        for cell, rank in zip(columns(bottom, [1] * 5, s(6)), RANKS):
            self.add_button(surface, Button(cell, str(rank), ("claim", rank), rank in open_claims,
                                            key=str(rank)), s(26))

    def draw_card_entry(self, surface, area, owed):
        s = self.scale
        legal = {a["card"] for a in self.legal(owed["act"], seat=owed.get("seat"))}
        top, bottom, hint = rows(area, [2, 2, 1], s(6))
        for cell, suit in zip(columns(top, [1] * 5, s(6)), SUITS):
            ok = any(f"{r} {suit}" in legal for r in RANKS if self.rank in (None, r))
            self.add_button(surface, Button(cell, suit, ("suit", suit), ok, selected=self.suit == suit,
                                            key=_key_for(suit), draw_face=_symbol_face(suit, ok)))
        for cell, rank in zip(columns(bottom, [1] * 5, s(6)), RANKS):
            ok = any(f"{rank} {u}" in legal for u in SUITS if self.suit in (None, u))
            self.add_button(surface, Button(cell, str(rank), ("rank", rank), ok, selected=self.rank == rank,
                                            key=str(rank)), s(26))
        draw_text(surface, "Tap the suit and the rank, in either order.", hint, s(12), theme.MUTED, "centre")

    def draw_hand(self, surface, area, owed):
        """The owed seat's held cards face up and its face-down row as backs.  A back stands
        for a face-down card nobody may look at: the rules' legal actions say which are
        playable, and tapping the n-th back plays the n-th of them."""
        s = self.scale
        seat = owed["seat"]
        hand = self.held_here(owed) or []
        backs = self.seat_view(seat)["facedown"][seat]
        legal = [a["card"] for a in self.legal(owed["act"], seat=seat)]
        down = [card for card in legal if card not in hand]
        held, row = rows(area, [1, 1], s(6))
        slots = max(len(hand), backs, 4)
        for cell, card in zip(columns(held, [1] * slots, s(6)), hand):
            enabled = card in legal
            self.add_button(surface, Button(cell, card, ("card", card), enabled, draw_face=_card_face(card, enabled)))
        if not hand:
            draw_text(surface, "Every held card is played: play a face-down card.", held, s(13), theme.MUTED, "centre")
        for k, cell in zip(range(backs), columns(row, [1] * slots, s(6))):
            card = down[k] if k < len(down) else None
            self.add_button(surface, Button(cell, "face-down", ("card", card), card is not None,
                                            draw_face=_back_face(card is not None)))

    # -- input -----------------------------------------------------------------------------------------
    def on_button(self, action):
        kind, value = action if isinstance(action, tuple) else (action, None)
        if kind == "results":
            from companion.ui.summary import SummaryScreen

            self.app.show(SummaryScreen(self.app))
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
        if self.app.play(action):
            self.bidder = None


def _face(card: str) -> tuple[int, str]:
    """A card's name as the rank and suit a Zener card is drawn with."""
    c = parse_card(card)
    return rank_of(c), suit_of(c)


def _key_for(suit: str) -> str:
    return next(k for k, v in SUIT_LETTERS.items() if v == suit)


def _symbol_face(suit: str, enabled: bool):
    def face(surface, rect):
        colour = theme.SUIT_COLOURS[suit] if enabled else theme.FAINT
        draw_symbol(surface, suit, rect, colour)
    return face


def _card_face(card: str, enabled: bool):
    def face(surface, rect):
        shape = pygame.Rect(0, 0, min(rect.width, int(rect.height * 0.7)), rect.height)
        shape.center = rect.center
        draw_card(surface, shape, *_face(card), dim=not enabled)
    return face


def _back_face(enabled: bool):
    def face(surface, rect):
        shape = pygame.Rect(0, 0, min(rect.width, int(rect.height * 0.7)), rect.height)
        shape.center = rect.center
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

    def refused(app):
        ex.load(app, table_setup, table_actions[: first_play + 1])
        app.play({"act": "play", "seat": 1, "card": table_actions[first_play]["card"]})

    yield "esp-refusal", refused

    def menu(app):
        ex.load(app, table_setup, table_actions[:5])
        app.show(shell.MenuScreen(app, app.screen))

    yield "menu", menu
    yield "esp-over", ex.at(table_setup, table_actions, len(table_actions))
    yield "summary", ex.results(table_setup, table_actions)
