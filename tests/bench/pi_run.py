"""One moment of the box, run as the Pi runs it, in this process — ``bench_pi`` starts it
inside a CPU cap (or measures and scales it) and reads the one JSON line it prints.

    python -m tests.bench.pi_run SCENARIO SECONDS

The app runs its own loop on the real clock (``App.run``'s pacing: a frame every
``FRAME_WAIT`` ms while animating, a look at the box every ``IDLE_WAIT`` ms otherwise), on
the simulated box with the *real* knock path: the reader reading the simulated ADS1115
(``direct_sim=False``), so the figures describe the box, not the desktop's shortcut.
Knocks are the simulated piezo's (``box.knock_now``), one knock for yes and two for no.

Scenarios: ``idle`` (the home screen), ``startup`` (to the first frame), ``mysterium-sand``
(the hourglass running, 20 knocked answers), ``seance-battle`` (the battle pulse, again and
again), ``clairvoyance-damage`` (the damage flash, again and again), ``esp-camera`` (cards laid
on the virtual table and read by the camera's process, in a quota of its own).
"""

from __future__ import annotations

import gc
import json
import os
import sys
import threading
import time

STARTED = time.perf_counter()

GESTURE_EVERY = 3.0   # seconds between knocked answers
SECOND_KNOCK = 0.3    # seconds between the two knocks of a "no"


def rss_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def open_app(folder: str):
    from companion.ui.app import App
    from firmware_py.box import Box
    from firmware_py.clock import SystemClock

    clock = SystemClock()
    box = Box.open(simulate=True, clock=clock, direct_sim=False)
    return App((800, 480), clock=clock, box=box, journal_path=os.path.join(folder, "journal.sqlite3"),
               settings_path=os.path.join(folder, "settings.json"), side_panel=False)  # the Pi has no side panel


def show_example(app, name: str) -> None:
    from companion.ui.shots import examples

    dict(examples())[name](app)
    app.dirty = True


class Watch:
    """The frames (each turn of the loop that shows the pentagram a new frame; the LCD is drawn
    only when it changed) and the answers heard, by wrapping the app's own."""

    def __init__(self, app) -> None:
        self.frames: list[float] = []
        self.answers: list[tuple[str, float]] = []
        show, answer = app.box.show, app.answer

        def shown(scene) -> None:
            show(scene)
            self.frames.append(time.perf_counter())

        def heard(name: str) -> None:
            self.answers.append((name, time.perf_counter()))
            answer(name)

        app.box.show, app.answer = shown, heard


class ChildMover(threading.Thread):
    """Moves every child of this process out of the CPU quota, to a core of its own, the moment
    it appears (the knock reader's process: on a Pi 4 it has another core; here it must not
    eat the app's budget, nor be starved by it)."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.outside = os.environ.get("PLANCHETTE_BENCH_OUTSIDE")
        self.core = int(os.environ.get("PLANCHETTE_BENCH_KNOCK_CPU", "1"))
        self.moved: set[int] = set()
        self.stop = threading.Event()

    def children(self) -> list[int]:
        me, found = os.getpid(), []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as stat:
                        if int(stat.read().rsplit(")", 1)[1].split()[1]) == me:
                            found.append(int(entry))
                except (OSError, ValueError, IndexError):
                    pass
        return found

    def run(self) -> None:
        while not self.stop.wait(0.005 if not self.moved else 0.2):
            for pid in self.children():
                if pid in self.moved:
                    continue
                try:
                    if self.outside:
                        with open(self.outside, "w") as procs:
                            procs.write(str(pid))
                    os.sched_setaffinity(pid, {self.core})
                except OSError:
                    pass
                self.moved.add(pid)


def poke(app, scenario: str, now: float) -> None:
    """Start the scenario's animation again (a new battle, a new hit) on the screen."""
    screen = app.screen
    if scenario == "seance-battle" and hasattr(screen, "battle_at"):
        if screen.battle_at is None or now - screen.battle_at > 3.2:
            screen.battle_at = app.clock.now()
    if scenario == "clairvoyance-damage" and hasattr(screen, "hit_at"):
        if screen.hit_at is None or now - screen.hit_at > 2.2:
            screen.hit_at = app.clock.now()


def run(scenario: str, seconds: float) -> dict:
    import tempfile

    from companion.ui.app import IDLE_WAIT

    collections: list[tuple[float, float]] = []  # full (generation 2) collections: (when, seconds)
    began = [0.0]

    def timed(phase: str, info: dict) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        elif info.get("generation") == 2:
            collections.append((began[0], time.perf_counter() - began[0]))

    gc.callbacks.append(timed)
    mover = ChildMover()
    mover.start()
    with tempfile.TemporaryDirectory() as folder:
        app = open_app(folder)
        if scenario == "startup":
            app.step()
            first = time.perf_counter() - STARTED
            app.close()
            mover.stop.set()
            return {"startup_s": first}
        examples = {"mysterium-sand": "mysterium-sand", "seance-battle": "seance-battle",
                    "clairvoyance-damage": "clairvoyance-throw"}
        if scenario in examples:
            show_example(app, examples[scenario])
        watch = Watch(app)
        app.settle()  # as App.run does: the first frame, then start-up frozen out of collections
        for _ in range(40):  # the knock process has started and said it is reading
            app.step(IDLE_WAIT)
        knock_child = bool(mover.moved)
        gc.collect()
        rss0, cpu0, wall0 = rss_bytes(), time.process_time(), time.perf_counter()
        before = app.box.knock_stats() or {}
        knock_cpu0, reader_cpu0 = before.get("cpu_s", 0.0), before.get("reader_cpu_s", 0.0)
        sent: list[tuple[str, float]] = []
        knocks, deciding = 0, []  # knocks made; for each gesture, which knock decides it
        next_gesture = wall0 + 1.0
        second_knock = None
        animating_time = 0.0
        turns: list[float | None] = []  # the start of each loop turn while animating (None: a pause)
        while time.perf_counter() - wall0 < seconds:
            now = time.perf_counter()
            poke(app, scenario, now)
            if scenario == "mysterium-sand":
                if second_knock is not None and now >= second_knock:
                    app.box.knock_now()
                    knocks += 1
                    sent[-1] = ("no", time.perf_counter())  # the "no" is timed from its second knock
                    deciding[-1] = knocks - 1
                    second_knock = None
                if now >= next_gesture and len(sent) < 20:
                    kind = "yes" if len(sent) % 2 == 0 else "no"
                    app.box.knock_now()
                    knocks += 1
                    deciding.append(knocks - 1)
                    sent.append((kind, time.perf_counter()))
                    second_knock = now + SECOND_KNOCK if kind == "no" else None
                    next_gesture = now + GESTURE_EVERY
            animating = app.animating()
            before = time.perf_counter()
            app.turn()  # App.run's own paced turn
            if animating:
                animating_time += time.perf_counter() - before
                turns.append(before)
            elif turns and turns[-1] is not None:
                turns.append(None)  # the animation paused: no gap is counted across it
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        pauses = [seconds for when, seconds in collections if when >= wall0]  # the evening's, not start-up's
        frames = [t for t in watch.frames if t >= wall0]
        gaps = [b - a for a, b in zip(turns, turns[1:]) if a is not None and b is not None]
        stats = app.box.knock_stats()
        if stats is not None:
            stats = {**stats, "cpu_share": (stats.get("cpu_s", 0.0) - knock_cpu0) / wall if knock_child else None,
                     "reader_share": (stats.get("reader_cpu_s", 0.0) - reader_cpu0) / wall if knock_child else None}
        heard = [(name, t) for name, t in watch.answers if t >= wall0]
        # time each gesture from when its deciding knock was struck in the reader's stream (the
        # child's own word, on this clock), not from when the app asked for it: on the box a knock
        # is a knock, with no message from the app to the reader in between
        struck = list(getattr(getattr(app.box.knock, "source", None), "struck", ()))[-knocks:] if knocks else []
        if len(struck) == knocks:
            sent = [(kind, struck[k][1] if struck[k][1] is not None else at) for (kind, at), k in zip(sent, deciding)]
        correct = sum(1 for (kind, _), (name, _) in zip(sent, heard) if kind == name)
        latency = {kind: sorted(h - s for (k, s), (name, h) in zip(sent, heard) if k == kind == name)
                   for kind in ("yes", "no")}
        result = {
            "seconds": wall, "cpu_share": cpu / wall, "frames": len(frames),
            "fps": sum(1 for turn in turns if turn is not None) / animating_time if animating_time > 1 else None,
            "longest_gap_ms": max(gaps) * 1000 if gaps else None,
            "rss_growth_mb_per_hour": (rss_bytes() - rss0) / 2**20 * 3600 / wall,
            "longest_gc_ms": max(pauses) * 1000 if pauses else 0.0, "full_collections": len(pauses),
            "knocks_sent": len(sent), "answers_heard": len(heard), "answers_correct": correct,
            "latency_yes_ms": latency["yes"][len(latency["yes"]) // 2] * 1000 if latency["yes"] else None,
            "latency_no_ms": latency["no"][len(latency["no"]) // 2] * 1000 if latency["no"] else None,
            "conversions": stats,
        }
        app.close()
        mover.stop.set()
        return result


CARD_EVERY = 4.0  # seconds between cards laid on the virtual table


def into_camera_cap(app, mover: ChildMover) -> bool:
    """The camera's process into a quota of its own on the other core (a Pi 4 has four cores:
    the app, the knock reader and the camera each have one): its speed is the Pi's too."""
    procs = os.environ.get("PLANCHETTE_BENCH_CAMERA_PROCS")
    deadline = time.perf_counter() + 5.0
    while app.camera.pid not in mover.moved and time.perf_counter() < deadline:
        time.sleep(0.01)  # the mover first takes every child out of the app's quota
    if not procs or app.camera.pid not in mover.moved:
        return False
    with open(procs, "w") as handle:
        handle.write(str(app.camera.pid))
    return True


def watch_until_settled(app, quiet: float = 2.5, timeout: float = 30.0) -> None:
    """The app's loop turned until the camera has stopped reading the empty table (the reads
    it reports stay the same for ``quiet`` seconds): at a table the camera watches it settle
    while the predictions are tapped, so the first card is not laid during the first looks
    (each a search of the whole frame, about a second on a Pi 4)."""
    deadline = time.perf_counter() + timeout
    reads, since = None, time.perf_counter()
    while time.perf_counter() < deadline:
        app.turn()
        now_reads = app.camera.stats.get("reads")
        if now_reads != reads:
            reads, since = now_reads, time.perf_counter()
        elif reads and time.perf_counter() - since >= quiet:
            return


def run_camera(seconds: float) -> dict:
    """ESP with the camera: a card laid on the virtual table every few seconds while the app
    runs its loop, drawing the whole screen 30 times a second (the worst case: ESP's screen
    itself is still between entries); for each, the time until it is entered, less the CPU the virtual camera
    spent drawing frames meanwhile (a real camera makes its frames in hardware) — from the
    lay, when the virtual hand is still over the card for its first frames, and from when
    the hand has left it."""
    import functools
    import random
    import tempfile

    from companion.engine.match import Match
    from companion.games.esp import ESP
    from companion.ui.app import App
    from companion.ui.games.esp_camera import lay_played
    from companion.vision.process import CameraSpec
    from firmware_py.box import Box
    from firmware_py.clock import SystemClock
    from firmware_py.factory import choose
    from tests.camera_corpus import cached_decks

    mover = ChildMover()
    mover.start()
    rng = random.Random(15)
    with tempfile.TemporaryDirectory() as folder:
        clock = SystemClock()
        box = Box.open(simulate=True, clock=clock, direct_sim=False)
        spec = CameraSpec(source="virtual", deck=str(cached_decks()["classic"]), factory=functools.partial(choose, True))
        app = App((800, 480), clock=clock, box=box, journal_path=os.path.join(folder, "journal.sqlite3"),
                  settings_path=os.path.join(folder, "settings.json"), side_panel=False, camera=spec)
        capped = into_camera_cap(app, mover)
        match = Match.start(ESP, {"game": "esp", "players": ["Ann", "Bo", "Cy"]})
        while ESP.legal(match.state)[0]["act"] == "predict":  # the predictions are words: tapped, not seen
            assert match.play(rng.choice(ESP.legal(match.state))) is None
        app.open_match(app.journal.import_match(match, {}))
        app.settle()
        app.camera.wait_for(lambda: app.camera.ready, 60)
        watch_until_settled(app)
        # the worst case for the screen: the whole LCD drawn again at 30 fps all the while
        app.animating = lambda: True
        latencies, drawing, after_hand, asked, laid = [], [], [], 0, 0
        gaps, last_turn = [], None
        wall0 = time.perf_counter()
        next_card, pending = wall0 + 1.0, None
        stats0 = app.box.knock_stats() or {}
        while time.perf_counter() - wall0 < seconds:
            now = time.perf_counter()
            view = app.screen.view
            owed = view["next"]
            if owed and owed["act"] == "predict":  # a new round's predictions: tapped
                app.play(rng.choice([a for a in app.screen.all_legal() if a.get("seat") == owed["seat"]]))
                continue
            if pending is None and now >= next_card and owed and owed["act"] in ("vision", "play", "bid"):
                owed = view["next"]
                legal = [a for a in app.screen.all_legal() if a["act"] == owed["act"] and a.get("seat") == owed.get("seat")]
                action = rng.choice(legal)
                count = len(app.match.match.actions)
                lay_played(app.camera, view, action)
                pending = (count, now, time.monotonic())
                laid += 1
            before = time.perf_counter()
            app.dirty = True
            app.turn()
            if last_turn is not None:
                gaps.append(before - last_turn)
            last_turn = before
            question = app.screen.seen.question()
            if question is not None:
                asked += 1
                app.screen.seen.on_answer("yes")
            if pending is not None and len(app.match.match.actions) > pending[0]:
                latencies.append(time.perf_counter() - pending[1])
                drawing.append(max(0.0, app.camera.source_cpu - app.camera.laid_source_cpu))
                left = app.camera.hand_left  # when the camera first saw the card without the hand
                if left is not None and left >= pending[2]:
                    after_hand.append(time.monotonic() - left)
                pending, next_card = None, time.perf_counter() + CARD_EVERY
        wall = time.perf_counter() - wall0
        stats = app.box.knock_stats() or {}
        camera_stats = dict(app.camera.stats)
        app.close()
    mover.stop.set()
    net = sorted(l - d for l, d in zip(latencies, drawing))
    after_hand.sort()
    made, read = stats.get("made", 0) - stats0.get("made", 0), stats.get("read", 0) - stats0.get("read", 0)
    return {"seconds": wall, "cards_laid": laid, "cards_entered": len(latencies), "asked": asked,
            "entry_median_s": sorted(latencies)[len(latencies) // 2] if latencies else None,
            "entry_less_drawing_median_s": net[len(net) // 2] if net else None,
            "entry_less_drawing_max_s": net[-1] if net else None,
            "entry_after_hand_median_s": after_hand[len(after_hand) // 2] if after_hand else None,
            "entry_after_hand_max_s": after_hand[-1] if after_hand else None,
            "entries_timed_after_hand": len(after_hand),
            "entries_after_hand_s": after_hand,
            "loop_turns_per_s": len(gaps) / sum(gaps) if gaps else None,
            "longest_gap_ms": max(gaps) * 1000 if gaps else None,
            "conversions_read_share": read / made if made else None,
            "camera_capped": capped, "camera": camera_stats}


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if sys.argv[1] == "esp-camera":
        print(json.dumps(run_camera(float(sys.argv[2]))), flush=True)
    else:
        print(json.dumps(run(sys.argv[1], float(sys.argv[2]))), flush=True)
