"""The companion in a terminal: pick or resume any registered game, then enter what the table plays.

Built from the registry (``companion.games.entries()``) and naming no game, as the screens
are: the set-up asks what the set-up screen asks (who plays, the options, each seat's choice,
which seats the computer plays) and builds the log's first line with ``Entry.make_setup``.
Each turn shows the table's view (``game.view(state, None)``): the results' headlines, the
last notices, whose move it is, and a numbered list of the legal actions.

Every line typed becomes an action, checked by the rules, committed to the journal, then
acknowledged; a refusal prints its reason and changes nothing.  A line is a number from the
list (``#3`` too), a JSON log line, or one of the game's own short forms (``Entry.text_forms``,
tried before a bare number: ESP's ``4`` is a prediction); ``undo``, ``redo``, ``export FILE``,
``help`` and ``quit`` are always there.  Beside reading lines, a game's ``text_forms`` may
carry ``help`` (its lines for the help), ``words(players, action)`` (an action as the table
says it) and ``lines(view, private)`` (its own lines above the generic ones; ``private(seat)``
is a seat's view, given when the companion deals here and so nothing is hidden).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path
from typing import Any, Callable, TextIO

from companion.engine.journal import Journal, JournaledMatch, JournalError, Unsaved, default_path
from companion.engine.logfile import LogError, parse_line
from companion.engine.refusal import Refused, quote
from companion.engine.registry import Entry
from companion.exits import CliError
from companion.games import entries, names_in, registry

HEAD = "Type what happened at the table:"
GENERIC = """\
  a move         3 or #3             (its number in the list shown each turn)"""
ALWAYS = "Always: undo, redo, export FILE, help, quit."
COMPUTER_MARK = "*"  # after a name at set-up: the computer plays that seat

_CHOICE = re.compile(r"(#?)(\d{1,6})", re.ASCII)


def readable(value: Any) -> str:
    """A field's value without JSON's punctuation: yes/no, ``circle/cross``, ``(as energy)``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return "/".join(readable(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return "(" + ", ".join(f"{k} {readable(v)}" for k, v in value.items()) + ")"
    return str(value)


def described(players: list[str], action: dict, words: Callable | None = None) -> str:
    """An action as a line: the game's own words when it has them ("Bo's card, 3 star"),
    else whose it is, its act and its fields ("Bo: guess — faces 3")."""
    said = words(players, action) if words else None
    if said:
        return said
    seat = action.get("seat")
    named = type(seat) is int and 0 <= seat < len(players)
    fields = ", ".join(f"{k} {readable(v)}" for k, v in action.items() if k != "act" and not (named and k == "seat"))
    return (f"{players[seat]}: " if named else "") + str(action.get("act", "?")) + (f" — {fields}" if fields else "")


def pick(typed: str, values: list[str]) -> int | None:
    """Which of ``values`` an answer names: its number in the list, the value itself in any
    capitals, or the only value it begins; None when it names none (or several)."""
    typed = typed.strip().casefold()
    if typed.isascii() and typed.isdigit() and 1 <= int(typed) <= len(values):
        return int(typed) - 1
    folded = [v.casefold() for v in values]
    if typed in folded:
        return folded.index(typed)
    starting = [k for k, v in enumerate(folded) if typed and v.startswith(typed)]
    return starting[0] if len(starting) == 1 else None


class TextCompanion:
    """One terminal session: a game chosen or resumed, then the table's lines until quit."""

    def __init__(self, journal: Journal, read: Callable[[str], str] = input, out: TextIO = sys.stdout,
                 new_seed: Callable[[], int] = lambda: random.randrange(1, 1_000_000)) -> None:
        self.journal = journal
        self.read = read
        self.out = out
        self.new_seed = new_seed  # injected by tests, so a game by numbers plays the same every time
        self.entry: Entry | None = None
        self.computer: tuple[int, ...] = ()
        self.dealing = False
        self.choices: list[dict] = []  # the numbered list last shown
        self.chance_offered: dict | None = None  # number 0 in it: a chance move the companion may make

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> "TextCompanion":
        path = Path(args.journal) if getattr(args, "journal", None) else default_path()
        try:
            journal, warning = Journal.open_or_recover(path, registry(), own=not getattr(args, "journal", None))
        except JournalError as error:  # in use, a folder, another program's file: one line, status 2
            raise CliError(str(error)) from None
        companion = cls(journal)
        if warning:
            companion.say(f"warning: {warning}")
        return companion

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def ask(self, prompt: str) -> str:
        try:
            return self.read(prompt).strip()
        except EOFError:
            raise KeyboardInterrupt from None

    def yes_or_no(self, question: str) -> bool:
        """Only yes or no answers a yes/no question: a stray name or an empty line asks again
        rather than resuming, abandoning or dealing by accident."""
        while True:
            answer = self.ask(f"{question} [y/n] ")
            if answer.casefold() in ("y", "yes"):
                return True
            if answer.casefold() in ("n", "no"):
                return False
            typed = f", not {answer!r}" if answer else ""
            self.say(f"Please answer yes or no (y or n){typed}.")

    # -- start-up -------------------------------------------------------------------
    def run(self) -> int:
        try:
            match = self.resume_offer() or self.new_game()
            self.play(match)
        except KeyboardInterrupt:
            self.say("\nBye — the game is saved; start the companion again to resume it.")
        except JournalError as error:  # the card failed while starting or resuming: nothing half-done
            self.say(f"companion: {error}")
            return 2
        finally:
            self.journal.close()  # lets the next companion open the journal
        return 0

    def resume_offer(self) -> JournaledMatch | None:
        record = self.journal.latest_unfinished()
        if record is None or record.game not in entries():
            return None
        players = ", ".join(names_in(record.game, record.setup))
        if not self.yes_or_no(f"Resume the unfinished {record.game} game of {players} ({record.actions} actions)?"):
            self.journal.abandon(record.id)
            return None
        match = self.journal.resume(record.id)
        for warning in match.warnings:
            self.say(f"warning: {warning}")
        self.begin(entries()[record.game], match)
        return match

    def begin(self, entry: Entry, match: JournaledMatch) -> None:
        """Who plays what in this game, from the journal's notes: the computer's seats (as the
        screen keeps them) and whether the companion deals."""
        self.entry = entry
        computer = match.meta.get("computer")
        self.computer = tuple(s for s in computer if type(s) is int) if isinstance(computer, list) else ()
        self.dealing = entry.deals_here(match.match.setup, match.meta)

    def new_game(self) -> JournaledMatch:
        entry = self.choose_game()
        while True:
            names, computer = self.ask_players(entry)
            options = self.ask_options(entry, len(names), forced=bool(computer))
            extra = {"choices": self.ask_choices(entry, names)} if entry.seat_choice else {}
            setup = entry.make_setup(names, options, self.new_seed(), **extra)
            meta = {"computer": computer if entry.computer_offered(options) else [], "options": options}
            try:
                match = self.journal.new_game(setup, meta)
            except Refused as refused:
                self.say(f"Not started: {refused.reason}")
                continue
            except JournalError as error:
                self.say(f"Not started: {error}")
                continue
            self.begin(entry, match)
            return match

    def choose_game(self) -> Entry:
        games = list(entries().values())
        titles = [entry.title for entry in games]
        listed = ", ".join(f"{n} {title}" for n, title in enumerate(titles, 1))
        while True:
            typed = self.ask(f"Which game? ({listed}) ")
            found = pick(typed, [entry.name for entry in games])
            found = pick(typed, titles) if found is None else found
            if found is not None:
                return games[found]
            self.say(f"This companion plays {listed}: type a number or a name.")

    def ask_players(self, entry: Entry) -> tuple[list[str], list[int]]:
        """The names clockwise from seat 0 (how many play is how many are named); a name ending
        in * is a seat the computer plays, where the game has computer players."""
        least, most = entry.least, entry.most
        first = ", the first in the ghost's seat" if entry.capabilities.ghost_seat else ""
        marks = f"; end a name with {COMPUTER_MARK} for the computer to play it" \
            if entry.capabilities.computer_players else ""
        while True:
            typed = self.ask(f"Players ({least} to {most}{first}), clockwise from the first, "
                             f"separated by commas{marks}: ")
            names = [p.strip() for p in typed.split(",")]
            computer = [s for s, p in enumerate(names) if p.endswith(COMPUTER_MARK)]
            names = [p.removesuffix(COMPUTER_MARK).strip() for p in names]
            if computer and not entry.capabilities.computer_players:
                self.say(f"{entry.title} has no computer players yet: type the names without {COMPUTER_MARK}.")
            elif not least <= len(names) <= most:
                self.say(f"{entry.title} seats {least} to {most} players; {len(names)} named: "
                         "separate the names with commas.")
            else:
                return names, computer

    def ask_options(self, entry: Entry, count: int, forced: bool) -> dict[str, bool]:
        """Each option offered at this table size, yes or no; a yes turns the rest of its group
        off.  The option the computer players need is on when a seat was marked for the computer,
        and an option whose value is gathered on its own screen (a die face by face) is left to
        the screen."""
        options = {option.key: False for option in entry.options}
        taken: set[str] = set()
        if forced and entry.computer_needs:
            needed = next(o for o in entry.options if o.key == entry.computer_needs)
            options[needed.key] = True
            taken |= {needed.group} - {None}
            self.say(f"The computer plays the marked seats: {needed.label} is on.")
        for option in entry.options:
            if options[option.key] or not option.offered(count) or option.group in taken:
                continue
            if entry.option_screens and self.screen_only(entry, count, options, option.key):
                self.say(f"({option.label} is chosen on the screen: `companion`.)")
                continue
            options[option.key] = self.yes_or_no(f"{option.label}?")
            if options[option.key]:
                taken |= {option.group} - {None}
        return options

    @staticmethod
    def screen_only(entry: Entry, count: int, options: dict, key: str) -> bool:
        """An option that changes nothing without what its own screen gathers."""
        names = [f"seat {s}" for s in range(count)]
        extra = {"choices": list(entry.seat_choice.values[:count])} if entry.seat_choice else {}
        return entry.make_setup(names, {**options, key: True}, 1, **extra) == entry.make_setup(names, options, 1, **extra)

    def ask_choices(self, entry: Entry, names: list[str]) -> list[str]:
        """Each seat's value of the game's per-seat choice, each held by one seat at most."""
        values = list(entry.seat_choice.values)
        listed = ", ".join(f"{n} {v}" for n, v in enumerate(values, 1))
        label = entry.seat_choice.label.lower()
        chosen: list[str] = []
        for name in names:
            default = next(v for v in values if v not in chosen)
            while True:
                typed = self.ask(f"{name}'s {label} ({listed}) [{default}]: ")
                found = pick(typed, values)
                value = default if not typed else None if found is None else values[found]
                if value is None:
                    self.say(f"There is no {label} {quote(typed)}: type a number or a name.")
                elif value in chosen:
                    self.say(f"{value} is {names[chosen.index(value)]}'s already.")
                else:
                    chosen.append(value)
                    break
        return chosen

    # -- the game loop --------------------------------------------------------------
    @property
    def forms(self) -> Any:
        return self.entry.text_forms if self.entry else None

    def part(self, name: str) -> Any:
        """An optional part of the game's text forms (its help, words or lines)."""
        return getattr(self.forms, name, None)

    def help(self, match: JournaledMatch) -> str:
        own = self.part("help")
        legal = [] if match.game.is_over(match.state) else match.game.legal(match.state)
        example = json.dumps(legal[0], ensure_ascii=False) if legal else '{"act": ...}'
        return "\n".join([HEAD, GENERIC, f"  any log line   {example}", *([own] if own else []), ALWAYS])

    def play(self, match: JournaledMatch) -> None:
        self.say(self.help(match))
        while True:
            self.companion_moves(match)
            self.show(match)
            if match.game.is_over(match.state):
                self.say("The game is over. export FILE saves its log; quit leaves.")
            text = self.ask("> ")
            if not text:
                continue
            if not self.command(match, text):
                return

    def companion_move(self, match: JournaledMatch) -> dict | None:
        """The companion's own next move: a deal where it deals here, else a computer seat's."""
        game, state = match.game, match.state
        if game.is_over(state):
            return None
        if self.dealing:
            action = game.chance(state)
            if action is not None:
                return action
        if not self.computer or self.entry.bot is None:
            return None
        rng = random.Random(f"{match.match.setup.get('seed')}:bot:{len(match.match.actions)}")
        return self.entry.bot(game, state, self.computer, rng)

    def companion_moves(self, match: JournaledMatch) -> None:
        while (action := self.companion_move(match)) is not None:
            refusal = match.play(action)
            if refusal is not None:  # the card could not keep it, or a bot erred: say so, wait for a line
                self.say(f"{'not saved' if isinstance(refusal, Unsaved) else 'refused'}: {refusal.reason}")
                return
            seat = action.get("seat")
            if type(seat) is int and seat in self.computer:
                self.say(f"The computer played for {match.game.players(match.state)[seat]}.")

    def command(self, match: JournaledMatch, text: str) -> bool:
        word = text.split()[0].lower()
        if word in ("quit", "q", "exit"):
            return False
        if word == "help":
            self.say(self.help(match))
        elif word in ("undo", "redo"):
            try:
                self.undo_or_redo(match, word)
            except JournalError as error:
                self.say(f"not saved: {error}")
        elif word == "export":
            target = text.split(maxsplit=1)[1] if " " in text else f"game-{match.id}.jsonl"
            try:
                Path(target).write_text("".join(line + "\n" for line in match.iter_log_text()), encoding="utf-8")
                self.say(f"saved the log to {target}")
            except OSError as error:
                self.say(f"could not write {target}: {error.strerror}")
        else:
            try:
                action = self.parse(match, text)
            except Refused as refused:
                self.say(f"refused: {refused.reason}")
                return True
            refusal = match.play(action)
            if refusal is None:
                self.say("ok")
            else:
                self.say(f"{'not saved' if isinstance(refusal, Unsaved) else 'refused'}: {refusal.reason}")
        return True

    def undo_or_redo(self, match: JournaledMatch, word: str) -> None:
        players = match.game.players(match.state)
        if word == "undo":
            undone = self.undo(match)
            self.say(f"undone: {described(players, undone, self.part('words'))}" if undone else "nothing to undo")
        else:
            done = match.redo()
            self.say(f"redone: {described(players, done, self.part('words'))}" if done else "nothing to redo")

    def undo(self, match: JournaledMatch) -> dict | None:
        """Undo the last entry typed here, and the companion's own moves after it (the deals,
        the computer's seats): else they would simply be made again."""
        undone = match.undo()
        while undone is not None and self.companion_move(match) == undone:
            undone = match.undo()
        return undone

    def parse(self, match: JournaledMatch, text: str) -> dict:
        """A JSON log line, a number from the list, or the game's own short form."""
        if text.startswith("{"):
            try:
                return parse_line(text)  # refused exactly as the same line in a log would be
            except LogError as error:
                raise Refused(error.reason) from None
        if match.game.is_over(match.state):
            raise Refused("the game is over: nothing more can be played")
        number = _CHOICE.fullmatch(text)
        if number and number[1]:
            return self.chosen(int(number[2]))
        action = self.forms(match.game, match.state, text) if self.forms else None
        if action is not None:
            return action
        if number:
            return self.chosen(int(number[2]))
        raise Refused(f"{quote(text)} is not a move here: type its number from the list, a JSON line, or help")

    def chosen(self, number: int) -> dict:
        low = 0 if self.choices and self.choices[0] is None else 1
        moves = [c for c in self.choices if c is not None]
        if not low <= number <= len(moves):
            raise Refused(f"there is no move {number}: the list runs from {low} to {len(moves)}")
        if number == 0:
            return self.chance_offered
        return moves[number - 1]

    # -- what the table sees ----------------------------------------------------------
    def show(self, match: JournaledMatch) -> None:
        game, state = match.game, match.state
        view = game.view(state, None)
        players = game.players(state)
        words = self.part("words")
        self.say("")
        lines = self.part("lines")
        if lines:
            private = (lambda seat: game.view(state, seat)) if self.dealing else None
            for line in lines(view, private):
                self.say(line)
        results = view.get("results") or {}
        for headline in results.get("headlines", ()):
            self.say(f"  {headline}")
        for notice in (view.get("notices") or [])[-2:]:
            self.say(f"  note: {notice}")
        for name, label in zip(results.get("names", ()), results.get("labels", ())):
            self.say(f"  {name}: {label}")
        owed = game.expected(state)
        self.choices = []
        if owed is None:
            return
        self.say(f"Next: {described(players, owed, words)}")
        self.list_moves(match, players, words)

    def list_moves(self, match: JournaledMatch, players: list[str], words: Callable | None) -> None:
        """The numbered legal actions (the computer's seats' left out), and 0 for a chance move
        the companion may make from the game's seed when the table would rather it did."""
        game, state = match.game, match.state
        legal = game.legal(state)
        mine = [a for a in legal if a.get("seat") not in self.computer] or legal
        self.chance_offered = game.chance(state) if "seed" in match.match.setup and not self.dealing else None
        self.choices = ([None] if self.chance_offered else []) + mine
        if self.chance_offered:
            self.say(f"  0. the companion makes this {self.chance_offered.get('act', 'move')} from the game's seed")
        for number, action in enumerate(mine, 1):
            self.say(f"  {number}. {described(players, action, words)}")
