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
