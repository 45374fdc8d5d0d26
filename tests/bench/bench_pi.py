"""``make bench pi``: the box's moments on a Raspberry Pi-sized CPU.

Nothing here runs on a Pi, so the Pi's CPU is made: each scenario (``pi_run.py``) runs in
its own process, pinned to one CPU and held by a CPU quota to the share of a development
core that a Pi 4 (or a Pi 5) is worth.  The share is *calibrated*, not guessed: a pure-Python
workload is timed free and then under the quota, and the quota is set so the workload runs
the Pi's factor slower (a Pi 4 runs Python about 7× slower than a development core, a Pi 5
about 2.9×); the calibration is printed with the figures.

The quota is a cgroup's: v1 ``cpu.cfs_quota_us`` or v2 ``cpu.max`` (root, or a delegated
cgroup).  The knock reader's own process leaves the quota for a core of its own, as it has
on a Pi 4's four cores: its CPU is reported apart, scaled by the factor.  Where neither can be made, the scenarios run free and the CPU share is multiplied
by the factor — which says nothing of starvation (frames, conversions) under the cap, and the
notes say so.
"""

from __future__ import annotations

import compileall
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from tests.bench import Options, Row, benchmark

ROOT = Path(__file__).resolve().parents[2]
BUDGETS = {"Pi 4": 7.0, "Pi 5": 2.9}   # how much slower than a development core
PERIOD_US = 10_000   # short periods: the quota paces the process evenly (a 100 ms period ran it in
                     # bursts and paused it up to 86 ms at a time, which no Pi does)
CPU = 0                                  # the one CPU the scenarios are pinned to
KNOCK_CPU = 1                            # the knock process's own core (a Pi 4 has four)
WORKLOAD = "s = 0\nfor i in range(3_000_000):\n    s += i % 7 * (i & 3)\n"


class CpuCap:
    """A cgroup holding processes to a share of one CPU: v1 (``/sys/fs/cgroup/cpu``) or v2."""

    def __init__(self, name: str = "planchette-bench") -> None:
        self.path: Path | None = None
        self.v2 = False
        for base, v2 in ((Path("/sys/fs/cgroup/cpu"), False), (Path("/sys/fs/cgroup"), True),
                         (Path("/sys/fs/cgroup/unified"), True)):
            knob = base / ("cpu.max" if v2 else "cpu.cfs_quota_us")
            if v2 and "cpu" not in _read(base / "cgroup.subtree_control").split():
                continue
            if not v2 and not knob.exists():
                continue
            try:
                (base / name).mkdir(exist_ok=True)
                self.path, self.v2 = base / name, v2
                self.set(1.0)
                break
            except OSError:
                self.path = None

    def available(self) -> bool:
        return self.path is not None

    def set(self, share: float) -> None:
        quota = max(1000, int(PERIOD_US * share))
        if self.v2:
            (self.path / "cpu.max").write_text(f"{quota} {PERIOD_US}")
        else:
            (self.path / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (self.path / "cpu.cfs_quota_us").write_text(str(quota))
            try:  # room for the knock child's SCHED_FIFO request (it asks before it is moved out)
                (self.path / "cpu.rt_runtime_us").write_text("100000")
            except OSError:
                pass

    def outside(self) -> str:
        """Where a process goes to leave the cap: the parent group's ``cgroup.procs``."""
        return str(self.path.parent / "cgroup.procs") if self.path is not None else ""

    def enter(self) -> None:
        """Put the calling process in the cap (from ``preexec_fn``: the child, before exec)."""
        if self.path is not None:
            (self.path / "cgroup.procs").write_text(str(os.getpid()))
        os.sched_setaffinity(0, {CPU})

    def remove(self) -> None:
        if self.path is not None:
            try:
                self.path.rmdir()
            except OSError:
                pass


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""


def _child(args: list[str], cap: CpuCap, timeout: float, camera_cap: CpuCap | None = None) -> str:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT),
           "PLANCHETTE_BENCH_OUTSIDE": cap.outside(), "PLANCHETTE_BENCH_KNOCK_CPU": str(KNOCK_CPU),
           "PLANCHETTE_BENCH_CAMERA_PROCS": str(camera_cap.path / "cgroup.procs")
           if camera_cap is not None and camera_cap.available() else ""}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the box runs compiled modules (the installer compiles them)
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=timeout, preexec_fn=cap.enter)
    if done.returncode != 0:
        raise RuntimeError((done.stderr.strip().splitlines() or ["no output"])[-1])
    return done.stdout.strip().splitlines()[-1]


def workload_seconds(cap: CpuCap) -> float:
    code = f"import time\nt = time.perf_counter()\n{WORKLOAD}print(time.perf_counter() - t)\n"
    return min(float(_child(["-c", code], cap, 600)) for _ in range(3))


def calibrate(cap: CpuCap, factor: float) -> tuple[float, float]:
    """The quota share that makes the workload ``factor`` times slower, and the slowdown measured."""
    cap.set(1.0)
    free = workload_seconds(cap)
    share = 1 / factor
    for _ in range(3):  # the quota's own overhead: adjust once or twice
        cap.set(share)
        slowdown = workload_seconds(cap) / free
        if abs(slowdown - factor) / factor < 0.07:
            break
        share *= slowdown / factor
    return share, slowdown


SCENARIOS = ("startup", "idle", "mysterium-sand", "seance-battle", "clairvoyance-damage", "esp-camera")


@benchmark("pi")
def bench_pi(options: Options) -> list[Row]:
    # the knocked answers need a minute (20 gestures, 3 s apart); the other moments 20 s
    seconds = {scenario: 8 if options.quick else (65 if scenario in ("mysterium-sand", "esp-camera") else 20)
               for scenario in SCENARIOS}
    cap = CpuCap()
    camera_cap = CpuCap("planchette-bench-camera")  # the camera's process: the same Pi, on its own core
    rows: list[Row] = []
    compileall.compile_dir(str(ROOT), quiet=1, rx=re.compile(r"/(\.venv|\.git|build)/"))  # as install.sh does
    try:
        for budget, factor in BUDGETS.items():
            if budget != "Pi 4" and options.quick:
                continue
            if cap.available():
                share, slowdown = calibrate(cap, factor)
                how = f"cgroup quota {share * 100:.1f} % of CPU {CPU}: the workload runs {slowdown:.2f}× slower"
                if camera_cap.available():
                    camera_cap.set(share)
            else:
                share, slowdown = 1.0, factor
                how = f"no cgroup here: run free, CPU share × {factor} (starvation not shown)"
            rows.append(Row(f"[{budget}] calibration", slowdown, "× slower", None, how))
            for scenario in SCENARIOS:
                run = json.loads(_child(["-m", "tests.bench.pi_run", scenario, str(seconds[scenario])], cap,
                                        seconds[scenario] * 4 + 120, camera_cap))
                rows += (_camera_rows if scenario == "esp-camera" else _rows)(
                    budget, scenario, run, share if cap.available() else 1 / factor)
    finally:
        cap.remove()
        camera_cap.remove()
    return rows


def _camera_rows(budget: str, scenario: str, run: dict, share: float) -> list[Row]:
    """The live loop's figures: a card entered how long after it landed (the camera's process in
    a Pi-sized quota of its own when the machine allows, else scaled), the app's loop, the knocks."""
    name = f"[{budget}] {scenario}"
    scale = 1.0 if run["camera_capped"] else 1 / share
    how = "the camera's process in its own Pi-sized quota" if run["camera_capped"] else \
        f"the camera's process ran free: its time × {scale:.1f}"
    rows = [Row(f"{name}: cards entered", run["cards_entered"], "cards", None,
                f"of {run['cards_laid']} laid; {run['asked']} asked about")]
    if run["entry_after_hand_median_s"] is not None:
        rows += [Row(f"{name}: a card entered after the hand left it, median",
                     run["entry_after_hand_median_s"] * scale * 1000, "ms", ("<=", 1000.0),
                     f"{how}; from the first frame the camera read without the hand, "
                     f"{run['entries_timed_after_hand']} cards"),
                 Row(f"{name}: the same, longest", run["entry_after_hand_max_s"] * scale * 1000, "ms", None,
                     f"{sum(t * scale > 1.0 for t in run.get('entries_after_hand_s', []))} of the cards over 1 s"),
                 Row(f"{name}: from the card laid (the hand over it 3 frames; its drawing left out), median",
                     run["entry_less_drawing_median_s"] * scale * 1000, "ms", None),
                 Row(f"{name}: the same, longest", run["entry_less_drawing_max_s"] * scale * 1000, "ms", None)]
    rows += [Row(f"{name}: frames per second, the whole screen drawn each", run["loop_turns_per_s"], "fps",
                 (">=", 30.0), "the camera's process reading on its own core meanwhile"),
             Row(f"{name}: longest gap between frames", run["longest_gap_ms"], "ms", ("<=", 100.0))]
    camera = run.get("camera") or {}
    if camera.get("cpu_s") is not None and run["seconds"]:
        reading = (camera["cpu_s"] - camera.get("source_cpu_s", 0.0)) / run["seconds"]
        rows.append(Row(f"{name}: the camera process's CPU, share of a Pi core", reading / share * 100, "%", None,
                        f"a card every {4:.0f} s; the virtual camera's drawing left out; "
                        f"{camera.get('reads', 0)} reads of {camera.get('frames', 0)} frames"))
    for kind, what in (("quick", "a change named where it differs from the settled table"),
                       ("again", "a card named again at its outline"),
                       ("search", "a search of the whole frame or the part that changed")):
        look = (camera.get("looks") or {}).get(kind) or {}
        if look.get("count"):
            rows.append(Row(f"{name}: {what}, each", look["s"] / look["count"] * scale * 1000, "ms", None,
                            f"{look['count']} in the run"))
    if run["conversions_read_share"] is not None:
        rows.append(Row(f"{name}: ADS1115 conversions read", run["conversions_read_share"] * 100, "%", (">=", 99.9)))
    return rows


def _rows(budget: str, scenario: str, run: dict, share: float) -> list[Row]:
    name = f"[{budget}] {scenario}"
    if scenario == "startup":
        return [Row(f"{name}: start-up to the first frame", run["startup_s"], "s", ("<=", 3.0))]
    rows = [Row(f"{name}: CPU, share of the budget", run["cpu_share"] / share * 100, "%",
                ("<", 25.0) if scenario == "idle" else None)]
    if run["fps"] is not None:
        rows.append(Row(f"{name}: frames per second while animating", run["fps"], "fps", (">=", 30.0)))
    if run["longest_gap_ms"] is not None and scenario != "idle":
        rows.append(Row(f"{name}: longest gap between frames", run["longest_gap_ms"], "ms", ("<=", 100.0)))
    conversions = run.get("conversions")
    if conversions and conversions.get("cpu_share") is not None:
        factor = 1 / share if share < 1 else 1.0
        rows.append(Row(f"{name}: the knock process's CPU, share of a Pi core", conversions["cpu_share"] * factor * 100,
                        "%", None, f"its own core outside the quota; measured × {factor:.1f}"))
        if conversions.get("reader_share") is not None:
            rows.append(Row(f"{name}: of which the reader itself (the simulated piezo left out)",
                            conversions["reader_share"] * factor * 100, "%", None,
                            "what the box's knock process spends: the simulated signal costs a Pi nothing"))
    rows.append(Row(f"{name}: memory growth in this short window", run["rss_growth_mb_per_hour"], "MB/hour", None,
                    "the text cache filling as new texts are drawn: make bench soak measures growth over hours"))
    rows.append(Row(f"{name}: longest full garbage collection", run["longest_gc_ms"], "ms", None,
                    f"{run.get('full_collections', 0)} while measured"))
    if conversions:
        rows.append(Row(f"{name}: ADS1115 conversions read", conversions["read_share"] * 100, "%", (">=", 99.9)))
    if run["knocks_sent"]:
        rows.append(Row(f"{name}: knock answers correct", run["answers_correct"] / run["knocks_sent"] * 100, "%",
                        (">=", 100.0), f"{run['answers_correct']} of {run['knocks_sent']} gestures"))
        if run["latency_yes_ms"] is not None:
            rows.append(Row(f"{name}: yes latency median, from the knock", run["latency_yes_ms"], "ms", ("<=", 600.0)))
        if run["latency_no_ms"] is not None:
            rows.append(Row(f"{name}: no latency median, from the second knock", run["latency_no_ms"], "ms",
                            ("<=", 150.0)))
    return rows


if __name__ == "__main__":  # pragma: no cover - a quick look: python -m tests.bench.bench_pi
    start = time.perf_counter()
    for row in bench_pi(Options(quick=True)):
        print(row)
    print(f"{time.perf_counter() - start:.0f} s")
