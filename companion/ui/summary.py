"""The end of a game: a figure per player per round as a chart, headlines, each player's
label, and the log saved for keeps — all from the game's view (``view["results"]``,
``companion/engine/results.py``), so this screen serves every game and names none."""

from __future__ import annotations

import pygame

from companion.ui import theme
from companion.ui.screen import Screen
from companion.ui.widgets import Button, columns, draw_text, panel, rows


class SummaryScreen(Screen):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.title = f"{app.match.game.title} — results"

    @property
    def results(self) -> dict:
        match = self.app.match
        return match.game.view(match.state, None)["results"]

    def colour(self, index: int):
        """The colour of the ``index``-th name of the results: its table seat's."""
        return theme.player_colour(self.app.match.meta, self.results["seats"][index])

    def draw_body(self, surface, area):
        s = self.scale
        results = self.results
        players = results["names"]
        by_round = results["rounds"]
        labels = results["labels"]
        chart, side = columns(area.inflate(-s(16), -s(12)), [3, 2], s(12))
        self.draw_chart(surface, chart, players, by_round, results["title"])
        lines = rows(side, [1] * len(players) + [0.8, 0.8], s(6))
        for seat, (row, headline) in enumerate(zip(lines, results["headlines"])):
            panel(surface, row, theme.PANEL, s(8))
            top, bottom = rows(row.inflate(-s(10), -s(4)), [1, 1], 0)
            draw_text(surface, headline, top, s(15), self.colour(seat), bold=True)
            if seat < len(labels):
                draw_text(surface, labels[seat], bottom, s(12), theme.INK)
        self.add_button(surface, Button(lines[-2], "Save the game's log", "export"), s(16))
        self.add_button(surface, Button(lines[-1], "New game", "home", colour=theme.GOOD), s(16))

    def draw_chart(self, surface, area, players, by_round, title):
        s = self.scale
        panel(surface, area, theme.PANEL, s(8))
        inner = area.inflate(-s(20), -s(20))
        heading, plot, legend = rows(inner, [1, 6, 1], s(4))
        draw_text(surface, title, heading, s(15), theme.INK, bold=True)
        if not by_round:
            return
        top = max(1, max(max(r) for r in by_round))
        groups = columns(plot, [1] * len(by_round), s(12))
        for number, (group, points) in enumerate(zip(groups, by_round), start=1):
            bars = columns(group.inflate(0, -s(18)).move(0, -s(9)), [1] * len(players), s(3))
            for seat, (bar, value) in enumerate(zip(bars, points)):
                height = round(bar.height * value / top)
                pygame.draw.rect(surface, self.colour(seat),
                                 pygame.Rect(bar.left, bar.bottom - height, bar.width, height), border_radius=s(3))
                draw_text(surface, str(value), pygame.Rect(bar.left, bar.bottom - height - s(14), bar.width, s(13)),
                          s(11), theme.INK, "centre")
            draw_text(surface, f"{self.results.get('round_word', 'Round')} {number}", pygame.Rect(group.left, group.bottom - s(16), group.width, s(16)),
                      s(12), theme.MUTED, "centre")
        for seat, cell in enumerate(columns(legend, [1] * len(players), s(6))):
            draw_text(surface, players[seat], cell, s(12), self.colour(seat), "centre", bold=True)

    def on_button(self, action):
        if action == "export":
            self.app.export()
        else:
            from companion.ui.shell import HomeScreen

            self.app.match = None
            self.app.show(HomeScreen(self.app))
