"""Maps: the shipped files (the classic map is the shared data file's facts) and the
loader's refusals, one per kind of fault, each naming the part at fault."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from sparring.core.errors import BadInput
from sparring.games.warfish.maps import (
    MapError,
    load_map,
    load_map_file,
    map_names,
    parse_map,
)


def test_the_shipped_maps() -> None:
    assert map_names() == ["cascade", "classic", "triad"]
    sizes = {
        name: (m.size, len(m.continents), sum(len(a) for a in m.adj), m.max_players)
        for name in map_names()
        for m in [load_map(name)]
    }
    assert sizes == {
        "classic": (42, 6, 166, 8),
        "triad": (10, 3, 28, 4),
        "cascade": (24, 5, 71, 6),
    }


def test_the_classic_map_has_the_companions_bonuses_and_symmetric_borders() -> None:
    classic = load_map("classic")
    bonuses = {c.name: c.bonus for c in classic.continents}
    assert bonuses == {
        "North America": 5,
        "South America": 2,
        "Europe": 5,
        "Africa": 3,
        "Asia": 7,
        "Australia": 2,
    }
    pairs = {frozenset((a, b)) for a in range(42) for b in classic.adj[a]}
    assert len(pairs) == 83
    assert all(a in classic.adj_sets[b] for a in range(42) for b in classic.adj[a])


def test_the_classic_map_keeps_the_india_siam_border_and_board_order() -> None:
    classic = load_map("classic")
    india, siam = classic.index["India"], classic.index["Siam"]
    assert siam in classic.adj_sets[india] and india in classic.adj_sets[siam]
    assert classic.names[0] == "Alaska" and classic.names[41] == "Eastern Australia"


def test_cascade_has_one_way_borders() -> None:
    cascade = load_map("cascade")
    one_way = sorted(
        (cascade.names[a], cascade.names[b])
        for a in range(cascade.size)
        for b in cascade.adj[a]
        if a not in cascade.adj_sets[b]
    )
    assert one_way == [
        ("Glacier", "Upper Falls"),
        ("Rainbow Ledge", "Millbrook"),
        ("Stone Pass", "Mist Pool"),
        ("Upper Falls", "Orchard"),
        ("Willow Bend", "Sandbar"),
    ]
    glacier, falls = cascade.index["Glacier"], cascade.index["Upper Falls"]
    assert glacier in cascade.radj[falls] and falls not in cascade.radj[glacier]
    assert glacier in cascade.near[falls] and falls in cascade.near[glacier]


def test_maps_load_once_and_share_their_view() -> None:
    """A map's view is built once, immutable (frozen, of tuples) and shared by every view."""
    classic = load_map("classic")
    assert classic is load_map("CLASSIC")
    assert classic.static.territories[0] == "Alaska" and classic.static.key == "classic"
    assert classic.static.borders[0] == classic.adj[0]
    with pytest.raises(AttributeError):
        classic.static.name = "renamed"  # type: ignore[misc]  # writing a frozen field is the test


def test_unknown_map_names_list_the_known_ones() -> None:
    with pytest.raises(BadInput, match="unknown warfish map 'atlantis'; known maps: cascade"):
        load_map("atlantis")


def test_territories_are_found_by_name_in_any_case() -> None:
    classic = load_map("classic")
    assert classic.territory("iceland") == classic.index["Iceland"] == 13
    with pytest.raises(BadInput, match="no territory 'Atlantis'"):
        classic.territory("Atlantis")


def test_every_shipped_map_places_every_territory_at_its_own_point() -> None:
    """The boards draw maps from these: each territory has coordinates, no two share a
    point, and a view carries them in territory order."""
    for name in map_names():
        board = load_map(name)
        points = board.static.coordinates
        assert len(points) == board.size, name
        assert len(set(points)) == board.size, name
    classic = load_map("classic").static
    alaska, kamchatka = (
        classic.coordinates[classic.territories.index(n)] for n in ("Alaska", "Kamchatka")
    )
    assert alaska[0] < kamchatka[0]  # west to east, as on the world map


def test_a_map_without_coordinates_loads_with_none() -> None:
    assert parse_map(small(), "test").static.coordinates == ()


# --------------------------------------------------------------------- refusals


def small() -> dict:
    """A valid 4-territory map: A-B in one continent, C-D in another, a ring of borders."""
    return {
        "name": "Test",
        "max_players": 2,
        "territories": ["A", "B", "C", "D"],
        "continents": [
            {"name": "West", "bonus": 2, "territories": ["A", "B"]},
            {"name": "East", "bonus": 1, "territories": ["C", "D"]},
        ],
        "borders": [["A", "B"], ["B", "C"], ["C", "D"], ["D", "A"]],
    }


def refused(change, message: str) -> None:
    data = copy.deepcopy(small())
    change(data)
    with pytest.raises(MapError, match=message):
        parse_map(data, "test")


def test_the_small_test_map_is_valid_and_one_way_ring() -> None:
    board = parse_map(small(), "test")
    assert board.adj == ((1,), (2,), (3,), (0,))
    assert board.near[0] == (1, 3)


def test_refused_duplicate_territory() -> None:
    refused(lambda d: d["territories"].append("B"), "territory 'B' is listed twice")


def test_refused_empty_territory_name() -> None:
    refused(lambda d: d["territories"].append(""), "territory #4 must be a non-empty name")


def test_refused_unknown_territory_in_a_border() -> None:
    refused(
        lambda d: d["borders"].append(["A", "Z"]),
        "border 'A' -> 'Z' names unknown territory 'Z'",
    )


def test_refused_unknown_territory_in_a_continent() -> None:
    refused(
        lambda d: d["continents"][0]["territories"].append("Z"),
        "continent 'West' names unknown territory 'Z'",
    )


def test_refused_territory_in_two_continents() -> None:
    refused(
        lambda d: d["continents"][1]["territories"].append("A"),
        "territory 'A' is in two continents, 'West' and 'East'",
    )


def test_refused_territory_in_no_continent() -> None:
    def change(d: dict) -> None:
        d["territories"].append("E")
        d["borders"] += [["E", "A"], ["A", "E"]]

    refused(change, "territory 'E' is in no continent")


@pytest.mark.parametrize("bonus", [-1, "5", 2.5, True])
def test_refused_bad_bonus(bonus) -> None:
    def change(d: dict) -> None:
        d["continents"][1]["bonus"] = bonus

    refused(change, "continent 'East' has a bad bonus")


def test_refused_duplicate_continent() -> None:
    def change(d: dict) -> None:
        d["continents"][1]["name"] = "West"

    refused(change, "continent 'West' is listed twice")


def test_refused_empty_continent() -> None:
    refused(
        lambda d: d["continents"].append({"name": "Void", "bonus": 1, "territories": []}),
        "continent 'Void' needs a non-empty territory list",
    )


def test_refused_continent_fields() -> None:
    refused(
        lambda d: d["continents"][0].pop("bonus"),
        "continent #0 must have exactly 'name', 'bonus' and 'territories'",
    )


def test_refused_self_border() -> None:
    refused(
        lambda d: d["borders"].append(["C", "C"]), "border 'C' -> 'C' joins a territory to itself"
    )


def test_refused_duplicate_border() -> None:
    refused(lambda d: d["borders"].append(["B", "C"]), "border 'B' -> 'C' is listed twice")


def test_refused_malformed_border() -> None:
    refused(lambda d: d["borders"].append(["A"]), r"border \['A'\] must be a pair")


def test_refused_territory_without_a_border_in() -> None:
    def change(d: dict) -> None:
        d["borders"].remove(["D", "A"])
        d["borders"].append(["D", "B"])

    refused(change, "territory 'A' has no border in")


def test_refused_dead_end_territory() -> None:
    def change(d: dict) -> None:
        d["borders"].remove(["D", "A"])
        d["borders"].append(["A", "D"])

    refused(change, "territory 'D' has no border out")


def two_rings(d: dict) -> None:
    """A <-> B and C <-> D, joined only by B -> C."""
    d["borders"] = [["A", "B"], ["B", "A"], ["C", "D"], ["D", "C"], ["B", "C"]]


def test_refused_territory_that_cannot_reach_back() -> None:
    refused(two_rings, "'A' is unreachable from territory 'C'")


def test_refused_unreachable_territory() -> None:
    def change(d: dict) -> None:
        two_rings(d)
        d["borders"][-1] = ["C", "B"]

    refused(change, "territory 'C' is unreachable from 'A'")


def test_refused_fewer_territories_than_players() -> None:
    def change(d: dict) -> None:
        d["max_players"] = 5

    refused(change, "4 territories are fewer than max_players 5")


@pytest.mark.parametrize("players", [1, 9, "4"])
def test_refused_max_players_out_of_range(players) -> None:
    def change(d: dict) -> None:
        d["max_players"] = players

    refused(change, "'max_players' must be")


def test_refused_unknown_field() -> None:
    refused(lambda d: d.update(wormholes=[]), "unknown field")


def test_refused_missing_territories() -> None:
    refused(lambda d: d.pop("territories"), "'territories' must be a non-empty list")


def test_refused_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(MapError, match="is not valid JSON"):
        load_map_file(path)


def test_a_valid_file_loads_from_anywhere(tmp_path: Path) -> None:
    path = tmp_path / "ring.json"
    path.write_text(json.dumps(small()))
    assert load_map_file(path).key == "ring"


def test_coordinates_are_read_in_territory_order() -> None:
    data = small()
    data["coordinates"] = {"D": [4, 40], "C": [3, 30], "B": [2, 20], "A": [1, 10]}
    assert parse_map(data, "test").static.coordinates == ((1, 10), (2, 20), (3, 30), (4, 40))


def test_refused_coordinates_missing_a_territory() -> None:
    refused(
        lambda d: d.update(coordinates={"A": [0, 0], "B": [1, 0], "C": [2, 0]}),
        "territory 'D' has no coordinates",
    )


def test_refused_coordinates_of_an_unknown_territory() -> None:
    points = {"A": [0, 0], "B": [1, 0], "C": [2, 0], "D": [3, 0], "Z": [4, 0]}
    refused(lambda d: d.update(coordinates=points), "unknown territory 'Z'")


@pytest.mark.parametrize("point", [[1], [1, 2, 3], ["1", 2], [1.5, 2], [True, 2], "1,2"])
def test_refused_malformed_coordinates(point) -> None:
    points = {"A": [0, 0], "B": [1, 0], "C": [2, 0], "D": point}
    refused(lambda d: d.update(coordinates=points), "coordinates of 'D' must be")


def test_refused_coordinates_that_are_not_an_object() -> None:
    refused(lambda d: d.update(coordinates=[[0, 0]] * 4), "'coordinates' must be an object")
