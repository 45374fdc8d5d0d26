"""Séance Party's players at a glance, and their details behind a tap.

:func:`draw_order` is the round's speed order as a row of portraits — each player's chip in
their colour with their speed (``?`` until it is known), the turn player's ringed in gold;
tapping a chip opens :func:`draw_player`, that player's panel: their five Zeners in words
(charged, dormant, face down; the curses on them), hand, Spirit Energy, dice pool, speed
worked out, board and trash.  :func:`draw_story` is the battle (or charge) last told, in the
view's words.  Everything is read from the table's view."""

from __future__ import annotations

import pygame

from companion.ui import theme
from companion.ui.games.seance_widgets import stack
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, face_ink, floor_for, line_step, rows, wrap
from companion.ui.zener import draw_symbol


def speeds(view: dict) -> dict[int, int | None]:
    """Each seat's speed this round, as the view tells it (None before its hand is revealed)."""
    rounds = view.get("rounds") or []
    totals = rounds[-1].get("speed") if rounds else None
    return {k: (totals[k] if totals and k < len(totals) else None) for k in range(len(view["players"]))}


def order(view: dict) -> list[int]:
    """The seats in the round's turn order (seat order until the speeds are all known)."""
    known = list(view["speeds"]["order"])
    return known + [k for k in range(len(view["players"])) if k not in known]


def short(name: str, room: int, floor: int) -> str:
    """``name``, or as much of it as fits in ``room`` at the floor, ending with a dot (the
    player's panel gives it whole)."""
    face = theme.font(floor, True)
    if face.size(name)[0] <= room:
        return name
    for k in range(len(name) - 1, 0, -1):
        if face.size(name[:k].rstrip() + ".")[0] <= room:
            return name[:k].rstrip() + "."
    return name[:1]


def chip_face(name: str, speed, out: bool, s):
    """A player's portrait: the name, and under it the speed at the table's size."""
    def face(surface, rect):
        ink = face_ink(surface, rect)
        top, bottom = rows(rect, [0.85, 1.15], 0)
        draw_text(surface, short(name, top.width, floor_for(surface)), top, s(theme.LABEL), ink, "centre", bold=True)
        draw_text(surface, "out" if out else "?" if speed is None else str(speed), bottom, s(theme.TABLE), ink,
                  "centre", bold=True)
    return face


def draw_order(screen, surface, rect: pygame.Rect) -> None:
    """The chips, in turn order; each opens its player's panel (``("player", seat)``)."""
    s = screen.scale
    view = screen.view
    seats = order(view)
    totals = speeds(view)
    shown = {x["seat"]: x for x in view["seats"]}
    gap = s(theme.TARGET_GAP) + s(6)
    for cell, seat in zip(columns(rect, [1] * max(len(seats), 3), gap), seats):
        out = shown[seat]["defeated"]
        if view.get("turn_seat") == seat:
            pygame.draw.rect(surface, theme.GOLD, cell.inflate(s(8), s(8)), max(2, s(3)), border_radius=s(10))
        screen.add_button(surface, Button(cell, view["players"][seat], ("player", seat),
                                          colour=screen.colour(seat),
                                          draw_face=chip_face(view["players"][seat], totals[seat], out, s)))


def close_button(screen, surface, rect: pygame.Rect) -> None:
    screen.add_button(surface, Button(rect, "Close", ("close",)))


def header(screen, surface, rect: pygame.Rect, text: str, seat=None) -> None:
    """A panel's heading at the table's size, with the player's colour as a disc, and Close."""
    s = screen.scale
    title, close = columns(rect, [1, 0.4], s(theme.TARGET_GAP) + 1)
    if seat is not None:
        pygame.draw.circle(surface, screen.colour(seat), (title.left + s(12), title.centery), s(12))
        title = pygame.Rect(title.left + s(32), title.top, title.width - s(32), title.height)
    draw_text(surface, text, title, s(theme.TABLE), theme.INK, bold=True)
    close_button(screen, surface, close)


def zener_words(face: dict) -> tuple[str, str]:
    state = "charged" if face["charged"] else "dormant" if face["up"] else "face down"
    curses = face["curses"]
    return state, f"{curses} curse{'s' if curses > 1 else ''}" if curses else ""


def board_words(item: dict) -> str:
    text = f"#{item['id']} {item['card']}" + (" (cursed)" if item["cursed"] else "")
    if "energy" not in item:
        return text + ": a spell waiting"
    text += f": energy {item['energy']}"
    if item["inventory"]:
        text += ", carrying " + ", ".join(i["card"] for i in item["inventory"])
    return text + (", rested" if item["rested"] else "")


def facts(view: dict, seat: int) -> list[tuple[str, str]]:
    """A player's details as (what, words) lines."""
    shown = view["seats"][seat]
    out = []
    known = shown["hand_known"]
    hand = f"{shown['hand']} card{'s' if shown['hand'] != 1 else ''}"
    if known:
        hand += " — known: " + ", ".join(known)
    out.append(("Hand", hand))
    energy = shown["energy"]
    out.append(("Energy", f"{energy['face_down']} face down, {energy['face_up']} face up, "
                          f"{energy['in_spirits']} in spirits"))
    out.append(("Dice", " ".join(shown["pool"]) or "none"))
    rounds = view.get("rounds") or []
    if rounds:
        last = rounds[-1]
        hand_speed, board_speed = last.get("hand_speed") or [], last.get("board_speed") or []
        if seat < len(hand_speed) and hand_speed[seat] is not None:
            words = f"hand {hand_speed[seat]} + board {board_speed[seat]}"
            boost = (last.get("boosts") or {}).get(shown["name"])
            if boost is not None:
                words += f" + boost {boost['total']}"
            total = speeds(view)[seat]
            out.append(("Speed", words + (f" = {total}" if total is not None else "")))
    board = [board_words(item) for item in shown["board"]]
    out.append(("Board", "; ".join(board) if board else "no spirits, no spells"))
    if shown["trash"]:
        out.append(("Trash", ", ".join(shown["trash"])))
    if shown["defeated"]:
        out.append(("Out", f"defeated by {shown['defeated_by']}" if shown.get("defeated_by") else "defeated"))
    return out


def draw_player(screen, surface, rect: pygame.Rect, seat: int) -> None:
    """One player's panel: their Zeners drawn and named, then their details line by line."""
    s = screen.scale
    view = screen.view
    shown = view["seats"][seat]
    gap = s(theme.TARGET_GAP)
    head, zeners, body = stack(rect, [s(52), s(92), None], gap)
    header(screen, surface, head, shown["name"], seat)
    points = [p["symbol"] for p in view["pentagram"]["points"]]
    for cell, symbol in zip(columns(zeners, [1] * 5, s(6)), points):
        face = shown["faces"][symbol]
        picture, state, curse = stack(cell, [s(48), s(22), None], 0)
        colour = theme.GOLD if face["charged"] else theme.INK if face["up"] else theme.FAINT
        draw_symbol(surface, symbol, picture, colour)
        words, cursed = zener_words(face)
        draw_text(surface, words, state, s(theme.FLOOR), theme.GOLD if face["charged"] else theme.MUTED, "centre")
        if cursed:
            draw_text(surface, cursed, curse, s(theme.FLOOR), theme.BAD, "centre", bold=True)
    draw_facts(surface, body, facts(view, seat), s)


def draw_facts(surface, rect: pygame.Rect, lines: list[tuple[str, str]], s) -> None:
    """``what: words`` lines wrapped at the body size; what no longer fits is left for the summary."""
    size = s(theme.BODY)
    step = line_step(size)
    label_width = s(76)
    words_width = rect.width - label_width
    y = rect.top
    for what, words in lines:
        count = len(wrap(words, size, words_width, False, size))
        if y + step * count > rect.bottom:
            if y + step <= rect.bottom:
                draw_text(surface, "… more in the summary", pygame.Rect(rect.left, y, rect.width, step), size,
                          theme.MUTED)
            return
        draw_text(surface, what, pygame.Rect(rect.left, y, label_width - s(6), step), size, theme.MUTED, bold=True)
        y += draw_paragraph(surface, words, pygame.Rect(rect.left + label_width, y, words_width, step * count), size,
                            theme.INK)


def story_label(view: dict) -> str | None:
    """The story button's label: the battle under way, the last one, the last charge (None: nothing yet)."""
    words = view["battle_words"]
    for start, label in (("Battle:", "Battle ▸"), ("Last battle:", "Last battle ▸"), ("Last charge:", "Last charge ▸")):
        if words.startswith(start):
            return label
    return None


def draw_story(screen, surface, rect: pygame.Rect) -> None:
    s = screen.scale
    view = screen.view
    battle = view["battle"] or (view["battles"][-1] if view["battles"] and view["battle_words"].startswith("Last battle")
                                else None)
    head, score, body = stack(rect, [s(52), s(56) if battle else 0, None], s(theme.TARGET_GAP))
    header(screen, surface, head, (story_label(view) or "The story").rstrip(" ▸"))
    if battle:
        draw_score(screen, surface, score, battle)
    words = view["battle_words"].split(": ", 1)[-1]
    size = s(theme.BODY)
    if len(wrap(words, size, body.width, False, size)) * line_step(size) > body.height:
        size = s(theme.FLOOR)
    draw_paragraph(surface, words, body, size, theme.INK)


def draw_score(screen, surface, rect: pygame.Rect, battle: dict) -> None:
    """A battle at a glance: the attacker's total against the defender's, each after a disc in
    their colour, the winner's in gold (both on a tie)."""
    s = screen.scale
    players = screen.view["players"]
    winners = battle.get("winners") or []
    pygame.draw.rect(surface, theme.BACKGROUND, rect, border_radius=s(8))
    attack, middle, defence = columns(rect.inflate(-s(12), 0), [1, 0.35, 1], s(6))
    draw_text(surface, "vs", middle, s(theme.LABEL), theme.MUTED, "centre")
    for side, name, total, align in ((attack, battle["attacker"], battle["attack"], "left"),
                                     (defence, battle["defender"], battle["defence"], "right")):
        seat = players.index(name)
        disc = s(10)
        x = side.left + disc if align == "left" else side.right - disc
        pygame.draw.circle(surface, screen.colour(seat), (x, side.centery), disc)
        words = pygame.Rect(side.left + 2 * disc + s(8), side.top, side.width - 2 * disc - s(8), side.height) \
            if align == "left" else pygame.Rect(side.left, side.top, side.width - 2 * disc - s(8), side.height)
        name_room, total_room = columns(words, [1.6, 1], s(4)) if align == "left" else columns(words, [1, 1.6], s(4))[::-1]
        draw_text(surface, name, name_room, s(theme.LABEL), theme.INK, align, bold=True)
        draw_text(surface, str(total), total_room, s(theme.TABLE), theme.GOLD if name in winners else theme.INK,
                  "centre", bold=True)


def icon(surface, kind: str, rect: pygame.Rect, colour) -> None:
    """A small picture: a card (the hand), a bolt (Spirit Energy), a die (the dice pool), a
    ghost (spirits on the board)."""
    side = min(rect.width, rect.height)
    box = pygame.Rect(0, 0, side, side)
    box.center = rect.center
    width = max(2, side // 12)
    if kind == "hand":
        card = box.inflate(-side * 0.35, -side * 0.1)
        pygame.draw.rect(surface, colour, card.move(side // 8, 0), width, border_radius=max(2, side // 10))
        pygame.draw.rect(surface, colour, card, 0, border_radius=max(2, side // 10))
    elif kind == "energy":
        x, y, w, h = box.left, box.top, box.width, box.height
        pygame.draw.polygon(surface, colour, [(x + w * 0.6, y), (x + w * 0.2, y + h * 0.58), (x + w * 0.48, y + h * 0.58),
                                              (x + w * 0.38, y + h), (x + w * 0.82, y + h * 0.38),
                                              (x + w * 0.54, y + h * 0.38)])
    elif kind == "dice":
        die = box.inflate(-side * 0.15, -side * 0.15)
        pygame.draw.rect(surface, colour, die, width, border_radius=max(2, side // 6))
        for fx, fy in ((0.3, 0.3), (0.5, 0.5), (0.7, 0.7)):
            pygame.draw.circle(surface, colour, (die.left + die.width * fx, die.top + die.height * fy), max(2, side // 12))
    else:  # a ghost
        body = box.inflate(-side * 0.3, -side * 0.15)
        pygame.draw.circle(surface, colour, (body.centerx, body.top + body.width // 2), body.width // 2)
        pygame.draw.rect(surface, colour, pygame.Rect(body.left, body.top + body.width // 2, body.width,
                                                      body.height - body.width // 2))
        for k in range(3):
            cx = body.left + body.width * (k * 2 + 1) / 6
            pygame.draw.circle(surface, theme.PANEL, (cx, body.bottom), max(2, body.width // 7))


def draw_resources(screen, surface, rect: pygame.Rect, seat: int) -> None:
    """A player's means at a glance, as icons and numbers: cards in hand, Spirit Energy face
    down, dice in the pool, spirits on the board; each named under its number."""
    s = screen.scale
    shown = screen.view["seats"][seat]
    spirits = sum(1 for item in shown["board"] if "energy" in item)
    items = (("hand", shown["hand"], "in hand"), ("energy", shown["energy"]["face_down"], "energy"),
             ("dice", len(shown["pool"]), "dice"), ("spirit", spirits, "spirits"))
    for cell, (kind, number, words) in zip(columns(rect, [1] * 4, s(8)), items):
        top, under = stack(cell, [s(34), None], s(2))
        picture, count = columns(top, [1, 1.1], s(4))
        icon(surface, kind, picture, theme.ACCENT)
        draw_text(surface, str(number), count, s(theme.TABLE), theme.INK, "left", bold=True)
        draw_text(surface, words, under, s(theme.FLOOR), theme.MUTED, "centre")
