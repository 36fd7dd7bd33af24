"""`sparring tournament`, `leaderboard` and `compare` as a user runs them, in a subprocess:
what they print (one JSON line with ``--quiet``, JSON and CSV leaderboards, rich tables
naming every entrant), what the statistics conclude for entrants of known strength, the
one-line refusals of bad usage, and bots that cannot start, crash or time out. Two tests
of where `compare` stops run it in this process, on a pool whose games are all finished
by the time they are looked at (what many workers finishing together look like).

Liar's Dice is the game: its built-in agents play a game in milliseconds, and the greedy
agent beats the random one nearly every time.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shlex
import sqlite3
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from sparring.cli.tournament import build_settings
from sparring.core.registry import get_game
from sparring.tournament import schedule as plan
from sparring.tournament.compare import Limits, Plan, Verdict, run_compare, tally_of
from sparring.tournament.play import GameReport, GameTask, play_task
from sparring.tournament.records import Entrant, GameRecord, TournamentStore
from sparring.tournament.stats import SprtSettings

from .support import living_processes

GAME = "liarsdice"
BOTS = Path(__file__).resolve().parents[1] / "arena" / "bots"
#: Three entrants, two seats a table: 3 pairings, each 2 sets of 2 seat orders.
ENTRANTS = ("rnd=builtin:random", "greedy1=builtin:greedy", "greedy2=builtin:greedy")
NAMES = ("rnd", "greedy1", "greedy2")
GAMES_PER_PAIRING = 4
SCHEDULED = 3 * GAMES_PER_PAIRING
#: The leaderboard CSV's columns, in order: what a script reading it relies on.
CSV_HEADER = [
    "rank",
    "entrant",
    "seat",
    "rating",
    "mu",
    "sigma",
    "games",
    "points",
    "score",
    "wins",
    "draws",
    "losses",
    "verdicts",
]


def sparring(
    cwd: Path, *args: str, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m sparring ARGS`` in `cwd` to the end."""
    return subprocess.run(
        [sys.executable, "-m", "sparring", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env=env,
    )


def store_url(path: Path) -> str:
    return f"sqlite:///{path}"


def entrant_flags(entrants: tuple[str, ...]) -> list[str]:
    return [flag for entrant in entrants for flag in ("--entrant", entrant)]


def leaderboard_json(cwd: Path, name: str, db: str) -> dict[str, Any]:
    """`sparring leaderboard NAME --json`, parsed."""
    result = sparring(cwd, "leaderboard", name, "--db", db, "--json")
    assert result.returncode == 0, result.stderr
    parsed: dict[str, Any] = json.loads(result.stdout)
    return parsed


def without_identity(report: dict[str, Any]) -> dict[str, Any]:
    """A leaderboard report without what names the tournament (its name and id)."""
    return {key: value for key, value in report.items() if key not in ("tournament", "id")}


def one_json_line(stdout: str) -> dict[str, Any]:
    lines = stdout.splitlines()
    assert len(lines) == 1, stdout
    parsed: dict[str, Any] = json.loads(lines[0])
    return parsed


def by_entrant(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {line["entrant"]: line for line in report["leaderboard"]}


def assert_one_line_error(result: subprocess.CompletedProcess[str], *words: str) -> None:
    """Exit 2, nothing on stdout, one line on stderr that starts with ``error:`` and holds
    `words`, and no traceback."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    for word in words:
        assert word in lines[0]
    assert "Traceback" not in result.stderr


def tournament_names(db: str) -> list[str]:
    with TournamentStore(db) as store:
        return [tournament.name for tournament in store.tournaments()]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, dict[str, Any]]:
    """One small round robin, played once for the output tests: its folder, its store and
    the JSON line its ``--quiet`` run printed."""
    folder = tmp_path_factory.mktemp("played")
    db = store_url(folder / "t.db")
    result = sparring(
        folder, "tournament", GAME, *entrant_flags(ENTRANTS), "--players", "2",
        "--games", str(GAMES_PER_PAIRING), "--workers", "2", "--seed", "1",
        "--name", "small", "--db", db, "--quiet",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return folder, db, one_json_line(result.stdout)


# ---------------------------------------------------------------------- output


def test_quiet_prints_one_json_line_with_every_game_and_entrant(
    played: tuple[Path, str, dict[str, Any]],
) -> None:
    _, _, line = played
    assert line["tournament"] == "small" and line["game"] == GAME
    assert line["format"] == "round-robin"
    assert line["games_played"] == line["games_scheduled"] == SCHEDULED
    assert sorted(by_entrant(line)) == sorted(NAMES)
    for entrant in line["leaderboard"]:
        assert entrant["games"] == 2 * GAMES_PER_PAIRING  # two opponents
        assert entrant["wins"] + entrant["draws"] + entrant["losses"] == entrant["games"]
    assert sum(entrant["points"] for entrant in line["leaderboard"]) == SCHEDULED
    ratings = [entrant["rating"] for entrant in line["leaderboard"]]
    assert ratings == sorted(ratings, reverse=True)  # best first


def test_head_to_head_and_pairs_account_for_every_game(
    played: tuple[Path, str, dict[str, Any]],
) -> None:
    _, _, line = played
    matrix = line["head_to_head"]
    for a in NAMES:
        assert sorted(matrix[a]) == sorted(set(NAMES) - {a})
        for b in matrix[a]:
            cell, mirror = matrix[a][b], matrix[b][a]
            assert cell["games"] == mirror["games"] == GAMES_PER_PAIRING
            assert cell["points"] + mirror["points"] == GAMES_PER_PAIRING
            assert cell["low"] <= cell["rate"] <= cell["high"]
    assert len(line["pairs"]) == SCHEDULED // 2  # a set is one seed in both seat orders
    for pair in line["pairs"]:
        assert pair["games"] == pair["played"] == 2
        assert len(pair["points"]) == 2 and sum(pair["points"].values()) == 2
    assert len({pair["seed"] for pair in line["pairs"]}) == len(line["pairs"])


def test_leaderboard_json_is_what_the_tournament_printed(
    played: tuple[Path, str, dict[str, Any]],
) -> None:
    folder, db, line = played
    assert leaderboard_json(folder, "small", db) == line


def test_leaderboard_csv_has_its_columns_and_one_row_per_entrant(
    played: tuple[Path, str, dict[str, Any]],
) -> None:
    folder, db, line = played
    result = sparring(folder, "leaderboard", "small", "--db", db, "--csv")
    assert result.returncode == 0, result.stderr
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == CSV_HEADER
    assert [int(row[0]) for row in rows[1:]] == list(range(1, len(NAMES) + 1))
    expected = line["leaderboard"]
    assert [row[1] for row in rows[1:]] == [entrant["entrant"] for entrant in expected]
    for row, entrant in zip(rows[1:], expected, strict=True):
        assert float(row[CSV_HEADER.index("rating")]) == entrant["rating"]
        assert float(row[CSV_HEADER.index("points")]) == entrant["points"]
        assert int(row[CSV_HEADER.index("games")]) == entrant["games"]


def test_leaderboard_refuses_json_and_csv_together(
    played: tuple[Path, str, dict[str, Any]],
) -> None:
    folder, db, _ = played
    result = sparring(folder, "leaderboard", "small", "--db", db, "--json", "--csv")
    assert_one_line_error(result, "--json", "--csv")


def assert_ranked(shown: str, names: tuple[str, ...]) -> None:
    """Each of `names` has a row of the rich leaderboard (the first table, before the
    head-to-head one): ``│ RANK │ NAME │ ...``, the ranks 1 to n once each."""
    leaderboard = shown.split("Head to head")[0]
    rows = {
        match[2]: int(match[1])
        for match in re.finditer(r"^│\s*(\d+)\s*│\s*(\S+)\s*│", leaderboard, re.MULTILINE)
    }
    assert rows.keys() == set(names), shown
    assert sorted(rows.values()) == list(range(1, len(names) + 1))


def test_rich_leaderboard_names_every_entrant(played: tuple[Path, str, dict[str, Any]]) -> None:
    folder, db, _ = played
    result = sparring(folder, "leaderboard", "small", "--db", db, "--pairs")
    assert result.returncode == 0, result.stderr
    assert_ranked(result.stdout, NAMES)
    assert f"{SCHEDULED} games played" in result.stdout
    assert "Head to head" in result.stdout and "Paired results" in result.stdout


def test_rich_tournament_output_names_every_entrant_and_how_to_see_it_again(
    tmp_path: Path,
) -> None:
    db = store_url(tmp_path / "t.db")
    result = sparring(
        tmp_path, "tournament", GAME, *entrant_flags(ENTRANTS), "--players", "2",
        "--workers", "1", "--seed", "2", "--db", db,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert_ranked(result.stdout, NAMES)
    assert f"sparring leaderboard {GAME}-1 --db {db}" in result.stdout
    assert tournament_names(db) == [f"{GAME}-1"]  # the default name: game and number


# ---------------------------------------------------------------------- compare


def compare_json(tmp_path: Path, *args: str) -> dict[str, Any]:
    db = store_url(tmp_path / "c.db")
    result = sparring(tmp_path, "compare", GAME, *args, "--workers", "2", "--db", db, "--quiet")
    assert result.returncode == 0, result.stderr
    return one_json_line(result.stdout)


def test_compare_of_a_strong_agent_against_a_weak_one_accepts_h1(tmp_path: Path) -> None:
    line = compare_json(
        tmp_path, "--a", "builtin:greedy", "--b", "builtin:random", "--elo0", "0",
        "--elo1", "200", "--seed", "5",
    )  # fmt: skip
    assert (line["a"], line["b"]) == ("greedy", "random")
    assert (line["elo0"], line["elo1"], line["alpha"], line["beta"]) == (0, 200, 0.05, 0.05)
    assert line["verdict"] == "H1"
    assert line["llr"] >= line["upper"]
    assert line["score"] > 0.5 and line["los"] > 0.99
    assert line["elo"] is None or line["elo"] > 200  # +inf (every game won) shows as null
    assert sum(line["pentanomial"]) == line["pairs"]
    assert line["games"] < 200  # decided early, not at a cap


def test_compare_of_the_weak_agent_against_the_strong_one_accepts_h0(tmp_path: Path) -> None:
    line = compare_json(
        tmp_path, "--a", "builtin:random", "--b", "builtin:greedy", "--elo0", "0",
        "--elo1", "200", "--seed", "5",
    )  # fmt: skip
    assert line["verdict"] == "H0"
    assert line["llr"] <= line["lower"] and line["los"] < 0.01


def test_compare_of_a_deterministic_agent_with_itself_is_even_and_undecided(
    tmp_path: Path,
) -> None:
    """Each pair plays one seed with the seats swapped: the same agent wins one game of it
    and loses the other, so the score is exactly one half, after exactly the games asked."""
    line = compare_json(tmp_path, "--a", "builtin:greedy", "--b", "builtin:greedy",
                        "--games", "8", "--seed", "5")  # fmt: skip
    assert (line["a"], line["b"]) == ("A:greedy", "B:greedy")
    assert line["games"] == 8 and line["pairs"] == 4
    assert line["pentanomial"] == [0, 0, 4, 0, 0]
    assert line["score"] == 0.5 and line["elo"] == 0.0
    assert line["verdict"] is None


def test_compare_is_stored_and_shown_by_leaderboard(tmp_path: Path) -> None:
    line = compare_json(tmp_path, "--a", "builtin:greedy", "--b", "builtin:random",
                        "--games", "6", "--seed", "3", "--name", "cmp")  # fmt: skip
    report = leaderboard_json(tmp_path, "cmp", store_url(tmp_path / "c.db"))
    assert report["format"] == "compare"
    assert report["games_played"] == report["games_scheduled"] == line["games"] == 6
    assert by_entrant(report)["greedy"]["points"] == line["score"] * line["games"]


def test_compare_resume_of_a_tournament_is_refused(
    played: tuple[Path, str, dict[str, Any]],
) -> None:
    folder, db, _ = played
    result = sparring(folder, "compare", GAME, "--resume", "small", "--db", db)
    assert_one_line_error(result, "'small'", "not a comparison")


class PlayedAtOnce:
    """A pool that plays each game in this process as it is handed out: by the time the
    dispatcher waits, every game out has finished, as when many workers finish together."""

    workers = 100

    def __init__(self) -> None:
        self.handed_out = 0

    def submit(self, tasks: Sequence[GameTask]) -> Future[list[GameReport]]:
        self.handed_out += len(tasks)
        chunk: Future[list[GameReport]] = Future()
        chunk.set_result([play_task(task) for task in tasks])
        return chunk

    def restart(self) -> None:
        return None

    def close(self) -> None:
        return None


def compare_in_process(
    tmp_path: Path, test: SprtSettings, limits: Limits
) -> tuple[Verdict, list[GameRecord], list[GameRecord], int]:
    """Greedy against random on `PlayedAtOnce`: the verdict, the games in the order they
    were recorded, the games as stored, and how many games were handed out."""
    entrants = [Entrant("greedy", "builtin:greedy"), Entrant("random", "builtin:random")]
    settings = build_settings(
        get_game(GAME), entrants, form=plan.COMPARE, games=None, rounds=None, players=2,
        orders=plan.ALL_ORDERS, seed=5, time_limit=None, memory=1024, options=None,
        sandbox=True, sprt=Plan(test, limits).to_json(),
    )  # fmt: skip
    recorded: list[GameRecord] = []
    pool = PlayedAtOnce()
    with TournamentStore(store_url(tmp_path / "c.db")) as store:
        tournament = store.create("cmp", settings)
        verdict = run_compare(store, tournament, pool, test, limits, recorded.append)
        stored = store.games(tournament)
    return verdict, recorded, stored, pool.handed_out


def test_compare_stops_at_the_game_that_decided_and_reports_on_those_games(
    tmp_path: Path,
) -> None:
    """Games that finish together with the deciding one are not recorded after it: the
    verdict reported is the one that stopped the test, on the games it saw."""
    test = SprtSettings(elo0=0, elo1=200)
    verdict, recorded, stored, _ = compare_in_process(tmp_path, test, Limits(None, 200))
    assert verdict.test.verdict == "H1"
    assert tally_of(recorded[:-1]).verdict(test).test.verdict is None  # the last decided
    assert verdict.games == len(recorded) == len(stored) < 200
    assert all(game.played for game in stored)  # the games not needed are dropped


def test_compare_of_a_fixed_count_hands_out_exactly_its_pairs(tmp_path: Path) -> None:
    """However many workers wait for games, a fixed count of 8 is 4 whole pairs: no game
    beyond them is played, none of them left out."""
    verdict, _, stored, handed_out = compare_in_process(tmp_path, SprtSettings(), Limits(8, 200))
    assert handed_out == verdict.games == len(stored) == 8
    assert verdict.estimate.pairs == 4
    assert sorted((game.slot.set, game.slot.order) for game in stored) == [
        (pair, order) for pair in range(4) for order in range(2)
    ]


# ---------------------------------------------------------------------- refusals


def test_resume_of_an_unknown_tournament_is_refused(tmp_path: Path) -> None:
    db = store_url(tmp_path / "t.db")
    result = sparring(tmp_path, "tournament", GAME, "--resume", "nothing", "--db", db)
    assert_one_line_error(result, "no tournament 'nothing'")


def test_resume_under_another_game_is_refused(played: tuple[Path, str, dict[str, Any]]) -> None:
    folder, db, _ = played
    result = sparring(folder, "tournament", "aquawar", "--resume", "small", "--db", db)
    assert_one_line_error(result, "'small'", GAME, "aquawar")


def test_resume_with_entrants_is_refused(played: tuple[Path, str, dict[str, Any]]) -> None:
    folder, db, _ = played
    result = sparring(
        folder, "tournament", GAME, "--resume", "small", "--entrant", "builtin:random",
        "--db", db,
    )  # fmt: skip
    assert_one_line_error(result, "--resume", "--entrant")


def test_a_taken_name_is_refused_naming_resume(played: tuple[Path, str, dict[str, Any]]) -> None:
    folder, db, _ = played
    result = sparring(
        folder, "tournament", GAME, *entrant_flags(ENTRANTS), "--name", "small", "--db", db
    )
    assert_one_line_error(result, "'small'", "--resume small")


@pytest.mark.parametrize(
    ("entrants", "words"),
    [
        (("x=builtin:random", "x=builtin:greedy"), ("entrant names must differ", "x")),
        (("builtin:random", "builtin:random"), ("entrant names must differ", "random")),
        (("builtin:random",), ("at least two", "got 1")),
        (("builtin:random", "builtin:genius"), ("unknown liarsdice agent 'genius'", "greedy")),
        (("builtin:random", "me=builtin:human"), ("entrant me", "a person cannot sit")),
    ],
    ids=["same-name", "same-seat-unnamed", "one-entrant", "unknown-builtin", "a-person"],
)
def test_bad_entrants_are_refused_before_anything_is_stored(
    tmp_path: Path, entrants: tuple[str, ...], words: tuple[str, ...]
) -> None:
    db = store_url(tmp_path / "t.db")
    result = sparring(tmp_path, "tournament", GAME, *entrant_flags(entrants), "--db", db)
    assert_one_line_error(result, *words)
    assert tournament_names(db) == []


def test_compare_of_an_unknown_builtin_is_refused(tmp_path: Path) -> None:
    db = store_url(tmp_path / "c.db")
    result = sparring(
        tmp_path, "compare", GAME, "--a", "builtin:random", "--b", "builtin:genius", "--db", db
    )
    assert_one_line_error(result, "unknown liarsdice agent 'genius'")
    assert tournament_names(db) == []


# ---------------------------------------------------------------------- bad entrants


def tagged_processes(tag: str) -> list[int]:
    """Live processes whose command line holds `tag`."""
    needle = tag.encode()
    return living_processes("cmdline", lambda cmdline: needle in cmdline)


def test_bots_that_cannot_start_crash_or_time_out_lose_and_the_tournament_goes_on(
    tmp_path: Path,
) -> None:
    """One built-in agent against three broken bots, in the sandbox: every game is played
    and recorded, each broken bot is charged a verdict for every game it loses, loses
    every game against the agent, and no bot process outlives the tournament."""
    tag = f"e2e-bad-entrants-{tmp_path.name}"
    bot = [sys.executable, str(BOTS / "crash_mid.py"), tag, "0"]  # RE at its first decision
    entrants = (
        "greedy=builtin:greedy",
        f"missing={tmp_path / 'no-such-bot'} {tag}",
        f"crash={shlex.join(bot)}",
        f"slow={shlex.join([sys.executable, str(BOTS / 'sleeper.py'), tag])}",
    )
    db = store_url(tmp_path / "t.db")
    # The clock also covers a bot's start: 2 s, so a crashing bot started on a busy machine
    # still crashes (RE) before its time is up, and the sleeper still times out.
    result = sparring(
        tmp_path, "tournament", GAME, *entrant_flags(entrants), "--players", "2",
        "--time-limit", "2", "--workers", "2", "--seed", "4", "--name", "bad",
        "--db", db, "--quiet",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    line = one_json_line(result.stdout)
    assert line["games_played"] == line["games_scheduled"] == 12  # 6 pairings, 2 orders
    standings = by_entrant(line)
    assert standings["greedy"]["wins"] == standings["greedy"]["games"] == 6
    assert standings["greedy"]["verdicts"] == {}
    expected = {"missing": "RE", "crash": "RE", "slow": "TLE"}
    for name, verdict in expected.items():
        line_of = standings[name]
        assert line_of["games"] == 6
        assert line_of["verdicts"] == {verdict: line_of["losses"]}, name
        assert line["head_to_head"][name]["greedy"]["points"] == 0
    # A bot that cannot start loses even to the others, which fail only when they play.
    assert standings["missing"]["losses"] == 6
    crash_v_slow = line["head_to_head"]["crash"]["slow"]
    assert crash_v_slow["points"] + line["head_to_head"]["slow"]["crash"]["points"] == 2
    with sqlite3.connect(tmp_path / "t.db") as connection:
        stored = [json.loads(row[0]) for row in connection.execute("SELECT verdicts FROM matches")]
    assert len(stored) == 12 and all(len(verdicts) == 1 for verdicts in stored)  # first ends it
    unstartable = f"cannot start bot '{tmp_path / 'no-such-bot'}': No such file or directory"
    assert sum(verdicts[0]["detail"] == unstartable for verdicts in stored) == 6
    assert not tagged_processes(tag)


# ------------------------------------------------------------- original-contest bots

REPO = Path(__file__).resolve().parents[2]


def test_a_bot_of_the_original_contest_enters_under_its_engines_rules(tmp_path: Path) -> None:
    """A `saiblo:` entrant (an original Aquawar contest bot, its own wire protocol) plays
    its games like any other, and the whole tournament is played under that contest
    engine's rules, as a match with such a seat would be."""
    db = store_url(tmp_path / "t.db")
    contest_bot = f"python {REPO / 'examples/bots/saiblo_aquawar_bot.py'}"
    result = sparring(
        tmp_path,
        "tournament", "aquawar",
        "--entrant", f"contest=saiblo:{contest_bot}",
        "--entrant", "greedy=builtin:greedy",
        "--games", "2", "--seed", "3", "--workers", "2", "--quiet", "--db", db,
        timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["games_played"] == report["games_scheduled"] == 2
    contest = next(line for line in report["leaderboard"] if line["entrant"] == "contest")
    assert contest["games"] == 2 and contest["verdicts"] == {}
    with TournamentStore(db) as store:
        tournament = store.find(report["tournament"])
        games = store.games(tournament)
        matches = [store.get(game.match_id) for game in games if game.match_id is not None]
    settings = tournament.settings
    official = get_game("aquawar").extensions.seat_rules["saiblo"]
    assert official and len(matches) == 2
    assert all(settings.options[name] == value for name, value in official.items())
    assert all(match.options == settings.options for match in matches)
    assert {seat["kind"] for match in matches for seat in match.seats} == {"saiblo", "builtin"}
