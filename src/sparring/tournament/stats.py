"""The statistics of a match between two entrants: is A really stronger than B?

A bot author who changed a bot wants to know whether the change is an improvement, and
wants to stop playing as soon as the games say so. Games are played in pairs: the same
opening (deal, seed, map) twice with the seats swapped, so that a lucky opening helps both
entrants once and cancels out. Every score here is entrant A's: 1 a win, 0.5 a draw,
0 a loss. The pipeline:

1. pairs -> `Pentanomial`: each pair is counted by A's total over its two games
   (0, 0.5, 1, 1.5 or 2), five cells. Counting pairs rather than games keeps the
   correlation between the two games of an opening, which makes the variance honest
   (usually smaller than the game-by-game one, so fewer games decide);
2. pentanomial -> mean score per game and the variance of the pair score;
3. score, variance -> `elo_estimate`: the logistic Elo difference with its 95 % error
   and the likelihood of superiority (LOS), the chance that A is the stronger at all;
4. pentanomial -> `log_likelihood_ratio` of "A is better by elo1" against "A is better
   by only elo0" (the generalized SPRT on the pentanomial model);
5. LLR against the bounds of `SprtSettings` -> `sprt` verdict: H1 (the change is an
   improvement of at least elo1), H0 (it is not better than elo0), or None: play on.
   Stopping at the bounds keeps the false-positive rate at alpha and the
   false-negative rate at beta however early the test stops.

Elo here is logistic: a difference D means an expected score of 1 / (1 + 10^(-D/400)).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from sparring.core.errors import BadInput

#: The normal quantile of a two-sided 95 % interval (the textbook 1.96).
Z_95 = 1.96

#: What one game scores for A: a loss, a draw, a win.
GAME_SCORES = (0.0, 0.5, 1.0)

#: A's total over a pair of games, the five cells of a `Pentanomial` in order.
PENTANOMIAL_SCORES = (0.0, 0.5, 1.0, 1.5, 2.0)

#: The pseudo-count that stands in for an empty pentanomial cell in the LLR (see there).
EMPTY_CELL_COUNT = 1e-3

#: Bisection steps for the Lagrange multiplier of the constrained MLE: each halves the
#: bracket, whose width is at most a few units, so 200 steps reach far below float precision.
BISECTION_STEPS = 200

Verdict = Literal["H0", "H1"]


@dataclass(frozen=True)
class Interval:
    """A closed interval of plausible values, `low` <= `high`."""

    low: float
    high: float


def wilson_interval(points: float, games: int, z: float = Z_95) -> Interval:
    """95 % (by default) Wilson score interval of a win rate `points / games`.

    Draws count half, so `points` may be fractional. Unlike the naive p ± z·sqrt(p(1-p)/n),
    Wilson's interval stays inside [0, 1] and is not zero-width at 0 or n wins, so a bot
    that won 3 of 3 is shown as "somewhere above 44 %", not "certainly 100 %".
    No games: nothing is known, Interval(0.0, 1.0).
    """
    if games < 0 or not 0 <= points <= games:
        raise BadInput(f"a win rate needs 0 <= points <= games, got {points} of {games}")
    if games == 0:
        return Interval(0.0, 1.0)
    rate = points / games
    z2_over_n = z * z / games
    shrink = 1 + z2_over_n
    centre = (rate + z2_over_n / 2) / shrink
    half_width = z / shrink * math.sqrt(rate * (1 - rate) / games + z2_over_n / (4 * games))
    return Interval(max(0.0, centre - half_width), min(1.0, centre + half_width))


def _cell_of_pair(first: float, second: float) -> int:
    for score in (first, second):
        if score not in GAME_SCORES:
            raise BadInput(f"a game scores 0, 0.5 or 1 for A, got {score}")
    return PENTANOMIAL_SCORES.index(first + second)


@dataclass(frozen=True)
class Pentanomial:
    """Counts of game pairs by A's total score over the pair: LL, LD, (WL or DD), WD, WW.

    The order of the two games within a pair does not matter, and a split pair (each
    entrant won with one side of the opening) counts the same as two draws: both say
    the opening was even between them.
    """

    counts: tuple[int, int, int, int, int]

    def __post_init__(self) -> None:
        counts = self.counts
        if len(counts) != len(PENTANOMIAL_SCORES) or any(
            not isinstance(n, int) or n < 0 for n in counts
        ):
            raise BadInput(f"a pentanomial is five counts >= 0, got {counts}")

    @classmethod
    def of_pairs(cls, pairs: Iterable[tuple[float, float]]) -> Pentanomial:
        """Count pairs, each given as A's scores in its two games."""
        counts = [0] * len(PENTANOMIAL_SCORES)
        for first, second in pairs:
            counts[_cell_of_pair(first, second)] += 1
        return cls((counts[0], counts[1], counts[2], counts[3], counts[4]))

    def add(self, first: float, second: float) -> Pentanomial:
        """These counts with one more pair (A's scores in its two games)."""
        counts = list(self.counts)
        counts[_cell_of_pair(first, second)] += 1
        return Pentanomial((counts[0], counts[1], counts[2], counts[3], counts[4]))

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    @property
    def score(self) -> float:
        """A's mean score per game, in [0, 1]; 0.5 (even) when no pairs were played."""
        if self.pairs == 0:
            return 0.5
        total = sum(n * x for n, x in zip(self.counts, PENTANOMIAL_SCORES, strict=True))
        return total / (2 * self.pairs)


def logistic_elo(score: float) -> float:
    """The Elo difference A - B that predicts this expected score: -400 log10(1/score - 1),
    computed as 400 log10(score / (1 - score)) so that an even score is exactly 0.

    A perfect score has no finite Elo: -inf at 0, +inf at 1.
    """
    if not 0 <= score <= 1:
        raise BadInput(f"a score is in [0, 1], got {score}")
    if score == 0:
        return -math.inf
    if score == 1:
        return math.inf
    return 400 * math.log10(score / (1 - score))


def score_of_elo(elo: float) -> float:
    """The expected score per game of an Elo difference A - B: 1 / (1 + 10^(-elo/400))."""
    if elo >= 0:
        return 1 / (1 + 10 ** (-elo / 400))
    odds = 10 ** (elo / 400)  # written this way so a very negative elo underflows to 0
    return odds / (1 + odds)


@dataclass(frozen=True)
class EloEstimate:
    """How much stronger A looks, how sure that is, and how likely A is stronger at all.

    `error` is the half-width of the 95 % interval of `elo`: the interval of the mean
    score, score ± 1.96 standard errors, has its end points mapped through
    `logistic_elo` and `error` is half the distance between them (not the delta method,
    so the interval widens correctly as the score nears 0 or 1). The standard error comes
    from the pentanomial variance of the pair score with Bessel's correction, so it is
    inf (unknown) with fewer than 2 pairs, and inf when the interval reaches 0 or 1.
    When every pair had the same outcome the sample shows no spread and `error` is 0.

    `los`, the likelihood of superiority, is P(A stronger than B) under the normal
    approximation of the mean score: Phi((score - 0.5) / standard error). Above 0.95 a
    change is probably an improvement; it says nothing about by how much.
    """

    elo: float
    error: float
    los: float
    score: float
    pairs: int


def _standard_error(pentanomial: Pentanomial) -> float:
    """The standard error of the mean score per game, from the spread of the pair scores."""
    pairs = pentanomial.pairs
    if pairs < 2:
        return math.inf
    mean = pentanomial.score
    squares = sum(
        n * (x / 2 - mean) ** 2 for n, x in zip(pentanomial.counts, PENTANOMIAL_SCORES, strict=True)
    )
    return math.sqrt(squares / (pairs - 1) / pairs)


def _elo_error(score: float, standard_error: float) -> float:
    """Half the Elo width of the 95 % interval of the score; inf if it reaches 0 or 1."""
    low = score - Z_95 * standard_error
    high = score + Z_95 * standard_error
    if low <= 0 or high >= 1:
        return math.inf
    return (logistic_elo(high) - logistic_elo(low)) / 2


def _likelihood_of_superiority(score: float, standard_error: float) -> float:
    if standard_error == 0:  # no spread at all: the sign of the lead is all there is
        if score == 0.5:
            return 0.5
        return 1.0 if score > 0.5 else 0.0
    # An unknown (inf) standard error gives erfc(0) / 2 = 0.5: no information.
    return 0.5 * math.erfc(-(score - 0.5) / (standard_error * math.sqrt(2)))


def elo_estimate(pentanomial: Pentanomial) -> EloEstimate:
    """The Elo difference A - B the pairs played so far show, with its error and LOS."""
    score = pentanomial.score
    standard_error = _standard_error(pentanomial)
    return EloEstimate(
        elo=logistic_elo(score),
        error=_elo_error(score, standard_error),
        los=_likelihood_of_superiority(score, standard_error),
        score=score,
        pairs=pentanomial.pairs,
    )


@dataclass(frozen=True)
class SprtSettings:
    """A sequential probability ratio test of H0: A - B <= elo0 against H1: A - B >= elo1.

    `alpha` is the chance of accepting H1 when H0 holds (a useless change let in), `beta`
    the chance of accepting H0 when H1 holds (a real improvement thrown away). Elo values
    are logistic. The usual test of a change is elo0 = 0, elo1 = a few Elo: the smaller
    the gap elo1 - elo0, the more games it takes.
    """

    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not (math.isfinite(self.elo0) and math.isfinite(self.elo1)):
            raise BadInput(f"SPRT Elo bounds must be finite, got {self.elo0} and {self.elo1}")
        if not self.elo0 < self.elo1:
            raise BadInput(f"SPRT needs elo0 < elo1, got elo0={self.elo0}, elo1={self.elo1}")
        for name, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0 < value < 1:
                raise BadInput(f"SPRT {name} must be strictly between 0 and 1, got {value}")
        if not self.alpha + self.beta < 1:
            raise BadInput(
                f"SPRT needs alpha + beta < 1, got {self.alpha} + {self.beta} = "
                f"{self.alpha + self.beta}"
            )

    @property
    def lower(self) -> float:
        """Accept H0 at or below this LLR: log(beta / (1 - alpha))."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """Accept H1 at or above this LLR: log((1 - beta) / alpha)."""
        return math.log((1 - self.beta) / self.alpha)

    def verdict(self, llr: float) -> Verdict | None:
        """H1 at or above the upper bound, H0 at or below the lower one, else None: play on."""
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None


def _constrained_mle(counts: tuple[float, ...], mean: float) -> list[float]:
    """The distribution over the five pair scores with this mean that makes the counts
    most likely. Maximising sum n_i log p_i under sum p_i = 1 and sum p_i x_i = mean
    gives (Lagrange) p_i = f_i / (1 + lam (x_i - mean)), f the observed frequencies, with
    lam the root of sum p_i (x_i - mean) = 0. That sum falls strictly as lam grows and
    runs from +inf to -inf across the lam keeping every p_i positive, so bisection
    finds the one root. Needs every count positive and 0 < mean < 2."""
    total = sum(counts)
    frequencies = [n / total for n in counts]
    offsets = [x - mean for x in PENTANOMIAL_SCORES]

    def mean_offset(lam: float) -> float:
        return sum(f * d / (1 + lam * d) for f, d in zip(frequencies, offsets, strict=True))

    low = -1 / max(offsets)  # where the cell of the highest score would blow up
    high = -1 / min(offsets)  # where the cell of the lowest score would blow up
    for _ in range(BISECTION_STEPS):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if mean_offset(middle) > 0:
            low = middle
        else:
            high = middle
    lam = (low + high) / 2
    return [f / (1 + lam * d) for f, d in zip(frequencies, offsets, strict=True)]


def log_likelihood_ratio(pentanomial: Pentanomial, elo0: float, elo1: float) -> float:
    """How much better the pairs so far are explained by A - B = elo1 than by elo0.

    The generalized SPRT's LLR on pair scores, as fishtest (the engine-testing framework)
    computes it for the pentanomial model: for each hypothesis, the maximum-likelihood
    distribution over the five pair outcomes whose mean pair score is 2 * score_of_elo(elo_i)
    (`_constrained_mle`); the LLR is sum n_i log(p1_i / p0_i). Positive favours elo1.
    No pairs: no evidence, 0.0. Elo values must be finite, with expected scores
    strictly between 0 and 1 (BadInput otherwise).

    Empty cells are regularised as fishtest does: a count of 0 is replaced by
    `EMPTY_CELL_COUNT` (0.001). Without it a distribution supported only on the observed
    outcomes may not be able to have the hypothesis' mean at all (every pair WW: no mean
    below 2), and the LLR would be undefined. The pseudo-count is so small that it moves
    the LLR negligibly once the cells have real counts.
    """
    means = [2 * score_of_elo(elo) for elo in (elo0, elo1)]
    if not all(0 < mean < 2 for mean in means):
        raise BadInput(f"SPRT Elo values {elo0} and {elo1} are too extreme to test")
    if pentanomial.pairs == 0:
        return 0.0
    counts = tuple(n if n > 0 else EMPTY_CELL_COUNT for n in pentanomial.counts)
    p0, p1 = (_constrained_mle(counts, mean) for mean in means)
    return sum(n * math.log(b / a) for n, a, b in zip(counts, p0, p1, strict=True))


@dataclass(frozen=True)
class SprtResult:
    """Where the test stands: the LLR, its bounds and the verdict if one is reached."""

    llr: float
    lower: float
    upper: float
    verdict: Verdict | None  # "H1": A is stronger by >= elo1; "H0": not stronger than elo0


def sprt(pentanomial: Pentanomial, settings: SprtSettings) -> SprtResult:
    """The SPRT of these pairs: stop with a verdict once the LLR leaves the bounds."""
    llr = log_likelihood_ratio(pentanomial, settings.elo0, settings.elo1)
    return SprtResult(
        llr=llr, lower=settings.lower, upper=settings.upper, verdict=settings.verdict(llr)
    )
