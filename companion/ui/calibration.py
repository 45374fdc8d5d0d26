"""Knock calibration on the screen: stay quiet, knock once, knock twice — then the
detector's settings for this table are measured, saved beside the journal and used
at once.  A take that cannot be trusted is a sentence and a "Try again"."""

from __future__ import annotations

from companion.ui import theme
from companion.ui.screen import Screen, SubScreen
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, panel, rows
from firmware_py.knock.calibrate import TAKES, CalibrationError, KnockSettingsError, calibrate, save


class CalibrationScreen(SubScreen):
    title = "Knock calibration"

    def __init__(self, app, back: Screen) -> None:
        super().__init__(app, back)
        self.knock = app.box.knock
        self.step = -1  # -1: not started; 0..2: the takes; 3: done
        self.takes: dict[str, list[int]] = {}
        self.until = 0.0
        self.result = ""
        self.failed = False

    @property
    def possible(self) -> bool:
        return hasattr(self.knock, "recording")

    def start(self) -> None:
        self.step, self.takes, self.result, self.failed = 0, {}, "", False
        self._begin_take()

    def _begin_take(self) -> None:
        self.knock.recording = []
        self.until = self.app.clock.now() + TAKES[self.step][2]

    def tick(self, now: float) -> bool:
        if not 0 <= self.step < len(TAKES):
            return False
        if now < self.until:
            return True  # the countdown moves
        self.takes[TAKES[self.step][0]] = self.knock.recording or []
        self.knock.recording = None
        self.step += 1
        if self.step < len(TAKES):
            self._begin_take()
        else:
            self._finish()
        return True

    def animating(self) -> bool:
        return 0 <= self.step < len(TAKES)

    def _finish(self) -> None:
        try:
            calibration = calibrate(self.knock.rate, self.takes["quiet"], self.takes["once"], self.takes["twice"])
            save(calibration)
        except (CalibrationError, KnockSettingsError) as error:
            self.failed, self.result = True, str(error)
            return
        self.knock.use(calibration.settings)
        self.failed, self.result = False, "Calibrated: " + calibration.summary()

    def draw_body(self, surface, area):
        """What to do now at the table's size, the seconds left of a take big, Start and Back."""
        s = self.scale
        box = area.inflate(-s(48), -s(32))
        panel(surface, box, radius=s(12))
        heading, body, buttons = rows(box.inflate(-s(30), -s(24)), [1, 3.4, 1.2], s(10))
        if not self.possible:
            draw_text(surface, "This knock sensor cannot be calibrated here", heading, s(theme.HEADING), theme.INK,
                      bold=True)
            draw_paragraph(surface, "The digital knock module is set with the trimmer on its board; with no "
                           "knock sensor fitted there is nothing to calibrate.", body, s(theme.BODY), theme.MUTED)
        elif 0 <= self.step < len(TAKES):
            left = max(0.0, self.until - self.app.clock.now())
            draw_text(surface, f"Take {self.step + 1} of {len(TAKES)}", heading, s(theme.HEADING), theme.MUTED,
                      bold=True)
            words, seconds = columns(body, [3, 1], s(16))
            draw_paragraph(surface, TAKES[self.step][1], words, s(theme.TABLE), theme.GOLD, bold=True)
            draw_text(surface, f"{left:.0f} s", seconds, s(theme.HUGE) * 2, theme.INK, "centre", bold=True)
        elif self.step == len(TAKES):
            draw_text(surface, "Could not calibrate" if self.failed else "Done", heading, s(theme.TABLE),
                      theme.BAD if self.failed else theme.GOOD, bold=True)
            draw_paragraph(surface, self.result, body, s(theme.BODY), theme.INK)
        else:
            draw_text(surface, "Teach the box this table's knocks", heading, s(theme.TABLE), theme.INK, bold=True)
            draw_paragraph(surface, "Three takes: stay quiet for 3 seconds, then knock once, then knock twice, "
                           "as you will to answer yes and no. The settings are kept for this table.",
                           body, s(theme.BODY), theme.MUTED)
        start, back = columns(buttons, [1, 1], s(16))
        running = 0 <= self.step < len(TAKES)
        label = "Try again" if self.step == len(TAKES) else "Start"
        busy = "A take is running: wait for its seconds to end."
        self.add_button(surface, Button(start, label, "start", self.possible and not running, colour=theme.GOOD,
                                        why=busy if running else "This knock sensor cannot be calibrated here."),
                        s(theme.HEADING))
        self.add_button(surface, Button(back, "Back", "back", not running, why=busy), s(theme.HEADING))

    def on_button(self, action):
        if action == "start":
            self.start()
        else:
            self.app.show(self.back)
