"""The group's card book: the cards a group entered at the table, per game, kept beside the
journal as ``cards.json`` (next to ``settings.json``) so that a card entered last week is known
this week.

A game has a card book when its registry entry names ``table_cards(state)`` (the cards a
state knows that the shipped catalog does not, as definitions): Séance Party and
Clairvoyance; ESP and Mysterium have none.  A new game's setup gets the book's cards in its
``"cards"`` (so the log stays self-contained and replays anywhere); as a game goes on, the
cards it learns are written back, and where it gives other figures for a card than the book,
the game's figures win.

The file is ``{"<game>": [definitions], ...}``, one list per game, the definitions as the
game's docs write them; a group may edit it by hand.  A file that cannot be used never stops
the companion: a damaged one is set aside (renamed ``cards.json.bad``, nothing lost) with a
sentence, and a definition the game refuses is left out of the setup with a sentence.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable, Mapping

from companion.engine.fields import check_card_name
from companion.engine.refusal import Refused
from companion.settings import settings_path
from firmware_py.files import Damaged, FileProblem, quote, read_json

Book = dict[str, list[dict]]
MAX_BYTES = 16 * 1024 * 1024  # some 50,000 cards: far beyond any group's table


def cardbook_path(settings: Path | None = None) -> Path:
    """``$PLANCHETTE_CARDS``, or ``cards.json`` beside the settings file (``settings``, else
    the box's own)."""
    if os.environ.get("PLANCHETTE_CARDS"):
        return Path(os.environ["PLANCHETTE_CARDS"])
    return (settings or settings_path()).with_name("cards.json")


def table_cards_of(game: Any) -> Callable[[Any], list[dict]] | None:
    """The game's "cards defined at the table" function (its entry's ``table_cards``), or None:
    the game keeps no card book.  ``game`` is a Game object or its log name."""
    from companion.games import entries

    entry = entries().get(game if isinstance(game, str) else getattr(game, "name", None))
    return entry.table_cards if entry is not None else None


def parse(data: object) -> Book:
    """The book from the file's JSON; raise ValueError for anything of the wrong shape."""
    if not isinstance(data, dict):
        raise ValueError("the card book must hold a JSON object: {\"clairvoyance\": [card definitions], ...}")
    book: Book = {}
    for game, cards in data.items():
        if not isinstance(cards, list):
            raise ValueError(f"{quote(game)} must list card definitions, not {quote(cards)}")
        for entry in cards:
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not entry["name"].strip():
                raise ValueError(f"every card definition under {quote(game)} is an object with a name, "
                                 f"not {quote(entry)}")
        book[game] = [dict(entry) for entry in cards]
    return book


def _set_aside(path: Path) -> Path | None:
    """Rename a damaged file out of the way (never overwritten, never lost)."""
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.bad" + ("" if n == 1 else f"-{n}"))
        if not target.exists():
            try:
                os.replace(path, target)
            except OSError:
                return None
            return target
    return None


def read(path: Path | None = None) -> tuple[Book | None, str | None]:
    """The whole book and a warning sentence when the file could not be used.  The book is
    None when the file exists but cannot be read (then it must not be written over either)."""
    path = path or cardbook_path()
    try:
        return parse(read_json(path, MAX_BYTES)), None
    except FileNotFoundError:
        return {}, None
    except Damaged as damaged:
        problem = str(damaged)
    except FileProblem as unreadable:  # a folder, a pipe, no permission: nothing to set aside
        return None, f"the card book {path} {unreadable}; it is not used"
    except ValueError as error:
        problem = f"is not usable ({error})"
    aside = _set_aside(path)
    if aside is None:
        return None, f"the card book {path} {problem}; it is not used"
    return {}, f"the card book {path} {problem}; it was set aside as {aside.name} and a new one started"


def load(game: str, path: Path | None = None) -> tuple[list[dict], str | None]:
    """The group's card definitions for ``game``, and a warning sentence or None."""
    book, warning = read(path)
    return list((book or {}).get(game, [])), warning


def save(book: Mapping[str, list[dict]], path: Path | None = None) -> None:
    """Write atomically (a power cut leaves the old file or the new, never half)."""
    path = path or cardbook_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(dict(book), handle, indent=2, ensure_ascii=False)
        handle.write("\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


def merge(known: list[dict], cards: list[dict]) -> list[dict]:
    """``known`` with ``cards`` added; a card already there takes the new figures (the game wins)."""
    out = {entry["name"]: entry for entry in known}
    for card in cards:
        out[card["name"]] = card
    return list(out.values())


def remember(game: Any, state: Any, path: Path | None = None, taught: dict | None = None) -> str | None:
    """Add to the book the cards ``state`` knows that the shipped catalog does not; None, or
    a warning sentence (an unusable file).  ``taught`` (a dict the caller keeps for one game):
    the cards this game added to the book, by name — a card this game taught that its state
    no longer knows (its line undone: a mistyped card) is taken out again.  Writes only when
    something changed; OSError from the write is the caller's to report."""
    table_cards = table_cards_of(game)
    if table_cards is None:
        return None
    name = game if isinstance(game, str) else game.name
    cards = table_cards(state)
    book, warning = read(path)
    if book is None or not (cards or taught):
        return warning
    known = book.get(name, [])
    before = {entry["name"]: entry for entry in known}
    updated = merge(known, cards)
    if taught is not None:
        now = {card["name"] for card in cards}
        for card in cards:
            if card["name"] not in before and card["name"] not in taught:
                taught[card["name"]] = card
        gone = {n for n, card in taught.items() if n not in now}
        updated = [entry for entry in updated if not (entry["name"] in gone and entry == taught[entry["name"]])]
        for n in gone:
            del taught[n]
    if updated != known:
        book[name] = updated
        save(book, path)
    return warning


def with_book(game: Any, setup: Mapping[str, Any], path: Path | None = None) -> tuple[dict, list[str]]:
    """``setup`` with the group's cards for ``game`` put first in its ``"cards"``, and warning
    sentences.  A definition the game refuses (a hand edit, or one the shipped catalog now
    contradicts) is left out, with a sentence; the setup itself is never made unusable."""
    setup = dict(setup)
    if table_cards_of(game) is None:
        return setup, []
    definitions, warning = load(game.name, path)
    warnings = [warning] if warning else []
    if not definitions:
        return setup, warnings
    own = setup.get("cards", [])
    if not isinstance(own, list):
        return setup, warnings  # the game refuses such a setup with its own sentence
    names = {entry["name"] for entry in own if isinstance(entry, dict) and isinstance(entry.get("name"), str)}
    definitions = [d for d in definitions if d["name"] not in names]  # the setup's own figures win
    folded = {name.strip().casefold(): name.strip() for name in names}  # and its own spellings

    def refusal(cards: list) -> str | None:
        try:
            game.setup({**setup, "cards": cards + own})
        except Refused as refused:
            return refused.reason
        except Exception as error:  # a hand edit must never take the app down
            return str(error) or type(error).__name__
        return None

    clashes: list[str] = []
    firsts = first_spellings(definitions, dict(folded), clashes)
    if refusal(firsts) is None or refusal([]) is not None:
        kept = firsts  # all usable; or the setup is refused without the book too (its own sentence)
        warnings += clashes
    else:
        kept = usable(definitions, refusal, warnings, folded)
    if kept:
        setup["cards"] = kept + own
    return setup, warnings


def left_out(definition: dict, reason: str) -> str:
    return f"the card book's {definition['name']} was left out ({reason})"


def first_spellings(definitions: list[dict], folded: dict[str, str], warnings: list[str]) -> list[dict]:
    """The definitions less a name spelt again in other capitals ("clock 7" after "Clock 7"),
    with the game's own sentence in ``warnings`` for each: found in one pass, where the game
    would need a set-up of the whole book for each.  ``folded`` holds the names already
    taken by their casefold (see :func:`check_card_name`) and gains the new ones.  Names are
    compared stripped, as every game reads them, so nothing the game takes is dropped."""
    kept = []
    for definition in definitions:
        try:
            check_card_name((), definition["name"].strip(), folded)
        except Refused as clash:
            warnings.append(left_out(definition, clash.reason))
        else:
            kept.append(definition)
    return kept


def usable(definitions: list[dict], refusal: Callable[[list], str | None], warnings: list[str],
           folded: dict[str, str]) -> list[dict]:
    """The definitions the game takes together, in order; a sentence in ``warnings`` for each
    left out.  Each is tried alone first (one small setup each, so the work grows with the
    book, not with its square), so that a spelling the game refuses never shuts out a later
    one it takes; then other spellings of a name taken are dropped in one pass; the rare one
    left that passes alone but clashes with an earlier one (a name defined twice with other
    figures) is then found by halving the list."""
    alone = []
    for definition in definitions:
        reason = refusal([definition])
        if reason is None:
            alone.append(definition)
        else:
            warnings.append(left_out(definition, reason))
    kept: list[dict] = []
    rest = first_spellings(alone, folded, warnings)
    while rest:
        reason = refusal(kept + rest)
        if reason is None:
            return kept + rest
        low, high = 0, len(rest)  # kept + rest[:low] is taken, kept + rest[:high] refused
        while high - low > 1:
            middle = (low + high) // 2
            why = refusal(kept + rest[:middle])
            if why is None:
                low = middle
            else:
                high, reason = middle, why
        kept += rest[:low]
        warnings.append(left_out(rest[low], reason))
        rest = rest[low + 1:]
    return kept
