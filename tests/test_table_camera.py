"""The virtual camera's own checks (``sim.table_camera``): the corpus is only as good as its
truth, so the truth is checked here — corners inside the frame, visible shares that match the
pixels (overlaps and a hand), every style's 25 faces told apart and apart from the backs,
the same seed giving the same frame, 1280x720 frames, and the small corpus covering every
style with every table and trouble.  A sentence, never a traceback, for a bad card or folder."""

from __future__ import annotations

import itertools
from dataclasses import replace

import cv2
import numpy as np
import pytest

from sim.table_camera import (CARDS, RANKS, STYLES, SUITS, TABLES, Conditions, card_back,
                              card_face, compose, deck_photo, random_scene, rank_marks,
                              write_deck)
from tests.camera_corpus import TROUBLES, render, scenes, truth_records, write_decks

W, H = 1280, 720


@pytest.fixture(scope="module")
def small():
    """The first 28 scenes of the small set, drawn once: every style with seven troubles."""
    return [(scene, *render(scene)) for scene in scenes("small", limit=28)]


def test_frames_are_1280x720_bgr_with_one_to_six_cards(small):
    for scene, image, placed in small:
        assert image.shape == (H, W, 3) and image.dtype == np.uint8, scene
        assert 1 <= len(placed) <= 6
        for p in placed:
            assert p.card in CARDS or p.card == "back"
            assert p.corners.shape == (4, 2)
            assert 0.0 <= p.visible <= 1.0


def test_other_sizes_are_drawn_as_asked():
    image, placed = random_scene(3, size=(640, 480))
    assert image.shape == (480, 640, 3)
    assert all((p.corners >= 0).all() and (p.corners[:, 0] <= 640).all()
               and (p.corners[:, 1] <= 480).all() for p in placed)


def test_corners_lie_inside_the_frame_in_the_card_s_own_order(small):
    for scene, image, placed in small:
        for p in placed:
            c = p.corners
            assert (c[:, 0] >= 0).all() and (c[:, 0] <= W).all(), (scene.name, c)
            assert (c[:, 1] >= 0).all() and (c[:, 1] <= H).all(), (scene.name, c)
            # TL, TR, BR, BL of the card itself: clockwise on screen, the short side first
            area = 0.5 * sum(c[i, 0] * c[(i + 1) % 4, 1] - c[(i + 1) % 4, 0] * c[i, 1]
                             for i in range(4))
            assert area > 0, "corners go clockwise in image coordinates"
            top = np.linalg.norm(c[1] - c[0])
            side = np.linalg.norm(c[3] - c[0])
            assert 1.1 < side / top < 1.8, "the top edge is the card's short one"


def test_the_card_lies_where_its_corners_say():
    """A plain scene: the middle of each corner quad shows the card, just outside the table."""
    plain = Conditions(table="felt", cards=4, jpeg=100)
    image, placed = compose(11, STYLES[1], plain)
    for p in placed:
        centre = p.corners.mean(axis=0)
        inside = image[int(centre[1]), int(centre[0])].astype(int)
        # the pips style prints on white paper; felt is dark
        near_corner = p.corners[0] + 0.12 * (centre - p.corners[0])
        assert image[int(near_corner[1]), int(near_corner[0])].mean() > 180, p
        assert inside.sum() > 0


def _check_shares_against_pixels(seed, style, conditions):
    labels, placed = compose(seed, style, conditions, labels=True)
    for i, p in enumerate(placed):
        area = cv2.contourArea(p.corners.astype(np.float32))
        seen = int((labels == i + 1).sum())
        assert abs(seen / area - p.visible) < 0.04, (seed, i, seen / area, p.visible)
    return labels, placed


def test_visible_shares_match_the_pixels_with_overlaps():
    overlapping = Conditions(table="wood", cards=6, overlap=1.0)
    covered = 0
    for seed in range(8):
        _, placed = _check_shares_against_pixels(seed, STYLES[seed % len(STYLES)], overlapping)
        assert placed[-1].visible > 0.99, "the top card is never covered"
        covered += sum(p.visible < 0.9 for p in placed)
    assert covered >= 8, "overlapping scenes do cover cards"


def test_visible_shares_match_the_pixels_with_a_hand():
    handed = Conditions(table="cloth", cards=2, hand=True)
    hands = 0
    for seed in range(8):
        labels, placed = _check_shares_against_pixels(seed, STYLES[0], handed)
        hand = labels == 255
        assert hand.sum() > 2000, "a hand is drawn"
        assert hand[:, 0].any() or hand[:, -1].any() or hand[0].any() or hand[-1].any(), \
            "the arm comes in from an edge of the frame"
        hands += any(p.visible < 0.97 for p in placed)
    assert hands >= 5, "the hand covers a card in most scenes"


def test_glare_s_white_core_counts_as_hidden():
    glaring = Conditions(table="felt", cards=6, glare=1.0)
    washed = 0
    for seed in range(8):
        labels, placed = _check_shares_against_pixels(seed, STYLES[2], glaring)
        assert (labels == 254).sum() > 500, "a strong glare washes out a patch"
        washed += any(p.visible < 0.99 for p in placed)
    assert washed >= 2


@pytest.mark.parametrize("style", STYLES, ids=lambda s: s.name)
def test_each_style_s_faces_are_pairwise_distinct_and_apart_from_the_back(style):
    def grey(img):
        return cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).astype(np.float32)

    faces = {(r, s): grey(card_face(style, r, s, 100)) for s in SUITS for r in range(1, 6)}
    assert len(faces) == 25
    back = grey(card_back(style, 100))
    for (a, fa), (b, fb) in itertools.combinations(faces.items(), 2):
        # apart even when one lies upside down: at 100 px wide (about as a camera 60 cm up
        # sees it) at least 30 pixels differ strongly — a 3 and a 5 in a corner, at the least
        d = min(int((np.abs(fa - fb) > 60).sum()), int((np.abs(fa - fb[::-1, ::-1]) > 60).sum()))
        assert d >= 30, (style.name, a, b, d)
    for card, face in faces.items():
        assert np.abs(face - back).mean() > 25, (style.name, card)
    # colour too: a coloured deck's suits differ in ink
    assert card_face(style, 3, "star").shape == (350, 250, 3)
    assert card_back(style).shape == (350, 250, 3)


@pytest.mark.parametrize("style", STYLES, ids=lambda s: s.name)
def test_the_rank_marks_hold_everything_that_tells_ranks_apart(style):
    boxes = np.zeros((350, 250), bool)
    for x0, y0, x1, y1 in rank_marks(style):
        boxes[int(y0 * 350):int(y1 * 350) + 1, int(x0 * 250):int(x1 * 250) + 1] = True
    for suit in SUITS:
        for a, b in itertools.combinations(RANKS, 2):
            diff = np.abs(card_face(style, a, suit).astype(int)
                          - card_face(style, b, suit).astype(int)).max(axis=2) > 30
            assert not (diff & ~boxes).any(), (style.name, suit, a, b)


def test_a_card_half_seen_may_hide_its_rank():
    crowded = Conditions(table="felt", cards=6, overlap=1.0, hand=True)
    placed = [p for seed in range(12) for p in compose(seed, STYLES[0], crowded)[1]]
    assert all(p.rank_visible <= 1.0 for p in placed)
    assert any(p.visible >= 0.5 and p.rank_visible < 0.95 for p in placed), \
        "overlaps can hide part of the corner indices of a card still half seen"
    assert any(p.visible < 0.9 and p.rank_visible > 0.99 for p in placed), \
        "a card half covered may still show a whole corner index"


def test_the_styles_differ_in_faces_and_backs():
    backs = [card_back(s, 100).astype(np.float32) for s in STYLES]
    for a, b in itertools.combinations(range(len(STYLES)), 2):
        assert np.abs(backs[a] - backs[b]).mean() > 20
        fa = card_face(STYLES[a], 2, "circle", 100).astype(np.float32)
        fb = card_face(STYLES[b], 2, "circle", 100).astype(np.float32)
        assert np.abs(fa - fb).mean() > 5
    assert {s.filled for s in STYLES} == {True, False}
    assert {s.layout for s in STYLES} >= {"corner", "numeral"}
    assert len(STYLES) >= 3


def test_a_card_added_to_the_table_leaves_the_others_in_place():
    calm = Conditions(table="felt")
    _, two = compose(5, STYLES[3], calm, cards=["1 star", "back"])
    _, three = compose(5, STYLES[3], calm, cards=["1 star", "back", "4 square"])
    assert [p.card for p in three] == ["1 star", "back", "4 square"]
    for before, after in zip(two, three):
        assert np.allclose(before.corners, after.corners)


def test_an_empty_table_has_no_cards_but_may_have_a_hand():
    recipe = scenes("empty")
    assert all(s.conditions.cards == 0 for s in recipe)
    image, placed = render(recipe[0])
    assert placed == [] and image.shape == (H, W, 3)
    labels, _ = compose(recipe[0].seed, recipe[0].style, recipe[0].conditions, labels=True)
    assert (labels == 255).sum() > 2000, "the first empty scene has a hand"


def test_the_same_seed_gives_the_same_frame():
    a, pa = random_scene(123)
    b, pb = random_scene(123)
    assert np.array_equal(a, b)
    assert [p.card for p in pa] == [p.card for p in pb]
    assert all(np.array_equal(p.corners, q.corners) and p.visible == q.visible
               for p, q in zip(pa, pb))
    c, _ = random_scene(124)
    assert not np.array_equal(a, c)
    assert np.array_equal(deck_photo(STYLES[2], "4 cross", 9), deck_photo(STYLES[2], "4 cross", 9))


def test_the_small_corpus_covers_every_style_table_and_trouble():
    recipe = scenes("small")
    assert len(recipe) == 120
    assert scenes("small") == recipe, "the recipe is the same every time"
    for style in STYLES:
        mine = [s for s in recipe if s.style == style]
        assert {s.conditions.table for s in mine} == set(TABLES), style.name
        assert {s.trouble for s in mine} == set(TROUBLES), style.name
    counts = {s.conditions.cards for s in recipe}
    assert counts == {1, 2, 3, 4, 5, 6}
    assert any(s.conditions.face_down > 0 for s in recipe)
    assert len({s.name for s in recipe}) == 120


def test_the_small_corpus_holds_backs_hands_and_half_hidden_cards(small):
    placed = [p for _, _, ps in small for p in ps]
    assert sum(p.card == "back" for p in placed) >= 5
    assert sum(0.5 <= p.visible < 0.95 for p in placed) >= 5
    assert sum(p.visible < 0.5 for p in placed) >= 1
    records = truth_records(small[0][0], small[0][2])
    assert records[0]["scene"] == "000.jpg" and len(records[0]["corners"]) == 4


def test_a_deck_folder_holds_25_faces_and_the_back(tmp_path):
    decks = write_decks(tmp_path, styles=STYLES[:1])
    folder = decks[STYLES[0].name]
    names = sorted(p.name for p in folder.iterdir())
    assert len(names) == 26
    assert "3-star.jpg" in names and "2-squiggle.jpg" in names and "back.jpg" in names
    photo = cv2.imread(str(folder / "3-star.jpg"))
    assert photo is not None and photo.shape == (H, W, 3)


def test_bad_input_gets_a_sentence(tmp_path):
    with pytest.raises(ValueError, match="is not a card"):
        deck_photo(STYLES[0], "7 moon", 1)
    with pytest.raises(ValueError, match="ranks are 1-5"):
        card_face(STYLES[0], 6, "star")
    with pytest.raises(ValueError, match="no corpus set"):
        scenes("huge")
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(OSError, match="could not"):
        write_deck(STYLES[0], blocker / "deck")
    with pytest.raises(ValueError, match="no table"):
        compose(1, STYLES[0], replace(Conditions(), table="glass"))


def test_the_virtual_camera_shows_cards_landing_under_a_hand_on_a_still_table():
    from sim.virtual_camera import VirtualCamera

    camera = VirtualCamera(style=STYLES[2], seed=3, hand_frames=2)
    empty = camera.frame()
    assert camera.truth() == [] and empty.shape == (H, W, 3)
    camera.play("2 star")
    first = [camera.frame() for _ in range(3)]
    (card,) = camera.truth()
    assert card.card == "2 star"
    camera.play("back")
    camera.frame()
    covered = camera.truth()
    assert np.allclose(covered[0].corners, card.corners), "the first card stays put"
    assert covered[1].card == "back" and covered[1].visible < 1.0, "the hand is over it"
    for _ in range(2):
        camera.frame()
    still = [camera.frame(), camera.frame()]
    assert all(p.visible > 0.99 or p is camera.truth()[0] for p in camera.truth()[1:])
    change = np.abs(still[0].astype(int) - still[1].astype(int)).mean()
    assert 0 < change < 8, "a still table changes only by the sensor's noise"
    hand_gone = np.abs(first[0].astype(int) - first[2].astype(int)).mean()
    assert hand_gone > change, "the hand leaves after the frames given"
    camera.clear()
    camera.frame()
    assert camera.truth() == []
    with pytest.raises(ValueError, match="is not a card"):
        camera.play("joker")


def test_a_trick_gathered_leaves_the_vision_card_and_the_table_as_they_were():
    from sim.virtual_camera import VirtualTableSource

    source = VirtualTableSource("classic", seed=4)
    source.lay(["1 cross", "4 cross", "2 star"])
    for _ in range(5):
        before = source.read()
    vision, *trick = source.camera.truth()
    source.lay(["1 cross", "3 circle"])  # the trick gathered, the next card led
    for _ in range(5):
        after = source.read()
    kept, led = source.camera.truth()
    assert np.allclose(kept.corners, vision.corners), "the Vision Card stays where it lies"
    assert not any(np.allclose(led.corners, t.corners) for t in trick)
    corner = (slice(0, 60), slice(0, 60))  # bare table far from the cards: the same wood and light
    assert np.abs(before[corner].astype(int) - after[corner].astype(int)).mean() < 8


def test_the_virtual_table_says_when_the_hand_left_the_card_laid():
    """The live loop's benchmark times a card from the first frame the camera could see it
    whole, whatever the rate frames are read at."""
    from sim.virtual_camera import HAND_FRAMES, VirtualTableSource

    source = VirtualTableSource("classic", seed=4)
    source.lay(["1 cross"])
    for _ in range(HAND_FRAMES):
        source.read()
        assert source.hand_left is None, "the hand is still over the card"
    source.read()
    first = source.hand_left
    assert first is not None
    source.read()
    assert source.hand_left == first, "it left once"
    source.lay(["1 cross", "2 star"])
    source.read()
    assert source.hand_left == first, "over the next card now"
    for _ in range(HAND_FRAMES):
        source.read()
    assert source.hand_left > first


def test_cached_decks_are_reused_for_the_same_renderer(tmp_path):
    from tests.camera_corpus import cached_decks, renderer_version

    root = tmp_path / f"planchette-decks-{renderer_version()}"
    for style in STYLES:  # as a previous run left them
        (root / style.name).mkdir(parents=True)
        (root / style.name / "back.jpg").write_bytes(b"made before")
    decks = cached_decks(tmp_path)
    assert set(decks) == {s.name for s in STYLES}
    assert (decks[STYLES[0].name] / "back.jpg").read_bytes() == b"made before"


def test_a_new_rounds_vision_card_drawn_again_lands_anew_and_is_read():
    """ESP shuffles the deck each round: round 2's Vision Card may be round 1's card.  The
    desktop gathers the last round's cards before laying it, so it lands in a new place and
    the camera sees it come (laid as the table's first card, it stayed put: never reported)."""
    from companion.ui.games.esp_camera import lay_played
    from companion.vision.live import LiveReader
    from companion.vision.tracker import Landed
    from sim.virtual_camera import VirtualTableSource
    from tests.vision_score import readers

    source = VirtualTableSource("classic", seed=7)
    source.lay(["1 star", "5 cross", "4 square", "5 circle"])  # round 1's last trick
    ticks = iter(range(10 ** 6))
    live = LiveReader(readers()["classic"], clock=lambda: next(ticks) / 15)
    for _ in range(12):
        live.look(source.read())
    (old, *_) = source.camera.truth()
    lay_played(source, {}, {"act": "vision", "card": "1 star"})
    landed = [event for _ in range(15) for event in live.look(source.read()).events if isinstance(event, Landed)]
    (new,) = source.camera.truth()
    assert not np.allclose(new.corners, old.corners), "it lands where it was drawn, not where the old one lay"
    assert [event.card for event in landed] == ["1 star"]


def test_a_card_led_half_over_a_gathered_cards_place_is_named_without_a_search():
    """The trick gathered and the next card led half over where one of its cards lay: the
    lifted card and the card led change as one card-shaped blob.  Taken first as one card
    laid, it names as nothing; the next way of sorting the change (the places lifted taken
    out) is then tried before a search (simulated pips game, seed 10: 23 searches, 3 now)."""
    from companion.vision.live import LiveReader
    from companion.vision.tracker import Landed
    from sim.virtual_camera import VirtualTableSource
    from tests.vision_score import readers

    source = VirtualTableSource("pips", seed=10)
    ticks = iter(range(10 ** 6))
    live = LiveReader(readers()["pips"], clock=lambda: next(ticks) / 15)
    trick = ["4 square", "1 circle", "3 cross", "2 square", "5 square"]
    for count in range(1, len(trick) + 1):  # the Vision Card, then the trick card by card
        source.lay(trick[:count])
        for _ in range(10):
            live.look(source.read())
    searched = live.costs["search"][0]
    source.lay(["4 square", "1 squiggle"])
    landed = [event.card for _ in range(10) for event in live.look(source.read()).events
              if isinstance(event, Landed)]
    assert landed == ["1 squiggle"]
    assert live.costs["search"][0] == searched


def test_a_box_of_a_known_cards_print_is_not_asked_about_as_a_card():
    """The live loop reads only the part of the frame that changed.  A card laid near the
    trick's first one left that card cut by the part's edge, so unnamed, and three boxes of
    its print (the corner of its printed frame; a tenth to a third of a card's size) were each
    reported as a card nobody laid, unsure: the screen would ask about them (simulated mono
    game, seed 10).  Anything smaller than the cards known on the table is
    part of one now."""
    from companion.vision.live import LiveReader
    from companion.vision.tracker import Landed
    from sim.virtual_camera import VirtualTableSource
    from tests.vision_score import readers

    source = VirtualTableSource("mono", seed=10)
    ticks = iter(range(10 ** 6))
    live = LiveReader(readers()["mono"], clock=lambda: next(ticks) / 15)
    for _ in range(5):
        live.look(source.read())  # the empty table settles
    trick = ["4 square", "1 circle", "3 cross", "2 square", "5 square"]
    landed = []
    for count in range(1, len(trick) + 1):  # the Vision Card, then the trick card by card
        source.lay(trick[:count])
        landed += [event.card for _ in range(10) for event in live.look(source.read()).events
                   if isinstance(event, Landed)]
    assert landed == trick


def test_cards_laid_out_anew_and_gathered_at_once_leave_no_place_behind():
    """The bids laid out anew (three cards taken up and laid again elsewhere, with the fourth)
    and, the moment they were reported, the round's cards gathered and the next Vision Card
    laid: the old places were still missing, so the table had not settled since, and the
    change was found against a frame without the new places — they stayed on the tracker
    for good, and a card later laid where one of them lay, of the same name, was never
    reported (simulated mono game, seed 10).  Places found or moved since the table settled
    are now looked at again with those that changed (one matched to a bid laid again half
    over its old place had moved: looking only at places found since left it behind)."""
    from companion.vision.live import LiveReader
    from companion.vision.tracker import Landed
    from sim.virtual_camera import VirtualTableSource
    from tests.vision_score import readers

    source = VirtualTableSource("mono", seed=10)
    ticks = iter(range(10 ** 6))
    live = LiveReader(readers()["mono"], clock=lambda: next(ticks) / 15)
    for _ in range(5):
        live.look(source.read())  # the empty table settles
    bids = ["5 squiggle", "5 square", "1 star", "5 circle"]
    for count in range(1, len(bids) + 1):
        source.lay(bids[:count])
        for _ in range(10):
            live.look(source.read())
    source.lay(["5 squiggle", "5 circle", "5 square", "1 star", "4 circle"])
    for _ in range(40):  # until the last bid is reported, and not a frame more (a brisk table)
        if any(isinstance(event, Landed) and event.card == "4 circle" for event in live.look(source.read()).events):
            break
    source.lay(["1 square"])
    for _ in range(10):
        live.look(source.read())
    assert live.tracker.faces() == ["1 square"]
