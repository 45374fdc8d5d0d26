"""`companion shots` writes a picture of every screen at every size, refuses a place it
cannot write in one sentence, and the desktop's side panel is table-grade (every game
screen's own checks: tests/test_table_grade.py)."""


from companion.ui.shots import SIZES, examples, rendered
from companion.ui.widgets import TEXT_LOG


def test_the_side_panel_is_table_grade_too():
    """The desktop's side panel (the simulated box's buttons and pentagram) beside the game:
    the texts right of the 800-pixel game area pass the same checks."""
    from companion.ui import theme
    from tests.table_grade import text_problems

    problems = []
    for name, size, app in rendered(((800, 480),), side_panel=True, only="home"):
        TEXT_LOG.clear()
        app.dirty = True
        app.step()
        assert app.surface.get_width() > 800
        panel = [t for t in TEXT_LOG if t.rect.left >= 800]
        assert panel, "the side panel drew no text"
        problems = text_problems(panel, theme.Scale(size))
    assert not problems, "\n".join(problems)


def test_companion_shots_writes_every_screen(tmp_path):
    from companion.cli import main

    """One size here (every size is drawn by the table-grade audit; writing the PNGs of all
    four would double the test's time for nothing more learned)."""
    assert main(["shots", str(tmp_path), "--size", "800x480"]) == 0
    names = {p.name for p in tmp_path.glob("*.png")}
    assert len(names) == len(list(examples()))
    assert "esp-trick-won-800x480.png" in names and "summary-800x480.png" in names
    assert len(SIZES) == 4


def test_shots_refuse_a_size_that_is_not_one(tmp_path, capsys):
    from companion.cli import main

    assert main(["shots", str(tmp_path), "--size", "big"]) == 2
    assert capsys.readouterr().err == "companion: 'big' is not a screen size: give WIDTHxHEIGHT, e.g. 800x480\n"
    assert not list(tmp_path.glob("*.png"))


def test_shots_to_a_place_it_cannot_write_is_one_sentence_before_any_drawing(tmp_path, capsys):
    """A file given as the folder, a folder under a file, a place nobody may write: one
    sentence and exit 2, said at once (not after minutes of drawing), no traceback."""
    from companion.cli import main

    afile = tmp_path / "notes.txt"
    afile.write_text("mine")
    cases = [(afile, f"companion: {afile} is a file, not a folder: give a folder for the pictures\n"),
             (afile / "shots" / "today", f"companion: {afile / 'shots' / 'today'} cannot be made: "
                                         f"{afile} is a file, not a folder\n")]
    for outdir, said in cases:
        assert main(["shots", str(outdir)]) == 2
        assert capsys.readouterr() == ("", said)
    assert afile.read_text() == "mine"


def test_shots_where_the_system_forbids_writing_is_one_sentence(tmp_path, capsys, monkeypatch):
    from pathlib import Path

    from companion.cli import main

    def forbidden(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", forbidden)
    outdir = tmp_path / "pictures"
    assert main(["shots", str(outdir)]) == 2
    assert capsys.readouterr() == ("", f"companion: the pictures cannot be written in {outdir} "
                                       "(permission denied): give a folder of your own\n")


def test_shots_on_a_read_only_or_full_card_is_one_sentence(tmp_path, capsys, monkeypatch):
    import errno
    import tempfile

    from companion.cli import main

    def refused(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "TemporaryFile", refused)
    assert main(["shots", str(tmp_path)]) == 2
    assert capsys.readouterr() == ("", f"companion: the pictures cannot be written in {tmp_path} "
                                       "(Read-only file system)\n")


def test_a_picture_that_cannot_be_saved_stops_shots_with_a_sentence(tmp_path, capsys, monkeypatch):
    import pygame

    from companion.ui.shots import main

    def full(surface, name):
        raise pygame.error("Couldn't write the file: No space left on device")

    monkeypatch.setattr(pygame.image, "save", full)
    assert main(str(tmp_path)) == 2
    first = next(name for name, _ in examples())
    assert capsys.readouterr() == ("", f"companion: {tmp_path / (first + '-800x480.png')} could not be written "
                                       "(Couldn't write the file: No space left on device)\n")
