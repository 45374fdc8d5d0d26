"""The companion in a terminal: pick or resume a game, then enter what the table plays.

Every line typed becomes an action, checked by the rules, committed to the journal,
then acknowledged; a refusal prints its reason and changes nothing.  Entries are
the log's JSON lines or short forms (``star``, ``t``, ``4``, ``4 cross``, ``4x``,
``Bo 4 x``) with the suit letters the screen's keys use; ``undo``, ``redo``,
``export FILE``, ``help`` and ``quit`` are always there.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Callable, TextIO

from companion.engine.journal import Journal, JournaledMatch, JournalError, Unsaved, default_path
from companion.engine.logfile import LogError, parse_line
from companion.engine.refusal import Refused
from companion.exits import CliError
from companion.games import names_in, registry
from companion.games.esp.cards import SUIT_LETTERS

TEXT_GAMES = ("esp",)  # the others need the screen (Mysterium's hourglass, Séance Party's pentagram…)

HELP = """\
Type what happened at the table:
  a prediction   star | t | 4        (for the player whose turn it is)
  the vision     4 cross | 4x
  a play         4 cross | 4x        (for the player whose turn it is)
  a bid          Bo 4 cross          (bids come in any order; the name picks the player)
  any log line   {"act": "play", "seat": 1, "card": "4 cross"}
Suits: c circle, x cross, w squiggle, s square, t star.
Always: undo, redo, export FILE, help, quit."""

ENTRIES = {"predict": "prediction", "vision": "Vision Card", "play": "card", "bid": "bid", "deal": "cards"}
"""What each kind of entry is called, in Next:, undo and redo alike."""
HINTS = {"predict": " (a suit or a rank)", "bid": " (the last face-down card)"}

_CARD = re.compile(r"(\d)\s*([a-z]+)|([a-z]+)\s*(\d)", re.ASCII)


def spelled_out(text: str) -> str:
    """A short form in the rules' spelling: ``4x``, ``4 x`` and ``x 4`` are ``4 cross``,
    a lone ``x`` is ``cross``; anything else is left as typed for the rules to judge."""
    text = text.lower()
    if text in SUIT_LETTERS:
        return SUIT_LETTERS[text]
    found = _CARD.fullmatch(text)
    if found is None:
        return text
    rank, suit = (found[1], found[2]) if found[1] else (found[4], found[3])
    return f"{rank} {SUIT_LETTERS.get(suit, suit)}"


def in_words(players: list[str], action: dict) -> str:
    """An entry as the table would say it: "Bo's card, 3 star", "the Vision Card"."""
    kind = ENTRIES.get(action.get("act"))
    if kind is None:
        return json.dumps(action)
    seat = action.get("seat")
    who = f"{players[seat]}'s" if isinstance(seat, int) and 0 <= seat < len(players) else "the"
    value = action.get("claim", action.get("card"))
    return f"{who} {kind}" + (f", {value}" if value is not None else "")


class TextCompanion:
    def __init__(self, journal: Journal, read: Callable[[str], str] = input, out: TextIO = sys.stdout) -> None:
        self.journal = journal
        self.read = read
        self.out = out
        self.full_information = False

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
        if record is None:
            return None
        if record.game not in TEXT_GAMES:
            self.say(f"An unfinished {record.game} game is waiting; it is played on the screen (`companion`).")
            return None
        players = ", ".join(names_in(record.game, record.setup))
        if not self.yes_or_no(f"Resume the unfinished {record.game} game of {players} ({record.actions} actions)?"):
            self.journal.abandon(record.id)
            return None
        match = self.journal.resume(record.id)
        for warning in match.warnings:
            self.say(f"warning: {warning}")
        self.full_information = "seed" in record.setup
        return match

    def new_game(self) -> JournaledMatch:
        games = {name: game for name, game in registry().items() if name in TEXT_GAMES}
        names = sorted(games)
        while True:
            choice = self.ask(f"Which game? ({', '.join(names)}) ") or names[0]
            if choice in games:
                break
            self.say(f"This companion knows {', '.join(names)}.")
        game = games[choice]
        while True:
            players = [p.strip() for p in self.ask("Players, clockwise from the first, separated by commas: ").split(",")]
            simulate = self.yes_or_no("Deal the cards here for a solo try (full information)?")
            setup = {"game": game.name, "players": players}
            if simulate:
                setup["seed"] = abs(hash(tuple(players))) % 10_000
            try:
                match = self.journal.new_game(setup)
            except Refused as refused:
                self.say(f"Not started: {refused.reason}")
                continue
            except JournalError as error:
                self.say(f"Not started: {error}")
                continue
            self.full_information = simulate
            return match

    # -- the game loop --------------------------------------------------------------
    def play(self, match: JournaledMatch) -> None:
        self.say(HELP)
        while True:
            self.deal_if_simulated(match)
            self.show(match)
            if match.game.is_over(match.state):
                self.say("The game is over. export FILE saves its log; quit leaves.")
            text = self.ask("> ")
            if not text:
                continue
            if not self.command(match, text):
                return

    def deal_if_simulated(self, match: JournaledMatch) -> None:
        while self.full_information:
            action = match.game.chance(match.state)
            if action is None:
                return
            refusal = match.play(action)
            if refusal is not None:  # the card could not keep the deal: say so, try again on the next line
                self.say(f"not saved: {refusal.reason}")
                return

    def command(self, match: JournaledMatch, text: str) -> bool:
        word = text.split()[0].lower()
        if word in ("quit", "q", "exit"):
            return False
        if word == "help":
            self.say(HELP)
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
            self.say(f"undone: {in_words(players, undone)}" if undone else "nothing to undo")
        else:
            done = match.redo()
            self.say(f"redone: {in_words(players, done)}" if done else "nothing to redo")

    def undo(self, match: JournaledMatch) -> dict | None:
        """Undo the last player's entry; in a simulated game, also the deals the
        companion made after it (else they would simply be made again)."""
        undone = match.undo()
        while undone is not None and self.full_information and match.game.chance(match.state) == undone:
            undone = match.undo()
        return undone

    def parse(self, match: JournaledMatch, text: str) -> dict:
        """A JSON log line, or a short form completed from what the table owes next."""
        if text.startswith("{"):
            try:
                return parse_line(text)  # refused exactly as the same line in a log would be
            except LogError as error:
                raise Refused(error.reason) from None
        owed = match.game.expected(match.state)
        if owed is None:
            raise Refused("the game is over: nothing more can be played")
        players = match.game.players(match.state)
        words = text.split()
        seat = owed.get("seat")
        lowered = [p.casefold() for p in players]
        if words and words[0].casefold() in lowered:
            seat = lowered.index(words[0].casefold())
            words = words[1:]
        rest = spelled_out(" ".join(words))
        act = owed["act"]
        if act == "predict":
            return {"act": "predict", "seat": seat, "claim": int(rest) if rest in ("1", "2", "3", "4", "5") else rest}
        if act == "vision":
            return {"act": "vision", "card": rest}
        return {"act": act, "seat": seat, "card": rest}

    # -- what the table sees ----------------------------------------------------------
    def show(self, match: JournaledMatch) -> None:
        game, state = match.game, match.state
        view = game.view(state, None)
        players = view["players"]
        self.say("")
        if view["rounds"]:
            rnd = view["rounds"][-1]
            number = len(view["rounds"])
            heading = f"Round {number} — First Seer {players[rnd['first_seer']]} — vision {rnd['vision'] or '?'}"
            if rnd["vision"]:  # the aspects follow from the Vision Card: nothing to say before it
                aspect = rnd["supernatural"]
                heading += " — no Supernatural Aspect" if aspect is None else f" — Supernatural: {aspect}"
                if rnd["superduper"] is not None:
                    heading += f", Super-duper-natural: {rnd['superduper']}"
            self.say(heading)
            claims = ", ".join(f"{players[s]}: {c}" for s, c in view["claims"])
            if claims:
                self.say(f"  predictions  {claims}")
            for trick, why in zip(rnd["tricks"], view["why"] + [""] * 5):
                cards = ", ".join(trick["cards"])
                winner = f" -> {players[trick['winner']]} ({why})" if trick["winner"] is not None else ""
                self.say(f"  trick led by {players[trick['leader']]}: {cards}{winner}")
        self.say("  scores  " + ", ".join(f"{p} {t}" for p, t in zip(players, view["totals"])))
        for notice in view["notices"][-2:]:
            self.say(f"  note: {notice}")
        if view["outcomes"]:
            for player, label in zip(players, view["outcomes"]):
                self.say(f"  {player}: {label}")
        owed = view["next"]
        if owed:
            self.say(f"Next: {in_words(players, owed)}{HINTS.get(owed['act'], '')}")
            if self.full_information and "seat" in owed:
                hand = game.view(state, owed["seat"])["hands"]
                if hand and isinstance(hand[owed["seat"]], list):
                    self.say(f"  {players[owed['seat']]} holds {', '.join(hand[owed['seat']])}")
