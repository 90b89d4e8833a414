"""The deck model: validation of cards files (every problem names file and line)
and design checks of the shipped cards.yaml."""
from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from pnp.deck import RECIPE_CONDITIONS, RECIPE_REWARDS, SHAPES, default_cards_path, load_deck, parse_deck
from pnp.errors import DeckError

ROOT = Path(__file__).resolve().parent.parent

GOOD = """\
# a small but complete cards file
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
      - {id: 2, face: ["P P", "A A", "A P"]}
  grove:
    fruits:
      O: {name: Orange, colour: "#E69F00", shape: circle}
      L: {name: Lemon, colour: "#F0E442", shape: teardrop}
    squirrels: 1
    tiers:
      - {min: 0, name: Low}
    cards:
      - id: 1
        face: ["O1 .", "L2 O1", "O2 L1"]
        recipe: {name: Pie, number: 30, condition: {dice_at_least: {fruit: O, count: 3}}, reward: {points: 5}}
"""

MARKET = """\
games:
  orchards-market:
    fruits:
      A: {name: Apple, colour: "#D55E00", shape: circle}
      O: {name: Orange, colour: "#E69F00", shape: hexagon}
    fruit_cards: {A: 24, O: 24}
    buyers:
      - {id: 1, wants: {A: 3, O: 2}, points: 1}
"""


def line_of(text: str, snippet: str) -> int:
    for i, line in enumerate(text.splitlines(), 1):
        if snippet in line:
            return i
    raise AssertionError(snippet)


def problems(tmp_path, text: str) -> list[str]:
    path = tmp_path / "my-cards.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckError) as exc:
        load_deck(path)
    lines = exc.value.lines()
    assert lines and str(exc.value) == lines[0]
    assert exc.value.exit_code == 2
    for line in lines:
        assert line.startswith(f"{path}:") and "\n" not in line
    return lines


def test_the_good_file_loads(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(GOOD)
    deck = load_deck(path)
    assert deck.game_ids == ("orchard", "grove")
    orchard = deck.game("orchard")
    assert orchard.fruit_keys == ("A", "P") and orchard.card_ids == (1, 2)
    assert orchard.card(2).face().format() == ["P P", "A A", "A P"]
    assert orchard.dice_per_fruit == 5 and orchard.mismatch_tokens == 2
    grove = deck.game("grove")
    assert grove.card(1).face().format(counted=True) == ["O1 .", "L2 O1", "O2 L1"]
    r = grove.card(1).recipe
    assert (r.name, r.number, r.condition, r.reward, r.wheelbarrow_counts) == (
        "Pie", 30, ("dice_at_least", ("O", 3)), ("points", 5), True)


def test_a_clearing_bears_no_fruit_however_it_is_made():
    """The engines read a cell's count as its fruits: a clearing made in code with the default
    count must be the clearing a cards file gives (bench/bounds.py's relaxed decks once were not)."""
    from pnp.deck import Cell
    assert Cell(None) == Cell(None, 0) and Cell(None).count == 0 and Cell(None).is_clearing
    assert Cell("O").count == 1 and Cell("O", 2).count == 2


class TestValidation:
    @pytest.mark.parametrize("old, new, line, message", [
        # the rest of the line is a comment, so YAML stumbles a line later: the hint names the colour's line
        ('colour: "#D55E00"', "colour: #D55E00", 5,
         "YAML syntax error: did not find expected ',' or '}' (a # not in quotes starts a comment: "
         'write colours in quotes, like "#D55E00")'),
        ('      A: {name: Apple, colour: "#D55E00", shape: circle}\n',
         '      A:\n        name: Apple\n        colour: #D55E00\n        shape: circle\n', 7,
         'orchard.fruits.A.colour is empty (a # not in quotes starts a comment: write colours in quotes, '
         'like "#D55E00")'),
        ("    tiers:\n      - {min: 0, name: Low}\n      - {min: 10",
         "    tiers:\n\t- {min: 0, name: Low}\n      - {min: 10", 8,
         "YAML syntax error: found character that cannot start any token (a tab in the indent: YAML indents "
         "with spaces only)"),
        # any text with a # in a flow mapping: named on its own line, not YAML's next
        ("{min: 10, name: High}", "{min: 10, name: High #1}", 9,
         "YAML syntax error: did not find expected ',' or '}' (a # not in quotes starts a comment: put text "
         'with a # in quotes, like "Sapling #1")'),
        # a key with no colon: YAML names the line after it ("could not find expected ':'")
        ("  orchard:\n    fruits:", "  orchard:\n    fruits", 4,
         "YAML syntax error: mapping values are not allowed in this context (a key with no ':' after it?)"),
        ("    tiers:\n", "    title Orchard\n    tiers:\n", 7,
         "YAML syntax error: could not find expected ':' (a key with no ':' after it?)"),
        ("      P: {name: Pear", "     P: {name: Pear", 6,
         "YAML syntax error: did not find expected key (check this line's indent against the lines above it)"),
    ])
    def test_slips_yaml_reports_far_from_their_cause_get_a_hint(self, tmp_path, old, new, line, message):
        """A colour not in quotes (``colour: #D55E00``) and a tab in the indent were
        reported as YAML's own words, for the colour a line after it."""
        assert old in GOOD
        lines = problems(tmp_path, GOOD.replace(old, new, 1))
        assert f"{tmp_path / 'my-cards.yaml'}:{line}: {message}" in lines, lines

    def test_broken_yaml_syntax(self, tmp_path):
        text = GOOD.replace("{min: 10, name: High}", "{min: 10, name: High")
        lines = problems(tmp_path, text)
        assert len(lines) == 1
        assert "YAML syntax error" in lines[0]
        # the parser notices on the next line at the latest
        assert lines[0].split(":")[1] in {str(line_of(text, "name: High")), str(line_of(text, "name: High") + 1)}

    def test_unknown_key(self, tmp_path):
        text = GOOD.replace("    tiers:\n      - {min: 0, name: Low}\n      - {min: 10", "    colour: red\n    tiers:\n      - {min: 0, name: Low}\n      - {min: 10")
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, 'colour: red')}: orchard: unknown key 'colour' "
                             "(expected one of: fruits, cards, tiers, title, style, dice_per_fruit, rotten_tokens)")

    def test_unknown_key_in_a_card(self, tmp_path):
        text = GOOD.replace('{id: 2, face', '{id: 2, colour: red, face')
        [line] = problems(tmp_path, text)
        assert f":{line_of(text, 'colour: red')}: orchard card 2: unknown key 'colour'" in line

    def test_wrong_row_count(self, tmp_path):
        text = GOOD.replace('["A P", "P A", "A P"]', '["A P", "P A"]')
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, 'id: 1, face')}: orchard card 1 face must have 3 rows, not 2")

    def test_wrong_cell_count(self, tmp_path):
        text = GOOD.replace('["A P", "P A", "A P"]', '["A P", "P A A", "A P"]')
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, 'P A A')}: orchard card 1 face row 2 'P A A' must have 2 cells, not 3")

    def test_wrong_cell_count_in_a_block_list(self, tmp_path):
        text = GOOD.replace('face: ["O1 .", "L2 O1", "O2 L1"]', 'face:\n          - "O1 ."\n          - "L2"\n          - "O2 L1"')
        [line] = problems(tmp_path, text)
        n = line_of(text, '- "L2"')
        assert line.endswith(f":{n}: grove card 1 face row 2 'L2' must have 2 cells, not 1")

    def test_unknown_fruit_key(self, tmp_path):
        text = GOOD.replace('["P P", "A A", "A P"]', '["P P", "A X", "A P"]')
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, 'A X')}: orchard card 2 face row 2: unknown fruit key 'X' (known: A, P)")

    def test_bad_grove_cell(self, tmp_path):
        text = GOOD.replace('"L2 O1"', '"L3 O1"')
        [line] = problems(tmp_path, text)
        assert "cell 'L3' must be a fruit key and 1 or 2 fruits" in line

    def test_duplicate_card_id(self, tmp_path):
        text = GOOD.replace("{id: 2, face", "{id: 1, face")
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, 'P P')}: orchard: duplicate card id 1 "
                             f"(first on line {line_of(text, 'id: 1, face')})")

    def test_missing_field(self, tmp_path):
        text = GOOD.replace('{id: 2, face: ["P P", "A A", "A P"]}', "{id: 2}")
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, '{id: 2}')}: orchard card 2: missing key 'face'")

    def test_missing_recipe(self, tmp_path):
        text = GOOD.replace("        recipe: {name: Pie", "        # recipe: {name: Pie")
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, '- id: 1')}: grove card 1: missing key 'recipe'")

    def test_a_bad_fruit_is_reported_once_not_on_every_card(self, tmp_path):
        """Its cards still name a declared key: no "unknown fruit key" for each of them."""
        text = GOOD.replace('colour: "#D55E00"', 'colour: red', 1)
        assert text != GOOD
        [line] = problems(tmp_path, text)
        assert line.endswith("orchard.fruits.A.colour must look like '#D55E00', not 'red'")

    def test_recipe_condition_outside_the_vocabulary(self, tmp_path):
        text = GOOD.replace("condition: {dice_at_least: {fruit: O, count: 3}}", "condition: {free_lunch: true}")
        [line] = problems(tmp_path, text)
        assert f":{line_of(text, 'free_lunch')}: grove card 1 recipe.condition: 'free_lunch' is not in the recipe vocabulary" in line

    def test_recipe_reward_outside_the_vocabulary(self, tmp_path):
        text = GOOD.replace("reward: {points: 5}", "reward: {eval: '1+1'}")
        [line] = problems(tmp_path, text)
        assert "grove card 1 recipe.reward: 'eval' is not in the recipe vocabulary" in line

    def test_recipe_with_unknown_fruit(self, tmp_path):
        text = GOOD.replace("{fruit: O, count: 3}", "{fruit: Q, count: 3}")
        [line] = problems(tmp_path, text)
        assert "unknown fruit 'Q' (known: L, O, any)" in line

    @pytest.mark.parametrize("tagged", [
        "!!python/object:os.system Low",
        "!!python/object/apply:os.system ['echo hi']",
        "!!python/name:os.system ''",
        "!custom Low",
    ])
    def test_object_tags_are_refused(self, tmp_path, tagged):
        text = GOOD.replace("{min: 10, name: High}", f"{{min: 10, name: {tagged}}}")
        lines = problems(tmp_path, text)
        assert f":{line_of(text, 'min: 10')}: unsupported YAML tag" in lines[0]

    def test_object_tag_on_the_whole_file(self, tmp_path):
        lines = problems(tmp_path, "!!python/object/apply:os.system ['echo hi']\n")
        assert ":1: unsupported YAML tag '!!python/object/apply:os.system'" in lines[0]

    def test_object_tag_in_style_is_refused(self, tmp_path):
        lines = problems(tmp_path, "style: !!python/object/apply:os.system ['echo hi']\n" + GOOD)
        assert ":1: unsupported YAML tag" in lines[0]

    @pytest.mark.parametrize("value, words", [("!!int zero", "'zero' is not a valid int"),
                                              ("!!bool maybe", "'maybe' is not a valid bool")])
    def test_typed_scalar_that_does_not_read(self, tmp_path, value, words):
        text = GOOD.replace("{min: 10,", f"{{min: {value},")
        [line] = problems(tmp_path, text)
        assert f":{line_of(text, 'min: !!')}: orchard.tiers.min: {words}" in line

    @pytest.mark.parametrize("text", ["", "\n", "# only a comment\n"])
    def test_empty_file(self, tmp_path, text):
        [line] = problems(tmp_path, text)
        assert line.endswith(":1: the file is empty (expected a 'games:' mapping)")

    def test_no_games(self, tmp_path):
        [line] = problems(tmp_path, "version: 1\n")
        assert line.endswith(":1: top level: missing key 'games'")

    @pytest.mark.parametrize("name, hint", [("chess", ""), ("Grove", "; game ids are lowercase")])
    def test_unknown_game(self, tmp_path, name, hint):
        text = GOOD.replace("  grove:\n", f"  {name}:\n")
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, name + ':')}: unknown game {name!r} "
                             f"(expected one of: orchard, orchard-pnp, grove, orchards-market{hint})")

    def test_wrong_types(self, tmp_path):
        text = GOOD.replace("{id: 2, face", "{id: two, face").replace("squirrels: 1", "squirrels: yes")
        lines = problems(tmp_path, text)
        assert any(f":{line_of(text, 'id: two')}: orchard card id must be a whole number, not 'two'" in x for x in lines)
        assert any(f":{line_of(text, 'squirrels')}: grove.squirrels must be a whole number, not 'yes'" in x for x in lines)

    def test_a_face_that_is_not_rows_says_what_rows_look_like(self, tmp_path):
        # it said "must be a list", and an Orchard clearing was an "unknown fruit key '.'"
        text = GOOD.replace('{id: 2, face: ["P P", "A A", "A P"]}', '{id: 2, face: "P P A A A P"}').replace(
            'face: ["O1 .", "L2 O1", "O2 L1"]', "face: O1")
        lines = problems(tmp_path, text)
        assert any(x.endswith(f":{line_of(text, 'id: 2')}: orchard card 2 face must be a list of 3 rows, top first, "
                              'like ["A P", "L A", "P L"]') for x in lines), lines
        assert any(x.endswith(f":{line_of(text, 'face: O1')}: grove card 1 face must be a list of 3 rows, top first, "
                              'like ["O2 L1", ". M1", "O1 L2"]') for x in lines), lines
        text = GOOD.replace('{id: 2, face: ["P P", "A A", "A P"]}', '{id: 2, face: ["P P", "A .", "A P"]}')
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, 'id: 2')}: orchard card 2 face row 2: cell '.': this game's cards "
                             "have no clearings; every cell is a fruit key")
        text = GOOD.replace('{id: 2, face: ["P P", "A A", "A P"]}', '{id: 2, face: !rows ["P P", "A A", "A P"]}')
        [line] = problems(tmp_path, text)
        assert line.endswith("unsupported YAML tag '!rows' (cards files hold plain data only)")

    def test_bad_colour_and_shape(self, tmp_path):
        text = GOOD.replace('colour: "#D55E00", shape: circle', 'colour: red, shape: blob')
        lines = problems(tmp_path, text)
        n = line_of(text, "shape: blob")
        assert any(f":{n}: orchard.fruits.A.colour must look like '#D55E00', not 'red'" in x for x in lines)
        assert any(f":{n}: orchard.fruits.A.shape: unknown shape 'blob'" in x for x in lines)

    def test_at_most_twenty_tiers(self, tmp_path):
        many = "".join(f"      - {{min: {20 + i}, name: T{i}}}\n" for i in range(19))
        text = GOOD.replace("      - {min: 10, name: High}\n", "      - {min: 10, name: High}\n" + many, 1)
        [line] = problems(tmp_path, text)  # 21 tiers; the score pad and booklets hold 20
        assert line.endswith(f":{line_of(text, 'tiers:')}: orchard.tiers: at most 20 tiers (the score pad and "
                             "the puzzle pages print every one), not 21"), line
        text = GOOD.replace("      - {min: 10, name: High}\n", "      - {min: 10, name: High}\n" + many[:many.rindex("      -")], 1)
        path = tmp_path / "twenty.yaml"
        path.write_text(text)
        assert len(load_deck(path).game("orchard").tiers) == 20

    def test_every_problem_is_reported_at_once(self, tmp_path):
        text = GOOD.replace('"A A", "A P"]}', '"A X", "A P"]}').replace(
            "{min: 10, name: High}", "{min: 10, name: High, x: 1}").replace("reward: {points: 5}", "reward: {pointz: 5}")
        lines = problems(tmp_path, text)
        assert len(lines) == 3
        assert [int(x.split(":")[1]) for x in lines] == sorted(int(x.split(":")[1]) for x in lines)

    @pytest.mark.parametrize("drop", ["fruit_cards", "buyers"])
    def test_market_missing_field(self, tmp_path, drop):
        text = MARKET.replace(f"    {drop}:", f"    x{drop}:")
        lines = problems(tmp_path, text)
        assert any(f":3: orchards-market: missing key '{drop}'" in x for x in lines)

    @pytest.mark.parametrize("base, old, new, says", [
        # a market with nothing to sell to: the rules sheet crashed (IndexError), and pnp build with it
        (MARKET, "    buyers:\n      - {id: 1, wants: {A: 3, O: 2}, points: 1}\n", "    buyers: []\n",
         "orchards-market.buyers: no buyer defined"),
        (MARKET, "fruit_cards: {A: 24, O: 24}", "fruit_cards: {}",
         "orchards-market.fruit_cards: no fruit card defined"),
        # tiers were accepted empty (an empty "Your harvest" table) and with a blank name (a blank row)
        (GOOD, "    tiers:\n      - {min: 0, name: Low}\n      - {min: 10, name: High}\n", "    tiers: []\n",
         "orchard.tiers: no tier defined (a score is named by its tier)"),
        (GOOD, "{min: 10, name: High}", '{min: 10, name: " "}',
         "orchard.tiers.name: empty (a tier needs a name to print)"),
        # a fruit with no name: "(circle), Pear…" and "(, Pear and Plum)" on the rules sheet
        (GOOD, "A: {name: Apple,", 'A: {name: "",', "orchard.fruits.A.name: empty (the rules and cards print a "
         "fruit's name)"),
        # YAML's truth values and a number in quotes: the message now says why
        (GOOD, "{min: 10, name: High}", "{min: 10, name: Yes}", "orchard.tiers.name must be text, not 'Yes' (YAML "
         "reads yes, no, on, off, true and false as a truth value: put the text in quotes)"),
        (GOOD, "{id: 2, face", "{id: \"2\", face", "orchard card id must be a whole number, not '2' (in quotes it is "
         "text: leave the quotes off)"),
        # no dice: every game scored 0 and the sheet asked for "0 dice: 0 for each fruit"
        (GOOD, "    tiers:\n", "    dice_per_fruit: 0\n    tiers:\n", "orchard.dice_per_fruit must be in 1..99, not 0"),
    ])
    def test_a_slip_that_was_taken_or_said_badly(self, tmp_path, base, old, new, says):
        """One problem, on the line of the change, saying what is wrong and why."""
        assert old in base
        text = base.replace(old, new, 1)
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, new.strip().splitlines()[0])}: {says}"), line

    def test_two_fruits_may_not_share_a_name(self, tmp_path):
        text = GOOD.replace("P: {name: Pear", "P: {name: apple", 1)
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, 'name: apple')}: orchard.fruits.P.name: 'apple' is fruit A's name "
                             "too"), line

    def test_the_first_tier_starts_at_0(self, tmp_path):
        """`{min: 10, name: Seedling}` first was read as "up to 24 Seedling": the
        lowest tier takes every lower score, so its min meant nothing."""
        text = GOOD.replace("- {min: 0, name: Low}", "- {min: 5, name: Low}", 1)
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, 'min: 5')}: orchard.tiers: the first tier takes every score below "
                             "the next one (a score can fall below 0 after penalties): its min must be 0, not 5")

    def test_two_fruits_may_not_share_a_shape_whatever_else_is_wrong(self, tmp_path):
        """The shape check named only the fruits mapping's first line, not the fruit
        with the shape again, and said nothing when the other fruit had another
        problem too (a bad colour): problems came one run at a time."""
        text = GOOD.replace("shape: teardrop}", "shape: circle}", 1)
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, 'P: {name: Pear')}: orchard.fruits.P.shape: 'circle' is fruit A's "
                             "shape too (every fruit needs its own shape: colour is never the only cue)"), line
        lines = problems(tmp_path, text.replace('"#D55E00"', '"#D55E0"', 1))
        assert len(lines) == 2 and "orchard.fruits.A.colour" in lines[0] and "orchard.fruits.P.shape" in lines[1]

    def test_one_slip_is_said_once_not_once_per_card(self, tmp_path):
        """A fruit key in lower case left 'P' undefined, and every card using it
        said so: 19 lines for the shipped deck. The first stands for the rest."""
        src = (ROOT / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
        text = src.replace("      P: {name: Pear", "      p: {name: Pear", 1)
        lines = problems(tmp_path, text)
        assert len(lines) == 2, lines
        assert lines[0].endswith(f":{line_of(text, 'p: {name: Pear')}: orchard.fruits: fruit key 'p' must be one "
                                 "capital letter")
        assert "unknown fruit key 'P' (known: A, L) (and on 17 more lines)" in lines[1]

    def test_a_slip_in_the_shared_style_names_the_games_on_its_one_line(self, tmp_path):
        """A card size too small for its cells, in the top-level style: said for
        orchard alone, "(and on 2 more lines)", lines that did not exist."""
        src = (ROOT / "pnp" / "data" / "cards.yaml").read_text(encoding="utf-8")
        text = src.replace("  card: {width_mm: 63, height_mm: 88, corner_mm: 3}",
                           "  card: {width_mm: 44, height_mm: 63, cell_mm: 30}", 1)
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, 'cell_mm: 30')}: orchard, orchard-pnp, grove: card.cell_mm 30 does "
                             "not fit a 44 x 63 mm card (2 x 3 cells need 60 x 90 mm)"), line

    def test_market_buyer_needs_two_options(self, tmp_path):
        text = MARKET.replace("wants: {A: 3, O: 2}", "wants: {A: 3}")
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, 'wants')}: orchards-market buyer 1: wants must name exactly two fruits")

    @pytest.mark.parametrize("old, new, says", [
        ("wants: {A: 3, O: 2}", "wants: {A: 3, A: 2}", "orchards-market buyer 1 wants: duplicate key 'A'"),
        ("wants: {A: 3, O: 2}", "wants: [A, O]", "orchards-market buyer 1 wants must be a mapping"),
    ])
    def test_a_buyer_s_broken_wants_are_said_once(self, tmp_path, old, new, says):
        """A fruit named twice in wants also said 'wants must name exactly two
        fruits' (the user wrote two)."""
        text = MARKET.replace(old, new)
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, 'wants')}: {says}"), line

    @pytest.mark.parametrize("game_text", ["MARKET", "GOOD"])
    def test_a_game_without_fruits_says_only_that(self, tmp_path, game_text):
        """A missing fruits: key also called every fruit key in the game unknown
        (seven lines for the shipped market deck); fruits: left empty said both
        'must be a mapping' and 'no fruit defined'."""
        src = globals()[game_text]
        lines = src.splitlines()
        start = next(i for i, ln in enumerate(lines) if ln.strip() == "fruits:")
        end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("      "))
        gone = "\n".join(lines[:start] + lines[end:]) + "\n"
        [line] = problems(tmp_path, gone)
        assert line.endswith("missing key 'fruits'"), line
        empty = "\n".join(lines[:start + 1] + lines[end:]) + "\n"
        [line] = problems(tmp_path, empty)
        assert line.endswith(".fruits must be a mapping"), line

    def test_market_buyer_points_name_the_buyer(self, tmp_path):
        text = MARKET.replace("points: 1}", "points: 9}")
        [line] = problems(tmp_path, text)  # it said "buyer points", not which buyer
        assert line.endswith(f":{line_of(text, 'points: 9')}: orchards-market buyer 1 points must be in 1..3, not 9")

    @pytest.mark.parametrize("cards, says", [
        ("{O: 24}", "0 Apple cards (A), fewer than buyer 1 wants"),  # no Apple cards: it loaded
        ("{A: 2, O: 24}", "2 Apple cards (A), fewer than buyer 1 wants"),
        ("{A: 24, O: 1}", "1 Orange card (O), fewer than buyer 1 wants"),
    ])
    def test_market_holds_what_its_buyers_want(self, tmp_path, cards, says):
        text = MARKET.replace("fruit_cards: {A: 24, O: 24}", f"fruit_cards: {cards}")
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, 'fruit_cards')}: orchards-market.fruit_cards: {says}"), line

    @pytest.mark.parametrize("condition, extra, says", [
        ("{dice_at_least: {fruit: O, count: 7}}", "", "at most 6 O dice can be in the orchard, not 7"),
        ("{dice_at_least: {fruit: O, count: 6}}", ", wheelbarrow: false",
         "at most 5 O dice can be in the orchard, not 6"),
        ("{dice_at_least: {fruit: any, count: 12}}", "", "at most 11 dice can be in the orchard, not 12"),
        ("{fruit_total_at_least: {fruit: L, total: 66}}", "", "L dice add up to at most 65, not 66"),
        ("{fruit_total_at_least: {fruit: any, total: 101}}", ", wheelbarrow: false",
         "the dice add up to at most 100, not 101"),
        ("{each_fruit_at_least: 11}", "", "every fruit's highest die shows at most 10, not 11"),
        ("{line_of_three: any}", ", wheelbarrow: false",  # with two dice a fruit (below)
         "a line of three dice of one fruit, where each fruit has 2 dice"),
    ])
    def test_a_recipe_that_can_never_be_met(self, tmp_path, condition, extra, says):
        """A recipe no game can meet (a typo like count: 99) loaded without a word."""
        text = GOOD.replace("condition: {dice_at_least: {fruit: O, count: 3}}, reward: {points: 5}}",
                            f"condition: {condition}, reward: {{points: 5}}{extra}}}")
        if "line_of_three" in condition:
            text = text.replace("    squirrels: 1\n", "    squirrels: 1\n    dice_per_fruit: 2\n")
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, 'recipe:')}: grove card 1 recipe.condition can never be met: {says}")

    @pytest.mark.parametrize("condition", ["{wheelbarrow_used: true}", "{squirrel_unused: true}"])
    def test_wheelbarrow_false_on_a_goal_that_counts_no_dice_is_refused(self, tmp_path, condition):
        """It loaded, and the card read "The wheelbarrow is in the grove. The
        wheelbarrow does not count as a die here."."""
        text = GOOD.replace("condition: {dice_at_least: {fruit: O, count: 3}}, reward: {points: 5}}",
                            f"condition: {condition}, reward: {{points: 5}}, wheelbarrow: false}}")
        [line] = problems(tmp_path, text)
        kind = condition[1:].split(":")[0]
        assert line.endswith(f":{line_of(text, 'recipe:')}: grove card 1 recipe.wheelbarrow: false means nothing "
                             f"for {kind}, which counts no dice (leave it out)"), line

    @pytest.mark.parametrize("condition", ["{dice_at_least: {fruit: O, count: 6}}",
                                           "{fruit_total_at_least: {fruit: any, total: 115}}",
                                           "{each_fruit_at_least: 10}"])
    def test_a_recipe_at_the_edge_of_what_a_game_can_reach_loads(self, tmp_path, condition):
        text = GOOD.replace("{dice_at_least: {fruit: O, count: 3}}", condition)
        path = tmp_path / "edge.yaml"
        path.write_text(text, encoding="utf-8")
        assert load_deck(path).game("grove").cards[0].recipe.condition[0] == condition[1:].split(":")[0]

    def test_control_character(self, tmp_path):
        [line] = problems(tmp_path, "games:\n  \x01orchard: 1\n")
        assert ":2: YAML error: unacceptable character" in line

    def test_missing_file(self, tmp_path):
        with pytest.raises(DeckError) as exc:
            load_deck(tmp_path / "nope.yaml")
        assert exc.value.lines() == [f"{tmp_path / 'nope.yaml'}: no such file"]

    def test_parse_deck_names_the_file(self):
        with pytest.raises(DeckError) as exc:
            parse_deck("games: [", "mine.yaml")
        assert str(exc.value).startswith("mine.yaml:")


class TestStyle:
    """``style:`` (README, "Card style"): every key checked, with its line."""

    STYLED = ('version: 1\nstyle:\n  card: {width_mm: 70, height_mm: 120, corner_mm: 4, cell_mm: 30}\n'
              '  font: Times\n  ink: "#101010"\n  paper: "#FAFAFA"\n  colours: {back: "#5E2F3F"}\n' + GOOD)

    def test_a_full_style_loads_and_a_game_s_own_overrides_it(self, tmp_path):
        from pnp.render.cards import card_style
        text = self.STYLED.replace("  grove:\n", "  grove:\n    style: {card: {width_mm: 80}, font: Courier}\n")
        path = tmp_path / "cards.yaml"
        path.write_text(text)
        deck = load_deck(path)
        orchard, grove = (card_style(deck.game(g), deck) for g in ("orchard", "grove"))
        assert (orchard.width, orchard.height, orchard.corner, orchard.cell) == (70, 120, 4, 30)
        assert (orchard.font, orchard.ink, orchard.paper, orchard.back) == ("Times", "#101010", "#FAFAFA", "#5E2F3F")
        assert (grove.width, grove.height, grove.font, grove.back) == (80, 120, "Courier", "#5E2F3F")

    @pytest.mark.parametrize("old, new, message", [
        ("width_mm: 70", "width_mm: 0", "style.card.width_mm must be 40..300 mm, not 0"),
        ("width_mm: 70", "width_mm: .nan", "style.card.width_mm must be 40..300 mm, not .nan"),
        ("height_mm: 120", "height_mm: 301", "style.card.height_mm must be 40..300 mm, not 301"),
        ("width_mm: 70", "width_mm: '70'", "style.card.width_mm must be a number, not '70' (in quotes it is text: "
         "leave the quotes off)"),
        ("corner_mm: 4", "corner_mm: -1", "style.card.corner_mm must be 0..10 mm, not -1"),
        ("cell_mm: 30", "cell_mm: 2", "style.card.cell_mm must be 0 (as large as fits) or 5..100 mm, not 2"),
        ("cell_mm: 30", "bleed_mm: 3", "style.card: unknown key 'bleed_mm' (expected one of: width_mm, "
                                       "height_mm, corner_mm, cell_mm)"),
        ("font: Times", "font: Comic Sans", "style.font must be one of Helvetica, Times, Courier "
                                            "(the standard PDF fonts), not 'Comic Sans'"),
        ('ink: "#101010"', "ink: black", "style.ink must look like '#D55E00', not 'black'"),
        ('paper: "#FAFAFA"', 'paper: "#FAFAF"', "style.paper must look like '#D55E00', not '#FAFAF'"),
        ('back: "#5E2F3F"', 'leaf: "#5E2F3F"', "style.colours: unknown key 'leaf' (expected one of: ground, "
                                               "ground_edge, canopy, canopy_edge, trunk, clearing, clearing_edge, "
                                               "grass, back, back_ink, accent)"),
        ('back: "#5E2F3F"', "back: 5", "style.colours.back must look like '#D55E00', not '5'"),
        ("  font: Times", "  fonts: Times", "style: unknown key 'fonts' (expected one of: card, font, ink, "
                                            "paper, colours)"),
        ("version: 1", "version: 2", "version must be 1 (the cards file format this pnp reads), not 2"),
    ])
    def test_a_bad_style_is_named_with_its_line(self, tmp_path, old, new, message):
        text = self.STYLED.replace(old, new)
        [line] = problems(tmp_path, text)
        assert line.endswith(f":{line_of(text, new)}: {message}"), line

    def test_a_game_s_cell_must_fit_its_own_card(self, tmp_path):
        text = self.STYLED.replace("  grove:\n", "  grove:\n    style: {card: {width_mm: 55}}\n")
        [line] = problems(tmp_path, text)  # cells of 30 mm fit the 70 mm card, not grove's 55 mm one
        assert line.endswith(f":{line_of(text, 'cell_mm: 30')}: grove: card.cell_mm 30 does not fit "
                             "a 55 x 120 mm card (2 x 3 cells need 60 x 90 mm)"), line

    def test_cells_too_large_are_named_for_each_game_they_do_not_fit(self, tmp_path):
        text = self.STYLED.replace("cell_mm: 30", "cell_mm: 36").replace(
            "  grove:\n", "  grove:\n    style: {card: {width_mm: 80}}\n")
        [line] = problems(tmp_path, text)  # grove's own 80 mm card takes them; orchard's 70 mm does not
        assert line.endswith(f":{line_of(text, 'cell_mm: 36')}: orchard: card.cell_mm 36 does not fit "
                             "a 70 x 120 mm card (2 x 3 cells need 72 x 108 mm)"), line

    def test_the_style_colours_are_the_renderer_s(self):
        from dataclasses import fields

        from pnp.deck import STYLE_COLOURS
        from pnp.render.cards import CardStyle
        others = {"width", "height", "corner", "cell", "font", "ink", "paper"}
        assert set(STYLE_COLOURS) == {f.name for f in fields(CardStyle)} - others


def test_default_cards_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shipped = default_cards_path()
    assert shipped.is_file() and shipped.parent.name == "data"
    (tmp_path / "cards.yaml").write_text(GOOD)
    assert default_cards_path() == Path("cards.yaml")
    assert load_deck().game_ids == ("orchard", "grove")


# ----------------------------------------------------------------- the shipped deck

DECK = load_deck(ROOT / "cards.yaml")


def test_shipped_copy_matches_the_top_level_file():
    assert (ROOT / "cards.yaml").read_bytes() == (ROOT / "pnp" / "data" / "cards.yaml").read_bytes()


def test_all_four_games_are_defined():
    assert set(DECK.game_ids) == {"orchard", "orchard-pnp", "grove", "orchards-market"}


def test_fruits_have_their_own_shapes():
    for _, g in DECK.games:
        shapes = [f.shape for f in g.fruits]
        assert len(set(shapes)) == len(shapes) and set(shapes) <= set(SHAPES)
        colours = [f.colour for f in g.fruits]
        assert len(set(colours)) == len(colours)


def _turn180(rows):
    return tuple((b, a) for a, b in reversed(rows))


def _layout(face):
    return tuple(tuple(c.fruit for c in row) for row in face.rows)


class TestOrchardDesign:
    deck = DECK.game("orchard")

    def test_eighteen_numbered_cards(self):
        assert self.deck.card_ids == tuple(range(1, 19))

    def test_each_card_has_two_of_each_fruit(self):
        assert len(self.deck.fruits) == 3
        for card in self.deck.cards:
            fruits = [c.fruit for _, _, c in card.face().cells()]
            assert sorted(fruits) == sorted(self.deck.fruit_keys * 2), card.id

    def test_no_two_cards_alike_even_turned(self):
        for a, b in itertools.combinations(self.deck.cards, 2):
            la, lb = _layout(a.face()), _layout(b.face())
            assert la != lb and la != _turn180(lb), (a.id, b.id)

    def test_tiers(self):
        mins = [t.min for t in self.deck.tiers]
        assert mins[0] <= 0 and mins[1] == 25 and mins[-1] == 55

    def test_supply_and_tokens(self):
        assert (self.deck.dice_per_fruit, self.deck.mismatch_tokens) == (5, 2)


class TestOrchardPnpDesign:
    deck = DECK.game("orchard-pnp")

    def test_nine_double_sided_cards(self):
        assert self.deck.card_ids == tuple(range(1, 10))
        for card in self.deck.cards:
            assert card.sides == ("a", "b")

    def test_three_fruits_on_each_side(self):
        for card in self.deck.cards:
            for side in "ab":
                assert {c.fruit for _, _, c in card.face(side).cells()} == set(self.deck.fruit_keys)

    def test_no_two_faces_alike_even_turned(self):
        faces = [(f"{c.id}{s}", _layout(c.face(s))) for c in self.deck.cards for s in "ab"]
        for (na, la), (nb, lb) in itertools.combinations(faces, 2):
            assert la != lb and la != _turn180(lb), (na, nb)

    def test_tiers_up_to_fifty(self):
        assert self.deck.tiers[-1].min == 50


class TestGroveDesign:
    deck = DECK.game("grove")

    def test_eighteen_cards(self):
        assert self.deck.card_ids == tuple(range(1, 19))
        assert set(self.deck.fruit_keys) == {"O", "L", "M"}

    def test_five_trees_and_a_clearing_with_all_three_fruits(self):
        for card in self.deck.cards:
            cells = [c for _, _, c in card.face().cells()]
            trees = [c for c in cells if c.fruit is not None]
            assert len(trees) == 5, card.id
            assert {c.fruit for c in trees} == {"O", "L", "M"}, card.id
            assert all(c.count in (1, 2) for c in trees), card.id

    def test_no_two_cards_alike_even_turned(self):
        def layout(face):
            return tuple(tuple((c.fruit, c.count) for c in row) for row in face.rows)
        for a, b in itertools.combinations(self.deck.cards, 2):
            la, lb = layout(a.face()), layout(b.face())
            assert la != lb and la != _turn180(lb), (a.id, b.id)

    def test_every_card_has_a_recipe_from_the_vocabulary(self):
        names = set()
        for card in self.deck.cards:
            r = card.recipe
            assert r is not None and r.name and r.name not in names
            names.add(r.name)
            assert r.condition[0] in RECIPE_CONDITIONS and r.reward[0] in RECIPE_REWARDS

    def test_recipe_numbers_make_targets_of_60_to_75(self):
        numbers = [c.recipe.number for c in self.deck.cards]
        assert all(25 <= n <= 40 for n in numbers)
        for a, b in itertools.combinations(numbers, 2):
            assert 60 <= a + b <= 75

    def test_tiers(self):
        mins = [t.min for t in self.deck.tiers]
        assert mins[0] <= 0 and mins[1] == 40 and mins[-1] == 60

    def test_one_squirrel(self):
        assert self.deck.mismatch_tokens == 1 and self.deck.dice_per_fruit == 5


class TestMarketData:
    deck = DECK.game("orchards-market")

    def test_fruit_cards(self):
        assert len(self.deck.fruits) >= 3
        assert {k for k, _ in self.deck.fruit_cards} == set(self.deck.fruit_keys)
        assert all(n > 0 for _, n in self.deck.fruit_cards)

    def test_buyers(self):
        assert self.deck.buyers
        ids = [b.id for b in self.deck.buyers]
        assert len(set(ids)) == len(ids)
        for b in self.deck.buyers:
            assert len(b.wants) == 2 and b.wants[0][0] != b.wants[1][0]
            assert all(k in self.deck.fruit_keys and n >= 1 for k, n in b.wants)
            assert 1 <= b.points <= 3


@pytest.mark.parametrize("ids, text", [(range(1, 19), "1-18"), ([*range(1, 18), 25], "1-17, 25"), ([1, 2], "1-2"),
                                       ([1, 2, 3, 5, 6, 9], "1-3, 5-6, 9"), ([7], "7"), ([3, 1, 2], "1-3")])
def test_card_numbers_as_runs(ids, text):
    from pnp.deck import id_ranges
    assert id_ranges(ids) == text
