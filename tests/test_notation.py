"""SPEC §5: deals, moves and solutions; parse/format round trips and typed errors."""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.errors import (IllegalMoveError, InvalidDealError, InvalidMoveError, NotationError, PnpError)
from pnp.games import find_game
from pnp.notation import (ROTATIONS, CardRef, Deal, Move, format_pos, format_solution, parse_puzzle_id,
                          parse_solution)
from pnp.verify import verify

# modest by default so the suite stays fast; PNP_EXAMPLES=500 for a deeper run
SETTINGS = settings(max_examples=int(os.environ.get("PNP_EXAMPLES", "30")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


# ----------------------------------------------------------------- deals


class TestDeal:
    @pytest.mark.parametrize("text", [
        "orchard:4,7,8,3,14,18,2,10,9",
        "orchard:5",
        "orchard-pnp:3b,1a,9b",
        "grove:1,2,3,4,5,6,7,8,9;recipes=10,11",
        "grove:1,2",
    ])
    def test_round_trip(self, text):
        deal = Deal.parse(text)
        assert deal.format() == text == str(deal)
        assert eval(repr(deal)) == deal

    def test_fields(self):
        deal = Deal.parse("grove:1,2,3;recipes=10,11")
        assert deal.game == "grove"
        assert deal.cards == (CardRef(1), CardRef(2), CardRef(3))
        assert deal.recipes == (10, 11)
        assert Deal.parse("orchard-pnp:3b,1a").cards == (CardRef(3, "b"), CardRef(1, "a"))

    def test_spaces_are_tolerated(self):
        assert Deal.parse(" orchard: 4 , 7 ").format() == "orchard:4,7"
        assert Deal.parse("grove:1,2 ; recipes = 3, 4").format() == "grove:1,2;recipes=3,4"

    @pytest.mark.parametrize("text, words", [
        ("orchard", "expected GAME:C1,C2"),
        ("orchard:", "no cards"),
        ("orchard:4,,7", "bad card ''"),
        ("orchard:4x", "bad card '4x'"),
        ("grove:1;recipes=", "bad recipe card ''"),
        ("grove:1;recipes=a,4", "bad recipe card 'a'"),
        ("grove:1;recipes=3,4;x", "expected GAME:C1,C2"),
    ])
    def test_bad_syntax(self, text, words):
        with pytest.raises(InvalidDealError) as exc:
            Deal.parse(text)
        assert words in str(exc.value)
        assert isinstance(exc.value, NotationError) and exc.value.exit_code == 2
        assert "\n" not in str(exc.value)

    @pytest.mark.parametrize("text, words", [
        ("orchard:1,99", "no card 99 in the orchard deck (cards: 1-18)"),
        ("orchard:1,2,1", "card 1 appears twice"),
        ("orchard:1,2a", "orchard cards have one side; write 2, not 2a"),
        ("orchard-pnp:1a,2", "card 2 needs its face side, like 2a or 2b"),
        ("orchard-pnp:1a,10b", "no card 10"),
        ("grove:1,2;recipes=2,3", "recipe card 2 is set aside"),
        ("grove:1,2;recipes=30,3", "no recipe card 30"),
        ("orchard:1,2;recipes=3,4", "orchard has no recipes"),
    ])
    def test_deal_names_cards_the_game_lacks(self, text, words):
        deal = Deal.parse(text)  # syntax is fine
        with pytest.raises(InvalidDealError) as exc:
            find_game(deal.game).start(deal)
        assert words in str(exc.value)

    def test_deal_for_another_game(self):
        with pytest.raises(InvalidDealError, match="is for 'grove', not 'orchard'"):
            find_game("orchard").start("grove:1,2")

    def test_unknown_game(self):
        with pytest.raises(PnpError, match="unknown game 'chess'"):
            find_game("chess")

    def test_a_game_id_in_capitals_is_named_with_a_hint(self):
        # "Orchard:1" used to fail as "bad deal (expected GAME:C1,C2,...)", which it has
        deal = Deal.parse("Orchard:1")
        with pytest.raises(PnpError) as exc:
            find_game(deal.game)
        assert str(exc.value) == ("unknown game 'Orchard' (playable games: orchard, orchard-pnp, grove; "
                                  "game ids are lowercase)")
        with pytest.raises(PnpError) as exc:
            find_game("chess")
        assert "lowercase" not in str(exc.value)


# ----------------------------------------------------------------- moves


class TestMove:
    @pytest.mark.parametrize("text", [
        "7 r90 -1,2", "7 r0 0,0", "12 r180 3,-4", "3b r270 -10,-10", "7 r0 0,0 dice 1,0",
        "7 r0 0,0 dice 1,0 -2,3 0,0",
    ])
    def test_round_trip(self, text):
        move = Move.parse(text)
        assert move.format() == text == str(move)
        assert eval(repr(move)) == move

    @pytest.mark.parametrize("text, reason", [
        # each used to say only "expected CARD rROT X,Y [dice X,Y ...]"
        ("7 R90 1,0", "'R90' is not a turn (expected r0, r90, r180 or r270)"),
        ("7 r450 1,0", "'r450' is not a turn (expected r0, r90, r180 or r270)"),
        ("7 r-90 1,0", "'r-90' is not a turn"),
        ("seven r0 0,0", "'seven' is not a card (expected a card number, like 7 or 3b)"),
        ("7c r0 0,0", "'7c' is not a card"),
        ("7 r180 +1,0", "'+1,0' is not a position (expected X,Y, like -1,2)"),
        ("7 r180 1", "'1' is not a position"),
        ("7 r180 1 , 2,3", "'1,2,3' is not a position"),
        ("7 r180 1,0 foo", "'foo' after the position (only 'dice X,Y ...' may follow it)"),
        ("7 r180 1,0 dice 1, 0 x", "'x' after 'dice' is not a position (expected X,Y, like -1,2)"),
        ("7", "no turn after '7' (expected CARD rROT X,Y [dice X,Y ...], like '7 r90 -1,2')"),
        ("7 r90", "no position after 'r90'"),
        ("7 r0 0,-2 dice", "'dice' names no squares (expected dice X,Y ..., or no dice clause)"),  # was taken as no clause
        ("", "expected CARD rROT X,Y [dice X,Y ...]"),
        ("7\u00a0r90 1,2", "expected CARD rROT X,Y [dice X,Y ...]"),  # a no-break space
    ])
    def test_a_move_that_does_not_read_says_which_part(self, text, reason):
        with pytest.raises(InvalidMoveError) as exc:
            Move.parse(text)
        assert str(exc.value).startswith(f"cannot read move {text.strip()!r}: ")
        assert reason in str(exc.value) and "\n" not in str(exc.value)

    def test_fields(self):
        move = Move.parse("3b r270 -1,2 dice 0,1 5,-6")
        assert (move.card, move.side, move.rot, move.x, move.y) == (3, "b", 270, -1, 2)
        assert move.pos == (-1, 2) and move.dice == ((0, 1), (5, -6))

    def test_spaces_are_tolerated(self):
        assert Move.parse("  7  r90  -1 , 2 ").format() == "7 r90 -1,2"

    def test_moves_are_hashable_values(self):
        assert Move.parse("7 r0 0,0") == Move(7, 0, 0, 0)
        assert len({Move.parse("7 r0 0,0"), Move(7, 0, 0, 0)}) == 1

    @pytest.mark.parametrize("text", [
        "7 r45 0,0", "7 r90", "x r0 0,0", "7 r90 1,2,3", "7c r0 0,0", "-7 r0 0,0", "7 R90 0,0",
        "7 r90 0,0 dice 1", "7 r0 +1,2", "", "7 90 0,0", "7 r0 0;0",
    ])
    def test_bad_syntax(self, text):
        with pytest.raises(InvalidMoveError) as exc:
            Move.parse(text)
        assert str(exc.value).startswith("cannot read move ") and "expected " in str(exc.value)
        assert isinstance(exc.value, NotationError) and isinstance(exc.value, ValueError)

    def test_card_ref(self):
        assert CardRef.parse("3b") == CardRef(3, "b") and CardRef.parse("12").format() == "12"
        with pytest.raises(NotationError):
            CardRef.parse("b3")

    def test_format_pos_and_puzzle_ids(self):
        assert format_pos((-1, 2)) == "-1,2"
        assert parse_puzzle_id("orchard-pnp-2026-03-09") == ("orchard-pnp", "2026-03-09")
        assert parse_puzzle_id("grove-2026-3-9") is None
        assert parse_puzzle_id("orchard:1,2") is None


# ----------------------------------------------------------------- solutions


class TestSolution:
    def test_blank_lines_and_comments_are_ignored(self):
        text = "# my line\n\n7 r0 0,2   # first\n   \n11 r90 2,0\n# done\n"
        lines = parse_solution(text, "sol.txt")
        assert [(sl.number, sl.line, sl.move.format()) for sl in lines] == [(1, 3, "7 r0 0,2"), (2, 5, "11 r90 2,0")]

    def test_empty_solution(self):
        assert parse_solution("") == [] and parse_solution("# nothing\n\n") == []

    def test_bad_line_names_move_number_file_and_line(self):
        text = "7 r0 0,2\n\n# c\n11 r0 0,0 # x\n11 r9 0,0\n"
        with pytest.raises(InvalidMoveError) as exc:
            parse_solution(text, "sol.txt")
        err = exc.value
        assert (err.move_number, err.line, err.file) == (3, 5, "sol.txt")
        assert str(err).startswith("sol.txt:5: move 3: cannot read move '11 r9 0,0'")
        assert "\n" not in str(err)

    def test_a_rich_text_file_is_named_as_one(self):
        # it said "cannot read move '{\\rtf1\\ansi...': ... is not a card"
        text = "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n{\\fonttbl}\n7 r0 0,2\\\n}\n"
        with pytest.raises(InvalidMoveError) as exc:
            parse_solution(text, "line.rtf")
        assert str(exc.value) == ("line.rtf:1: this is a rich-text (RTF) file, not plain text: save the moves as "
                                  "plain text (TextEdit: Format > Make Plain Text)")

    def test_format_solution(self):
        moves = [Move.parse("7 r0 0,2"), Move.parse("11 r90 2,0 dice 3,0")]
        assert format_solution(moves) == "7 r0 0,2\n11 r90 2,0 dice 3,0\n"
        assert [sl.move for sl in parse_solution(format_solution(moves))] == moves

    def test_replay_names_the_illegal_move(self):
        game = find_game("orchard")
        moves = [Move.parse("7 r0 0,2"), Move.parse("9 r0 0,0")]
        with pytest.raises(IllegalMoveError) as exc:
            game.replay("orchard:1,7,11,13", moves)
        assert exc.value.move_number == 2
        assert exc.value.reason == "move 2 (9 r0 0,0): card 9 is not in this deal (hand: 11, 13)"

    def test_verify_reports_move_line_and_reason(self):
        game = find_game("orchard")
        deal = Deal.parse("orchard:1,7,11,13")
        lines = parse_solution("# try\n7 r0 0,2\n\n9 r0 0,0\n")
        v = verify(game, deal, lines)
        assert not v.legal and not v.complete and not v.ok
        assert v.error == {"move": 2, "line": 4, "reason": "card 9 is not in this deal (hand: 11, 13)"}
        assert v.score == game.score(game.replay(deal, [lines[0].move]))

    def test_verify_incomplete_solution(self):
        game = find_game("orchard")
        v = verify(game, Deal.parse("orchard:1,7,11,13"), parse_solution("7 r0 0,2\n"))
        assert v.legal and not v.complete and v.ok and v.error is None


# ----------------------------------------------------------------- properties

ST_POS = st.tuples(st.integers(-60, 60), st.integers(-60, 60))


@st.composite
def moves(draw):
    return Move(draw(st.integers(1, 999)), draw(st.sampled_from(ROTATIONS)), *draw(ST_POS),
                draw(st.sampled_from(["", "a", "b"])),
                tuple(draw(st.lists(ST_POS, max_size=4, unique=True))))


@st.composite
def deals(draw):
    game = draw(st.sampled_from(["orchard", "orchard-pnp", "grove", "some-game"]))
    ids = draw(st.lists(st.integers(1, 999), min_size=1, max_size=12))
    sides = draw(st.lists(st.sampled_from(["", "a", "b"]), min_size=len(ids), max_size=len(ids)))
    recipes = tuple(draw(st.lists(st.integers(1, 999), max_size=3)))
    return Deal(game, tuple(CardRef(i, s) for i, s in zip(ids, sides)), recipes)


@SETTINGS
@given(moves())
def test_move_format_parse_round_trip(move):
    text = move.format()
    assert Move.parse(text) == move
    assert Move.parse(text).format() == text


@SETTINGS
@given(deals())
def test_deal_format_parse_round_trip(deal):
    text = deal.format()
    assert Deal.parse(text) == deal
    assert Deal.parse(text).format() == text


@st.composite
def real_deals(draw):
    """A deal of real cards from the shipped deck, any length 1-9."""
    game_id = draw(st.sampled_from(["orchard", "orchard-pnp", "grove"]))
    game = find_game(game_id)
    ids = list(game.deck.card_ids)
    recipes: tuple[int, ...] = ()
    if game_id == "grove" and draw(st.booleans()):
        recipes = tuple(draw(st.lists(st.sampled_from(ids), min_size=2, max_size=2, unique=True)))
        ids = [i for i in ids if i not in recipes]
    n = draw(st.integers(1, 9))
    chosen = draw(st.permutations(ids))[:n]
    sides = [draw(st.sampled_from(["a", "b"])) if game.two_sided else "" for _ in chosen]
    return game, Deal(game_id, tuple(CardRef(i, s) for i, s in zip(chosen, sides)), recipes)


@SETTINGS
@given(real_deals(), st.data())
def test_random_playouts_replay_through_the_notation(game_deal, data):
    game, deal = game_deal
    assert Deal.parse(deal.format()) == deal
    state = game.start(deal)
    while not state.over:
        legal = game.legal_moves(state)
        assert legal
        state = game.apply(state, data.draw(st.sampled_from(legal)))
    # the canonical line, with a comment and blank lines a player might add
    text = "# a line\n\n" + format_solution(state.moves).replace("\n", "  # ok\n\n", 1)
    lines = parse_solution(text, "line.txt")
    assert [sl.move for sl in lines] == list(state.moves)
    replayed = game.replay(Deal.parse(deal.format()), [sl.move for sl in lines])
    assert replayed.top == state.top
    assert game.score(replayed) == game.score(state)
    verdict = verify(game, deal, lines)
    assert verdict.legal and verdict.complete and verdict.score == game.score(state)
    assert verdict.target == game.target(deal)
    # every move as written round-trips
    for m in state.moves:
        assert Move.parse(m.format()) == m


@SETTINGS
@given(st.text(alphabet="0123456789abr -,dice\t", max_size=30))
def test_move_parse_is_idempotent_on_any_text(text):
    try:
        move = Move.parse(text)
    except InvalidMoveError:
        return
    assert Move.parse(move.format()) == move


@SETTINGS
@given(st.text(alphabet="orchadpngvem:;=0123456789,- ", max_size=30))
def test_deal_parse_is_idempotent_on_any_text(text):
    try:
        deal = Deal.parse(text)
    except InvalidDealError:
        return
    assert Deal.parse(deal.format()) == deal


@SETTINGS
@given(real_deals(), st.data())
def test_apply_accepts_exactly_the_legal_moves(game_deal, data):
    """Any move near the orchard is either legal (and then listed by legal_moves)
    or refused with an IllegalMoveError; nothing else escapes."""
    game, deal = game_deal
    state = game.start(deal)
    for _ in range(4):
        if state.over:
            break
        legal = game.legal_moves(state)
        placements = {(m.card, m.rot, m.x, m.y) for m in legal}
        x0, y0, x1, y1 = state.bounds()
        card = data.draw(st.sampled_from([r.id for r in state.hand] + [99]))
        move = Move(card, data.draw(st.sampled_from(ROTATIONS)), data.draw(st.integers(x0 - 3, x1 + 1)),
                    data.draw(st.integers(y0 - 3, y1 + 1)))
        try:
            game.apply(state, move)
        except IllegalMoveError:
            assert (move.card, move.rot, move.x, move.y) not in placements
        else:
            assert (move.card, move.rot, move.x, move.y) in placements
        state = game.apply(state, data.draw(st.sampled_from(legal)))


@pytest.mark.parametrize("sep", ["\u2028", "\f", "\x85", "\v"])
def test_solution_lines_break_only_where_editors_do(sep):
    """A form feed or a Unicode line separator inside a line (pasted text) stays in
    it: the comment stays a comment and the line numbers stay the editor's."""
    from pnp.notation import read_solution

    lines, unread = read_solution(f"# my line{sep} copied from the forum\n7 r0 0,-2{sep}\n3 r0 9,9 nonsense\n")
    assert [sl.line for sl in lines] == [2]
    assert unread is not None and unread.line == 3


@pytest.mark.parametrize("parse, text, says", [
    (Deal.parse, "orchard-pnp:1A,2b", "bad card '1A' (expected a lower-case side letter: 1a)"),
    (Deal.parse, "orchard-pnp:1c,2b", "bad card '1c' (expected side a or b after the number, not 'c')"),
    (Move.parse, "3B r0 0,1", "'3B' is not a card (expected a lower-case side letter: 3b)"),
    (Move.parse, "3ab r0 0,1", "'3ab' is not a card (expected side a or b after the number, not 'ab')"),
    (Move.parse, "x r0 0,1", "'x' is not a card (expected a card number, like 7 or 3b)"),
])
def test_a_wrong_side_letter_is_named(parse, text, says):
    """'1A' and '1c' were only 'expected a card number, like 7 or 3b'."""
    with pytest.raises(NotationError) as err:
        parse(text)
    assert str(err.value).endswith(says), str(err.value)


@pytest.mark.parametrize("text, hint", [
    ("orchard-2026-12-24", "; orchard-2026-12-24 is a puzzle id: pnp puzzle daily --game orchard --date 2026-12-24 "
                           "shows its deal"),
    ("puzzles/orchard/2026/orchard-2026-12-24.yaml", "; this looks like a file: give the deal written in it"),
    ("grove:5,12,3;recipe=4,10", "; the recipes are written ;recipes=R1,R2, not ;recipe="),
    ("grove:5,12,3;Recipes=4,10", "; the recipes are written ;recipes=R1,R2, not ;Recipes="),
    ("orchard 4,7,8", ""),
])
def test_a_near_miss_deal_says_what_it_looks_like(text, hint):
    """`pnp solve orchard-2026-12-24` and ';recipe=4,10' said only "bad deal ...
    (expected GAME:C1,C2,...)"."""
    with pytest.raises(InvalidDealError) as err:
        Deal.parse(text)
    assert str(err.value) == f"bad deal {text!r} (expected GAME:C1,C2,..., like orchard:4,7,8){hint}"
