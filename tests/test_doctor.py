"""`companion doctor` walks the builder through every part; on the simulation a
pretend builder does what a person would, so the whole chain is checked."""

from companion.commands.doctor import doctor_main
from firmware_py.box import Box, Fitted
from firmware_py.clock import ManualClock
from firmware_py.doctor import Builder, Doctor
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
