"""The strip's backends against fakes of Adafruit's libraries, the Pentagram driver's
fault handling on an injected clock, and the simulated strip drawn by pygame."""

from __future__ import annotations

import logging
import sys
import types
from dataclasses import replace

import pygame
import pytest

from firmware_py.clock import ManualClock
from firmware_py.health import Health
from firmware_py import factory as factories
from firmware_py.factory import HardwareFactory, choose
from firmware_py.pentagram.backends import NullBackend, Pi5Backend, PwmBackend, SpiBackend, check_order, open_backend
from firmware_py.pentagram.color import OFF, WHITE, Power, prepare
from firmware_py.pentagram.layout import Layout
from firmware_py.pentagram.scenes import EspScene, MysteriumScene, SeanceScene, render
from firmware_py.pentagram.strip import Pentagram
from firmware_py.pins import load as load_pins
from sim.factory import SimFactory
from sim.pixels import PixelPanel, render_png, render_scene_png
from sim.strip import SimBackend


# -- fakes of the real libraries -------------------------------------------------------------------
class FakePin:
    def __init__(self, gpio: int) -> None:
        self.id = gpio

    def __repr__(self) -> str:
        return f"D{self.id}"


class FakePixelBuf:
    """What our code may use of Adafruit's PixelBuf: item assignment, fill, show, deinit."""

    def __init__(self, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None):
        self.n = n
        self.brightness = brightness
        self.auto_write = auto_write
        self.pixel_order = pixel_order
        self.buffer = [(0, 0, 0)] * n
        self.shown: list[list[tuple]] = []
        self.deinited = False
        self.fail_show: Exception | None = None

    def __len__(self):
        return self.n

    def __setitem__(self, index, colour):
        if self.auto_write:
            raise AssertionError("with auto_write on, every assignment would be sent on its own")
        self.buffer[index] = tuple(colour)

    def fill(self, colour):
        colour = (0, 0, 0) if colour == 0 else tuple(colour)
        self.buffer = [colour] * self.n

    def show(self):
        if self.fail_show is not None:
            raise self.fail_show
        self.shown.append(list(self.buffer))

    def deinit(self):
        self.deinited = True


class Hardware:
    """Fake ``board``, ``neopixel_spi``, ``neopixel`` and the Pi 5 module, recording use."""

    def __init__(self) -> None:
        self.spi_buses: list[object] = []
        self.strips: list[FakePixelBuf] = []
        self.pi5_writes: list[tuple[object, bytes]] = []

        board = types.ModuleType("board")
        for gpio in range(2, 28):
            setattr(board, f"D{gpio}", FakePin(gpio))

        def SPI():
            bus = object()
            self.spi_buses.append(bus)
            return bus

        board.SPI = SPI
        self.board = board

        neopixel_spi = types.ModuleType("neopixel_spi")
        neopixel_spi.RGB, neopixel_spi.GRB = "RGB", "GRB"

        def NeoPixel_SPI(spi, n, **kwargs):
            strip = FakePixelBuf(n, **kwargs)
            strip.spi = spi
            self.strips.append(strip)
            return strip

        neopixel_spi.NeoPixel_SPI = NeoPixel_SPI
        self.neopixel_spi = neopixel_spi

        neopixel = types.ModuleType("neopixel")
        neopixel.RGB, neopixel.GRB = "RGB", "GRB"

        def NeoPixel(pin, n, **kwargs):
            strip = FakePixelBuf(n, **kwargs)
            strip.pin = pin
            self.strips.append(strip)
            return strip

        neopixel.NeoPixel = NeoPixel
        self.neopixel = neopixel

        pi5 = types.ModuleType("adafruit_raspberry_pi5_neopixel_write")

        def neopixel_write(pin, buf):
            self.pi5_writes.append((pin, bytes(buf)))

        pi5.neopixel_write = neopixel_write
        self.pi5 = pi5

    def install(self, monkeypatch) -> "Hardware":
        monkeypatch.setitem(sys.modules, "board", self.board)
        monkeypatch.setitem(sys.modules, "neopixel_spi", self.neopixel_spi)
        monkeypatch.setitem(sys.modules, "neopixel", self.neopixel)
        monkeypatch.setitem(sys.modules, "adafruit_raspberry_pi5_neopixel_write", self.pi5)
        return self


@pytest.fixture
def hw(monkeypatch) -> Hardware:
    return Hardware().install(monkeypatch)


@pytest.fixture
def health() -> Health:
    return Health()


FRAME = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (1, 2, 3), (10, 20, 30)]


# -- each real backend on fakes ------------------------------------------------------------------
def test_spi_backend_uses_neopixel_spi_on_board_spi(hw, health):
    backend = open_backend("spi", 5, health=health)
    assert isinstance(backend, SpiBackend) and health.warnings() == []
    (strip,) = hw.strips
    assert strip.spi is hw.spi_buses[0]
    assert strip.n == 5 and strip.pixel_order == "GRB"
    assert strip.brightness == 1.0 and strip.auto_write is False, "we do brightness ourselves, one show per frame"
    backend.write(FRAME)
    assert strip.shown == [FRAME]
    backend.close()
    assert strip.shown[-1] == [OFF] * 5 and strip.deinited


def test_pwm_backend_uses_neopixel_on_the_pin(hw, health):
    backend = open_backend("pwm", 5, health=health, pin=12)
    assert isinstance(backend, PwmBackend)
    (strip,) = hw.strips
    assert strip.pin is hw.board.D12
    assert (strip.n, strip.pixel_order, strip.brightness, strip.auto_write) == (5, "GRB", 1.0, False)
    backend.write(FRAME)
    backend.write(list(reversed(FRAME)))
    assert strip.shown == [FRAME, list(reversed(FRAME))]
    assert open_backend("pwm", 5, health=health).strip.pin is hw.board.D18, "GPIO18 by default"


def test_pi5_backend_packs_grb_bytes_for_neopixel_write(hw, health):
    backend = open_backend("pi5", 3, health=health, pin=10)
    assert isinstance(backend, Pi5Backend)
    backend.write([(1, 2, 3), (4, 5, 6), (255, 0, 128)])
    (pin, data), = hw.pi5_writes
    assert pin is hw.board.D10
    assert data == bytes([2, 1, 3, 5, 4, 6, 0, 255, 128])
    backend.close()
    assert hw.pi5_writes[-1][1] == bytes(9)


def test_other_pixel_orders(hw):
    assert Pi5Backend(1, 18, "rgb").pack([(1, 2, 3)]) == bytes([1, 2, 3])
    assert Pi5Backend(1, 18, "BRG").pack([(1, 2, 3)]) == bytes([3, 1, 2])
    assert SpiBackend(2, "RGB").strip.pixel_order == "RGB"
    with pytest.raises(ValueError, match="three letters R, G and B"):
        check_order("GRBW")


def test_a_frame_of_the_wrong_length_is_a_programming_error(hw):
    for backend in (SpiBackend(3), Pi5Backend(3), SimBackend(3), NullBackend(3)):
        with pytest.raises(ValueError, match="has 3 colours, not 2"):
            backend.write([WHITE, WHITE])


def test_every_backend_receives_the_same_led_values(hw, health):
    """The contract: the simulation shows exactly what the real strips are sent."""
    layout = Layout.load()
    scene = SeanceScene(planchette=1, dice=(4, 6, 8, 10, 12), charged={(255, 60, 0): frozenset({"star"})},
                        turn=(0, 140, 255))
    received = {}
    for driver in ("simulation", "spi", "pwm", "pi5"):
        hw.strips.clear()
        hw.pi5_writes.clear()
        factory = SimFactory() if driver == "simulation" else HardwareFactory()
        backend = factory.strip(replace(load_pins(), pentagram_driver="spi" if driver == "simulation" else driver),
                                layout.count, health)
        pentagram = Pentagram(layout, backend, health, ManualClock(), budget_ma=900)
        pentagram.render(scene, 0.4)
        if driver == "simulation":
            received[driver] = backend.pixels
        elif driver == "pi5":
            data = hw.pi5_writes[-1][1]
            received[driver] = [(data[i + 1], data[i], data[i + 2]) for i in range(0, len(data), 3)]
        else:
            received[driver] = hw.strips[-1].shown[-1]
    expected = prepare(render(layout, scene, 0.4), Power(budget_ma=900)).frame
    assert all(values == expected for values in received.values())
    assert health.warnings() == []


# -- a strip that is not there -------------------------------------------------------------------
@pytest.mark.parametrize("driver, module, package", [
    ("spi", "neopixel_spi", "adafruit-circuitpython-neopixel-spi"),
    ("pwm", "neopixel", "adafruit-circuitpython-neopixel"),
    ("pi5", "adafruit_raspberry_pi5_neopixel_write", "Adafruit-Blinka-Raspberry-Pi5-Neopixel"),
    ("spi", "board", "adafruit-circuitpython-neopixel-spi"),
])
def test_a_missing_library_is_a_warning_and_the_null_backend(hw, monkeypatch, health, caplog, driver, module, package):
    monkeypatch.setitem(sys.modules, module, None)  # import raises ImportError
    with caplog.at_level(logging.WARNING, logger="planchette.hardware"):
        backend = open_backend(driver, 50, health=health)
    assert isinstance(backend, NullBackend)
    (warning,) = health.warnings()
    assert warning.startswith("pentagram: no LED strip") and package in warning
    assert len(caplog.records) == 1
    backend.write([OFF] * 50)  # the game goes on


def test_blinka_off_a_pi_is_a_warning(monkeypatch, tmp_path, health):
    """Blinka's ``board`` raises NotImplementedError at import on a board it does not know."""
    (tmp_path / "board.py").write_text('raise NotImplementedError("Board not supported generic x86 PC")\n')
    (tmp_path / "neopixel_spi.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("board", "neopixel_spi"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    backend = open_backend("spi", 50, health=health)
    assert isinstance(backend, NullBackend)
    (warning,) = health.warnings()
    assert "NotImplementedError: Board not supported" in warning and "spi group" in warning


@pytest.mark.parametrize("error, words", [
    (RuntimeError("ws2811_init failed with code -5 (mmap() failed)"), "needs root"),
    (PermissionError(13, "Permission denied: '/dev/mem'"), "needs root"),
])
def test_the_pwm_driver_without_root_is_a_warning(hw, monkeypatch, health, error, words):
    def refuse(*args, **kwargs):
        raise error

    monkeypatch.setattr(hw.neopixel, "NeoPixel", refuse)
    assert isinstance(open_backend("pwm", 50, health=health), NullBackend)
    assert words in health.warnings()[0]


def test_spi_not_enabled_is_a_warning(hw, monkeypatch, health):
    def no_spi():
        raise FileNotFoundError(2, "No such file or directory: '/dev/spidev0.0'")

    monkeypatch.setattr(hw.board, "SPI", no_spi)
    assert isinstance(open_backend("spi", 50, health=health), NullBackend)
    assert "dtparam=spi=on" in health.warnings()[0]


def test_a_pin_the_board_lacks_is_a_warning(hw, monkeypatch, health):
    monkeypatch.delattr(hw.board, "D18")
    assert isinstance(open_backend("pi5", 50, health=health), NullBackend)
    assert "no pin D18" in health.warnings()[0]


def test_choosing_the_backend(hw, monkeypatch, health):
    pins = load_pins()
    assert isinstance(SimFactory().strip(pins, 50, health), SimBackend)
    assert isinstance(open_backend("none", 50, health=health), NullBackend)
    assert health.warnings() == [], "no strip by choice is not a fault"
    monkeypatch.setattr(factories, "is_raspberry_pi", lambda: False)
    assert isinstance(choose().strip(pins, 50, health), SimBackend), "off a Pi the simulation by default"
    monkeypatch.setattr(factories, "is_raspberry_pi", lambda: True)
    assert isinstance(choose().strip(pins, 50, health), SpiBackend), "on a Pi the real strip"
    assert isinstance(choose(simulate=True).strip(pins, 50, health), SimBackend), "the simulation when asked for"
    for factory in (SimFactory(), HardwareFactory()):
        with pytest.raises(ValueError, match="one of spi, pwm, pi5 or none"):
            factory.strip(replace(pins, pentagram_driver="ws2812"), 50, health)


# -- the driver: faults on the injected clock -----------------------------------------------------
class Flaky:
    """A backend whose writes fail while ``broken`` and that counts attempts."""

    name = "flaky"

    def __init__(self, count: int) -> None:
        self.count = count
        self.broken = False
        self.attempts = 0
        self.frames: list[list] = []

    def write(self, frame) -> None:
        self.attempts += 1
        if self.broken:
            raise OSError(5, "Input/output error")
        self.frames.append(list(frame))

    def close(self) -> None:
        raise OSError(19, "No such device")


def test_a_write_failing_mid_game_is_one_warning_then_retried(health, caplog):
    layout, clock = Layout.load(), ManualClock(100.0)
    backend = Flaky(layout.count)
    pentagram = Pentagram(layout, backend, health, clock, retry_seconds=5.0)
    scene = MysteriumScene(0.5, True, 2)
    pentagram.render(scene)
    assert backend.attempts == 1 and health.warnings() == []
    backend.broken = True
    with caplog.at_level(logging.WARNING, logger="planchette.hardware"):
        for _ in range(90):  # three seconds of frames at 30 fps
            result = pentagram.render(scene)
            clock.advance(1 / 30)
            assert result.frame  # frames are still computed
    assert backend.attempts == 2, "after a failure the strip is left alone until the retry time"
    assert len(caplog.records) == 1 and "stopped taking frames" in health.warnings()[0]
    clock.advance(2.1)
    pentagram.render(scene)
    assert backend.attempts == 3 and len(caplog.records) == 1, "the retry failed quietly"
    backend.broken = False
    pentagram.render(scene)
    assert backend.attempts == 3, "next retry not due yet"
    clock.advance(5.0)
    pentagram.render(scene)
    assert backend.attempts == 4 and health.warnings() == [], "the first write that works clears the warning"
    assert backend.frames[-1] == pentagram.last.frame


def test_a_real_strip_failing_mid_game(hw, health):
    layout = Layout.load()
    pentagram = Pentagram(layout, open_backend("spi", layout.count, health=health), health,
                          ManualClock())
    hw.strips[0].fail_show = OSError(121, "Remote I/O error")
    pentagram.render(EspScene("star"))  # must not raise
    assert "Remote I/O error" in health.warnings()[0]


def test_the_simulated_strip_can_be_unplugged(health):
    layout, clock = Layout.load(), ManualClock()
    backend = SimBackend(layout.count)
    pentagram = Pentagram(layout, backend, health, clock, retry_seconds=1.0)
    pentagram.render(EspScene("star"), 0.0)
    before = backend.pixels
    backend.unplug()
    pentagram.render(EspScene("cross"), 0.0)
    assert backend.pixels == before and "unplugged" in health.warnings()[0]
    backend.replug()
    clock.advance(1.0)
    pentagram.render(EspScene("cross"), 0.0)
    assert backend.pixels != before and health.warnings() == []


def test_close_failing_is_a_warning_not_an_exception(health):
    layout = Layout.load()
    Pentagram(layout, Flaky(layout.count), health, ManualClock()).close()
    assert "did not blank" in health.warnings()[0]


def test_brightness_and_budget_settings(health):
    layout = Layout.load()
    backend = SimBackend(layout.count)
    pentagram = Pentagram(layout, backend, health, ManualClock())
    full = [WHITE] * layout.count
    assert pentagram.show(full).estimated_ma <= 2000
    pentagram.set_budget_ma(500)
    result = pentagram.show(full)
    assert result.limited and result.estimated_ma <= 500 and result.budget_ma == 500
    pentagram.set_budget_ma(5000)
    pentagram.set_brightness(0.5)
    pentagram.show(full)
    assert backend.pixels == [(127, 127, 127)] * layout.count
    pentagram.set_brightness(0)
    pentagram.show(full)
    assert backend.pixels == [OFF] * layout.count
    with pytest.raises(ValueError, match="brightness must be from 0 to 1"):
        pentagram.set_brightness(2)
    with pytest.raises(ValueError, match="budget_ma must be a number of mA"):
        pentagram.set_budget_ma(-1)
    with pytest.raises(ValueError, match="has 50 colours, not 3"):
        pentagram.show([WHITE] * 3)


def test_open_reads_the_pin_map(monkeypatch, health):
    pentagram = Pentagram.open(SimFactory(), health=health, clock=ManualClock())
    assert isinstance(pentagram.backend, SimBackend) and pentagram.count == 50
    ringed = Pentagram.open(SimFactory(), load_pins(), health=health, circle=True, brightness=0.5)
    assert ringed.count == 90 and ringed.brightness == 0.5
    ringed.render(MysteriumScene(0.5, True, 3), 0.0)
    assert sum(1 for c in ringed.backend.pixels if c != OFF) > 40


def test_open_on_a_pi_without_the_libraries_still_gives_a_pentagram(monkeypatch, health):
    monkeypatch.setitem(sys.modules, "board", None)
    pentagram = Pentagram.open(HardwareFactory(), health=health, clock=ManualClock())
    assert isinstance(pentagram.backend, NullBackend)
    pentagram.render(SeanceScene(planchette=0))  # the game goes on
    assert health.warnings()[0].startswith("pentagram: no LED strip: the spi driver needs")


def test_a_backend_for_another_count_is_refused():
    with pytest.raises(ValueError, match="drives 90 LEDs but the layout has 50"):
        Pentagram(Layout.load(), SimBackend(90))


# -- the simulation drawn by pygame --------------------------------------------------------------
def test_render_png_draws_lit_leds_where_the_layout_puts_them(tmp_path):
    layout = Layout.load()
    frame = [OFF] * layout.count
    frame[layout.point(0)] = (255, 0, 0)
    frame[layout.line(2)[4]] = (0, 0, 255)
    path = render_png(frame, tmp_path / "star.png", 300)
    image = pygame.image.load(str(path))
    assert image.get_size() == (300, 300)

    def at(index):
        x, y = layout.position(index)
        return image.get_at((round(x * 300), round(y * 300)))[:3]

    red, blue = at(layout.point(0)), at(layout.line(2)[4])
    assert red[0] > 200 and red[1] < 150 and red[2] < 150
    assert blue[2] > 200 and blue[0] < 150
    dark = at(layout.point(3))
    assert max(dark) < 60
    assert max(image.get_at((5, 295))[:3]) < 30, "the background is dark"


def test_a_dimmer_led_is_drawn_dimmer(tmp_path):
    layout = Layout.load()
    panel = PixelPanel(layout)
    surface = pygame.Surface((200, 200))
    values = []
    for level in (255, 60, 8):
        frame = [OFF] * layout.count
        frame[layout.point(0)] = (level, level, level)
        panel.draw(surface, surface.get_rect(), frame)
        x, y = layout.position(layout.point(0))
        values.append(sum(surface.get_at((round(x * 200), round(y * 200)))[:3]))
    assert values[0] > values[1] > values[2] > 0


def test_the_panel_draws_inside_its_rect_only():
    layout = Layout.load(circle=True)
    surface = pygame.Surface((400, 300))
    surface.fill((200, 200, 200))
    PixelPanel(layout).draw(surface, pygame.Rect(250, 50, 140, 140), [WHITE] * layout.count)
    assert surface.get_at((10, 10))[:3] == (200, 200, 200)
    assert surface.get_at((320, 120))[:3] != (200, 200, 200)
    with pytest.raises(ValueError, match="has 90 LEDs"):
        PixelPanel(layout).draw(surface, surface.get_rect(), [WHITE] * 50)


def test_render_scene_png_picks_the_layout(tmp_path):
    path = render_scene_png(MysteriumScene(0.3, True, 5), 1.0, tmp_path / "m.png", 120,
                            layout=Layout.load(circle=True))
    assert pygame.image.load(str(path)).get_size() == (120, 120)
    with pytest.raises(ValueError, match="no variant with 7 LEDs"):
        render_png([OFF] * 7, tmp_path / "x.png")
