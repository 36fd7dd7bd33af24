"""The statistics of a match: Wilson intervals, the pentanomial, Elo ± error and LOS, the
generalized SPRT. Golden numbers are worked by hand in the comments, or come from an
independent computation in this file (a primal Newton maximisation for the LLR)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sparring.core.errors import BadInput
from sparring.tournament.stats import (
    PENTANOMIAL_SCORES,
    Interval,
    Pentanomial,
    SprtSettings,
    elo_estimate,
    log_likelihood_ratio,
    logistic_elo,
    score_of_elo,
    sprt,
    wilson_interval,
)

# --- Wilson interval -------------------------------------------------------------------


def test_wilson_textbook_eight_of_ten() -> None:
    # p = 0.8, z²/n = 3.8416/10 = 0.38416, shrink 1.38416;
    # centre = (0.8 + 0.19208) / 1.38416 = 0.716738;
    # half = 1.96 / 1.38416 · sqrt(0.016 + 0.009604) = 1.416021 · 0.160012 = 0.226581
    interval = wilson_interval(8, 10)
    assert interval.low == pytest.approx(0.490157, abs=1e-6)
    assert interval.high == pytest.approx(0.943319, abs=1e-6)


def test_wilson_no_wins_and_all_wins_are_not_zero_width() -> None:
    # At 0 of n the interval is [0, z² / (n + z²)] = [0, 3.8416 / 13.8416] = [0, 0.277540].
    assert wilson_interval(0, 10) == Interval(0.0, pytest.approx(0.277540, abs=1e-6))
    # And by symmetry n of n is [n / (n + z²), 1] = [10 / 13.8416, 1] = [0.722460, 1].
    assert wilson_interval(10, 10) == Interval(pytest.approx(0.722460, abs=1e-6), 1.0)


def test_wilson_draws_count_half() -> None:
    # 5 wins and 1 draw of 10: 5.5 points, p = 0.55;
    # centre = (0.55 + 0.19208) / 1.38416 = 0.536123;
    # half = 1.416021 · sqrt(0.02475 + 0.009604) = 1.416021 · 0.185349 = 0.262458
    interval = wilson_interval(5 + 1 * 0.5, 10)
    assert interval.low == pytest.approx(0.273665, abs=1e-6)
    assert interval.high == pytest.approx(0.798581, abs=1e-6)


def test_wilson_with_no_games_knows_nothing() -> None:
    assert wilson_interval(0, 0) == Interval(0.0, 1.0)


@pytest.mark.parametrize(("points", "games"), [(11, 10), (-1, 10), (0, -1)])
def test_wilson_refuses_impossible_counts(points: float, games: int) -> None:
    with pytest.raises(BadInput):
        wilson_interval(points, games)


# --- Pentanomial -----------------------------------------------------------------------


def test_pairs_land_in_the_cell_of_their_total_whatever_the_order() -> None:
    pentanomial = Pentanomial.of_pairs(
        [(0, 0), (0, 0.5), (0.5, 0), (1, 0), (0, 1), (0.5, 0.5), (1, 0.5), (1, 1)]
    )
    # LL; LD twice; a split pair both ways and two draws all in the middle; WD; WW.
    assert pentanomial.counts == (1, 2, 3, 1, 1)
    assert pentanomial.pairs == 8


def test_add_returns_a_new_value() -> None:
    empty = Pentanomial((0, 0, 0, 0, 0))
    one = empty.add(0.5, 1)
    assert one.counts == (0, 0, 0, 1, 0)
    assert empty.counts == (0, 0, 0, 0, 0)
    assert one.add(0, 1).counts == (0, 0, 1, 1, 0)


def test_score_is_the_mean_per_game() -> None:
    # Pair totals 0·1 + 0.5·2 + 1·3 + 1.5·1 + 2·1 = 7.5 points over 8 pairs = 16 games.
    assert Pentanomial((1, 2, 3, 1, 1)).score == 7.5 / 16
    assert Pentanomial((0, 0, 0, 0, 0)).score == 0.5


@pytest.mark.parametrize("pair", [(0.25, 0), (1, 2), (-1, 1)])
def test_a_game_scores_zero_half_or_one(pair: tuple[float, float]) -> None:
    with pytest.raises(BadInput):
        Pentanomial.of_pairs([pair])


@pytest.mark.parametrize("counts", [(0, 0, 0, 0), (1, 2, 3, 4, -1), (1, 2, 3, 4, 0.5)])
def test_counts_are_five_non_negative_integers(counts: tuple[int, int, int, int, int]) -> None:
    with pytest.raises(BadInput):
        Pentanomial(counts)


# --- Elo --------------------------------------------------------------------------------


def test_logistic_elo_golden_values() -> None:
    assert logistic_elo(0.5) == 0.0
    # 0.75: odds 3 to 1, 400 log10 3 = 190.848502
    assert logistic_elo(0.75) == pytest.approx(190.848502, abs=1e-6)
    assert logistic_elo(0.25) == pytest.approx(-190.848502, abs=1e-6)
    assert logistic_elo(0.0) == -math.inf
    assert logistic_elo(1.0) == math.inf


@pytest.mark.parametrize("elo", [-800.0, -35.5, 0.0, 10.0, 190.0, 1200.0])
def test_score_of_elo_inverts_logistic_elo(elo: float) -> None:
    assert logistic_elo(score_of_elo(elo)) == pytest.approx(elo, abs=1e-9)


def test_score_of_elo_golden_and_extremes() -> None:
    # 400 Elo: odds 10 to 1, 10/11.
    assert score_of_elo(400) == pytest.approx(10 / 11, abs=1e-15)
    assert score_of_elo(-400) == pytest.approx(1 / 11, abs=1e-15)
    assert score_of_elo(math.inf) == 1.0
    assert score_of_elo(-math.inf) == 0.0
    assert score_of_elo(-1e6) == 0.0


def test_elo_estimate_of_an_even_match() -> None:
    estimate = elo_estimate(Pentanomial((3, 5, 10, 5, 3)))
    assert estimate.elo == 0.0
    assert estimate.score == 0.5
    assert estimate.los == 0.5
    assert estimate.pairs == 26


def test_elo_estimate_golden_error() -> None:
    # Pairs LL, 2 × middle, WW: per-game pair scores 0, 0.5, 0.5, 1, mean 0.5;
    # sample variance (0.25 + 0 + 0 + 0.25) / 3 = 1/6; standard error sqrt(1/6 / 4) = 0.204124;
    # 95 %: 0.5 ± 1.96 · 0.204124 = [0.099917, 0.900083];
    # 400 log10(0.900083 / 0.099917) = 400 · 0.954645 = 381.858
    estimate = elo_estimate(Pentanomial((1, 0, 2, 0, 1)))
    assert estimate.error == pytest.approx(381.858, abs=1e-3)


def test_elo_estimate_golden_score_and_los() -> None:
    # Pairs middle and WW: per-game 0.5 and 1, score 0.75 -> 400 log10 3 = 190.8485;
    # variance (0.0625 + 0.0625) / 1 = 0.125, standard error sqrt(0.125 / 2) = 0.25;
    # LOS = Phi((0.75 - 0.5) / 0.25) = Phi(1) = 0.841345 (normal table).
    estimate = elo_estimate(Pentanomial((0, 0, 1, 0, 1)))
    assert estimate.elo == pytest.approx(190.8485, abs=1e-4)
    assert estimate.los == pytest.approx(0.841345, abs=1e-6)
    # 0.75 + 1.96 · 0.25 > 1: the interval has no finite Elo end.
    assert estimate.error == math.inf


def test_elo_estimate_is_antisymmetric_in_a_and_b() -> None:
    counts = (10, 20, 40, 25, 12)
    forward = elo_estimate(Pentanomial(counts))
    backward = elo_estimate(Pentanomial(counts[::-1]))
    assert forward.elo > 0
    assert backward.elo == pytest.approx(-forward.elo, abs=1e-9)
    assert backward.error == pytest.approx(forward.error, abs=1e-9)
    assert backward.los == pytest.approx(1 - forward.los, abs=1e-12)
    assert backward.score == pytest.approx(1 - forward.score, abs=1e-15)


def test_elo_error_shrinks_like_one_over_root_n() -> None:
    error = elo_estimate(Pentanomial((10, 20, 40, 25, 12))).error
    error_of_four_times = elo_estimate(Pentanomial((40, 80, 160, 100, 48))).error
    assert error_of_four_times / error == pytest.approx(0.5, rel=0.02)


def test_elo_error_is_unknown_with_fewer_than_two_pairs() -> None:
    assert elo_estimate(Pentanomial((0, 0, 0, 0, 0))).error == math.inf
    assert elo_estimate(Pentanomial((0, 0, 1, 0, 0))).error == math.inf
    assert elo_estimate(Pentanomial((0, 0, 1, 0, 0))).los == 0.5


def test_no_spread_means_no_error() -> None:
    # Every pair split: the mean is 0.5 and no pair differs from it.
    estimate = elo_estimate(Pentanomial((0, 0, 9, 0, 0)))
    assert estimate.error == 0.0
    assert estimate.los == 0.5
    # Every pair a win and a draw: A leads in every pair, so A is surely the stronger.
    leading = elo_estimate(Pentanomial((0, 0, 0, 3, 0)))
    assert (leading.error, leading.los) == (0.0, 1.0)
    assert elo_estimate(Pentanomial((0, 3, 0, 0, 0))).los == 0.0


# --- LLR --------------------------------------------------------------------------------

# The three second differences keep both the sum and the mean pair score of a distribution
# over (0, 0.5, 1, 1.5, 2): (1, -2, 1) · (x, x + 0.5, x + 1) = 0.
_SAME_SUM_AND_MEAN = ((1, -2, 1, 0, 0), (0, 1, -2, 1, 0), (0, 0, 1, -2, 1))


def _solve3(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Cramer's rule for a 3×3 system."""

    def det(m: list[list[float]]) -> float:
        return (
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        )

    whole = det(matrix)
    solution = []
    for column in range(3):
        replaced = [[rhs[r] if c == column else matrix[r][c] for c in range(3)] for r in range(3)]
        solution.append(det(replaced) / whole)
    return solution


def _brute_force_max_log_likelihood(counts: tuple[float, ...], mean: float) -> float:
    """max sum n_i log p_i over distributions with this mean pair score, found by Newton's
    method directly on the distributions (not through the Lagrange multiplier the code
    under test bisects on): start from a feasible mixture of the uniform distribution
    (mean 1) and a point mass at 0 or 2, and move only along `_SAME_SUM_AND_MEAN`."""
    weight = abs(mean - 1)
    end = 4 if mean > 1 else 0
    start = [(1 - weight) / 5 + (weight if i == end else 0.0) for i in range(5)]

    def distribution(theta: list[float]) -> list[float]:
        return [
            start[i] + sum(t * d[i] for t, d in zip(theta, _SAME_SUM_AND_MEAN, strict=True))
            for i in range(5)
        ]

    def log_likelihood(p: list[float]) -> float:
        if min(p) <= 0:
            return -math.inf
        return sum(n * math.log(q) for n, q in zip(counts, p, strict=True))

    theta = [0.0, 0.0, 0.0]
    for _ in range(100):
        p = distribution(theta)
        gradient = [sum(d[i] * counts[i] / p[i] for i in range(5)) for d in _SAME_SUM_AND_MEAN]
        hessian = [
            [
                -sum(a[i] * b[i] * counts[i] / p[i] ** 2 for i in range(5))
                for b in _SAME_SUM_AND_MEAN
            ]
            for a in _SAME_SUM_AND_MEAN
        ]
        step = _solve3(hessian, [-g for g in gradient])
        size = 1.0
        current = log_likelihood(p)
        while True:
            trial = [t + size * s for t, s in zip(theta, step, strict=True)]
            if log_likelihood(distribution(trial)) >= current:
                break
            size /= 2
        theta = trial
    return log_likelihood(distribution(theta))


def _brute_force_llr(counts: tuple[float, ...], elo0: float, elo1: float) -> float:
    return _brute_force_max_log_likelihood(
        counts, 2 * score_of_elo(elo1)
    ) - _brute_force_max_log_likelihood(counts, 2 * score_of_elo(elo0))


def test_llr_without_pairs_is_zero() -> None:
    assert log_likelihood_ratio(Pentanomial((0, 0, 0, 0, 0)), 0, 10) == 0.0


@pytest.mark.parametrize(
    ("counts", "elo0", "elo1"),
    [
        ((1, 2, 3, 2, 1), 0, 10),
        ((3, 7, 20, 9, 4), 0, 5),
        ((5, 1, 1, 1, 9), -20, 40),
        ((2, 9, 4, 13, 6), 0, 50),
        ((1, 1, 1, 1, 1), -100, 100),
    ],
)
def test_llr_matches_a_brute_force_maximisation(
    counts: tuple[int, int, int, int, int], elo0: float, elo1: float
) -> None:
    llr = log_likelihood_ratio(Pentanomial(counts), elo0, elo1)
    assert llr == pytest.approx(_brute_force_llr(counts, elo0, elo1), abs=1e-6)


def test_an_empty_cell_counts_as_a_thousandth_of_a_pair() -> None:
    # The documented regularisation: (0, 3, 5, 2, 0) is scored as (0.001, 3, 5, 2, 0.001).
    llr = log_likelihood_ratio(Pentanomial((0, 3, 5, 2, 0)), 0, 10)
    assert llr == pytest.approx(_brute_force_llr((1e-3, 3, 5, 2, 1e-3), 0, 10), abs=1e-6)
    # Every pair WW: without the pseudo-count no distribution on WW alone has mean < 2.
    all_wins = log_likelihood_ratio(Pentanomial((0, 0, 0, 0, 4)), 0, 10)
    assert all_wins == pytest.approx(_brute_force_llr((1e-3, 1e-3, 1e-3, 1e-3, 4), 0, 10))
    assert all_wins > 0


@pytest.mark.parametrize(("elo0", "elo1"), [(0, 8000), (-math.inf, 0), (0, math.inf)])
def test_llr_refuses_elo_with_a_certain_result(elo0: float, elo1: float) -> None:
    # 8000 Elo: 10^-20 odds, a score of 1.0 in floating point; no mean pair score < 2 fits.
    with pytest.raises(BadInput):
        log_likelihood_ratio(Pentanomial((1, 2, 3, 2, 1)), elo0, elo1)


def test_llr_is_antisymmetric_in_the_hypotheses() -> None:
    pentanomial = Pentanomial((3, 7, 20, 9, 4))
    forward = log_likelihood_ratio(pentanomial, 0, 10)
    assert log_likelihood_ratio(pentanomial, 10, 0) == pytest.approx(-forward, abs=1e-12)


@pytest.mark.parametrize("elo1", [1.0, 10.0, 100.0])
def test_all_pairs_split_favour_equal_strength(elo1: float) -> None:
    # Only the middle cell filled (and the four pseudo-counts, symmetric about it): the
    # frequencies already have mean 1, the mean of elo 0, so they are the MLE under H0
    # and the unconstrained maximum; any other mean explains them worse: LLR < 0.
    pentanomial = Pentanomial((0, 0, 12, 0, 0))
    assert log_likelihood_ratio(pentanomial, 0, elo1) < 0
    # And by the same symmetry -elo1 explains them exactly as badly as +elo1.
    assert log_likelihood_ratio(pentanomial, 0, -elo1) == pytest.approx(
        log_likelihood_ratio(pentanomial, 0, elo1), abs=1e-9
    )


def _pairs_at(elo: float, pairs: int, draw_rate: float = 0.3) -> Pentanomial:
    """Counts proportional to the pentanomial of independent games at this Elo difference:
    per game win w = s - d/2, draw d, loss l = 1 - s - d/2 (mean s); the pair cells are
    LL l², LD 2ld, middle 2wl + d², WD 2wd, WW w² (mean pair score 2s)."""
    score = 1 / (1 + 10 ** (-elo / 400))
    win, draw = score - draw_rate / 2, draw_rate
    loss = 1 - win - draw
    cells = (loss**2, 2 * loss * draw, 2 * win * loss + draw**2, 2 * win * draw, win**2)
    counts = [round(pairs * cell) for cell in cells]
    return Pentanomial((counts[0], counts[1], counts[2], counts[3], counts[4]))


def test_a_large_sample_at_elo1_reaches_the_upper_bound() -> None:
    settings = SprtSettings(elo0=0, elo1=10)
    result = sprt(_pairs_at(10, 20_000), settings)
    assert result.llr >= settings.upper
    assert result.verdict == "H1"


def test_a_large_sample_at_elo0_reaches_the_lower_bound() -> None:
    settings = SprtSettings(elo0=0, elo1=10)
    result = sprt(_pairs_at(0, 20_000), settings)
    assert result.llr <= settings.lower
    assert result.verdict == "H0"


def test_a_small_sample_decides_nothing() -> None:
    result = sprt(_pairs_at(10, 50), SprtSettings(elo0=0, elo1=10))
    assert result.lower < result.llr < result.upper
    assert result.verdict is None


# --- SPRT settings -------------------------------------------------------------------


def test_sprt_bounds_of_five_percent_errors() -> None:
    # log(0.05 / 0.95) = -log 19 = -2.944439 and log(0.95 / 0.05) = log 19.
    settings = SprtSettings(alpha=0.05, beta=0.05)
    assert settings.lower == pytest.approx(-2.944439, abs=1e-6)
    assert settings.upper == pytest.approx(2.944439, abs=1e-6)
    result = sprt(Pentanomial((0, 0, 0, 0, 0)), settings)
    assert (result.llr, result.lower, result.upper) == (0.0, settings.lower, settings.upper)


def test_sprt_bounds_of_unequal_errors() -> None:
    # alpha 0.01, beta 0.1: lower log(0.1 / 0.99) = -2.292535, upper log(0.9 / 0.01) = 4.499810
    settings = SprtSettings(alpha=0.01, beta=0.1)
    assert settings.lower == pytest.approx(-2.292535, abs=1e-6)
    assert settings.upper == pytest.approx(4.499810, abs=1e-6)


def test_verdict_is_reached_at_the_bounds() -> None:
    settings = SprtSettings()
    assert settings.verdict(settings.upper) == "H1"
    assert settings.verdict(settings.upper + 1) == "H1"
    assert settings.verdict(settings.lower) == "H0"
    assert settings.verdict(settings.lower - 1) == "H0"
    assert settings.verdict(math.nextafter(settings.upper, 0)) is None
    assert settings.verdict(math.nextafter(settings.lower, 0)) is None


@pytest.mark.parametrize(
    "settings",
    [
        {"elo0": 10, "elo1": 10},
        {"elo0": 10, "elo1": 0},
        {"elo0": 0, "elo1": math.inf},
        {"alpha": 0},
        {"alpha": 1},
        {"beta": 0},
        {"beta": 1.5},
        {"alpha": 0.5, "beta": 0.5},
    ],
)
def test_bad_sprt_settings_are_refused(settings: dict[str, float]) -> None:
    with pytest.raises(BadInput):
        SprtSettings(**settings)


# --- properties -------------------------------------------------------------------------

_counts = st.tuples(*[st.integers(min_value=0, max_value=2000)] * len(PENTANOMIAL_SCORES))


@given(
    counts=_counts,
    elo0=st.floats(min_value=-600, max_value=600),
    gap=st.floats(min_value=0.5, max_value=300),
)
def test_statistics_are_well_formed_for_any_counts(
    counts: tuple[int, int, int, int, int], elo0: float, gap: float
) -> None:
    pentanomial = Pentanomial(counts)
    assert math.isfinite(log_likelihood_ratio(pentanomial, elo0, elo0 + gap))
    estimate = elo_estimate(pentanomial)
    assert estimate.error >= 0
    assert 0 <= estimate.los <= 1
    swapped = elo_estimate(Pentanomial(counts[::-1]))
    if math.isinf(estimate.elo):
        assert swapped.elo == -estimate.elo
    else:
        assert swapped.elo == pytest.approx(-estimate.elo, abs=1e-9)
