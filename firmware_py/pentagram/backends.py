"""Where the pentagram's frames go: the real strip, the simulation, or nowhere.

Every backend takes finished LED values (gamma, brightness and the current limit are
already applied — the libraries' own ``brightness`` stays at 1.0 and ``auto_write``
off, so one ``show()`` sends one whole frame) and has ``write(frame)`` and ``close()``.

* :class:`SpiBackend` — ``neopixel_spi.NeoPixel_SPI(board.SPI(), n)`` on SPI0 MOSI
  (GPIO10): no root, leaves the audio alone; Pi 3/4 (``core_freq_min=500`` on a Pi 4).
* :class:`PwmBackend` — ``neopixel.NeoPixel(board.D18, n)`` through rpi_ws281x:
  needs root and fights the on-board audio.
* :class:`Pi5Backend` — the Pi 5's RP1 PIO driver,
  ``adafruit_raspberry_pi5_neopixel_write.neopixel_write(board.D<pin>, bytes)``.
* :class:`NullBackend` — nothing fitted, or nothing working.
* ``sim.strip.SimBackend`` — the simulation's pixel buffer, which ``sim/pixels.py`` draws
  (the device factory, :mod:`firmware_py.factory`, chooses it or a real one).

The real libraries are imported inside the backends only.  Off a Pi they raise
ImportError, NotImplementedError or RuntimeError (Blinka's "board not supported"),
and opening the bus can raise OSError: :func:`open_backend` turns any of these into
a Health warning and the null backend, and the game goes on.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from firmware_py.health import Health, describe
from firmware_py.pentagram.color import OFF, Colour

DEVICE = "pentagram"
DRIVERS = ("spi", "pwm", "pi5")
PACKAGES = {
    "spi": "adafruit-circuitpython-neopixel-spi",
    "pwm": "adafruit-circuitpython-neopixel (rpi_ws281x)",
    "pi5": "Adafruit-Blinka-Raspberry-Pi5-Neopixel",
}
HINTS = {
    "spi": "is SPI enabled (dtparam=spi=on) and the user in the spi group?",
    "pwm": "the PWM driver needs root and the on-board audio off",
    "pi5": "is this a Pi 5, with the udev rule giving the gpio group /dev/pio0?",
}


class Backend(Protocol):
    name: str
    count: int

    def write(self, frame: Sequence[Colour]) -> None:
        """Send one whole frame of LED values; raises if the strip fails."""

    def close(self) -> None:
        """Blank the LEDs and let go of the bus."""


def check_order(order: str) -> str:
    """A three-letter channel order such as ``"GRB"`` (WS2812B) or ``"RGB"``."""
    if not isinstance(order, str) or sorted(order.upper()) != ["B", "G", "R"]:
        raise ValueError(f"the pixel order is the three letters R, G and B in wire order, e.g. \"GRB\", not {order!r}")
    return order.upper()


def check_frame(frame: Sequence[Colour], count: int) -> None:
    if len(frame) != count:
        raise ValueError(f"a frame for this strip has {count} colours, not {len(frame)}")


class NullBackend:
    """No strip: frames go nowhere."""

    name = "none"

    def __init__(self, count: int) -> None:
        self.count = count

    def write(self, frame: Sequence[Colour]) -> None:
        check_frame(frame, self.count)

    def close(self) -> None:
        pass


class _PixelBufBackend:
    """Shared by the SPI and PWM drivers: both are Adafruit ``PixelBuf`` sequences."""

    name = "?"

    def __init__(self, count: int) -> None:
        self.count = count
        self.strip = None  # set by the subclass

    def write(self, frame: Sequence[Colour]) -> None:
        check_frame(frame, self.count)
        strip = self.strip
        for i, colour in enumerate(frame):
            strip[i] = colour
        strip.show()

    def close(self) -> None:
        strip = self.strip
        if strip is None:
            return
        try:
            strip.fill(OFF)
            strip.show()
        finally:
            deinit = getattr(strip, "deinit", None)
            if deinit is not None:
                try:
                    deinit()
                except Exception:  # blanking on the way out must not raise
                    pass


class SpiBackend(_PixelBufBackend):
    """NeoPixels on SPI0 MOSI (GPIO10) through ``neopixel_spi``: no root needed."""

    name = "spi"

    def __init__(self, count: int, pixel_order: str = "GRB") -> None:
        super().__init__(count)
        import board  # noqa: PLC0415 - lazily: only a Pi has it
        import neopixel_spi  # noqa: PLC0415

        order = check_order(pixel_order)
        self.strip = neopixel_spi.NeoPixel_SPI(
            board.SPI(), count, pixel_order=getattr(neopixel_spi, order, order), brightness=1.0, auto_write=False
        )


class PwmBackend(_PixelBufBackend):
    """NeoPixels on a hardware-PWM pin through ``neopixel`` (rpi_ws281x): needs root."""

    name = "pwm"

    def __init__(self, count: int, pin: int = 18, pixel_order: str = "GRB") -> None:
        super().__init__(count)
        import board  # noqa: PLC0415
        import neopixel  # noqa: PLC0415

        order = check_order(pixel_order)
        self.strip = neopixel.NeoPixel(
            _board_pin(board, pin), count, brightness=1.0, auto_write=False, pixel_order=getattr(neopixel, order, order)
        )


class Pi5Backend:
    """NeoPixels on a Pi 5 through Adafruit's RP1 PIO driver: we pack the bytes in the
    strip's channel order ourselves and hand them to ``neopixel_write``."""

    name = "pi5"

    def __init__(self, count: int, pin: int = 18, pixel_order: str = "GRB") -> None:
        import board  # noqa: PLC0415
        from adafruit_raspberry_pi5_neopixel_write import neopixel_write  # noqa: PLC0415

        self.count = count
        self.order = check_order(pixel_order)
        self._channels = tuple("RGB".index(letter) for letter in self.order)
        self._write = neopixel_write
        self.pin = _board_pin(board, pin)

    def pack(self, frame: Sequence[Colour]) -> bytearray:
        a, b, c = self._channels
        buf = bytearray(3 * len(frame))
        for n, colour in enumerate(frame):
            buf[3 * n] = colour[a]
            buf[3 * n + 1] = colour[b]
            buf[3 * n + 2] = colour[c]
        return buf

    def write(self, frame: Sequence[Colour]) -> None:
        check_frame(frame, self.count)
        self._write(self.pin, self.pack(frame))

    def close(self) -> None:
        self._write(self.pin, bytearray(3 * self.count))


def _board_pin(board, gpio: int):
    try:
        return getattr(board, f"D{gpio}")
    except AttributeError:
        raise ValueError(f"this board has no pin D{gpio} for the NeoPixel data line") from None


def check_driver(driver: str) -> str:
    """The pin map's ``driver``: "spi", "pwm", "pi5" or "none"."""
    if driver not in (*DRIVERS, "none"):
        raise ValueError(f"the pentagram driver is one of {', '.join(DRIVERS)} or none, not {driver!r}")
    return driver


def open_backend(
    driver: str,
    count: int,
    health: Health | None = None,
    pin: int | None = None,
    pixel_order: str = "GRB",
) -> Backend:
    """The real strip for the pin map's ``driver`` ("spi", "pwm", "pi5"; or "none").

    A driver that cannot start — library missing, not a Pi, bus not enabled, no
    permission — becomes a Health warning and the :class:`NullBackend`: the game goes on dark."""
    health = health if health is not None else Health()
    if check_driver(driver) == "none":
        return NullBackend(count)
    try:
        if driver == "spi":
            backend: Backend = SpiBackend(count, pixel_order)
        elif driver == "pwm":
            backend = PwmBackend(count, 18 if pin is None else pin, pixel_order)
        else:
            backend = Pi5Backend(count, 18 if pin is None else pin, pixel_order)
    except ImportError as error:
        health.fail(DEVICE, f"no LED strip: the {driver} driver needs {PACKAGES[driver]} ({error})")
        return NullBackend(count)
    except (NotImplementedError, RuntimeError, OSError) as error:
        health.fail(DEVICE, f"no LED strip: the {driver} driver could not start ({describe(error)}); {HINTS[driver]}")
        return NullBackend(count)
    except Exception as error:  # any other library failure: the game still goes on
        health.fail(DEVICE, f"no LED strip: the {driver} driver failed to start ({describe(error)})")
        return NullBackend(count)
    health.ok(DEVICE)
    return backend
