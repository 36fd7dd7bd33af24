"""The tournament store: names and ids, a schedule stored once however often it is asked
for, and each game committed once — its match and its mark together or not at all."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from sparring.core.errors import BadInput
from sparring.core.registry import game_names, get_game
from sparring.tournament import schedule as plan
from sparring.tournament.records import Result, TournamentStore

from .support import (
    builtin_entrants,
    make_settings,
    match_rows,
    new_tournament,
    open_store,
    play,
    play_and_record,
    record_one,
    schedule_all,
)


@pytest.fixture
def store(tmp_path: Path) -> TournamentStore:
    return open_store(tmp_path)


def test_a_tournament_is_found_by_name_and_by_id_with_its_settings(store: TournamentStore) -> None:
    made = new_tournament(store, 4, "spring", form=plan.GAUNTLET, games=4)
    other = new_tournament(store, 3, "autumn")
    for key in ("spring", str(made.id)):
        found = store.find(key)
        assert (found.id, found.name, found.settings) == (made.id, "spring", made.settings)
    assert store.find(str(other.id)).name == "autumn"
    assert [t.name for t in store.tournaments()] == ["autumn", "spring"]  # newest first


def test_settings_survive_reopening_the_store(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        made = new_tournament(store, 5, "kept", form=plan.SWISS, rounds=2, seed=77)
    with open_store(tmp_path) as store:
        assert store.find("kept").settings == made.settings


def test_a_taken_name_is_refused_naming_resume(store: TournamentStore) -> None:
    new_tournament(store, name="cup")
    with pytest.raises(BadInput, match="--resume cup"):
        new_tournament(store, name="cup")
    assert len(store.tournaments()) == 1


def test_an_unknown_tournament_is_a_bad_input(store: TournamentStore) -> None:
    new_tournament(store, name="cup")
    with pytest.raises(BadInput, match="no tournament 'league'"):
        store.find("league")
    with pytest.raises(BadInput, match="no tournament '99'"):
        store.find("99")


def test_default_names_count_up_past_those_taken(store: TournamentStore) -> None:
    game = new_tournament(store, name="x").settings.game
    assert store.next_name(game) == f"{game}-1"
    new_tournament(store, name=f"{game}-1")
    new_tournament(store, name=f"{game}-3")
    assert store.next_name(game) == f"{game}-2"


def test_scheduling_stores_each_slot_once(store: TournamentStore) -> None:
    tournament = new_tournament(store, 4, games=4)
    first = schedule_all(store, tournament)
    assert len(first) == 6 * 4  # six pairs of four, two sets of both seat orders
    assert len({game.id for game in first}) == len(first)
    assert not any(game.played for game in first)
    assert schedule_all(store, tournament) == []
    assert store.games(tournament) == first


def test_scheduling_more_returns_only_the_new_games(store: TournamentStore) -> None:
    tournament = new_tournament(store, 3)
    tables = plan.fixed_tables(plan.ROUND_ROBIN, 3, 2)
    one_set = plan.games_of_tables(tables, 0, sets=1, orders="all", base_seed=1)
    two_sets = plan.games_of_tables(tables, 0, sets=2, orders="all", base_seed=1)
    assert len(store.schedule(tournament, one_set)) == len(one_set)
    added = store.schedule(tournament, two_sets)
    assert {game.slot for game in added} == {g.slot for g in two_sets} - {g.slot for g in one_set}
    assert len(store.games(tournament)) == len(two_sets)


def test_a_rescheduled_slot_keeps_its_first_seed_and_seats(store: TournamentStore) -> None:
    tournament = new_tournament(store, 3)
    game = plan.ScheduledGame(plan.Slot(0, 0, 0, 0), seed=5, seats=(0, 1))
    store.schedule(tournament, [game])
    assert store.schedule(tournament, [dataclasses.replace(game, seed=6, seats=(1, 0))]) == []
    (stored,) = store.games(tournament)
    assert (stored.seed, stored.seats) == (5, (0, 1))


def test_games_come_back_in_schedule_order(store: TournamentStore) -> None:
    tournament = new_tournament(store, 4)
    tables = plan.fixed_tables(plan.ROUND_ROBIN, 4, 2)
    games = plan.games_of_tables(tables, 0, sets=2, orders="all", base_seed=3)
    for game in reversed(games):  # stored last slot first
        store.schedule(tournament, [game])
    assert [(g.slot, g.seed, g.seats) for g in store.games(tournament)] == [
        (g.slot, g.seed, g.seats) for g in games
    ]


def test_each_tournament_sees_only_its_own_games(store: TournamentStore) -> None:
    one, two = new_tournament(store, 3, "one"), new_tournament(store, 4, "two")
    schedule_all(store, one)
    schedule_all(store, two)
    assert len(store.games(one)) == 3 * 2
    assert len(store.games(two)) == 6 * 2
    assert not {g.id for g in store.games(one)} & {g.id for g in store.games(two)}


@pytest.mark.parametrize("game_name", game_names())
def test_a_recorded_game_keeps_its_match_and_returns(
    store: TournamentStore, game_name: str
) -> None:
    spec = get_game(game_name)
    settings = make_settings(spec, builtin_entrants(spec, 2), players=2)
    tournament = store.create("t", settings)
    game = schedule_all(store, tournament)[1]  # the second seat order: entrant 1 in seat 0
    report = play(tournament, game)
    match_id = record_one(store, game.id, report)
    assert match_id is not None
    (recorded,) = [g for g in store.games(tournament) if g.id == game.id]
    assert recorded.played and recorded.match_id == match_id
    assert recorded.returns == report.returns
    match = store.get(match_id)
    assert (match.game, match.seed, match.replay) == (spec.name, game.seed, report.match.replay)
    assert [seat["name"] for seat in match.seats] == [
        settings.entrants[entrant].seat.removeprefix("builtin:") for entrant in game.seats
    ]


def test_a_game_is_committed_once(store: TournamentStore) -> None:
    tournament = new_tournament(store, 3)
    game = schedule_all(store, tournament)[0]
    first = play_and_record(store, tournament, game)
    copy = play(tournament, game)  # the same game played again: a worker that died late
    assert record_one(store, game.id, copy) is None
    assert match_rows(store) == 1
    (recorded,) = [g for g in store.games(tournament) if g.id == game.id]
    assert recorded.match_id == first


def test_dropping_the_unplayed_keeps_every_played_game(store: TournamentStore) -> None:
    tournament, bystander = new_tournament(store, 3, "t"), new_tournament(store, 3, "b")
    games = schedule_all(store, tournament)
    schedule_all(store, bystander)
    kept = {play_and_record(store, tournament, game) for game in games[::2]}
    assert store.drop_unplayed(tournament) == len(games) - len(games[::2])
    left = store.games(tournament)
    assert {game.match_id for game in left} == kept
    assert all(game.played for game in left)
    assert store.drop_unplayed(tournament) == 0
    assert len(store.games(bystander)) == len(games)  # another tournament's are untouched
    assert match_rows(store) == len(kept)


def test_games_recorded_together_are_each_committed_once(store: TournamentStore) -> None:
    """One transaction for several games: each gets its match, and a copy among them (a
    game already recorded, or twice in the batch) is dropped whole — no match row left."""
    tournament = new_tournament(store, 3)
    first, second, third = schedule_all(store, tournament)[:3]
    earlier = play_and_record(store, tournament, first)
    batch = [
        Result(first.id, play(tournament, first).match, (0.0, 0.0)),
        *(
            Result(game.id, report.match, report.returns)
            for game, report in ((g, play(tournament, g)) for g in (second, third, second))
        ),
    ]
    saved = store.record(batch)
    assert saved[0] is None and saved[3] is None
    assert saved[1] is not None and saved[2] is not None and saved[1] != saved[2]
    assert match_rows(store) == 3
    by_id = {game.id: game for game in store.games(tournament)}
    assert [by_id[g.id].match_id for g in (first, second, third)] == [earlier, *saved[1:3]]
    assert store.record([]) == []
