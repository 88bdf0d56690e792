"""The harbor and player sheets drawn as plain text (for the CLI, saved-game viewers and reprs).

>>> from corinth.rules import new_game
>>> s = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
>>> print(render_harbor(s))
Harbor: goats 1×2 | green 2×1 | purple 3×1 | blue 4×2 | orange - | gold 6×3
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .sheet import BUILDING_TITLES, BUILDINGS, HARBOR, MARKET_SIZE

if TYPE_CHECKING:
    from .state import GameState


def render_harbor(state: GameState) -> str:
    parts = []
    for name, g in zip(HARBOR, state.harbor):
        text = "-" if g is None else f"{g}"
        if g is not None and g.yellow:
            text += f"({g.yellow}y)"
        parts.append(f"{name} {text}")
    return "Harbor: " + " | ".join(parts)


def render_market(state: GameState, player: int) -> list[str]:
    """The market grid: circled cells in (), used cells in [], the steward marked @."""
    p = state.players[player]
    market = state.sheet.market
    lines = []
    for r in range(MARKET_SIZE):
        cells = []
        for c in range(MARKET_SIZE):
            i = r * MARKET_SIZE + c
            label = market.cells[i].short()
            if i == p.steward:
                label = "@" + label
            if p.circled >> i & 1:
                label = f"({label})"
            elif p.used >> i & 1:
                label = f"[{label}]"
            cells.append(f"{label:^7}")
        lines.append("  " + "".join(cells))
    return lines


def render_sheet(state: GameState, player: int) -> str:
    """One player's sheet: shops, bonuses, tracks, buildings, market and score terms."""
    p = state.players[player]
    sheet = state.sheet
    out = [f"Player {player + 1}" + (" (first player)" if player == state.first_player else "")]
    for d, district in enumerate(sheet.districts):
        shops = " ".join(
            f"[{'x' * f}{'.' * (s.goods - f)}]{s.points}"
            for s, f in zip(district.shops, p.shops[d])
        )
        owner = state.bonus_owner[d]
        bonus = ""
        if district.bonus:
            bonus = f"  bonus {district.bonus}: " + (
                "open"
                if owner < 0
                else "claimed"
                if owner == player
                else f"lost to player {owner + 1}"
            )
        out.append(f"  {district.name:<7}{shops}{bonus}")
    out.append(
        f"  gold {p.gold} (circled {p.gold_circled}/{sheet.gold_track})   "
        f"goats {p.goats} (circled {p.goats_circled}/{sheet.goat_track})   "
        f"turns {p.turns}/{sheet.turn_track}"
    )
    built = [BUILDING_TITLES[b] for b in BUILDINGS if p.has(b)]
    out.append("  buildings: " + (", ".join(built) if built else "none"))
    out.append("  market (circled in (), used in [], steward @):")
    out.extend(render_market(state, player))
    if p.scores:
        out.append("  scoring spots: " + ", ".join(map(str, p.scores)))
    b = state.score_breakdown(player)
    out.append(
        f"  score {b.total} = shops {b.shops} + bonuses {b.bonuses} + gold {b.gold} + goats {b.goats}"
        f" + market {b.market} + temple {b.temple}"
    )
    return "\n".join(out)


# Each phase of a turn in plain words (the engine's phase names stay in code and saved games).
PHASE_WORDS = {
    "purvey": "buy yellow dice",
    "roll": "roll",
    "take": "take a group",
    "build": "build",
    "compensate": "no group left: one steward step or pass",
}


def render_state(state: GameState, player: int | None = None) -> str:
    """The whole game, or one player's sheet when ``player`` is given."""
    if state.is_over:
        winners = " and ".join(f"player {w + 1}" for w in state.winners)
        head = f"Round {state.round}: game over, winner {winners}"
    else:
        head = f"Round {state.round}, {PHASE_WORDS[state.phase]}, player {state.current_player + 1} to play"
    players = range(state.num_players) if player is None else [player]
    return "\n".join([head, render_harbor(state)] + [render_sheet(state, i) for i in players])
