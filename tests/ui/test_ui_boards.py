"""The harbor and sheet widgets, Python side: traits, clicks, refusals with rule IDs, text and SVG forms.

Cell names below assume the default sheet's market layout (RULES.md, "Sheet data").
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from corinth.rules import new_game
from corinth.ui import HarborWidget, SheetWidget, widgets_dir


@pytest.fixture
def state():
    return new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")


def test_front_end_files_are_found():
    folder = widgets_dir()
    for name in ("harbor.js", "sheet.js", "dice.js", "boards.css"):
        assert (folder / name).is_file()
    # Shared helpers are joined in front so anywidget loads one plain ES module.
    assert "import {" not in HarborWidget._esm
    assert "export default" in HarborWidget._esm


def test_in_the_classroom_a_board_imports_its_front_end_from_served_files(tmp_path):
    """With ``CORINTH_FRONT_ENDS`` set (the classroom's kernels), every board's ``_esm`` is a few
    lines importing files written there, named by their content, that hold the very texts a board
    carries elsewhere; the words it shows are the same."""
    import json
    import subprocess
    import sys

    program = """
import json, sys
from corinth.ui import HarborWidget, SheetWidget
from corinth.ui.courts import CourtsBoard
from corinth.ui.game import GameKeeper
from corinth.ui.progress import Progress
boards = (HarborWidget, SheetWidget, CourtsBoard, GameKeeper, Progress)
print(json.dumps({b.__name__: [b._esm, getattr(b, "_css", ""), b.front_end_source] for b in boards}
                 | {"words": HarborWidget().words}))
"""
    run = {"cwd": Path(__file__).resolve().parents[2], "capture_output": True, "text": True}
    plain = json.loads(subprocess.run([sys.executable, "-c", program], check=True, **run).stdout)
    env = {**os.environ, "CORINTH_FRONT_ENDS": str(tmp_path)}
    served = json.loads(
        subprocess.run([sys.executable, "-c", program], check=True, env=env, **run).stdout
    )
    assert served.pop("words") == plain.pop("words")
    files = {f.name: f.read_text(encoding="utf-8") for f in tmp_path.iterdir()}
    for name, (esm, css, source) in served.items():
        plain_esm, plain_css, _ = plain[name]
        assert source == plain_esm and css == "", name
        named = re.findall(r"at\('(\w+\.(?:js|css))'\)", esm)
        assert files[named[-1]] == plain_esm, name  # the module: its text, as a file
        if plain_css:
            assert files[named[0]] == plain_css, name
    assert all(re.fullmatch(r"[0-9a-f]{16}\.(js|css)", f) for f in files)


def test_r4_harbor_groups_bottom_to_top(state):
    harbor = HarborWidget(state)
    assert [g["district"] for g in harbor.groups] == [
        "goats",
        "green",
        "purple",
        "blue",
        "orange",
        "gold",
    ]
    gold = harbor.groups[-1]
    assert (gold["face"], gold["size"], gold["legal"]) == (6, 3, True)
    assert harbor.groups[4]["size"] == 0 and not harbor.groups[4]["legal"]
    assert harbor.groups[0]["label"] == "Harbor Goats: 1×2 (two 1s, 2 white dice)"


def test_harbor_click_selects_and_toggles(state):
    harbor = HarborWidget(state)
    seen = []
    harbor.on_select(seen.append)
    harbor.handle({"event": "select", "district": "blue"})
    assert harbor.selected == "blue"
    harbor.handle({"event": "select", "district": "blue"})
    assert harbor.selected == ""
    assert seen == ["blue", ""]


def test_r6_harbor_refuses_empty_district(state):
    harbor = HarborWidget(state)
    harbor.select("orange")
    assert harbor.selected == ""
    assert "(R6)" in harbor.message


def test_harbor_not_takeable_outside_take_phase():
    state = new_game(players=2, seed=1, first_player=0)  # purvey: nothing on the harbor
    harbor = HarborWidget(state)
    assert not any(g["legal"] for g in harbor.groups)
    assert harbor.caption == "Player 1 buys yellow dice"


def test_harbor_updates_in_place(state):
    harbor = HarborWidget(state)
    harbor.select("gold")
    model_id = harbor.model_id
    harbor.state = state.apply("gold")  # player 2 to take; Gold is gone
    assert harbor.model_id == model_id
    assert harbor.selected == ""
    assert harbor.groups[-1]["size"] == 0


def test_harbor_yellow_dice_drawn():
    state = new_game(players=2, seed=1, first_player=0).apply("buy 1").apply("roll 112344666/2")
    harbor = HarborWidget(state)
    green = harbor.groups[1]
    assert (green["white"], green["yellow"]) == (1, 1)
    assert "[2 y2]" in repr(harbor)


def test_harbor_repr_is_deterministic(state):
    a, b = HarborWidget(state), HarborWidget(state)
    assert repr(a) == repr(b)
    assert "0x" not in repr(a)
    assert repr(a).splitlines()[1].split() == ["Gold", "6×3", "[6", "6", "6]", "*"]


def test_svg_forms_are_wellformed(state):
    for widget in (HarborWidget(state), SheetWidget(state)):
        svg = widget.to_svg()
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
    assert SheetWidget(state).to_svg().count(", column ") == 25


def test_a4_sheet_draws_a_steward_path(state):
    sheet = SheetWidget(state, player=0, group="blue")  # Blue shows 4
    paths = []
    sheet.on_path(lambda path, ready: paths.append((path, ready)))
    for cell in (7, 2):  # r1c2, r0c2
        sheet.handle({"event": "cell", "index": cell})
    assert sheet.path == [7, 2] and not sheet.path_ready  # 2 steps for a 4 would cost 2 gold (A4a)
    sheet.click(1)  # r0c1: 3 steps, one gold
    assert sheet.path_ready
    sheet.click(0)  # r0c0: four steps, the face value
    assert sheet.path_ready
    assert str(sheet.move()) == "blue steward r1c2,r0c2,r0c1,r0c0"
    assert paths[-1] == ([7, 2, 1, 0], True)
    assert sheet.board["market"][0]["step"] == 4


def test_a4b_a4c_illegal_clicks_are_refused_with_the_rule(state):
    sheet = SheetWidget(state, player=0, group="blue")
    sheet.click(0)
    assert sheet.message == (
        "the scoring spot, row 1, column 1 is not next to the steward start, row 3, column 3 (A4b)"
    )
    assert sheet.path == [] and sheet.named == [0, 12]  # the cells it names, outlined
    sheet.click(7)
    assert sheet.named == []  # gone with the next good click
    sheet.click(8)
    sheet.click(13)
    sheet.click(12)  # back on the steward's start: clears the path
    assert sheet.path == []
    sheet.click(7)
    sheet.click(6)
    sheet.click(11)
    sheet.click(12)
    assert sheet.path == []  # the steward's cell clears
    sheet.click(7)
    sheet.click(8)
    sheet.click(3)
    sheet.click(2)
    sheet.click(7)  # already on the path
    assert "(A4c)" in sheet.message or "(A4b)" in sheet.message
    assert sheet.path == [7, 8, 3, 2]


def test_a4a_too_long_a_path_is_refused(state):
    sheet = SheetWidget(state, player=0, group="goats")  # face 1, 1 gold: at most 2 steps
    sheet.click(7)
    sheet.click(2)
    assert sheet.path_ready  # 2 steps for 1 gold
    sheet.click(1)
    assert "(A4a)" in sheet.message
    assert sheet.path == [7, 2]


def test_clicking_the_last_step_takes_it_back(state):
    sheet = SheetWidget(state, player=0, group="goats")
    sheet.click(7)
    sheet.click(7)
    assert sheet.path == [] and not sheet.path_ready


def test_a4_no_group_no_steward_move(state):
    sheet = SheetWidget(state, player=0)
    sheet.click(7)
    assert "(A4)" in sheet.message


def test_r6_not_this_players_turn(state):
    sheet = SheetWidget(state, player=1, group="goats")
    sheet.click(7)
    assert "player 1's turn" in sheet.message and "(R6)" in sheet.message


def test_m1_goods_cell_offers_shop_choices(state):
    sheet = SheetWidget(state, player=0, group="goats")
    sheet.click(7)  # purple ×2
    assert sheet.shop_choices() == [(0,), (1,), (2,), (3,)]
    assert str(sheet.move(shops=(2,))) == "goats steward r1c2 shops 3"


def test_aria_labels_name_cell_effect_and_distance(state):
    sheet = SheetWidget(state, player=0, group="goats")
    cells = sheet.board["market"]
    assert cells[7]["label"].startswith("purple ×2, row 2, column 3: reachable in 1")
    assert "reachable in 4" in cells[0]["label"]
    assert cells[12]["label"].startswith("steward start, row 3, column 3: steward here")
    # Goats shows 1; with 1 gold the steward can end one or two steps away.
    reach = {c["name"] for c in cells if c["reachable"]}
    assert "r1c2" in reach and "r0c2" in reach and "r0c0" not in reach


def test_sheet_board_after_moves(state):
    state = state.apply("goats steward r1c2 shops 1")  # purple ×2 fills Purple shop 1
    sheet = SheetWidget(state, player=0)
    purple = sheet.board["districts"][1]
    assert purple["shops"][0]["complete"]
    assert sheet.board["market"][7]["circled"]
    assert sheet.board["score"]["shops"] == 2
    assert sheet.board["score"]["total"] == state.score(0)
    text = repr(sheet)
    assert "@pu2" in text  # the steward stands on the circled cell
    assert "Purple  [xx]2" in text


def test_bonus_boxes_claimed_and_lost():
    state = new_game(players=2, seed=1, first_player=0)
    import dataclasses

    state = dataclasses.replace(state, bonus_owner=(0, 1, -1, -1))
    sheet = SheetWidget(state, player=0)
    statuses = [d["bonus_status"] for d in sheet.board["districts"]]
    assert statuses == ["claimed", "lost", "open", "none"]


def test_sheet_updates_in_place(state):
    sheet = SheetWidget(state, player=0, group="goats")
    sheet.click(7)
    model_id = sheet.model_id
    sheet.state = state.apply("goats steward r1c2 shops 1")
    assert sheet.model_id == model_id
    assert sheet.path == []


def test_sheet_repr_is_deterministic(state):
    assert repr(SheetWidget(state, player=0)) == repr(SheetWidget(state, player=0))


def test_page_writes_are_checked_and_the_last_good_state_kept(state):
    """A front end that writes traits directly is refused with a clear message (issue 12)."""
    harbor = HarborWidget(state)
    harbor.set_state({"selected": "bogus"})
    assert harbor.selected == "" and "bogus" in harbor.message
    harbor.set_state({"groups": []})
    assert len(harbor.groups) == 6 and "cannot change" in harbor.message
    harbor.set_state({"selected": "blue"})
    assert harbor.selected == "blue"
    sheet = SheetWidget(state, player=0, group="green")
    for bad in ({"player": 5}, {"player": -1}, {"path": [99, -5]}, {"group": "nope"}):
        sheet.set_state(bad)
        assert sheet.player == 0 and sheet.path == [] and sheet.group == "green", bad
        assert sheet.message
    sheet.set_state({"path": [7, 2]})
    assert sheet.path == [7, 2] and sheet.path_ready


def test_huge_page_writes_never_grow_the_board(state):
    """A page sending 9 MiB values again and again: each is refused, the message is cut, and only
    the last refusal is kept (issue 23), so the kernel does not grow with every message."""
    harbor, sheet = HarborWidget(state), SheetWidget(state, player=0, group="green")
    nine_mib = "x" * (9 * 2**20)
    for _ in range(20):
        harbor.set_state({"selected": nine_mib})
        sheet.set_state({"group": nine_mib, "path": [nine_mib]})
    for board in (harbor, sheet):
        assert 0 < len(board.message) <= 300
        assert len(board.output.outputs) <= 1
        assert sum(len(str(o)) for o in board.output.outputs) < 1000
    assert harbor.selected == "" and sheet.group == "green" and sheet.path == []


def test_python_side_trait_values_checked(state):
    import traitlets

    with pytest.raises(traitlets.TraitError, match="no player 6"):
        SheetWidget(state, player=0).player = 5
    with pytest.raises(traitlets.TraitError, match="no group"):
        HarborWidget(state).selected = "bogus"


def test_one_palette_the_front_end_defines_no_colour_of_its_own():
    """Colours come from corinth/render/palette.py: as CSS variables in front of the stylesheet and in
    the board data; boards.css and the JS hold no colour code."""
    import re

    from corinth.render import palette

    hex_colour = re.compile(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b")
    for name in ("boards.css", "harbor.js", "sheet.js", "dice.js"):
        assert not hex_colour.findall((widgets_dir() / name).read_text()), name
    css = HarborWidget._css
    assert f"--corinth-path: {palette.PATH};" in css
    assert SheetWidget._css == css
    used = set(re.findall(r"var\(--corinth-([\w-]+)\)", (widgets_dir() / "boards.css").read_text()))
    assert used <= set(palette.CSS_COLOURS), used - set(palette.CSS_COLOURS)


def test_market_cells_carry_their_kind_style_and_short_words(state):
    from corinth.render import palette

    board = SheetWidget(state, player=0).board
    assert board["size"] ** 2 == len(board["market"])
    for cell in board["market"]:
        assert cell["fill"] == palette.fill(cell["kind"])
        assert palette.contrast(cell["ink"], cell["fill"]) >= 4.5
        assert cell["picture"] == palette.picture_svg_points(cell["kind"])
        lines = cell["words"].split("\n")
        assert len(lines) <= 2 and all(len(line) <= 6 for line in lines), cell["words"]


def test_draw_market_uses_the_boards_palette(state):
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.colors import to_hex

    from corinth.render import draw_market, palette

    ax = draw_market(state, 0)
    faces = {to_hex(p.get_facecolor()) for p in ax.patches}
    cells = SheetWidget(state, player=0).board["market"]
    assert {palette.fill(c["kind"]) for c in cells if not c["used"]} <= faces
    assert palette.USED in faces  # the steward's start cell


def test_focus_and_announce_reach_the_page(state):
    sent = []
    harbor = HarborWidget(state)
    harbor.send = sent.append
    harbor.focus()
    harbor.announce = "Round 1 — your turn: take a group"
    assert sent == [{"focus": True}]
    assert "announce" in harbor.keys


def test_after_a_move_the_next_control_is_focused_by_the_harbor_once_shown():
    """GameApp asks the harbor's front end for the next decision's control by its class (the page
    focuses it once it is drawn: tests/browser/test_boards_a11y.py), and each class is on its control."""
    from corinth.ui import GameApp

    app = GameApp(players=2, seed=3)
    sent = []
    app.harbor.send = sent.append
    app.focus_decision()
    assert app.state.phase == "take" and sent == [{"focus": True}]
    app.play("gold")  # the bot then plays: Player 2's turn, then Player 1's to roll
    sent.clear()
    app.focus_decision()
    shown = sent[-1]["focus_shown"]
    control = {"corinth-roll": app.roll_button, "corinth-undo": app.undo_button}[shown]
    assert shown in control._dom_classes
    assert "corinth-build-choice" in app.build_choice._dom_classes


def test_r8_board_marks_every_cell_the_compensation_step_can_reach():
    """With gold, the compensation step may be longer (R8 with A4a): the board marks those cells too,
    as the controls' help says, and with no gold only the steward's neighbours."""
    from corinth.render.board import reachable_now
    from corinth.rules.geometry import distances
    from tests.conftest import act, play, with_player

    state = play(new_game(players=4, seed=1, first_player=0), "buy 0; roll 111111116")
    state = act(act(state, "goats"), "gold")
    assert state.phase == "compensate" and state.current_player == 2
    p = state.players[2]
    steps = distances(p.steward, p.used)
    poor = reachable_now(with_player(state, 2, gold=0), 2)
    assert poor and all(steps[c] == 1 for c in poor)
    rich = reachable_now(with_player(state, 2, gold=2), 2)
    assert {c for c in rich if steps[c] == 3} and set(poor) < set(rich)


def test_a_focus_is_sent_again_once_the_page_has_drawn_the_control():
    import asyncio

    from corinth.ui._base import again_soon

    calls = []
    again_soon(lambda: calls.append("outside"))  # no kernel loop: nothing scheduled
    assert calls == []

    async def in_a_kernel():
        again_soon(lambda: calls.append("again"), delay=0.01)
        await asyncio.sleep(0.05)

    asyncio.run(in_a_kernel())
    assert calls == ["again"]
