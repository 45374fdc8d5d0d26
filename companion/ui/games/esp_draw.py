"""The pictures of the ESP screen (issue #13, table-grade): Zener cards with ink that reads on
the light face, the aspects and predictions as tokens, a seat's panel, the trick as cards on
a table.  Pure drawing from plain values (the view's figures), so the screen stays small;
nothing here reads the game."""

from __future__ import annotations

import pygame

from companion.ui import theme
from companion.ui.widgets import draw_paragraph, draw_text, panel
from companion.ui.zener import CARD_RATIO, draw_back, draw_card, draw_symbol, face, fit_card, suit_ink  # noqa: F401 (the ESP screen's pictures)

FELT = (22, 46, 42)         # the table the trick lies on
def draw_mini_back(surface, rect: pygame.Rect) -> None:
    """A small face-down card (a count's icon)."""
    pygame.draw.rect(surface, theme.CARD_BACK, rect, border_radius=max(2, rect.width // 6))
    pygame.draw.rect(surface, theme.ACCENT, rect, width=max(1, rect.width // 8), border_radius=max(2, rect.width // 6))


def draw_claim(surface, claim, rect: pygame.Rect, s, colour=None) -> None:
    """A prediction or an aspect as a token: a suit as its symbol in the suit's colour, a rank
    as a big numeral."""
    if isinstance(claim, str):
        draw_symbol(surface, claim, rect, colour or theme.SUIT_COLOURS[claim], max(s(3), min(rect.size) // 8))
    else:
        draw_text(surface, str(claim), rect, min(rect.height, s(theme.HUGE)), colour or theme.INK, "centre", bold=True)


def draw_computer(surface, rect: pygame.Rect, colour) -> None:
    """A small screen on a stand: the seat is played by the companion."""
    w = rect.width
    screen = pygame.Rect(rect.left, rect.top, w, int(rect.height * 0.7))
    pygame.draw.rect(surface, colour, screen, width=max(2, w // 8), border_radius=max(2, w // 8))
    pygame.draw.line(surface, colour, (rect.centerx, screen.bottom), (rect.centerx, rect.bottom - 1), max(2, w // 8))
    pygame.draw.line(surface, colour, (rect.left + w // 4, rect.bottom - 1), (rect.right - w // 4, rect.bottom - 1),
                     max(2, w // 8))


def draw_seat(surface, cell: pygame.Rect, s, *, name: str, colour, turn: bool, first_seer: bool, computer: bool,
              claim, claim_right: bool | None, bid: str | None, bid_right: bool | None, won: int,
              facedown: int | None, points: int, total: int) -> None:
    """One player's panel: name, prediction and bid as pictures, tricks won and face-down
    cards as icons with counts, and the score big enough for the table (total, and this
    round's points)."""
    panel(surface, cell, theme.PANEL_LIGHT if turn else theme.PANEL, s(8))
    pygame.draw.rect(surface, colour, pygame.Rect(cell.left, cell.top, cell.width, s(6)), border_radius=s(3))
    if turn:
        pygame.draw.rect(surface, theme.GOLD, cell, width=s(3), border_radius=s(8))
    inner = cell.inflate(-s(14), -s(12)).move(0, s(3))
    y = inner.top
    # the name, the First Seer's star, the computer's screen
    name_row = pygame.Rect(inner.left, y, inner.width, s(24))
    icons = [draw for flag, draw in ((first_seer, _seer_icon), (computer, _computer_icon)) if flag]
    icons_w = s(22) * len(icons)
    beside = theme.font(s(theme.FLOOR), True).size(name)[0] <= name_row.width - icons_w
    if icons and beside:  # the First Seer's star and the computer's screen after the name
        for k, draw in enumerate(icons):
            draw(surface, pygame.Rect(name_row.right - icons_w + k * s(22), name_row.top, s(22), name_row.height), s)
        name_row.width -= icons_w
    draw_text(surface, name, name_row, s(theme.HEADING), theme.INK, bold=True)
    y = name_row.bottom + s(4)
    # the prediction and the bid, as pictures
    token_h = s(44)
    claim_box = pygame.Rect(inner.left, y, min(s(46), inner.width // 2 - s(3)), token_h)
    if claim is None:
        pygame.draw.rect(surface, theme.FAINT, claim_box, width=max(1, s(2)), border_radius=s(6))
        draw_text(surface, "?", claim_box, s(theme.HEADING), theme.MUTED, "centre", bold=True)
    else:
        rim = theme.GOOD if claim_right else theme.FAINT
        pygame.draw.rect(surface, rim, claim_box, width=max(1, s(3) if claim_right else s(1)), border_radius=s(6))
        draw_claim(surface, claim, claim_box.inflate(-s(6), -s(6)), s)
    bid_box = pygame.Rect(claim_box.right + s(6), y, inner.right - claim_box.right - s(6), token_h)
    if icons and not beside and bid is None and bid_box.width >= icons_w:  # a long name: the icons go here
        for k, draw in enumerate(icons):
            draw(surface, pygame.Rect(bid_box.right - icons_w + k * s(22), bid_box.top, s(22), token_h), s)
    if bid is not None:
        card = pygame.Rect(bid_box.left, bid_box.top, int(token_h * CARD_RATIO), token_h)
        _draw_small_card(surface, card, bid, s)
        mark = pygame.Rect(card.right + s(2), bid_box.top, bid_box.right - card.right - s(2), token_h)
        if mark.width >= s(14):
            draw_text(surface, "✓" if bid_right else "✗", mark, s(theme.HEADING),
                      theme.GOOD if bid_right else theme.BAD, "centre", bold=True)
    y += token_h + s(4)
    # tricks won and face-down cards left
    count_row = pygame.Rect(inner.left, y, inner.width, s(24))
    half = count_row.width // 2
    trick_icon = pygame.Rect(count_row.left, count_row.top + s(2), s(14), s(20))
    pygame.draw.rect(surface, theme.CARD, trick_icon.move(s(4), -s(2)), border_radius=s(2))
    pygame.draw.rect(surface, theme.GOLD, trick_icon, border_radius=s(2))
    draw_text(surface, str(won), pygame.Rect(trick_icon.right + s(10), count_row.top, half - s(24), count_row.height),
              s(theme.LABEL), theme.INK, bold=True)
    if facedown is not None:
        back = pygame.Rect(count_row.left + half, count_row.top + s(2), s(14), s(20))
        draw_mini_back(surface, back)
        draw_text(surface, str(facedown), pygame.Rect(back.right + s(6), count_row.top, half - s(20), count_row.height),
                  s(theme.LABEL), theme.MUTED, bold=True)
    y = count_row.bottom + s(2)
    # the score: the total for the table, this round's points beside it
    score = pygame.Rect(inner.left, y, inner.width, max(s(theme.TABLE) + s(4), inner.bottom - y))
    total_box = draw_text(surface, str(total), pygame.Rect(score.left, score.top, score.width * 3 // 5, score.height),
                          s(theme.TABLE), theme.GOLD, bold=True)
    room = pygame.Rect(total_box.right + s(4), score.top, score.right - total_box.right - s(4), score.height)
    draw_text(surface, f"+{points}", room, s(theme.LABEL), theme.MUTED, "right")


def _seer_icon(surface, cell: pygame.Rect, s) -> None:
    star = pygame.Rect(0, 0, s(26), s(26))
    star.center = cell.center
    _fill_star(surface, star, theme.GOLD)


def _computer_icon(surface, cell: pygame.Rect, s) -> None:
    icon = pygame.Rect(0, 0, s(18), s(16))
    icon.center = cell.center
    draw_computer(surface, icon, theme.MUTED)


def _fill_star(surface, rect: pygame.Rect, colour) -> None:
    import math

    size = min(rect.size)
    inner = rect.inflate(-size // 5, -size // 5)
    cx, cy, r = inner.centerx, inner.centery + inner.height // 20, inner.width / 2
    points = [(cx + (r if k % 2 == 0 else r * 0.42) * math.cos(-math.pi / 2 + k * math.pi / 5),
               cy + (r if k % 2 == 0 else r * 0.42) * math.sin(-math.pi / 2 + k * math.pi / 5)) for k in range(10)]
    pygame.draw.polygon(surface, colour, points)


def _draw_small_card(surface, rect: pygame.Rect, card: str, s) -> None:
    """A card too small for the corner layout: the rank over the symbol."""
    rank, suit = face(card)
    ink = suit_ink(suit)
    pygame.draw.rect(surface, theme.CARD, rect, border_radius=max(2, rect.width // 8))
    top = pygame.Rect(rect.left, rect.top + s(1), rect.width, rect.height // 2)
    draw_text(surface, str(rank), top, s(theme.LABEL), ink, "centre", bold=True)
    bottom = pygame.Rect(rect.left, top.bottom, rect.width, rect.bottom - top.bottom).inflate(-s(4), -s(4))
    draw_symbol(surface, suit, bottom, ink, max(2, s(2)))


def draw_table(surface, area: pygame.Rect, s, *, order: list[int], cards: list[str], names: list[str],
               colours: list, winner: int | None, heading: str, next_seat: int | None) -> pygame.Rect:
    """The trick as cards on the table, in play order: a card for each seat that has played,
    an empty place for each still to play (the next one rimmed in gold), the seat's name on a
    tab of its colour under each; the winner's card rimmed in gold.  Returns the heading's row
    (for a button beside it)."""
    panel(surface, area, FELT, s(10))
    inner = area.inflate(-s(16), -s(12))
    head = pygame.Rect(inner.left, inner.top, inner.width, s(28))
    body = pygame.Rect(inner.left, head.bottom + s(6), inner.width, inner.bottom - head.bottom - s(6))
    if heading:
        draw_text(surface, heading, head, s(theme.HEADING), theme.GOLD if winner is not None else theme.INK, bold=True)
    if not order:
        draw_paragraph(surface, "The trick will appear here, in play order.", body.inflate(-s(8), -s(20)),
                       s(theme.BODY), theme.MUTED)
        return head
    tab_h = s(26)
    card_area_h = body.height - tab_h - s(6)
    slot_w = min(body.width // max(len(order), 1), s(130))
    row = pygame.Rect(0, body.top, slot_w * len(order), body.height)
    row.centerx = body.centerx
    for k, seat in enumerate(order):
        slot = pygame.Rect(row.left + k * slot_w, body.top, slot_w, body.height)
        card_rect = fit_card(pygame.Rect(slot.left + s(8), slot.top + s(4), slot.width - s(16), card_area_h - s(4)))
        card_rect.top = slot.top + s(4)
        if k < len(cards):
            draw_card(surface, card_rect, cards[k], s, glow=theme.GOLD if winner == seat else None)
        else:
            rim = theme.GOLD if seat == next_seat else theme.FAINT
            pygame.draw.rect(surface, rim, card_rect, width=max(1, s(3) if seat == next_seat else s(2)),
                             border_radius=max(3, card_rect.width // 10))
        tab = pygame.Rect(0, 0, min(slot.width - s(8), s(110)), tab_h)
        tab.midtop = (slot.centerx, card_rect.bottom + s(8))
        pygame.draw.rect(surface, colours[seat], tab, border_radius=s(6))
        draw_text(surface, names[seat], tab.inflate(-s(8), 0), s(theme.LABEL), theme.ink_on(colours[seat]), "centre",
                  bold=True)
    return head


def draw_aspects(surface, area: pygame.Rect, s, *, vision: str | None, supernatural, superduper,
                 started: bool) -> None:
    """The Vision Card and the aspects it made, as big tokens with a word under each."""
    panel(surface, area, theme.PANEL, s(8))
    inner = area.inflate(-s(12), -s(10))
    card = fit_card(pygame.Rect(inner.left, inner.top, s(60), inner.height))
    card.left = inner.left
    if vision is not None:
        draw_card(surface, card, vision, s)
    else:
        draw_back(surface, card)
    rest = pygame.Rect(card.right + s(10), inner.top, inner.right - card.right - s(10), inner.height)
    if vision is None:
        text = "Vision Card: face down until every prediction is in" if started else "The Vision Card, face down"
        draw_paragraph(surface, text, rest, s(theme.BODY), theme.MUTED)
        return
    if supernatural is None:
        draw_paragraph(surface, "No Supernatural Aspect: no prediction names it", rest, s(theme.BODY), theme.INK)
        return
    tokens = [("Supernatural", supernatural, theme.GOLD)]
    if superduper is not None:
        tokens.append(("Super-duper", superduper, theme.ACCENT))
    width = (rest.width - s(8) * (len(tokens) - 1)) // len(tokens)
    for k, (word, claim, colour) in enumerate(tokens):
        cell = pygame.Rect(rest.left + k * (width + s(8)), rest.top, width, rest.height)
        caption = pygame.Rect(cell.left, cell.bottom - s(20), cell.width, s(20))
        token = pygame.Rect(cell.left, cell.top, cell.width, caption.top - cell.top - s(2))
        pygame.draw.rect(surface, colour, token.inflate(-s(2), 0), width=max(1, s(2)), border_radius=s(8))
        draw_claim(surface, claim, token.inflate(-s(8), -s(8)), s, None if isinstance(claim, str) else colour)
        draw_text(surface, word, caption, s(theme.FLOOR), colour, "centre", bold=True)
