"""The knock detector's figures (``make bench``): the adaptive detector beside the
classic Arduino "Knock" sketch (a fixed threshold) on the same held-out recordings of
the synthetic corpus (tests/knock_corpus.py), which neither was tuned on.

Correct decisions: each gesture must give exactly its answer ("yes" for one knock, "no"
for two) within 1.2 s of its last knock; a decision belonging to no gesture counts
against the score too.  False alarms: decisions on minutes of quiet table (noise,
drift, bumps).  Latency: from the last knock to the announcement.  Speed: the adaptive
detector alone on the 1600 samples/s recordings, on one core.
"""

from __future__ import annotations

from tests.bench import Options, Row, benchmark, one_core, percentile
from tests.knock_corpus import Score, evaluate, gesture_recordings, quiet_recordings, run_detector

from firmware_py.knock.detector import KnockDetector
from firmware_py.knock.fixed import FixedThresholdDetector

DETECTORS = (("adaptive", KnockDetector), ("fixed threshold", FixedThresholdDetector))


def _ms(values: list[float], fraction: float) -> float:
    return 1000 * percentile(sorted(values), fraction) if values else float("nan")


def _rows(name: str, score: Score, adaptive: bool) -> list[Row]:
    def target(op: str, bound: float):
        return (op, bound) if adaptive else None

    return [
        Row(f"knock, {name}: correct decisions", 100 * score.accuracy, "%", target(">=", 99),
            f"{score.correct}/{score.gestures} gestures right, {score.spurious} stray decisions"),
        Row(f"knock, {name}: false alarms per 10 min of quiet table", score.false_alarms_per_10_min, "/10 min",
            target("<=", 1), f"{score.false_alarms} in {score.quiet_minutes:.0f} min"),
        Row(f"knock, {name}: yes latency, median", _ms(score.latency_yes, 0.5), "ms", target("<=", 600),
            "from the knock to the announcement"),
        Row(f"knock, {name}: yes latency, p95", _ms(score.latency_yes, 0.95), "ms"),
        Row(f"knock, {name}: no latency, median", _ms(score.latency_no, 0.5), "ms", target("<=", 150),
            "from the second knock"),
        Row(f"knock, {name}: no latency, p95", _ms(score.latency_no, 0.95), "ms"),
    ]


@benchmark("knock")
def bench_knock(options: Options) -> list[Row]:
    gestures = list(gesture_recordings("heldout", options.quick))
    quiet = list(quiet_recordings("heldout", options.quick))
    rows: list[Row] = []
    for name, make in DETECTORS:
        rows += _rows(name, evaluate(make, gestures=gestures, quiet=quiet), make is KnockDetector)

    noisiest = [r for r in gestures if r.table["snr"] <= 30]
    if noisiest:
        score = evaluate(KnockDetector, gestures=noisiest, quiet=[])
        rows.append(Row("knock, adaptive: correct on the noisiest tables", 100 * score.accuracy, "%", None,
                        f"soft knock 25-30x the noise: {score.correct}/{score.gestures}"))

    fast = [r for r in gestures + quiet if r.rate == 1600]
    audio = cpu = 0.0
    with one_core():
        for recording in fast:
            _, seconds = run_detector(KnockDetector, recording)
            audio += recording.seconds
            cpu += seconds
    rows.append(Row("knock, adaptive: speed at 1600 samples/s, one core", audio / cpu if cpu else float("nan"),
                    "x real time", (">=", 200), f"{audio / 60:.1f} min of recordings in {cpu:.2f} s of CPU"))
    return rows
