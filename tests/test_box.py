"""The box as the app drives it: answers from knocks and buttons, the hourglass sounded,
and every device fault a warning while the rest keeps working."""

import pytest

from firmware_py.box import Box, Fitted
from firmware_py.clock import ManualClock
from firmware_py.pentagram.scenes import MysteriumScene
from sim.pins import press, release


@pytest.fixture
def box():
    box = Box.open(simulate=True, clock=ManualClock(), listen=False)
    yield box
    box.close()


def run_for(box, seconds):
    answers = []
    end = box.clock.now() + seconds
    while box.clock.now() < end:
        box.knock.pump()  # the simulated ADC moves the manual clock on by one block
        answers += box.update().answers
    return answers


def test_a_knock_on_the_simulated_piezo_reaches_the_app_as_yes(box):
    run_for(box, 1.0)  # the detector learns the table's noise first
    box.knock_now(0.8)
    answers = run_for(box, 1.5)
    assert [(a.name, a.source) for a in answers] == [("yes", "knock")]


def test_two_knocks_are_no(box):
    run_for(box, 1.0)
    box.knock_now(0.8)
    run_for(box, 0.25)
    box.knock_now(0.8)
    answers = run_for(box, 1.0)
    assert [(a.name, a.source) for a in answers] == [("no", "knock")]


def test_a_button_on_its_mock_pin_and_a_key_are_answers(box):
    press(box.pin_factory, box.pins.button_undo)
    answers = run_for(box, 0.1)
    release(box.pin_factory, box.pins.button_undo)
    box.press("yes")
    answers += run_for(box, 0.3)
    assert sorted((a.name, a.source) for a in answers) == [("undo", "button"), ("yes", "button")]


def test_the_hourglass_sounds_its_end_through_the_buzzer(box):
    box.hourglass.flip()
    box.clock.advance(121)
    events = box.update().hourglass
    assert events[-1].kind == "end"
    assert box.buzzer.log and box.buzzer.log[-1][1] == "end"


def test_the_pentagram_shows_a_scene_in_the_simulated_pixels(box):
    box.show(MysteriumScene(sand=0.5, running=True, round=2))
    assert sum(1 for colour in box.pentagram.backend.pixels if any(colour)) > 10


def test_an_adc_that_stops_answering_is_a_warning_and_buttons_still_work(box):
    run_for(box, 0.2)
    box.knock.reader.device.bus.unplug()
    run_for(box, 0.5)
    assert any("knock sensor" in w and "stopped answering" in w for w in box.warnings()), box.warnings()
    box.press("no")
    assert [a.name for a in run_for(box, 0.2)] == ["no"]


def test_off_a_pi_the_real_devices_are_warnings_not_crashes():
    """simulate=False on a PC: no strip, no I2C bus, no GPIO — every one a warning."""
    box = Box.open(simulate=False, clock=ManualClock(), listen=False)
    try:
        warnings = " | ".join(box.warnings())
        for device in ("pentagram", "buzzer", "yes button", "knock sensor"):
            assert device in warnings, warnings
        box.show(MysteriumScene())
        box.press("yes")
        box.clock.advance(0.1)
        assert [a.name for a in box.update().answers] == ["yes"]
    finally:
        box.close()


def test_the_digital_module_knocks_through_its_pin():
    from sim.pins import pulse_low

    clock = ManualClock()
    box = Box.open(simulate=True, clock=clock, fitted=Fitted(knock="module"), listen=False)
    try:
        pulse_low(box.pin_factory, box.pins.knock_module)
        answers = []
        for _ in range(100):
            clock.advance(0.01)
            answers += box.update().answers
        assert [(a.name, a.source) for a in answers] == [("yes", "knock")]
    finally:
        box.close()


def test_fitted_refuses_an_unknown_knock_option():
    with pytest.raises(ValueError, match="adc, module, none"):
        Fitted(knock="microphone")


def test_the_desktop_simulation_knocks_straight_into_the_detector():
    clock = ManualClock()
    box = Box.open(simulate=True, clock=clock, direct_sim=True)
    try:
        answers = []
        for _ in range(50):
            clock.advance(0.02)
            answers += box.update().answers
        box.knock_now(0.8)
        for _ in range(80):
            clock.advance(0.02)
            answers += box.update().answers
        assert [(a.name, a.source) for a in answers] == [("yes", "knock")]
        assert box.warnings() == [] or all("buzzer" in w for w in box.warnings())
    finally:
        box.close()


# -- the knock sensor's loop never dies silently ---------------------------------------------------
class ThrowingReader:
    """A reader whose stream raises ``error`` at once, ``times`` times over, then streams quiet."""

    rate = 860

    def __init__(self, error: Exception, times: int) -> None:
        self.error, self.times, self.closed = error, times, False

    def samples(self):
        if self.times > 0:
            self.times -= 1
            raise self.error
        while not self.closed:
            yield 0

    def close(self) -> None:
        self.closed = True


def test_a_reader_that_throws_is_a_warning_and_tried_again_after_growing_pauses():
    from firmware_py.box import KnockListener
    from firmware_py.health import Health

    health = Health()
    listener = KnockListener(ThrowingReader(TypeError("'NoneType' object is not subscriptable"), 7), health=health)
    pauses = [listener.step() for _ in range(7)]
    assert pauses == [1, 2, 4, 8, 16, 30, 30]
    assert health.warnings() == ["knocks: knocks are not heard: reading the knock sensor failed "
                                 "(TypeError: 'NoneType' object is not subscriptable); trying again in 30 s"]
    assert listener.step() == 0 and health.warnings() == []  # it streams again: the warning goes
    assert listener.failures == 0


def test_the_listening_loop_pauses_on_the_injected_wait_and_stops_when_closed():
    from firmware_py.box import KnockListener

    pauses = []

    def wait(seconds):
        pauses.append(seconds)
        if len(pauses) == 3:
            listener.close()

    listener = KnockListener(ThrowingReader(OSError(5, "Input/output error"), 10), wait=wait)
    listener.run()  # returns: closed during its third pause
    assert pauses == [1, 2, 4]
    assert "(OSError: [Errno 5] Input/output error); trying again in 4 s" in listener.health.warnings()[0]


@pytest.mark.parametrize("after", [0.0, 0.2, 0.5])
def test_a_knock_just_after_the_chip_answers_again_is_still_yes(box, after):
    """The samples held while the chip was silent are not heard: fed to the detector,
    their flat stretch and the jump back made a lone knock read as "no" (or nothing)."""
    run_for(box, 1.0)
    chip = box.knock.reader.device.bus
    now = box.clock.now()
    chip.fail_between(now, now + 1.0, TypeError("unsupported operand type(s) for &: 'NoneType' and 'int'"))
    while not box.knock.reader.answering or box.clock.now() < now + 0.1:
        assert run_for(box, 0.01) == []
    run_for(box, after)
    box.knock_now(0.9)
    assert [(a.name, a.source) for a in run_for(box, 1.5)] == [("yes", "knock")]
    assert box.knock.reader.stats.held > 800


def test_a_bus_that_throws_is_a_warning_on_the_box_and_the_rest_keeps_working(box):
    run_for(box, 0.2)
    chip = box.knock.reader.device.bus
    now = box.clock.now()
    chip.fail_between(now, now + 0.5, TypeError("unsupported operand type(s) for &: 'NoneType' and 'int'"))
    run_for(box, 0.3)
    assert box.warnings() == ["knock sensor: ADS1115 at 0x48 on I2C bus 1 stopped answering: "
                              "TypeError: unsupported operand type(s) for &: 'NoneType' and 'int'"]
    box.press("yes")
    assert [a.name for a in run_for(box, 0.2)] == ["yes"]
    run_for(box, 2.0)  # the bus works again: the reader's next try configures the chip
    assert box.warnings() == [] and box.knock.reader.answering
    run_for(box, 0.5)
    box.knock_now(0.8)
    assert [(a.name, a.source) for a in run_for(box, 1.5)] == [("yes", "knock")]
