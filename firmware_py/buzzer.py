"""The box's voice: a small vocabulary of sounds played by one buzzer backend.

Sounds are melodies of ``(tone, seconds)`` notes (``None`` is a rest).  A
backend never blocks and never starts a thread: :meth:`BuzzerBase.play`
starts a sound on the injected clock and :meth:`BuzzerBase.update`, called by
the app's loop (or a test), moves it on to the note now due.  A note therefore
starts at the first update at or after its time; ``tests/bench`` measures
that error.

Backends:

* :class:`PassiveBuzzer` -- a bare piezo on a PWM pin through gpiozero's
  ``TonalBuzzer`` (plays the tones);
* :class:`ActiveBuzzer` -- a buzzer with its own oscillator through gpiozero's
  ``Buzzer`` (plays the rhythm only: on for a tone, off for a rest);
* :class:`SimBuzzer` -- square waves through ``pygame.mixer`` (no numpy);
* :class:`NullBuzzer` -- silence.

Every backend keeps a log of what it played (:attr:`BuzzerBase.log`,
:meth:`BuzzerBase.now_playing`) for the on-screen buzzer indicator, so a
silent or broken buzzer still shows its sounds.  A device that fails becomes
a warning on the :class:`~firmware_py.health.Health` board; the game goes on.
"""

from __future__ import annotations

import importlib
import sys
import os
from array import array
from collections import deque
from dataclasses import dataclass
from typing import Sequence

from firmware_py.clock import Clock
from firmware_py.health import Health

DEVICE = "buzzer"

#: a passive buzzer plays within one octave either side of A5 (440 Hz to 1760 Hz):
#: gpiozero's TonalBuzzer refuses tones outside mid_tone +/- octaves, and a small
#: piezo is loud around 1-2 kHz and nearly silent at the default A4's 220 Hz floor.
MID_TONE = "A5"
OCTAVES = 1

Note = tuple[str | None, float]  # (tone such as "A5", or None for a rest; seconds)


@dataclass(frozen=True)
class Sound:
    """A melody and how much it matters: a sound does not cut in on a more important one."""

    notes: tuple[Note, ...]
    priority: int

    @property
    def seconds(self) -> float:
        return sum(length for _, length in self.notes)


def _repeat(notes: Sequence[Note], times: int) -> tuple[Note, ...]:
    return tuple(notes) * times


#: the vocabulary.  Each note is followed by a rest, so an active buzzer (rhythm
#: only) still tells the sounds apart by their rhythm.
SOUNDS: dict[str, Sound] = {
    # the hourglass
    "tick": Sound((("E6", 0.03),), 0),
    "warning": Sound((("A5", 0.15), (None, 0.10), ("A5", 0.15)), 2),  # 30 s left
    "hurry": Sound(_repeat((("C#6", 0.10), (None, 0.07)), 3), 2),  # 10 s left
    "end": Sound(_repeat((("A6", 0.25), (None, 0.08), ("E6", 0.25), (None, 0.08)), 3)
                 + (("A6", 0.60),), 3),  # the end alarm: guesses lock
    # the game
    "beep": Sound((("A5", 0.12),), 1),
    "yes": Sound((("E5", 0.08), (None, 0.04), ("A5", 0.14)), 1),
    "no": Sound((("A5", 0.10), (None, 0.04), ("D5", 0.22)), 1),
    "error": Sound((("A4", 0.15), (None, 0.06), ("A4", 0.30)), 2),
}


@dataclass(frozen=True)
class NoteRecord:
    """A note as played: ``due`` is when the melody wanted it, ``started`` when
    an update applied it (``started - due`` is the timing error).  ``tone`` None
    is a rest; the record with ``index == len(notes)`` is the silence at the end."""

    sound: str
    index: int
    tone: str | None
    due: float
    started: float

    @property
    def error(self) -> float:
        return self.started - self.due


@dataclass
class _Playing:
    name: str
    sound: Sound
    start: float
    offsets: list[float]  # start of each note, and the end, in seconds from start
    index: int = -1


class BuzzerBase:
    """The sequencer every backend shares; a backend only turns notes into sound."""

    kind = "none"
    #: False where sounds go nowhere (no device, or the simulation without audio)
    audible = True
    #: whether a note / a sound's start reaches the device (a call that does and
    #: works proves the device works again; a no-op proves nothing)
    NOTES_REACH_DEVICE = False
    STARTS_REACH_DEVICE = False
    #: notes kept for the indicator and the timing figures
    LOG_SIZE = 512

    def __init__(self, clock: Clock, health: Health | None = None, sounds: dict[str, Sound] | None = None) -> None:
        self.clock = clock
        self.health = health if health is not None else Health()
        self.sounds = dict(SOUNDS if sounds is None else sounds)
        self.log: deque[tuple[float, str]] = deque(maxlen=64)  # (clock time, sound): what was played
        self.notes: deque[NoteRecord] = deque(maxlen=self.LOG_SIZE)
        self._playing: _Playing | None = None
        self._faulted = False
        self.volume = 1.0  # 0 mutes; the simulation also plays softer (a GPIO buzzer is on or off)

    # -- what the app calls ---------------------------------------------------------
    def play(self, name: str) -> bool:
        """Start sound ``name`` now; False if a more important sound is still playing.

        A sound of equal or higher priority cuts the current one short.
        """
        try:
            sound = self.sounds[name]
        except KeyError:
            raise ValueError(f"the buzzer has no sound called {name!r}; it knows {', '.join(self.sounds)}") from None
        self.update()
        if self._playing is not None and self._playing.sound.priority > sound.priority:
            return False
        now = self.clock.now()
        offsets = [0.0]
        for _, length in sound.notes:
            offsets.append(offsets[-1] + length)
        self._playing = _Playing(name, sound, now, offsets)
        self.log.append((now, name))
        if self.volume <= 0:
            self._playing = None  # muted: shown on screen, never sounded
            return True
        self._device(lambda: self._start_sound(name, sound), proves=self.STARTS_REACH_DEVICE and self.audible)
        self._advance(now)
        return True

    def update(self) -> None:
        """Move the current sound on to the note due now (skipping notes whose time
        has wholly passed: a late loop shortens a melody, it never stretches it)."""
        if self._playing is not None:
            self._advance(self.clock.now())

    def stop(self) -> None:
        """Silence now, cutting the current sound short."""
        if self._playing is not None:
            self._playing = None
            self._device(self._cut)

    def close(self) -> None:
        self.stop()
        self._device(self._release)

    @property
    def playing(self) -> str | None:
        """The sound being played, if any (as of the last update)."""
        return self._playing.name if self._playing is not None else None

    def now_playing(self) -> tuple[str, str | None] | None:
        """(sound, tone or None during a rest) for the on-screen indicator."""
        current = self._playing
        if current is None or current.index < 0:
            return None
        return current.name, current.sound.notes[current.index][0]

    # -- the sequencer --------------------------------------------------------------
    def _advance(self, now: float) -> None:
        current = self._playing
        assert current is not None
        elapsed = now - current.start
        index = current.index
        last = len(current.sound.notes)  # the index of the final silence
        while index + 1 <= last and current.offsets[index + 1] <= elapsed + 1e-9:
            index += 1
        if index == current.index:
            return
        current.index = index
        due = current.start + current.offsets[index]
        if index == last:
            self.notes.append(NoteRecord(current.name, index, None, due, now))
            self._playing = None
            self._device(self._silence)
            return
        tone = current.sound.notes[index][0]
        self.notes.append(NoteRecord(current.name, index, tone, due, now))
        self._device(lambda: self._note(tone), proves=self.NOTES_REACH_DEVICE)

    def _device(self, work, proves: bool = False) -> None:
        """Run a device call; a failure becomes a warning (logged once), never an
        exception.  A later call that ``proves`` the device works clears it."""
        try:
            work()
        except Exception as error:  # a buzzer fault must never stop the game
            detail = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
            self.health.fail(DEVICE, f"the {self.kind} buzzer failed ({detail}); sounds are shown on screen only")
            self._faulted = True
            return
        if proves and self._faulted:
            self._faulted = False
            self.health.ok(DEVICE)

    # -- what a backend does --------------------------------------------------------
    def _start_sound(self, name: str, sound: Sound) -> None:
        """A whole sound begins (the simulation plays it in one go)."""

    def _note(self, tone: str | None) -> None:
        """Sound ``tone`` now (None: a rest)."""

    def _silence(self) -> None:
        """Nothing sounds: the sound is over."""

    def _cut(self) -> None:
        """Nothing sounds: the sound was stopped before its end."""
        self._silence()

    def _release(self) -> None:
        """Give the device back."""


class NullBuzzer(BuzzerBase):
    """No buzzer: the sounds are only logged (the screen can still show them)."""

    kind = "none"
    audible = False


class PassiveBuzzer(BuzzerBase):
    """A bare piezo on a PWM pin: gpiozero's ``TonalBuzzer`` plays each tone."""

    kind = "passive"
    NOTES_REACH_DEVICE = True

    def __init__(self, device, clock: Clock, health: Health | None = None, sounds: dict[str, Sound] | None = None):
        super().__init__(clock, health, sounds)
        self.device = device

    @classmethod
    def on_pin(cls, pin: int, factory, clock: Clock, health: Health | None = None) -> "PassiveBuzzer":
        from gpiozero import TonalBuzzer
        from gpiozero.tones import Tone

        device = TonalBuzzer(pin, mid_tone=Tone(MID_TONE), octaves=OCTAVES, pin_factory=factory)
        return cls(device, clock, health)

    def _note(self, tone: str | None) -> None:
        if tone is None:
            self.device.stop()
        else:
            self.device.play(tone)

    def _silence(self) -> None:
        self.device.stop()

    def _release(self) -> None:
        self.device.close()


class ActiveBuzzer(BuzzerBase):
    """A buzzer with its own oscillator: gpiozero's ``Buzzer``, on for a tone, off for a rest.

    gpiozero's ``beep()`` is not used: it runs a thread on the wall clock, and
    here the injected clock times every note.
    """

    kind = "active"
    NOTES_REACH_DEVICE = True

    def __init__(self, device, clock: Clock, health: Health | None = None, sounds: dict[str, Sound] | None = None):
        super().__init__(clock, health, sounds)
        self.device = device

    @classmethod
    def on_pin(cls, pin: int, factory, clock: Clock, health: Health | None = None) -> "ActiveBuzzer":
        from gpiozero import Buzzer

        return cls(Buzzer(pin, pin_factory=factory), clock, health)

    def _note(self, tone: str | None) -> None:
        if tone is None:
            self.device.off()
        else:
            self.device.on()

    def _silence(self) -> None:
        self.device.off()

    def _release(self) -> None:
        self.device.close()


# -- the simulation: square waves through pygame.mixer ---------------------------------
#: the mixer format SimBuzzer asks for when it starts the mixer itself
SIM_RATE, SIM_SIZE, SIM_CHANNELS = 22050, -16, 1
#: loudness as a fraction of full scale (a square wave is loud)
SIM_VOLUME = 0.25
#: mixer sample sizes -> (array typecode, silence level, full scale)
_FORMATS = {
    -16: ("h", 0, 32767),
    16: ("H", 32768, 32767),
    -8: ("b", 0, 127),
    8: ("B", 128, 127),
    32: ("f", 0.0, 1.0),  # pygame reports 32 for 32-bit float samples
    -32: ("i", 0, 2**31 - 1),
}


def frequency(tone: str) -> float:
    """Hz of a note name such as ``"A4"`` (440) or ``"C#6"``, equal temperament."""
    names = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
    letter, rest = tone[0].upper(), tone[1:]
    if letter not in names or not rest:
        raise ValueError(f"{tone!r} is not a note such as A4 or C#6")
    shift = 0
    while rest and rest[0] in "#b♯♭":
        shift += 1 if rest[0] in "#♯" else -1
        rest = rest[1:]
    try:
        octave = int(rest)
    except ValueError:
        raise ValueError(f"{tone!r} is not a note such as A4 or C#6") from None
    midi = 12 * (octave + 1) + names[letter] + shift
    return 440.0 * 2 ** ((midi - 69) / 12)


def square_wave(notes: Sequence[Note], rate: int, size: int = -16, channels: int = 1,
                volume: float = SIM_VOLUME) -> bytes:
    """Raw samples of ``notes`` as square waves, in the mixer's format (native byte order)."""
    try:
        code, middle, scale = _FORMATS[size]
    except KeyError:
        raise ValueError(f"the mixer's sample size {size} is not one the simulation can write") from None
    samples = array(code)
    amplitude = scale * volume
    high = middle + (amplitude if code == "f" else int(amplitude))
    low = middle - (amplitude if code == "f" else int(amplitude))
    for tone, seconds in notes:
        count = int(round(seconds * rate))
        if tone is None:
            samples.extend([middle] * (count * channels))
            continue
        cycles_per_sample = frequency(tone) / rate
        for i in range(count):
            level = high if (i * cycles_per_sample) % 1.0 < 0.5 else low
            samples.extend([level] * channels)
    return samples.tobytes()


class SimBuzzer(BuzzerBase):
    """The simulation's buzzer: each sound synthesised once as square waves and
    played through ``pygame.mixer``.  Without an audio device it stays silent
    with a warning (the log still feeds the on-screen indicator)."""

    kind = "simulated"
    STARTS_REACH_DEVICE = True

    def __init__(self, clock: Clock, health: Health | None = None, mixer=None,
                 sounds: dict[str, Sound] | None = None) -> None:
        super().__init__(clock, health, sounds)
        self.mixer = None
        self.format: tuple[int, int, int] | None = None
        self._started_mixer = False
        self._cache: dict[str, object] = {}
        self._channel = None
        self._open(mixer)

    def _open(self, mixer) -> None:
        if mixer is None and _no_sound_card():
            self.health.fail(DEVICE, "no sound card on this computer (no /dev/snd); sounds are shown on screen only")
            return
        try:
            if mixer is None:
                mixer = importlib.import_module("pygame.mixer")
            if not mixer.get_init():
                mixer.init(frequency=SIM_RATE, size=SIM_SIZE, channels=SIM_CHANNELS, buffer=512)
                self._started_mixer = True
            rate, size, channels = mixer.get_init()
            if size not in _FORMATS:
                raise RuntimeError(f"its sample size {size} is not one the simulation can write")
        except (ImportError, NotImplementedError, RuntimeError, OSError) as error:  # pygame.error is a RuntimeError
            self.health.fail(DEVICE, f"no sound from the simulation ({error or type(error).__name__}); "
                                     "sounds are shown on screen only")
            return
        self.mixer, self.format = mixer, (rate, size, channels)
        self.health.ok(DEVICE)

    @property
    def audible(self) -> bool:
        return self.mixer is not None

    def _sound(self, name: str, sound: Sound):
        if name not in self._cache:
            rate, size, channels = self.format  # type: ignore[misc]
            self._cache[name] = self.mixer.Sound(buffer=square_wave(sound.notes, rate, size, channels))
        return self._cache[name]

    def _start_sound(self, name: str, sound: Sound) -> None:
        if self.mixer is None:
            return
        if self._channel is not None:
            self._channel.stop()
        self._channel = self._sound(name, sound).play()
        if self._channel is not None:
            self._channel.set_volume(self.volume)

    # the mixer plays each whole buffer itself: notes and the natural end need
    # nothing, only a sound stopped early is cut
    def _cut(self) -> None:
        if self._channel is not None:
            self._channel.stop()
            self._channel = None

    def _release(self) -> None:
        if self.mixer is not None and self._started_mixer:
            self.mixer.quit()
        self.mixer = None


def _no_sound_card() -> bool:
    """On Linux without /dev/snd ALSA can only fail, and it fails loudly on stderr: skip it
    (unless SDL is told to use another audio driver)."""
    return sys.platform.startswith("linux") and not os.environ.get("SDL_AUDIODRIVER") \
        and not os.path.exists("/dev/snd")


# -- choosing the backend --------------------------------------------------------------
def open_buzzer(pins, simulate: bool | None, health: Health, clock: Clock, *, factory=None) -> BuzzerBase:
    """The buzzer the pin map describes: the simulation's when simulating (the
    default off a Pi), else a passive or active buzzer on ``pins.buzzer``
    (``factory``: the gpiozero pin factory, None for the Pi's own).  Anything
    that cannot start gives a warning and a :class:`NullBuzzer`."""
    if simulate is None:
        from firmware_py.gpio import is_raspberry_pi

        simulate = not is_raspberry_pi()
    if simulate:
        return SimBuzzer(clock, health)
    if pins is None:
        health.fail(DEVICE, "there is no pin map, so no buzzer; sounds are shown on screen only")
        return NullBuzzer(clock, health)
    backend = PassiveBuzzer if pins.buzzer_kind == "passive" else ActiveBuzzer
    try:
        buzzer = backend.on_pin(pins.buzzer, factory, clock, health)
    except Exception as error:  # gpiozero missing, no pin factory, pin busy, not a Pi ...
        detail = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        health.fail(DEVICE, f"cannot drive the {pins.buzzer_kind} buzzer on GPIO{pins.buzzer} ({detail}); "
                            "sounds are shown on screen only")
        return NullBuzzer(clock, health)
    health.ok(DEVICE)
    return buzzer


def tones_used(sounds: dict[str, Sound] = SOUNDS) -> set[str]:
    return {tone for sound in sounds.values() for tone, _ in sound.notes if tone is not None}


def check_range(sounds: dict[str, Sound] = SOUNDS) -> list[str]:
    """Tones a passive buzzer (MID_TONE +/- OCTAVES) could not play (empty when all fit)."""
    low = frequency(MID_TONE) / 2 ** OCTAVES
    high = frequency(MID_TONE) * 2 ** OCTAVES
    return sorted(t for t in tones_used(sounds) if not low - 1e-6 <= frequency(t) <= high + 1e-6)

