"""The simulation's buzzer: each sound synthesised once as square waves (no numpy) and
played through ``pygame.mixer``, on the same clock and with the same log as the wired
buzzers of :mod:`firmware_py.buzzer`, so the on-screen indicator shows the same sounds."""

from __future__ import annotations

import importlib
import os
import sys
from array import array
from typing import Sequence

from firmware_py.buzzer import DEVICE, BuzzerBase, Note, Sound, frequency
from firmware_py.clock import Clock
from firmware_py.health import Health

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
        # a mixer started here is left running for the process (SDL stops it at exit):
        # stopping it waits ~50 ms for SDL's audio thread, and the next box would start it again
        self.mixer = None


def _no_sound_card() -> bool:
    """On Linux without /dev/snd ALSA can only fail, and it fails loudly on stderr: skip it
    (unless SDL is told to use another audio driver)."""
    return sys.platform.startswith("linux") and not os.environ.get("SDL_AUDIODRIVER") \
        and not os.path.exists("/dev/snd")
