"""The table app: start-up to the first drawn frame, the time to draw a frame of
the ESP screen, and the CPU the app uses while idle (target: under 2 % of a core)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.bench import Options, Row, benchmark

ROOT = Path(__file__).resolve().parents[2]

STARTUP = """
import time
start = time.perf_counter()
from companion.ui.app import App
app = App((800, 480), journal_path=JOURNAL, settings_path=SETTINGS, simulate=True)
app.step()
print(time.perf_counter() - start)
app.close()
"""

IDLE = """
import time, resource
from companion.ui.app import App
app = App((800, 480), journal_path=JOURNAL, settings_path=SETTINGS, simulate=True)
for _ in range(20):
    app.step(50)
used = time.process_time()
wall = time.perf_counter()
end = wall + SECONDS
while time.perf_counter() < end:
    app.step(50)
print((time.process_time() - used) / (time.perf_counter() - wall), app.frames)
app.close()
"""


def _run(code: str, folder: str, **values) -> str:
    prelude = f"JOURNAL = {str(Path(folder) / 'j.sqlite3')!r}\nSETTINGS = {str(Path(folder) / 's.json')!r}\n"
    prelude += "".join(f"{k} = {v!r}\n" for k, v in values.items())
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", prelude + code], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1])
    return done.stdout.strip().splitlines()[-1]


@benchmark("app")
def bench_app(options: Options) -> list[Row]:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        starts = [float(_run(STARTUP, folder)) for _ in range(2 if options.quick else 5)]
        rows.append(Row("app start-up to the first drawn frame (simulation)", statistics.median(starts) * 1000, "ms",
                        None, f"median of {len(starts)} runs, Python and pygame already on disk"))
        rows.append(_frame_time(options))
        seconds = 3 if options.quick else 10
        share, frames = _run(IDLE, folder, SECONDS=seconds).split()
        rows.append(Row(f"CPU while idle for {seconds} s (simulation, on the home screen)", float(share) * 100,
                        "% of a core", ("<", 2.0), f"{frames} frames drawn in all"))
    return rows


def _frame_time(options: Options) -> Row:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from companion.ui.shots import rendered

    samples = []
    for name, size, app in rendered(((800, 480),)):
        if name != "esp-trick-won":
            continue
        for _ in range(30 if options.quick else 200):
            start = time.perf_counter()
            app.draw()
            samples.append(time.perf_counter() - start)
    samples.sort()
    return Row("draw one frame of the ESP screen at 800×480", statistics.median(samples) * 1000, "ms", ("<", 33.0),
               f"p95 {samples[int(len(samples) * 0.95)] * 1000:.1f} ms over {len(samples)} frames")
