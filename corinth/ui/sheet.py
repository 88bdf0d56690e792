"""A player's sheet as a widget: shops, bonuses, the market with the steward, tracks, buildings, score."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

import traitlets

from corinth.render.board import (
    TITLES,
    arrival_shops,
    distances,
    reachable_now,
    sheet_board,
    step_range,
)
from corinth.render.svg import draw_sheet
from corinth.rules import (
    BUILDINGS,
    HARBOR,
    Compensate,
    DiceGroup,
    GameState,
    IllegalMove,
    Move,
    Take,
)
from corinth.rules.geometry import CELLS, SIZE, cell_index
from corinth.rules.scoring import TERMS, term_word
from corinth.rules.text import PHASE_WORDS
from corinth.shared.language import N_, _

from ._base import Board, Whole, module, stylesheet

# A bonus's state as the text form names them (the score's terms: ``term_word``).
BONUS_WORDS = {"open": N_("open"), "claimed": N_("claimed"), "lost": N_("lost")}

_CELL_NAME = re.compile(r"\br[0-4]c[0-4]\b")  # a cell in the engine's message, before its words


class SheetWidget(Board):
    """One player's sheet (C3): shops, bonus boxes, the 5×5 market, tracks, buildings, turns and score (E1).

    Clicking market cells draws a steward path from the steward (A4): each click adds a step, clicking the
    path's last cell takes it back, clicking the steward clears the path. A click the rules forbid is
    refused and ``message`` says why, with the rule ID. ``path_ready`` tells when the drawn path is a
    complete legal move; ``move()`` returns it. ``group`` names the harbor group that pays for the move.

    >>> from corinth.rules import new_game
    >>> state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
    >>> sheet = SheetWidget(state, player=0, group="goats")
    >>> sheet.click(7)  # r1c2, one step up from the centre; the Goats group shows 1
    >>> sheet.path, sheet.path_ready, str(sheet.move())
    ([7], True, 'goats steward r1c2 shops 1')
    >>> sheet.click(0)
    Refused: the scoring spot, row 1, column 1 is not next to the purple ×2 cell, row 2, column 3 (A4b)
    >>> sheet.message
    'the scoring spot, row 1, column 1 is not next to the purple ×2 cell, row 2, column 3 (A4b)'
    """

    _esm = module("sheet.js")
    _css = stylesheet()

    board = traitlets.Dict().tag(sync=True)
    path = traitlets.List(traitlets.Int()).tag(sync=True)
    path_ready = traitlets.Bool(False).tag(sync=True)
    group = traitlets.Unicode("").tag(sync=True)
    player = traitlets.Int(0).tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)
    # A hint's walk, drawn dotted (not chosen); the cells the last refusal names, outlined.
    hinted = traitlets.List(traitlets.Int()).tag(sync=True)
    named = traitlets.List(traitlets.Int()).tag(sync=True)
    # The cells the lesson's text beside the board names ("row 1, column 1"), outlined for good.
    highlight = traitlets.List(traitlets.Int()).tag(sync=True)
    from_page = ("player", "group", "path")

    @traitlets.validate("player")
    def _check_player(self, proposal: dict) -> int:
        player = proposal["value"]
        players = self._state.num_players if self._state is not None else 4
        if not 0 <= player < players:
            raise traitlets.TraitError(
                _("there is no player {player}: this game has players 1 to {players}").format(
                    player=player + 1, players=players
                )
            )
        return player

    @traitlets.validate("group")
    def _check_group(self, proposal: dict) -> str:
        group = proposal["value"]
        if group and group not in HARBOR:
            raise traitlets.TraitError(
                _("there is no district {district}: the harbor has {districts} (R4)").format(
                    district=repr(group[:20]), districts=", ".join(HARBOR)
                )
            )
        return group

    @traitlets.validate("highlight")
    def _check_highlight(self, proposal: dict) -> list[int]:
        """The cells a lesson names, numbered 0-24.

        >>> SheetWidget(highlight=[0]).highlight
        [0]
        """
        cells = proposal["value"]
        if any(not 0 <= c < CELLS for c in cells):
            raise traitlets.TraitError(f"highlight: market cells numbered 0 to {CELLS - 1}")
        return cells

    @traitlets.validate("path")
    def _check_path(self, proposal: dict) -> list[int]:
        path = proposal["value"]
        if any(not 0 <= c < CELLS for c in path):
            raise traitlets.TraitError(f"a path is market cells numbered 0 to {CELLS - 1}")
        return path

    def page_sets(self, name: str, value: Any) -> None:
        if name == "path":
            if not isinstance(value, list) or not all(
                isinstance(c, int) and not isinstance(c, bool) for c in value
            ):
                raise TypeError("a path is a list of market cell numbers")
            self.draw(value)
        elif name == "player":
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError("a player is a whole number")
            self.player = value
        else:
            if not isinstance(value, str):
                raise TypeError("a group is a district name such as 'blue'")
            self.group = value

    def __init__(
        self, state: GameState | None = None, player: int | None = None, group: str = "", **kwargs
    ):
        if player is None:
            player = max(0, state.current_player) if state is not None else 0
        if state is not None and not 0 <= player < state.num_players:
            raise ValueError(
                f"there is no player {player + 1}: this game has players 1 to {state.num_players}"
            )
        self._state = state
        super().__init__(player=player, group=group, **kwargs)
        self.state = state
        self.observe(lambda _c: self._redraw(clear=True), ["group", "player"])

    def show(self, state: GameState | None) -> None:
        """Show another moment of the game; the drawn path is cleared, the widget stays."""
        self._redraw(clear=True)

    def _redraw(self, clear: bool = False) -> None:
        with self.hold_sync():
            if clear:
                self.path = []
                self.path_ready = False
                self.message = ""
                self.named = []
            if self._state is not None:
                self.board = sheet_board(self._state, self.player, self.group, tuple(self.path))

    # --- clicks ------------------------------------------------------------------------------

    page_events = {
        "cell": {"index": Whole(0, CELLS - 1, f"a market cell number, 0 to {CELLS - 1}")}
    }

    def react(self, event: str, fields: dict) -> None:
        self.click(fields["index"])

    def click(self, index: int) -> None:
        """What clicking market cell ``index`` does: add a step, take one back, or refuse with the rule."""
        state = self._state
        if type(index) is not int or not 0 <= index < CELLS:
            self.refuse(
                _("a click on the market names a cell by its number, 0 to {last}").format(
                    last=CELLS - 1
                )
            )
            return
        if state is None:
            return
        p = state.players[self.player]
        if index == p.steward and self.path:
            self._set_path(())
            return
        if self.path and index == self.path[-1]:
            self._set_path(tuple(self.path[:-1]))
            return
        reason = self._refusal(state, tuple(self.path) + (index,))
        if reason:
            self.refuse(reason)
        else:
            self._set_path(tuple(self.path) + (index,))

    def _set_path(self, path: tuple[int, ...]) -> None:
        state = self._state
        ready = bool(path) and state is not None and self._complete(state, path)
        with self.hold_sync():
            self.message = ""
            self.named = []
            self.path_ready = ready
            self.path = list(path)  # last, so observers of ``path`` see the rest already
            self._redraw()
        self._fire("path", list(path), ready)

    def _refusal(self, state: GameState, path: tuple[int, ...]) -> str:
        """Why the path cannot be drawn (the engine's message with its rule), or "" if it can."""
        if not self.interactive:
            return _("this sheet is for viewing only")
        if state.current_player != self.player:
            if state.is_over:
                return _("it is nobody's turn, not player {player}'s (R6)").format(
                    player=self.player + 1
                )
            return _("it is player {current}'s turn, not player {player}'s (R6)").format(
                current=state.current_player + 1, player=self.player + 1
            )
        if state.phase == "compensate":
            return self._engine_says(
                state, Compensate(path, arrival_shops(state, self.player, path[-1])[0])
            )
        if state.phase != "take":
            return _("no steward move now: it is time to {phase} (A4)").format(
                phase=_(PHASE_WORDS[state.phase])
            )
        if not self.group:
            return _("take a group first: the steward moves as many steps as its face value (A4)")
        slot = HARBOR.index(self.group)
        group = state.harbor[slot]
        if group is None:
            return _("the {district} district has no group to take (R6)").format(
                district=_(TITLES[self.group])
            )
        # Check the steps with a group whose face matches the path, so the steps are checked on their own.
        trial = dataclasses.replace(
            state,
            harbor=state.harbor[:slot] + (DiceGroup(len(path), 1),) + state.harbor[slot + 1 :],
        )
        shops = arrival_shops(state, self.player, path[-1])[0]
        reason = self._engine_says(trial, Take(self.group, path, shops))
        if reason:
            return reason
        lo, hi = step_range(state, self.player, group.face)
        if len(path) > hi:
            return self._engine_says(state, Take(self.group, path, shops))
        return ""

    @staticmethod
    def _engine_says(state: GameState, move: Move) -> str:
        try:
            state.apply(move)
        except IllegalMove as exc:
            return str(exc)
        return ""

    def refuse(self, reason: str | IllegalMove) -> None:
        """Say why a click was refused, in words, and outline on the market the cells it names.

        >>> from corinth.rules import new_game
        >>> state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
        >>> sheet = SheetWidget(state, player=0, group="goats")
        >>> sheet.click(0)
        Refused: the scoring spot, row 1, column 1 is not next to the steward start, row 3, column 3 (A4b)
        >>> sheet.named
        [0, 12]
        """
        self.named = [cell_index(name) for name in _CELL_NAME.findall(str(reason))]
        super().refuse(reason)

    def _complete(self, state: GameState, path: tuple[int, ...]) -> bool:
        move = self.move(path)
        return move is not None and not self._engine_says(state, move)

    def move(
        self, path: tuple[int, ...] | None = None, shops: tuple[int, ...] | None = None
    ) -> Move | None:
        """The steward move the drawn path makes (with the first shop choice unless ``shops`` is given)."""
        state = self._state
        path = tuple(self.path) if path is None else tuple(path)
        if state is None or not path:
            return None
        if shops is None:
            shops = arrival_shops(state, self.player, path[-1])[0]
        if state.phase == "compensate":
            return Compensate(path, shops)
        if not self.group:
            return None
        return Take(self.group, path, shops)

    def shop_choices(self) -> list[tuple[int, ...]]:
        """Where the goods of the path's arrival cell may go (M1, A3a); ``[()]`` if it gives none."""
        if self._state is None or not self.path:
            return [()]
        return arrival_shops(self._state, self.player, self.path[-1])

    def draw(self, path: list[int] | tuple[int, ...]) -> None:
        """Draw a whole path at once, step by step as clicks would; a refused step keeps the old path.

        >>> from corinth.rules import new_game
        >>> state = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
        >>> sheet = SheetWidget(state, player=0, group="green")
        >>> sheet.draw([7, 2])
        >>> sheet.path, sheet.path_ready
        ([7, 2], True)
        """
        state = self._state
        if state is None:
            raise ValueError("no game is shown")
        for k in range(len(path)):
            if not 0 <= path[k] < CELLS:
                raise ValueError(f"a path is market cells numbered 0 to {CELLS - 1}")
            reason = self._refusal(state, tuple(path[: k + 1]))
            if reason:
                raise ValueError(reason)
        self._set_path(tuple(path))

    def clear(self) -> None:
        """Forget the drawn path."""
        self._set_path(())

    def on_path(self, callback: Callable[[list[int], bool], None], remove: bool = False) -> None:
        """Call ``callback(path, ready)`` whenever the drawn path changes."""
        self._on("path", callback, remove)

    # --- static forms ------------------------------------------------------------------------

    def text(self) -> str:
        b = self.board
        if not b:
            return _("Sheet (no game)")
        s = b["score"]
        head = _("{title}'s sheet (to play)") if b["current"] else _("{title}'s sheet")
        lines = [head.format(title=b["title"])]
        for d in b["districts"]:
            shops = "  ".join(
                f"[{'x' * sh['filled']}{'.' * (sh['goods'] - sh['filled'])}]{sh['points']}"
                for sh in d["shops"]
            )
            status = d["bonus_status"]
            bonus = (
                _("bonus {bonus} {status}").format(
                    bonus=d["bonus"], status=_(BONUS_WORDS.get(status, status))
                )
                if d["bonus"]
                else _("no bonus")
            )
            lines.append(f"  {d['title']:<7} {shops}  ({bonus})")
        lines.append(
            "  " + _("Market (( ) circled, x used, @ steward, 1-9 drawn path, * reachable now):")
        )
        for r in range(SIZE):
            row = []
            for c in b["market"][r * SIZE : (r + 1) * SIZE]:
                text = c["short"]
                if c["step"]:
                    mark = f"{c['step']}{text}"
                elif c["steward"]:
                    mark = f"@{text}"
                elif c["circled"]:
                    mark = f"({text})"
                elif c["used"]:
                    mark = f"x{text}"
                elif c["reachable"]:
                    mark = f"*{text}"
                else:
                    mark = text
                row.append(f"{mark:<6}")
            lines.append("    " + " ".join(row).rstrip())
        if b["scores"]:
            lines.append(
                "  "
                + _("Scoring spots written: {spots}").format(spots=", ".join(map(str, b["scores"])))
            )
        g, t = b["gold"], b["goats"]
        gold = _("Gold {held} (circled {circled}/{track}, crossed {crossed})").format(
            held=g["circled"] - g["crossed"],
            circled=g["circled"],
            track=g["track"],
            crossed=g["crossed"],
        )
        goats = _("Goats {held} (circled {circled}/{track}, crossed {crossed})").format(
            held=t["circled"] - t["crossed"],
            circled=t["circled"],
            track=t["track"],
            crossed=t["crossed"],
        )
        lines.append(f"  {gold}   {goats}")
        built = [
            f"[{'x' if x['built'] else ' '}] {x['title']} ({x['gold']}$+{x['goats']}G)"
            for x in b["buildings"]
        ]
        lines.append("  " + _("Buildings: {buildings}").format(buildings="  ".join(built)))
        tr = b["turns"]
        track = _("Roll track: {track}").format(
            track="X" * tr["crossed"] + "." * (tr["track"] - tr["crossed"])
        )
        yellow = _("Yellow dice earned: {n}").format(n=b["yellow"])
        lines.append(f"  {track}   {yellow}")
        terms = " + ".join(f"{term_word(t)} {s[t]}" for t in TERMS)
        lines.append("  " + _("Score: {terms} = {total}").format(terms=terms, total=s["total"]))
        if self.message:
            lines.append(f"! {self.message}")
        return "\n".join(lines)

    def to_svg(self) -> str:
        """The sheet as a standalone SVG (for handouts and static viewers; ``corinth.render``)."""
        return draw_sheet(self.board)


__all__ = [
    "BUILDINGS",
    "SIZE",
    "SheetWidget",
    "distances",
    "reachable_now",
    "sheet_board",
    "step_range",
]
