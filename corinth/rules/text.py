"""The harbor and player sheets drawn as plain text (for the CLI, saved-game viewers and reprs).

>>> from corinth.rules import new_game
>>> s = new_game(players=2, seed=1, first_player=0).apply("buy 0").apply("roll 112344666")
>>> print(render_harbor(s))
Harbor: goats 1×2 | green 2×1 | purple 3×1 | blue 4×2 | orange - | gold 6×3
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from corinth.shared.language import N_, _

from .sheet import BUILDING_TITLES, BUILDINGS, HARBOR, MARKET_SIZE, district_lower

if TYPE_CHECKING:
    from .state import GameState


def render_harbor(state: GameState) -> str:
    parts = []
    for name, g in zip(HARBOR, state.harbor):
        text = "-" if g is None else f"{g}"
        if g is not None and g.yellow:
            text += f"({g.yellow}y)"
        parts.append(f"{district_lower(name)} {text}")
    return _("Harbor: {districts}").format(districts=" | ".join(parts))


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
    out = [
        _("Player {n} (first player)").format(n=player + 1)
        if player == state.first_player
        else _("Player {n}").format(n=player + 1)
    ]
    names = [district_lower(district.name) for district in sheet.districts]
    width = max([7] + [len(name) + 1 for name in names])  # English: 7, as the table was drawn
    for d, district in enumerate(sheet.districts):
        shops = " ".join(
            f"[{'x' * f}{'.' * (s.goods - f)}]{s.points}"
            for s, f in zip(district.shops, p.shops[d])
        )
        owner = state.bonus_owner[d]
        bonus = ""
        if district.bonus:
            bonus = "  " + _("bonus {points}: {state}").format(
                points=district.bonus,
                state=_("open")
                if owner < 0
                else _("claimed")
                if owner == player
                else _("lost to player {n}").format(n=owner + 1),
            )
        out.append(f"  {names[d]:<{width}}{shops}{bonus}")
    out.append(
        "  "
        + _(
            "gold {gold} (circled {gold_circled}/{gold_track})   "
            "goats {goats} (circled {goats_circled}/{goat_track})   "
            "turns {turns}/{turn_track}"
        ).format(
            gold=p.gold,
            gold_circled=p.gold_circled,
            gold_track=sheet.gold_track,
            goats=p.goats,
            goats_circled=p.goats_circled,
            goat_track=sheet.goat_track,
            turns=p.turns,
            turn_track=sheet.turn_track,
        )
    )
    built = [_(BUILDING_TITLES[b]) for b in BUILDINGS if p.has(b)]
    out.append(
        "  "
        + _("buildings: {buildings}").format(buildings=", ".join(built) if built else _("none"))
    )
    out.append("  " + _("market (circled in (), used in [], steward @):"))
    out.extend(render_market(state, player))
    if p.scores:
        out.append("  " + _("scoring spots: {scores}").format(scores=", ".join(map(str, p.scores))))
    b = state.score_breakdown(player)
    out.append(
        "  "
        + _(
            "score {total} = shops {shops} + bonuses {bonuses} + gold {gold} + goats {goats}"
            " + market {market} + temple {temple}"
        ).format(
            total=b.total,
            shops=b.shops,
            bonuses=b.bonuses,
            gold=b.gold,
            goats=b.goats,
            market=b.market,
            temple=b.temple,
        )
    )
    return "\n".join(out)


# Each phase of a turn in plain words (the engine's phase names stay in code and saved games);
# English here, shown as _(PHASE_WORDS[phase]).
PHASE_WORDS = {
    "purvey": N_("buy yellow dice"),
    "roll": N_("roll"),
    "take": N_("take a group"),
    "build": N_("build"),
    "compensate": N_("no group left: one steward step or pass"),
}


def render_state(state: GameState, player: int | None = None) -> str:
    """The whole game, or one player's sheet when ``player`` is given."""
    if state.is_over:
        winners = [_("player {n}").format(n=w + 1) for w in state.winners]
        names = winners[0] if winners else ""
        for name in winners[1:]:
            names = _("{first} and {second}").format(first=names, second=name)
        head = _("Round {round}: game over, winner {winners}").format(
            round=state.round, winners=names
        )
    else:
        head = _("Round {round}, {phase}, player {n} to play").format(
            round=state.round, phase=_(PHASE_WORDS[state.phase]), n=state.current_player + 1
        )
    players = range(state.num_players) if player is None else [player]
    return "\n".join([head, render_harbor(state)] + [render_sheet(state, i) for i in players])
