"""The rulebook's worked examples, replayed through the engine, each citing the rulebook's words.

The printed examples are pictures with a line of text; where the picture's position is not in the
text, the test sets up the smallest position the words describe. The scoring example ("Exemple de
décompte dans une partie à 4 joueurs" / "Wertungsbeispiel eines Spielerbogens") has no numbers in the
text, so only its rule (M6, E1) is replayed.
"""

from __future__ import annotations

from pathlib import Path

from corinth.rules import GOODS, DiceGroup, default_sheet, load_sheet, new_game
from corinth.rules.sheet import sheet_from_dict
from tests.conftest import act, assert_illegal, cell, cells, fills, game, play, with_player

# goats 1, green 2, purple 3, blue 4×3, orange 5, gold 6×2
ROLL = "buy 0; roll 123444566"
THREE_SPOTS = Path(__file__).parent / "sheets" / "three_scoring_spots.toml"


def test_example_dice_placement():
    # "Tous les dés de plus haute valeur sont placés sur le quartier Or du port. On répartit les autres
    # dés … les plus faibles sur le quartier Chèvres puis en montant le long du plateau." (R4)
    state = play(game(), "buy 0; roll 113446662")
    assert state.groups() == [
        ("goats", DiceGroup(1, 2, 0)),
        ("green", DiceGroup(2, 1, 0)),
        ("purple", DiceGroup(3, 1, 0)),
        ("blue", DiceGroup(4, 2, 0)),
        ("gold", DiceGroup(6, 3, 0)),
    ]  # Orange stays empty: the groups ran out before it


def test_example_blue_three_dice_complete_the_8_then_the_3_point_shop_and_claim_the_bonus():
    # "Dans cette situation, avec 3 dés on peut compléter l'échoppe à 8 points puis celle à 3 points.
    # On récupère aussi les 3 points de bonus de ce quartier" / "Mit einer Gruppe von drei Würfeln
    # könntest du zuerst den Verkaufsstand mit 8 Punkten vollständig auffüllen und dann den
    # Verkaufsstand mit 3 Punkten. … erhältst du zudem die 3 Bonuspunkte" (A3, A3a, A3c)
    blue = default_sheet().district("blue")
    points = [s.points for s in blue.shops]
    assert points == [3, 5, 8] and blue.bonus == 3  # the default sheet's Blue (RULES.md)
    eight, three = points.index(8), points.index(3)
    # The situation: the 5-point shop complete, the 8-point shop one good short, the 3-point shop
    # (two goods) empty — so 3 checks finish both.
    start = [s.goods if s.points == 5 else 0 for s in blue.shops]
    start[eight] = blue.shops[eight].goods - 1
    assert blue.shops[three].goods == 2
    state = play(with_player(game(), 0, district="blue", fills=start), ROLL)
    after = act(state, f"blue {three + 1}")  # the started 8-point shop is completed first (A3a)
    assert fills(after, 0, "blue") == tuple(s.goods for s in blue.shops)
    assert after.bonus_owner[GOODS.index("blue")] == 0
    before, now = state.score_breakdown(0), after.score_breakdown(0)
    assert now.shops - before.shops == 8 + 3 and now.bonuses - before.bonuses == 3
    # "il est obligatoire de compléter une échoppe entamée avant d'en entamer une nouvelle"
    assert_illegal(state, f"blue {three + 1},{eight + 1}", "A3a")


def _blue_one_at_r1c0():
    """The default sheet with a blue-1 cell three steps from the centre (r2c1, r2c0, r1c0)."""
    data = default_sheet().to_dict()
    rows = [list(r) for r in data["market"]["rows"]]
    rows[1][0] = "blue 1"
    return sheet_from_dict({**data, "market": {**data["market"], "rows": rows}})


def test_example_steward_three_steps_check_one_blue_good():
    # "Beispiel für die Bewegung des Statthalters: = 3 Schritte — Kreuze eine Ware im blauen Bezirk
    # an." / "Cochez un symbole du quartier bleu." (A4, A4e, M1)
    sheet = _blue_one_at_r1c0()
    state = play(new_game(players=2, seed=1, first_player=0, sheet=sheet), ROLL)
    after = act(state, "purple steward r2c1,r2c0,r1c0 shops 1")  # a group of face 3: 3 steps
    p = after.players[0]
    assert p.steward == cell("r1c0") and p.gold == 1  # no gold spent: the steps match the face
    assert sum(fills(after, 0, "blue")) == 1  # one blue good checked
    assert p.circled == cells("r1c0") and p.used == cells("r2c2", "r2c1", "r2c0", "r1c0")


def test_example_the_number_of_dice_does_not_change_the_steps():
    # "Note : Le nombre de dés dans le groupe n'influe pas sur le nombre de pas." (A4)
    fixture = new_game(players=2, seed=1, first_player=0, sheet=load_sheet(THREE_SPOTS))
    state = play(with_player(fixture, 0, gold=0), ROLL)  # Blue: three dice showing 4
    assert_illegal(state, "blue steward r2c1,r2c0,r1c0", "A4a")  # 3 steps ≠ face 4, no gold
    after = act(state, "blue steward r2c1,r2c0,r1c0,r0c0")
    assert after.players[0].steward == cell("r0c0")


def test_example_a_full_steward_move_or_none():
    # "Si un joueur … ne peut pas effectuer un déplacement complet avec l'intendant (pas assez de
    # pièces d'or pour réduire le nombre de pas), il ne peut pas choisir cette action." (A4d)
    state = play(with_player(game(), 0, gold=0), ROLL)
    assert all(len(m.path) == 6 for m in state.legal_moves() if m.district == "gold" and m.path)
    assert_illegal(state, "gold steward r2c1", "A4a")


def test_example_scoring_spots_first_then_running_total():
    # "La première fois …, inscrivez … autant de points que le nombre de zones entourées dans le
    # marché plus un point par symbole « +1 » entouré. Les deuxième ou troisième fois, inscrivez-y
    # la somme du score précédent et des points que vous rapporte le déplacement entre la zone de
    # décompte précédente et l'actuelle." (M6) — on the three-spot test sheet (r2c0 is a +1 cell).
    sheet = load_sheet(THREE_SPOTS)
    state = new_game(players=2, seed=1, first_player=0, sheet=sheet)
    circled = cells("r2c1", "r2c0", "r1c0")
    used = circled | cells("r2c2")
    state = play(with_player(state, 0, steward=cell("r1c0"), circled=circled, used=used), ROLL)
    first = act(state, "goats steward r0c0")  # face 1: one step onto the scoring spot
    # 4 circled cells (r2c1, r2c0, r1c0 and the spot itself) + 1 circled +1 cell
    assert first.players[0].scores == (5,)
    second = act(act(first, "gold"), "blue steward r0c1,r0c2,r0c3,r0c4")  # face 4 to the next spot
    # the move circles one more cell (passing the +1 at r0c2 does not circle it, M7): 5 + 1
    assert second.players[0].scores == (5, 6)
    assert second.score_breakdown(0).market == 11
