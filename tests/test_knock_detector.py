"""The knock detector, its gesture grouping, the fixed-threshold baseline and the
synthetic piezo they are tested on (sim/piezo.py)."""

from __future__ import annotations

import json
import random
import statistics

import pytest

from firmware_py.knock import Decision, GestureGrouper, KnockDetector, KnockSettings, detect
from firmware_py.knock.fixed import FixedThresholdDetector
from sim.piezo import FULL_SCALE, KNOCK_COUNTS, LivePiezo, PiezoScene
from tests.knock_corpus import evaluate, gesture_recordings, quiet_recordings

RATES = (475, 860, 1600)
SHAPES = ("ringing", "peak")


def answers(decisions: list[Decision]) -> list[str]:
    return [d.answer for d in decisions]


def table(rate: int, seed: int = 1, **overrides) -> PiezoScene:
    params = {"gain": 1.0, "noise": 8.0, "drift": 400.0, "offset": 150.0, "rumble": 6.0}
    params.update(overrides)
    return PiezoScene(rate, seed, **params)


# -- the corpus ---------------------------------------------------------------------------
def test_the_quick_corpus_meets_the_issue_s_targets():
    """96 gestures and 6 minutes of quiet tables across rates, shapes and gains (the
    "check" split; make bench reports the larger held-out one)."""
    score = evaluate(lambda rate: KnockDetector(rate), "check", quick=True)
    assert score.gestures == 96 and score.quiet_minutes == pytest.approx(6.0)
    assert score.accuracy >= 0.98, score.failures
    assert score.false_alarms == 0, score.failures
    assert statistics.median(score.latency_yes) <= 0.6
    assert statistics.median(score.latency_no) <= 0.15


def test_the_corpus_covers_what_the_issue_asks_for():
    recordings = list(gesture_recordings("check", quick=True))
    assert {475, 860, 1600} <= {r.rate for r in recordings}
    assert all(475 <= r.rate <= 1600 for r in recordings)
    assert {r.shape for r in recordings} == set(SHAPES)
    gains = [r.gain for r in recordings]
    assert max(gains) / min(gains) >= 10
    gaps = [g.knocks[1] - g.knocks[0] for r in recordings for g in r.gestures if g.answer == "no"]
    assert min(gaps) >= 0.12 and max(gaps) <= 0.45 and max(gaps) - min(gaps) > 0.25
    assert sum(len(r.bumps) for r in recordings) >= 20
    assert max(r.table["drift"] for r in recordings) >= 1000
    quiet = next(quiet_recordings("check", quick=True))
    assert quiet.seconds == 60 and quiet.bumps and not quiet.gestures


def test_one_table_s_noise_is_louder_than_another_s_soft_knock_and_both_are_heard():
    quiet_table = table(860, 3, gain=0.3, noise=3.0)
    loud_table = table(860, 4, gain=3.0, noise=60.0)
    for scene in (quiet_table, loud_table):
        scene.knock(1.0, 0.3)
        scene.knocks(3.0, 2, 0.3, 0.3)
    soft = quiet_table.samples(5.0)
    loud = loud_table.samples(5.0)
    soft_knock = max(abs(v - soft[800]) for v in soft[860:int(1.05 * 860)])
    loud_noise = max(loud[200:800]) - min(loud[200:800])
    assert soft_knock < loud_noise / 2
    assert answers(detect(soft, 860)) == ["yes", "no"]
    assert answers(detect(loud, 860)) == ["yes", "no"]


# -- what each stage is for ------------------------------------------------------------------
@pytest.mark.parametrize("rate", RATES)
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("gain", (0.3, 3.0))
def test_one_knock_is_yes_and_two_are_no_at_every_rate_shape_and_gain(rate, shape, gain):
    scene = table(rate, 7, shape=shape, gain=gain, noise=8.0 * gain)
    scene.knock(1.0, 0.7)
    scene.knocks(3.0, 2, 0.12, 0.7)
    scene.knocks(5.0, 2, 0.45, 0.7)
    scene.knock(7.0, 0.5)
    assert answers(detect(scene.samples(8.5), rate)) == ["yes", "no", "no", "yes"]


def test_decisions_announce_half_a_second_after_a_yes_and_soon_after_a_no():
    scene = table(860)
    scene.knock(1.0)
    scene.knocks(3.0, 2, 0.3)
    yes, no = detect(scene.samples(5.0), 860)
    assert (yes.answer, yes.knocks, no.answer, no.knocks) == ("yes", 1, "no", 2)
    assert 0.5 <= yes.t - 1.0 <= 0.52
    assert 0.125 <= no.t - 3.3 <= 0.15


def test_block_size_never_changes_a_decision():
    scene = table(860, 5)
    scene.knock(1.0, bounce=(0.05, 0.5))
    scene.knocks(3.0, 2, 0.2)
    scene.bump(5.0, 3.0, 0.5)
    samples = scene.samples(6.5)
    whole = detect(samples, 860)
    assert answers(whole) == ["yes", "no"]
    for block in (1, 3, 7, 64, 1000):
        detector = KnockDetector(860)
        decisions = []
        for start in range(0, len(samples), block):
            decisions += detector.feed(samples[start:start + block])
        assert decisions + detector.finish() == whole


def test_an_offset_and_a_straight_drift_change_nothing():
    scene = table(1600, 6, offset=0.0, drift=0.0)
    scene.knock(1.0)
    scene.knocks(3.0, 2, 0.25, 0.6)
    samples = scene.samples(4.5)
    moved = [v - 9000 + n for n, v in enumerate(samples)]  # +1 count per sample, within 16 bits
    assert max(moved) < FULL_SCALE and min(moved) > -FULL_SCALE
    assert detect(moved, 1600) == detect(samples, 1600)
    assert answers(detect(samples, 1600)) == ["yes", "no"]


def test_the_noise_floor_is_learnt_from_the_table_whatever_its_level():
    for sigma in (5.0, 50.0):
        rng = random.Random(int(sigma))
        detector = KnockDetector(860)
        detector.feed([round(rng.gauss(0, sigma)) for _ in range(2 * 860)])
        # the mean |second difference| of white noise is sqrt(6) * sqrt(2 / pi) * sigma
        assert detector.noise_floor == pytest.approx(1.954 * sigma, rel=0.1)


@pytest.mark.parametrize("rate", RATES)
def test_a_second_knock_inside_the_first_s_ring_down_is_heard(rate):
    heard = 0
    for seed in range(4):
        scene = table(rate, 20 + seed, gain=3.0, noise=3.0)
        scene.knock(1.0, 1.0)
        scene.knock(1.13, 0.35)
        samples = scene.samples(2.5)
        detector = KnockDetector(rate)
        detector.feed(samples[:int(1.125 * rate)])
        assert detector.rings.ringing, "the first knock should still ring when the second comes"
        heard += answers(detector.feed(samples[int(1.125 * rate):]) + detector.finish()) == ["no"]
    assert heard == 4


@pytest.mark.parametrize("delay", (0.03, 0.06, 0.1))
def test_a_bounce_after_the_strike_is_part_of_the_same_knock(delay):
    for rate in RATES:
        for shape in SHAPES:
            scene = table(rate, 9, shape=shape)
            scene.knock(1.0, 0.8, bounce=(delay, 0.6))
            detector = KnockDetector(rate)
            assert answers(detector.run(scene.samples(2.5))) == ["yes"], (rate, shape)
            assert len(detector.knocks) == 1


@pytest.mark.parametrize("shape", SHAPES)
def test_slow_swells_larger_than_any_knock_are_not_knocks(shape):
    for rate in RATES:
        for gain in (0.3, 3.0):
            scene = table(rate, 11, shape=shape, gain=gain, noise=4.0 * gain)
            t = 1.0
            for size, duration in ((4.0, 0.2), (3.0, 0.4), (2.0, 1.0), (4.0, 0.6)):
                scene.bump(t, size, duration)
                t += duration + 1.0
            assert detect(scene.samples(t + 1.0), rate) == [], (rate, gain)


def test_a_swell_that_clips_at_the_rails_is_not_a_knock():
    scene = table(860, 12, gain=3.0, noise=10.0)
    scene.bump(1.0, 8.0, 0.5)  # 72,000 counts at gain 3: flat at a rail for a while
    scene.knock(3.0)
    samples = scene.samples(4.0)
    assert max(samples) == FULL_SCALE or min(samples) == -FULL_SCALE - 1
    assert answers(detect(samples, 860)) == ["yes"]


def test_a_knock_on_top_of_a_swell_is_still_heard():
    scene = table(860, 13)
    scene.bump(1.0, 2.0, 0.8)
    scene.knock(1.35, 0.6)
    assert answers(detect(scene.samples(2.5), 860)) == ["yes"]


def test_a_table_that_stays_loud_is_not_a_knock_and_knocks_after_it_are_heard():
    rng = random.Random(3)
    rate = 860
    scene = table(rate, 14, noise=6.0)
    scene.knock(6.0)
    samples = scene.samples(7.0)
    louder = [v + (round(rng.gauss(0, 80)) if n >= 2 * rate else 0) for n, v in enumerate(samples)]
    detector = KnockDetector(rate)
    decisions = detector.run(louder)
    assert answers(decisions) == ["yes"] and decisions[0].t > 6.0
    assert any("stayed loud" in ignored.why for ignored in detector.grouper.ignored)


def test_a_calibrated_noise_floor_skips_the_warm_up():
    scene = table(860, 15)
    scene.knock(0.1)
    samples = scene.samples(1.0)
    assert detect(samples, 860) == []  # the first quarter second only learns the floor
    floor = KnockDetector(860)
    floor.feed(table(860, 15).samples(1.0))
    settings = KnockSettings(noise_floor=floor.noise_floor, rate=860)
    assert answers(detect(samples, 860, settings)) == ["yes"]
    assert detect(samples, 1600, settings) == []  # measured at another rate: learnt again


def test_a_silent_stream_and_an_empty_one_decide_nothing_and_a_knock_still_counts():
    assert detect([], 860) == []
    assert detect([0] * 2000, 860) == []
    scene = PiezoScene(860, 16, noise=0.0)
    scene.knock(1.0)
    assert answers(detect(scene.samples(2.0), 860)) == ["yes"]


def test_settings_refuse_what_cannot_work_with_a_sentence():
    for bad in ({"threshold": -1}, {"gap": 0}, {"no_wait": 0.6}, {"merge": 0.5}, {"hold": True},
                {"noise_floor": "loud"}, {"warmup": 20}):
        with pytest.raises(ValueError, match=r"must|cannot"):
            KnockSettings(**bad)
    with pytest.raises(ValueError, match="unknown knock setting"):
        KnockSettings.from_dict({"treshold": 5})
    with pytest.raises(ValueError, match="JSON object"):
        KnockSettings.from_dict([1, 2])
    assert KnockSettings.from_dict(KnockSettings(threshold=9.5).to_dict()) == KnockSettings(threshold=9.5)


def test_the_detector_refuses_a_bad_rate_and_a_finished_stream():
    with pytest.raises(ValueError, match="sample rate"):
        KnockDetector(0)
    detector = KnockDetector(860)
    detector.finish()
    assert detector.finish() == []
    with pytest.raises(RuntimeError, match="finished"):
        detector.feed([1, 2, 3])


# -- gesture grouping -----------------------------------------------------------------------
def test_a_lone_knock_is_yes_once_the_gap_has_passed():
    grouper = GestureGrouper(gap=0.5, no_wait=0.125)
    assert grouper.knock(1.0) == []
    assert grouper.poll(1.49) == []
    assert grouper.poll(1.5) == [Decision(1.5, 1, "yes")]
    assert grouper.poll(3.0) == []


def test_two_knocks_are_no_soon_after_the_second():
    grouper = GestureGrouper(gap=0.5, no_wait=0.125)
    grouper.knock(1.0)
    grouper.knock(1.4)
    assert grouper.poll(1.52) == []
    assert grouper.poll(1.525) == [Decision(1.525, 2, "no")]


def test_a_third_knock_after_the_no_is_swallowed_and_never_becomes_a_yes():
    grouper = GestureGrouper(gap=0.5, no_wait=0.125)
    grouper.knock(1.0)
    grouper.knock(1.3)
    assert answers(grouper.poll(1.45)) == ["no"]
    assert grouper.knock(1.6) == []
    assert grouper.poll(2.05) == [] and grouper.poll(3.0) == []
    assert grouper.ignored[-1].knocks == 3
    assert answers(grouper.knock(4.0) + grouper.poll(4.5)) == ["yes"]


def test_three_quick_knocks_are_not_an_answer():
    grouper = GestureGrouper(gap=0.5, no_wait=0.125)
    for t in (1.0, 1.12, 1.24):
        grouper.knock(t)
    assert grouper.poll(1.3) == [] and grouper.poll(5.0) == []
    assert grouper.ignored[-1].knocks == 3 and not grouper.open


def test_the_end_of_a_stream_closes_the_open_gesture_as_it_would_have_closed_live():
    grouper = GestureGrouper(gap=0.5, no_wait=0.125)
    grouper.knock(1.0)
    assert grouper.finish(1.2) == [Decision(1.5, 1, "yes")]
    grouper.knock(2.0)
    grouper.knock(2.2)
    assert grouper.finish(2.25) == [Decision(2.325, 2, "no")]


def test_a_discarded_gesture_says_nothing():
    grouper = GestureGrouper()
    grouper.knock(1.0)
    grouper.discard(1.2, "noise")
    assert grouper.poll(2.0) == [] and grouper.ignored[-1].why == "noise"
    with pytest.raises(ValueError):
        GestureGrouper(gap=0.2, no_wait=0.3)


def test_a_decision_prints_as_the_spec_s_json_line():
    line = Decision(3.41234, 2, "no").json_line()
    assert line == '{"t": 3.412, "knocks": 2, "answer": "no"}'
    assert json.loads(line) == {"t": 3.412, "knocks": 2, "answer": "no"}


# -- the baseline ---------------------------------------------------------------------------
def test_the_fixed_threshold_sketch_works_on_a_clean_centred_table():
    scene = PiezoScene(860, 17, noise=5.0, shape="peak")
    scene.knock(1.0)
    scene.knocks(3.0, 2, 0.3)
    assert answers(FixedThresholdDetector(860, threshold=1000).run(scene.samples(4.5))) == ["yes", "no"]


def test_the_fixed_threshold_sketch_misses_a_quiet_table_and_counts_a_long_ring_twice():
    soft = _knocked(860, 18, gain=0.1, noise=2.0)  # a firm knock of 300 counts
    assert FixedThresholdDetector(860, threshold=450).run(soft) == []
    assert answers(detect(soft, 860)) == ["yes"]
    ringing = PiezoScene(860, 19, gain=3.0, noise=5.0)
    ringing.knock(1.0, bounce=(0.1, 0.6))
    fixed = FixedThresholdDetector(860, threshold=450)
    assert answers(fixed.run(ringing.samples(2.0))) != ["yes"] and len(fixed.knocks) >= 2


def _knocked(rate: int, seed: int, **params) -> list[int]:
    scene = PiezoScene(rate, seed, **params)
    scene.knock(1.0)
    return scene.samples(2.0)


# -- the synthetic piezo ----------------------------------------------------------------------
def test_a_scene_is_the_same_for_the_same_seed_and_another_for_another():
    def take(seed: int) -> list[int]:
        scene = PiezoScene(860, seed, noise=5.0, drift=300.0, hum=2.0, rumble=4.0, wobble=0.3)
        scene.knock(0.5, 0.8, bounce=(0.05, 0.4))
        scene.bump(1.0, 2.0, 0.3)
        return scene.samples(2.0)

    assert take(1) == take(1)
    assert take(1) != take(2)
    assert len(take(1)) == 1720 and all(-FULL_SCALE - 1 <= v <= FULL_SCALE for v in take(1))


def test_a_scene_s_knocks_have_the_strength_and_sign_of_their_shape():
    ringing = PiezoScene(1600, 3, noise=0.0)
    ringing.knock(0.5, 1.0)
    samples = ringing.samples(1.0)
    burst = samples[800:880]
    assert max(burst) > 0.3 * KNOCK_COUNTS and min(burst) < -0.15 * KNOCK_COUNTS  # either sign
    peak = PiezoScene(1600, 3, noise=0.0, shape="peak", offset=500.0)
    peak.knock(0.5, 0.5)
    rise = peak.samples(1.0)[800:880]
    assert min(rise) >= 499 and max(rise) >= 500 + 0.4 * KNOCK_COUNTS  # one sign, above the offset
    assert ringing.knock_times == [0.5] and peak.knock_times == [0.5]


def test_a_scene_refuses_nonsense():
    with pytest.raises(ValueError):
        PiezoScene(860, shape="square")
    with pytest.raises(ValueError):
        PiezoScene(860).knock(1.0, strength=0)
    with pytest.raises(ValueError):
        PiezoScene(860).bump(1.0, duration=0)
    scene = PiezoScene(860)
    scene.samples(0.1)
    with pytest.raises(RuntimeError):
        scene.samples(0.1)


def test_the_live_piezo_streams_the_same_samples_however_it_is_read():
    one = LivePiezo(860, seed=4)
    two = LivePiezo(860, seed=4)
    assert [one() for _ in range(500)] == two.read(500)
    assert one.time == two.time == pytest.approx(500 / 860)


def test_a_knock_on_the_live_piezo_is_heard_as_yes():
    piezo = LivePiezo(860, seed=5)
    detector = KnockDetector(piezo.rate)
    decisions = detector.feed(piezo.read(860))
    struck = piezo.knock(0.8)
    for _ in range(860):
        decisions += detector.feed([piezo.next_sample()])
    assert struck == pytest.approx(1.0) and piezo.knocks == [struck]
    assert answers(decisions) == ["yes"] and 0.5 <= decisions[0].t - struck <= 0.55


def test_samples_the_sensor_did_not_give_are_skipped_and_time_runs_on():
    """A gap (the chip stopped answering): the gesture open across it is dropped, a lone
    knock after it is yes, and its time counts the gap."""
    piezo = LivePiezo(860, seed=8)
    detector = KnockDetector(piezo.rate)
    decisions = detector.feed(piezo.read(860))
    piezo.knock(0.9)
    decisions += detector.feed(piezo.read(86))  # a knock, then the chip goes silent
    piezo.read(860)  # one second of samples nobody read
    detector.skip(860)
    assert [ignored.why for ignored in detector.grouper.ignored] == [
        "the knock sensor stopped answering in the middle of it"]
    decisions += detector.feed(piezo.read(43))
    struck = piezo.knock(0.9)
    decisions += detector.feed(piezo.read(860))
    assert answers(decisions) == ["yes"] and detector.knocks[-1] == pytest.approx(struck, abs=0.01)
    assert 0.5 <= decisions[0].t - struck <= 0.6


def test_the_fixed_baseline_skips_a_gap_as_the_detector_does():
    """Same interface: a gap drops the gesture open across it, and time runs on."""
    fixed = FixedThresholdDetector(860, threshold=450, centre=0)
    decisions = fixed.feed([0] * 100 + [2000] + [0] * 50)  # a knock, then the chip goes silent
    fixed.skip(860)
    decisions += fixed.feed([0] * 860)
    assert decisions == [] and fixed.index == 100 + 1 + 50 + 860 + 860
    assert [ignored.why for ignored in fixed.grouper.ignored] == ["the knock sensor stopped answering in the middle of it"]
