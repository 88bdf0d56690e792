"""The tutorial's exercise data (notebooks/exercises.toml): every exercise builds, and its answer is right."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

from corinth.shared.catalogues import is_translated_lesson

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
sys.path.insert(0, str(NOTEBOOKS))
import exercises  # noqa: E402
from answers import courts, game, goods, harbor, lab, puzzles, steward  # noqa: E402

DATA = tomllib.loads((NOTEBOOKS / "exercises.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", list(DATA))
def test_every_exercise_builds_and_its_answer_is_accepted(name):
    ex = exercises.ask(name)
    kind = DATA[name]["kind"]
    if kind in ("choice", "number"):
        assert ex.answer_with(str(ex.answer)).startswith("Right")
        for wrong, words in DATA[name].get("wrong", {}).items():
            assert ex.answer_with(str(wrong)) == f"Not quite. {words}"
    elif kind == "group":
        ex.harbor.select(sorted(ex.answer)[0])
        assert ex.solved
    elif kind == "puzzle":
        best = ex.ranking()[0]
        assert ex.answer(best.move).loss == 0
        assert "Best move" in ex.result.value or "One of the best" in ex.result.value
    else:
        right = [
            m
            for m in ex.state.legal_moves()
            if getattr(m, "path", ()) and ex._group_of(m) and ex.accept(m)
        ]
        assert right, "no legal walk is accepted"
        assert ex.answer_with(right[0]).startswith("Right")


def test_every_answer_named_in_the_data_is_in_the_answer_book_and_none_by_globals():
    """``exercises.toml`` names functions (``engine``, ``position``); the course finds each in the
    lessons' ``AnswerBook``, never by looking a name up in a module's ``globals()``."""
    named = {d[key] for d in DATA.values() for key in ("engine", "position") if key in d}
    assert named <= set(exercises.COURSE.answers)
    helpers = [NOTEBOOKS / "exercises.py", *sorted((NOTEBOOKS / "answers").glob("*.py"))]
    helpers.append(NOTEBOOKS.parent / "corinth" / "ui" / "course.py")
    assert not [p.name for p in helpers if "globals()" in p.read_text(encoding="utf-8")]


def test_no_answer_written_in_a_notebook_for_engine_checked_exercises():
    import json

    for nb in NOTEBOOKS.glob("0[0-7]*_*.ipynb"):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        assert "Exercise(" not in text and "answer = None" not in text, nb.name


def test_r8_compensation_step_exercise_starts_with_no_group_left():
    state = harbor.no_group_left()
    assert state.phase == "compensate" and state.current_player == 2


def test_r2_earned_yellow_dice_count_toward_the_limit_of_three():
    assert harbor.yellow_purchases() == ["buy 0", "buy 1"]


def test_a4d_no_walk_possible_when_the_steward_is_boxed_in():
    state = steward.boxed_in()
    assert not [m for m in state.legal_moves() if getattr(m, "path", ())]


def test_a3c_bonus_race_loser_scores_no_bonus():
    assert goods.blue_bonus_for_player_2() == 0


@pytest.mark.parametrize("name", [n for n, d in DATA.items() if "puzzle" in d])
def test_stored_puzzle_answer_is_the_solvers_unique_best_and_the_hint_hides_it(name):
    from corinth.solver.puzzles import load_puzzles

    puzzle = next(p for p in load_puzzles() if p.id == DATA[name]["puzzle"])
    ex = exercises.ask(name)
    first, second = ex.ranking()[:2]
    assert str(first.move) == puzzle.answer
    assert first.value - second.value >= 1
    assert puzzle.answer not in ex.show_hint()
    assert ex.answer(second.move).loss > 0


def test_05_your_move_position_is_the_games_take_for_player_1():
    state = game.your_move_position()
    assert state.phase == "take" and state.current_player == 0


def test_05_answers_that_play_a_game_leave_no_widget_open_for_the_page():
    """Lesson 05's answers play its game in an app only to read a position: a lesson's page is sent
    every widget still open in its kernel, so those games' 64 widgets each must be closed."""
    from ipywidgets.widgets.widget import _instances

    def own() -> set[str]:  # the shared default layouts and styles are made at their first use
        return {key for key, x in _instances.items() if not getattr(x, "_sealed", False)}

    open_before = own()
    state = game.your_move_position()
    group = game.five_step_group()
    assert own() == open_before
    assert state.phase == "take" and group  # the answers still answer


def test_05_review_worst_turn_and_lucky_turns_match_the_solver():
    from corinth import new_game
    from corinth.solver import rank_moves

    final, review = game.beginner_review()
    state, losses = new_game(players=3, seed=5), []
    for move in final.history:
        if state.phase == "take" and state.current_player == 0:
            ranking = rank_moves(state, "immediate")
            best = ranking[0].value
            losses.append(best - next(r.value for r in ranking if str(r.move) == str(move)))
        state = state.apply(move)
    assert [loss for *_, loss in review] == losses
    assert game.worst_turn() == 1 + losses.index(max(losses))
    assert game.lucky_turns() == losses.count(0)


def test_07_answers_match_the_saved_run():
    from strategy_lab import STRATEGIES, load_results

    games = load_results()
    wins = {n: 0.0 for n in STRATEGIES}
    for g in games:
        for seat in g["winners"]:
            wins[g["strategies"][seat]] += 1 / len(g["winners"])
    played = {n: sum(g["strategies"].count(n) for g in games) for n in STRATEGIES}
    assert lab.lab_best_strategy() == max(STRATEGIES, key=lambda n: wins[n] / played[n])
    rate, half = lab.lab_win_rates()
    assert rate["greedy"] - half["greedy"] > rate["merchant"] + half["merchant"]
    assert lab.lab_greedy_merchant_apart().startswith("Yes")
    shop = [
        (g["scores"][s][0], s in g["winners"]) for g in games for s in range(len(g["strategies"]))
    ]
    won = [x for x, w in shop if w]
    lost = [x for x, w in shop if not w]
    assert lab.lab_shop_gap() == round(sum(won) / len(won) - sum(lost) / len(lost))


def test_every_exercise_has_a_hint_ladder_of_at_least_three_steps():
    """From what to look at to nearly the answer, then "Show the answer" (issue: a hint ladder)."""
    import tomllib

    data = tomllib.loads((NOTEBOOKS / "exercises.toml").read_text(encoding="utf-8"))
    for name in data:
        widget = exercises.ask(name)
        ladder = widget.hints() if hasattr(widget, "ranking") else widget.hints
        assert len(ladder) >= 3, (name, ladder)
        assert len(set(ladder)) == len(ladder), (name, ladder)
        shown = [
            widget.show_hint() if hasattr(widget, "ranking") else widget.next_hint() for _ in ladder
        ]
        assert shown == ladder
        if not hasattr(widget, "ranking"):
            answer = widget.show_answer()
            assert answer.startswith("The answer: ")
            group = getattr(widget, "sheet_group", "")
            if group:  # a walk exercise shows a walk with its own group
                assert f"Take the {group.capitalize()} group" in answer, (name, answer)


GENERIC_HINT = "Read the question again"


@pytest.mark.parametrize("name", [n for n, d in DATA.items() if d["kind"] != "puzzle"])
def test_every_exercise_has_three_hints_of_its_own_from_general_to_specific(name):
    """Written for the exercise, not made up by ``hint_ladder``: at least three, all different, none
    the generic first hint, and the ladder the widget climbs is exactly these."""
    own = DATA[name].get("hints", [])
    assert len(own) >= 3, name
    assert len(set(own)) == len(own), name
    assert not any(h.startswith(GENERIC_HINT) for h in own), name
    assert exercises.ask(name).hints == own


@pytest.mark.parametrize("name", [n for n, d in DATA.items() if d["kind"] != "puzzle"])
def test_wrong_answers_are_explained_in_words(name):
    """Every wrong option of a choice and every other group of a group exercise has its own reason;
    a number exercise explains its tempting numbers and, for any other, gives its hint."""
    d = DATA[name]
    ex = exercises.ask(name)
    wrong = d.get("wrong", {})
    assert all(len(words.split()) >= 4 for words in wrong.values()), name
    if d["kind"] == "choice":
        assert set(wrong) == set(d["options"]) - {ex.answer}, name
    elif d["kind"] == "group":
        districts = {district for district, _ in ex.harbor.state.groups()}
        assert set(wrong) == districts - set(ex.answer), name
        for district in sorted(districts - set(ex.answer)):
            assert ex.answer_with(district) == f"Not quite. {wrong[district]}"
    elif d["kind"] == "number":
        assert wrong, name
        assert ex.answer_with("9999") == f"Not quite. Hint: {d['hint']}"
    else:  # a walk: the engine names the rule a walk breaks; a legal walk that is not asked for gets the hint
        assert d.get("hint"), name


# 06b, 11b and 12b: the second parts of lessons 06, 11 and 12, kept apart so that no page is too long
# (the English lessons: their translations are made from them, tests/test_translations.py)
LESSONS = sorted(p for p in NOTEBOOKS.glob("0[0-7]*_*.ipynb") if not is_translated_lesson(p)) + [
    NOTEBOOKS / "11_corintho.ipynb",
    NOTEBOOKS / "11b_corintho_puzzles_and_game.ipynb",
    NOTEBOOKS / "12_the_four_courts.ipynb",
    NOTEBOOKS / "12b_four_courts_score_and_game.ipynb",
]
# Practice besides ``ask``: a puzzle on its board (06: a stored one, a new one, the explorer's) or a
# trainer's flow; lesson 11's Corintho puzzles, one board or the trainer; lesson 12b's Four Courts
# trainer.
PRACTICE = re.compile(
    r"\b(?:corintho_puzzle|corintho_trainer|courts_puzzle|courts_trainer|puzzle_board"
    r"|puzzle_trainer|PuzzleWidget)\("
)
STEP = re.compile(r"^## (Step (\d+) of (\d+): .+)$", re.M)


def _cells(path):
    import json

    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [c for c in cells if "lab-only" not in c.get("metadata", {}).get("tags", [])]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lessons_are_short_steps_each_ending_in_its_own_practice(path):
    """Lessons 00–07 and 11 as the classroom serves them: every ## heading is "Step N of M: idea", each step
    asks at least one exercise, the lesson's exercises come in the order of exercises.toml, each step
    but the last ends with a "Next step →" link to the next step's heading (its anchor, as JupyterLab
    and Voilà make it), and the last with the link to the next lesson.

    The titles are ASCII: JupyterLab 4 keeps an em dash as it is in a heading's anchor but finds no
    heading for a link whose address has it percent-encoded, as every link's address has."""
    steps: list[dict] = []
    for cell in _cells(path):
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            heads = STEP.findall(text)
            assert len(heads) == len(re.findall(r"^## ", text, re.M)), text
            for title, n, m in heads:
                steps.append(
                    {
                        "title": title,
                        "n": int(n),
                        "m": int(m),
                        "asks": [],
                        "puzzles": 0,
                        "text": "",
                        "after": "",
                    }
                )
        if not steps:
            continue
        if cell["cell_type"] == "code":
            asks = re.findall(r'^ask\("([\w-]+)"', text, re.M)
            puzzles = len(PRACTICE.findall(text))
            steps[-1]["asks"] += asks
            steps[-1]["puzzles"] += puzzles
            practice = asks or puzzles
            steps[-1]["after"] = "" if practice else steps[-1]["after"] + text + "\n"
        else:
            steps[-1]["text"] += text + "\n"
            if not STEP.search(text):
                steps[-1]["after"] += text + "\n"
    assert steps, path.name
    assert [s["n"] for s in steps] == list(range(1, len(steps) + 1))
    assert {s["m"] for s in steps} == {len(steps)}
    for step in steps:
        assert step["asks"] or step["puzzles"], f"{step['title']} has no practice"
    asked = [name for step in steps for name in step["asks"]]
    assert asked == [n for n in DATA if n.startswith(f"{path.name.split('_')[0]}-")]
    for step, following in zip(steps, steps[1:]):
        anchor = following["title"].replace(" ", "-")
        assert anchor.isascii(), anchor
        assert f"[Next step →](#{anchor})" in step["text"], step["title"]
    assert "Next lesson: **[" in steps[-1]["text"], steps[-1]["title"]
    for step in steps:  # the practice comes last: after the last exercise, only the links
        lines = [line for line in step["after"].splitlines() if line.strip()]
        # (after the last step, the lesson's recap too: each line a link back to its step)
        links = r"\*\*\[Next step →\]|Next lesson|All the lessons|\*\*What you should now know|- \["
        assert all(re.match(links, ln) for ln in lines), (
            step["title"],
            lines,
        )


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_the_progress_line_knows_each_steps_exercises_and_the_next_lesson(path):
    """``lesson_steps`` (what the progress line names) reads the same steps as the learner meets:
    every exercise of the lesson in its step, in order, each with words of its own, and the lesson
    its last step links to."""
    steps, following = exercises.lesson_steps(path.name.split("_")[0])
    titles = [
        t
        for c in _cells(path)
        if c["cell_type"] == "markdown"
        for t, *_ in STEP.findall("".join(c["source"]))
    ]
    assert [s["title"] for s in steps] == titles
    asked = [n for s in steps for n in s["items"] if not n.startswith(("puzzle-", "corintho-"))]
    assert asked == [n for n in DATA if n.startswith(f"{path.name.split('_')[0]}-")]
    for step in steps:
        assert len(step["labels"]) == len(step["items"]) and all(step["labels"]), step
    assert following["file"].endswith(".ipynb") and (NOTEBOOKS / following["file"]).is_file()


def test_06_answers_match_the_solver():
    from corinth.solver import rank_moves

    ranking = rank_moves(puzzles.ranked_puzzle().state, "immediate")
    assert puzzles.puzzle_margin() == round(ranking[0].value - ranking[1].value) >= 1
    first, second = puzzles.expected_ranking()[:2]
    overlap = first.ci[0] <= second.ci[1]
    assert puzzles.expected_apart().startswith("No" if overlap else "Yes")


def test_07_median_and_hardest_opponent_match_the_saved_run():
    import statistics

    from strategy_lab import STRATEGIES, load_results

    games = load_results()
    totals = {
        n: [s[-1] for g in games for m, s in zip(g["strategies"], g["scores"]) if m == n]
        for n in STRATEGIES
    }
    medians = sorted(STRATEGIES, key=lambda n: statistics.median(totals[n]), reverse=True)
    assert lab.lab_best_median() == medians[0]
    assert statistics.median(totals[medians[0]]) > statistics.median(totals[medians[1]])
    share = {}
    for other in STRATEGIES:
        if other != "greedy":
            met = [g for g in games if {"greedy", other} <= set(g["strategies"])]
            wins = [
                g["scores"][g["strategies"].index("greedy")][-1]
                > g["scores"][g["strategies"].index(other)][-1]
                for g in met
            ]
            share[other] = sum(wins) / len(wins)
    assert lab.lab_greedy_hardest_opponent() == min(share, key=share.get)


def test_12_puzzle_buttons_are_every_choice_of_the_stored_puzzle_and_the_answer_its_best():
    """Lesson 12b's "which card now?" buttons: every card in the puzzle's hand with every Court it
    fits, no other; the right one is the stored puzzle's best choice, ranked again as the set loads."""
    from corinth.courts import CARDS, COURTS
    from corinth.courts.cards import FITS

    puzzle = courts.courts_puzzle()
    view = puzzle.view
    choices = [f"{CARDS[c].word} {COURTS[k]}" for c in view.hand for k in FITS[c]]
    options = DATA["12b-which-card"]["options"]
    assert sorted(options) == sorted(courts.courts_choice_words(c) for c in choices)
    assert len(puzzle.answers) == 1
    (best,) = puzzle.answers
    assert courts.courts_best_choice() == courts.courts_choice_words(best)
    widget = exercises.ask("12b-which-card")
    assert widget.answer_with(courts.courts_best_choice()).startswith("Right!")
