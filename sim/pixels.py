"""The simulated pentagram drawn with pygame: the star's lines faint, each LED a glowing
dot at its layout position.

It draws LED *values* — what the strip is sent (:class:`SimBackend.pixels`), after
gamma, brightness and the current limit — converted to the screen value that emits
the same light (:func:`color.perceived`), so a dimmed or current-limited star looks
dimmer here too.

    panel = PixelPanel(layout)
    panel.draw(screen, pygame.Rect(560, 40, 220, 220), backend.pixels)   # the side panel

    render_png(frame, "/tmp/star.png", 480)          # headless (SDL_VIDEODRIVER=dummy)
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Sequence

import pygame

from firmware_py.pentagram.color import Colour, Power, perceived, prepare
from firmware_py.pentagram.layout import Layout
from firmware_py.pentagram.scenes import Scene, render

BACKGROUND = (10, 8, 16)
LINE_COLOUR = (38, 34, 54)
SOCKET_COLOUR = (30, 28, 40)

_PERCEIVED = tuple(perceived(v) for v in range(256))


class PixelPanel:
    """Draws one layout; keeps its glow sprites for the size last drawn."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self._size = 0
        self._halo: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect | tuple, pixels: Sequence[Colour],
             background: bool = True) -> None:
        rect = pygame.Rect(rect)
        if len(pixels) != self.layout.count:
            raise ValueError(f"the pentagram has {self.layout.count} LEDs; got {len(pixels)} colours")
        side = min(rect.width, rect.height)
        ox, oy = rect.x + (rect.width - side) / 2, rect.y + (rect.height - side) / 2
        at = lambda x, y: (ox + x * side, oy + y * side)  # noqa: E731
        spacing = self._spacing() * side
        dot = max(1.5, spacing * 0.24)
        halo = self._halo_for(max(3, int(spacing * 1.1)))
        if background:
            surface.fill(BACKGROUND, rect)
        width = max(1, round(side / 220))
        layout = self.layout
        for line in range(5):
            a, b = layout.line_ends(line)
            pygame.draw.line(surface, LINE_COLOUR, at(*layout.position(layout.point(a))),
                             at(*layout.position(layout.point(b))), width)
        if layout.has_circle:
            cx, cy = at(*layout.centre)
            radius = math.dist(at(*layout.position(layout.circle()[0])), (cx, cy))
            pygame.draw.circle(surface, LINE_COLOUR, (round(cx), round(cy)), round(radius), width)
        h = halo.get_width() // 2
        for index, value in enumerate(pixels):
            x, y = at(*layout.position(index))
            colour = (_PERCEIVED[value[0]], _PERCEIVED[value[1]], _PERCEIVED[value[2]])
            centre = (round(x), round(y))
            if colour == (0, 0, 0):
                pygame.draw.circle(surface, SOCKET_COLOUR, centre, max(1, round(dot * 0.8)), max(1, width))
                continue
            glow = halo.copy()
            glow.fill(colour, special_flags=pygame.BLEND_RGB_MULT)
            surface.blit(glow, (centre[0] - h, centre[1] - h), special_flags=pygame.BLEND_RGB_ADD)
            peak = max(colour) / 255.0
            core = tuple(min(255, round(c + (255 - c) * 0.45 * peak)) for c in colour)  # bright LEDs look white-hot
            pygame.draw.circle(surface, core, centre, max(1, round(dot)))

    def _spacing(self) -> float:
        """The typical distance between neighbouring LEDs, in unit-square units."""
        run = self.layout.line(0)
        if len(run) >= 2:
            return math.dist(self.layout.position(run[0]), self.layout.position(run[1]))
        return 0.05

    def _halo_for(self, radius: int) -> pygame.Surface:
        if self._halo is None or self._size != radius:
            size = 2 * radius + 1
            halo = pygame.Surface((size, size))
            halo.fill((0, 0, 0))
            for r in range(radius, 0, -1):
                level = round(210 * (1.0 - r / radius) ** 2)
                pygame.draw.circle(halo, (level, level, level), (radius, radius), r)
            self._halo, self._size = halo, radius
        return self._halo


def layout_for(count: int, path=None) -> Layout:
    """The default layout with or without the circle, whichever has ``count`` LEDs."""
    kwargs = {} if path is None else {"path": path}
    for circle in (False, True):
        layout = Layout.load(circle=circle, **kwargs)
        if layout.count == count:
            return layout
    raise ValueError(f"the pentagram layout has no variant with {count} LEDs")


def render_png(frame: Sequence[Colour], path: str | Path, size: int = 480, layout: Layout | None = None) -> Path:
    """Draw a frame of LED values to a PNG (no window needed) and return its path."""
    layout = layout if layout is not None else layout_for(len(frame))
    surface = pygame.Surface((size, size))
    PixelPanel(layout).draw(surface, surface.get_rect(), frame)
    path = Path(path)
    pygame.image.save(surface, str(path))
    return path


def render_scene_png(scene: Scene, t: float, path: str | Path, size: int = 480, layout: Layout | None = None,
                     brightness: float = 1.0, budget_ma: float = 2000.0) -> Path:
    """A scene at time ``t`` through the same gamma, brightness and limiter as the strip."""
    layout = layout if layout is not None else Layout.load()
    limited = prepare(render(layout, scene, t), Power(budget_ma=budget_ma), brightness)
    return render_png(limited.frame, path, size, layout)
