"""Sheet files: the default loads; broken files list every problem with its location; a different
valid sheet changes the game."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corinth.rules import InvalidSheet, default_sheet, game_from_json, load_sheet, new_game
from corinth.rules import sheet as sheet_mod
from corinth.rules.sheet import DEFAULT_SHEET_PATH, sheet_from_bytes, sheet_from_dict
from corinth.solver.bots import GreedyBot, play_game
from tests.conftest import act, fills, play, with_player


def _default() -> dict:
    return copy.deepcopy(tomllib.loads(DEFAULT_SHEET_PATH.read_text(encoding="utf-8")))


def _write(tmp_path, data: dict, name: str = "sheet.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_default_sheet_loads_with_its_provenance():
    sheet = load_sheet(DEFAULT_SHEET_PATH)
    assert sheet == default_sheet()
    assert [[s.points for s in d.shops] for d in sheet.districts] == [
        [1, 2, 3, 6], [2, 3, 4, 6], [3, 5, 8], [4, 5, 10],
    ]  # fmt: skip
    assert [d.bonus for d in sheet.districts] == [5, 4, 3, 0]
    parts = sheet.reconstructed_parts()
    assert any(p.startswith("market") for p in parts)
    assert not any(p.startswith("tracks.turns") for p in parts)  # certain


def test_default_sheet_as_json_loads(tmp_path):
    assert load_sheet(_write(tmp_path, _default())) == default_sheet()


def _problems(tmp_path, change, suffix="json") -> list[str]:
    data = _default()
    change(data)
    if suffix == "json":
        path = _write(tmp_path, data)
    else:
        path = tmp_path / "sheet.toml"
        path.write_text(suffix, encoding="utf-8")
    with pytest.raises(InvalidSheet) as info:
        load_sheet(path)
    assert str(path) in str(info.value)
    return info.value.problems


BROKEN = {
    "shop with no goods": (
        lambda d: d["districts"]["green"].update(shop_goods=[2, 0, 4, 5]),
        ["districts.green.shop_goods[1]"],
    ),
    "no shops": (
        lambda d: d["districts"]["blue"].update(shop_goods=[], shop_points=[]),
        ["districts.blue.shop_goods"],
    ),
    "points and goods differ": (
        lambda d: d["districts"]["purple"].update(shop_points=[1, 2]),
        ["districts.purple: 4 shops"],
    ),
    "4x5 market": (lambda d: d["market"]["rows"].pop(), ["market.rows"]),
    "short row": (lambda d: d["market"]["rows"][3].pop(), ["market.rows[3]"]),
    "two steward cells": (
        lambda d: d["market"]["rows"][0].__setitem__(0, "steward"),
        ["market: expected exactly one 'steward' cell, found 2"],
    ),
    "steward off centre": (
        lambda d: (
            d["market"]["rows"][2].__setitem__(2, "+1"),
            d["market"]["rows"][0].__setitem__(2, "steward"),
        ),
        ["market: the steward must start in the centre r2c2, not r0c2"],
    ),  # fmt: skip
    "unknown effect": (
        lambda d: d["market"]["rows"][1].__setitem__(1, "dragon"),
        ["market.rows[1][1]: unknown market effect 'dragon'"],
    ),
    "zero amount": (
        lambda d: d["market"]["rows"][1].__setitem__(0, "gold 0"),
        ["market.rows[1][0]: amount must be from 1 to 20"],
    ),
    "negative cost": (
        lambda d: d["buildings"]["temple"].update(gold=-1),
        ["buildings.temple.gold: must be from 0 to 50"],
    ),
    "missing building": (lambda d: d["buildings"].pop("stables"), ["buildings.stables: missing"]),
    "unknown building": (
        lambda d: d["buildings"].update(castle={"gold": 1}),
        ["buildings.castle: unknown building"],
    ),
    "missing provenance": (
        lambda d: d["districts"]["orange"].pop("provenance"),
        ["districts.orange.provenance: missing"],
    ),
    "bad provenance": (
        lambda d: d["market"].update(provenance="guessed"),
        ["market.provenance: must start with one of"],
    ),
    "missing district": (lambda d: d["districts"].pop("blue"), ["districts.blue: missing"]),
    "unknown district": (
        lambda d: d["districts"].update(red=d["districts"]["blue"]),
        ["districts.red: unknown district"],
    ),
    "no districts": (lambda d: d.update(districts={}), ["districts: empty"]),
    "too many shops": (
        lambda d: d["districts"]["green"].update(shop_goods=[1] * 11, shop_points=[1] * 11),
        ["districts.green.shop_goods: at most"],
    ),
    "bad format": (lambda d: d.update(format=2), ["format: expected 1"]),
    "negative bonus": (lambda d: d["districts"]["blue"].update(bonus=-3), ["districts.blue.bonus"]),
    "text track": (
        lambda d: d["tracks"].update(gold="24"),
        ["tracks.gold: expected a whole number"],
    ),
    "short turn track": (
        lambda d: d["tracks"].update(turns=1),
        ["tracks.turns: must be from 3 to 30"],
    ),
    # Sizes beyond the sheet's limits (RULES.md, "Sheet data"): a game on them never ends or draws
    # boards of hundreds of megabytes.
    "endless turn track": (
        lambda d: d["tracks"].update(turns=10**9),
        ["tracks.turns: must be from 3 to 30 (a sheet's limit), got 1000000000"],
    ),
    "huge shop": (
        lambda d: d["districts"]["green"].update(shop_goods=[2, 3, 4, 10**8]),
        ["districts.green.shop_goods[3]: must be from 1 to 20"],
    ),
    "huge track": (
        lambda d: d["tracks"].update(gold=10**6),
        ["tracks.gold: must be from 1 to 100"],
    ),
    "huge goat track": (
        lambda d: d["tracks"].update(goats=101),
        ["tracks.goats: must be from 1 to 100"],
    ),
    "huge cell": (
        lambda d: d["market"]["rows"][1].__setitem__(0, "gold 21"),
        ["market.rows[1][0]: amount must be from 1 to 20"],
    ),
    "huge cost": (
        lambda d: d["buildings"]["temple"].update(goats=51),
        ["buildings.temple.goats: must be from 0 to 50"],
    ),
    "huge points": (
        lambda d: d["districts"]["blue"].update(shop_points=[3, 5, 10**6]),
        ["districts.blue.shop_points[2]: must be from 0 to 1000"],
    ),
    "huge bonus": (
        lambda d: d["districts"]["blue"].update(bonus=1001),
        ["districts.blue.bonus: must be from 0 to 1000"],
    ),
    # A misspelt key is refused, not silently ignored.
    "extra top key": (lambda d: d.update(turns=6), ["turns: unknown key"]),
    "extra district key": (
        lambda d: d["districts"]["green"].update(shop_good=[1]),
        ["districts.green.shop_good: unknown key"],
    ),
    "extra track key": (lambda d: d["tracks"].update(turn=6), ["tracks.turn: unknown key"]),
    "extra cost key": (
        lambda d: d["buildings"]["temple"].update(wood=1),
        ["buildings.temple.wood: unknown key"],
    ),
    "extra market key": (lambda d: d["market"].update(cols=[]), ["market.cols: unknown key"]),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_broken_sheet_lists_the_problem_and_its_location(tmp_path, name):
    change, expected = BROKEN[name]
    problems = _problems(tmp_path, change)
    for text in expected:
        assert any(text in p for p in problems), problems


def test_every_problem_is_listed_at_once(tmp_path):
    def change(d):
        for name in ("shop with no goods", "4x5 market", "negative cost", "missing provenance"):
            BROKEN[name][0](d)
        d["market"]["rows"][0][1] = "dragon"

    problems = _problems(tmp_path, change)
    assert len(problems) >= 4
    for where in ("districts.green.shop_goods[1]", "market.rows", "buildings.temple.gold",
                  "districts.orange.provenance"):  # fmt: skip
        assert any(where in p for p in problems), (where, problems)


def test_two_steward_cells_and_an_unknown_effect_both_reported(tmp_path):
    def change(d):
        d["market"]["rows"][0][0] = "steward"
        d["market"]["rows"][4][4] = "teleport 2"

    problems = _problems(tmp_path, change)
    assert any("market.rows[4][4]" in p for p in problems)
    assert any("found 2" in p for p in problems)


@pytest.mark.parametrize(
    "text", ["format = ", "[districts.green\nshop_goods = [2]", "= 1", "format = 1\nformat = 2"]
)
def test_broken_toml_is_invalid_sheet(tmp_path, text):
    problems = _problems(tmp_path, lambda d: None, suffix=text)
    assert problems[0].startswith("not valid TOML")


def test_broken_json_and_missing_file_are_invalid_sheet(tmp_path):
    path = tmp_path / "sheet.json"
    path.write_text('{"format": 1, ', encoding="utf-8")
    with pytest.raises(InvalidSheet, match="not valid JSON"):
        load_sheet(path)
    with pytest.raises(InvalidSheet, match="cannot read"):
        load_sheet(tmp_path / "nowhere.toml")
    with pytest.raises(InvalidSheet):
        sheet_from_dict([1, 2, 3])


def test_other_shop_points_change_scoring(tmp_path):
    data = _default()
    data["districts"]["green"]["shop_points"] = [10, 20, 30, 60]
    sheet = load_sheet(_write(tmp_path, data))
    assert sheet != default_sheet()
    for s, expected in ((default_sheet(), 2), (sheet, 20)):
        state = play(new_game(players=2, seed=1, first_player=0, sheet=s), "buy 0; roll 122234566")
        after = act(state, "green 2")  # completes green shop 2 (3 goods)
        assert fills(after, 0, "green") == (0, 3, 0, 0)
        assert after.score_breakdown(0).shops == expected


def test_other_market_changes_the_game(tmp_path):
    data = _default()
    data["market"]["rows"][2][3] = "goats 1"  # r2c3 was gold 3
    sheet = load_sheet(_write(tmp_path, data))
    state = play(new_game(players=2, seed=1, first_player=0, sheet=sheet), "buy 0; roll 112344666")
    after = state.apply("goats steward r2c3")
    assert (after.players[0].gold, after.players[0].goats) == (1, 2)
    saved = after.to_json()
    assert game_from_json(saved).sheet == sheet  # the sheet travels with the save


def test_other_building_costs_change_what_can_be_built(tmp_path):
    data = _default()
    data["buildings"]["temple"] = {"gold": 0, "goats": 0}
    sheet = load_sheet(_write(tmp_path, data))
    state = play(new_game(players=2, seed=1, first_player=0, sheet=sheet), "buy 0; roll 112344666")
    after = state.apply("gold")
    assert after.phase == "build" and "build temple" in [str(m) for m in after.legal_moves()]
    assert with_player(after, 0, built=("temple",)).score_breakdown(0).temple == 3


def test_a_sheet_with_a_date_is_refused_before_it_can_break_a_save(tmp_path):
    text = DEFAULT_SHEET_PATH.read_text().replace('name = "', 'printed = 2019-05-01\nname = "', 1)
    path = tmp_path / "dated.toml"
    path.write_text(text)
    with pytest.raises(InvalidSheet) as exc:
        load_sheet(path)
    assert "not plain data" in str(exc.value)


THREE_SPOTS = Path(__file__).parent / "sheets" / "three_scoring_spots.toml"


def test_a_building_may_cost_nothing_in_one_resource(tmp_path):
    # B1: "les pièces d'or et/ou les chèvres" / "Goldmünzen und / oder Ziegen"
    data = _default()
    data["buildings"]["trading_post"] = {"gold": 0, "goats": 2}
    data["buildings"]["warehouse"] = {"gold": 3}  # goats left out: 0
    sheet = load_sheet(_write(tmp_path, data))
    assert (sheet.building("trading_post").gold, sheet.building("warehouse").goats) == (0, 0)
    state = play(new_game(players=2, seed=1, first_player=0, sheet=sheet), "buy 0; roll 112344666")
    goats_only = with_player(state, 0, gold=0).apply("goats")  # 0 gold, 3 goats
    assert [str(m) for m in goats_only.legal_moves()] == ["build none", "build trading_post"]
    gold_only = with_player(state, 0, goats=0).apply("gold")  # 4 gold, 0 goats
    assert "build warehouse" in [str(m) for m in gold_only.legal_moves()]
    built = gold_only.apply("build warehouse").players[0]
    assert (built.gold, built.goats, built.built()) == (1, 0, ("warehouse",))


def test_a_sheet_with_three_scoring_spots_loads_and_plays():
    sheet = load_sheet(THREE_SPOTS)
    assert sum(c.kind == "score" for c in sheet.market.cells) == 3
    written = 0
    for seed in range(6):
        players = 2 + seed % 3
        bots = [GreedyBot(seed + i) for i in range(players)]
        final = play_game(new_game(players=players, seed=seed, sheet=sheet), bots)
        assert final.is_over
        for i, p in enumerate(final.players):
            assert len(p.scores) <= 3 and final.score_breakdown(i).market == sum(p.scores)
            written += len(p.scores)
        assert game_from_json(final.to_json()) == final
    assert written  # the scoring spots were reached and scored (M6)


# --- hostile bytes: only InvalidSheet escapes, naming the problem -------------------------------

HOSTILE_SHEETS = {
    "latin-1": ("toml", 'name = "Caf\xe9"'.encode("latin-1"), "not UTF-8 text"),
    "deep TOML": ("toml", b"x = " + b"[" * 5000 + b"]" * 5000, "not valid TOML"),
    "deep JSON": ("json", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "deep inline TOML": ("toml", b"x = " + b"{a = " * 900 + b"1" + b"}" * 900, "not valid TOML"),
    "duplicate JSON key": ("json", b'{"format": 1, "format": 2}', "key 'format' given twice"),
    "NaN": ("json", b'{"format": NaN}', "NaN is not a number"),
    "bad JSON": ("json", b'{"format": 1,', "not valid JSON"),
    "JSON list": ("json", b"[1, 2]", "must hold a table"),
    "too large": ("toml", b"#" * 200_001, "larger than 200000 bytes"),
}


@pytest.mark.parametrize("name", list(HOSTILE_SHEETS))
def test_hostile_sheet_bytes_are_refused_as_invalid_sheet(tmp_path, name):
    suffix, raw, words = HOSTILE_SHEETS[name]
    path = tmp_path / f"sheet.{suffix}"
    path.write_bytes(raw)
    with pytest.raises(InvalidSheet) as caught:
        load_sheet(path)
    assert str(path) in str(caught.value) and words in str(caught.value), str(caught.value)
    assert len(str(caught.value)) < 1000


def test_a_long_sheet_file_is_read_only_up_to_the_limit(tmp_path):
    long = tmp_path / "long.toml"
    long.write_bytes(b"#" * 200_001)
    with pytest.raises(InvalidSheet, match="larger than 200000 bytes"):
        load_sheet(long)
    with pytest.raises(InvalidSheet, match="not a regular file"):
        load_sheet("/dev/zero")


def test_the_printed_sheet_fits_well_within_every_limit():
    sheet = default_sheet()
    assert max(s.goods for d in sheet.districts for s in d.shops) * 4 <= sheet_mod.MAX_SHOP_GOODS
    assert max(len(d.shops) for d in sheet.districts) * 2 <= sheet_mod.MAX_SHOPS
    assert sheet.turn_track * 5 <= sheet_mod.MAX_TURNS
    assert max(sheet.gold_track, sheet.goat_track) * 4 <= sheet_mod.MAX_TRACK
    assert max(c.amount for c in sheet.market.cells) * 6 <= sheet_mod.MAX_CELL_AMOUNT
    assert len(DEFAULT_SHEET_PATH.read_bytes()) * 20 <= sheet_mod.MAX_SHEET_BYTES


@given(st.binary(max_size=400), st.sampled_from(["toml", "json"]))
@settings(max_examples=300)
def test_any_bytes_given_as_a_sheet_raise_only_invalid_sheet(raw, syntax):
    try:
        sheet_from_bytes(raw, "fuzz", syntax)
    except InvalidSheet:
        pass


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=30,
    )
)
@settings(max_examples=300)
def test_any_plain_data_given_as_a_sheet_raises_only_invalid_sheet(data):
    # Parts of the default sheet replaced by arbitrary data: every level of the checks is reached.
    for where in ("", "districts", "tracks", "market", "buildings"):
        sheet = _default()
        if where:
            sheet[where] = data
        else:
            sheet = data
        try:
            sheet_from_dict(sheet, "fuzz")
        except InvalidSheet:
            pass


def test_editing_a_sheets_data_leaves_the_sheet_as_it_was():
    """A script that builds another sheet from the default's data must not change the default
    (saved games embed it: a changed default made a saved game reload differently)."""
    data = default_sheet().to_dict()
    data["districts"]["blue"]["shop_goods"] = [20] * 10
    assert default_sheet().to_dict()["districts"]["blue"]["shop_goods"] != [20] * 10
    game = new_game(players=2, seed=3)
    assert game_from_json(game.to_json()) == game


def test_the_catalogues_market_table_is_the_default_sheets_market():
    """RULES.md prints the market a learner plays on: each of its cells is the default sheet's, so the
    catalogue and the data cannot drift apart (they once said "blue 2" where the sheet had 1)."""
    catalogue = (Path(sheet_mod.__file__).parent / "RULES.md").read_text(encoding="utf-8")
    words = {"S": "score", "*": "steward", "Y": "yellow"}
    printed = [
        [words.get(cell.strip(), cell.strip()) for cell in line.split("|")[2:-1]]
        for line in catalogue.splitlines()
        if line.startswith("| r") and line.split("|")[1].strip() in {f"r{i}" for i in range(5)}
    ]
    rows = tomllib.loads(sheet_mod.DEFAULT_SHEET_PATH.read_text(encoding="utf-8"))["market"]["rows"]
    assert printed == rows
