"""The standalone SVG pictures (``corinth.render.svg``): nothing of a valid sheet is dropped without a
mark, and every argument is checked with a clear error."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from corinth.render import harbor_svg, sheet_svg
from corinth.rules import default_sheet, new_game
from corinth.rules.sheet import MAX_SHOP_GOODS, MAX_SHOPS, sheet_from_dict


def _sheet_with_big_blue():
    """A valid sheet at the limits: Blue has 10 shops of 20 goods each."""
    data = default_sheet().to_dict()
    data["districts"]["blue"]["shop_goods"] = [MAX_SHOP_GOODS] * MAX_SHOPS
    data["districts"]["blue"]["shop_points"] = list(range(1, MAX_SHOPS + 1))
    data["districts"]["blue"]["provenance"] = {"shop_goods": "reconstructed"}
    return sheet_from_dict(data)


def test_a_sheet_at_its_limits_is_drawn_with_every_left_out_part_marked():
    """Every good of every shop is a circle drawn, a '+N' in its shop, or in a '+N more shops'."""
    sheet = _sheet_with_big_blue()
    svg = sheet_svg(new_game(players=2, seed=1, sheet=sheet), 0)
    circles = len(re.findall(r'r="6" fill="#fff"', svg))
    in_shops = [int(n) for n in re.findall(r'font-size="11" fill="[^"]+">\+(\d+)</text>', svg)]
    more_shops = [int(n) for n in re.findall(r">\+(\d+) more shops<", svg)]
    assert more_shops, "shops left out without a '+N more shops' mark"
    assert in_shops == [MAX_SHOP_GOODS - 12] * (MAX_SHOPS - more_shops[0])
    blue_left_out = more_shops[0] * MAX_SHOP_GOODS
    total = sum(d.symbols for d in sheet.districts)
    assert circles + sum(in_shops) + blue_left_out == total


def test_the_sheet_stays_inside_its_picture():
    state = new_game(players=2, seed=1, sheet=_sheet_with_big_blue())
    svg = sheet_svg(state, 0)
    width = int(re.search(r'width="(\d+)"', svg).group(1))
    right_edges = [
        float(x) + float(w)
        for x, w in re.findall(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"', svg)
    ]
    assert max(right_edges) <= width


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ((99,), "step 1 is 99, not a cell number 0 to 24"),
        ((-1,), "step 1 is -1, not a cell number 0 to 24"),
        ((7, 7, 7), "step 2 (cell 7) is not next to cell 7"),
        ((7, 12), "step 2 goes back to cell 12"),
        ((7, 2.0), "step 2 is 2.0, not a cell number"),
    ],
)
def test_sheet_svg_refuses_a_path_that_is_not_a_walk(path, message):
    state = new_game(players=2, seed=1)
    with pytest.raises(ValueError, match=re.escape(message)):
        sheet_svg(state, 0, path=path)


def test_sheet_svg_and_harbor_svg_check_every_argument():
    state = new_game(players=2, seed=1)
    with pytest.raises(TypeError, match="player: expected a whole number"):
        sheet_svg(state, player=1.0)
    with pytest.raises(TypeError, match="player: expected a whole number"):
        sheet_svg(state, player=True)
    with pytest.raises(ValueError, match="there is no player 3"):
        sheet_svg(state, player=2)
    with pytest.raises(TypeError, match="state: expected a GameState"):
        sheet_svg("game", 0)
    with pytest.raises(ValueError, match="group: expected"):
        sheet_svg(state, 0, group="sky")
    with pytest.raises(TypeError, match="path: expected a sequence"):
        sheet_svg(state, 0, path="r1c2")
    with pytest.raises(TypeError, match="state: expected a GameState"):
        harbor_svg({"harbor": []})
    with pytest.raises(TypeError, match="selected: expected"):
        harbor_svg(state, selected=3)
    assert sheet_svg(state, 0, path=[7, 2]).startswith("<svg")  # a walk from the centre


def test_a_group_of_twelve_dice_is_drawn_with_the_rest_marked():
    """Nine white dice and three yellow ones of one face: eight drawn, then '+4 more dice'."""
    state = new_game(players=2, seed=1, first_player=0)
    state = state.with_player(0, replace(state.players[0], gold_circled=3)).apply("buy 3")
    state = state.apply("roll 111111111/111")
    assert state.groups()[0][1].size == 12
    svg = harbor_svg(state)
    assert ">+4 more dice<" in svg and svg.count("<circle") == 8  # a 1 has one pip


def test_an_endless_path_is_cut_not_read_forever():
    import itertools

    state = new_game(players=2, seed=1)
    with pytest.raises(ValueError, match="more than the market's 25 cells"):
        sheet_svg(state, 0, path=itertools.cycle([7, 2]))
    with pytest.raises(TypeError, match="group: expected a district's name"):
        sheet_svg(state, 0, group=3)
