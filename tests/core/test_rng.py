"""The seeded random source: determinism, independence of clones, scripting, logging."""

from __future__ import annotations

import pytest

from sparring.core.rng import Rng


def draws(rng: Rng, n: int = 50) -> list[int]:
    return [rng.below(1000, "t") for _ in range(n)]


def test_same_seed_same_stream() -> None:
    assert draws(Rng(42)) == draws(Rng(42))


def test_different_seeds_differ() -> None:
    assert draws(Rng(1)) != draws(Rng(2))


def test_stream_is_fixed_forever() -> None:
    # splitmix64 is pure integer arithmetic, the same on every machine; these values must
    # never change, or every stored replay would stop verifying.
    rng = Rng(2024)
    assert [rng.below(100, "t") for _ in range(5)] == [68, 31, 96, 90, 94]


def test_clone_is_independent() -> None:
    rng = Rng(5)
    rng.below(10, "t")
    twin = rng.clone()
    assert draws(twin) == draws(rng)
    twin.below(10, "t")
    assert len(twin.log) == len(rng.log) + 1


def test_chance_frequency_is_roughly_right() -> None:
    rng = Rng(99)
    hits = sum(rng.chance(30, "dodge") for _ in range(20_000))
    assert 5600 < hits < 6400


def test_scripted_outcomes_come_first_then_free_draws() -> None:
    rng = Rng(3)
    rng.script("dodge", [True, False, True])
    assert [rng.chance(30, "dodge") for _ in range(3)] == [True, False, True]
    free = Rng(3)
    assert rng.chance(30, "dodge") == free.chance(30, "dodge")


def test_scripting_is_per_label() -> None:
    rng = Rng(3)
    rng.script("dodge", [True])
    assert rng.below(6, "other") == Rng(3).below(6, "other")
    assert rng.chance(30, "dodge") is True


def test_scripted_value_out_of_range_is_refused() -> None:
    rng = Rng(3)
    rng.script("die", [9])
    with pytest.raises(ValueError, match="outside"):
        rng.below(6, "die")


def test_every_draw_is_logged_with_its_label() -> None:
    rng = Rng(11)
    rng.chance(30, "dodge")
    rng.below(2, "first_mover")
    assert [label for label, _ in rng.log] == ["dodge", "first_mover"]


def test_reseed_changes_the_future_only() -> None:
    rng = Rng(1)
    rng.below(10, "t")
    before = list(rng.log)
    rng.reseed(77)
    assert rng.log == before
    assert draws(rng, 5) == draws(Rng(77), 5)


def test_scripted_tells_whether_the_next_draw_of_a_label_is_scripted() -> None:
    rng = Rng(1)
    assert not rng.scripted("die")
    rng.script("die", [2])
    assert rng.scripted("die") and not rng.scripted("other")
    rng.below(6, "die")
    assert not rng.scripted("die")


def _reference_outputs(seed: int, count: int) -> list[int]:
    """splitmix64 written plainly on unbounded integers, masked to 64 bits at every step:
    what `Rng` must draw, whatever arithmetic it draws with."""
    mask = (1 << 64) - 1

    def mix(z: int) -> int:
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    state = mix(seed & mask)
    outputs = []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & mask
        outputs.append(mix(state))
    return outputs


@pytest.mark.parametrize("seed", [0, 1, 2024, -7, (1 << 64) + 5, (1 << 63) + 11])
def test_draws_are_splitmix64_in_either_build(seed: int) -> None:
    """The draws' machine-integer arithmetic (compiled: wrapping 64-bit words; pure:
    unbounded integers) gives exactly splitmix64's outputs, those with the top bit set
    included (about half; compiled they read as negative words), for sizes from 2 to
    2**62 and for `chance`."""
    sizes = [2, 3, 6, 100, 1000, 7776, (1 << 31) - 1, (1 << 32) + 3, (1 << 62) - 57, 1 << 62]
    outputs = _reference_outputs(seed, 600)
    assert sum(1 for z in outputs if z >> 63) > 200
    rng = Rng(seed)
    drawn = [rng.below(sizes[i % len(sizes)], "t") for i in range(500)]
    assert drawn == [z % sizes[i % len(sizes)] for i, z in enumerate(outputs[:500])]
    chances = [rng.chance(37, "c") for _ in range(100)]
    assert chances == [z % 100 < 37 for z in outputs[500:]]


@pytest.mark.parametrize("seed", [0, 2024, (1 << 63) + 11])
def test_the_machine_word_draw_is_splitmix64_on_python_integers_too(seed: int) -> None:
    """`Rng._draw`, the compiled build's way (machine words), is exact on unbounded
    integers as well: run here on whichever build this is, against the reference."""
    sizes = [2, 7776, (1 << 32) + 3, 1 << 62]
    rng = Rng(seed)
    drawn = [rng._draw(sizes[i % len(sizes)]) for i in range(400)]
    outputs = _reference_outputs(seed, 400)
    assert drawn == [z % sizes[i % len(sizes)] for i, z in enumerate(outputs)]
