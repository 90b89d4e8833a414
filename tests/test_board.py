"""pnp.render.board: positions drawn from the engine's public state."""
from __future__ import annotations

from pnp.games import find_game
from pnp.notation import CardRef
from pnp.render.board import board_figure, die_values, hand_figure
from pnp.render.draw import Group

DEALS = {
    "orchard": "orchard:4,7,8,3,14,18,2,10,9",
    "orchard-pnp": "orchard-pnp:1a,2b,3a,4a,5b,6a,7a,8b,9a",
    "grove": "grove:1,2,3,4,5,6,7,8,9",
}


def _greedy(game_id):
    """Play the deal to the end, greedily (first best move): a deterministic full game."""
    g = find_game(game_id)
    st = g.start(DEALS[game_id])
    states = [st]
    while not st.over:
        st = max((g.apply(st, m) for m in g.legal_moves(st)), key=g.score)
        states.append(st)
    return g, states


def _groups(fig, prefix):
    return [it for it in fig.walk() if isinstance(it, Group) and it.cls and it.cls.startswith(prefix)]


def test_drawn_dice_are_the_states_dice():
    for game_id in DEALS:
        g, states = _greedy(game_id)
        for st in states:
            fig = board_figure(g.deck, st)
            assert die_values(fig) == {p: s.die for p, s in st.dice()}
        # every visible square is drawn once
        cells = [it for it in fig.walk() if isinstance(it, Group) and (it.id or "").startswith("cell-")]
        assert len(cells) == len(st.top)


def test_tokens_and_wheelbarrow_are_drawn():
    for game_id in DEALS:
        g, states = _greedy(game_id)
        st = states[-1]
        fig = board_figure(g.deck, st)
        tokens = {(it.cls.split()[1], it.id) for it in _groups(fig, "token")}
        want = {(s.token, f"token-{x}-{y}") for (x, y), s in st.top if s.token}
        assert tokens == want
        barrows = _groups(fig, "die wheelbarrow")
        assert len(barrows) == sum(1 for _, s in st.top if s.wheelbarrow)


def test_figure_size_follows_the_grid():
    g, states = _greedy("orchard")
    st = states[-1]
    x0, y0, x1, y1 = st.bounds()
    fig = board_figure(g.deck, st, cell=10, coords=False, pad=0)
    assert (fig.width, fig.height) == (10 * (x1 - x0 + 1), 10 * (y1 - y0 + 1))
    with_labels = board_figure(g.deck, st, cell=10)
    assert with_labels.width > fig.width and with_labels.height > fig.height
    xs = sorted(int(it.text) for it in with_labels.walk() if getattr(it, "cls", None) == "coord x")
    assert xs == list(range(x0, x1 + 1))


def test_hand_figure():
    g = find_game("orchard-pnp")
    fig = hand_figure(g.deck, [CardRef(3, "b"), "4a", CardRef(5, "a")], card_width=20, gap=2)
    assert fig.width == 3 * 20 + 2 * 2
    labels = [it.text for it in fig.walk() if getattr(it, "cls", None) == "card-label"]
    assert labels == ["3b", "4a", "5a"]
    two_rows = hand_figure(find_game("orchard").deck, [1, 2, 3], per_row=2)
    assert two_rows.height > fig.height


def test_card_tags_name_the_side_of_a_two_sided_card():
    """The print-and-play edition's boards tagged its cards "1", "3": the cards
    and the notation say "1a", "3b"."""
    from pnp.render.draw import Text

    for game_id in DEALS:
        g, states = _greedy(game_id)
        st = states[-1]
        tags = {it.text for it in board_figure(g.deck, st).walk() if isinstance(it, Text) and it.cls == "card-number"}
        visible = {s.card for _, s in st.top}
        assert tags == {pl.card.format() for pl in st.placed if pl.card.id in visible}, (game_id, tags)
        assert all(t[-1] in "ab" for t in tags) == (game_id == "orchard-pnp"), tags


def test_card_numbers_are_drawn_over_tokens_and_the_small_marks_read_clearly():
    """A rotten token (or the squirrel) on a card's first square hid its number
    tag in the answer keys; the wheelbarrow's white "15" on gold read at 3.3:1 and
    the squirrel's white S on grey at 4.1:1."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from figures import contrast
    from positions import position
    from pnp.render.board import SQUIRREL_FILL
    from pnp.render.cards import card_style
    from pnp.render.draw import Rect, Text

    game, state = position("orchard:4,7,8", ["A! P", "L A3"])
    items = list(board_figure(game.deck, state).walk())
    token = next(i for i, it in enumerate(items) if isinstance(it, Group) and it.cls == "token rotten")
    tags = [i for i, it in enumerate(items) if isinstance(it, (Rect, Text)) and it.cls == "card-number"]
    assert tags and min(tags) > token
    game, state = position("grove:1,2,3", ["O1:W L1*S"])
    fig = board_figure(game.deck, state)
    st = card_style(game.deck)
    [fifteen] = [it for it in fig.walk() if isinstance(it, Text) and it.text == "15"]
    assert contrast(fifteen.fill, st.accent) >= 4.5
    assert contrast("#FFFFFF", SQUIRREL_FILL) >= 4.5


def test_a_pale_fruits_die_shows_its_edge_in_black_and_white():
    """A Lemon die's outline was the fruit's own pale yellow: 1.2:1 against the
    square under it, so in black and white the die had no edge."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from figures import contrast
    from positions import position
    from pnp.render.cards import card_style
    from pnp.render.draw import Rect

    game, state = position("grove:1,2,3", ["L1:3 O1:2"])
    st = card_style(game.deck)
    for group in _groups(board_figure(game.deck, state), "die"):
        edge = next(it for it in group.items if isinstance(it, Rect)).paint.stroke
        assert contrast(edge, st.paper) >= 2.0, edge
