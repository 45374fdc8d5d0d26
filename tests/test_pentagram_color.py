"""Colours, gamma and the WLED-style current limiter."""

from __future__ import annotations

import random

import pytest

from firmware_py.pentagram.color import (
    GAMMA8, OFF, WHITE, Power, blend, check_brightness, estimate_ma, gamma_correct, gamma_table, lighten, limit,
    parse_colour, perceived, prepare, scale,
)


# -- gamma -----------------------------------------------------------------------------------
def test_gamma_table_matches_adafruits():
    """Adafruit's gamma 2.8 table (LED tricks guide): 28 zeros, 37 at the middle, and its
    last row 215 … 252, 255."""
    assert len(GAMMA8) == 256
    assert GAMMA8[:28] == (0,) * 28 and GAMMA8[28] == 1
    assert GAMMA8[128] == 37
    assert GAMMA8[240:] == (215, 218, 220, 223, 225, 228, 231, 233, 236, 239, 241, 244, 247, 249, 252, 255)
    assert all(a <= b for a, b in zip(GAMMA8, GAMMA8[1:]))


def test_gamma_correct_is_per_channel():
    assert gamma_correct([(255, 128, 0), (0, 0, 0)]) == [(255, 37, 0), (0, 0, 0)]


def test_another_gamma_and_a_bad_one():
    assert gamma_table(1.0) == tuple(range(256))
    for bad in (0, -1, float("nan"), "2.8"):
        with pytest.raises(ValueError, match="gamma must be a positive number"):
            gamma_table(bad)


# -- the estimate --------------------------------------------------------------------------------
def test_estimate_follows_wleds_model():
    """20 mA per channel at 255 (60 mA full white) in proportion to the value, plus 1 mA idle."""
    assert estimate_ma([WHITE]) == pytest.approx(61.0)
    assert estimate_ma([OFF] * 50) == pytest.approx(50.0)
    assert estimate_ma([(255, 0, 0)]) == pytest.approx(21.0)
    assert estimate_ma([(51, 51, 51)] * 10) == pytest.approx(10 * (3 * 4.0 + 1))


# -- the limiter ---------------------------------------------------------------------------------
def test_full_white_on_fifty_leds_is_scaled_to_the_default_budget():
    """50 LEDs at full white want 50 × 60 mA + 50 mA idle = 3050 mA; a 2000 mA budget
    leaves 1950 mA for colour: a scale of 1950/3000 = 0.65, each channel 255 × 0.65 → 165."""
    out = limit([WHITE] * 50, Power(budget_ma=2000))
    assert out.wanted_ma == pytest.approx(3050)
    assert out.scale == pytest.approx(0.65, abs=1e-6)
    assert out.limited
    assert out.frame == [(165, 165, 165)] * 50
    assert out.estimated_ma <= 2000
    assert out.estimated_ma == pytest.approx(50 * 3 * 165 * 20 / 255 + 50)


def test_a_frame_under_budget_is_left_alone():
    frame = [(200, 10, 0), (0, 0, 0), (30, 60, 90)] * 10
    out = limit(frame, Power(budget_ma=2000))
    assert out.frame == frame and out.scale == 1.0 and not out.limited
    assert out.estimated_ma == pytest.approx(out.wanted_ma) == pytest.approx(estimate_ma(frame))


def test_the_limiter_never_exceeds_the_budget_on_random_frames():
    rng = random.Random(1234)
    for _ in range(400):
        count = rng.choice((50, 90))
        density = rng.random()
        frame = [tuple(rng.randrange(256) if rng.random() < density else 0 for _ in range(3)) for _ in range(count)]
        budget = rng.uniform(count * 1.0 + 1, count * 70.0)
        brightness = rng.choice((1.0, rng.random()))
        out = limit(frame, Power(budget_ma=budget), brightness)
        assert out.estimated_ma <= budget + 1e-9
        assert estimate_ma(out.frame) == pytest.approx(out.estimated_ma)
        assert len(out.frame) == count
        if out.wanted_ma <= budget:
            assert out.scale == 1.0
            assert out.frame == [tuple(int(c * brightness) for c in colour) for colour in frame]
        else:
            assert 0 < out.scale < 1
            # the limit uses the room it has: within one step of each channel of the budget
            assert out.estimated_ma > budget - 3 * count * 20 / 255


def test_the_limiter_scales_every_led_alike():
    frame = [(255, 0, 0), (0, 200, 0), (0, 0, 100)] * 20
    out = limit(frame, Power(budget_ma=500))
    factor = out.scale
    for before, after in zip(frame, out.frame):
        assert after == tuple(int(c * factor) for c in before)


def test_brightness_is_a_linear_scale_of_the_led_values():
    out = limit([(200, 100, 50)], Power(), 0.5)
    assert out.frame == [(100, 50, 25)] and out.scale == 1.0
    assert limit([(200, 100, 50)], Power(), 0.0).frame == [OFF]


def test_brightness_first_then_the_limiter():
    """Half brightness of full white on 50 LEDs wants 1550 mA: under budget, no limiting."""
    out = limit([WHITE] * 50, Power(budget_ma=2000), 0.5)
    assert out.scale == 1.0 and out.frame == [(127, 127, 127)] * 50
    assert limit([WHITE] * 50, Power(budget_ma=1000), 0.5).limited


def test_a_budget_below_the_idle_current_sends_black():
    out = limit([WHITE] * 50, Power(budget_ma=40))
    assert out.frame == [OFF] * 50 and out.scale == 0.0


def test_prepare_applies_gamma_before_the_limit():
    out = prepare([(128, 128, 128)] * 3)
    assert out.frame == [(37, 37, 37)] * 3
    assert out.wanted_ma == pytest.approx(3 * (3 * 37 * 20 / 255 + 1))


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan"), True, "1"])
def test_bad_brightness(bad):
    with pytest.raises(ValueError, match="brightness must be"):
        check_brightness(bad)


@pytest.mark.parametrize("field", ["budget_ma", "ma_per_channel", "idle_ma"])
def test_bad_power_settings(field):
    with pytest.raises(ValueError, match=f"{field} must be a number of mA"):
        Power(**{field: -5})


# -- colour helpers ------------------------------------------------------------------------------
def test_scale_blend_lighten():
    assert scale((200, 100, 0), 0.5) == (100, 50, 0)
    assert scale((200, 100, 0), 3) == (255, 255, 0)
    assert blend((0, 0, 0), (255, 255, 255), 0.5) == (128, 128, 128)
    assert blend((10, 20, 30), (255, 255, 255), -1) == (10, 20, 30)
    assert lighten((10, 200, 0), (50, 100, 5)) == (50, 200, 5)


def test_parse_colour():
    assert parse_colour("#ff00aa") == (255, 0, 170)
    assert parse_colour("00ff00") == (0, 255, 0)
    assert parse_colour([1, 2, 3]) == (1, 2, 3)
    for bad in ("#ff00", "pink", [1, 2], [1, 2, 300], (True, 0, 0), None):
        with pytest.raises(ValueError, match="a colour is"):
            parse_colour(bad)


def test_perceived_maps_led_light_to_screen_values():
    assert perceived(0) == 0 and perceived(255) == 255
    assert perceived(37) > 37  # a dim LED value is brighter on a gamma-encoded screen
    values = [perceived(v) for v in range(256)]
    assert values == sorted(values)
