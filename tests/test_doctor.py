"""`companion doctor` walks the builder through every part; on the simulation a
pretend builder does what a person would, so the whole chain is checked."""

import dataclasses

import pytest

from companion.commands.doctor import doctor_main
from firmware_py.box import Box, Fitted
from firmware_py.clock import ManualClock
from firmware_py.doctor import Builder, Doctor
from firmware_py.pentagram.scenes import OneLed
from sim.builder import simulated_builder


def report(checks):
    return {c.name: c for c in checks}


def test_every_part_of_the_simulated_box_passes(capsys):
    assert doctor_main(simulate=True) == 0
    out = capsys.readouterr().out
    for line in ("[ok  ] ADS1115 knock sensor: found at 0x48 on I2C bus 1", "[ok  ] pentagram LEDs: 50 LEDs",
                 "[ok  ] knock once: heard as yes", "[ok  ] knock twice: heard as no",
                 "[ok  ] yes button: GPIO5", "[ok  ] no button: GPIO6", "[ok  ] undo button: GPIO16"):
        assert line in out
    assert "Everything fitted works." in out


def test_the_digital_knock_module_is_checked_through_its_pin(capsys):
    assert doctor_main(simulate=True, fitted=Fitted(knock="module")) == 0
    out = capsys.readouterr().out
    assert "[skip] ADS1115 knock sensor: not fitted" in out
    assert "[ok  ] knock twice: heard as no" in out


def test_a_miswired_button_is_named():
    box = Box.open(simulate=True, clock=ManualClock(), listen=False)
    honest = simulated_builder()

    def crossed(step, box):  # the YES and NO wires are swapped
        swap = {"yes": "no", "no": "yes"}
        return honest.act(swap.get(step, step), box)

    try:
        checks = report(Doctor(box, Builder(ask=lambda q: True, act=crossed, say=lambda t: None)).buttons())
    finally:
        box.close()
    assert checks["yes button"].ok is False
    assert "miswired: pressing YES gave NO" in checks["yes button"].detail
    assert checks["undo button"].ok is True


def test_a_missing_adc_and_a_silent_builder_fail_with_what_to_check():
    box = Box.open(simulate=True, clock=ManualClock(), listen=False)
    box.knock.reader.device.bus.unplug()
    quiet = Builder(ask=lambda q: False, say=lambda t: None)
    try:
        checks = report(Doctor(box, quiet).run())
    finally:
        box.close()
    assert checks["ADS1115 knock sensor"].ok is False
    assert "check SDA GPIO2, SCL GPIO3" in checks["ADS1115 knock sensor"].detail
    assert checks["knock once"].ok is False and "nothing heard" in checks["knock once"].detail
    assert checks["pentagram LEDs"].ok is False  # the builder said an LED stayed dark
    assert "no press seen on GPIO5" in checks["yes button"].detail


def test_doctor_is_a_companion_subcommand(capsys):
    from companion.cli import main

    assert main(["doctor", "--sim", "--knock", "none", "--no-buttons"]) == 0
    out = capsys.readouterr().out
    assert "[skip] knock sensor: not fitted" in out and "[skip] buttons: not fitted" in out


def test_a_bus_that_throws_is_reported_as_a_failure_and_a_warning():
    """The knock sensor's bus raising something other than an I2C error (a TypeError from a
    bus library) is a FAIL and the warning the app shows, not a silent stop."""
    import io

    from firmware_py.doctor import examine

    box = Box.open(simulate=True, clock=ManualClock(), listen=False)
    box.knock.reader.device.bus.fail_between(0, 1e9, TypeError("'NoneType' object is not subscriptable"))
    out = io.StringIO()
    assert examine(box, Builder(ask=lambda q: True, say=lambda t: None), out) == 1
    lines = out.getvalue().splitlines()
    assert "[FAIL] ADS1115 knock sensor: no ADS1115 answers at 0x48 on I2C bus 1: check SDA GPIO2, SCL GPIO3, " \
           "3.3 V and ground" in lines
    assert "[warn] knock sensor: no ADS1115 answers at 0x48 on I2C bus 1: " \
           "TypeError: 'NoneType' object is not subscriptable" in lines
    assert "[FAIL] knock once: nothing heard: check the piezo and its wiring, then run `companion knock calibrate`" \
        in lines


def test_a_damaged_pin_map_is_one_fail_line(tmp_path, monkeypatch, capsys):
    bad = tmp_path / "pins.toml"
    bad.write_text("[buzzer]\npin = twelve\n", encoding="utf-8")
    monkeypatch.setenv("PLANCHETTE_PINS", str(bad))
    assert doctor_main(simulate=True) == 1
    assert capsys.readouterr().out == (f"[FAIL] pin map: the pin map {bad} is not valid TOML: "
                                       "Invalid value (at line 2, column 7)\n")


# -- each game's lights, from the registry -----------------------------------------------------
seen_views = []


def point_lights(view, meta):
    """A game's lights for these tests: the top point, remembering the view it was given."""
    seen_views.append((view, meta))
    return OneLed(0, (200, 0, 200))


def broken_lights(view, meta):
    raise KeyError("round")


def with_lights(monkeypatch, **lights):
    """The real registry, with ``lights`` named for some games (the others name none)."""
    from companion.commands import doctor as command
    from companion.games import entries

    fake = {name: dataclasses.replace(entry, lights=lights.get(name)) for name, entry in entries().items()}
    monkeypatch.setattr(command, "entries", lambda: fake)
    return fake


def test_the_walk_shows_each_scene_it_is_given_and_names_the_games():
    box = Box.open(simulate=True, clock=ManualClock(), listen=False)
    drawn = []

    class Counted:
        def frame(self, layout, t):
            drawn.append(t)
            return OneLed(3).frame(layout, t)

    try:
        walk = [("First", Counted), ("Second", lambda: OneLed(7))]
        doctor = Doctor(box, Builder(ask=lambda q: True, say=lambda t: None), scenes=walk)
        (check,) = doctor.lights()
        pixels = box.pentagram.backend.pixels
    finally:
        box.close()
    assert (check.ok, check.detail) == (True, "First, Second")
    assert len(drawn) > 10 and drawn == sorted(drawn) and drawn[-1] > drawn[0], "the scene animates on the clock"
    assert not any(any(colour) for colour in pixels), "the walk ends dark"


def test_a_scene_that_cannot_be_made_or_drawn_is_one_fail_line_naming_the_game():
    box = Box.open(simulate=True, clock=ManualClock(), listen=False)

    class Short:
        def frame(self, layout, t):
            return []

    def broken():
        raise KeyError("round")

    try:
        walk = [("Fine", lambda: OneLed(1)), ("Broken", broken), ("Short", Short)]
        (check,) = Doctor(box, Builder(ask=lambda q: True, say=lambda t: None), scenes=walk).lights()
    finally:
        box.close()
    assert check.ok is False
    assert check.detail == ("cannot be drawn: Broken (KeyError: 'round'); "
                            "Short (ValueError: Short drew 0 colours for a pentagram of 50 LEDs)")


def test_without_a_pentagram_or_scenes_the_walk_adds_nothing():
    box = Box.open(simulate=True, clock=ManualClock(), listen=False, fitted=Fitted(pentagram=False))
    try:
        assert Doctor(box, Builder(ask=lambda q: True), scenes=[("A", lambda: OneLed(0))]).lights() == []
    finally:
        box.close()
    box = Box.open(simulate=True, clock=ManualClock(), listen=False)
    try:
        assert Doctor(box, Builder(ask=lambda q: True)).lights() == []
    finally:
        box.close()


def test_the_command_builds_the_walk_from_the_registry(monkeypatch, capsys):
    """Only games that name their lights are shown, each from its opening position as the
    set-up screen offers it; the driver is handed scenes and names no game."""
    from companion.commands.doctor import game_scenes

    fake = with_lights(monkeypatch, esp="tests.test_doctor:point_lights")
    seen_views.clear()
    walk = game_scenes()
    assert [title for title, _ in walk] == [fake["esp"].title]
    assert walk[0][1]() == OneLed(0, (200, 0, 200))
    (view, meta), = seen_views
    esp = fake["esp"]
    opening = esp.rules.setup(esp.make_setup(["Player 1", "Player 2", "Player 3"],
                                             {o.key: o.default for o in esp.options}, 1))
    assert meta == {} and view == esp.rules.view(opening, None)
    assert doctor_main(simulate=True) == 0
    out = capsys.readouterr().out
    assert "Watch the pentagram: each game's lights in turn." in out
    assert f"[ok  ] game lights: {fake['esp'].title}\n" in out and "Everything fitted works." in out


def test_a_game_whose_lights_fail_is_a_fail_line_not_a_traceback(monkeypatch, capsys):
    fake = with_lights(monkeypatch, esp="tests.test_doctor:point_lights", mysterium="tests.test_doctor:broken_lights")
    assert doctor_main(simulate=True) == 1
    out = capsys.readouterr().out
    assert f"[FAIL] game lights: cannot be drawn: {fake['mysterium'].title} (KeyError: 'round')\n" in out
    assert "Traceback" not in out


def test_with_no_game_naming_lights_the_walk_is_as_before(monkeypatch, capsys):
    with_lights(monkeypatch)
    assert doctor_main(simulate=True) == 0
    assert "game lights" not in capsys.readouterr().out


LIT_GAMES = sorted(name for name, entry in __import__("companion.games", fromlist=["entries"]).entries().items()
                   if entry.lights)


@pytest.mark.parametrize("name", LIT_GAMES)
def test_every_registered_games_lights_draw_on_the_star(name):
    """A game that names its lights gets them checked the moment it is registered."""
    from companion.commands.doctor import opening_scene
    from companion.games import entries
    from firmware_py.pentagram.layout import Layout
    from firmware_py.pentagram.scenes import render

    scene = opening_scene(entries()[name])
    for layout in (Layout.load(), Layout.load(circle=True)):
        for t in (0.0, 0.7, 3.1):
            assert len(render(layout, scene, t)) == layout.count
