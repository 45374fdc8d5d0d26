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
* :class:`NullBuzzer` -- silence;
* ``sim.buzzer.SimBuzzer`` -- the simulation's square waves through ``pygame.mixer``.

Which one a box gets is the device factory's choice (:mod:`firmware_py.factory`), made
once for every device; :func:`open_buzzer` opens the wired one.

Every backend keeps a log of what it played (:attr:`BuzzerBase.log`,
:meth:`BuzzerBase.now_playing`) for the on-screen buzzer indicator, so a
silent or broken buzzer still shows its sounds.  A device that fails becomes
a warning on the :class:`~firmware_py.health.Health` board; the game goes on.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Sequence

from firmware_py.clock import Clock
from firmware_py.health import Health, describe

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
            self.health.fail(DEVICE, f"the {self.kind} buzzer failed ({describe(error)}); "
                                     "sounds are shown on screen only")
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
    def on_pin(cls, pin: int, pin_factory, clock: Clock, health: Health | None = None) -> "PassiveBuzzer":
        from gpiozero import TonalBuzzer
        from gpiozero.tones import Tone

        device = TonalBuzzer(pin, mid_tone=Tone(MID_TONE), octaves=OCTAVES, pin_factory=pin_factory)
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
    def on_pin(cls, pin: int, pin_factory, clock: Clock, health: Health | None = None) -> "ActiveBuzzer":
        from gpiozero import Buzzer

        return cls(Buzzer(pin, pin_factory=pin_factory), clock, health)

    def _note(self, tone: str | None) -> None:
        if tone is None:
            self.device.off()
        else:
            self.device.on()

    def _silence(self) -> None:
        self.device.off()

    def _release(self) -> None:
        self.device.close()


# -- notes ------------------------------------------------------------------------------
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


# -- opening the wired buzzer -----------------------------------------------------------
def open_buzzer(pins, health: Health, clock: Clock, *, pin_factory=None) -> BuzzerBase:
    """The buzzer the pin map describes: a passive or active buzzer on ``pins.buzzer``
    through gpiozero (``pin_factory``: the factory's pins; None for the Pi's own).  Anything
    that cannot start gives a warning and a :class:`NullBuzzer`.  (The simulation's buzzer
    is ``sim.buzzer.SimBuzzer``: :mod:`firmware_py.factory` chooses.)"""
    if pins is None:
        health.fail(DEVICE, "there is no pin map, so no buzzer; sounds are shown on screen only")
        return NullBuzzer(clock, health)
    backend = PassiveBuzzer if pins.buzzer_kind == "passive" else ActiveBuzzer
    try:
        buzzer = backend.on_pin(pins.buzzer, pin_factory, clock, health)
    except Exception as error:  # gpiozero missing, no pin factory, pin busy, not a Pi ...
        health.fail(DEVICE, f"cannot drive the {pins.buzzer_kind} buzzer on GPIO{pins.buzzer} ({describe(error)}); "
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

