"""GameApp and MovePicker, Python side: a whole game through the app, undo, save/reload, hints."""

from __future__ import annotations

import html
import re

import pytest

from corinth.rules import GameState, new_game
from corinth.solver.bots import GreedyBot
from corinth.solver.explain import share_words
from corinth.ui import GameApp


def finish_with(app: GameApp, bot) -> None:
    """Play the human's side with ``bot`` through the app's controls where there is one."""
    for _ in range(400):
        state = app.state
        if state.is_over:
            return
        if state.phase == "roll":
            app.roll_button.click()
            continue
        move = bot.choose(state)
        if state.phase == "purvey":
            app.buy.value = move.buy
            app.roll_button.click()
        elif state.phase == "build":
            app.build_choice.value = move
            app.build_button.click()
        else:
            assert app.play(move)
    raise AssertionError("the game did not end")


def test_whole_game_against_bots():
    app = GameApp(players=3, seed=11, bots=["greedy", "random"])
    ids = (app.harbor.model_id, app.sheet.model_id)
    finish_with(app, GreedyBot())
    assert app.state.is_over
    assert (app.harbor.model_id, app.sheet.model_id) == ids  # one widget per board, all game long
    assert "Game over" in app.status.value
    assert len(app.table.log_lines()) == len(app.state.history)


def test_seeded_game_replays_from_json():
    app = GameApp(players=2, seed=5)
    for _ in range(6):
        if app.state.phase == "roll":
            app.roll_button.click()
        elif app.state.phase == "purvey":
            app.roll_button.click()
        else:
            app.play(GreedyBot().choose(app.state))
    again = GameApp.from_json(app.to_json())
    assert again.state == app.state
    assert again.table.log_lines() == app.table.log_lines()
    # The same seed and the same moves give the same dice.
    other = GameApp(players=2, seed=5)
    assert other.state.history[:2] == app.state.history[:2]


def test_undo_goes_back_to_before_the_human_move():
    app = GameApp(players=2, seed=3)
    before = app.state
    move = before.legal_moves()[0]
    assert app.play(move)
    assert app.state != before
    app.undo()
    assert app.state == before
    assert app.undo_button.disabled


def test_illegal_move_is_refused_with_its_rule():
    app = GameApp(players=2, seed=3)
    before = app.state
    assert not app.play("orange 9")
    assert app.state == before


def test_picker_group_then_action():
    app = GameApp(players=2, seed=3)
    assert app.state.phase == "take"
    app.harbor.select("gold")
    assert app.sheet.group == "gold"
    assert [str(m) for _, m in app.picker.action.options] == ["gold"]
    gold_before = app.state.player(app.human).gold
    app.picker.act.click()
    played = [m for m in app.state.history if str(m) == "gold"]
    assert played, app.state.history
    assert app.state.players[app.human].gold >= gold_before


def test_picker_steward_path_then_button():
    app = GameApp(players=2, seed=3)
    app.harbor.select("goats")  # shows 1
    app.sheet.click(7)  # r1c2: purple ×2
    assert app.sheet.path_ready and not app.picker.steward.disabled
    assert len(app.picker.shops.options) == 4
    app.picker.shops.value = (1,)
    n = len(app.state.history)
    app.picker.steward.click()
    assert str(app.state.history[n]) == "goats steward r1c2 shops 2"


def test_viewing_another_players_sheet():
    app = GameApp(players=2, seed=3)
    app.view.value = 1
    assert app.sheet.player == 1
    app.sheet.click(7)
    assert "(R6)" in app.sheet.message


def test_hint_lists_the_solver_ranking():
    pytest.importorskip("corinth.solver.rank")
    app = GameApp(players=2, seed=3)
    ranked = app.show_hint(top=3)
    assert [r.rank for r in ranked][:1] == [1]
    assert html.escape(ranked[0].move.describe(app.state)) in app.hint.value
    # In words, no notation, no raw floats; the best move drawn on the boards.
    assert not re.search(r"r\dc\d|\d\.\d\d", app.hint.value)
    assert app.harbor.hinted == ranked[0].move.district
    assert app.sheet.hinted == list(ranked[0].move.path)
    assert app.play(ranked[0].move)
    assert app.harbor.hinted == "" and app.sheet.hinted == [] and app.hint.value == ""


def test_the_top_moves_of_a_hint_are_told_apart():
    from corinth.solver import rank_moves
    from corinth.ui.game_text import hint_html

    state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    ranked = rank_moves(state, "immediate", top=40)
    items = re.findall(r"<li value='\d+'><b>(.*?)</b>", hint_html(ranked, "immediate", state))
    assert len(items) == len(ranked) and len(set(items)) == len(items)


def test_repr_is_deterministic():
    assert repr(GameApp(players=2, seed=4)) == repr(GameApp(players=2, seed=4))


def test_from_state():
    state = new_game(players=2, seed=8, first_player=1)
    app = GameApp(state=state)
    assert isinstance(app.state, GameState)
    assert app.state.current_player == 0 or app.state.is_chance


def test_next_player_steps_through_the_bots():
    app = GameApp(players=3, seed=2, first_player=1, auto=False)
    assert app.state.current_player == 1
    assert app.next_button.layout.display == ""
    app.next_player()  # player 2 buys, rolls and takes a group
    assert app.state.current_player == 2
    app.next_player()
    assert app.state.current_player == 0
    assert app.next_button.layout.display == "none"


def test_variants_chosen_in_setup():
    from corinth.rules import Variants

    app = GameApp(players=3, seed=5, variants=["nine-dice-sort"])
    assert app.state.variants == Variants(nine_dice_win=False)
    assert app.variant_choice.value == ("nine-dice-sort",)
    app.variant_choice.value = ("exact-compensation",)
    app.new_game_button.click()
    assert app.state.variants == Variants.from_names(["exact-compensation"])
    assert app.state.seed == 5 and not app.table.can_undo
    reloaded = GameApp.from_json(app.to_json())
    assert reloaded.state.variants == app.state.variants  # the variants travel in the save
    assert reloaded.table.log_lines() == app.table.log_lines()


@pytest.mark.parametrize(
    "name",
    ["no-stables-compensation", "no-gold-compensation", "exact-compensation", "nine-dice-sort"],
)
def test_a_game_saved_under_any_variant_reopens_and_carries_on(name):
    """Nine identical dice sort as usual under nine-dice-sort: the log replays under the game's own
    variants (it crashed with KeyError when it replayed under the defaults)."""
    app = GameApp(players=2, seed=3, variants=name, first_player=0)  # a single name is taken too
    state = app.state
    if state.phase == "purvey":
        state = state.apply("buy 0")
    roll = "roll 111111111" if name == "nine-dice-sort" else "roll 112344666"
    state = state.apply(roll)
    take = state.legal_moves()[0]
    state = state.apply(take)
    reloaded = GameApp.from_json(state.to_json())
    assert reloaded.state.variants == app.state.variants
    at = len(state.history) - 2  # the bots may have played on since: the roll and take stay put
    rows = reloaded.table.log
    assert rows[at].notation == roll and "rolled" in rows[at].words
    assert rows[at + 1].notation == str(take)
    assert reloaded.table.log_lines()[at : at + 2] == [f"dice: {roll}", f"P1: {take}"]
    assert not reloaded.state.is_over


def test_notebook_cells_work_wherever_the_game_stands():
    """Notebook 05's `app.play(app.show_hint(top=1)[0].move)` and `rank_moves(app.state)` at every decision."""
    pytest.importorskip("corinth.solver.rank")
    from corinth.solver import rank_moves

    app = GameApp(players=3, seed=11, bots=["greedy", "random"], first_player=1)
    phases = set()
    for _ in range(60):
        if app.state.is_over:
            break
        phases.add(app.state.phase)
        assert not app.state.is_chance  # the human's roll comes from the seed: never left pending
        assert rank_moves(app.state, "immediate")
        assert app.play(app.show_hint(top=1)[0].move)
    assert {"purvey", "take", "build"} <= phases


def test_hint_at_the_end_of_the_game_says_why():
    app = GameApp(players=2, seed=3)
    finish_with(app, GreedyBot())
    assert app.show_hint() == [] and "over" in app.hint.value


def test_double_click_on_take_and_act_plays_one_move():
    app = GameApp(players=2, seed=3)
    app.harbor.select("gold")
    n = len(app.state.history)
    app.picker.act.click()
    after = app.state
    app.picker.act.click()  # the second click of a double click arrives after the move
    assert app.state == after and sum(1 for m in after.history[n:] if str(m) == "gold") == 1


def test_selection_cleared_at_the_next_decision_and_by_undo():
    app = GameApp(players=2, seed=3)
    app.harbor.select("gold")
    app.picker.act.click()
    assert app.harbor.selected == "" and app.picker.act.disabled
    for _ in range(20):  # on to the human's next take
        if app.state.phase == "take":
            break
        app.play(GreedyBot().choose(app.state))
    app.harbor.select(next(d for d, _ in app.state.groups()))
    app.undo()
    assert app.harbor.selected == "" and app.sheet.group == "" and app.picker.act.disabled


def test_bot_moves_in_words_never_in_notation():
    app = GameApp(players=3, seed=11, bots=["greedy", "random"], first_player=1)
    rows = app.table.log
    assert rows and all(not line.words.startswith(("P1", "P2")) for line in rows)
    words, notation = next((r.words, r.notation) for r in rows if "took" in r.words)
    assert words.startswith("Player ") and html.escape(words) in app.move_log.value
    assert "title=" not in app.move_log.value and not re.search(r"r\dc\d", app.move_log.value)
    assert "Since your last move" in app.last_moves.value


def test_bots_one_move_per_click():
    app = GameApp(players=3, seed=2, first_player=1)
    app.speed_choice.value = None
    assert not app.auto


def test_hint_table_is_compact_with_the_rest_behind_show_all():
    from corinth.solver import rank_moves
    from corinth.ui.game_text import HINT_ROWS, hint_html

    state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    ranked = rank_moves(state, "immediate", top=10)
    text = hint_html(ranked, "immediate", state)
    shown, _, rest = text.partition("<details>")
    assert shown.count("<li value=") == HINT_ROWS
    assert rest.count("<li value=") == len(ranked) - HINT_ROWS
    assert f"show all {len(ranked)} moves" in rest


def test_the_turn_is_announced_in_words():
    app = GameApp(players=2, seed=3)
    assert app.harbor.announce.startswith(f"Round {app.state.round} — your turn")


def test_hint_is_exact_near_the_end_and_says_how_it_was_worked_out():
    pytest.importorskip("corinth.solver.rank")
    from corinth.solver.exact import in_reach
    from corinth.solver.value import best_move_now

    app = GameApp(players=2, seed=3)
    early = app.show_hint(top=1)
    assert "Points now" in app.hint.value and not in_reach(app.state)
    while not in_reach(app.state):  # the human plays greedy up to 2 turns from the end
        assert app.play(best_move_now(app.state))
    ranked = app.show_hint(top=2)
    assert "Worked out exactly" in app.hint.value and "at the end, on average" in app.hint.value
    assert "greedy" in ranked[0].explanation and early


def test_a_guided_first_round_says_what_to_click_and_the_learner_makes_every_move():
    app = GameApp(players=3, seed=11, bots=["greedy", "random"], first_player=1, guide_rounds=1)
    history = len(app.state.history)
    assert "Your take, click 1 of 2: click a group" in app.guide_box.value
    assert "corinth-guide-target" in app.harbor._dom_classes
    district = app.state.groups()[0][0]
    app.harbor.select(district)
    assert (
        "Your take, click 2 of 2" in app.guide_box.value
        and district.capitalize() in app.guide_box.value
    )
    assert "corinth-guide-target" in app.picker.act._dom_classes
    assert len(app.state.history) == history  # the guide never plays a move for the learner
    while app.state.round == 1 and not app.state.is_over:
        app.play(app.state.legal_moves()[0])
    assert "That was the guided round" in app.guide_box.value
    assert not any("corinth-guide-target" in w._dom_classes for w in app.guide.targets.values())


def test_without_a_guide_the_game_shows_none():
    app = GameApp(players=2, seed=3)
    assert app.guide_box.value == ""


def test_near_the_end_the_hint_is_exact_against_the_chosen_kind_of_opponent():
    from corinth.solver.exact import in_reach

    app = GameApp(players=2, seed=3, bots="greedy")
    bot = GreedyBot()
    while not in_reach(app.state) and not app.state.is_over:
        app.play(bot.choose(app.state))
    assert in_reach(app.state)
    app.controls.opponents.value = "cautious"
    ranked = app.show_hint(top=3)
    assert ranked and "worst for player 1" in ranked[0].explanation
    assert "worst for you" in app.hint.value
    assert (
        "best whatever the others do" in app.hint.value
        or "No move is the best against every kind of other player" in app.hint.value
    )
    app.controls.opponents.value = "random"
    assert "at random" in app.show_hint(top=1)[0].explanation


def test_the_hint_for_the_win_counts_the_chance_near_the_end_and_says_when_it_cannot():
    from corinth.solver.exact import turns_left

    app = GameApp(players=2, seed=3, bots="greedy")
    app.hint_objective.value = "win"
    early = app.show_hint(top=1)
    assert early and "counted exactly in your last 2 turns only" in app.hint.value
    assert "Estimated" in app.hint.value
    bot = GreedyBot()
    while turns_left(app.state) > 1 and not app.state.is_over:
        app.play(bot.choose(app.state))
    ranked = app.show_hint(top=2)
    assert ranked and "chance to win" in app.hint.value
    assert f"You win {share_words(ranked[0].value)}" in app.hint.value


def test_a_kept_game_comes_back_after_a_reload_and_bad_kept_moves_change_nothing():
    """The lesson's game is kept in the browser (its moves); a reload (a new app) replays them."""
    kwargs = dict(players=3, seed=11, bots=["greedy", "random"], first_player=1, keep="05-game")
    app = GameApp(**kwargs)
    assert app.play(app.state.legal_moves()[0])
    kept = list(app.keeper.moves)
    assert kept == [str(m) for m in app.state.history]
    again = GameApp(**kwargs)  # the page opened anew: the browser sends what it kept
    fresh = again.state
    for bad in (["buy 0", "roll 999999999"], ["nonsense"], "not a list", [3] * 5, ["x"] * 5000):
        again.keeper._on_page(None, {"event": "restore", "moves": bad}, None)
        assert again.state == fresh
    again.keeper._on_page(None, {"event": "restore", "moves": kept}, None)
    assert again.state == app.state and again.keeper.moves == kept
    assert GameApp(**{**kwargs, "keep": ""}).keeper is None


def test_a_hints_expectation_is_said_in_words_not_statistics():
    from corinth.rules import Move
    from corinth.solver.rank import RankedMove
    from corinth.ui.game_text import hint_html

    state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    ranked = [
        RankedMove(Move.parse("gold"), 1, 59.38, 0.0, "x", (55.97, 62.78), 0.81, 16),
        RankedMove(Move.parse("goats"), 2, 50.2, 9.18, "x", (47.0, 53.4), 1.0, 16),
    ]
    text = hint_html(ranked, "expected", state)
    assert "About 59 points at the end; you win about 4 games in 5 against these bots." in text
    assert "almost every game" in text  # 16 games won of 16: an estimate, not a certainty
    assert not re.search(r"\d\.\d\d|CI|rollout|95%", text)
