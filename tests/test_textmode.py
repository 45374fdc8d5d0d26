"""The terminal companion: entries become journaled actions, refusals change nothing,
and a restarted companion offers the unfinished game first."""

import dataclasses
import io
import json
import random
import re

import pytest

from companion import cli
from companion.engine.journal import Journal
from companion.engine.logfile import LogError, parse_line
from companion.games import entries, registry
from companion.textmode import TextCompanion


def run(path, lines, **options):
    answers = iter(lines)
    out = io.StringIO()

    def read(prompt):
        out.write(prompt)
        return next(answers)  # StopIteration ends the script like EOF

    journal = Journal(path, registry())
    try:
        TextCompanion(journal, read=lambda p: _eof_safe(read, p), out=out, **options).run()
    finally:
        journal.close()  # as the companion's process ends: the next run may write
    return out.getvalue()


def _eof_safe(read, prompt):
    try:
        return read(prompt)
    except StopIteration:
        raise EOFError from None


def journaled(path):
    journal = Journal(path, registry())
    try:
        return journal.resume(journal.records()[0].id).log_lines()
    finally:
        journal.close()


def test_a_table_game_is_entered_refused_undone_and_resumed(tmp_path):
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo, Cy", "n", "cross", "4", "star", "4 cross",
                     "2 star", "Cy 1 cross", "5 star", "undo", "3 star", "quit"])
    assert "refused: it is Bo's turn to play, not Cy's" in out
    lines = journaled(path)
    assert lines[0] == {"game": "esp", "players": ["Ann", "Bo", "Cy"]}
    assert lines[1:] == [
        {"act": "predict", "seat": 0, "claim": "cross"},
        {"act": "predict", "seat": 1, "claim": 4},
        {"act": "predict", "seat": 2, "claim": "star"},
        {"act": "vision", "card": "4 cross"},
        {"act": "play", "seat": 0, "card": "2 star"},
        {"act": "play", "seat": 1, "card": "3 star"},
    ]
    # a restart offers the unfinished game first and carries on from it
    out = run(path, ["y", "1 cross", "quit"])
    assert "Resume the unfinished esp game of Ann, Bo, Cy (6 actions)?" in out
    assert "cross is Supernatural: the highest cross, 1 cross, wins" in out
    assert journaled(path)[-1] == {"act": "play", "seat": 2, "card": "1 cross"}


def test_a_simulated_game_deals_itself_and_undo_skips_the_deals(tmp_path):
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo", "y", "star", "cross", "quit"])
    lines = journaled(path)
    assert "seed" in lines[0]
    acts = [line["act"] for line in lines[1:]]
    assert acts == ["predict", "predict", "vision", "deal", "deal"]
    assert "Ann holds" in out
    run(path, ["y", "undo", "quit"])
    assert [line["act"] for line in journaled(path)[1:]] == ["predict"]


def test_bad_json_and_unknown_cards_are_sentences(tmp_path):
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo", "n", "{not json", "purple", "quit"])
    assert "refused: this line is not valid JSON (Expecting property name enclosed in double quotes, column 2)" in out
    assert "refused: there is no suit 'purple'" in out
    assert "Traceback" not in out
    assert journaled(path)[1:] == []


def test_export_writes_the_log(tmp_path):
    path = tmp_path / "journal.sqlite3"
    target = tmp_path / "game.jsonl"
    run(path, ["esp", "Ann, Bo", "n", "star", "2", f"export {target}", "quit"])
    lines = [json.loads(t) for t in target.read_text().splitlines()]
    assert lines == [{"game": "esp", "players": ["Ann", "Bo"]},
                     {"act": "predict", "seat": 0, "claim": "star"},
                     {"act": "predict", "seat": 1, "claim": 2}]


def test_companion_text_runs_without_loading_pygame(tmp_path):
    """`companion --text` is the terminal companion: it must work where no screen library is."""
    import subprocess
    import sys

    script = ("import sys; from companion.cli import main; code = main(['--text', '--journal', sys.argv[1]]); "
              "print('pygame' in sys.modules, code)")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "j.sqlite3")], input="", text=True,
                          capture_output=True, timeout=60)
    assert done.stdout.strip().splitlines()[-1] == "False 0", done.stdout + done.stderr


def test_the_readme_suit_letters_enter_predictions_the_vision_and_plays(tmp_path):
    path = tmp_path / "journal.sqlite3"
    run(path, ["esp", "Ann, Bo, Cy", "n", "t", "4", "c", "4x", "2 T", "Bo s 3", "quit"])
    assert journaled(path)[1:] == [
        {"act": "predict", "seat": 0, "claim": "star"},
        {"act": "predict", "seat": 1, "claim": 4},
        {"act": "predict", "seat": 2, "claim": "circle"},
        {"act": "vision", "card": "4 cross"},
        {"act": "play", "seat": 0, "card": "2 star"},
        {"act": "play", "seat": 1, "card": "3 square"},
    ]


def test_a_letter_that_is_no_suit_is_refused_in_a_sentence(tmp_path):
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo", "n", "star", "2", "4q", "quit"])
    assert "refused: there is no suit 'q' (the suits are circle, cross, squiggle, square, star)" in out
    assert len(journaled(path)) == 3


def test_undo_and_redo_say_what_they_did_in_words(tmp_path):
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo", "n", "star", "2", "4x", "2t", "undo", "redo", "undo", "undo", "quit"])
    assert "undone: Ann's card, 2 star" in out
    assert "redone: Ann's card, 2 star" in out
    assert "undone: the Vision Card, 4 cross" in out
    assert "{" not in out.split("Always:")[-1]  # no JSON once the help is printed


def test_the_aspects_are_told_only_once_the_vision_card_is_up(tmp_path):
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo", "n", "star", "2", "4x", "quit"])
    assert "None" not in out
    assert "Round 1 — First Seer Ann — vision ?\n" in out
    assert "Round 1 — First Seer Ann — vision 4 cross — no Supernatural Aspect" in out


def test_a_yes_no_question_takes_only_yes_or_no(tmp_path):
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo", "maybe", "", "N", "star", "quit"])
    assert "Please answer yes or no (y or n), not 'maybe'." in out
    assert "Please answer yes or no (y or n)." in out
    assert "seed" not in journaled(path)[0]
    # a stray answer to "Resume?" neither resumes nor abandons: it asks again
    out = run(path, ["Ann", "yes", "quit"])
    assert out.count("Resume the unfinished esp game of Ann, Bo (1 actions)? [y/n]") == 2
    assert "Please answer yes or no (y or n), not 'Ann'." in out
    assert len(journaled(path)) == 2  # still there, and resumable


PASTED = {
    "nested 100,000 deep": '{"act": "play", "seat": 0, "card": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "a 5,000-digit number": '{"act": "predict", "seat": 0, "claim": ' + "9" * 5_000 + "}",
    "NaN": '{"act": "predict", "seat": 0, "claim": NaN}',
    "half a character": '{"act": "predict", "seat": 0, "claim": "st\\udfffar"}',
    "a line too long": '{"act": "predict", "seat": 0, "claim": "' + "x" * 1_000_000 + '"}',
    "no object": '{"act"}',
}


@pytest.mark.parametrize("line", PASTED.values(), ids=PASTED.keys())
def test_a_pasted_json_line_is_refused_as_the_same_line_in_a_log_would_be(tmp_path, line):
    """The terminal reads a typed JSON line with the log's own reader: before, its own
    json.loads let a line nested 100,000 deep (RecursionError) or a 5,000-digit number
    (ValueError) end the companion with a traceback."""
    with pytest.raises(LogError) as caught:
        parse_line(line)
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo", "n", line, "star", "quit"])
    assert f"refused: {caught.value.reason}\n" in out and "Traceback" not in out
    assert journaled(path)[1:] == [{"act": "predict", "seat": 0, "claim": "star"}]  # and play goes on


def test_a_journal_in_use_is_one_line_on_stderr_and_status_2(tmp_path, capsys):
    path = tmp_path / "journal.sqlite3"
    first = Journal(path, registry())  # another companion holds it
    try:
        assert cli.main(["--text", "--journal", str(path)]) == cli.EXIT_REFUSED
    finally:
        first.close()
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("companion: the companion is already running on this journal (process ")
    assert err.endswith("\n") and err.count("\n") == 1


# -- every registered game, from the registry ---------------------------------------------------
GAMES = sorted(entries())
LISTED = re.compile(r"^  (\d+)\. ", re.M)


class Table:
    """A table at the terminal for any game: it answers the set-up's questions as they are asked
    (names, options at random, each seat's default choice) and then plays a number from each
    list shown, at random, until the game is over."""

    def __init__(self, entry, names, seed, out, turns=6000):
        self.entry, self.names, self.out = entry, names, out
        self.rng = random.Random(seed)
        self.turns = turns  # a game that never ends fails the test rather than hanging it
        self.seen = 0
        self.prefix = "#" if entry.text_forms else ""  # a bare number may be the game's own short form

    def __call__(self, prompt):
        self.out.write(prompt)
        shown = self.out.getvalue()[self.seen:]
        self.seen = len(self.out.getvalue())
        if prompt.startswith("Which game?"):
            return self.entry.title
        if prompt.startswith("Players"):
            return ", ".join(self.names)
        if prompt.endswith("[y/n] "):
            return self.rng.choice("yn")
        if prompt.endswith("]: "):  # a seat's choice: the default, which no other seat holds
            return ""
        self.turns -= 1
        numbers = [int(n) for n in LISTED.findall(shown)]
        if "The game is over." in shown or not numbers or self.turns < 0:
            return "quit"
        low = 0 if "\n  0. " in shown else 1
        return f"{self.prefix}{self.rng.randint(low, max(numbers))}"


def play_by_numbers(path, entry, names, seed=1):
    out = io.StringIO()
    journal = Journal(path, registry())
    try:
        TextCompanion(journal, read=Table(entry, names, seed, out), out=out, new_seed=lambda: 7).run()
    finally:
        journal.close()
    return out.getvalue()


def replayed(entry, lines):
    game = entry.rules
    state = game.setup(lines[0])
    for action in lines[1:]:
        state = game.apply(state, action)
    return game, state


@pytest.mark.parametrize("name", GAMES)
def test_every_registered_game_is_played_to_its_end_by_numbers(tmp_path, name):
    """Mysterium, Séance Party, Clairvoyance, ESP — and any game registered later — are
    playable in the terminal: a table choosing only numbers from the lists reaches the end."""
    entry = entries()[name]
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"][: max(entry.least, min(entry.default_count, 4))]
    path = tmp_path / "journal.sqlite3"
    out = play_by_numbers(path, entry, names)
    assert "Traceback" not in out and "refused" not in out and "not saved" not in out
    lines = journaled(path)
    assert lines[0]["game"] == name
    game, state = replayed(entry, lines)
    assert game.is_over(state) and game.outcome(state) is not None
    assert "The game is over." in out
    for headline in game.view(state, None)["results"]["headlines"]:
        assert f"  {headline}\n" in out  # the results' headlines are the table's scores


def test_choosing_a_game_lists_every_registered_game(tmp_path):
    out = run(tmp_path / "journal.sqlite3", ["chess", "quit"])
    listed = ", ".join(f"{n} {entry.title}" for n, entry in enumerate(entries().values(), 1))
    assert f"Which game? ({listed}) " in out
    assert f"This companion plays {listed}: type a number or a name." in out


def test_the_set_up_asks_what_the_screen_asks_and_builds_the_setup_from_the_entry(tmp_path):
    """Clairvoyance: how many play (within the entry's least and most), the options offered at
    that size (Team Play only at four), one option of a group at most, an option whose value
    its own screen gathers is left to the screen, and each seat's character (held once)."""
    entry = entries()["clairvoyance"]
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["Clair", "Ann", "Ann, Bo, Cy", "y", "", "Gert", "gertrude", "", "quit"],
              new_seed=lambda: 99)
    assert f"Clairvoyance seats {entry.least} to {entry.most} players; 1 named" in out
    assert "Teams" not in out  # three players: no Team Play
    assert "Our own die, face by face…?" not in out  # the standard die is on: one die at most
    assert "Bo's character" in out and "There is no character" not in out
    assert "Gertrude is Bo's already." in out
    chosen = {"teams": False, "standard_die": True, "own_die": False}
    characters = [entry.seat_choice.values[0], "Gertrude", entry.seat_choice.values[2]]
    assert journaled(path)[0] == entry.make_setup(["Ann", "Bo", "Cy"], chosen, 99, choices=characters)
    out = run(tmp_path / "other.sqlite3", ["clairvoyance", "Ann, Bo, Cy, Di", "n", "n", "", "", "", "", "quit"])
    assert "Teams, seated across (4 players)? [y/n]" in out
    assert "(Our own die, face by face… is chosen on the screen: `companion`.)" in out


def test_a_seat_marked_for_the_computer_is_played_by_the_entrys_bot(tmp_path):
    """ESP with Bo the computer's: dealing here goes on by itself, Bo's moves are the bot's
    (seeded as the screen seeds them) and the list holds only Ann's; undo takes back Ann's
    entry and the companion's moves after it."""
    entry = entries()["esp"]
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo*", "star", "quit"], new_seed=lambda: 5)
    assert "The computer plays the marked seats: Deal the cards here" in out
    assert "The computer played for Bo." in out
    lines = journaled(path)
    assert lines[0] == entry.make_setup(["Ann", "Bo"], {"full_information": True}, 5)
    game, state = replayed(entry, lines[:2])
    bot = entry.bot(game, state, (1,), random.Random("5:bot:1"))
    assert lines[1] == {"act": "predict", "seat": 0, "claim": "star"} and lines[2] == bot
    assert "Ann holds" in out and "Bo's card," not in out.split("Next: Ann's card")[-1]
    out = run(path, ["y", "undo", "quit"])
    assert "undone: Ann's prediction, star" in out
    assert journaled(path)[1:] == []
    # a whole game: only Ann's numbers are typed
    out = play_by_numbers(tmp_path / "whole.sqlite3", entry, ["Ann", "Bo*"])
    game, state = replayed(entry, journaled(tmp_path / "whole.sqlite3"))
    assert game.is_over(state) and "refused" not in out


def test_a_game_without_computer_players_takes_no_mark(tmp_path, monkeypatch):
    from companion import textmode

    esp = entries()["esp"]
    plain = dataclasses.replace(esp, capabilities=dataclasses.replace(esp.capabilities, computer_players=False))
    monkeypatch.setattr(textmode, "entries", lambda: {"esp": plain})
    out = run(tmp_path / "journal.sqlite3", ["esp", "Ann, Bo*", "Ann, Bo", "n", "quit"])
    assert "ESP has no computer players yet: type the names without *." in out
    assert "end a name with *" not in out


def test_a_chance_move_is_the_companions_when_asked_by_0(tmp_path):
    """Clairvoyance's roll: the table may roll its own die (a number from the list) or leave it
    to the companion (0), which rolls from the game's seed."""
    entry = entries()["clairvoyance"]
    path = tmp_path / "journal.sqlite3"
    run(path, ["clairvoyance", "Ann, Bo", "n", "n", "", "", "quit"], new_seed=lambda: 3)
    game, state = replayed(entry, journaled(path))
    guesses = 0
    while game.chance(state) is None:  # the guesses before the roll, each by its number
        run(path, ["y", "1", "quit"])
        game, state = replayed(entry, journaled(path))
        guesses += 1
        assert guesses < 20
    out = run(path, ["y", "0", "quit"])
    assert f"  0. the companion makes this {game.chance(state)['act']} from the game's seed" in out
    assert journaled(path)[-1] == game.chance(state)


def test_numbers_out_of_the_list_and_unknown_words_are_sentences(tmp_path):
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["séance party", "Ann, Bo", "n", "999", "#0", "dance", "quit"])
    assert "refused: there is no move 999: the list runs from 1 to " in out
    assert "refused: there is no move 0: the list runs from 1 to " in out
    assert "refused: 'dance' is not a move here: type its number from the list, a JSON line, or help" in out
    assert journaled(path)[1:] == []


def test_any_registered_game_is_resumed_where_it_stood(tmp_path):
    path = tmp_path / "journal.sqlite3"
    run(path, ["mysterium", "Gus, Ann, Bo, Cy", "n", "n", "1", "1", "quit"])
    before = journaled(path)
    assert len(before) == 3
    out = run(path, ["y", "1", "quit"])
    assert "Resume the unfinished mysterium game of " in out and "(2 actions)?" in out
    assert journaled(path)[:3] == before and len(journaled(path)) == 4
