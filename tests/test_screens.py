"""Every screen of every game, at the touch display's 800×480, at 1024×600 and at
1920×1080: no text runs off its room or off the screen (text widths are checked,
not pixels), and `companion shots` writes a picture of each."""


from companion.ui.shots import SIZES, examples, rendered
from companion.ui.widgets import TEXT_LOG


def test_no_text_runs_off_any_screen_at_any_size():
    problems = []
    seen = set()
    for name, size, app in rendered(SIZES):
        TEXT_LOG.clear()
        app.dirty = True
        app.step()
        assert TEXT_LOG, f"{name} drew no text"
        problems += [f"{name} at {size}: {t.text!r} is {t.width}px in {t.room}px at {t.rect}"
                     for t in TEXT_LOG if not t.fits()]
        seen.add(name)
    assert not problems, "\n".join(problems)
    assert seen == {name for name, _ in examples()}


def test_the_side_panel_fits_too():
    TEXT_LOG.clear()
    for name, size, app in rendered(((800, 480),), side_panel=True):
        assert app.surface.get_width() > 800
    assert all(t.fits() for t in TEXT_LOG)


def test_companion_shots_writes_every_screen(tmp_path):
    from companion.cli import main

    assert main(["shots", str(tmp_path)]) == 0
    names = {p.name for p in tmp_path.glob("*.png")}
    assert len(names) == len(list(examples())) * len(SIZES)
    assert "esp-trick-won-800x480.png" in names and "summary-1920x1080.png" in names


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
