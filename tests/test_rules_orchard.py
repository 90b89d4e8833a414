"""SPEC §2 and §3: geometry and the Orchard rules (`orchard`, `orchard-pnp`),
one hand-built position per clause.

Cards used (cards.yaml), upright rows top first:
  orchard 1 ``A L / A P / P L``, 7 ``P P / A A / L L``, 11 ``A A / L L / P P``,
  13 ``A A / P P / L L``; orchard-pnp 8b ``A L / A L / P P``.
So card 7 played ``r0`` at 0,0 lays pears on (0,0),(1,0), apples on (0,1),(1,1)
and plums on (0,2),(1,2); ``r270`` at 0,0 it is ``P A L / P A L``.
"""
from __future__ import annotations

import pytest

from pnp.deck import load_deck
from pnp.errors import IllegalMoveError, InvalidDealError
from pnp.games import find_game
from pnp.games.base import face_cells, turn, turned_size
from pnp.notation import Move

from positions import at, covered, play, position, rows

DEAL = "orchard:1,7,11,13"  # start 1, hand 7 and 11, then 13


def illegal(game, state, move: str) -> str:
    with pytest.raises(IllegalMoveError) as exc:
        play(game, state, move)
    assert Move.parse(move) not in game.legal_moves(state)
    return exc.value.reason


# ----------------------------------------------------------------- §2 geometry


class TestGeometry:
    @pytest.mark.parametrize("rot, expected", [
        (0, ["AB", "CD", "EF"]),
        (90, ["ECA", "FDB"]),
        (180, ["FE", "DC", "BA"]),
        (270, ["BDF", "ACE"]),
    ])
    def test_turning_matches_the_spec_example(self, rot, expected):
        upright = ["AB", "CD", "EF"]
        w, h = turned_size(rot)
        grid = [[""] * w for _ in range(h)]
        for row in range(3):
            for col in range(2):
                x, y = turn(col, row, rot)
                grid[y][x] = upright[row][col]
        assert ["".join(r) for r in grid] == expected

    def test_cells_of_a_turned_card_land_on_the_grid_in_reading_order(self):
        face = find_game("orchard").card(7).face()
        cells = face_cells(face, 270, -1, 2)
        assert [p for p, _ in cells] == [(-1, 2), (0, 2), (1, 2), (-1, 3), (0, 3), (1, 3)]
        assert "".join(c.fruit for _, c in cells) == "PALPAL"

    def test_start_card_lies_upright_at_origin(self):
        game = find_game("orchard")
        state = game.start(DEAL)
        assert rows(state) == ["A L", "A P", "P L"]
        assert state.bounds() == (0, 0, 1, 2)

    def test_card_may_overhang_and_cover_several_cards(self):
        game, state = position(DEAL, ["P - P"])  # two separate trees
        after = play(game, state, "7 r90 0,0")  # L A P over both
        # (0,0) P under L is a mismatch; (2,0) P under P matches
        assert rows(after) == ["L! A P1", "L A P"]


# ----------------------------------------------------------------- §3.1 legal placement


class TestLegalPlacement:
    def test_must_cover_a_visible_tree(self):
        game, state = position(DEAL, ["P"])
        assert illegal(game, state, "7 r0 5,5") == "covers no visible tree"
        # touching edges is not covering
        assert illegal(game, state, "7 r0 1,0") == "covers no visible tree"
        assert play(game, state, "7 r0 0,0")

    def test_every_legal_move_covers_a_tree(self):
        game = find_game("orchard")
        state = game.start(DEAL)
        moves = game.legal_moves(state)
        assert moves
        for m in moves:
            assert any(p in state.grid for p in covered(game, state, m))

    def test_every_rotation_is_accepted(self):
        game, state = position(DEAL, ["P P P", "P P P", "P P P"])
        for rot in (0, 90, 180, 270):
            assert any(m.rot == rot and m.card == 7 for m in game.legal_moves(state))

    def test_covering_a_rotten_tree_is_refused(self):
        game, state = position(DEAL, ["P! P"])
        assert illegal(game, state, "7 r0 0,0") == "covers a rotten tree at 0,0"
        after = play(game, state, "7 r0 1,0")
        assert at(after, 1, 0) == "P1"

    def test_covering_a_rotten_tree_is_refused_even_with_tokens_left(self):
        game, state = position(DEAL, ["P", "L!"], x0=3)
        assert game.tokens_left(state) == 1
        assert illegal(game, state, "7 r0 3,0") == "covers a rotten tree at 3,1"

    def test_a_mismatch_spends_a_rotten_token(self):
        game, state = position(DEAL, ["A P"])
        after = play(game, state, "7 r0 0,0")  # P over A: mismatch; P over P: match
        assert at(after, 0, 0) == "P!" and at(after, 1, 0) == "P1"
        assert game.tokens_left(after) == 1

    def test_two_rotten_tokens_on_one_card(self):
        game, state = position(DEAL, ["A A"])
        after = play(game, state, "7 r0 0,0")
        assert rows(after) == ["P! P!", "A A", "L L"]
        assert game.tokens_left(after) == 0
        sheet = game.score_sheet(after)
        assert (sheet.tokens_used, sheet.penalty, sheet.total) == (2, 6, -6)

    def test_more_mismatches_than_tokens_is_illegal(self):
        game, state = position(DEAL, ["A A - L!"])
        assert illegal(game, state, "7 r0 0,0") == "2 mismatches but 1 rotten token left"

    def test_no_token_left_for_one_mismatch(self):
        game, state = position(DEAL, ["A - - L! P!"])
        assert illegal(game, state, "7 r0 0,0") == "1 mismatch but 0 rotten tokens left"

    def test_three_mismatches_with_real_cards(self):
        game = find_game("orchard")
        state = game.start("orchard:7,11,13")  # 7 upright at 0,0
        # 11 turned r180 is P P / L L / A A: only the pears match
        assert illegal(game, state, "11 r180 0,0") == "4 mismatches but 2 rotten tokens left"


# ----------------------------------------------------------------- §3.2 resolving


class TestResolving:
    def test_matching_tree_without_die_gets_a_one(self):
        game, state = position(DEAL, ["P P"])
        after = play(game, state, "7 r0 0,0")
        assert rows(after) == ["P1 P1", "A A", "L L"]
        assert game.supply(after) == {"A": 5, "P": 3, "L": 5}

    def test_a_rotten_token_over_a_die_returns_the_die(self):
        game, state = position(DEAL, ["A1 - - A1 A1 A1 A1"])
        assert game.supply(state)["A"] == 0
        after = play(game, state, "7 r0 0,0")
        assert at(after, 0, 0) == "P!"
        assert game.supply(after)["A"] == 1

    def test_returned_die_is_available_to_new_dice_of_the_same_move(self):
        # (a) returns come before (c) new dice
        game, state = position(DEAL, ["A1 - - A1 A1 A1 A1", "A"])
        after = play(game, state, "7 r0 0,0")
        assert at(after, 0, 0) == "P!" and at(after, 0, 1) == "A1"
        assert game.supply(after)["A"] == 0

    @pytest.mark.parametrize("before, after", [(1, 3), (3, 6), (6, 10), (10, 10)])
    def test_orchard_ladder(self, before, after):
        game, state = position(DEAL, [f"P{before}"])
        moved = play(game, state, "7 r0 0,0")
        assert at(moved, 0, 0) == f"P{after}"
        assert game.supply(moved)["P"] == 4  # the same die, no new one

    @pytest.mark.parametrize("before, after", [(1, 3), (3, 6), (6, 6)])
    def test_orchard_pnp_ladder_caps_at_six(self, before, after):
        game, state = position("orchard-pnp:1a,8b,2a", [f"A{before}"])
        moved = play(game, state, "8 r0 0,0")  # 8b: A L / A L / P P
        assert at(moved, 0, 0) == f"A{after}"

    def test_climbing_a_die_needs_no_supply(self):
        game, state = position(DEAL, ["P6 - P1 P1 P1 P1"])
        assert game.supply(state)["P"] == 0
        assert at(play(game, state, "7 r0 0,0"), 0, 0) == "P10"

    def test_supply_is_five_per_fruit(self):
        game = find_game("orchard")
        assert game.deck.dice_per_fruit == 5
        assert game.supply(game.start(DEAL)) == {"A": 5, "P": 5, "L": 5}

    def test_exhausted_supply_gives_no_die(self):
        game, state = position(DEAL, ["P - - P1 P1 P1 P1 P1"])
        after = play(game, state, "7 r0 0,0")
        assert at(after, 0, 0) == "P"

    def test_scarce_dice_go_in_reading_order_by_default(self):
        game, state = position(DEAL, ["P P - P1 P1 P1 P1"])
        after = play(game, state, "7 r0 0,0")
        assert at(after, 0, 0) == "P1" and at(after, 1, 0) == "P"

    def test_reading_order_is_the_orchards_not_the_cards(self):
        # 7 r270 at 0,0 is P A L / P A L: its first upright cell lands on (0,1),
        # but reading order (top row first) gives the die to (0,0)
        game, state = position(DEAL, ["P - - - P1 P1 P1 P1", "P"])
        after = play(game, state, "7 r270 0,0")
        assert at(after, 0, 0) == "P1" and at(after, 0, 1) == "P"
        after = play(game, state, "7 r270 0,0 dice 0,1")
        assert at(after, 0, 0) == "P" and at(after, 0, 1) == "P1"

    def test_dice_choice_changes_which_tree_gets_the_die(self):
        game, state = position(DEAL, ["P P - P1 P1 P1 P1"])
        after = play(game, state, "7 r0 0,0 dice 1,0")
        assert at(after, 0, 0) == "P" and at(after, 1, 0) == "P1"
        assert after.moves[-1].format() == "7 r0 0,0 dice 1,0"

    def test_dice_choice_for_two_scarce_fruits(self):
        # 11 r0 at 0,0: A A / L L / P P; one apple and one plum die left
        game, state = position(DEAL, ["A A - A1 A1 A1 A1", "L L - L1 L1 L1 L1"])
        after = play(game, state, "11 r0 0,0 dice 1,1 1,0")
        assert rows(after)[:2] == ["A A1 - A1 A1 A1 A1", "L L1 - L1 L1 L1 L1"]
        choices = {m.dice for m in game.legal_moves(state) if (m.card, m.rot, m.x, m.y) == (11, 0, 0, 0)}
        assert len(choices) == 4 and () in choices

    def test_legal_moves_offer_each_way_to_share_scarce_dice(self):
        game, state = position(DEAL, ["P P - P1 P1 P1 P1"])
        choices = {m.dice for m in game.legal_moves(state) if (m.card, m.rot, m.x, m.y) == (7, 0, 0, 0)}
        assert choices == {(), ((1, 0),)}

    def test_dice_choice_must_name_a_tree_that_wants_a_die(self):
        game, state = position(DEAL, ["P P - P1 P1 P1 P1"])
        assert illegal(game, state, "7 r0 0,0 dice 5,5") == "dice names 5,5, which does not get a new die"
        assert illegal(game, state, "7 r0 0,0 dice 1,0 1,0") == "dice names 1,0 twice"

    def test_dice_choice_may_not_name_more_squares_than_dice_left(self):
        """One plum die left and two trees wanting one: naming both was accepted,
        and the second named tree silently got nothing."""
        game, state = position(DEAL, ["P P - P1 P1 P1 P1"])
        assert (illegal(game, state, "7 r0 0,0 dice 1,0 0,0")
                == "dice names 2 squares wanting a new Pear die, but only 1 Pear die is left in the supply")
        game, state = position(DEAL, ["P P - P1 P1 P1 P1 P1"])  # none left: naming one is too many
        assert (illegal(game, state, "7 r0 0,0 dice 1,0")
                == "dice names 1 square wanting a new Pear die, but no Pear die is left in the supply")

    def test_dice_choice_without_shortage_changes_nothing(self):
        game, state = position(DEAL, ["P P"])
        a = play(game, state, "7 r0 0,0")
        b = play(game, state, "7 r0 0,0 dice 1,0")
        assert a.top == b.top


# ----------------------------------------------------------------- §3.3 turns and the end


class TestTurns:
    def test_play_then_draw(self):
        game = find_game("orchard")
        state = game.start(DEAL)
        assert [r.id for r in state.hand] == [7, 11]
        assert [r.id for r in state.draw_pile] == [13]
        state = play(game, state, "7 r0 0,2")  # P over P, P over L (rotten)
        assert [r.id for r in state.hand] == [11, 13]
        assert state.draw_pile == () and not state.over
        state = game.apply(state, next(m for m in game.legal_moves(state) if m.card == 11))
        assert [r.id for r in state.hand] == [13]
        assert not state.over
        state = game.apply(state, game.legal_moves(state)[0])
        assert state.hand == () and state.over
        assert len(state.placed) == 4
        assert game.legal_moves(state) == []

    def test_card_not_in_hand(self):
        """Each way a card can be out of hand says which: drawn later, played, not dealt."""
        game = find_game("orchard")
        state = game.start(DEAL)
        assert illegal(game, state, "13 r0 0,0") == "card 13 is not drawn yet (hand: 7, 11)"
        assert illegal(game, state, "1 r0 0,0") == "card 1 is already in the orchard (the start card; hand: 7, 11)"
        assert illegal(game, state, "5 r0 0,0") == "card 5 is not in this deal (hand: 7, 11)"
        state = play(game, state, game.legal_moves(state)[0].format())
        assert illegal(game, state, "7 r0 0,0") == "card 7 is already in the orchard (played at move 1; hand: 11, 13)"

    def test_no_move_after_the_last_card(self):
        game = find_game("orchard")
        state = game.start("orchard:7,11")
        state = play(game, state, "11 r0 0,1")
        assert state.over
        assert illegal(game, state, "7 r0 0,0") == "the game is over (no card left)"

    def test_one_card_deal_is_over_at_once(self):
        game = find_game("orchard")
        state = game.start("orchard:5")
        assert state.over and state.hand == () and game.score(state) == 0

    def test_game_ends_with_cards_left_when_no_hand_card_fits(self):
        game, state = position(DEAL, ["A! P!"])
        assert state.over
        assert [r.id for r in state.hand] == [7, 11] and state.draw_pile
        assert game.legal_moves(state) == []
        assert illegal(game, state, "7 r0 5,5") == "the game is over (no hand card can be placed)"

    def test_a_whole_short_game_with_real_cards(self):
        game = find_game("orchard")
        state = game.start("orchard:7,11,13")  # P P / A A / L L upright at 0,0
        state = play(game, state, "11 r0 0,1")  # A A / L L / P P on the lower four trees
        assert rows(state) == ["P P", "A1 A1", "L1 L1", "P P"]
        assert game.score(state) == 4
        state = play(game, state, "13 r270 1,1")  # A P L / A P L: one apple climbs, one plum rots
        assert rows(state) == ["P P - -", "A1 A3 P L", "L1 A! P L", "P P - -"]
        assert state.over
        assert game.supply(state) == {"A": 3, "P": 5, "L": 4}
        assert game.score(state) == 1 + 3 + 1 - 3


# ----------------------------------------------------------------- §3.4 score and tiers


class TestScore:
    def test_sum_of_dice_minus_three_per_rotten_token(self):
        game, state = position(DEAL, ["A1 P3 L10 A!", "P6 L!"])
        sheet = game.score_sheet(state)
        assert (sheet.dice, sheet.penalty, sheet.bonus, sheet.total) == (20, 6, 0, 14)
        assert (sheet.dice_in_play, sheet.tokens_used) == (4, 2)
        assert game.score(state) == 14

    def test_score_can_be_negative(self):
        game, state = position(DEAL, ["A! P! L"])
        assert game.score(state) == -6

    @pytest.mark.parametrize("score, name", [
        (-6, "Seedling"), (0, "Seedling"), (24, "Seedling"), (25, "Sapling"), (34, "First Blossom"),
        (35, "Good Crop"), (54, "Orchard Keeper"), (55, "Legend of the Valley"), (90, "Legend of the Valley"),
    ])
    def test_orchard_tiers(self, score, name):
        assert find_game("orchard").tier(score).name == name

    @pytest.mark.parametrize("score, name", [(0, "Seedling"), (49, "Bumper Year"), (50, "Orchard Keeper"), (70, "Orchard Keeper")])
    def test_orchard_pnp_tiers(self, score, name):
        assert find_game("orchard-pnp").tier(score).name == name

    def test_tiers_come_from_the_cards_file(self, tmp_path):
        cards = tmp_path / "cards.yaml"
        cards.write_text("""\
games:
  orchard:
    fruits:
      A: {name: Apple, colour: "#D55E00", shape: circle}
      P: {name: Pear, colour: "#E69F00", shape: teardrop}
    tiers:
      - {min: 0, name: Low}
      - {min: 10, name: High}
    cards:
      - {id: 1, face: ["A P", "P A", "A P"]}
""")
        game = find_game("orchard", load_deck(cards))
        assert game.tier(9).name == "Low" and game.tier(10).name == "High"


# ----------------------------------------------------------------- §3.5 orchard-pnp sides


class TestPnpSides:
    def test_the_deal_fixes_the_face(self):
        game = find_game("orchard-pnp")
        assert rows(game.start("orchard-pnp:1a,8b,2a")) == ["A L", "L P", "A P"]
        assert rows(game.start("orchard-pnp:1b,8b,2a")) == ["P A", "A L", "P L"]

    def test_move_side_must_match_the_deal(self):
        game = find_game("orchard-pnp")
        state = game.start("orchard-pnp:1a,8b,2a")
        assert illegal(game, state, "8a r0 0,1") == "card 8 is dealt side b, not a"
        after = play(game, state, "8 r0 0,2")  # A over A, L over P (rotten)
        assert after.moves[-1].format() == "8b r0 0,2"
        assert play(game, state, "8b r0 0,2").top == after.top

    def test_other_side_is_not_used(self):
        game = find_game("orchard-pnp")
        state = game.start("orchard-pnp:1a,8b,2a")
        for m in game.legal_moves(state):
            assert m.side == {8: "b", 2: "a"}[m.card]

    def test_deal_must_name_the_side(self):
        with pytest.raises(InvalidDealError, match="needs its face side"):
            find_game("orchard-pnp").start("orchard-pnp:1a,8,2a")

    def test_orchard_deal_has_no_sides(self):
        with pytest.raises(InvalidDealError, match="orchard cards have one side"):
            find_game("orchard").start("orchard:1,7a,2")

    def test_orchard_move_with_a_side_letter(self):
        game = find_game("orchard")
        state = game.start(DEAL)
        reason = illegal(game, state, "7a r0 0,1")
        assert reason == "orchard cards have one side; write 7, not 7a"
