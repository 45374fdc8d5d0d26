"""Teaching the camera the group's deck, on the screen: each of the 26 cards asked for in
turn with its picture ("Show 3 star", 4 of 26), the camera's own words as it finds the card
and keeps its photo ("got it: take the card away"), and at the end how many were taught.

The flow runs in the camera's process (``companion.vision.teach`` on the frames it already
grabs); this screen only shows its progress.  The photos go into the deck folder the
settings name (``deck`` beside the settings by default), which the camera reads with from
then on.  With the desktop's virtual camera, the screen lays each asked card on the virtual
table itself, as a player's hand would."""

from __future__ import annotations

import pygame

from companion.settings import deck_folder
from companion.ui import theme
from companion.ui.screen import Screen, SubScreen
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, panel, rows
from companion.ui.zener import draw_back, draw_card, fit_card
from companion.vision.teach import CARDS

SHOW = "show "
TAKE_AWAY = "got it"


class TeachScreen(SubScreen):
    title = "Teach the camera your deck"

    def __init__(self, app, back: Screen) -> None:
        super().__init__(app, back)
        self.teaching = None
        self.heard = 0  # of the camera's sentences, those acted on (the virtual table)
        self.cleared = False  # the virtual table cleared once the teaching is done

    @property
    def camera(self):
        return self.app.camera

    @property
    def possible(self) -> bool:
        return self.camera is not None and self.camera.ready

    @property
    def virtual(self) -> bool:
        return self.camera is not None and str(self.camera.spec.source or "").startswith("virtual")

    def start(self) -> None:
        folder = deck_folder(self.app.settings, self.app.settings_path)
        self.teaching = self.camera.teach(str(folder), list(CARDS))
        self.heard, self.cleared = 0, False

    def asked(self) -> str | None:
        """The card the camera asks for now (None before the first, and once done)."""
        if self.teaching is None or self.teaching.done:
            return None
        for said in reversed(self.teaching.said):
            if said.startswith(SHOW):
                return said[len(SHOW):].split(" (")[0]
        return None

    def count(self) -> str:
        """"13 of 26": where the flow is, as the camera said it."""
        for said in reversed(self.teaching.said):
            if said.startswith(SHOW) and "(" in said:
                return said.split("(", 1)[1].split(")")[0]
        return ""

    def tick(self, now: float) -> bool:
        if self.teaching is None:
            return False
        said = self.teaching.said
        changed = self.heard < len(said)
        if self.virtual:  # the desktop player's hand: the asked card down, then away
            for sentence in said[self.heard:]:
                if sentence.startswith(SHOW):
                    self.camera.lay([sentence[len(SHOW):].split(" (")[0]])
                elif sentence.startswith(TAKE_AWAY):
                    self.camera.lay([])
            if self.teaching.done and not self.cleared:
                self.camera.lay([])  # the last card photographed is taken away too
                self.cleared = True
        self.heard = len(said)
        return changed or self.teaching.done

    def animating(self) -> bool:
        return self.teaching is not None and not self.teaching.done

    def draw_body(self, surface, area):
        """The card asked for as a picture and in words, the count, the camera's last word."""
        s = self.scale
        box = area.inflate(-s(32), -s(24))
        panel(surface, box, radius=s(12))
        inner = box.inflate(-s(24), -s(20))
        body, buttons = rows(inner, [4, 1.1], s(10))
        if not self.possible:
            draw_text(surface, "No camera is reading", body.copy().inflate(0, -body.height + s(40)), s(theme.HEADING),
                      theme.INK, bold=True)
            draw_paragraph(surface, "Tick Camera under Fitted in the settings, start the companion again, and "
                           "aim the camera at the play area (docs/camera.md).", body.move(0, s(48)),
                           s(theme.BODY), theme.MUTED)
            self.add_button(surface, Button(buttons, "Back", "back", key="\r"), s(theme.HEADING))
            return
        teaching = self.teaching
        if teaching is None:
            draw_paragraph(surface, "The camera photographs each of your 26 cards once: lay each card it asks "
                           "for alone in the play area, face up (the back face down), and take it away when "
                           "it says so.", body, s(theme.TABLE), theme.INK)
            start, back = columns(buttons, [2, 1], s(theme.TARGET_GAP))
            self.add_button(surface, Button(start, "Start", "start", key="\r", colour=theme.GOOD), s(theme.HEADING))
            self.add_button(surface, Button(back, "Back", "back"), s(theme.HEADING))
            return
        if teaching.done:
            self.draw_done(surface, body, teaching)
            self.add_button(surface, Button(buttons, "Done", "back", key="\r", colour=theme.GOOD), s(theme.HEADING))
            return
        card = self.asked()
        picture_area, words = columns(body, [1, 2], s(16))
        if card is not None:
            picture = fit_card(picture_area)
            draw_back(surface, picture) if card == "back" else draw_card(surface, picture, card, s)
            title = "Show the back, face down" if card == "back" else f"Show {card}"
            draw_text(surface, title, pygame.Rect(words.left, words.top, words.width, s(40)), s(theme.TABLE),
                      theme.GOLD, bold=True)
            draw_text(surface, self.count(), pygame.Rect(words.left, words.top + s(44), words.width, s(30)),
                      s(theme.HEADING), theme.MUTED)
        last = teaching.said[-1] if teaching.said else "The camera is getting ready…"
        if last.startswith(SHOW):
            last = "Lay it alone in the play area, " + ("face down." if card == "back" else "face up.")
        draw_paragraph(surface, last[:1].upper() + last[1:], pygame.Rect(words.left, words.top + s(84), words.width,
                                                                        words.height - s(84)),
                       s(theme.BODY), theme.INK)
        self.add_button(surface, Button(buttons, "Cancel", "cancel"), s(theme.HEADING))

    def draw_done(self, surface, body, teaching) -> None:
        s = self.scale
        if teaching.problem == "cancelled":
            head, text = "Teaching cancelled", "The camera reads with the deck it had before."
        elif teaching.missing or teaching.problem:
            head = f"{len(teaching.taught)} of {len(teaching.cards)} cards taught"
            text = (teaching.problem + ". " if teaching.problem else "") + \
                f"Still missing: {', '.join(teaching.missing[:6])}{' …' if len(teaching.missing) > 6 else ''}. " \
                "The camera reads with the deck it had before; teach again to finish."
        else:
            head = f"All {len(teaching.cards)} cards taught"
            text = f"The camera reads your cards with this deck from now on (kept in {teaching.folder})."
        draw_text(surface, head, pygame.Rect(body.left, body.top, body.width, s(44)), s(theme.TABLE), theme.GOLD,
                  bold=True)
        used = draw_paragraph(surface, text, pygame.Rect(body.left, body.top + s(52), body.width,
                                                         body.height - s(52)), s(theme.BODY), theme.INK)
        # a card of each suit: hollow where a card of that suit is still missing
        shown = [c for c in CARDS if c != "back"][::5]
        top = body.top + s(60) + used
        row = pygame.Rect(body.left, top, body.width, body.bottom - top - s(12))
        if row.height >= s(60):
            for cell, card in zip(columns(row, [1] * len(shown), s(theme.TARGET_GAP)), shown):
                suit = card.split()[1]
                missing = any(m.endswith(" " + suit) for m in teaching.missing)
                draw_card(surface, fit_card(cell), card, s, dim=missing)

    def on_button(self, action):
        if action == "back":
            self.go_back()
        elif action == "start":
            self.start()
        elif action == "cancel" and self.camera is not None:
            self.camera.cancel_teaching()


class PicturedCamera:
    """A camera as the example pictures show it (``companion shots``): ready, teaching what
    it is told to have said.  Not a camera: the pictures need none."""

    ready = True
    captured = None

    def __init__(self, said=(), done=False, missing=()) -> None:
        from companion.vision.process import CameraSpec, CameraTable, Teaching

        self.spec = CameraSpec(source="pi")
        self.table = CameraTable()
        self.teaching = Teaching("/home/pi/.local/state/planchette/deck", list(CARDS), list(said), done,
                                 [c for c in CARDS if c not in missing] if done else [], list(missing))

    def teach(self, folder, cards):
        return self.teaching

    def poll(self) -> list:
        return []

    def close(self) -> None:
        pass
