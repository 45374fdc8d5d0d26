"""The Mysterium board on the screen: the clock (or, in the final, the voting order), the
face-up card rows with the pawns on their cards (or the final's cases), the clairvoyancy track
and a chip for each psychic — the chips and, while the sand runs, the cards of the row asked
for are the buttons.

A mixin of :class:`companion.ui.games.mysterium.MysteriumScreen`, drawn from the view alone."""

from __future__ import annotations

import pygame

from companion.games.mysterium import bot
from companion.ui import theme
from companion.ui.games import mysterium_board as board
from companion.ui.widgets import Button, columns, draw_text, panel, rows


class BoardParts:
    # -- the board: clock, cards, track, psychics ---------------------------------------------------
    def draw_board(self, surface, area, chips) -> None:
        """The clock, the cards (the cases in the final) and the track in ``area``; the
        psychics' chips in ``chips``."""
        s = self.scale
        view = self.view
        main = view["variant"] == "main"
        final = view["final"] is not None
        track = pygame.Rect(area.left, area.bottom - s(44), area.width, s(44)) if main else None
        top = pygame.Rect(area.left, area.top, area.width, s(30))
        cards_bottom = track.top - s(8) if track else area.bottom
        cards = pygame.Rect(area.left, top.bottom + s(8), area.width, cards_bottom - top.bottom - s(8))
        if final and view["voting_order"]:
            self.draw_voting_order(surface, top)
        else:
            board.draw_clock(surface, top, view["clock"], s)
        if final:
            self.draw_cases(surface, cards)
        else:
            for category, row in zip(board.CATEGORIES, rows(cards, [1, 1, 1], s(8))):
                self.draw_card_row(surface, row, category)
        if track is not None:
            levels = [entry["level"] for entry in view["standing"]]
            board.draw_track(surface, track, levels, [self.psychic_colour(p) for p in range(len(levels))],
                             view["bands"], s)
        self.draw_chips(surface, chips)

    # the face-up cards, pawns on them ------------------------------------------------------------
    def draw_card_row(self, surface, area, category) -> None:
        s = self.scale
        view = self.view
        n = len(view["psychics"])
        sand = view["phase"] == "sand"
        p = self.selected if sand else None
        seeking = p is not None and view["standing"][p]["stage"] == category and not self.by_computer(p)
        if seeking:  # the row the pawn goes on: lit, its picture gold
            panel(surface, area.inflate(s(4), s(4)), theme.PANEL_LIGHT, s(8))
        icon = pygame.Rect(area.left, area.top, s(28), area.height)
        board.draw_category(surface, icon.inflate(0, -s(16)), category, theme.GOLD if seeking else theme.MUTED)
        cells = board.card_cells(pygame.Rect(icon.right + s(6), area.top, area.right - icon.right - s(6),
                                             area.height), len(view["faceup"][category]), s)
        guesses = {a["card"] for a in self.legal("guess", psychic=p)} if seeking else set()
        marked = set(bot.pointed(view, p)) if sand and p is not None and self.ghost_is_computer() else set()
        asked = view["next"] or {}
        if view["phase"] == "answers" and asked.get("act") == "answer":
            q = asked["psychic"]
            if view["standing"][q]["stage"] == category:
                marked = {view["pawns"][q]}
        possible = view["possible"][p].get(category) if p is not None else None
        for cell, card in zip(cells, view["faceup"][category]):
            pawns = [self.psychic_colour(q) for q in range(n)
                     if view["pawns"][q] == card and view["standing"][q]["stage"] == category]
            found = [self.psychic_colour(q) for q in range(n) if view["standing"][q]["found"][category] == card]
            dim = seeking and possible is not None and card not in possible

            def face(surface, _inner, cell=cell, card=card, pawns=pawns, found=found, dim=dim):
                board.draw_card(surface, cell.inflate(-s(6), -s(6)), card, s, pawns, found, card in marked, dim)

            if card in guesses:
                self.add_button(surface, Button(cell, str(card), ("guess", card),
                                                selected=view["pawns"][p] == card, draw_face=face))
            else:
                face(surface, None)

    # the psychics: name, what they seek, tokens, visions held -----------------------------------
    def draw_chips(self, surface, area) -> None:
        s = self.scale
        view = self.view
        n = len(view["psychics"])
        phase = view["phase"]
        waiting = (view["waiting"] or {}).get("psychics", [])
        for p, cell in enumerate(columns(area, [1] * n, s(theme.TARGET_GAP))):
            action = why = None
            if phase == "visions" and not self.ghost_is_computer():
                action, chosen = ("vision_for", p), p == self.vision_for
                enabled = p in waiting
                why = (f"{self.name(p)} has finished" if view["standing"][p]["stage"] == "finished"
                       else f"{self.name(p)} has this hour's vision already")
            elif phase == "sand":
                action, chosen = ("select", p), p == self.selected
                enabled = self.can_enter(p)
                why = f"{self.name(p)} has finished: nothing to place"
            current = chosen if action else (phase == "answers" and (view["next"] or {}).get("psychic") == p)

            def face(surface, _inner, p=p, cell=cell, current=current):
                self.draw_chip(surface, cell.inflate(-s(4), -s(4)), p, current)

            if action is not None:
                self.add_button(surface, Button(cell, self.name(p), action, enabled, chosen, draw_face=face,
                                                why=why))
            else:
                face(surface, None)

    def draw_chip(self, surface, rect, p: int, current: bool) -> None:
        s = self.scale
        view = self.view
        standing = view["standing"][p]
        colour = self.psychic_colour(p)
        panel(surface, rect, theme.PANEL_LIGHT if current else theme.PANEL, s(6))
        pygame.draw.rect(surface, colour, (rect.left, rect.top, s(6), rect.height), border_radius=s(3))
        body = pygame.Rect(rect.left + s(10), rect.top + s(2), rect.width - s(14), rect.height - s(4))
        line1, line2 = rows(body, [1, 1], 0)
        x, r = line2.left + s(7), s(7)
        computer = s(20) if self.by_computer(p) else 0
        wide = theme.font(s(theme.LABEL), True).size(self.name(p))[0] + s(22) + computer <= line1.width
        if wide:  # what they seek after the name; on a narrow chip, first on the second line
            icon = pygame.Rect(line1.right - s(18), line1.top, s(18), line1.height)
        else:
            icon = pygame.Rect(line2.left, line2.top, s(18), line2.height)
            x += s(22)
        stage = standing["stage"]
        board.draw_category(surface, icon, stage, theme.GOLD if stage == "finished" else theme.INK)
        name_room = pygame.Rect(line1.left, line1.top, (icon.left - line1.left - s(4)) if wide else line1.width,
                                line1.height)
        if computer:
            board.draw_computer(surface, pygame.Rect(name_room.right - s(16), line1.top + s(4), s(16), s(14)),
                                theme.MUTED)
            name_room.width -= computer
        draw_text(surface, self.name(p), name_room, s(theme.LABEL), theme.INK, bold=True)
        room = line2.right
        items = []
        tokens = standing["tokens"]
        if tokens is not None:
            items += [("token", "check", tokens["hand"]["check"]), ("token", "cross", tokens["hand"]["cross"])]
            items += [("placed", t["token"], view["psychics"].index(t["target"])) for t in tokens["placed"]]
        if standing["visions_kept"]:
            items.append(("visions", None, standing["visions_kept"]))
        for kind, token, count in items:
            if kind == "token":
                if x + s(26) > room:
                    break
                board.draw_token(surface, (x, line2.centery), r, token)
                draw_text(surface, str(count), pygame.Rect(x + r + s(1), line2.top, s(12), line2.height),
                          s(theme.FLOOR), theme.INK)
                x += s(30)
            elif kind == "placed":
                if x + s(26) > room:
                    break
                board.draw_token(surface, (x, line2.centery), r, token)
                board.draw_pawn(surface, (x + s(12), line2.centery + s(4)), s(5), self.psychic_colour(count))
                x += s(28)
            else:
                if x + s(28) > room:
                    break
                card = pygame.Rect(x - r, line2.centery - s(8), s(11), s(16))
                pygame.draw.rect(surface, theme.CARD_BACK, card, border_radius=s(2))
                pygame.draw.rect(surface, theme.INK, card, 1, border_radius=s(2))
                draw_text(surface, str(count), pygame.Rect(card.right + s(2), line2.top, s(16), line2.height),
                          s(theme.FLOOR), theme.INK)
