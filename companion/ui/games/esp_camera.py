"""The camera's part of ESP's screen: cards the camera saw land are entered by themselves when
the rules and the readings make them sure, else the table is asked in one line — "Bo played
3 star?" — one tap (or a yes from the buttons or a knock) to confirm, one tap on another
likely card to correct, or "No" to tap it in as before.  Undo works as for a tapped card.

With the desktop's virtual camera, a card tapped on the screen is not entered: it is laid
on the virtual table (the Vision Card turned up, a card into the trick, a bid shown), and
the camera reads it from there, as it would read a real card — the desktop mode plays the
whole loop.  What the question offers comes from ``companion.games.esp.seen`` (the rules
narrowing the camera's guesses)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from companion.games.esp.seen import Proposal, propose
from companion.ui import theme
from companion.ui.games import esp_draw as pictures
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, rows, wrap

QUESTION = "seen"  # the draft's key: a question belongs to the moment it was asked in


class SeenCards:
    """Cards from the camera for one ESP screen."""

    def __init__(self, screen) -> None:
        self.screen = screen
        # cards that landed while the table was asked about another, or while the companion
        # played a computer seat: taken in turn once that is settled, never entered past it
        self.held: list = []

    @property
    def app(self):
        return self.screen.app

    @property
    def virtual(self) -> bool:
        """The desktop's virtual camera: taps lay cards on its table."""
        camera = self.app.camera
        return camera is not None and camera.ready and str(camera.spec.source or "").startswith("virtual")

    # -- what the camera says --------------------------------------------------------------------
    def on_camera(self, seen) -> bool:
        if getattr(seen, "card", None) is None or not hasattr(seen, "candidates"):
            return False  # a card gone from the table: nothing to enter
        screen = self.screen
        if self.question() is not None or screen.computer_move() is not None or screen.chance_move() is not None:
            self.held = (self.held + [seen])[-8:]  # after the question (or the computer's move)
            return False
        proposal = propose(screen.view, screen.all_legal(), seen.candidates, seen.confidence)
        if proposal is None:
            return False
        if proposal.sure and getattr(seen, "again", False):  # this place read as another card before
            proposal = replace(proposal, sure=False, why="the camera read this card as another one before")
        if proposal.sure:
            self.enter(proposal.actions[0], seen=True)
        elif proposal.actions:
            screen.draft[QUESTION] = proposal
        else:
            self.app.note(f"The camera sees {proposal.card}: nothing owed now takes it — {proposal.why}.")
        return True

    def question(self) -> Proposal | None:
        return self.screen.draft.get(QUESTION)

    def take_held(self) -> bool:
        """The cards held back, now that nothing is asked and no computer seat is playing."""
        screen = self.screen
        if not self.held or self.question() is not None or screen.computer_move() is not None \
                or screen.chance_move() is not None:
            return False
        held, self.held = self.held, []
        changed = False
        for seen in held:
            changed = self.on_camera(seen) or changed
        return changed

    def enter(self, action: dict, seen: bool = False) -> bool:
        if not self.app.play(action):
            return False
        if seen:
            self.app.note(f"Seen: {self.words(action)}. Undo if it is wrong.")
        return True

    def words(self, action: dict) -> str:
        names = self.screen.view["players"]
        if action["act"] == "vision":
            return f"the Vision Card is {action['card']}"
        if action["act"] == "bid":
            return f"{names[action['seat']]}'s bid is {action['card']}"
        return f"{names[action['seat']]} played {action['card']}"

    # -- asking the table --------------------------------------------------------------------------
    def prompt(self) -> str | None:
        """The question, as the screen's prompt line, while one is asked."""
        asked = self.question()
        if asked is None:
            return None
        if len(asked.actions) > 1:
            return f"Whose bid is {asked.card}?"
        return self.words(asked.actions[0])[0].upper() + self.words(asked.actions[0])[1:] + "?"

    def draw(self, surface, area) -> None:
        """Yes (the card), the other likely cards, and No; for a bid of unknown owner, the seats."""
        asked = self.question()
        s = self.screen.scale
        gap = s(theme.TARGET_GAP)
        names = self.screen.view["players"]
        why = f"Asked because {asked.why}."
        lines = len(wrap(why, s(theme.BODY), area.width))
        words = lines * int(s(theme.BODY) * 1.25) + s(4)
        top, bottom = rows(pygame.Rect(area.left, area.top, area.width, area.height - words - gap), [5, 3], gap)
        middle = pygame.Rect(area.left, top.bottom + gap // 2, area.width, words)
        bottom.top += words + gap // 2
        if len(asked.actions) > 1:
            for cell, action in zip(columns(top, [1] * len(asked.actions), gap), asked.actions):
                self.screen.add_button(surface, Button(cell, names[action["seat"]], ("seen-yes", action["seat"]),
                                                       colour=theme.GOOD), s(theme.LABEL))
        else:
            self.screen.add_button(surface, Button(top, f"Yes: {asked.card}", ("seen-yes", None), key="y",
                                                   colour=theme.GOOD, draw_face=_yes_face(asked.card, s)))
        draw_paragraph(surface, why, middle, s(theme.BODY), theme.MUTED)
        choices = [(card, ("seen-card", card)) for card in asked.alternatives] + [("No", ("seen-no", None))]
        for cell, (label, action) in zip(columns(bottom, [1] * len(choices), gap), choices):
            face = None if action[0] == "seen-no" else _card_face(label, s)
            self.screen.add_button(surface, Button(cell, label, action, key="n" if action[0] == "seen-no" else "",
                                                   draw_face=face), s(theme.LABEL))

    def on_button(self, kind: str, value) -> bool:
        asked = self.question()
        if asked is None or not kind.startswith("seen-"):
            return False
        if kind == "seen-yes":
            action = asked.actions[0] if value is None else next(a for a in asked.actions if a["seat"] == value)
            self.enter(action)
        elif kind == "seen-card":
            action = dict(asked.actions[0], card=value)
            self.screen.draft.pop(QUESTION, None)
            if len(asked.actions) == 1:
                self.enter(action)
        else:
            self.screen.draft.pop(QUESTION, None)
        return True

    def on_answer(self, name: str) -> bool:
        """Yes from a button or a knock confirms the card asked about; no lets the table tap it."""
        asked = self.question()
        if asked is None or len(asked.actions) != 1:
            return False
        return self.on_button("seen-yes" if name == "yes" else "seen-no", None)

    # -- what the camera sees on the table ---------------------------------------------------------
    def status(self) -> str | None:
        """The face-down cards the camera counts against those the rules expect ("5 of 6
        face-down"), while a camera reads; None without one."""
        camera = self.app.camera
        if camera is None:
            return None
        if not camera.ready:
            return "camera off"
        view = self.screen.view
        expected = sum(view["facedown"]) if view.get("rounds") else 0
        seen = camera.table.backs
        return f"{seen} of {expected} face-down" if expected else f"{seen} face-down"

    def draw_status(self, surface, rect) -> None:
        """A camera and the count beside it, in the prompt's row."""
        s = self.screen.scale
        words = self.status()
        body = pygame.Rect(rect.left, 0, s(26), s(18))
        body.centery = rect.centery
        ink = theme.MUTED
        pygame.draw.rect(surface, ink, body, width=max(1, s(2)), border_radius=s(4))
        pygame.draw.circle(surface, ink, body.center, s(5), max(1, s(2)))
        pygame.draw.rect(surface, ink, pygame.Rect(body.left + s(4), body.top - s(4), s(8), s(4)))
        draw_text(surface, words, pygame.Rect(body.right + s(6), rect.top, rect.right - body.right - s(6),
                                              rect.height), s(theme.LABEL), ink)

    # -- the desktop's virtual table ---------------------------------------------------------------
    def lay(self, action: dict) -> bool:
        """With the virtual camera: lay the tapped card on its table instead of entering it
        (True); the camera then reads and enters it."""
        if not self.virtual:
            return False
        lay_played(self.app.camera, self.screen.view, action)
        self.app.note(f"On the virtual table: {action['card']}. The camera reads it…")
        return True


def _yes_face(card: str, s):
    """The card asked about as a picture, with Yes beside it: the table checks the card, not words."""
    def face(surface, rect):
        picture = pictures.fit_card(pygame.Rect(rect.left, rect.top, rect.width // 3, rect.height))
        pictures.draw_card(surface, picture, card, s)
        words = pygame.Rect(picture.right + s(8), rect.top, rect.right - picture.right - s(8), rect.height)
        draw_text(surface, "Yes", words, s(theme.HUGE), theme.ink_on(theme.GOOD), align="centre", bold=True)
    return face


def _card_face(card: str, s):
    """Another likely card, as a picture (and its name, where there is room)."""
    def face(surface, rect):
        picture = pictures.fit_card(rect.inflate(0, s(4)))
        words = pygame.Rect(rect.left + picture.width + s(6), rect.top, rect.width - picture.width - s(6), rect.height)
        if words.width >= s(60):
            picture.left = rect.left
            draw_text(surface, card, words, s(theme.LABEL), theme.ink_on(theme.PANEL_LIGHT), bold=True)
        pictures.draw_card(surface, picture, card, s)
    return face


def lay_played(camera, view: dict, action: dict) -> None:
    """Put ``action``'s card on the virtual camera's table (``camera.lay``), as a hand would.
    A Vision Card starts a round: last round's cards are gathered first, so that one drawn
    again (the deck is shuffled each round) lands in a new place — laid as the table's first
    card, it would have stayed where the last round's lay, and no camera sees a card that
    does not move."""
    if action["act"] == "vision":
        camera.lay([])
    camera.lay(table(view, action))


def table(view: dict, action: dict | None = None) -> list[str]:
    """The virtual table for the view, with ``action``'s card laid: the Vision Card (face
    down until it is turned up), the trick in play — or the bids once the last trick is
    gathered.  A finished trick stays until the next card is led."""
    rounds = view.get("rounds") or []
    shown = rounds[-1] if rounds else {}
    vision = shown.get("vision") or "back"
    if action is not None and action["act"] == "vision":
        return [action["card"]]
    cards = [vision]
    trick = view.get("trick")
    bids = [b for b in shown.get("bids", []) if b]
    if action is not None and action["act"] == "bid" or bids:
        cards += bids
    elif trick is not None and not (action is not None and trick["winner"] is not None):
        cards += list(trick["cards"])
    if action is not None and action["act"] in ("play", "bid"):
        cards.append(action["card"])
    return cards
