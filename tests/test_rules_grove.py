"""SPEC §4: the Grove rules and the Recipe Challenge, one hand-built position per clause.

Cards used (cards.yaml), upright rows top first:
  grove 2 ``O1 O2 / L1 M2 / M1 .`` and 3 ``O2 O1 / M1 . / L1 L2``.
So card 2 played ``r0`` at 0,0 lays O1 on (0,0), O2 on (1,0), L1 on (0,1),
M2 on (1,1), M1 on (0,2) and its clearing on (1,2).
"""
from __future__ import annotations

import pytest

from pnp.deck import Recipe
from pnp.errors import IllegalMoveError, InvalidDealError
from pnp.games import find_game
from pnp.games.grove import evaluate_recipe
from pnp.notation import Deal, Move

from positions import at, covered, play, position, rows

DEAL = "grove:1,2,3,4"  # start 1, hand 2 and 3, then 4
FRUITS = ("O", "L", "M")


def illegal(game, state, move: str) -> str:
    with pytest.raises(IllegalMoveError) as exc:
        play(game, state, move)
    assert Move.parse(move) not in game.legal_moves(state)
    return exc.value.reason


def test_cells_are_trees_with_one_or_two_fruits_or_a_clearing():
    game = find_game("grove")
    assert rows(game.start(DEAL)) == ["L1 .", "M2 L1", "O2 M1"]
    for card in game.deck.cards:
        for _, _, cell in card.face().cells():
            assert (cell.fruit is None and cell.count == 0) or (cell.fruit in FRUITS and cell.count in (1, 2))


# ----------------------------------------------------------------- §4.2 legal placement


class TestLegalPlacement:
    def test_must_cover_a_visible_cell(self):
        game, state = position(DEAL, ["O2"])
        assert illegal(game, state, "2 r0 4,4") == "covers no visible cell"

    def test_a_clearing_counts_as_a_visible_cell(self):
        game, state = position(DEAL, ["-", "-", "- ."])
        after = play(game, state, "2 r0 0,0")  # only the card's clearing lands on the clearing
        assert at(after, 1, 2) == "."

    def test_tree_over_matching_tree(self):
        game, state = position(DEAL, ["O2"])
        assert at(play(game, state, "2 r0 0,0"), 0, 0) == "O1:3"

    def test_tree_over_other_tree_spends_the_squirrel(self):
        game, state = position(DEAL, ["L1"])
        after = play(game, state, "2 r0 0,0")
        assert at(after, 0, 0) == "O1*S"
        assert game.squirrels_left(after) == 0

    def test_tree_over_other_tree_without_squirrel_is_illegal(self):
        game, state = position(DEAL, ["L1 - - M1*S"])
        assert illegal(game, state, "2 r0 0,0") == "mismatch at 0,0 but the squirrel is already spent"

    def test_one_mismatch_per_game(self):
        game, state = position(DEAL, ["L1 L1"])
        assert illegal(game, state, "2 r0 0,0") == "2 mismatches but only 1 squirrel left"

    def test_a_deck_of_two_squirrels_or_none_says_so(self):
        """With two squirrels: "only 2 squirrel left", then "the squirrel is
        already spent"; with none, "the squirrel is already spent" read as if it
        had been used."""
        from dataclasses import replace as swap

        from pnp.deck import load_deck
        from pnp.games.grove import GroveGame
        gd = load_deck().game("grove")
        two, none = GroveGame(swap(gd, mismatch_tokens=2)), GroveGame(swap(gd, mismatch_tokens=0))
        game, state = position(DEAL, ["L1 L1", "- L1"], game=two)
        assert illegal(game, state, "2 r0 0,0") == "3 mismatches but only 2 squirrels left"
        game, state = position(DEAL, ["L1 - - M1*S", "- - - M1*S"], game=two)
        assert illegal(game, state, "2 r0 0,0") == "mismatch at 0,0 but both squirrels are already spent"
        game, state = position(DEAL, ["L1"], game=none)
        assert illegal(game, state, "2 r0 0,0") == "mismatch at 0,0 (this deck has no squirrel)"

    def test_tree_over_clearing_with_die_must_match_the_die(self):
        game, state = position(DEAL, [".:O3"])
        assert at(play(game, state, "2 r0 0,0"), 0, 0) == "O1:4"
        game, state = position(DEAL, [".:L3 - - M1*S"])
        assert illegal(game, state, "2 r0 0,0") == "mismatch at 0,0 but the squirrel is already spent"

    def test_tree_over_clearing_with_other_die_spends_the_squirrel(self):
        game, state = position(DEAL, [".:L3"])
        after = play(game, state, "2 r0 0,0")
        assert at(after, 0, 0) == "O1*S"
        assert game.supply(after)["L"] == 5

    def test_tree_over_empty_clearing_is_always_fine(self):
        game, state = position(DEAL, [". - - M1*S"])  # even with the squirrel spent
        after = play(game, state, "2 r0 0,0")
        assert at(after, 0, 0) == "O1"  # (d) no die
        assert game.supply(after) == {"O": 5, "L": 5, "M": 5}

    @pytest.mark.parametrize("under, result", [
        ("L2", "."), ("O1", "."), (".", "."), ("L2:5", ".:L5"), (".:M4", ".:M4"), ("O2:W", ".:OW"),
    ])
    def test_a_clearing_covers_anything(self, under, result):
        game, state = position(DEAL, ["-", "-", f"- {under} M1*S"])  # squirrel spent, no matter
        after = play(game, state, "2 r0 0,0")  # the card's clearing lands on (1,2)
        assert at(after, 1, 2) == result

    def test_the_squirrel_cell_is_never_covered_again(self):
        game, state = position(DEAL, ["O2*S O1"])
        assert illegal(game, state, "2 r0 0,0") == "covers the squirrel at 0,0"
        game, state = position(DEAL, ["-", "-", "- O2*S", "- O1"])
        assert illegal(game, state, "2 r0 0,0") == "covers the squirrel at 1,2"  # not even by a clearing
        assert all((1, 2) not in covered(game, state, m) for m in game.legal_moves(state))

    def test_squirrel_stays_for_the_rest_of_the_game(self):
        game, state = position(DEAL, ["L1"])
        after = play(game, state, "2 r0 0,0")
        after = play(game, after, "3 r0 1,0")
        assert at(after, 0, 0) == "O1*S"
        assert all((0, 0) not in covered(game, after, m) for m in game.legal_moves(after))


# ----------------------------------------------------------------- §4.3 resolving


class TestResolving:
    def test_die_under_the_squirrel_returns_to_the_supply(self):
        game, state = position(DEAL, ["L1:3 - L1:1 L1:1 L1:1 L1:1"])
        assert game.supply(state)["L"] == 0
        after = play(game, state, "2 r0 0,0")
        assert at(after, 0, 0) == "O1*S"
        assert game.supply(after)["L"] == 1

    def test_returned_die_serves_new_dice_of_the_same_move(self):
        # (a) the squirrel's die goes back before (c) new dice are handed out
        game, state = position(DEAL, ["M1:3 - - M1:1 M1:1 M1:1 M1:1", "- M2"])
        after = play(game, state, "2 r0 0,0")  # O1 over M1:3 (squirrel), M2 over M2 wants a die
        assert at(after, 0, 0) == "O1*S" and at(after, 1, 1) == "M2:4"

    def test_wheelbarrow_under_the_squirrel_leaves_for_good(self):
        game, state = position(DEAL, ["L1:W - - O2:10"])
        after = play(game, state, "2 r0 0,0")
        assert at(after, 0, 0) == "O1*S"
        assert not any(s.wheelbarrow for _, s in after.top)
        assert after.wheelbarrow_used
        assert game.supply(after)["L"] == 5
        after = play(game, after, "3 r0 2,0")  # O1 raises the 10 at (3,0)
        assert at(after, 3, 0) == "O1:10"

    @pytest.mark.parametrize("under, tree_x, result", [
        ("O1:1", 0, "O1:2"), ("O1:3", 1, "O2:5"), ("O1:4", 1, "O2:6"), ("O1:5", 0, "O1:6"),
        ("O1:5", 1, "O2:10"), ("O1:6", 0, "O1:10"), (".:O6", 1, "O2:10"),
    ])
    def test_die_rises_by_the_covering_trees_fruits(self, under, tree_x, result):
        layout = [f"{under} -"] if tree_x == 0 else [f"- {under}"]
        game, state = position(DEAL, layout)
        after = play(game, state, "2 r0 0,0")
        assert at(after, tree_x, 0) == result

    def test_raising_a_ten_brings_the_wheelbarrow(self):
        game, state = position(DEAL, ["O1:10"])
        assert game.supply(state)["O"] == 4
        after = play(game, state, "2 r0 0,0")
        assert at(after, 0, 0) == "O1:W"
        assert after.wheelbarrow_used
        assert game.supply(after)["O"] == 5  # the die went back
        assert game.score(after) == 15

    def test_the_wheelbarrow_comes_once_only(self):
        game, state = position(DEAL, ["O1:10 O1:10"])
        after = play(game, state, "2 r0 0,0")
        assert rows(after)[0] == "O1:W O2:10"
        game, state = position(DEAL, ["O1:10"], wheelbarrow_used=True)
        assert at(play(game, state, "2 r0 0,0"), 0, 0) == "O1:10"

    def test_the_wheelbarrow_behaves_as_a_die_that_stays_15(self):
        game, state = position(DEAL, ["O1:W"])
        after = play(game, state, "2 r0 0,0")
        assert at(after, 0, 0) == "O1:W"
        spot = after.grid[(0, 0)]
        assert (spot.die, spot.die_fruit) == (15, "O")

    def test_a_clearing_carries_a_die_unchanged_and_a_tree_raises_it_later(self):
        game, state = position(DEAL, ["-", "-", "- O2:5"])
        after = play(game, state, "2 r0 0,0")
        assert at(after, 1, 2) == ".:O5"
        assert game.supply(after)["O"] == 4
        after = play(game, after, "3 r0 0,2")  # O1 of card 3 lands on (1,2): 5 + 1
        assert at(after, 1, 2) == "O1:6"

    @pytest.mark.parametrize("under, tree_x, value", [("O1", 0, 2), ("O2", 0, 3), ("O1", 1, 3), ("O2", 1, 4)])
    def test_new_die_shows_the_sum_of_both_trees_fruits(self, under, tree_x, value):
        layout = [f"{under} -"] if tree_x == 0 else [f"- {under}"]
        game, state = position(DEAL, layout)
        after = play(game, state, "2 r0 0,0")
        assert after.grid[(tree_x, 0)].die == value

    def test_dice_shortage_reading_order_and_choice(self):
        game, state = position(DEAL, ["O1 O1 - O1:1 O1:1 O1:1 O1:1"])
        after = play(game, state, "2 r0 0,0")
        assert rows(after)[0].split()[:2] == ["O1:2", "O2"]
        after = play(game, state, "2 r0 0,0 dice 1,0")
        assert rows(after)[0].split()[:2] == ["O1", "O2:3"]
        choices = {m.dice for m in game.legal_moves(state) if (m.card, m.rot, m.x, m.y) == (2, 0, 0, 0)}
        assert choices == {(), ((1, 0),)}

    def test_a_full_placement(self):
        game, state = position(DEAL, ["O2:3 O1", "L1 L1", ". M2:4"])
        after = play(game, state, "2 r0 0,0")
        assert rows(after) == ["O1:4 O2:3", "L1:2 M2*S", "M1 .:M4"]

    def test_game_over_when_only_the_squirrel_shows(self):
        game, state = position(DEAL, ["O2*S"])
        assert state.over and game.legal_moves(state) == []


# ----------------------------------------------------------------- §4.4 score


class TestScore:
    def test_dice_on_clearings_score_zero(self):
        game, state = position(DEAL, [".:O5 O1:3"])
        sheet = game.score_sheet(state)
        assert (sheet.dice, sheet.dice_in_play, sheet.total) == (3, 2, 3)

    def test_wheelbarrow_scores_15_on_a_tree_and_0_on_a_clearing(self):
        game, state = position(DEAL, ["O1:W"])
        assert game.score(state) == 15
        game, state = position(DEAL, [".:OW"])
        assert game.score(state) == 0

    def test_squirrel_costs_one_plus_one_per_adjacent_die_on_a_tree(self):
        game, state = position(DEAL, [
            "O1:5 M1:W -",
            "L1:3 O2*S .:O4",
            "- L1 -",
        ])
        # neighbours: wheelbarrow above (+1), die left (+1), die on a clearing right (0),
        # bare tree below (0); the diagonal O1:5 does not count
        sheet = game.score_sheet(state)
        assert (sheet.dice, sheet.penalty, sheet.total, sheet.tokens_used) == (23, 3, 20, 1)

    def test_lone_squirrel_costs_one(self):
        game, state = position(DEAL, ["O2*S L1", "- M1:3"])
        assert game.score_sheet(state).penalty == 1
        assert game.score(state) == 2

    @pytest.mark.parametrize("score, name", [(0, "Bare Branches"), (39, "Bare Branches"), (40, "Zesty"),
                                             (59, "Citrus Champion"), (60, "Grove Master")])
    def test_tiers(self, score, name):
        assert find_game("grove").tier(score).name == name


# ----------------------------------------------------------------- §4.5 recipe challenge


def recipe(condition, reward=("points", 7), wheelbarrow=True) -> Recipe:
    return Recipe("test", 30, condition, reward, wheelbarrow)


def met(layout: list[str], condition, wheelbarrow=True, reward=("points", 7)):
    _, state = position(DEAL, layout)
    return evaluate_recipe(recipe(condition, reward, wheelbarrow), state, 5, FRUITS)


class TestRecipes:
    def test_target_is_the_sum_of_the_two_recipe_numbers(self):
        game = find_game("grove")
        assert game.target(Deal.parse("grove:1,2,3;recipes=4,5")) == 36 + 31
        assert game.target(Deal.parse("grove:1,2,3")) is None
        sheet = game.score_sheet(game.start("grove:1,2,3;recipes=4,5"))
        assert sheet.target == 67 and sheet.met_target is False

    def test_recipe_cards_are_set_aside(self):
        game = find_game("grove")
        with pytest.raises(InvalidDealError, match="set aside"):
            game.start("grove:1,2,3;recipes=3,5")
        with pytest.raises(InvalidDealError, match="two different recipe cards"):
            game.start("grove:1,2,3;recipes=5,5")
        with pytest.raises(InvalidDealError, match="two different recipe cards"):
            game.start("grove:1,2,3;recipes=5")
        with pytest.raises(InvalidDealError, match="no recipes"):
            find_game("orchard").start("orchard:1,2,3;recipes=4,5")

    def test_bonuses_join_the_score(self):
        game, state = position("grove:1,2,3;recipes=5,12", ["O1:3 L2:4"])
        sheet = game.score_sheet(state)
        assert sheet.recipes == (("Swept Paths", True, 6), ("Quiet Morning", True, 5))
        assert (sheet.dice, sheet.bonus, sheet.total, sheet.target, sheet.met_target) == (7, 11, 18, 61, False)

    # -- conditions (one test per vocabulary entry)
    def test_all_dice_in_play(self):
        five = ["O1:1 O1:1 O1:1 O1:1 .:O1"]  # a die on a clearing is in play
        assert met(five, ("all_dice_in_play", "O")) == (True, 7)
        assert met(["O1:1 O1:1 O1:1 O1:1"], ("all_dice_in_play", "O")) == (False, 0)
        assert met(five, ("all_dice_in_play", "L")) == (False, 0)
        assert met(five, ("all_dice_in_play", "any")) == (True, 7)
        four_and_barrow = ["O1:1 O1:1 O1:1 O1:1 O1:W"]
        assert met(four_and_barrow, ("all_dice_in_play", "O")) == (True, 7)
        assert met(four_and_barrow, ("all_dice_in_play", "O"), wheelbarrow=False) == (False, 0)

    def test_each_fruit_at_least(self):
        assert met(["O1:6 L1:10 .:M6"], ("each_fruit_at_least", 6)) == (True, 7)
        assert met(["O1:5 L1:10 M1:6"], ("each_fruit_at_least", 6)) == (False, 0)
        assert met(["O1:6 L1:10"], ("each_fruit_at_least", 6)) == (False, 0)
        assert met(["O1:6 L1:10 M1:W"], ("each_fruit_at_least", 6)) == (True, 7)
        assert met(["O1:6 L1:10 M1:W"], ("each_fruit_at_least", 6), wheelbarrow=False) == (False, 0)

    def test_no_dice_on_clearings(self):
        assert met(["O1:3 ."], ("no_dice_on_clearings", True)) == (True, 7)
        assert met(["O1:3 .:L2"], ("no_dice_on_clearings", True)) == (False, 0)
        assert met([".:LW"], ("no_dice_on_clearings", True)) == (False, 0)
        assert met([".:LW"], ("no_dice_on_clearings", True), wheelbarrow=False) == (True, 7)

    @pytest.mark.parametrize("layout, fruit, expected", [
        (["O1:1 O2:3 O1:6"], "O", True),
        (["O1:1", "O2:3", "O1:6"], "O", True),  # a column
        ([".:O1 O2:3 O1:6"], "O", True),  # a die on a clearing is in play
        (["O1:1 O2:3 - O1:6"], "O", False),  # a gap
        (["O1:1 O2:3", "O1:6 -"], "O", False),  # not straight
        (["O1:1 L2:3 O1:6"], "O", False),  # mixed
        (["O1:1 O1:1 O1:1"], "L", False),
        (["L1:1 L1:1 L1:1"], "any", True),
        (["O1:1 O1:W O1:6"], "O", True),
    ])
    def test_line_of_three(self, layout, fruit, expected):
        assert met(layout, ("line_of_three", fruit))[0] is expected

    def test_line_of_three_without_the_wheelbarrow(self):
        assert met(["O1:1 O1:W O1:6"], ("line_of_three", "O"), wheelbarrow=False) == (False, 0)

    def test_dice_at_least(self):
        assert met(["O1:1 O1:1 .:O1"], ("dice_at_least", ("O", 3))) == (True, 7)
        assert met(["O1:1 O1:1 L1:1"], ("dice_at_least", ("O", 3))) == (False, 0)
        assert met(["O1:1 M1:1 L1:1"], ("dice_at_least", ("any", 3))) == (True, 7)
        assert met(["O1:1 O1:1 O1:W"], ("dice_at_least", ("O", 3))) == (True, 7)
        assert met(["O1:1 O1:1 O1:W"], ("dice_at_least", ("O", 3)), wheelbarrow=False) == (False, 0)

    def test_fruit_total_at_least(self):
        assert met(["O1:10 O1:6 .:O2"], ("fruit_total_at_least", ("O", 18))) == (True, 7)
        assert met(["O1:10 O1:6 O1:1 L1:10"], ("fruit_total_at_least", ("O", 18))) == (False, 0)
        assert met(["O1:10 O1:6 O1:1 L1:10"], ("fruit_total_at_least", ("any", 18))) == (True, 7)
        assert met(["O1:W O1:3"], ("fruit_total_at_least", ("O", 18))) == (True, 7)
        assert met(["O1:W O1:3"], ("fruit_total_at_least", ("O", 18)), wheelbarrow=False) == (False, 0)

    def test_squirrel_unused(self):
        assert met(["O1:3 L1"], ("squirrel_unused", True)) == (True, 7)
        assert met(["O1:3 L1*S"], ("squirrel_unused", True)) == (False, 0)

    def test_wheelbarrow_used(self):
        assert met(["O1:W"], ("wheelbarrow_used", True)) == (True, 7)
        assert met([".:OW"], ("wheelbarrow_used", True)) == (True, 7)
        assert met(["O1:10"], ("wheelbarrow_used", True)) == (False, 0)
        # gone under the squirrel: not in the orchard at the end
        _, state = position(DEAL, ["O1*S"], wheelbarrow_used=True)
        assert evaluate_recipe(recipe(("wheelbarrow_used", True)), state, 5, FRUITS) == (False, 0)

    # -- rewards
    def test_reward_points(self):
        assert met(["O1:3"], ("dice_at_least", ("O", 1)), reward=("points", 12)) == (True, 12)
        assert met(["O1:3"], ("dice_at_least", ("O", 2)), reward=("points", 12)) == (False, 0)

    def test_reward_double_counts_that_fruits_dice_on_trees_again(self):
        layout = ["O1:3 O1:W .:O5 L1:4"]
        cond = ("dice_at_least", ("any", 1))
        assert met(layout, cond, reward=("double", "O")) == (True, 3 + 15)
        assert met(layout, cond, reward=("double", "O"), wheelbarrow=False) == (True, 3)
        assert met(layout, cond, reward=("double", "L")) == (True, 4)

    def test_reward_points_per_die(self):
        layout = ["O1:3 O1:W .:O5 L1:4"]
        cond = ("dice_at_least", ("any", 1))
        assert met(layout, cond, reward=("points_per_die", ("any", 1))) == (True, 4)
        assert met(layout, cond, reward=("points_per_die", ("any", 1)), wheelbarrow=False) == (True, 3)
        assert met(layout, cond, reward=("points_per_die", ("O", 2))) == (True, 6)

    def test_every_shipped_recipe_evaluates(self):
        game = find_game("grove")
        _, state = position(DEAL, ["O1:W O2:6 O1:6", "L1:10 .:M4 M2:6", "O1*S L2:3 L1:1"])
        for card in game.deck.cards:
            ok, points = evaluate_recipe(card.recipe, state, 5, FRUITS)
            assert points >= 0 and (ok or points == 0)
