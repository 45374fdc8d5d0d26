"""firmware_py.buzzer (and the simulation's, sim.buzzer): the vocabulary, each backend on
gpiozero's mock pins or a fake pygame.mixer (and the real one under SDL_AUDIODRIVER=dummy), and faults.

Melodies advance on a ManualClock through update(); nothing sleeps.
"""

from __future__ import annotations

import dataclasses
import logging
import sys
import time
import types
from array import array

import pytest

from firmware_py import buzzer as bz
from firmware_py.buzzer import SOUNDS, ActiveBuzzer, NullBuzzer, PassiveBuzzer, Sound, check_range, frequency, open_buzzer
from firmware_py.clock import ManualClock
from firmware_py.factory import HardwareFactory
from firmware_py.health import Health
from firmware_py.pins import load
from sim.buzzer import SimBuzzer, square_wave
from sim.factory import SimFactory
from sim.pins import mock_factory

PINS = load()
BUZZER_PIN = PINS.buzzer  # GPIO12 in wiring/pins.toml


@pytest.fixture(autouse=True)
def no_sleeping(monkeypatch):
    def forbidden(*_args, **_kwargs):
        raise AssertionError("the buzzer slept on the wall clock")

    monkeypatch.setattr(time, "sleep", forbidden)


@pytest.fixture
def factory():
    f = mock_factory()
    yield f
    f.close()


def passive(factory, clock, health=None) -> PassiveBuzzer:
    return PassiveBuzzer.on_pin(BUZZER_PIN, factory, clock, health)


def boundaries(name: str) -> list[float]:
    """Offsets (s from the start) where each note of ``name`` begins, and its end."""
    offsets = [0.0]
    for _, length in SOUNDS[name].notes:
        offsets.append(offsets[-1] + length)
    return offsets


# -- the vocabulary -------------------------------------------------------------------------
def test_the_vocabulary_has_every_sound_the_box_needs():
    assert {"tick", "warning", "hurry", "end", "beep", "yes", "no", "error"} <= set(SOUNDS)
    assert SOUNDS["end"].priority > SOUNDS["warning"].priority > SOUNDS["beep"].priority > SOUNDS["tick"].priority
    assert all(0 < sound.seconds <= 3.0 for sound in SOUNDS.values())


def test_every_tone_is_inside_the_passive_buzzers_range(factory):
    from gpiozero.tones import Tone

    assert check_range() == []
    device = passive(factory, ManualClock()).device
    for tone in bz.tones_used():
        assert frequency(tone) == pytest.approx(Tone(tone).frequency)
        device.play(tone)  # gpiozero itself raises ValueError for a tone out of range
    assert check_range({"low": Sound((("A3", 0.1),), 0)}) == ["A3"]


def test_an_active_buzzer_tells_every_sound_apart_by_its_rhythm():
    def rhythm(sound: Sound) -> tuple:
        merged: list[list] = []
        for tone, length in sound.notes:
            on = tone is not None
            if merged and merged[-1][0] == on:
                merged[-1][1] = round(merged[-1][1] + length, 6)
            else:
                merged.append([on, length])
        return tuple(map(tuple, merged))

    rhythms = {name: rhythm(sound) for name, sound in SOUNDS.items()}
    assert len(set(rhythms.values())) == len(rhythms), rhythms


@pytest.mark.parametrize("tone, hz", [("A4", 440.0), ("A5", 880.0), ("C4", 261.6256), ("C#6", 1108.7305),
                                      ("Db6", 1108.7305), ("E6", 1318.5102)])
def test_note_names_become_frequencies(tone, hz):
    assert frequency(tone) == pytest.approx(hz, rel=1e-6)


@pytest.mark.parametrize("bad", ["H4", "A", "A#x", ""])
def test_a_bad_note_name_is_refused(bad):
    with pytest.raises((ValueError, IndexError)):
        frequency(bad)


def test_an_unknown_sound_is_refused_with_a_sentence():
    with pytest.raises(ValueError, match="no sound called 'bong'"):
        NullBuzzer(ManualClock()).play("bong")


# -- the passive buzzer on mock PWM pins ------------------------------------------------------
def test_the_passive_buzzer_plays_each_note_when_its_time_comes(factory):
    clock = ManualClock(10.0)
    buzzer = passive(factory, clock)
    pin = factory.pin(BUZZER_PIN)
    assert pin.frequency is None and pin.state == 0
    notes = SOUNDS["yes"].notes  # E5, rest, A5
    assert buzzer.play("yes")
    assert clock.now() == 10.0  # play() returned at once
    assert pin.frequency == pytest.approx(frequency("E5")) and pin.state == 0.5
    assert buzzer.now_playing() == ("yes", "E5")
    clock.advance(notes[0][1] - 0.001)
    buzzer.update()
    assert pin.frequency == pytest.approx(frequency("E5"))  # not yet
    clock.advance(0.001)
    buzzer.update()
    assert pin.frequency is None and pin.state == 0  # the rest
    assert buzzer.now_playing() == ("yes", None)
    clock.advance(notes[1][1])
    buzzer.update()
    assert pin.frequency == pytest.approx(880.0) and pin.state == 0.5
    clock.advance(notes[2][1])
    buzzer.update()
    assert pin.frequency is None and pin.state == 0 and buzzer.playing is None
    assert [s.state for s in pin.states] == [0, 0.5, 0, 0.5, 0]
    assert [(r.tone, r.error) for r in buzzer.notes] == [("E5", 0), (None, 0), ("A5", 0), (None, 0)]
    buzzer.close()


def test_nothing_changes_on_the_pin_without_update(factory):
    clock = ManualClock()
    buzzer = passive(factory, clock)
    buzzer.play("warning")
    clock.advance(0.2)
    assert factory.pin(BUZZER_PIN).frequency == pytest.approx(880.0)  # still the first note
    buzzer.update()
    assert factory.pin(BUZZER_PIN).frequency is None


def test_a_late_update_skips_to_the_note_due_now(factory):
    clock = ManualClock()
    buzzer = passive(factory, clock)
    buzzer.play("end")
    offsets = boundaries("end")
    clock.advance(offsets[4] + 0.01)  # into the second A6
    buzzer.update()
    assert factory.pin(BUZZER_PIN).frequency == pytest.approx(1760.0)
    assert [r.index for r in buzzer.notes] == [0, 4]
    assert buzzer.notes[-1].error == pytest.approx(0.01)
    clock.advance(60.0)
    buzzer.update()
    assert factory.pin(BUZZER_PIN).frequency is None and buzzer.playing is None


def test_a_sound_does_not_cut_in_on_a_more_important_one(factory):
    clock = ManualClock()
    buzzer = passive(factory, clock)
    assert buzzer.play("end")
    assert not buzzer.play("tick")
    assert buzzer.playing == "end" and [name for _, name in buzzer.log] == ["end"]
    buzzer.stop()
    assert factory.pin(BUZZER_PIN).frequency is None
    assert buzzer.play("tick")
    assert buzzer.play("end")  # the alarm cuts the tick short
    assert factory.pin(BUZZER_PIN).frequency == pytest.approx(1760.0)
    assert buzzer.play("end")  # an equal one restarts
    clock.advance(SOUNDS["end"].seconds)
    assert buzzer.play("tick")  # the alarm is over: a tick may play


# -- the active buzzer ----------------------------------------------------------------------
def test_the_active_buzzer_plays_the_rhythm_on_and_off(factory):
    clock = ManualClock()
    buzzer = ActiveBuzzer.on_pin(BUZZER_PIN, factory, clock)
    pin = factory.pin(BUZZER_PIN)
    buzzer.play("hurry")  # three short beeps
    levels = [pin.state]
    for offset in boundaries("hurry")[1:]:
        clock.t = offset
        buzzer.update()
        levels.append(pin.state)
    assert levels == [1, 0, 1, 0, 1, 0, 0]
    assert [s.state for s in pin.states] == [0, 1, 0, 1, 0, 1, 0]
    buzzer.close()


# -- faults ------------------------------------------------------------------------------------
class BrokenDevice:
    """A TonalBuzzer/Buzzer stand-in whose every call fails, until mended."""

    def __init__(self):
        self.broken = True
        self.calls = []

    def _call(self, what, *args):
        self.calls.append((what, *args))
        if self.broken:
            raise OSError(5, "Input/output error")

    def play(self, tone):
        self._call("play", tone)

    def stop(self):
        self._call("stop")

    def on(self):
        self._call("on")

    def off(self):
        self._call("off")

    def close(self):
        self._call("close")


@pytest.mark.parametrize("backend", [PassiveBuzzer, ActiveBuzzer])
def test_a_failing_buzzer_is_one_warning_and_the_melody_goes_on(backend, caplog):
    clock, health, device = ManualClock(), Health(), BrokenDevice()
    buzzer = backend(device, clock, health)
    with caplog.at_level(logging.WARNING, logger="planchette.hardware"):
        assert buzzer.play("end")
        for offset in boundaries("end")[1:]:
            clock.t = offset
            buzzer.update()
        assert buzzer.play("no")
    assert len(health.warnings()) == 1 and health.warnings()[0].startswith("buzzer: the")
    assert "OSError" in health.warnings()[0] and "on screen" in health.warnings()[0]
    assert len([r for r in caplog.records if "buzzer" in r.getMessage()]) == 1
    assert len(buzzer.notes) == len(SOUNDS["end"].notes) + 1 + 1  # every note still timed
    assert [name for _, name in buzzer.log] == ["end", "no"]
    device.broken = False
    clock.advance(0.1)
    buzzer.update()  # the next call works: the warning clears
    assert health.warnings() == []


def test_opening_the_pin_map_buzzer_on_mock_pins(factory):
    health = Health()
    buzzer = open_buzzer(PINS, health, ManualClock(), pin_factory=factory)
    assert isinstance(buzzer, PassiveBuzzer) and health.warnings() == []
    buzzer.close()
    active = open_buzzer(dataclasses.replace(PINS, buzzer_kind="active", buzzer=26), health, ManualClock(),
                         pin_factory=factory)
    assert isinstance(active, ActiveBuzzer)
    active.play("beep")
    assert factory.pin(26).state == 1
    active.close()


def test_a_buzzer_pin_already_taken_gives_a_null_buzzer_and_a_warning(factory):
    from gpiozero import LED

    holder = LED(BUZZER_PIN, pin_factory=factory)  # something else already drives the pin
    health = Health()
    buzzer = open_buzzer(PINS, health, ManualClock(), pin_factory=factory)
    assert isinstance(buzzer, NullBuzzer)
    (warning,) = health.warnings()
    assert warning.startswith(f"buzzer: cannot drive the passive buzzer on GPIO{BUZZER_PIN} (GPIOPinInUse")
    assert warning.endswith("sounds are shown on screen only")
    assert buzzer.play("yes")  # silent, but the screen still sees it
    assert buzzer.log[-1][1] == "yes"
    holder.close()


def test_without_gpiozero_the_buzzer_is_silent_with_a_warning(monkeypatch):
    monkeypatch.setitem(sys.modules, "gpiozero", None)
    health = Health()
    buzzer = open_buzzer(PINS, health, ManualClock())
    assert isinstance(buzzer, NullBuzzer)
    assert "ImportError" in health.warnings()[0] or "ModuleNotFoundError" in health.warnings()[0]


def test_without_a_pin_map_the_buzzer_is_silent_with_a_warning():
    health = Health()
    assert isinstance(open_buzzer(None, health, ManualClock()), NullBuzzer)
    assert health.warnings() == ["buzzer: there is no pin map, so no buzzer; sounds are shown on screen only"]


def test_the_passive_backend_asks_gpiozero_for_the_right_device(monkeypatch):
    """Against a fake gpiozero: the pin, the factory given explicitly, A5 +/- one octave."""
    made = []

    class FakeTonalBuzzer:
        def __init__(self, pin, *, mid_tone, octaves, pin_factory):
            made.append((pin, str(mid_tone), octaves, pin_factory))
            self.played = []

        def play(self, tone):
            self.played.append(tone)

        def stop(self):
            self.played.append(None)

        def close(self):
            pass

    fake = types.ModuleType("gpiozero")
    fake.TonalBuzzer = FakeTonalBuzzer
    tones = types.ModuleType("gpiozero.tones")
    tones.Tone = lambda note: note
    monkeypatch.setitem(sys.modules, "gpiozero", fake)
    monkeypatch.setitem(sys.modules, "gpiozero.tones", tones)
    sentinel = object()
    clock = ManualClock()
    buzzer = open_buzzer(PINS, Health(), clock, pin_factory=sentinel)
    assert made == [(BUZZER_PIN, "A5", 1, sentinel)]
    buzzer.play("no")
    for offset in boundaries("no")[1:]:
        clock.t = offset
        buzzer.update()
    assert buzzer.device.played == ["A5", None, "D5", None]


# -- the simulation: pygame.mixer, faked and real ----------------------------------------------
class FakeMixer(types.ModuleType):
    """Enough of pygame.mixer: init/get_init/quit, Sound(buffer=...) and its play()."""

    class error(RuntimeError):
        pass

    def __init__(self, initialised=None, fail=None):
        super().__init__("pygame.mixer")
        self.format = initialised
        self.fail = fail
        self.inits, self.sounds, self.quits = [], [], 0
        mixer = self

        class Channel:
            def __init__(self, sound):
                self.sound, self.stopped, self.volume = sound, False, 1.0

            def stop(self):
                self.stopped = True

            def set_volume(self, volume):
                self.volume = volume

        class Sound:
            def __init__(self, buffer):
                self.buffer = bytes(buffer)
                self.channels = []
                mixer.sounds.append(self)

            def play(self):
                channel = Channel(self)
                self.channels.append(channel)
                return channel

        self.Sound = Sound

    def get_init(self):
        return self.format

    def init(self, frequency, size, channels, buffer):
        if self.fail:
            raise self.error(self.fail)
        self.inits.append((frequency, size, channels, buffer))
        self.format = (frequency, size, channels)

    def quit(self):
        self.quits += 1
        self.format = None


def samples_of(sound) -> array:
    values = array("h")
    values.frombytes(sound.buffer)
    return values


def test_the_simulation_starts_the_mixer_in_a_known_format_and_plays_square_waves(monkeypatch):
    mixer = FakeMixer()
    monkeypatch.setitem(sys.modules, "pygame.mixer", mixer)
    health = Health()
    buzzer = SimBuzzer(ManualClock(), health)
    assert buzzer.audible and health.warnings() == []
    assert mixer.inits == [(22050, -16, 1, 512)]
    buzzer.play("beep")
    (sound,) = mixer.sounds
    values = samples_of(sound)
    assert len(values) == round(0.12 * 22050)
    assert set(values) == {int(32767 * 0.25), -int(32767 * 0.25)}
    flips = sum(1 for a, b in zip(values, values[1:]) if a != b)
    assert flips == pytest.approx(2 * 880 * 0.12, abs=2)  # A5: 880 cycles a second
    assert len(sound.channels) == 1


def test_rests_are_silence_and_each_sound_is_made_once(monkeypatch):
    mixer = FakeMixer()
    monkeypatch.setitem(sys.modules, "pygame.mixer", mixer)
    clock = ManualClock()
    buzzer = SimBuzzer(clock)
    buzzer.play("warning")  # A5 0.15, rest 0.10, A5 0.15
    values = samples_of(mixer.sounds[0])
    rest = values[round(0.15 * 22050): round(0.25 * 22050)]
    assert len(rest) > 2000 and set(rest) == {0}
    clock.advance(1.0)
    buzzer.play("warning")
    assert len(mixer.sounds) == 1 and len(mixer.sounds[0].channels) == 2


def test_the_simulation_follows_the_clock_for_the_indicator_and_can_be_cut(monkeypatch):
    mixer = FakeMixer()
    monkeypatch.setitem(sys.modules, "pygame.mixer", mixer)
    clock = ManualClock()
    buzzer = SimBuzzer(clock)
    buzzer.play("no")
    assert buzzer.now_playing() == ("no", "A5")
    clock.advance(0.12)
    buzzer.update()
    assert buzzer.now_playing() == ("no", None)  # the rest
    clock.advance(0.02)
    buzzer.update()
    assert buzzer.now_playing() == ("no", "D5")
    channel = mixer.sounds[0].channels[0]
    buzzer.stop()
    assert channel.stopped and buzzer.now_playing() is None
    buzzer.play("yes")
    buzzer.play("error")  # more important: cuts the yes
    assert mixer.sounds[1].channels[0].stopped


def test_the_simulation_writes_whatever_format_the_mixer_already_has(monkeypatch):
    mixer = FakeMixer(initialised=(44100, 8, 2))
    monkeypatch.setitem(sys.modules, "pygame.mixer", mixer)
    buzzer = SimBuzzer(ManualClock())
    assert mixer.inits == [] and buzzer.format == (44100, 8, 2)
    buzzer.play("tick")
    data = mixer.sounds[0].buffer
    assert len(data) == round(0.03 * 44100) * 2
    assert set(data) == {128 + 31, 128 - 31}
    assert data[0] == data[1]  # both channels alike
    buzzer.close()
    assert mixer.quits == 0  # not ours to stop


def test_a_mixer_the_simulation_started_is_left_running_for_the_next_box(monkeypatch):
    """Stopping it would wait for SDL's audio thread, and the next box would start it again."""
    mixer = FakeMixer()
    monkeypatch.setitem(sys.modules, "pygame.mixer", mixer)
    SimBuzzer(ManualClock()).close()
    again = SimBuzzer(ManualClock())
    assert mixer.quits == 0 and len(mixer.inits) == 1 and again.audible


@pytest.mark.parametrize("size, code, middle", [(-16, "h", 0), (16, "H", 32768), (-8, "b", 0), (8, "B", 128),
                                                (32, "f", 0.0), (-32, "i", 0)])
def test_square_waves_in_every_mixer_format(size, code, middle):
    values = array(code)
    values.frombytes(square_wave((("A5", 0.01), (None, 0.01)), 8000, size, 1))
    assert len(values) == 160
    assert set(values[80:]) == {middle}
    assert all(v != middle for v in values[:80])
    assert max(values[:80]) - middle == pytest.approx(middle - min(values[:80]), abs=1)


def test_an_unknown_mixer_format_is_refused():
    with pytest.raises(ValueError, match="sample size 24"):
        square_wave((("A5", 0.01),), 8000, 24, 1)


@pytest.mark.parametrize("mixer, words", [
    (FakeMixer(fail="ALSA: Couldn't open audio device"), "Couldn't open audio device"),
    (FakeMixer(initialised=(44100, 24, 2)), "sample size 24"),
    (None, "pygame"),  # no pygame at all
])
def test_without_sound_the_simulation_is_silent_with_a_warning(monkeypatch, mixer, words):
    monkeypatch.setitem(sys.modules, "pygame.mixer", mixer)
    health = Health()
    clock = ManualClock()
    buzzer = SimBuzzer(clock, health)
    assert not buzzer.audible
    (warning,) = health.warnings()
    assert warning.startswith("buzzer: no sound from the simulation") and words in warning
    assert buzzer.play("yes") and buzzer.now_playing() == ("yes", "E5")  # the indicator still works
    clock.advance(1.0)
    buzzer.update()
    buzzer.close()
    assert health.warnings() == [warning]


def test_a_mixer_that_fails_mid_game_is_a_warning_not_an_exception(monkeypatch):
    mixer = FakeMixer()
    monkeypatch.setitem(sys.modules, "pygame.mixer", mixer)
    health = Health()
    buzzer = SimBuzzer(ManualClock(), health)
    real_sound = mixer.Sound

    def broken(buffer):
        raise FakeMixer.error("Out of memory")

    mixer.Sound = broken
    assert buzzer.play("beep")
    assert health.warnings() == ["buzzer: the simulated buzzer failed (error: Out of memory); "
                                 "sounds are shown on screen only"]
    mixer.Sound = real_sound
    buzzer.play("beep")  # the next sound that reaches the mixer clears the warning
    assert health.warnings() == [] and len(mixer.sounds) == 1


def test_each_factory_gives_its_buzzer(monkeypatch):
    """The simulation's square waves or the wired buzzer on the factory's pins: the factory
    decides, not the buzzer."""
    monkeypatch.setitem(sys.modules, "pygame.mixer", FakeMixer())
    assert isinstance(SimFactory().buzzer(PINS, ManualClock(), Health()), SimBuzzer)
    pins = mock_factory()
    wired = HardwareFactory(pins).buzzer(PINS, ManualClock(), Health())
    assert isinstance(wired, PassiveBuzzer)
    wired.close()
    pins.close()


def test_the_real_mixer_plays_under_the_dummy_audio_driver(monkeypatch):
    pygame = pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    if pygame.mixer.get_init():
        pygame.mixer.quit()
    health = Health()
    clock = ManualClock()
    buzzer = SimBuzzer(clock, health)
    try:
        assert buzzer.audible and health.warnings() == []
        assert pygame.mixer.get_init() == (22050, -16, 1)
        assert buzzer.play("end")
        sound = buzzer._cache["end"]
        assert sound.get_length() == pytest.approx(SOUNDS["end"].seconds, abs=0.01)
        assert pygame.mixer.get_busy()
        buzzer.stop()
    finally:
        buzzer.close()
    assert pygame.mixer.get_init() and not pygame.mixer.get_busy()  # left running, silent


def test_volume_zero_mutes_but_the_indicator_still_shows_the_sound():
    clock = ManualClock()
    buzzer = ActiveBuzzer.on_pin(BUZZER_PIN, mock_factory(), clock)
    buzzer.volume = 0
    assert buzzer.play("beep")
    assert buzzer.log[-1][1] == "beep"
    assert buzzer.playing is None
    assert not buzzer.device.is_active
