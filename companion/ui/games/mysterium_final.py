"""The Mysterium screen's final: the cases drawn as trios of cards, the voting order by the
track's bands, and the secret votes handed over one psychic at a time ("Pass it to Ann — tap
when only Ann is looking", then Ann's choice of case, then hidden again).

A mixin of :class:`companion.ui.games.mysterium.MysteriumScreen`: it draws from the view
alone and offers only the rules' legal actions."""

from __future__ import annotations

import pygame

from companion.games.mysterium import bot
from companion.ui import theme
from companion.ui.games import mysterium_board as board
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, grid, rows


class FinalSteps:
    looking: int | None = None  # the psychic holding the screen for a secret vote

    # -- the board in the final: the cases and who votes when ---------------------------------------
    def case_trios(self) -> list[dict]:
        view = self.view
        if self.ghost_is_computer():
            return bot.cases(view)
        return [{c: case[c] for c in board.CATEGORIES} for case in view["final"]["cases"]]

    def draw_cases(self, surface, area) -> None:
        """Each case a column: its number (and the psychic who found it), then its character,
        location and object cards; a computer ghost's shared visions turned up rimmed in gold."""
        s = self.scale
        view = self.view
        shown = set(bot.shared_visions(view)) if self.ghost_is_computer() else set()
        final = view["final"]
        owners = [case["psychic"] for case in final["cases"]]
        trios = self.case_trios()
        for k, (column, trio) in enumerate(zip(columns(area, [1] * len(trios), s(8)), trios)):
            voters = [view["psychics"].index(name) for band in (final["votes"] or {}).values()
                      for name, case in band.items() if case == k + 1]
            head, *slots = rows(column, [0.8, 1, 1, 1] + ([0.7] if final["votes"] else []), s(4))
            if final["votes"]:  # the votes, once turned up: a pawn for each under the case it chose
                board.draw_pawns(surface, slots.pop().inflate(-s(8), 0), [self.psychic_colour(p) for p in voters], s(9))
            if final["culprit"] == k + 1:
                pygame.draw.rect(surface, theme.GOLD, column.inflate(s(6), s(6)), max(2, s(3)), border_radius=s(8))
            owner = view["psychics"].index(owners[k]) if k < len(owners) and owners[k] is not None else None
            if owner is not None:
                board.draw_pawn(surface, (head.left + s(8), head.centery), s(8), self.psychic_colour(owner))
                head = pygame.Rect(head.left + s(22), head.top, head.width - s(22), head.height)
            draw_text(surface, f"Case {k + 1}", head, s(theme.LABEL), theme.INK, bold=True)
            for category, slot in zip(board.CATEGORIES, slots):
                icon = pygame.Rect(slot.left, slot.top, s(20), slot.height)
                board.draw_category(surface, icon.inflate(0, -s(8)), category)
                card = pygame.Rect(icon.right + s(4), slot.top, min(s(64), slot.right - icon.right - s(4)), slot.height)
                number = trio[category]
                board.draw_card(surface, card, number, s, mark=(category, number) in shown)

    def draw_voting_order(self, surface, area) -> None:
        """Who votes after which shared vision (the track's bands); a tick for who has voted."""
        s = self.scale
        for band, cell in zip(self.view["voting_order"], columns(area, [1, 1, 1], s(8))):
            pygame.draw.rect(surface, theme.PANEL, cell, border_radius=s(6))
            label = pygame.Rect(cell.left + s(6), cell.top, s(76), cell.height)
            draw_text(surface, f"Vision {band['vision']}", label, s(theme.FLOOR), theme.MUTED)
            x = label.right + s(8)
            for p in band["psychics"]:
                if x + s(8) > cell.right:
                    break
                board.draw_pawn(surface, (x, cell.centery), s(9), self.psychic_colour(p))
                if p in band["voted"]:
                    c = (x, cell.centery)
                    pygame.draw.lines(surface, theme.INK, False, [(c[0] - s(5), c[1]), (c[0] - s(1), c[1] + s(4)),
                                                                 (c[0] + s(6), c[1] - s(5))], max(2, s(3)))
                x += s(22)

    # -- the steps ------------------------------------------------------------------------------------
    def case_buttons(self, surface, area, actions) -> None:
        cols = min(3, max(1, len(actions)))
        count = max(1, -(-len(actions) // cols))
        gap = self.scale(theme.TARGET_GAP)
        height = min(area.height, count * self.scale(96) + (count - 1) * gap)
        area = pygame.Rect(area.left, area.top, area.width, height)
        cells = grid(area, cols, count, gap)
        for cell, action in zip(cells, actions):
            self.add_button(surface, Button(cell, str(action["case"]), ("do", action)), self.scale(theme.TABLE))

    def draw_final(self, surface, area):
        s = self.scale
        view = self.view
        owed = view["next"]
        act = owed["act"]
        note, body = rows(area, [1.3, 3], s(8))
        ghost = view["ghost"]
        if act in ("commit", "reveal", "culprit") and self.ghost_is_computer():
            self.note(surface, note, "No more talking: the shared visions are turned up one by one.")
            return f"{ghost} is choosing…"
        if act == "commit":
            self.note(surface, note, "Choose a case in secret; lay the culprit token face down.")
            self.add_button(surface, Button(body.inflate(0, -body.height // 3), "It is down", ("do", owed)))
            return f"{ghost}: the culprit token"
        if act == "reveal":
            every = owed["vision"] == "all"
            self.note(surface, note, "No more talking: turn up the shared " + ("visions." if every else "vision."))
            label = "All three are up" if every else f"Vision {owed['vision']} is up"
            self.add_button(surface, Button(body.inflate(0, -body.height // 3), label, ("do", owed)))
            return "Turn up all three visions" if every else f"Turn up shared vision {owed['vision']}"
        if act == "vote":
            return self.draw_vote(surface, area)
        if act == "choose" and all(self.by_computer(p) for p in range(len(view["psychics"]))):
            self.note(surface, note, "The computer's psychics agree on a case…")
            return "The psychics choose…"
        self.note(surface, note, "Which case?" if act == "choose" else "Turn the culprit token over: which case?")
        self.case_buttons(surface, body, self.legal(act))
        return "Agree on a case" if act == "choose" else f"{ghost}: the culprit is…"

    def draw_vote(self, surface, area):
        """The hand-over: the shared screen names who takes it; only then that psychic's cases."""
        s = self.scale
        voters = [p for p in self.view["waiting"]["psychics"] if not self.by_computer(p)]
        if not voters:
            self.note(surface, area, "The computer's psychics vote in secret…")
            return "Secret votes…"
        if self.looking not in voters:
            self.looking = None
            first = voters[0]
            note, body = rows(area, [1.4, 3], s(8))
            draw_paragraph(surface, f"Tap when only {self.name(first)} is looking", note, s(theme.HEADING),
                           theme.INK, bold=True)
            cells = grid(body, 1 if len(voters) <= 3 else 2, max(2, -(-len(voters) // (1 if len(voters) <= 3 else 2))),
                         s(theme.TARGET_GAP))
            for cell, p in zip(cells, voters):
                self.add_button(surface, Button(cell, f"{self.name(p)} is looking", ("look", p),
                                                colour=self.psychic_colour(p)), s(theme.HEADING))
            return f"Pass it to {self.name(first)}", self.psychic_colour(first)
        p = self.looking
        note, body, hide = rows(area, [1.1, 3, 1], s(8))
        self.note(surface, note, "Your vote is secret and final.")
        self.case_buttons(surface, body, self.legal("vote", psychic=p))
        self.add_button(surface, Button(hide, "Hide", ("hide",)))
        return f"Only {self.name(p)}: your case?", self.psychic_colour(p)
