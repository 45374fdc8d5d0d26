"""The desktop's camera without a camera: frames of the cards played so far.

Why: the desktop mode plays ESP with no camera on the table, yet the live loop (find, name,
confirm over several frames) must run on frames like a real camera's.  A ``VirtualCamera``
keeps the cards on the table in the order they landed and draws each frame with
``sim.table_camera.compose``: the table, the light and the cards stay put from frame to frame
(only the sensor noise changes), a new card lands without moving the others, and for a few
frames after it lands the player's hand is still over it.

    camera = VirtualCamera(style=STYLES[1], seed=4)
    camera.play("3 star")
    frame = camera.frame()          # BGR, 1280x720; camera.truth() says what is in it
"""

from __future__ import annotations

import time
from dataclasses import replace

import cv2
import numpy as np

from sim.table_camera import STYLES, Conditions, DeckStyle, Placed, compose, parse_card

CALM = Conditions(table="wood", tilt=0.3, light=0.3, noise=3.0, jpeg=85)
HAND_FRAMES = 3  # frames the hand that put a card down is still over it


class VirtualCamera:
    """A still table seen frame after frame; ``play`` puts a card down, ``clear`` picks all up.

    ``hand_frames``: for how many frames after a card lands the hand is still over it.
    """

    def __init__(self, style: DeckStyle = STYLES[0], seed: int = 0,
                 conditions: Conditions = CALM, size=(1280, 720), hand_frames: int = HAND_FRAMES):
        self.style = style
        self.seed = seed
        self.conditions = replace(conditions, hand=False)
        self.size = size
        self.hand_frames = hand_frames
        self.cards: list[str] = []
        self.layout = 0          # the place numbers of the cards dealt since the last clear
        self.layouts: list[int] = []
        self.frames = 0
        self._landed_at = -10 ** 9
        self._truth: list[Placed] = []

    def play(self, card: str) -> None:
        """A card lands on the table (face up, or "back" face down), above the others."""
        parse_card(card)
        if len(self.cards) >= 12:
            raise ValueError("the virtual table holds at most 12 cards: clear it first")
        self.cards.append(card)
        self.layouts.append(self.layout)
        self._landed_at = self.frames

    def clear(self, keep: int = 0) -> None:
        """The trick is over: the cards are picked up but the first ``keep`` (a Vision Card
        stays where it lies); the next ones land in new places."""
        self.cards, self.layouts = self.cards[:keep], self.layouts[:keep]
        self.layout += 1

    def frame(self) -> np.ndarray:
        """The next frame (BGR uint8)."""
        self.frames += 1
        handed = bool(self.cards) and self.frames - self._landed_at <= self.hand_frames
        conditions = replace(self.conditions, hand=handed)
        image, self._truth = compose(self.seed, self.style, conditions, self.size,
                                     cards=list(self.cards), frame=self.frames,
                                     hand_over=len(self.cards) - 1 if handed else None,
                                     layouts=list(self.layouts))
        return image

    def truth(self) -> list[Placed]:
        """The cards in the last frame, bottom first, with their corners and visible shares."""
        return list(self._truth)


class VirtualTableSource:
    """The virtual camera as a frame source (``firmware_py.camera.FrameSource``): the camera
    process reads it like a webcam, and the desktop lays the cards it shows with
    :meth:`lay` (the whole table, in the order the cards landed: a card the list keeps
    stays where it lies; a "back" that becomes a face is that card turned up)."""

    live = True
    stills = False

    def __init__(self, style_name: str = STYLES[0].name, seed: int = 0) -> None:
        style = next((s for s in STYLES if s.name == style_name), None)
        if style is None:
            raise ValueError(f"no virtual deck called {style_name!r}: "
                             f"{', '.join(s.name for s in STYLES)}")
        self.camera = VirtualCamera(style=style, seed=seed)
        self.name = f"the virtual camera ({style.name} deck)"
        self._still: np.ndarray | None = None  # the last frame drawn, and for what (cards, places, hand)
        self._still_for: tuple | None = None
        # when (time.monotonic) the first frame without the hand over the card last laid was
        # read: the moment a camera could first see the card whole (the benchmark's start)
        self.hand_left: float | None = None
        self._handed = False
        rng = np.random.default_rng(seed)
        self._grain = [(rng.integers(0, 3, (self.camera.size[1], self.camera.size[0], 3), dtype=np.uint8),
                        rng.integers(0, 3, (self.camera.size[1], self.camera.size[0], 3), dtype=np.uint8))
                       for _ in range(3)]

    def lay(self, cards: list[str]) -> None:
        """The table now shows ``cards``; fewer than before means the table was cleared
        first (a trick picked up), so the next cards land in new places."""
        now = list(self.camera.cards)
        stay = 0  # the cards that stay where they lie (or are turned up there)
        while stay < min(len(now), len(cards)) and now[stay] in (cards[stay], "back"):
            stay += 1
        if stay < len(now):
            self.camera.clear(keep=stay)
            now = now[:stay]
        for index, card in enumerate(cards):
            if index < len(now):
                self.camera.cards[index] = card  # a face-down card turned up where it lies
            else:
                self.camera.play(card)

    def read(self) -> np.ndarray:
        """The next frame.  A still table (with the hand resting over the card it laid, or
        without it) is drawn once and then given again with fresh sensor grain (a few
        milliseconds, where drawing takes tens): the camera's process pays for reading
        frames, as on the box, not for making them."""
        camera = self.camera
        handed = bool(camera.cards) and camera.frames + 1 - camera._landed_at <= camera.hand_frames
        for_now = (tuple(camera.cards), tuple(camera.layouts), handed)
        if self._handed and not handed:
            self.hand_left = time.monotonic()
        self._handed = handed
        if for_now != self._still_for or self._still is None:
            self._still, self._still_for = camera.frame(), for_now
            return self._still
        camera.frames += 1
        more, less = self._grain[camera.frames % len(self._grain)]
        return cv2.subtract(cv2.add(self._still, more), less)

    def close(self) -> None:
        pass


def virtual_deck(style_name: str, folder) -> None:
    """The teaching photos of a virtual deck style, written once into ``folder``."""
    from pathlib import Path

    from sim.table_camera import write_deck

    style = next(s for s in STYLES if s.name == style_name)
    if not (Path(folder) / "back.jpg").exists():
        write_deck(style, folder)
