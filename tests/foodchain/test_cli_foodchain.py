"""Food Chain from the command line: `play` with decks, `cards`, `deck check`, `bench`, and
a refereed match of the example bot."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from sparring.cli import app
from sparring.core.replay import read_replay, verify_replay
from sparring.games.foodchain.cards import load_pool
from sparring.games.foodchain.decks import prebuilt_decks

ROOT = Path(__file__).resolve().parents[2]
BOT = f"{sys.executable} {ROOT / 'examples/bots/foodchain_bot.py'}"
runner = CliRunner()


def run(
    *args: str, stdin: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "sparring", *args],
        capture_output=True,
        text=True,
        timeout=120,
        input=stdin,
        cwd=cwd,
    )


def deck_file(tmp_path: Path, names: list[str] | tuple[str, ...], name: str = "deck.txt") -> Path:
    path = tmp_path / name
    path.write_text("# a test deck\n" + "\n".join(names) + "\n", encoding="utf-8")
    return path


def assert_one_error_line(result: subprocess.CompletedProcess, *parts: str) -> str:
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for part in parts:
        assert part in lines[0], lines[0]
    return lines[0]


# ------------------------------------------------------------------ play with decks


def test_play_with_a_deck_file_and_a_prebuilt_deck(tmp_path: Path) -> None:
    fish = deck_file(tmp_path, prebuilt_decks()["fish-deep"])
    replay = tmp_path / "m.jsonl"
    args = ["play", "foodchain", "--p0", "greedy", "--p1", "random", "--seed", "5"]
    args += ["--deck0", str(fish), "--deck1", "Reptiles-Shell", "--replay", str(replay)]
    result = runner.invoke(app, [*args, "--quiet", "--no-save"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1
    line = json.loads(lines[0])
    assert line["seed"] == 5 and line["winner"] in (0, 1, None)
    read = read_replay(replay)
    assert read.header.options["deck0"] == list(prebuilt_decks()["fish-deep"])
    assert read.header.options["deck1"] == "reptiles-shell"
    report = verify_replay(read)
    assert report.ok, report.problems
    assert read.result is not None and read.result.winner == line["winner"]


def test_play_refuses_a_broken_deck_naming_every_broken_rule(tmp_path: Path) -> None:
    broken = deck_file(tmp_path, ["Cane Toad", "Cane Toad", "Barn Owl"])
    result = run("play", "foodchain", "--p0", "random", "--p1", "random", "--deck1", str(broken))
    line = assert_one_error_line(result, f"deck file {broken} is not a legal deck")
    assert "deck size: a deck has exactly 20 cards, this one has 3" in line
    assert "singleton: each card at most once; repeated: Cane Toad" in line
    assert "one kingdom: cards come from Amphibians, Birds" in line
    assert result.stdout == ""


def test_play_deck_errors_are_one_line() -> None:
    result = run("play", "foodchain", "--p0", "random", "--p1", "random", "--deck0", "swamp")
    assert_one_error_line(
        result, "--deck0 'swamp' is neither a deck file nor a prebuilt deck", "amphibians-toxic"
    )
    result = run("play", "aquawar", "--p0", "random", "--p1", "random", "--deck0", "fish-deep")
    assert_one_error_line(result, "aquawar is not played with decks", "games with decks: foodchain")


def test_human_plays_food_chain_from_stdin() -> None:
    result = run(
        "play", "foodchain", "--p0", "human", "--p1", "greedy", "--seed", "1",
        "--deck0", "amphibians-toxic", "--no-save", stdin="fly\n",
    )  # fmt: skip
    assert "Your move:" in result.stdout
    assert "End main phase 1 (go to combat)" in result.stdout
    assert "not accepted: unknown command 'fly'" in result.stdout
    assert_one_error_line(result, "input ended before the game did")


# ------------------------------------------------------------------ cards and decks


def test_cards_lists_the_pool_as_json_and_filters_by_kingdom() -> None:
    pool = load_pool()
    result = runner.invoke(app, ["cards", "--json"])
    assert result.exit_code == 0, result.output
    cards = json.loads(result.output)
    assert len(cards) == len(pool.cards)
    toad = next(c for c in cards if c["name"] == "Cane Toad")
    assert toad == {
        "name": "Cane Toad",
        "kingdom": "Amphibians",
        "category": "prey",
        "atk": 1,
        "hp": 3,
        "nutrition": 1,
        "keywords": ["Poisonous"],
        "text": "Poisonous.",
    }
    birds = json.loads(runner.invoke(app, ["cards", "--kingdom", "BIRDS", "--json"]).output)
    assert {c["kingdom"] for c in birds} == {"Birds"}
    assert len(birds) == len(pool.kingdoms["Birds"])
    tokens = json.loads(runner.invoke(app, ["cards", "-k", "tokens", "--json"]).output)
    assert {c["category"] for c in tokens} == {"token"}


def test_cards_table_shows_stats_keywords_and_text() -> None:
    result = runner.invoke(app, ["cards", "--kingdom", "amphibians"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "Food Chain cards — Amphibians" in result.output
    row = next(line for line in result.output.splitlines() if "Spring Peeper" in line)
    for cell in ("prey", "0/1 · 1 food", "Free Play", "On play: you draw 1 card."):
        assert cell in row, row
    assert "Barn Owl" not in result.output


def test_cards_unknown_kingdom_lists_the_kingdoms() -> None:
    assert_one_error_line(
        run("cards", "--kingdom", "insects"),
        "unknown kingdom 'insects'; kingdoms: Amphibians, Birds, Fish, Mammals, Reptiles, Tokens",
    )


def test_deck_check_a_legal_deck_file(tmp_path: Path) -> None:
    path = deck_file(tmp_path, prebuilt_decks()["amphibians-toxic"])
    result = runner.invoke(app, ["deck", "check", str(path)])
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert first == (
        f"legal deck: deck file {path} — 20 cards, "
        "Amphibians: 11 prey, 6 predators, 1 spell, 1 free spell, 1 trap"
    )
    assert "  traps: Sucking Mire" in result.output


def test_deck_check_names_every_broken_rule(tmp_path: Path) -> None:
    # 21 cards: a token, a Birds card, a predator twice, an unknown card, and 9 predators
    # (the repeat counted) against 9 prey.
    prey = ["Cane Toad", "Golden Mantella", "Spring Peeper", "Fire Salamander", "Axolotl"]
    prey += ["Rough-skinned Newt", "Glass Frog", "Hellbender", "Olm"]
    predators = ["American Bullfrog", "Goliath Frog", "Chinese Giant Salamander"]
    predators += ["Cranwell's Horned Frog", "Tiger Salamander", "Phantasmal Poison Frog"]
    predators += ["African Clawed Frog", "Barn Owl"]
    names = prey + predators + ["Tadpole", "Goliath Frog", "Swamp Dragon", "Marsh Miasma"]
    path = deck_file(tmp_path, names)
    result = run("deck", "check", str(path))
    assert_one_error_line(result, f"deck file {path} is not a legal deck")
    assert result.stdout.splitlines() == [
        f"deck file {path} breaks 6 deck rules:",
        "  - unknown card(s): 'Swamp Dragon'",
        "  - deck size: a deck has exactly 20 cards, this one has 21",
        "  - singleton: each card at most once; repeated: Goliath Frog",
        "  - no tokens: tokens are never deck cards: Tadpole",
        "  - one kingdom: cards come from Amphibians, Birds",
        "  - more prey than predators: 9 prey and 9 predators (a deck needs strictly more prey)",
    ]


def test_deck_check_prebuilt_names_and_unknown_decks() -> None:
    result = runner.invoke(app, ["deck", "check", "birds-raptors"])
    assert result.exit_code == 0
    assert result.output.startswith("legal deck: prebuilt deck birds-raptors — 20 cards, Birds:")
    listed = runner.invoke(app, ["deck", "list"]).output.splitlines()
    assert [line.split(":")[0] for line in listed] == list(prebuilt_decks())
    assert_one_error_line(
        run("deck", "check", "no-such-deck"),
        "no deck file or prebuilt deck called 'no-such-deck'",
    )


# ------------------------------------------------------------------ bench and match


def test_bench_foodchain_prints_machine_readable_numbers() -> None:
    result = runner.invoke(app, ["bench", "foodchain", "-n", "20", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "foodchain" and data["agents"] == ["random", "random"]
    assert data["matches"] == 20 and data["decisions"] > 20
    assert data["matches_per_second"] > 0 and data["actions_per_second"] > 0


def test_example_bot_plays_a_refereed_match_and_the_replay_verifies(tmp_path: Path) -> None:
    replay = tmp_path / "m.jsonl"
    result = run(
        "match", "foodchain", "--seat", BOT, "--seat", "builtin:random",
        "--seed", "3", "--replay", str(replay), "--quiet", cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    line = json.loads(result.stdout)
    assert line["verdicts"] == [] and line["winner"] in (0, 1, None)
    read = read_replay(replay)
    assert read.header.seats[0] == {"kind": "bot", "command": BOT}
    report = verify_replay(read)
    assert report.ok, report.problems
    assert read.result is not None and read.result.winner == line["winner"]
