"""How often chance alone scores a given number of hits: the distributions behind "about 1
run in 5 scores this well by chance" (docs/zener-test.md, section 7 of the protocol).

Three distributions, one for each way a run can be dealt and checked:

- :func:`binomial` — an open deck (every card drawn afresh): each call is right with chance
  1/5 whatever came before, with or without feedback.
- :func:`closed_deck` — a closed deck (five of each symbol) checked after the run: the hits
  depend on how often each symbol was called (all "star" always scores exactly 5); the exact
  law is Greville's (1941), worked out here by inclusion and exclusion over the calls.
- :func:`each_call` — a closed deck with each card shown after its call: a receiver who
  counts the cards can expect more than 5 (about 8.65 at best), so each call is judged
  against the cards still in the deck (Diaconis and Graham's "skill scoring", 1981).

Each is computed exactly (whole numbers and fractions, no rounding on the way) and handed
over as floats.  Everything here is pure arithmetic: no clock, no randomness, no I/O.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, factorial
from typing import Mapping, Sequence

Distribution = tuple[float, ...]
"""``d[k]`` is the chance of exactly ``k`` hits."""


def binomial(cards: int, sides: int = 5) -> Distribution:
    """Hits among ``cards`` independent calls, each right with chance ``1/sides``."""
    total = sides ** cards
    return tuple(float(Fraction(comb(cards, k) * (sides - 1) ** (cards - k), total)) for k in range(cards + 1))


def closed_deck(calls: Sequence[str], deck: Mapping[str, int]) -> Distribution:
    """Hits when the calls are matched against a well-shuffled deck holding ``deck[symbol]``
    cards of each symbol, the calls made without seeing any card.

    Inclusion and exclusion: ``E_k`` counts the arrangements of the deck that match the
    calls on a chosen set of ``k`` places, summed over every such set; a set with ``s_b``
    places called ``b`` can be fixed in ``C(n_b, s_b)`` ways and leaves ``(N − k)!`` over
    the remaining cards' repeats.  Then exactly ``h`` hits is
    ``Σ_k (−1)^(k−h) C(k, h) E_k``.  Every term is a whole number (the deck's repeats are
    multiplied out), so the answer is exact."""
    size = sum(deck.values())
    if len(calls) != size:
        raise ValueError(f"{len(calls)} calls for a deck of {size} cards")
    called = {symbol: 0 for symbol in deck}
    for call in calls:
        called[call] += 1
    # Π_b Σ_s C(n_b, s) · c_b! / (c_b − s)! · x^s, as a list of coefficients
    product = [1]
    for symbol, cards in deck.items():
        factor = [comb(called[symbol], s) * factorial(cards) // factorial(cards - s)
                  for s in range(min(called[symbol], cards) + 1)]
        product = _multiply(product, factor)
    at_least = [factorial(size - k) * a for k, a in enumerate(product)]  # E_k times the repeats
    total = factorial(size)
    exactly = []
    for h in range(size + 1):
        ways = sum((-1) ** (k - h) * comb(k, h) * at_least[k] for k in range(h, len(at_least)))
        exactly.append(float(Fraction(ways, total)))
    return tuple(exactly)


def each_call(chances: Sequence[Fraction]) -> Distribution:
    """Hits of calls each right with its own chance (a Poisson-binomial law): the chance of
    each call is the share of the cards still in the deck that bear the called symbol."""
    weights = [Fraction(1)]
    for p in chances:
        new = [Fraction(0)] * (len(weights) + 1)
        for k, w in enumerate(weights):
            new[k] += w * (1 - p)
            new[k + 1] += w * p
        weights = new
    return tuple(float(w) for w in weights)


def call_chances(calls: Sequence[str], cards: Sequence[str], deck: Mapping[str, int]) -> tuple[Fraction, ...]:
    """The chance of each call being right, given the cards shown before it: the cards of the
    called symbol still in the deck over the cards still in the deck."""
    left = dict(deck)
    remaining = sum(left.values())
    chances = []
    for call, card in zip(calls, cards):
        chances.append(Fraction(left.get(call, 0), remaining))
        left[card] -= 1
        remaining -= 1
    return tuple(chances)


def convolve(a: Distribution, b: Distribution) -> Distribution:
    """The distribution of the sum of two independent counts (a sitting of runs)."""
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return tuple(out)


def mean(d: Distribution) -> float:
    return sum(k * p for k, p in enumerate(d))


def at_least(d: Distribution, hits: int) -> float:
    """The chance of ``hits`` or more (summed from the far end: small terms first)."""
    return min(1.0, sum(reversed(d[max(0, hits):])))


def at_most(d: Distribution, hits: int) -> float:
    """The chance of ``hits`` or fewer."""
    return min(1.0, sum(d[: max(0, hits + 1)]))


def _multiply(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


# -- in words ---------------------------------------------------------------------------------
def one_in(p: float) -> str:
    """``1/p`` said the way people say odds: 5, 23, 140, 2,300, 1.2 million."""
    n = 1 / p
    if n < 100:
        return f"{int(n + 0.5)}"
    digits = len(str(int(n))) - 2  # two significant figures
    rounded = int(n / 10 ** digits + 0.5) * 10 ** digits
    if rounded >= 1_000_000:
        return f"{rounded / 1_000_000:.2g} million"
    return f"{rounded:,}"


def figure(x: float) -> str:
    """An expected number of hits as people write it: 5, 8.65, 34.6, 173."""
    return f"{x:.3g}" if x < 100 else f"{round(x)}"


def tail(hits: int, expected: float, d: Distribution) -> tuple[str, float]:
    """Which way a score leans and how often chance leans as far: ("well", the chance of
    ``hits`` or more) at or above what chance gives, else ("low", the chance of ``hits`` or
    fewer) — scoring far below chance is as unusual as far above (Rhine's "psi-missing")."""
    if hits >= expected:
        return "well", at_least(d, hits)
    return "low", at_most(d, hits)


def words(hits: int, expected: float, d: Distribution, unit: str, said: str = "") -> str:
    """"7 hits: about 1 run in 5 scores this well by chance"; near what chance gives (a
    chance of one half or more), "5 hits: what chance gives (5 expected)"."""
    side, p = tail(hits, expected, d)
    said = said or f"{hits} hit{'' if hits == 1 else 's'}"
    if p >= 0.5:
        return f"{said}: what chance gives ({figure(expected)} expected)"
    if p < 1e-9:
        return f"{said}: fewer than 1 {unit} in a billion scores this {side} by chance"
    return f"{said}: about 1 {unit} in {one_in(p)} scores this {side} by chance"
