"""A Clairvoyance player's panel, a tap on their row away: health big, character and
ability (ready or spent), hand (and the cards the table saw go there), team, Charm and
Guaranteed Delivery, and each possessed item as a card — number, name, activation faces,
damage, use and what it does, whole.

Drawn from the game screen's view alone; Back (or the previous / next player) returns."""

from __future__ import annotations

import pygame

from companion.ui import theme
from companion.ui.games.clairvoyance_draw import draw_health_bar, health_colour
from companion.ui.screen import SubScreen
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, panel, rows


class PlayerPanel(SubScreen):
    def __init__(self, app, back, seat: int) -> None:
        super().__init__(app, back)
        self.seat = seat

    @property
    def view(self) -> dict:
        return self.back.view

    def tick(self, now: float) -> bool:
        """The table goes on behind the panel: computer players' moves, the damage flash."""
        return self.back.tick(now)

    def animating(self) -> bool:
        return self.back.animating()

    def pentagram_scene(self):
        return self.back.pentagram_scene()

    def facts(self) -> list[str]:
        info = self.view["seats"][self.seat]
        facts = [f"{info['character']}: {info['ability']} {'spent' if info['ability_spent'] else 'ready'}",
                 f"Hand: {info['hand']} card{'s' if info['hand'] != 1 else ''}"
                 + (" — holds " + ", ".join(info["hand_known"]) if info["hand_known"] else "")]
        team = info["team"]
        if team is not None:
            facts.append(f"Team {'AB'[team] if team < 2 else team + 1}")
        if info["charmed"]:
            facts.append("Charmed")
        if info["guaranteed_delivery"]:
            facts.append("Guaranteed Delivery on their next throw")
        return facts

    def draw_body(self, surface, area):
        s = self.scale
        view = self.view
        info = view["seats"][self.seat]
        self.title = f"{info['name']} — {info['character']}" + (" (out)" if info["out"] else "")
        gap = s(theme.TARGET_GAP)
        inner = area.inflate(-s(24), -s(16))
        foot = pygame.Rect(inner.left, inner.bottom - s(56), inner.width, s(56))
        body = pygame.Rect(inner.left, inner.top, inner.width, foot.top - gap - inner.top)
        head, cards = rows(body, [1, 1.6], s(12))
        self.draw_head(surface, head, info)
        self.draw_cards(surface, cards, info)
        count = len(view["seats"])
        back, previous, following = columns(foot, [2, 1, 1], gap)
        self.add_button(surface, Button(back, "Back to the table", ("back",)))
        self.add_button(surface, Button(previous, f"◂ {view['players'][(self.seat - 1) % count]}",
                                        ("seat", (self.seat - 1) % count)))
        self.add_button(surface, Button(following, f"{view['players'][(self.seat + 1) % count]} ▸",
                                        ("seat", (self.seat + 1) % count)))

    def draw_head(self, surface, area, info):
        s = self.scale
        top = self.view["health_top"]
        colour = self.back.colour(self.seat)
        pygame.draw.rect(surface, colour, pygame.Rect(area.left, area.top, s(10), area.height), border_radius=s(4))
        room = pygame.Rect(area.left + s(22), area.top, area.width - s(22), area.height)
        health, facts = columns(room, [1, 1.6], s(16))
        line, bar = rows(health.inflate(0, -s(8)), [1.2, 1], s(6))
        words = "out of the game" if info["out"] else f"♥ {info['health']} of {top}"
        draw_text(surface, words, line, s(theme.TABLE), theme.BAD if info["out"] else health_colour(info["health"], top),
                  bold=True)
        draw_health_bar(surface, pygame.Rect(bar.left, bar.top, bar.width, min(bar.height, s(22))),
                        max(0, info["health"]), top)
        y = facts.top
        for fact in self.facts():
            y += draw_paragraph(surface, fact, pygame.Rect(facts.left, y, facts.width, facts.bottom - y),
                                s(theme.BODY), theme.INK) + s(4)

    def draw_cards(self, surface, area, info):
        s = self.scale
        items = info["possessions"]
        if not items:
            draw_text(surface, f"{info['name']} possesses no items.", area, s(theme.HEADING), theme.MUTED, "centre")
            return
        for cell, item in zip(columns(area, [1, 1, 1], s(12)), items):
            found = self.view["items"][item["id"]]
            panel(surface, cell, theme.CARD, s(8))
            room = cell.inflate(-s(16), -s(12))
            y = room.top
            y += draw_paragraph(surface, f"#{item['id']} {found['card']}", pygame.Rect(room.left, y, room.width,
                                room.height), s(theme.HEADING), theme.DARK_INK, bold=True) + s(4)
            for text in (found["figures"], found["does"] or "No effect"):
                y += draw_paragraph(surface, text, pygame.Rect(room.left, y, room.width, room.bottom - y),
                                    s(theme.FLOOR), theme.DARK_INK) + s(4)

    def on_button(self, action):
        if action[0] == "back":
            self.go_back()
        elif action[0] == "seat":
            self.seat = action[1]
