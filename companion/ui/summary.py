"""The end of a game: who won and why, big enough to read across the table; a figure per
player per round as a chart; each player's headline and label; and the log saved for keeps —
all from the game's view (``view["results"]``, ``companion/engine/results.py``) and its
outcome (who won), so this screen serves every game and names none."""

from __future__ import annotations

import pygame

from companion.ui import theme
from companion.ui.screen import Screen
from companion.ui.widgets import Button, columns, draw_text, panel, rows, wrap


def _fits(text: str, size: int, room: int, bold: bool = False) -> bool:
    return theme.font(size, bold).size(text)[0] <= room


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

    # -- who won, in words ---------------------------------------------------------------------------
    def verdict(self) -> tuple[str, str]:
        """(the big line, the reason under it): "Ann wins" and Ann's headline; "Everyone wins
        together"; a one-player test's headline and its label."""
        match = self.app.match
        results = self.results
        outcome = match.game.outcome(match.state)
        names, headlines, labels = results["names"], results["headlines"], results["labels"]
        if outcome is None:
            return "The game was ended", results["title"]
        if outcome.cooperative:
            return ("Everyone wins together" if outcome.winners else "Everyone loses together"), results["title"]
        seats = results["seats"]
        won = [i for i, seat in enumerate(seats) if seat in outcome.winners]
        if won:
            who = " and ".join(names[i] for i in won)
            reason = " · ".join(headlines[i] for i in won if i < len(headlines))
            return f"{who} win{'s' if len(won) == 1 else ''}", reason
        if len(names) == 1:  # a test, not a contest: its headline is the news
            return (headlines[0] if headlines else names[0]), (labels[0] if labels else "")
        return "Nobody wins", results["title"]

    # -- drawing -------------------------------------------------------------------------------------
    def draw_body(self, surface, area):
        s = self.scale
        results = self.results
        inner = area.inflate(-s(16), -s(16))
        top, main = rows(inner, [1, 2.6], s(10))
        top.height = min(top.height, s(104))
        main.top, main.height = top.bottom + s(10), inner.bottom - top.bottom - s(10)
        chart, side = columns(main, [3, 2], s(12))
        if len(results["names"]) == 1:  # a test: the big line says it all, the chart gets the room
            chart, side = columns(main, [3, 1], s(12))
        self.draw_chart(surface, chart, results["names"], results["rounds"], results["title"])
        if len(results["names"]) == 1:
            new, save = rows(side, [1, 1], s(theme.TARGET_GAP))
            new.height = save.height = min(new.height, s(64))
            save.bottom = side.bottom
            new.bottom = save.top - s(theme.TARGET_GAP)
        else:
            players, buttons = rows(side, [1, 1], s(8))
            buttons.height = s(56)
            buttons.bottom = side.bottom
            players.height = buttons.top - s(10) - players.top
            if self.player_lines(players, results) is None:  # a crowded table: the buttons go up by the verdict
                save, new = rows(top, [1, 1], s(theme.TARGET_GAP))
                save.width = new.width = s(190)
                save.right = new.right = top.right
                players = side
            else:
                save, new = columns(buttons, [1, 1], s(theme.TARGET_GAP))
            self.draw_players(surface, players, results)
        verdict = top.copy()
        if save.top < top.bottom:  # the buttons sit at the band's right
            verdict.width = save.left - s(10) - top.left
        self.draw_verdict(surface, verdict)
        self.add_button(surface, Button(save, "Save the log", "export"), s(theme.LABEL))
        self.add_button(surface, Button(new, "New game", "home", key="\r", colour=theme.GOOD), s(theme.LABEL))

    def draw_verdict(self, surface, area):
        s = self.scale
        panel(surface, area, theme.PANEL_LIGHT, s(10))
        big, reason = self.verdict()
        line, why = rows(area.inflate(-s(24), -s(8)), [1.5, 1], 0)
        room = line.width
        size = s(theme.HUGE) if _fits(big, s(theme.HUGE), room, True) else s(theme.TABLE)
        draw_text(surface, big, line, size, theme.GOLD, "centre", bold=True)
        if reason:
            draw_text(surface, reason, why, s(theme.TABLE) if _fits(reason, s(theme.TABLE), room) else s(theme.BODY),
                      theme.INK, "centre")

    PAD, GAP = 6, 6  # units: inside a player's row, between rows

    def player_lines(self, area, results) -> list[tuple[list[str], list[str]]] | None:
        """Each player's (headline lines, label lines) that fit ``area``: labels go, longest
        first, where there is no room for them all; None when even the headlines do not fit."""
        s = self.scale
        names, headlines, labels = results["names"], results["headlines"], results["labels"]
        body = s(theme.BODY)
        step = int(body * 1.2)
        room = area.width - s(22)
        texts = []
        for index in range(len(names)):
            headline = headlines[index] if index < len(headlines) else names[index]
            label = labels[index] if index < len(labels) else ""
            texts.append((wrap(headline, body, room, True), wrap(label, body, room) if label else []))
        usable = area.height - s(self.GAP) * (len(names) - 1) - 2 * s(self.PAD) * len(names)
        while sum(len(h) + len(l) for h, l in texts) * step > usable and any(l for _, l in texts):
            # no room for every label: the longest goes (the log keeps it)
            longest = max(range(len(texts)), key=lambda k: len(texts[k][1]))
            texts[longest] = (texts[longest][0], [])
        return texts if sum(len(h) + len(l) for h, l in texts) * step <= usable else None

    def draw_players(self, surface, area, results):
        """Each player's headline, and their label under it when there is room: a row each,
        as tall as its words need, the players' colours down the left."""
        s = self.scale
        names = results["names"]
        gap, pad = s(self.GAP), s(self.PAD)
        body = s(theme.BODY)
        step = int(body * 1.2)
        room = area.width - s(22)
        texts = self.player_lines(area, results)
        if texts is None:  # more than the room holds even so: a line each (the log keeps the rest)
            texts = [([(results["headlines"] or names)[k] if k < len(results["headlines"]) else names[k]], [])
                     for k in range(len(names))]
        usable = area.height - gap * (len(names) - 1) - 2 * pad * len(names)
        needed = [max(1, len(h) + len(l)) for h, l in texts]
        spare = max(0, usable - sum(needed) * step) // max(1, len(names))
        y = area.top
        for index, (head_lines, label_lines) in enumerate(texts):
            row = pygame.Rect(area.left, y, area.width, needed[index] * step + 2 * pad + spare)
            y = row.bottom + gap
            panel(surface, row, theme.PANEL, s(8))
            pygame.draw.rect(surface, self.colour(index), pygame.Rect(row.left, row.top, s(6), row.height),
                             border_radius=s(3))
            lines = [(text, True) for text in head_lines] + [(text, False) for text in label_lines]
            line_y = row.centery - len(lines) * step // 2
            for text, bold in lines:
                draw_text(surface, text, pygame.Rect(row.left + s(16), line_y, room, step), body,
                          theme.INK if bold else theme.MUTED, bold=bold)
                line_y += step

    def draw_chart(self, surface, area, players, by_round, title):
        s = self.scale
        panel(surface, area, theme.PANEL, s(8))
        inner = area.inflate(-s(16), -s(12))
        line = int(s(theme.BODY) * 1.3)
        heading = pygame.Rect(inner.left, inner.top, inner.width, line)
        legend = pygame.Rect(inner.left, inner.bottom - line, inner.width, line)
        draw_text(surface, title, heading, s(theme.BODY), theme.INK, bold=True)
        for seat, cell in enumerate(columns(legend, [1] * len(players), s(6))):
            draw_text(surface, players[seat], cell, s(theme.BODY), self.colour(seat), "centre", bold=True)
        if not by_round:
            return
        plot = pygame.Rect(inner.left, heading.bottom + s(6), inner.width, legend.top - heading.bottom - s(12))
        size = s(theme.FLOOR)
        top = max(1, max(max(r) for r in by_round))
        # the scale on the left: the top figure and 0, with faint lines across
        axis = theme.font(size).size(str(top))[0] + s(6)
        words_row = int(size * 1.3)
        bars_area = pygame.Rect(plot.left + axis, plot.top + words_row, plot.width - axis,
                                plot.height - 2 * words_row)
        for value, y in ((top, bars_area.top), (0, bars_area.bottom)):
            pygame.draw.line(surface, theme.FAINT, (bars_area.left, y), (bars_area.right, y), 1)
            draw_text(surface, str(value), pygame.Rect(plot.left, y - words_row // 2, axis - s(4), words_row),
                      size, theme.MUTED, "right")
        groups = columns(bars_area, [1] * len(by_round), s(8) if len(by_round) < 8 else s(4))
        word = self.results.get("round_word", "Round")
        long = all(_fits(f"{word} {n}", size, g.width) for n, g in enumerate(groups, start=1))
        for number, (group, points) in enumerate(zip(groups, by_round), start=1):
            bars = columns(group, [1] * len(players), s(2))
            if bars and bars[0].width > s(64):  # few rounds: bars of a bar's width, centred in their group
                width = s(64) * len(players) + s(2) * (len(players) - 1)
                bars = columns(pygame.Rect(group.centerx - width // 2, group.top, width, group.height),
                               [1] * len(players), s(2))
            for seat, (bar, value) in enumerate(zip(bars, points)):
                height = round(bar.height * value / top)
                pygame.draw.rect(surface, self.colour(seat),
                                 pygame.Rect(bar.left, bar.bottom - height, bar.width, height), border_radius=s(3))
                if value and _fits(str(value), size, bar.width):
                    draw_text(surface, str(value), pygame.Rect(bar.left, bar.bottom - height - words_row,
                                                               bar.width, words_row), size, theme.INK, "centre")
            label = f"{word} {number}" if long else str(number)
            draw_text(surface, label, pygame.Rect(group.left, group.bottom + s(2), group.width, words_row),
                      size, theme.MUTED, "centre")

    def on_button(self, action):
        if action == "export":
            self.app.export()
        else:
            from companion.ui.shell import HomeScreen

            self.app.match = None
            self.app.show(HomeScreen(self.app))
