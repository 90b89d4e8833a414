/* The exact search of pnp's solver for Grove, in C.
 *
 * The same depth-first branch and bound as ``Searcher.dfs`` in search.py, over
 * the same rules as ``GroveEngine`` in engine.py (clearings, fruit counts, the
 * squirrel and the wheelbarrow), with the same admissible bounds: the
 * fruit-by-fruit unit knapsack (``Bounder.grove_gains``, with the die the
 * wheelbarrow frees; whole cells with at most nine cards to play,
 * ``Bounder.cell_share``) and, with few cards to play, the geometric slot bound
 * (``Bounder.slots``, ``Bounder.rest``), whose per-square credits Python works
 * out once and hands over as tables (``Engine.credits``). With two to five cards to play, where
 * those do not cut, the knapsack with the layer's caps (``Bounder.capped``, capped_knapsack()):
 * the cells that reach the layer's dice and bare trees, of each fruit, each pair of fruits and
 * all, per card at most what one placement lays on their squares; and on each move of such a
 * position, as it is generated, the move cap (the same with the played card's caps replaced by
 * what that placement lays there: move_cap()).
 * With a recipe pair
 * the value of a position is its final score: the recipes score at the end of
 * a game (``GroveEngine.recipe_bonus``) and every bound adds theirs
 * (``Bounder.recipes_bound``). Python keeps everything around it: the beam,
 * the parallel driver, turning lines into moves.
 *
 * Positions: the visible layer is a 128 x 128 grid of square codes (the layout
 * of engine.code; 0 is empty table), the start card's top-left square at
 * (64, 64). A placement is first scanned by summing six packed integers, one
 * per card cell (pack(), as GroveEngine._pack): that tells whether it is legal
 * and, unless it spends the squirrel, touches a square next to it or raises
 * tens of two fruits while the wheelbarrow is unused, its best gain. Those
 * few are resolved in full.
 *
 * The last two cards are ordinary positions here (Python's two() and last()
 * are not needed: the packed scan makes them cheap).
 */
#define PY_SSIZE_T_CLEAN
#include "_core.h"
#include <structmember.h>

#define NK 7            /* cell kinds: a tree of 1 or 2 fruits of each fruit, a clearing (engine.kind) */
#define CLEARING 3
#define SQUIRREL 2
#define WHEELBARROW 15
#define TOP_DIE 10
#define NCONF (MAXLATER * 4) /* credit tables: later * 4 + wheelbarrow used * 2 + a squirrel left */
#define WSENT (-4000)     /* the slot bound's window (build_window) */
#define WCREDIT_MAX 600
#define WW 80             /* its row stride and height: the visible squares plus 6 */
#define WH 80

/* packed fields of one cell's effect (engine.GroveEngine._pack); sums over six cells never carry */
#define P_COV 0
#define P_ILL 3
#define P_MIS 6
#define P_RET 9   /* dice going back to the supply, 3 bits per fruit */
#define P_TEN 18  /* tens raised while the wheelbarrow is unused, 3 bits per fruit */
#define P_WANT 27 /* new dice wanted, 3 bits per (fruit, value 2..4) */
#define P_GAIN 54 /* score change, + GAIN_OFF per covered cell (at most 6 * 31 < 2^10) */
#define GAIN_OFF 16

typedef struct { int rot; int off[6], f[6], n[6], k[6], dy[6], dx[6]; int w, h; } Orient;

/* a recipe (pnp.games.grove, SPEC §4.5), its words as numbers: condition, its fruit (-1: any)
 * and count, reward, its fruit and count, and whether the wheelbarrow counts as a die */
#define MAXREC 4
enum { C_ALL_IN_PLAY, C_EACH_AT_LEAST, C_NO_CLEARING, C_LINE3, C_DICE_AT_LEAST, C_TOTAL_AT_LEAST,
       C_SQUIRREL_UNUSED, C_WB_USED, NCOND };
enum { R_POINTS, R_DOUBLE, R_PER_DIE, NREWARD };
typedef struct { int cond, cf, cn, reward, rf, rn, counted; } Recipe;
typedef struct { int have; int per[MAXCARDS]; int total, unit; } Later;

/* a window of the slot bound (build_window) that the children of one position share: built by
 * the first child that needs it, with a margin of four around the parent's visible squares (any
 * child's scans stay inside), then brought to each child by rewriting the squares the last
 * child's move and this child's move cover from the grid (share_window) */
/* what an expanded position leaves its children for quick_slots(): every card's reach on its
 * layer on the credits for the children's later pass, and for now (the cards that can be in a
 * child's hand), with the wheelbarrow and squirrel bits of those credits */
typedef struct { int ok, bits; int reach[MAXCARDS], now[MAXCARDS]; } Hint;

typedef struct {
    int16_t p[NK][WH * WW];
    long long owner, at;  /* the parent's and the position's visit numbers (Core.visit) */
    int conf, wx0, wy0, dirty[6];
} Shared;

/* what the knapsack memos' keys read of one fruit on the layer (memo_key_view): its dice as
 * three bits a count per value 2-6 or 10, on a tree or a clearing (the wheelbarrow apart), how
 * many dice of other values, and its bare trees by fruits; kept for the layer square by square
 * (Core.fv, tally()), or on a copy as a move would leave it (child_knapsack). In one word, so that
 * a square's part is one sum (ViewStep): the dice's key in the low 44 bits (36 used; a count past
 * 7, on a layer memo_ok refuses and whose keys are never kept, carries into the eight above), the
 * bare trees of one fruit in bits 44-51 and of two in 52-59, the dice of other values (a
 * wheelbarrow on a clearing: one at most) from bit 60. Each count is in its bits once every
 * square's part is in (a part taken away before another is added borrows for the while) */
typedef struct { uint64_t w; } FruitView;
#define VIEW_DKEY ((1ULL << 44) - 1)
static inline uint64_t view_dkey(const FruitView *v) { return v->w & VIEW_DKEY; }
static inline int view_bases(const FruitView *v, int n) { return (int)(v->w >> (36 + 8 * n) & 255); }  /* (n: 1 or 2) */
static inline int view_unplaced(const FruitView *v) { return (int)(v->w >> 60); }

/* view_tally() of one code, as a table (Core.vstep, from view_tally() itself): the fruit whose view
 * it changes (NFR: none, a spare view) and what it adds to that view's word */
typedef struct { uint64_t d; uint8_t f; } ViewStep;

/* the layer's caps, seven of them: the cells of each fruit (f), of each pair of
 * fruits (CAP_PAIR + pair_of()) and of all fruits (CAP_ALL) */
#define NCAPS 7
#define CAP_PAIR 3
#define CAP_ALL 6

#define CAP_SIDE 40  /* layer_caps() counts in a window this many anchors wide and high at most */
#define CAP_PAD 2    /* its window has this many more anchors on each side (child_caps) */
#define CAP_WIN ((CAP_SIDE + 2 * CAP_PAD) * (CAP_SIDE + 2 * CAP_PAD))
#define KWIN 6       /* and keeps its windows with at most this many cards to play */

typedef struct {
    PyObject_HEAD
    /* the deal */
    int ncards, nfruits, dice_per_fruit, tokens;
    int norient[MAXCARDS];
    Orient orient[MAXCARDS][4];
    int card_cw[MAXCARDS][NFR];     /* per card, per fruit: its cells of two fruits and of one (CW_*) */
    int card_cells[MAXCARDS][NFR];  /* per card, per fruit: its trees (recipes only) */
    int line_reach[MAXCARDS][NFR];  /* per card, per fruit: the most of its trees on one line of three */
    int card_top[MAXCARDS][NFR];    /* per card, per fruit: the most fruits of one of its trees (0 to 2) */
    int nrec;                       /* the recipe pair, if any: the score is then the final one */
    int ranks;  /* the beam ranks by the score plus the knapsack (no recipe scores: the knapsack leaves them out) */
    int rec_gains;  /* the fruits whose knapsack gain a recipe reads (recipes_bound), a bit each */
    Recipe rec[MAXREC];
    int slot_cards;  /* the slot bound applies with at most this many cards to play */
    int32_t *cred;  /* [(conf * NCODES + code) * NK + kind]: credits, NEVER where no card may go */
    int16_t *wcred; /* [(conf * NCODES + code) * 8 + kind]: the same as build_window() writes them */
    uint8_t known[NCODES];  /* the codes the credits were given for (a square showing another: an error) */
    int unit[MAXLATER];
    uint64_t pk[2][NK][NCODES];  /* per wheelbarrow used: pack() */
    Entry *tt;  /* the transposition table (_core.h) */
    uint64_t tt_mask;
    size_t tt_bytes;
    /* the position */
    uint16_t grid[GSIZE];
    __uint128_t occ[GW];  /* per row, bit x: the square (x, row) is visible (gen_moves) */
    uint8_t near[GSIZE];  /* squirrels next to each square */
    int16_t win[NK][WH * WW];  /* the slot bound's window (build_window), for the position at */
    int win_ok, win_later;     /* it shows this position (apply, undo and load clear it), for `later` */
    Shared shared[2];          /* for `later` 0 and 1: windows shared by siblings (share_window) */
    long long visits, visit[MAXDEPTH];  /* per depth, the number of the visit to the position there */
    int bbox[MAXDEPTH][5];     /* per depth: its visible squares' x0, x1, y0, y1, and its conf bits */
    Hint hint[MAXDEPTH];
    int rbound[MAXDEPTH];      /* per depth, the recipes' bound of the position there (dfs) */
    int checking;              /* check_windows(): every shared window read is held against a new one */
    long long shared_reads, shared_wrong;
    int x0, x1, y0, y1;
    int hand[2], nhand, drawn, tokens_used, wb, tree_dice, penalty, supply[NFR];
    int sq[MAXCARDS * 6], nsq;  /* the squares holding a squirrel */
    uint64_t zh;
    /* what the knapsack reads of the layer, kept square by square (tally()): per fruit, its dice
     * by value and whether they are on a tree (the wheelbarrow apart), and what its memos' keys
     * read (FruitView) */
    int dice[NFR][16][2];
    FruitView fv[NFR];
    int memo_ok;
    uint64_t *memo;
    uint64_t *tmemo;  /* cell_table()'s memo (fruit_table) */
    int cap_lo, cap_hi;  /* the layer cap is tried with this many cards to play (0: never) */
    int ext_gate;        /* the move cap takes the lower of two bounds (move_cap_ext) */
    int ext_gap;         /* ... where the plain one is at most this far above the need */
    int mcap_lo, mcap_hi;  /* the move cap (move_cap) is tried on the moves of positions with this many */
    int doubled;  /* the caps count a fruit a recipe doubles twice (Doubled; 0: never) */
    int wb_split;  /* positions with 2 to 4 cards to play bound the games that make the wheelbarrow apart
                   * (wb_split_bound) */
    int folds;    /* the caps count the points of a recipe that wants all of a fruit's dice in play
                   * (Doubled's fold: 1), of one that wants the wheelbarrow used too (its barrow: 2),
                   * and of a line of three (its line: 3); and bound the games that meet a recipe
                   * wanting a die of so much of every fruit apart (its salad, Split: 4); 0: never */
    void *salad_vm;  /* per depth, the move caps' tables of the games that meet the salad (FruitTables: Split) */
    int child_caps;  /* a position works out its children's caps from its own windows (child_capped; 0: never,
                      * 1: not where a recipe doubles a fruit, 2: there too) */
    /* per depth: the cards' layer caps of the position there (capped_knapsack), if its visit number
     * is cap_visit: of all cards to play (the seven of layer_caps_of) and of each hand card */
    long long cap_visit[MAXDEPTH];
    int cap_all[MAXDEPTH][NCAPS], cap_hand[MAXDEPTH][2][NCAPS];
    uint64_t cap_orient[MAXDEPTH][2][4];  /* ... and of each hand card's orientations, a byte a cap */
    /* per cards to play k (at most KWIN), the last layer_caps() of a position with k: each card's
     * counts per anchor and orientation (layer_caps_of's window, x1 - x0 + 3 + 2 * CAP_PAD wide, its
     * first anchor 2 + CAP_PAD squares above and left of (x0, y0); card i's orientation o at
     * (i * 4 + o) windows in) and each card's most (kmost), for the gate and the children
     * (child_caps) of the position whose visit number is kwin_visit[k] (whose layer it counted; on
     * a search's path one position has k cards to play) */
    uint64_t kwin[KWIN + 1][KWIN * 4 * CAP_WIN];
    uint64_t kmost[KWIN + 1][KWIN];
    long long kwin_visit[KWIN + 1];
    uint16_t ksq[KWIN + 1][NFR * MAXCARDS * 6];  /* ... and its squares that have a fruit for the caps */
    int nksq[KWIN + 1];                          /* (y * GW + x; item_fruit(): wb_split_bound) */
    /* child_caps()'s patterns (pattern_of): per played card, orientation and set of its cells that
     * made new items, the offset in pat_hdr of each card's (start, count) in pat_ix and pat_inc;
     * -1 where not worked out yet */
    int32_t pat_at[MAXCARDS * 4 * 64];
    int32_t *pat_hdr;
    uint8_t *pat_ix;
    uint64_t *pat_inc;
    size_t pat_nhdr, pat_nent, pat_cap_hdr, pat_cap_ent;
    int pat_offs[4 * 25];   /* pat_ix's window offsets for the position whose visit number is */
    long long pat_visit;    /* pat_visit (child_caps) */
    long long filter_tries, filter_cuts, filter_wrong;  /* child_capped(): tried, cut, and (checking) wrong */
    ViewStep vstep[NCODES];       /* view_tally() per code (child_view) */
    int8_t ifruit[NCODES];        /* item_fruit() per code (layer_caps_of, child_caps) */
    uint16_t icount[NK][NCODES];  /* a card cell of each kind on each code: 1 << 4 * fruit where it
                                   * stands on a die or bare tree of its fruit (move_cap), else 0 */
    CoreSearch cs;  /* the search's counts, incumbent and calls back (_core.h) */
    /* per cards to play: positions, table answers, cut by the knapsack, cut by the slot bound, expanded,
     * cut by the layer cap */
    long long stat[MAXCARDS + 1][6];
    uint16_t line_need[2][NFR][NCODES];  /* line_need_of(code, fruit, counted), per counted and fruit */
    int line_wit[NFR][3];  /* per fruit, the last line line_possible() found: its first square's x, y,
                            * and 1 across, 2 down (0: none) */
    int pre_knap, pre_at;  /* the knapsack of the position at depth pre_at, worked out by its parent */
    int knap_tries[BOUND_FIRST + 1], knap_cuts[BOUND_FIRST + 1];  /* lately, per cards to play (knap_seen) */
    Step path[MAXDEPTH], line[MAXDEPTH];
    MoveRec moves[MAXDEPTH][MAXMOVES];
} Core;

/* the part of a position's key the layer does not give: the hand, the cards drawn, the wheelbarrow */
static inline uint64_t hand_key_of(const int *hand, int nhand, int drawn, int wb) {
    uint64_t k = mix64(0xA5A5000000ULL + (uint64_t)drawn) ^ (wb ? mix64(0xB0B0B0B0ULL) : 0);
    for (int i = 0; i < nhand; i++) k ^= mix64(0x5A5A0000ULL + (uint64_t)hand[i]);
    return k;
}

static inline uint64_t hand_key(Core *s) { return hand_key_of(s->hand, s->nhand, s->drawn, s->wb); }

static inline int die_of(int c) { return (c >> 6) & 31; }
/* the Zobrist key of code `c` on square `p`, as the table keys the square: by what of it can still
 * change the game. Under a die the tree's count of fruits no longer does (a cover adds its own
 * fruits; only a bare tree's count makes a new die), nor the squirrel's tree (never covered):
 * positions equal but for those are one position (a tenth fewer on the eight-card proof) */
static inline uint64_t key_zob(int p, int c) {
    if ((c >> 4 & 3) == SQUIRREL) c &= 0x30;
    else if (die_of(c) && (c & 3) != CLEARING) c &= ~0xC;
    return zob(p, c);
}
static inline int shown(int v) { return v <= 6 ? v : TOP_DIE; }
/* what a die of `v` shows raised by `n` fruits: the wheelbarrow stays 15 (on a clearing, the
 * knapsack's one item that starts from it: a tree of its fruit puts it back on a tree) */
static inline int raised(int v, int n) { return v == WHEELBARROW ? WHEELBARROW : shown(v + n); }
/* whether code `c` holds a die the knapsack counts: any but the wheelbarrow on a tree (it gains
 * nothing more); on a clearing, a tree of its fruit puts its 15 back on a tree (raised()) */
static inline int counted_die(int c) { int d = die_of(c); return d && (d != WHEELBARROW || (c & 3) == CLEARING); }
static inline int least_of(int a, int b) { return a < b ? a : b; }
static inline int to_play(Core *s) { return s->nhand + s->ncards - s->drawn; }
static inline int card_at(Core *s, int i) { return i < s->nhand ? s->hand[i] : s->drawn + i - s->nhand; }
static inline int incumbent(Core *s) { return s->cs.best > s->cs.floor ? s->cs.best : s->cs.floor; }

/* a card cell (fruit f, n fruits) laid on a square showing c, packed (GroveEngine._pack) */
static uint64_t pack(int c, int f, int n, int wb) {
    if (!c) return 0;
    uint64_t v = (1ULL << P_COV) + ((uint64_t)GAIN_OFF << P_GAIN);
    if (c & 48) return v + (1ULL << P_ILL);
    int uf = c & 3, d = die_of(c), df = (c >> 11) & 3, on_tree = uf != CLEARING;
    if (f != CLEARING && ((on_tree && uf != f) || (!on_tree && d && df != f))) {
        v += 1ULL << P_MIS;
        if (d) {
            if (d != WHEELBARROW) v += 1ULL << (P_RET + 3 * df);
            if (on_tree) v -= (uint64_t)d << P_GAIN;
        }
        return v;
    }
    if (f == CLEARING) return d && on_tree ? v - ((uint64_t)d << P_GAIN) : v;
    if (d) {
        int nv;
        if (d == WHEELBARROW) nv = WHEELBARROW;
        else if (d == TOP_DIE) { nv = TOP_DIE; if (!wb) v += 1ULL << (P_TEN + 3 * df); }
        else nv = shown(d + n);
        return v + ((uint64_t)(nv - (on_tree ? d : 0)) << P_GAIN);
    }
    if (on_tree) return v + (1ULL << (P_WANT + 3 * (3 * f + n + ((c >> 2) & 3) - 2)));
    return v;
}

/* the best gain of a legal placement from its packed sum (GroveEngine.decoder), or NONE when
 * only the full resolve can tell (the squirrel spent; tens of two fruits). With `upper`, an upper
 * bound on it then: spending the squirrel costs at least 1; where two tens are raised, as if each
 * sent its die back; `near`: the cells next to the squirrel, each of which may lift its penalty
 * by 1 (a die leaves a tree there) */
static inline int decode(Core *s, uint64_t v, int upper, int near) {
    int g = (int)(v >> P_GAIN) - GAIN_OFF * (int)(v & 7);
    if ((v >> P_MIS) & 7) {
        if (!upper) return NONE;
        g -= 1;
    }
    if (upper) g += near;
    uint64_t tens = (v >> P_TEN) & 0777, w = (v >> P_WANT) & 0777777777;
    if (!(tens | w)) return g;
    int left[NFR];
    for (int f = 0; f < NFR; f++) left[f] = s->supply[f] + (int)((v >> (P_RET + 3 * f)) & 7);
    if (tens) {
        int nt = 0;
        for (int f = 0; f < NFR; f++)
            if ((tens >> (3 * f)) & 7) { nt++; left[f]++; }
        if (nt > 1 && !upper) return NONE;  /* which ten becomes the wheelbarrow decides which die returns */
        g += WHEELBARROW - TOP_DIE;
    }
    for (int f = 0; f < s->nfruits && w; f++) {
        int k = left[f];
        for (int value = 4; value >= 2 && k; value--) {
            int m = (int)((w >> (3 * (3 * f + value - 2))) & 7);
            if (m) { if (m > k) m = k; g += m * value; k -= m; }
        }
    }
    return g;
}

/* ------------------------------------------------------------------ bounds */

#define MEMO_BITS 18
#define TMEMO_BITS 17
#define MEMO_BYTES (sizeof(uint64_t) * ((size_t)3 << MEMO_BITS))  /* (memo_alloc) */
#define CAP_LO 2  /* the layer cap's default range of cards to play (capped_knapsack; measured) */
#define CAP_HI 5
#define MCAP_LO 2  /* the move cap's default range of cards to play in the position whose moves it bounds (move_cap) */
#define MCAP_HI 5
#define EXT_GATE 0x38  /* move_cap_ext() with three to five cards to play (measured, callgrind, one core: with three
                        * too, grove:12,4,1,11,3,13,6,2 54.7 -> 53.7 G instructions, 15.8 -> 12.1 M positions, and
                        * grove:3,8,6,17,11,12,15,2 93.1 -> 89.0 G, 29.0 -> 18.1 M; with two too no faster) */
#define EXT_GAP 1000   /* ... where the plain cap is at most this far above the need: always (measured: 4 was slower) */
#define TMEMO_WORDS (2 + (2 * (TCELLS + 1) * 2 + 7) / 8)  /* (the key, then a Table) */
#define TMEMO_BYTES (sizeof(uint64_t) * ((size_t)TMEMO_WORDS << TMEMO_BITS))
/* a die value's place in the knapsack memo's key (fruit_gain), -1 for values no Grove die shows */
static const int memo_place[16] = {-1, -1, 0, 1, 2, 3, 4, -1, -1, -1, 5, -1, -1, -1, -1, -1};

/* one square's part in the memos' view of one fruit (`v`: per fruit), added (sign 1) or taken
 * away (-1) */
static inline void view_tally(FruitView *v, int c, int sign) {
    int d = die_of(c);
    if (d) {
        if (counted_die(c)) {
            int f = (c >> 11) & 3, t = (c & 3) != CLEARING;
            if (memo_place[d] >= 0) v[f].w += (uint64_t)(int64_t)sign << (3 * (2 * memo_place[d] + t));
            else v[f].w += (uint64_t)(int64_t)sign << 60;
        }
    }
    else if (c && !(c & 48) && (c & 3) != CLEARING) v[c & 3].w += (uint64_t)(int64_t)sign << (36 + 8 * ((c >> 2) & 3));
}

static inline void view_step(FruitView *v, const ViewStep *t, int sign) {
    v[t->f].w += (uint64_t)(int64_t)sign * t->d;
}

/* one square's part in the dice by fruit, value and whether on a tree (Core.dice: counted_die()),
 * added (sign 1) or taken away (-1) */
static inline void dice_tally(int (*dice)[16][2], int c, int sign) {
    if (counted_die(c)) dice[(c >> 11) & 3][die_of(c)][(c & 3) != CLEARING] += sign;
}

/* one square's part in the knapsack's view of the layer, added (sign 1) or taken away (-1) */
static inline void tally(Core *s, int c, int sign) {
    if (!c) return;
    dice_tally(s->dice, c, sign);
    view_tally(s->fv, c, sign);
}

/* Bounder.unit_share: the most `units` fruits add to one fruit's dice and new dice (`ready` of
 * them on visible trees of `b2` two-fruit trees first), at most 2k a die */
/* the knapsack's items for one fruit, at most 64, into `kinds`; returns how many: each die (0, its
 * value, on a tree), then the new dice the supply allows: on `r2` visible trees of two fruits and
 * `r1` of one (1, the tree's fruits), the rest on trees laid later (2) */
static int share_items(const int (*dice)[2], int r2, int r1, int supply, int (*kinds)[3]) {
    int ni = 0;
    for (int v = 1; v < 16; v++)
        for (int t = 0; t < 2; t++)
            for (int i = 0; i < dice[v][t] && ni < 64; i++) { kinds[ni][0] = 0; kinds[ni][1] = v; kinds[ni++][2] = t; }
    for (int i = 0; i < r2 && ni < 64; i++) { kinds[ni][0] = 1; kinds[ni][1] = 2; kinds[ni++][2] = 0; }
    for (int i = 0; i < r1 && ni < 64; i++) { kinds[ni][0] = 1; kinds[ni][1] = 1; kinds[ni++][2] = 0; }
    for (int i = r2 + r1; i < supply && ni < 64; i++) { kinds[ni][0] = 2; kinds[ni++][2] = 0; }
    return ni;
}

static int unit_share(const int (*dice)[2], int b2, int b1, int supply, int units, int k) {
    int best[128], nxt[128];
    if (units > 127) units = 127;
    int top = 2 * k < units ? 2 * k : units;
    for (int c = 0; c <= units; c++) best[c] = 0;
    int n2 = b2 < supply ? b2 : supply, n1 = b1 < supply - n2 ? b1 : supply - n2;
    int kinds[64][3], ni = share_items(dice, n2, n1, supply, kinds);
    for (int it = 0; it < ni; it++) {
        memcpy(nxt, best, sizeof(int) * (size_t)(units + 1));
        for (int n = kinds[it][0] == 2 ? 2 : 1; n <= top; n++) {
            int gain;
            if (kinds[it][0] == 0) gain = raised(kinds[it][1], n) - (kinds[it][2] ? kinds[it][1] : 0);
            else if (kinds[it][0] == 1) gain = shown(kinds[it][1] + n);
            else gain = shown(n);
            if (gain <= 0) continue;
            for (int c = n; c <= units; c++) {
                int v = best[c - n] + gain;
                if (v > nxt[c]) nxt[c] = v;
            }
        }
        memcpy(best, nxt, sizeof(int) * (size_t)(units + 1));
    }
    return best[units];
}

/* a fruit's cells on some cards, as one word that adds up card by card: CW_N2 cells of two fruits,
 * CW_N1 of one; CW_C2 cards with a cell of two, CW_C1 with one of one, CW_CA with either */
#define CW_N2(w) ((w) & 31)
#define CW_N1(w) ((w) >> 5 & 31)
#define CW_C2(w) ((w) >> 10 & 31)
#define CW_C1(w) ((w) >> 15 & 31)
#define CW_CA(w) ((w) >> 20 & 31)
#define CELL_CARDS 9  /* the knapsack shares whole cells with at most this many cards to play (search.CELL_CARDS) */
#define CELLS_MAX 15  /* and at most this many cells of one kind (search.CELLS_MAX) */

/* the knapsack with whole cells: its states, per wheelbarrow made (0, 1), per cells of two fruits
 * used and of one (u2 * (n1 + 1) + u1), the most (NONE: no way) */
typedef int ShareTable[2][(CELLS_MAX + 1) * (CELLS_MAX + 1)];

/* a table's states for a fruit's cells `word` (u2 * (n1 + 1) + u1, both wheelbarrow rows): only
 * those are ever read or written, so only those are copied and cleared (the eight-card proof of
 * cell_table_ways(): 51.83 billion instructions copying whole tables, 50.41 so) */
static inline int share_states(int word) { return (CW_N2(word) + 1) * (CW_N1(word) + 1); }
static inline void share_copy(ShareTable to, const ShareTable from, int word) {
    size_t n = sizeof(int) * (size_t)share_states(word);
    memcpy(to[0], from[0], n);
    memcpy(to[1], from[1], n);
}

/* one item of cell_share() (`kind`: share_items()'s) given its cells, from `best` (overwritten);
 * `freed`: the die the wheelbarrow frees, which only a state that made it may take; `must`: every
 * state takes the item (that may: with `freed`, a state without the wheelbarrow has no such die) */
static void share_step(ShareTable best, const int *kind, int freed, int word, int must) {
    int n2 = CW_N2(word), n1 = CW_N1(word), c2 = CW_C2(word), c1 = CW_C1(word), ca = CW_CA(word);
    int W = n1 + 1, ns = share_states(word);
    ShareTable nxt;
    int k0 = kind[0], v0 = k0 == 2 ? 0 : kind[1], paid = k0 == 0 && kind[2] ? v0 : 0;
    int least = k0 == 2 ? 2 : 1;  /* the cells that make the die */
    share_copy(nxt, best, word);
    if (must)
        for (int w = freed; w < 2; w++)
            for (int i = 0; i < ns; i++) nxt[w][i] = NONE;
    for (int a2 = 0; a2 <= c2 && a2 <= n2; a2++)
        for (int a1 = 0; a1 <= c1 && a1 <= n1 && a2 + a1 <= ca; a1++) {
            int cells = a2 + a1, n = 2 * a2 + a1;
            if (cells < least) continue;
            int gain = raised(v0, n) - paid, low = must >= 2 && v0 + n < must;  /* (MET_HIGH: short of `must`) */
            /* the wheelbarrow: a die (made before its last cell, the smallest) shows 10 before it */
            int barrow = !freed && cells > least - (k0 == 0) && v0 + n - (a1 ? 1 : 2) > 6
                         ? WHEELBARROW - paid : NONE;
            for (int w = freed; w < 2; w++)
                for (int u2 = 0; u2 + a2 <= n2; u2++)
                    for (int u1 = 0; u1 + a1 <= n1; u1++) {
                        int b = best[w][u2 * W + u1];
                        if (b == NONE) continue;
                        int to = (u2 + a2) * W + u1 + a1;
                        if (!low && (gain > 0 || must) && b + gain > nxt[w][to]) nxt[w][to] = b + gain;
                        if (!w && barrow != NONE && b + barrow > nxt[1][to]) nxt[1][to] = b + barrow;
                    }
        }
    share_copy(best, nxt, word);
}

static inline int new_item(int (*kinds)[3], int ni, int kind, int v0, int must);

/* the ready trees a way of cell_table() gives new dice, two fruits first: of the layer's b2 and b1
 * at most `r` (t[0] and t[1]), of the e2 and e1 off it as many as the supply has (t[2] and t[3]) */
static inline void way_trees(int b2, int b1, int supply, int r, int e2, int e1, int *t) {
    t[0] = least_of(b2, r);
    t[1] = least_of(b1, r - t[0]);
    t[2] = least_of(e2, supply);
    t[3] = least_of(e1, supply - t[2]);
}

/* the last item of a way of cell_table() (cell_items_at()'s, after its first `ni`): the die the
 * wheelbarrow frees, on the next ready tree (two fruits first, on the layer or off it) or later */
static inline int freed_item(int (*kinds)[3], int ni, int b2, int b1, int supply, int r, int e2, int e1) {
    int t[4];
    way_trees(b2, b1, supply, r, e2, e1, t);
    if (b2 > t[0] || e2 > t[2]) return new_item(kinds, ni, 1, 2, 0);
    if (b1 > t[1] || e1 > t[3]) return new_item(kinds, ni, 1, 1, 0);
    return new_item(kinds, ni, 2, 0, 0);
}

/* the items of a way of cell_table(): the dice and at most `r` of the supply's new dice on the
 * layer's ready trees, two fruits first (share_items(); their number in *nl, where asked), then
 * e2 and e1 ready trees off the layer (the card played now lays them: move_cap_ext()), the rest of
 * the supply on trees laid later, and last the die the wheelbarrow frees (the next ready tree, or a
 * later one); returns how many. cell_share()'s: all the ready trees the supply allows, none off */
static int cell_items_at(const int (*dice)[2], int b2, int b1, int supply, int r, int e2, int e1, int (*kinds)[3],
                         int *nl) {
    int t[4];
    way_trees(b2, b1, supply, r, e2, e1, t);
    int r2 = t[0], r1 = t[1], x2 = t[2], x1 = t[3];
    int ni = share_items(dice, r2, r1, r2 + r1, kinds);
    if (nl) *nl = ni;
    for (int i = 0; i < x2; i++) ni = new_item(kinds, ni, 1, 2, 0);
    for (int i = 0; i < x1; i++) ni = new_item(kinds, ni, 1, 1, 0);
    for (int i = r2 + r1; i < supply && ni < 64 + x2 + x1; i++) ni = new_item(kinds, ni, 2, 0, 0);
    return freed_item(kinds, ni, b2, b1, supply, r, e2, e1);
}

static int cell_items(const int (*dice)[2], int b2, int b1, int supply, int (*kinds)[3]) {
    return cell_items_at(dice, b2, b1, supply, supply, 0, 0, kinds, NULL);
}

static void share_start(ShareTable best, int w, int word) {
    for (int i = 0, ns = share_states(word); i < ns; i++) best[0][i] = best[1][i] = NONE;
    best[w][0] = 0;
}

/* Bounder.cell_share: the knapsack with whole cells, for CELL_CARDS cards to play or fewer
 * (`word`: the fruit's cells on them, CW_*); a die takes at most one cell a card, so at most c2
 * of two fruits, c1 of one and ca in all.
 * Returns the most they add without the wheelbarrow; *with: the most where one of the fruit's dice
 * becomes the wheelbarrow (a die showing 10 raised once more: 15, and the die it frees may come
 * back as a new one), NONE where none can. */
static int cell_share(const int (*dice)[2], int b2, int b1, int supply, int word, int *with) {
    int ns = share_states(word);
    ShareTable best;
    share_start(best, 0, word);
    int kinds[65][3], ni = cell_items(dice, b2, b1, supply, kinds);
    for (int it = 0; it < ni; it++) share_step(best, kinds[it], it == ni - 1, word, 0);
    int top = 0, top1 = NONE;
    for (int i = 0; i < ns; i++) {
        if (best[0][i] > top) top = best[0][i];
        if (best[1][i] > top1) top1 = best[1][i];
    }
    *with = top1;
    return top;
}

/* cell_share() split by the cells that go to the dice and trees on the layer as it is (Bounder.
 * cell_table): V[w][t], the most with at most t of them (t up to TCELLS), w as cell_share's
 * return (0) and *with (1; NONE where none can). The layer's items come first (share_items), so a
 * state's cells on them are its cells when they are done; the later items are shared out apart,
 * from no cells, per wheelbarrow made before them.
 * `met` asks for the ways that make some new dice (each of those items to be taken: kinds[i][2]
 * of a new die's item), all of them on ready trees from cells on the layer, or on squares the
 * layer does not have (two cells at least, none on it), and V is the most over the ways to do so:
 * - MET_ALL: all the new dice the supply has, and the die the wheelbarrow frees where it is made:
 *   the fruit's dice are then all in play at the end. Some (x) on ready trees, the rest later;
 * - MET_LINE | options << MET_SHIFT: for one of the options (o, w) (bit o * 4 + w), o new dice on
 *   ready trees and w on squares the layer does not have: the dice a line of three lacks
 *   (line_options), the fruit's other new dice as cell_items() has them. */
#define TCELLS (2 * CELLS_MAX)
#define MET_ALL 1
#define MET_LINE 2
#define MET_SHIFT 2
#define MET_HIGH 3  /* | high << MET_SHIFT */
/* (met & 3 == 0, met > 0: cell_table() with e2 and e1 ready trees off the layer, 0 to 7 each) */
#define MET_EXTRA(e2, e1) ((1 + (e2) + 8 * (e1)) << MET_SHIFT)
/* the most with at most u2 and u1 cells, in place */
static void share_most(ShareTable t, int word) {
    int n2 = CW_N2(word), n1 = CW_N1(word), W = n1 + 1;
    for (int wo = 0; wo < 2; wo++)
        for (int u2 = 0; u2 <= n2; u2++)
            for (int u1 = 0; u1 <= n1; u1++) {
                int *b = &t[wo][u2 * W + u1];
                if (u2 && t[wo][(u2 - 1) * W + u1] > *b) *b = t[wo][(u2 - 1) * W + u1];
                if (u1 && t[wo][u2 * W + u1 - 1] > *b) *b = t[wo][u2 * W + u1 - 1];
            }
}

/* V at its most with the layer's items shared out (`layer`) and the later ones apart, per
 * wheelbarrow made before them (later[w], share_most()'s): each state of the layer's with the
 * cells it leaves to the later items */
static void table_join(ShareTable layer, ShareTable later[2], int word, int V[2][TCELLS + 1]) {
    int n2 = CW_N2(word), n1 = CW_N1(word), W = n1 + 1;
    for (int w = 0; w < 2; w++)
        for (int u2 = 0; u2 <= n2; u2++)
            for (int u1 = 0; u1 <= n1; u1++) {
                int b = layer[w][u2 * W + u1];
                if (b == NONE) continue;
                int rest = (n2 - u2) * W + n1 - u1;
                for (int wo = w; wo < 2; wo++) {
                    int l = later[w][wo][rest];
                    if (l != NONE && b + l > V[wo][u2 + u1]) V[wo][u2 + u1] = b + l;
                }
            }
}

static void table_of_items(const int (*kinds)[3], int ni, int nl, int word, int V[2][TCELLS + 1], int hat, int high) {
    ShareTable layer, later[2];
    share_start(layer, 0, word);
    for (int it = 0; it < nl; it++) share_step(layer, kinds[it], 0, word, it == hat ? high : kinds[it][0] && kinds[it][2]);
    for (int w = 0; w < 2; w++) {
        share_start(later[w], w, word);
        for (int it = nl; it < ni; it++)
            share_step(later[w], kinds[it], it == ni - 1, word, it == hat ? high : kinds[it][0] && kinds[it][2]);
        share_most(later[w], word);
    }
    table_join(layer, later, word, V);
}

/* cell_table() splits the supply's new dice between the layer's ready trees (taking cells on the
 * layer, which the caps bound) and trees laid later (not bounded): a way may leave ready trees bare
 * and make its dice later. So each table is the most over the ways to give at most r of the dice
 * to ready trees and the rest to later trees, for r from `ready` (all the ready trees the supply
 * allows: every way where the cells to play can make no more later dice than the supply leaves)
 * down to where the rest are as many later dice as the cells can make, two cells each (`cells`:
 * the fruit's cells to play). With only `ready` (until the forty-second session), a move cap of a
 * position with two cards to play, where a fruit's five bare trees took its whole supply, was
 * below the exact value: the last card made one of its dice on a tree the move laid */
static inline int ready_least(int ready, int supply, int cells) {
    int r = supply - cells / 2;
    return r < 0 ? 0 : r > ready ? ready : r;
}

/* a new die's item: on a ready tree of v0 fruits (kind 1) or later (kind 2), taken or not */
static inline int new_item(int (*kinds)[3], int ni, int kind, int v0, int must) {
    kinds[ni][0] = kind;
    kinds[ni][1] = v0;
    kinds[ni][2] = must;
    return ni + 1;
}

/* whether a fruit's dice (a tally per value: Core.dice[f]) hold one of `high` or more, on a tree or
 * a clearing (the wheelbarrow only on a clearing: counted_die()) */
static inline int die_at_least(const int (*dice)[2], int high) {
    for (int v = high; v < 16; v++)
        if (dice[v][0] + dice[v][1]) return 1;
    return 0;
}

/* cell_table()'s ways for r from `ready` down to ready_least() (MET_EXTRA: e2 and e1 ready trees off
 * the layer), each as table_of_items() would have it from cell_items_at(), with fewer steps: the
 * layer's items of a way are those of the way with one more ready tree but its last (ready trees
 * of two fruits first), so each prefix is kept as it is reached; the later items of a way are
 * those of the way with one more ready tree and one more later die, but the die the wheelbarrow
 * frees, which comes last (the other items' order changes no state: a share is the most over
 * which items take which cells). (Never more items than share_items() keeps: a fruit has at most
 * 15 dice, compiled.MAX_DICE.) Measured on the eight-card grove:12,4,1,11,3,13,6,2 (callgrind, one
 * core, the same positions): 53.70 billion instructions with table_of_items() per way, 51.83 so */
static void cell_table_ways(const int (*dice)[2], int b2, int b1, int supply, int word, int e2, int e1,
                            int V[2][TCELLS + 1]) {
    int kinds[80][3], freed[1][3], nl;
    int ready = least_of(b2 + b1, supply), lo = ready_least(ready, supply, CW_N2(word) + CW_N1(word));
    int ni = cell_items_at(dice, b2, b1, supply, ready, e2, e1, kinds, &nl), nd = nl - ready;
    ShareTable layer[16], cur, later[2], pre[2];  /* (layer[r - lo]: ready <= supply < 16) */
    share_start(cur, 0, word);
    for (int it = 0; it < nd + lo; it++) share_step(cur, kinds[it], 0, word, 0);
    share_copy(layer[0], cur, word);
    for (int r = lo + 1; r <= ready; r++) {
        share_step(cur, kinds[nd + r - 1], 0, word, 0);
        share_copy(layer[r - lo], cur, word);
    }
    int more[3] = {2, 0, 0};  /* (a later die: new_item(, 2, 0, 0)) */
    for (int w = 0; w < 2; w++) {
        share_start(pre[w], w, word);
        for (int it = nl; it < ni - 1; it++) share_step(pre[w], kinds[it], 0, word, 0);
    }
    for (int r = ready; r >= lo; r--) {
        freed_item(freed, 0, b2, b1, supply, r, e2, e1);
        for (int w = 0; w < 2; w++) {
            if (r < ready) share_step(pre[w], more, 0, word, 0);
            share_copy(later[w], pre[w], word);
            share_step(later[w], freed[0], 1, word, 0);
            share_most(later[w], word);
        }
        table_join(layer[r - lo], later, word, V);
    }
}

static void cell_table(const int (*dice)[2], int b2, int b1, int supply, int word, int met, int V[2][TCELLS + 1]) {
    int kinds[80][3];
    for (int wo = 0; wo < 2; wo++)
        for (int t = 0; t <= TCELLS; t++) V[wo][t] = NONE;
    int nd = share_items(dice, 0, 0, 0, kinds);  /* (the dice: the items every way has first) */
    if (nd + supply + 1 > 64) met = 0;  /* (never: more items than share_items keeps; all the ways then) */
    if (!(met & 3)) {
        /* (MET_EXTRA: the ready trees the card played now lays off the layer, among the later items,
         * uncapped: each a new die for one cell of a card to come) */
        int e = met ? (met >> MET_SHIFT) - 1 : 0;
        cell_table_ways(dice, b2, b1, supply, word, e & 7, e >> 3, V);
    } else if ((met & 3) == MET_HIGH) {
        int ready = least_of(b2 + b1, supply), cells = CW_N2(word) + CW_N1(word);
        for (int r = ready; r >= ready_least(ready, supply, cells); r--) {  /* (ready_least) */
            int nl, ni = cell_items_at(dice, b2, b1, supply, r, 0, 0, kinds, &nl);
            /* MET_HIGH: one item at a time taken to `high` or more (or to the wheelbarrow): the ways
             * where some die ends there; an item like the one before it gives the same ways. (Not
             * the freed die: a way that takes it made the wheelbarrow) */
            int high = met >> MET_SHIFT;
            if (die_at_least(dice, high)) table_of_items((const int (*)[3])kinds, ni, nl, word, V, -1, 0);  /* (such a die now: all the ways) */
            else
                for (int c = 0; c < ni - 1; c++) {
                    if (c && kinds[c][0] == kinds[c - 1][0] && kinds[c][1] == kinds[c - 1][1] && kinds[c][2] == kinds[c - 1][2])
                        continue;
                    table_of_items((const int (*)[3])kinds, ni, nl, word, V, c, high);
                }
        }
    } else if (met == MET_ALL) {
        for (int x = 0; x <= b2 + b1 && x <= supply; x++) {
            int ni = nd;
            for (int i = 0; i < x; i++) ni = new_item(kinds, ni, 1, i < b2 ? 2 : 1, 1);
            for (int i = x; i < supply; i++) ni = new_item(kinds, ni, 2, 0, 1);
            ni = x < b2 + b1 ? new_item(kinds, ni, 1, x < b2 ? 2 : 1, 1) : new_item(kinds, ni, 2, 0, 1);  /* (freed) */
            table_of_items((const int (*)[3])kinds, ni, nd + x, word, V, -1, 0);
        }
    } else {
        int options = met >> MET_SHIFT;
        for (int oo = 0; oo <= 3; oo++)
            for (int ww = 0; oo + ww <= 3; ww++) {
                if (!(options >> (oo * 4 + ww) & 1)) continue;
                /* the o ready trees the line takes (those of two fruits first), then the others the
                 * supply leaves dice for; the w later dice, then the supply's others; the freed die.
                 * (A line may take the die the wheelbarrow frees too, beyond the supply: one die
                 * fewer is asked for then, and the way is only the looser) */
                int o = least_of(oo, least_of(b2 + b1, supply)), w = least_of(ww, supply - o);
                int rest = supply - o - w, ready = b2 + b1 - o, top = ready < rest ? ready : rest;
                for (int r = top; r >= ready_least(top, rest, CW_N2(word) + CW_N1(word)); r--) {
                    int ni = nd;
                    for (int i = 0; i < o; i++) ni = new_item(kinds, ni, 1, i < b2 ? 2 : 1, 1);
                    for (int i = o; i < o + r; i++) ni = new_item(kinds, ni, 1, i < b2 ? 2 : 1, 0);
                    int nl = ni;
                    for (int i = 0; i < w; i++) ni = new_item(kinds, ni, 2, 0, 1);
                    for (int i = r; i < rest; i++) ni = new_item(kinds, ni, 2, 0, 0);
                    ni = o + r < b2 + b1 ? new_item(kinds, ni, 1, o + r < b2 ? 2 : 1, 0) : new_item(kinds, ni, 2, 0, 0);
                    table_of_items((const int (*)[3])kinds, ni, nl, word, V, -1, 0);
                }
            }
    }
    for (int wo = 0; wo < 2; wo++)
        for (int t = 1; t <= TCELLS; t++)
            if (V[wo][t - 1] > V[wo][t]) V[wo][t] = V[wo][t - 1];
}

/* a fruit's arguments to the knapsack's memos (fruit_gain, fruit_table) as two words, the key: the
 * fruit's view (FruitView: its dkey); then in *low the ready trees and whether more are left, the
 * supply, and `tail` (the units and the cards to play, or the cells). One-to-one while every
 * count of dice stays under 8, which load() makes sure of (memo_ok), and every die shows one of
 * the values dkey holds; 0 (not kept) otherwise or where `tail` cannot hold its arguments
 * (`fits`). */
static inline uint64_t memo_key_view(const Core *s, const FruitView *v, int supply, uint32_t tail, int fits, uint64_t *low) {
    int b2 = view_bases(v, 2), b1 = view_bases(v, 1);
    int n2 = b2 < supply ? b2 : supply, n1 = b1 < supply - n2 ? b1 : supply - n2;
    /* (whether trees are left beyond the ready ones decides where the die the wheelbarrow frees
     * goes: cell_items) */
    *low = (uint64_t)(b2 > n2) << 45 | (uint64_t)(b1 > n1) << 44 | (uint64_t)n2 << 40 | (uint64_t)n1 << 36 |
           (uint64_t)supply << 32 | tail;
    return fits && s->memo_ok && !view_unplaced(v) && supply < 16 ? 1ULL << 63 | view_dkey(v) : 0;
}

/* the slot of a memo key (memo_key_view's two words) among 2^bits: two multiplies, the product's
 * top bits (mix64() on each word took twice the work, for the same answers) */
static inline uint64_t memo_slot(uint64_t key, uint64_t low, int bits) {
    uint64_t h = (key ^ ((low * 0x9E3779B97F4A7C15ULL) >> 17 | (low * 0x9E3779B97F4A7C15ULL) << 47)) * 0xBF58476D1CE4E5B9ULL;
    return h >> (64 - bits);
}

static inline uint64_t memo_key(const Core *s, int f, int supply, uint32_t tail, int fits, uint64_t *low) {
    return memo_key_view(s, &s->fv[f], supply, tail, fits, low);
}

/* unit_share() or (with `whole`) cell_share() for the fruit of view `v` (its dice: `dice`), through
 * the memo; an entry keeps cell_share's *with too. Without `dice` (a view of a layer not played),
 * only the memo answers: where it does not, *miss is set */
static int fruit_gain_view(Core *s, const FruitView *v, const int (*dice)[2], int supply, int word, int k, int whole,
                           int *with, int *miss) {
    int units = 2 * CW_N2(word) + CW_N1(word);
    uint32_t tail = whole ? 1u << 31 | (uint32_t)word : (uint32_t)units << 5 | (uint32_t)k;
    uint64_t low, key = memo_key_view(s, v, supply, tail, units < 128 && k < 32, &low);
    uint64_t *slot = s->memo + 3 * memo_slot(key, low, MEMO_BITS);
    if (key && slot[0] == key && slot[1] == low) {
        *with = (int32_t)(slot[2] >> 32);
        return (int)(uint32_t)slot[2];
    }
    if (!dice) { *miss = 1; *with = NONE; return 0; }
    int got;
    if (whole) got = cell_share(dice, view_bases(v, 2), view_bases(v, 1), supply, word, with);
    else { got = unit_share(dice, view_bases(v, 2), view_bases(v, 1), supply, units, k); *with = NONE; }
    if (key) { slot[0] = key; slot[1] = low; slot[2] = (uint64_t)(uint32_t)got | (uint64_t)(uint32_t)*with << 32; }
    return got;
}

static int fruit_gain(Core *s, int f, int spare, int word, int k, int whole, int *with) {
    return fruit_gain_view(s, &s->fv[f], (const int (*)[2])s->dice[f], s->supply[f] + spare, word, k, whole, with, NULL);
}

/* whether the knapsack takes whole cells (cell_share) for `k` cards to play with these words */
static inline int celled(const int *words, int k) {
    if (k > CELL_CARDS) return 0;
    for (int f = 0; f < NFR; f++) if (CW_N2(words[f]) > CELLS_MAX || CW_N1(words[f]) > CELLS_MAX) return 0;
    return 1;
}

/* Bounder.knapsack with `words` (cells_left) on the `k` cards to play: per fruit its unit or cell
 * knapsack; while the wheelbarrow is unused, it adds 5 once and frees a die for the fruit it
 * helps most (with whole cells, only for a fruit whose die can still become it) */
static int knapsack_view(Core *s, const FruitView *v, const int *supply, int wb, int played, const int *words, int k,
                         int *miss) {
    int total = 0, gains[NFR], with[NFR], whole = celled(words, k);
#define DICE(f) (played ? (const int (*)[2])s->dice[f] : NULL)
    for (int f = 0; f < s->nfruits; f++)
        total += gains[f] = fruit_gain_view(s, &v[f], DICE(f), supply[f], words[f], k, whole, &with[f], miss);
    if (wb) return total;
    int most = 0;
    if (whole) {  /* the wheelbarrow only where one of a fruit's dice can still become it */
        for (int f = 0; f < s->nfruits; f++)
            if (with[f] != NONE && with[f] - gains[f] > most) most = with[f] - gains[f];
        return total + most;
    }
    for (int f = 0; f < s->nfruits; f++) {
        int d = fruit_gain_view(s, &v[f], DICE(f), supply[f] + 1, words[f], k, 0, &with[f], miss) - gains[f];
        if (d > most) most = d;
    }
#undef DICE
    return total + WHEELBARROW - TOP_DIE + most;
}

static int knapsack_of(Core *s, const int *words, int k) {
    return knapsack_view(s, s->fv, s->supply, s->wb, 1, words, k, NULL);
}

/* per fruit, the cells on the cards still to play (CW_*; the units are 2 * CW_N2 + CW_N1) */
static inline void cells_left(Core *s, int *words) {
    for (int f = 0; f < NFR; f++) words[f] = 0;
    for (int i = 0, k = to_play(s); i < k; i++) {
        int c = card_at(s, i);
        for (int f = 0; f < s->nfruits; f++) words[f] += s->card_cw[c][f];
    }
}

static int knapsack(Core *s) {
    int units[NFR];
    cells_left(s, units);
    return knapsack_of(s, units, to_play(s));
}

/* ------------------------------------------------------------------ the layer cap */

/* a fruit's table for the layer cap (fruit_table_view): cell_table()'s V in 16 bits, TNONE for NONE,
 * so that its memo keeps it as it is and a hit is one copy. The values stay far inside 16 bits (a
 * fruit adds at most 15 a die, a recipe doubles it at most three times); TNONE is far enough below
 * 0 that a sum with it stays below any bound, and TNONE - v below 0 */
#define TNONE (-16384)
typedef int16_t Table[2][TCELLS + 1];

/* the table memo's key of a view (memo_key_view's two words, `met` in the second) and its slot */
static inline uint64_t *table_slot(Core *s, const FruitView *v, int supply, int word, int met, uint64_t *key,
                                   uint64_t *low) {
    *key = memo_key_view(s, v, supply, (uint32_t)word, 1, low);
    *low |= (uint64_t)met << 46;  /* (memo_key_view leaves the bits from 46 up free; `met` takes 18) */
    return s->tmemo + TMEMO_WORDS * memo_slot(*key, *low, TMEMO_BITS);
}

/* whether a slot of table_slot() holds the table of that key */
static inline int table_held(const uint64_t *slot, uint64_t key, uint64_t low) {
    return key && slot[0] == key && slot[1] == low;
}

/* cell_table() for the fruit of view `v` (its dice: `dice`), through its own memo (memo_key_view):
 * V[w][t] (`met`: cell_table's). Without `dice`, only the memo answers: 0 where it does not, else 1 */
static __attribute__((noinline)) int fruit_table_view(Core *s, const FruitView *v, const int (*dice)[2], int supply, int word, int met,
                            Table V) {
    uint64_t key, low, *slot = table_slot(s, v, supply, word, met, &key, &low);
    if (table_held(slot, key, low)) {
        memcpy(V, slot + 2, sizeof(Table));
        return 1;
    }
    if (!dice) return 0;
    int W[2][TCELLS + 1];
    cell_table(dice, view_bases(v, 2), view_bases(v, 1), supply, word, met, W);
    for (int w = 0; w < 2; w++)
        for (int t = 0; t <= TCELLS; t++) V[w][t] = W[w][t] == NONE ? TNONE : (int16_t)W[w][t];
    if (!key) return 1;
    memcpy(slot + 2, V, sizeof(Table));
    slot[0] = key;
    slot[1] = low;
    return 1;
}

/* fruit_table_view()'s table where the memo holds it, read in place (NULL where it does not): valid
 * until the memo is next written (a miss of fruit_table_view()) */
static inline const int16_t *fruit_table_peek(Core *s, const FruitView *v, int supply, int word, int met) {
    uint64_t key, low, *slot = table_slot(s, v, supply, word, met, &key, &low);
    return table_held(slot, key, low) ? (const int16_t *)(slot + 2) : NULL;
}

/* cell_table() for fruit `f` on the layer as it is, through its memo */
static void fruit_table(Core *s, int f, int word, Table V) {
    fruit_table_view(s, &s->fv[f], (const int (*)[2])s->dice[f], s->supply[f], word, 0, V);
}

static inline int pair_of(int f, int g) { return f + g - 1; }  /* (0, 1), (0, 2), (1, 2) */

/* the seven caps of one placement that lays c[f] cells of each fruit on the layer */
static inline void caps_of_counts(const int *c, int *caps) {
    for (int f = 0; f < NFR; f++) caps[f] = c[f];
    caps[CAP_PAIR + 0] = c[0] + c[1];
    caps[CAP_PAIR + 1] = c[0] + c[2];
    caps[CAP_PAIR + 2] = c[1] + c[2];
    caps[CAP_ALL] = c[0] + c[1] + c[2];
}

/* the fruit whose cells the square showing `c` takes for the layer cap: a die's (the wheelbarrow's
 * never), a bare tree's; -1 for none */
static inline int item_fruit(int c) {
    if (die_of(c)) return counted_die(c) ? (c >> 11) & 3 : -1;
    return c && !(c & 48) && (c & 3) != CLEARING ? c & 3 : -1;
}

/* byte by byte, the most of eight bytes (each under 128) */
#if defined(__SSE2__) && !defined(PNP_NO_SSE2)  /* (PNP_NO_SSE2: the plain C below, as on other machines) */
#include <emmintrin.h>
typedef __m128i Most8;
static inline Most8 most8_zero(void) { return _mm_setzero_si128(); }
static inline Most8 most8(Most8 m, uint64_t v) { return _mm_max_epu8(m, _mm_cvtsi64_si128((long long)v)); }
static inline uint64_t most8_get(Most8 m) { return (uint64_t)_mm_cvtsi128_si64(_mm_max_epu8(m, _mm_unpackhi_epi64(m, m))); }
/* two at once, in the two halves (most8_get() folds them) */
static inline Most8 most8_2(Most8 m, uint64_t v, uint64_t u) { return _mm_max_epu8(m, _mm_set_epi64x((long long)u, (long long)v)); }
#else
typedef uint64_t Most8;
static inline Most8 most8_zero(void) { return 0; }
static inline Most8 most8(Most8 m, uint64_t v) {
    const uint64_t high = 0x8080808080808080ULL;  /* (the high bits tell which is larger without borrowing) */
    uint64_t mask = ((((v | high) - m) & high) >> 7) * 0xFF;  /* 0xFF in each byte where v >= m */
    return (v & mask) | (m & ~mask);
}
static inline uint64_t most8_get(Most8 m) { return m; }
static inline Most8 most8_2(Most8 m, uint64_t v, uint64_t u) { return most8(most8(m, v), u); }
#endif

/* a cell of fruit f in layer_caps_of()'s counts: one in the bytes of f, of its two pairs and of all */
static const uint64_t cap_add[NFR] = {0x0001000101000001ULL, 0x0001010001000100ULL, 0x0001010100010000ULL};

/* the layer's caps (Bounder.layer_caps): a card's tree cells can raise or make a die of the layer
 * (a die that is there now, or a new one on a tree that is bare now) only on the squares those
 * stand on, which never move; so of each fruit, of each pair of fruits and of all of them, at
 * most as many of its cells as the most of them one of its placements (any: legal or not, the
 * layer may change first) lays on the squares of their fruit's dice and bare trees, summed over
 * the `k` cards into caps (and per card into each[i], where asked). 0 beyond the window (no
 * caps), else 1 */
static int layer_caps_of(Core *s, const int *cards, int k, int *caps, int (*each)[NCAPS], uint64_t (*per)[4]) {
    /* anchors from two squares above and left of the visible ones: W x H of them; where the
     * windows are kept (kwin), CAP_PAD more on each side, counted none */
    if (s->x1 - s->x0 + 3 > CAP_SIDE || s->y1 - s->y0 + 3 > CAP_SIDE) {  /* beyond the window: no caps */
        for (int i = 0; i < NCAPS; i++) caps[i] = NFR * TCELLS;
        return 0;
    }
    uint64_t scratch[CAP_SIDE * CAP_SIDE], *keep = per && k <= KWIN ? s->kwin[k] : NULL;
    int pad = keep ? CAP_PAD : 0, W = s->x1 - s->x0 + 3 + 2 * pad, H = s->y1 - s->y0 + 3 + 2 * pad;
    int wsq[NFR][MAXCARDS * 6], nsq[NFR] = {0}, nk = 0;  /* the squares, as an index into the window */
    for (int y = s->y0; y <= s->y1; y++)
        for (int x = s->x0; x <= s->x1; x++) {
            int f = s->ifruit[s->grid[y * GW + x]];
            if (f >= 0 && nsq[f] < MAXCARDS * 6) {
                wsq[f][nsq[f]++] = (y - s->y0 + 2 + pad) * W + x - s->x0 + 2 + pad;
                if (keep) s->ksq[k][nk++] = (uint16_t)(y * GW + x);
            }
        }
    if (keep) s->nksq[k] = nk;
    for (int i = 0; i < NCAPS; i++) caps[i] = 0;
    /* per anchor of one orientation: its seven counts, a byte each (a cell of fruit f adds one to
     * the bytes of f, of its two pairs and of all: cap_add[f]); in a small window, cleared per
     * orientation (it stays in the first cache); and their most, byte by byte, as they grow
     * (most8(): every byte stays under 128) */
    for (int i = 0; i < k; i++) {
        int card = cards[i];
        Most8 most = most8_zero();
        for (int o = 0; o < s->norient[card]; o++) {
            const Orient *or_ = &s->orient[card][o];
            Most8 here = most8_zero();
            uint64_t *cell = keep ? keep + (size_t)((i * 4 + o) * W * H) : scratch;  /* (kept: kwin) */
            memset(cell, 0, sizeof(uint64_t) * (size_t)(W * H));
            for (int j = 0; j < 6; j++) {
                int f = or_->f[j];
                if (f == CLEARING) continue;
                uint64_t a = cap_add[f];
                int back = or_->dy[j] * W + or_->dx[j];
                const int *sq = wsq[f];
                for (int q = 0; q < nsq[f]; q++) here = most8(here, cell[sq[q] - back] += a);
            }
            if (per && i < 2) per[i][o] = most8_get(here);
            most = most8(most, most8_get(here));
        }
        uint64_t got = most8_get(most);
        if (keep) s->kmost[k][i] = got;
        for (int c = 0; c < NCAPS; c++) {
            int v = (int)(got >> 8 * c & 255);
            caps[c] += v;
            if (each) each[i][c] = v;
        }
    }
    return 1;
}

/* layer_caps_of() the position's cards to play, kept for the move caps of its moves
 * (move_cap_start): per depth, the caps of all the cards and of each hand card, under the
 * position's visit number (cap_visit) */
static int layer_caps(Core *s, int *caps) {
    int k = to_play(s), d = s->cs.depth, cards[MAXCARDS], each[MAXCARDS][NCAPS];
    for (int i = 0; i < k; i++) cards[i] = card_at(s, i);
    if (!layer_caps_of(s, cards, k, caps, each, d < MAXDEPTH ? s->cap_orient[d] : NULL)) return 0;
    if (k <= KWIN) s->kwin_visit[k] = d < MAXDEPTH ? s->visit[d] : -1;
    if (d < MAXDEPTH) {
        s->cap_visit[d] = s->visit[d];
        memcpy(s->cap_all[d], caps, sizeof s->cap_all[d]);
        for (int i = 0; i < s->nhand; i++) memcpy(s->cap_hand[d][i], each[i], sizeof each[i]);
    }
    return 1;
}

typedef Table FruitTables[NFR];  /* per fruit, its fruit_table() */

static void fruit_tables(Core *s, const int *words, FruitTables V) {
    for (int f = 0; f < s->nfruits; f++) fruit_table(s, f, words[f], V[f]);
}

static int capped_with(Core *s, FruitTables V, const int *caps, int floor);

/* the recipes the knapsack's tables count, where their condition can still be met, in place of
 * the `part` of the recipes' bound (recipes_bound_of) they add on their own, so that the caps share
 * the cells between the fruits for the score and the recipes together:
 * - a recipe that doubles a fruit's dice on trees: that fruit's tables count twice (as many times
 *   as recipes double it: w), in place of what the fruit's gain adds;
 * - a recipe whose points want all of one fruit's dice in play (`fold`: those points per fruit):
 *   each of the fruit's entries is the more of its own and the points plus the entry of the ways
 *   that bring all its dice into play (cell_table's `met`), in place of the points (recipe_tables);
 * - a recipe whose points want the wheelbarrow used, while it is not: those points (`barrow`) on
 *   every entry of the tables where it is made (V[f][1]), in place of the points */
typedef struct {
    int on, w[NFR], part, fold[NFR], barrow;
    /* a line-of-three recipe's points folded into fruit f (line[f]), with the cards to play, and
     * the most trees of f they lay on one line and the new dice they make (line_options); children
     * add those points apart (cpart) */
    int line[NFR], lk, lreach[NFR], lfresh[NFR], lcounted[NFR], cpart;
    /* a recipe's points that want a die of at least `high` of every fruit (salad), the fruits that
     * have one now (a bit each: smet); the caps bound the games that meet it and the others apart
     * (Split) */
    int salad, high, smet;
} Doubled;
#define NO_DOUBLE {0, {1, 1, 1}, 0, {0, 0, 0}, 0, {0, 0, 0}, 0, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, 0, 0, 0, 0}

/* V as its fruits count with the recipes (Doubled) */
static void doubled_tables(Core *s, FruitTables V, const Doubled *dd) {
    if (!dd || !dd->on) return;
    for (int f = 0; f < s->nfruits; f++)
        if (dd->w[f] > 1)
            for (int j = 0; j < 2; j++)
                for (int t = 0; t <= TCELLS; t++)
                    if (V[f][j][t] != TNONE) V[f][j][t] = (int16_t)(V[f][j][t] * dd->w[f]);
}

/* a fruit's table V (doubled as `w` has it) with `points` folded in from its table M of the ways
 * that bring all its dice into play (Doubled): those are some of all the ways, so V bounds them
 * too, and M (whose new dice are all later items: cell_table) may be above it with few cells */
static void fold_table(Table V, const Table M, int w, int points) {
    for (int j = 0; j < 2; j++)
        for (int t = 0; t <= TCELLS; t++) {
            int m = M[j][t] == TNONE ? TNONE : M[j][t] * w;
            if (m > V[j][t]) m = V[j][t];
            if (m != TNONE && m + points > V[j][t]) V[j][t] = (int16_t)(m + points);
        }
}

/* `points` on every entry of V that has a way, with the wheelbarrow made (from 1) or either way (0) */
static void table_add(Table V, int from, int points) {
    for (int j = from; j < 2; j++)
        for (int t = 0; t <= TCELLS; t++)
            if (V[j][t] != TNONE) V[j][t] = (int16_t)(V[j][t] + points);
}

/* the points of a wheelbarrow recipe (Doubled's `barrow`) on the entries where it is made */
static void barrow_tables(Core *s, FruitTables V, const Doubled *dd) {
    if (dd->barrow)
        for (int f = 0; f < s->nfruits; f++) table_add(V[f], 1, dd->barrow);
}

static int line_options(Core *s, int f, int counted, int k, int reach, int fresh);
static void recipe_tables(Core *s, FruitTables V, const Doubled *dd, const int *words);

/* Where a recipe wants a die of `high` of every fruit (Doubled's salad), the caps bound the games
 * that meet it and the others apart (split_with): the fruits' tables V without its points, and
 * Vm with them, each fruit without such a die yet held to its ways to one (cell_table's MET_HIGH).
 * Vm is worked out only where the points added to V's bound do not cut already (most positions):
 * till then it keeps the fruits' tables as cell_table() has them, for the position as it is (cv
 * NULL) or for a child (cv, r: child_capped); salad_ready(). The tables of the other recipes
 * (recipe_tables, child_recipe_tables) never count the salad's points */
typedef struct ChildView ChildView;
typedef struct Resolved Resolved;
typedef struct {
    int points, ready, words[NFR];
    const Doubled *dd;
    const Resolved *r;
    const ChildView *cv;
    int (*dice)[16][2], *have;
    Table *Vm;  /* (FruitTables: the caller's, salad_start) */
} Split;

/* capped_knapsack()'s tables of a position (ok: worked out), for its wheelbarrow split
 * (wb_split_bound) and its move caps (move_cap_start), which want the same: V as capped_with() reads
 * them, and sp, whose Vm are the move caps' (Core.salad_vm at the position's depth) */
typedef struct { int ok; FruitTables V; Split sp; } CapTabs;

static void child_recipe_tables(Core *s, const Resolved *r, const ChildView *cv, FruitTables V, const Doubled *dd,
                                int (*dice)[16][2], int *have);
static inline void child_table(Core *s, const Resolved *r, const ChildView *cv, int f, int met, int (*dice)[16][2], int *have,
                        Table V);

/* `sp` for the salad's split (its points 0: none), Vm the raw tables V (before recipe_tables) */
static void salad_start(Split *sp, FruitTables Vm, const Doubled *dd, FruitTables V, const int *words,
                        const Resolved *r, const ChildView *cv, int (*dice)[16][2], int *have) {
    sp->points = dd && dd->on ? dd->salad : 0;
    if (!sp->points) return;
    sp->Vm = Vm;
    sp->ready = 0;
    sp->dd = dd;
    sp->r = r;
    sp->cv = cv;
    sp->dice = dice;
    sp->have = have;
    if (words) memcpy(sp->words, words, sizeof sp->words);
    memcpy(sp->Vm, V, sizeof(FruitTables));
}

/* Vm: each fruit without a die of `high` at the most of its ways to one, then the other recipes */
static void salad_ready(Core *s, Split *sp) {
    const Doubled *dd = sp->dd;
    for (int f = 0; f < s->nfruits; f++) {
        if (dd->smet >> f & 1) continue;
        Table M;
        int met = MET_HIGH | dd->high << MET_SHIFT;
        if (sp->cv) child_table(s, sp->r, sp->cv, f, met, sp->dice, sp->have, M);
        else fruit_table_view(s, &s->fv[f], (const int (*)[2])s->dice[f], s->supply[f], sp->words[f], met, M);
        for (int j = 0; j < 2; j++)
            for (int t = 0; t <= TCELLS; t++) if (M[j][t] < sp->Vm[f][j][t]) sp->Vm[f][j][t] = M[j][t];
    }
    if (sp->cv) child_recipe_tables(s, sp->r, sp->cv, sp->Vm, dd, sp->dice, sp->have);
    else recipe_tables(s, sp->Vm, dd, sp->words);
    sp->ready = 1;
}

/* capped_with() of the games that do not meet the salad recipe (V) and of those that do (sp's Vm,
 * with its points), the more of the two; as capped_with() about `floor`. First V with the points
 * added (as they were before the split): where that cuts, so would the split */
static int split_rest(Core *s, FruitTables V, Split *sp, const int *caps, int floor);
static inline int split_with(Core *s, FruitTables V, Split *sp, const int *caps, int floor) {
    return sp && sp->points ? split_rest(s, V, sp, caps, floor) : capped_with(s, V, caps, floor);
}

static int split_rest(Core *s, FruitTables V, Split *sp, const int *caps, int floor) {
    int p = sp->points, add = capped_with(s, V, caps, floor == NONE ? NONE : floor - p) + p;
    if (floor != NONE && add <= floor) return add;
    if (!sp->ready) salad_ready(s, sp);
    int bm = capped_with(s, sp->Vm, caps, floor == NONE ? NONE : floor - p) + p;
    /* (add - p bounds V's games, exactly without a floor) */
    if (floor == NONE || bm > floor) return add - p > bm ? add - p : bm;
    int b = capped_with(s, V, caps, floor);
    return b > bm ? b : bm;
}

/* doubled_tables() and the folds (Doubled) of the position as it is (`words`: cells_left) */
static void recipe_tables(Core *s, FruitTables V, const Doubled *dd, const int *words) {
    if (!dd || !dd->on) return;
    doubled_tables(s, V, dd);
    for (int f = 0; f < s->nfruits; f++) {
        int met = dd->fold[f] ? MET_ALL : 0, points = dd->fold[f];
        if (dd->line[f]) {
            int options = line_options(s, f, dd->lcounted[f], dd->lk, dd->lreach[f], dd->lfresh[f]);
            met = options & 1 ? 0 : MET_LINE | options << MET_SHIFT;  /* (a line there now: no cost) */
            points = dd->line[f];
            if (!met) table_add(V[f], 0, points);
        }
        if (met) {
            Table M;
            fruit_table_view(s, &s->fv[f], (const int (*)[2])s->dice[f], s->supply[f], words[f], met, M);
            fold_table(V[f], M, dd->w[f], points);
        }
    }
    /* (the wheelbarrow's points last: a fold takes the smaller of the met ways and the entry, and
     * an entry with them would lose them in the games that meet both) */
    barrow_tables(s, V, dd);
}

/* the position's tables as capped_with() reads them (V: its fruits' tables with the recipes, without
 * the salad's points) and the salad's split (sp, its Vm there) */
static void layer_tables(Core *s, const int *words, const Doubled *dd, FruitTables V, FruitTables Vm, Split *sp) {
    fruit_tables(s, words, V);
    salad_start(sp, Vm, dd, V, words, NULL, NULL, NULL, NULL);
    recipe_tables(s, V, dd, words);  /* (without the salad's points: split_with) */
}

/* the knapsack with the layer's caps (Bounder.capped): per fruit its cell_table(), at most its
 * caps of cells on the layer; the wheelbarrow for one fruit at most. Never above knapsack(); with
 * whole cells only (else the knapsack) */
static int capped_knapsack(Core *s, const Doubled *dd, int floor, CapTabs *ct) {
    int words[NFR], k = to_play(s);
    if (ct) ct->ok = 0;
    cells_left(s, words);
    if (!celled(words, k)) return knapsack_of(s, words, k) + (dd ? dd->part : 0);  /* (dd: see dfs) */
    int caps[NCAPS];
    layer_caps(s, caps);
    FruitTables own, ownm;
    Table *V = ct ? ct->V : own, *Vm = ct ? ((FruitTables *)s->salad_vm)[s->cs.depth] : ownm;
    Split local, *sp = ct ? &ct->sp : &local;
    layer_tables(s, words, dd, V, Vm, sp);
    if (ct) ct->ok = 1;
    return split_with(s, V, sp, caps, floor);
}

/* the fruits' tables at t[f] cells on the layer, the wheelbarrow on the fruit it helps most
 * (while it is unused); NONE where a table has no way */
static inline int capped_at(Core *s, FruitTables V, const int *t) {
    int total = 0, most = 0;
    for (int f = 0; f < s->nfruits; f++) {
        int v = V[f][0][t[f]];
        if (v == TNONE) return NONE;
        total += v;
        if (!s->wb && V[f][1][t[f]] != TNONE && V[f][1][t[f]] - v > most) most = V[f][1][t[f]] - v;
    }
    return total + most;
}

/* capped_at() for three fruits a, b and z at ta, tb and tz cells on the layer, the wheelbarrow's
 * use read once (`wbo`: 1 while it is unused): the hot path of capped_with(), without a branch but
 * for a table with no way: TNONE in the sum, which then stays below TNONE / 2 (the tables' values
 * are far inside it); a table's TNONE with the wheelbarrow takes nothing off (TNONE - v stays
 * below 0) */
static inline int capped_at3(FruitTables V, int wbo, int a, int ta, int b, int tb, int z, int tz) {
    int va = V[a][0][ta], vb = V[b][0][tb], vz = V[z][0][tz];
    if (va + vb + vz < TNONE / 2) return NONE;
    int most = 0;
    if (wbo) {
        int da = V[a][1][ta] - va, db = V[b][1][tb] - vb, dz = V[z][1][tz] - vz;
        most = da > most ? da : most;
        most = db > most ? db : most;
        most = dz > most ? dz : most;
    }
    return va + vb + vz + most;
}

/* capped_knapsack() with these caps (whole cells; V: the fruits' tables): the most over the cells
 * each fruit takes on the layer within every cap. Each table is never less for more cells, so the
 * fruit with the largest cap takes all its caps leave it, and only the others' are tried.
 * `floor`: the answer matters only above it (a position or a move is cut at or below it), so a
 * row of tries whose bound (each table at the most its caps leave it) is at most `floor` is
 * skipped, its bound kept. The answer is never below the exact one: at or below `floor` where the
 * exact one is, and else above it, the most every fruit's own caps leave (`e`) as soon as a split
 * is found above `floor` (rows and their splits tried from the most cells down, where such a split
 * is likelier); exact where there is no floor (NONE). Stopping there took an eight-card proof's
 * instructions from 56.0 to 52.9 billion, the same positions (move_cap_raise() included) */
static int capped_with(Core *s, FruitTables V, const int *caps, int floor) {
    int nf = s->nfruits, c[NFR], order[NFR] = {0, 1, 2}, t[NFR] = {0, 0, 0}, most = 0, skipped = 0;
    for (int f = 0; f < NFR; f++) c[f] = least_of(caps[f], TCELLS);
    int all = caps[CAP_ALL];
    if (nf == 1) {
        t[0] = least_of(c[0], all);
        int v = capped_at(s, V, t);
        return v > most ? v : most;
    }
    for (int f = 0; f < nf; f++) {
        int i = f;
        while (i > 0 && c[order[i - 1]] > c[f]) { order[i] = order[i - 1]; i--; }
        order[i] = f;
    }
    int a = order[0], b = order[1];
    if (nf == 2) {
        int pab = caps[CAP_PAIR + pair_of(a, b)];
        for (t[a] = 0; t[a] <= least_of(c[a], all); t[a]++) {
            t[b] = least_of(c[b], least_of(pab, all) - t[a]);
            int v = capped_at(s, V, t);
            if (v > most) most = v;
        }
        return most;
    }
    int z = order[2], pab = caps[CAP_PAIR + pair_of(a, b)], paz = caps[CAP_PAIR + pair_of(a, z)],
        pbz = caps[CAP_PAIR + pair_of(b, z)];
    /* a row's bound: capped_at() with each fruit at the most the row leaves it (each table never
     * less for more cells, the wheelbarrow's gain taken where it is largest) */
    int wbo = !s->wb, e = NONE;
    if (floor != NONE) {  /* every row at once: each fruit at its own cap */
        e = capped_at3(V, wbo, a, least_of(c[a], all), b, least_of(c[b], least_of(pab, all)), z,
                       least_of(c[z], least_of(paz, least_of(pbz, all))));
        if (e <= floor) return e > most ? e : most;
    }
    for (int ta = least_of(c[a], all); ta >= 0; ta--) {
        /* b's cells up to `free` leave z's as many as they would with none: fewer never gain */
        int top = least_of(c[b], least_of(pab, all) - ta), za = least_of(c[z], paz - ta);
        if (floor != NONE && top >= 0 && za >= 0) {
            /* the row's bound: b and z at the most they may take here */
            int re = capped_at3(V, wbo, a, ta, b, top, z, za);
            if (re <= floor) {
                if (re > skipped) skipped = re;
                continue;
            }
        }
        int room = least_of(all - ta, pbz), free = room - za, least = free < 0 ? 0 : free < top ? free : top;
        for (int tb = top; tb >= least; tb--) {
            int v = capped_at3(V, wbo, a, ta, b, tb, z, least_of(za, room - tb));
            if (v > floor && floor != NONE) return e;  /* (above the floor: e bounds every split) */
            if (v > most) most = v;
        }
    }
    return most > skipped ? most : skipped;
}

/* ------------------------------------------------------------------ the move cap */

/* The layer cap of a move (Bounder.capped with `placed`): the card played now lays on the layer's
 * dice and bare trees exactly the cells its placement puts on squares of their fruit, so the
 * capped knapsack with that card's caps replaced by those counts bounds the move's gain and all
 * that can follow it. An expanded position works out the other cards' caps once per hand card
 * (move_cap_start), and the bound once per hand card and counts (memo: counts in base 7, a card
 * laying at most six cells of one fruit: base 6 took a deck's card of six trees of one fruit for
 * another count, or past the memo) */
#define MCAP_COUNTS 343
#define MCAP_UNKNOWN INT_MAX  /* (a memo entry not worked out yet: above every need) */
typedef struct {
    int on, floor, others[2][NCAPS], memo[2][MCAP_COUNTS];
    FruitTables V;
    Split sp;
    /* the tables without the moving card's cells off the layer (move_cap_ext): per hand card, the
     * other cards' cells per fruit (CW_*), and per fruit and count the table (ext_ok: worked out) */
    int ext, ow[2][NFR];
    uint8_t ext_ok[2][NFR];
    Table ext_t[2][NFR][7];
} MoveCap;

/* the memo's entry for counts c0, c1 and c2 of the three fruits */
static inline int mcap_index(int c0, int c1, int c2) { return (c2 * 7 + c1) * 7 + c0; }

static void move_cap_start(Core *s, MoveCap *mc, const Doubled *dd, const CapTabs *ct) {
    int k = to_play(s), d = s->cs.depth, words[NFR];
    cells_left(s, words);
    mc->on = celled(words, k) && d < MAXDEPTH;
    if (!mc->on) return;
    int caps[NCAPS];  /* (kept where capped_knapsack() ran here) */
    if (s->cap_visit[d] != s->visit[d] && !layer_caps(s, caps)) { mc->on = 0; return; }
    for (int hi = 0; hi < s->nhand; hi++) {  /* the other cards' caps: all of them but this one's */
        for (int c = 0; c < NCAPS; c++) mc->others[hi][c] = s->cap_all[d][c] - s->cap_hand[d][hi][c];
        for (int i = 0; i < MCAP_COUNTS; i++) mc->memo[hi][i] = MCAP_UNKNOWN;
    }
    if (ct && ct->ok) {  /* (the same tables, the salad's Vm in place: as ready as capped_knapsack() left them) */
        memcpy(mc->V, ct->V, sizeof mc->V);
        mc->sp = ct->sp;
    } else {
        layer_tables(s, words, dd, mc->V, ((FruitTables *)s->salad_vm)[d], &mc->sp);
    }
    mc->floor = NONE;
    /* (plain deals: a recipe's tables are the layer's with its folds, which these are not) */
    mc->ext = (s->ext_gate >> k & 1) && !s->nrec;
    if (mc->ext)
        for (int hi = 0; hi < s->nhand; hi++)
            for (int f = 0; f < NFR; f++) {
                mc->ow[hi][f] = words[f] - s->card_cw[s->hand[hi]][f];
                mc->ext_ok[hi][f] = 0;
            }
}

/* fruit f's table for move_cap_ext(): hand card `hi` lays `c` of its cells of f on the layer's
 * items of f and the rest of its trees of f off it, as ready trees (MET_EXTRA). One table holds
 * for every way its cells of two fruits and of one can make up those `c`: on the layer as many of
 * each kind as may be among them, off it all its trees but the fewest of each kind they leave
 * (more cells and more trees never lower a table) */
static const int16_t *ext_table(Core *s, MoveCap *mc, int hi, int f, int c) {
    Table *T = &mc->ext_t[hi][f][c];
    if (mc->ext_ok[hi][f] >> c & 1) return (const int16_t *)*T;
    int hw = s->card_cw[s->hand[hi]][f], n2 = CW_N2(hw), n1 = CW_N1(hw);
    if (c > n2 + n1) return NULL;  /* (never: a card lays at most its own cells) */
    int l2 = c < n2 ? c : n2, l1 = c < n1 ? c : n1, lo2 = c > n1 ? c - n1 : 0, lo1 = c > n2 ? c - n2 : 0;
    int lw = l2 | l1 << 5 | (l2 > 0) << 10 | (l1 > 0) << 15 | (l2 + l1 > 0) << 20;
    fruit_table_view(s, &s->fv[f], (const int (*)[2])s->dice[f], s->supply[f], mc->ow[hi][f] + lw,
                     MET_EXTRA(n2 - lo2, n1 - lo1), *T);
    mc->ext_ok[hi][f] |= (uint8_t)(1 << c);
    return (const int16_t *)*T;
}

/* a second bound on the moves of hand card `hi` that lay cnt[f] cells of each fruit on the layer
 * (caps: as move_cap_of()'s). The plain move cap counts the card's other cells with the cells to
 * come, so two of them can make a die on a tree laid later between themselves; but they are laid
 * now, off the layer's items: each of its trees there is a ready tree, a new die only for a cell
 * of a card to come (ext_table). Each bound holds, and the search takes the lower (the eight-card
 * grove:12,4,1,11,3,13,6,2: 24.3 million positions without it, 15.8 million with it) */
static int move_cap_ext(Core *s, MoveCap *mc, int hi, const int *cnt, const int *caps) {
    FruitTables V;
    for (int f = 0; f < s->nfruits; f++) {
        const int16_t *T = ext_table(s, mc, hi, f, cnt[f]);
        if (!T) return INT_MAX;  /* (no second bound) */
        memcpy(V[f], T, sizeof(Table));
    }
    return capped_with(s, V, caps, mc->floor);
}

/* the bound of a move of hand card `hi` that lays cnt[f] cells of each fruit on the layer's squares
 * of their fruit (memo) */
static inline int move_cap_of(Core *s, MoveCap *mc, int hi, const int *cnt) {
    int *e = &mc->memo[hi][mcap_index(cnt[0], cnt[1], cnt[2])];
    if (*e == MCAP_UNKNOWN) {
        int caps[NCAPS];
        caps_of_counts(cnt, caps);
        for (int c = 0; c < NCAPS; c++) caps[c] += mc->others[hi][c];
        *e = split_with(s, mc->V, &mc->sp, caps, mc->floor);
        /* (where the plain cap is far above the need the second seldom cuts: ext_gap) */
        if (mc->ext && *e > mc->floor && (mc->floor == NONE || *e - mc->floor <= s->ext_gap)) {
            int b = move_cap_ext(s, mc, hi, cnt, caps);
            if (b < *e) *e = b;
        }
    }
    return *e;
}

/* the incumbent rose to `floor` since the memo's bounds were worked out: those above it may have
 * stopped at a split above the old floor (capped_with), so they are worked out again when asked */
static void move_cap_raise(MoveCap *mc, int floor) {
    mc->floor = floor;
    for (int hi = 0; hi < 2; hi++)
        for (int i = 0; i < MCAP_COUNTS; i++)
            if (mc->memo[hi][i] > floor) mc->memo[hi][i] = MCAP_UNKNOWN;
}

/* the counts of a placement (its card's cells on squares of their fruit, per fruit: icount, four
 * bits a fruit) and its bound */
static inline int move_cap_at(Core *s, MoveCap *mc, int card, int orient, int anchor) {
    const Orient *o = &s->orient[card][orient];
    const uint16_t *g = s->grid + anchor;
    unsigned c = s->icount[o->k[0]][g[o->off[0]]] + s->icount[o->k[1]][g[o->off[1]]] +
                 s->icount[o->k[2]][g[o->off[2]]] + s->icount[o->k[3]][g[o->off[3]]] +
                 s->icount[o->k[4]][g[o->off[4]]] + s->icount[o->k[5]][g[o->off[5]]];
    int cnt[NFR] = {(int)(c & 15), (int)(c >> 4 & 15), (int)(c >> 8 & 15)};
    return move_cap_of(s, mc, s->hand[0] == card ? 0 : 1, cnt);
}

static inline int move_cap(Core *s, MoveCap *mc, const MoveRec *m) {
    return move_cap_at(s, mc, m->card, m->orient, m->anchor);
}

/* what gen_moves() leaves out: legal moves whose move cap is at most `need`, how many (counted as
 * positions), the highest of those caps; and how many orientations and placements it left out
 * without looking at their legality (orient_cut(), and gen_moves_gated()'s test on each anchor's
 * counts from layer_caps()) */
typedef struct { MoveCap *mc; int need, dropped, open, skipped; } Gate;

/* `n` moves of a position with `k` cards to play cut by their move cap: positions one row down
 * (Core.stat), cut by the cap */
static inline void count_cap_cuts(Core *s, int k, int n) {
    s->cs.nodes += n;
    s->stat[k - 1][0] += n;
    s->stat[k - 1][5] += n;
}

/* ------------------------------------------------------------------ recipes */

/* does the square `p` hold a die of fruit `f` that recipe `r` sees? */
static inline int sees(const Core *s, const Recipe *r, int p, int f) {
    int c = s->grid[p], d = die_of(c);
    return d && (r->counted || d != WHEELBARROW) && ((c >> 11) & 3) == f;
}

static inline int of_fruit(int want, int f) { return want < 0 || want == f; }

/* GroveEngine.recipe_bonus: what the recipes add at the end of a game on the layer as it is */
static int recipe_bonus(Core *s) {
    int total = 0;
    for (int ri = 0; ri < s->nrec; ri++) {
        const Recipe *r = &s->rec[ri];
        int count[NFR] = {0}, top[NFR] = {0}, sum[NFR] = {0}, tree_sum[NFR] = {0};
        int on_clearing = 0, line = 0, barrow = 0;
        for (int y = s->y0; y <= s->y1; y++)
            for (int x = s->x0; x <= s->x1; x++) {
                int p = y * GW + x, c = s->grid[p], d = die_of(c);
                if (!d) continue;
                if (d == WHEELBARROW) barrow = 1;
                if (!r->counted && d == WHEELBARROW) continue;
                int f = (c >> 11) & 3;
                count[f]++;
                sum[f] += d;
                if (d > top[f]) top[f] = d;
                if ((c & 3) == CLEARING) on_clearing = 1;
                else tree_sum[f] += d;
                if (r->cond == C_LINE3 && !line && of_fruit(r->cf, f))
                    line = (sees(s, r, p + 1, f) && sees(s, r, p + 2, f)) ||
                           (sees(s, r, p + GW, f) && sees(s, r, p + 2 * GW, f));
            }
        int ok = 0, n = 0, t = 0;
        for (int f = 0; f < s->nfruits; f++)
            if (of_fruit(r->cf, f)) { n += count[f]; t += sum[f]; }
        switch (r->cond) {
        case C_ALL_IN_PLAY:
            for (int f = 0; f < s->nfruits; f++) ok |= of_fruit(r->cf, f) && count[f] >= s->dice_per_fruit;
            break;
        case C_EACH_AT_LEAST:
            ok = 1;
            for (int f = 0; f < s->nfruits; f++) ok &= top[f] >= r->cn;
            break;
        case C_NO_CLEARING: ok = !on_clearing; break;
        case C_LINE3: ok = line; break;
        case C_DICE_AT_LEAST: ok = n >= r->cn; break;
        case C_TOTAL_AT_LEAST: ok = t >= r->cn; break;
        case C_SQUIRREL_UNUSED: ok = s->tokens_used == 0; break;
        case C_WB_USED: ok = barrow; break;
        }
        if (!ok) continue;
        if (r->reward == R_POINTS) total += r->rn;
        else if (r->reward == R_DOUBLE) total += tree_sum[r->rf];
        else {
            int dice = 0;
            for (int f = 0; f < s->nfruits; f++) if (of_fruit(r->rf, f)) dice += count[f];
            total += r->rn * dice;
        }
    }
    return total;
}

/* Bounder.step: the furthest a die climbs in one covering */
static inline int step_up(int v) { return v == 0 ? 4 : v >= TOP_DIE ? v : v + 2 <= 6 ? v + 2 : TOP_DIE; }

/* what the square showing `c` needs for a die of fruit f there at the end, as far as a line of
 * three can tell (Bounder.line_possible), as a count in the field of its kind (LINE_*): nothing for
 * such a die now (the wheelbarrow if the recipe counts it), one cell of f for a bare tree of f, two
 * (a tree of f, then one on it) for an empty square or a clearing, two and a clearing first for a
 * bare tree of another fruit, which a tree of f may not cover; never, for the squirrel's square
 * and a die of another fruit, which stay */
#define LINE_ONE 1
#define LINE_TWO 8
#define LINE_THREE 64
#define LINE_NEVER 512
static inline int line_need_of(int c, int f, int counted) {
    int d = die_of(c);
    if (!c) return LINE_TWO;
    if (c & 48) return LINE_NEVER;
    if (d) return ((c >> 11) & 3) == f && (counted || d != WHEELBARROW) ? 0 : LINE_NEVER;
    return (c & 3) == f ? LINE_ONE : (c & 3) == CLEARING ? LINE_TWO : LINE_THREE;
}

/* whether three squares whose needs (line_need_of) are n[0..2] can hold a line at the end, with `k`
 * cards to play that lay at most `reach` trees of the fruit on one line and make at most `fresh`
 * new dice of it (each cell a square needs from its own card; one clearing a card) */
static inline int line_fits(const uint16_t *n, int step, int k, int reach, int fresh) {
    int sum = n[0] + n[step] + n[2 * step];
    int ones = sum & 7, twos = (sum >> 3) & 7, threes = (sum >> 6) & 7;
    /* (one test, no branches: most lines fail, each on whichever it may) */
    return (sum < LINE_NEVER) & !(twos && k < 2) & !(ones && k < 1) & (threes <= (k > 2 ? k - 2 : 0)) &
           (ones + 2 * (twos + threes) <= reach) & (ones + twos + threes <= fresh);
}

/* the needs (line_need_of) of the layer's squares and two around it, for fruit f, into `need` (rows
 * of the layer's width plus 4), and the squares that need at most one cell into `at` (at most a
 * square per cell laid); returns how many of those */
static int line_needs(Core *s, int f, int counted, uint16_t *need, int *at) {
    int W = s->x1 - s->x0 + 5, H = s->y1 - s->y0 + 5, n = 0;
    for (int i = 0; i < W * H; i++) need[i] = LINE_TWO;  /* (squares off the layer are empty) */
    const uint16_t *tab = s->line_need[counted != 0][f];
    for (int y = s->y0; y <= s->y1; y++) {
        const uint16_t *row = s->grid + y * GW;
        int i = (y - s->y0 + 2) * W + 2 - s->x0;
        for (int x = s->x0; x <= s->x1; x++) {
            int v = tab[row[x]];
            need[i + x] = (uint16_t)v;
            at[n] = i + x;
            n += v <= LINE_ONE;
        }
    }
    return n;
}

/* the lines of three through the layer's squares that need at most one cell (line_needs) that the
 * cards can still make (line_fits), as the options (o, w) they ask for (bit o * 4 + w: o ones,
 * w twos and threes); with `first`, only the first such line, kept as the fruit's witness */
static int line_scan(Core *s, int f, int counted, int k, int reach, int fresh, int first) {
    int W = s->x1 - s->x0 + 5, at[(MAXCARDS + 2) * 6], options = 0;
    uint16_t need[(GW + 4) * (GW + 4)];
    int n = line_needs(s, f, counted, need, at);
    for (int j = 0; j < n; j++)
        for (int back = 0; back < 3; back++)
            for (int dir = 1; dir <= 2; dir++) {
                int step = dir == 1 ? 1 : W, start = at[j] - back * step;
                const uint16_t *t = need + start;
                if (!line_fits(t, step, k, reach, fresh)) continue;
                int sum = t[0] + t[step] + t[2 * step];
                options |= 1 << ((sum & 7) * 4 + ((sum >> 3) & 7) + ((sum >> 6) & 7));
                if (first) {
                    int *wit = s->line_wit[f];
                    wit[0] = start % W + s->x0 - 2;
                    wit[1] = start / W + s->y0 - 2;
                    wit[2] = dir;
                    return options;
                }
            }
    return options;
}

/* Bounder.line_possible: whether a line of three dice of fruit f can still be in the orchard at
 * the end, with `k` cards to play that lay at most `reach` trees of f on one line between them
 * and make at most `fresh` new dice of f: one on squares bare now, or one through a die or a bare
 * tree of f whose squares' needs (line_need_of) the cards can meet. Past the first test every line
 * that can be has a square of the layer that needs at most one cell: the needs of the layer and
 * two squares around it are worked out once, and the lines through those squares are tried */
static int line_possible(Core *s, int f, int counted, int k, int reach, int fresh) {
    if (k >= 2 && reach >= 6 && fresh >= 3) return 1;
    int *wit = s->line_wit[f];
    if (wit[2]) {  /* the line found last time first: positions searched one after another differ little */
        uint16_t three[3];
        for (int i = 0; i < 3; i++) {
            int x = wit[0] + (wit[2] == 1 ? i : 0), y = wit[1] + (wit[2] == 1 ? 0 : i);
            int off = x < s->x0 || x > s->x1 || y < s->y0 || y > s->y1;  /* (off the layer: empty) */
            three[i] = off ? LINE_TWO : s->line_need[counted != 0][f][s->grid[y * GW + x]];
        }
        if (line_fits(three, 1, k, reach, fresh)) return 1;
    }
    return line_scan(s, f, counted, k, reach, fresh, 1) != 0;
}

/* The ways line_possible() sees to a line of three dice of fruit f at the end, as the cheapest
 * options (o, w) (bit o * 4 + w, none cheaper in both): o new dice on bare trees of f (ones) and
 * w on other squares (twos and threes); MET_LINE's options */
static int line_options(Core *s, int f, int counted, int k, int reach, int fresh) {
    int options = k >= 2 && reach >= 6 && fresh >= 3 ? 1 << 3 : 0;  /* (three squares bare now) */
    options |= line_scan(s, f, counted, k, reach, fresh, 0);
    int cheapest = 0;
    for (int o = 0; o <= 3; o++)
        for (int w = 0; o + w <= 3; w++) {
            if (!(options >> (o * 4 + w) & 1)) continue;
            int beaten = 0;
            for (int o2 = 0; o2 <= o && !beaten; o2++)
                for (int w2 = 0; w2 <= w; w2++)
                    if ((o2 != o || w2 != w) && options >> (o2 * 4 + w2) & 1) { beaten = 1; break; }
            if (!beaten) cheapest |= 1 << (o * 4 + w);
        }
    return cheapest;
}

/* Bounder.recipes_bound: an upper bound on what the recipes add at the end of any game from
 * here (`gains`: per fruit, the knapsack's bound on what its dice can still add, with the die
 * the wheelbarrow may free) */
static int recipes_bound_of(Core *s, const int *gains, Doubled *dd) {
    int k = to_play(s), covers[NFR] = {0}, nvals[NFR] = {0}, vmax[NFR] = {0}, totals[NFR] = {0}, sums[NFR] = {0};
    int reach[NFR] = {0}, tops[NFR] = {0}, topped[NFR] = {0}, barrow = -1;
    for (int i = 0; i < k; i++)
        for (int f = 0; f < s->nfruits; f++) {
            covers[f] += s->card_cells[card_at(s, i)][f];
            reach[f] += s->line_reach[card_at(s, i)][f];
            tops[f] += s->card_top[card_at(s, i)][f];
            topped[f] += s->card_top[card_at(s, i)][f] > 0;
        }
    for (int f = 0; f < s->nfruits; f++)
        for (int v = 1; v < WHEELBARROW; v++) {  /* (the wheelbarrow on a clearing apart: below) */
            int n = s->dice[f][v][0] + s->dice[f][v][1];
            if (!n) continue;
            nvals[f] += n;
            totals[f] += n * v;
            sums[f] += s->dice[f][v][1] * v;
            vmax[f] = v;
        }
    if (s->wb)  /* the wheelbarrow, if it is in the orchard (the squirrel may have taken it) */
        for (int y = s->y0; y <= s->y1 && barrow < 0; y++)
            for (int x = s->x0; x <= s->x1; x++) {
                int c = s->grid[y * GW + x];
                if (die_of(c) == WHEELBARROW) {
                    barrow = (c >> 11) & 3;
                    if ((c & 3) != CLEARING) sums[barrow] += WHEELBARROW;
                    break;
                }
            }
    int spare = s->wb ? 0 : 1, wbx = s->wb ? 0 : WHEELBARROW - TOP_DIE, total = 0;
    /* per fruit, what no recipe changes: the new dice the cards can make, the highest a die can
     * show, and whether the wheelbarrow can still come */
    int fresh[NFR], high[NFR], can_wb = barrow >= 0;
    for (int f = 0; f < s->nfruits; f++) {
        /* a new die takes a die from the supply and a tree of the fruit on a bare tree of it,
         * or two (from two cards) on any other square (Bounder.recipe_max's most_dice) */
        int bare = view_bases(&s->fv[f], 1) + view_bases(&s->fv[f], 2), on_bare = bare < covers[f] ? bare : covers[f];
        fresh[f] = on_bare + (k >= 2 ? (covers[f] - on_bare) / 2 : 0);
        if (fresh[f] > s->supply[f] + spare) fresh[f] = s->supply[f] + spare;
        /* every die climbs at most once a card and once a tree of its fruit (a new one
         * starts at 0) */
        int climbs = k < covers[f] ? k : covers[f], starts[2], ns = 0;
        if (nvals[f]) starts[ns++] = vmax[f];  /* the highest die climbs furthest */
        if (covers[f] && s->supply[f] + spare) starts[ns++] = 0;
        high[f] = 0;
        for (int j = 0; j < ns; j++) {
            int v = starts[j], n = climbs;
            for (int i = 0; i < n; i++) v = step_up(v);
            if (v > high[f]) high[f] = v;
            if (!s->wb && !can_wb) {  /* a ten with a climb to spare brings the wheelbarrow */
                v = starts[j];
                while (n && v < TOP_DIE) { v = step_up(v); n--; }
                can_wb = v >= TOP_DIE && n;
            }
        }
        /* and each card raises a die at most by its largest tree of the fruit: the highest die
         * by all of them, a new one on a bare tree of the fruit (one card at least) or on a
         * square without one (two) from the tree's fruits (Bounder.recipe_max's highest) */
        int h = nvals[f] ? vmax[f] + tops[f] : 0, base = view_bases(&s->fv[f], 2) ? 2 : view_bases(&s->fv[f], 1) ? 1 : 0;
        if (s->supply[f] + spare && base && topped[f] >= 1 && base + tops[f] > h) h = base + tops[f];
        if (s->supply[f] + spare && topped[f] >= 2 && tops[f] > h) h = tops[f];
        if (shown(h) < high[f]) high[f] = shown(h);
    }
    for (int ri = 0; ri < s->nrec; ri++) {
        const Recipe *r = &s->rec[ri];
        int most[NFR] = {0};  /* the dice of each fruit that can be in play at the end, as the recipe counts them */
        for (int f = 0; f < s->nfruits; f++) most[f] = nvals[f] + fresh[f] + (r->counted && barrow == f);
        int sum_most = 0, any_enough = 0, any_three = 0, top = 0;
        for (int f = 0; f < s->nfruits; f++) {
            if (of_fruit(r->cf, f)) {
                sum_most += most[f];
                any_enough |= most[f] >= s->dice_per_fruit;
                if (r->cond == C_LINE3 && most[f] >= 3 && !any_three)
                    any_three = line_possible(s, f, r->counted, k, reach[f], fresh[f]);
                top += totals[f] + gains[f] + (r->counted ? wbx + (barrow == f ? WHEELBARROW : 0) : 0);
            }
        }
        int ok = 1;
        switch (r->cond) {
        case C_SQUIRREL_UNUSED: ok = s->tokens_used == 0; break;
        case C_DICE_AT_LEAST: ok = sum_most >= r->cn; break;
        case C_ALL_IN_PLAY: ok = any_enough; break;
        case C_LINE3:
            ok = any_three;
            if (ok && dd && s->folds >= 3 && r->reward == R_POINTS && r->cf >= 0 && !dd->fold[r->cf] &&
                !dd->line[r->cf]) {
                int f = r->cf;
                dd->on = 1;
                dd->line[f] = r->rn;
                dd->lk = k;
                dd->lreach[f] = reach[f];
                dd->lfresh[f] = fresh[f];
                dd->lcounted[f] = r->counted;
                dd->part += r->rn;
                dd->cpart += r->rn;
            }
            break;
        case C_EACH_AT_LEAST:
            for (int f = 0; f < s->nfruits; f++)
                ok &= high[f] >= r->cn || (r->counted && barrow == f && WHEELBARROW >= r->cn);
            if (ok && dd && s->folds >= 4 && r->reward == R_POINTS && r->counted && !dd->salad && r->cn > 1) {
                int met = 0;
                for (int f = 0; f < s->nfruits; f++) met |= (vmax[f] >= r->cn || barrow == f) << f;
                if (met != (1 << s->nfruits) - 1) {
                    dd->on = 1;
                    dd->salad = r->rn;
                    dd->high = r->cn;
                    dd->smet = met;
                    dd->part += r->rn;
                }
            }
            break;
        case C_WB_USED: ok = can_wb; break;
        case C_TOTAL_AT_LEAST: ok = top >= r->cn; break;
        }
        if (!ok) continue;
        if (r->reward == R_POINTS) {
            total += r->rn;
            if (dd && s->folds && r->cond == C_ALL_IN_PLAY && r->cf >= 0 && !r->counted && !dd->line[r->cf] &&
                !dd->fold[r->cf]) {
                dd->on = 1;
                dd->fold[r->cf] += r->rn;
                dd->part += r->rn;
            }
            if (dd && s->folds > 1 && r->cond == C_WB_USED && !s->wb) {
                dd->on = 1;
                dd->barrow += r->rn;
                dd->part += r->rn;
            }
        } else if (r->reward == R_DOUBLE) {
            total += sums[r->rf] + gains[r->rf] + wbx;
            if (dd && s->doubled && r->counted) { dd->on = 1; dd->w[r->rf]++; dd->part += gains[r->rf] + wbx; }
        } else {
            int dice = 0;
            for (int f = 0; f < s->nfruits; f++) if (of_fruit(r->rf, f)) dice += most[f];
            total += r->rn * dice;
        }
    }
    return total;
}

/* the recipes' bound for the position as it is (0 without recipes) */
static int recipes_bound(Core *s, Doubled *dd) {
    if (!s->nrec) return 0;
    int units[NFR], gains[NFR] = {0}, k = to_play(s);
    if (s->rec_gains) {  /* (only a fruit's total and a doubled fruit read theirs) */
        cells_left(s, units);
        int with, whole = celled(units, k);
        for (int f = 0; f < s->nfruits; f++)
            if (s->rec_gains >> f & 1) gains[f] = fruit_gain(s, f, s->wb ? 0 : 1, units[f], k, whole, &with);
    }
    return recipes_bound_of(s, gains, dd);
}

static inline const int32_t *cred_of(Core *s, int later) {
    int conf = later * 4 + s->wb * 2 + (s->tokens_used < s->tokens);
    return s->cred + (size_t)conf * NCODES * NK;
}

/* The slot bound's scans run on a window over the visible squares with a margin of two (every
 * anchor at which a card covers some of them, and beyond: empty table), one plane of 16-bit
 * credits per cell kind, built for a position and `later` (build_window), or shared by the
 * children of one position (share_window), and summed six rows at a time, which the compiler
 * turns into vector instructions. A square no card may cover holds
 * WSENT: Core_init refuses credits beyond WCREDIT_MAX, so a sum with a WSENT in it is below 0
 * (and six of them stay within 16 bits), where a reach is at least 0. */

static inline int conf_of(Core *s, int later) { return later * 4 + s->wb * 2 + (s->tokens_used < s->tokens); }

/* the credits of the grid's squares from (wx0, wy0), w x h, into the planes `pl` */
static void fill_window(Core *s, int16_t (*pl)[WH * WW], int conf, int wx0, int wy0, int w, int h) {
    const int16_t *W = s->wcred + (size_t)conf * NCODES * 8;
    for (int y = 0; y < h; y++) {  /* each square's code read once, its seven credits written */
        const uint16_t *g = s->grid + (wy0 + y) * GW + wx0;
        int at = y * WW;
        for (int x = 0; x < w; x++) {
            const int16_t *c = W + (size_t)g[x] * 8;
            pl[0][at + x] = c[0]; pl[1][at + x] = c[1]; pl[2][at + x] = c[2];
            pl[3][at + x] = c[3]; pl[4][at + x] = c[4]; pl[5][at + x] = c[5];
            pl[6][at + x] = c[6];
        }
    }
}

static void build_window(Core *s, int later) {
    fill_window(s, s->win, conf_of(s, later), s->x0 - 2, s->y0 - 2, s->x1 - s->x0 + 5, s->y1 - s->y0 + 5);
    s->win_later = later;
    s->win_ok = 1;
}

/* the window shared by the children of the position one level up, brought to this one, or NULL
 * (at the root; `later` above 1; this move changed the wheelbarrow or the squirrels left) */
static Shared *share_window(Core *s, int later) {
    int d = s->cs.depth;
    if (d < 1 || later > 1) return NULL;
    const int *pb = s->bbox[d - 1];
    int conf = conf_of(s, later);
    if ((conf & 3) != pb[4]) return NULL;
    Shared *w = &s->shared[later];
    const Step *st = &s->path[d - 1];
    const Orient *or_ = &s->orient[st->card][st->orient];
    if (w->owner != s->visit[d - 1] || w->conf != conf) {
        w->owner = s->visit[d - 1];
        w->conf = conf;
        w->wx0 = pb[0] - 4;
        w->wy0 = pb[2] - 4;
        fill_window(s, w->p, conf, w->wx0, w->wy0, pb[1] - pb[0] + 9, pb[3] - pb[2] + 9);
    } else if (w->at != s->visit[d]) {
        /* every square shows the parent's layer but the last child's six: those, and this
         * move's, are read from the grid again */
        const int16_t *W = s->wcred + (size_t)conf * NCODES * 8;
        for (int j = 0; j < 12; j++) {
            int p = j < 6 ? w->dirty[j] : st->anchor + or_->off[j - 6];
            int at = (p / GW - w->wy0) * WW + p % GW - w->wx0;
            const int16_t *c = W + (size_t)s->grid[p] * 8;
            for (int kk = 0; kk < NK; kk++) w->p[kk][at] = c[kk];
        }
    }
    for (int i = 0; i < 6; i++) w->dirty[i] = st->anchor + or_->off[i];
    w->at = s->visit[d];
    return w;
}

/* Engine.slot_reach: the most `card` is credited (on the credits for `later` cards to come)
 * by a placement anywhere, at least 0 */
static int slot_reach_in(Core *s, int card, int later, int16_t (*pl)[WH * WW], int wx0, int wy0);

static int slot_reach(Core *s, int card, int later) {
    Shared *sw = share_window(s, later);
    if (sw) {
        int v = slot_reach_in(s, card, later, sw->p, sw->wx0, sw->wy0);
        if (s->checking) {  /* check_windows(): the same as on a window built afresh */
            build_window(s, later);
            s->shared_reads++;
            s->shared_wrong += v != slot_reach_in(s, card, later, s->win, s->x0 - 2, s->y0 - 2);
        }
        return v;
    }
    if (!s->win_ok || s->win_later != later) build_window(s, later);
    return slot_reach_in(s, card, later, s->win, s->x0 - 2, s->y0 - 2);
}

/* the most `card` is credited on the planes `pl` (first square (wx0, wy0)) by an anchor at which
 * it covers some square of the rectangle (rx0, ry0)-(rx1, ry1); at least 0 */
static inline int scan_rect(Core *s, int card, int16_t (*pl)[WH * WW], int wx0, int wy0, int rx0, int rx1,
                            int ry0, int ry1) {
    int best = 0;
    for (int o = 0; o < s->norient[card]; o++) {
        const Orient *or_ = &s->orient[card][o];
        /* anchors (ax, ay) from (rx0 - w + 1, ry0 - h + 1) to (rx1, ry1) */
        int bx = rx0 - or_->w + 1 - wx0, by = ry0 - or_->h + 1 - wy0;
        int nx = rx1 - rx0 + or_->w, ny = ry1 - ry0 + or_->h;
        const int16_t *r[6];
        for (int i = 0; i < 6; i++) r[i] = pl[or_->k[i]] + (by + or_->dy[i]) * WW + bx + or_->dx[i];
        int16_t top = 0;
        for (int ay = 0; ay < ny; ay++) {
            const int16_t *r0 = r[0] + ay * WW, *r1 = r[1] + ay * WW, *r2 = r[2] + ay * WW;
            const int16_t *r3 = r[3] + ay * WW, *r4 = r[4] + ay * WW, *r5 = r[5] + ay * WW;
            for (int x = 0; x < nx; x++) {
                int16_t t = (int16_t)(r0[x] + r1[x] + r2[x] + r3[x] + r4[x] + r5[x]);
                top = t > top ? t : top;
            }
        }
        if (top > best) best = top;
    }
    return best;
}

/* slot_reach on the planes `pl`, whose first square is (wx0, wy0) */
static int slot_reach_in(Core *s, int card, int later, int16_t (*pl)[WH * WW], int wx0, int wy0) {
    const int32_t *T = cred_of(s, later);
    int best = scan_rect(s, card, pl, wx0, wy0, s->x0, s->x1, s->y0, s->y1);
    for (int o = 0; o < s->norient[card]; o++) {  /* on empty table */
        const Orient *or_ = &s->orient[card][o];
        int e = T[or_->k[0]] + T[or_->k[1]] + T[or_->k[2]] + T[or_->k[3]] + T[or_->k[4]] + T[or_->k[5]];
        if (e > best) best = e;
    }
    return best;
}

/* Bounder.later: every card to play on the credits for the cards after the first */
static void later_credits(Core *s, Later *L) {
    if (L->have) return;
    int k = to_play(s);
    L->total = 0;
    L->unit = s->unit[k - 1];
    for (int i = 0; i < k; i++) L->total += L->per[i] = slot_reach(s, card_at(s, i), k - 1);
    L->have = 1;
}

/* Bounder.slots worked out in full */
static int slots_full(Core *s, Later *L, int need) {
    later_credits(s, L);
    if (need != NONE && L->total / L->unit <= need) return L->total / L->unit;
    int best = 0;
    for (int i = 0; i < s->nhand; i++) {
        int v = (slot_reach(s, s->hand[i], 0) * L->unit + L->total - L->per[i]) / L->unit;
        if (v > best) best = v;
    }
    return best;
}

/* Bounder.slots from above, at a fraction of the cost, or NONE when that is above `need` (or the
 * parent left nothing that fits): the parent left each card's reach on its own layer (hint),
 * and only the anchors that cover a square the move changed are credited differently now
 * (every other one lies on the same squares with the same credits, or on empty table only, as
 * one did before). So each card's reach is at most the larger of its reach before the move and
 * its best anchor on the move's rectangle (on the window siblings share); the later pass and
 * the pass for now are then bounded as in slots_full(). */
static int quick_slots(Core *s, int need) {
    int d = s->cs.depth;
    if (d < 1) return NONE;
    const Hint *h = &s->hint[d - 1];
    int k = to_play(s), later = k - 1;
    if (!h->ok || h->bits != conf_of(s, 0)) return NONE;
    Shared *w = share_window(s, later);
    if (!w) return NONE;
    const Step *st = &s->path[d - 1];
    const Orient *fo = &s->orient[st->card][st->orient];
    int fx = st->anchor % GW, fy = st->anchor / GW, fx1 = fx + fo->w - 1, fy1 = fy + fo->h - 1;
    int unit = s->unit[later], total = 0, per[MAXCARDS];
    for (int i = 0; i < k; i++) {
        int c = card_at(s, i), t = scan_rect(s, c, w->p, w->wx0, w->wy0, fx, fx1, fy, fy1);
        total += per[i] = t > h->reach[c] ? t : h->reach[c];
    }
    if (total / unit <= need) return total / unit;
    Shared *w0 = share_window(s, 0);
    if (!w0) return NONE;
    int best = NONE;
    for (int i = 0; i < s->nhand; i++) {
        int c = s->hand[i], t = scan_rect(s, c, w0->p, w0->wx0, w0->wy0, fx, fx1, fy, fy1);
        if (t < h->now[c]) t = h->now[c];
        int v = (t * unit + total - per[i]) / unit;
        if (v > best) best = v;
    }
    return best <= need ? best : NONE;
}

/* Bounder.slots: the quick way first, where it cuts */
static int slots(Core *s, Later *L, int need) {
    if (need != NONE && !L->have) {
        int q = quick_slots(s, need);
        if (q != NONE) {
            if (s->checking) {  /* check_windows(): never below slots() worked out in full */
                Later full = {0};
                s->shared_reads++;
                s->shared_wrong += q < slots_full(s, &full, NONE);
            }
            return q;
        }
    }
    return slots_full(s, L, need);
}

/* the children's hint (quick_slots), where they will work out slots */
static void leave_hint(Core *s, int k) {
    Hint *h = &s->hint[s->cs.depth];
    h->ok = 0;
    if (k - 1 < 2 || k - 1 > s->slot_cards) return;
    h->bits = conf_of(s, 0);
    for (int i = 0; i < k; i++) h->reach[card_at(s, i)] = slot_reach(s, card_at(s, i), k - 2);
    int m = k < 3 ? k : 3;  /* the children's hand cards are among the first three */
    for (int i = 0; i < m; i++) h->now[card_at(s, i)] = slot_reach(s, card_at(s, i), 0);
    h->ok = 1;
}

/* Bounder.future, with the knapsack already worked out: `total` is it plus `bonus`, the
 * recipes' bound */
static int future_from(Core *s, Later *L, int need, int total, int bonus) {
    int k = to_play(s);
    if (need != NONE && total > need && k >= 1 && k <= s->slot_cards) {
        int v = slots(s, L, need - bonus) + bonus;
        if (v < total) total = v;
    }
    return total;
}

static int future(Core *s, Later *L, int need) {
    int bonus = recipes_bound(s, NULL);
    return future_from(s, L, need, knapsack(s) + bonus, bonus);
}

/* ------------------------------------------------------------------ moves */

struct Resolved {
    int pos[6];
    uint16_t old[6], new_[6];
    int tree_dice, tokens_used, wb, supply[NFR];
    int laid;  /* the cells where the move lays a squirrel, a bit each */
    Wants w;  /* the squares that want a new die */
};

/* GroveEngine._resolve, without the new dice */
static void resolve(Core *s, const MoveRec *m, Resolved *r) {
    const Orient *or_ = &s->orient[m->card][m->orient];
    r->tree_dice = s->tree_dice;
    r->tokens_used = s->tokens_used;
    r->wb = s->wb;
    memcpy(r->supply, s->supply, sizeof r->supply);
    r->w.n = 0;
    r->laid = 0;
    for (int i = 0; i < 6; i++) {
        int p = m->anchor + or_->off[i], f = or_->f[i], n = or_->n[i], c = s->grid[p];
        int nw = f | n << 2;
        r->pos[i] = p;
        r->old[i] = (uint16_t)c;
        if (c) {
            int uf = c & 3, d = die_of(c), df = (c >> 11) & 3, on_tree = uf != CLEARING;
            if (f != CLEARING && ((on_tree && uf != f) || (!on_tree && d && df != f))) {
                /* the squirrel: what lay here leaves the orchard */
                if (d) {
                    if (d != WHEELBARROW) r->supply[df]++;
                    if (on_tree) r->tree_dice -= d;
                }
                nw |= SQUIRREL << 4;
                r->tokens_used++;
                r->laid |= 1 << i;
            } else if (f == CLEARING) {
                if (d) {
                    nw |= d << 6 | df << 11;
                    if (on_tree) r->tree_dice -= d;
                }
            } else if (d) {
                int v;
                if (d == WHEELBARROW) v = WHEELBARROW;
                else if (d == TOP_DIE) {
                    if (!r->wb) { r->wb = 1; r->supply[df]++; v = WHEELBARROW; }
                    else v = TOP_DIE;
                } else v = shown(d + n);
                r->tree_dice += v - (on_tree ? d : 0);
                nw |= v << 6 | f << 11;
            } else if (on_tree) {
                r->w.f[r->w.n] = f;
                r->w.i[r->w.n] = i;
                r->w.v[r->w.n] = n + ((c >> 2) & 3);
                r->w.n++;
            }
        }
        r->new_[i] = (uint16_t)nw;
    }
}


/* the six squares' codes after the outcome `mask`, the new dice taken from `supply`; returns
 * the new dice's values */
static inline int outcome_squares(const Resolved *r, int mask, uint16_t *nw, int *supply) {
    int total = 0;
    memcpy(nw, r->new_, sizeof(uint16_t) * 6);
    for (int i = 0; i < r->w.n; i++)
        if (mask >> i & 1) {
            int f = r->w.f[i], v = r->w.v[i];
            nw[r->w.i[i]] |= (uint16_t)(v << 6 | f << 11);
            if (supply) supply[f]--;
            total += v;
        }
    return total;
}

/* whether the square showing `c` holds a die (or the wheelbarrow) on a tree: a squirrel next to it costs 1 */
static inline int tree_die(int c) { return c && die_of(c) && (c & 3) != CLEARING; }

/* GroveEngine._penalty after a move leaves `nw` on the squares of `r` (the squirrels: the
 * position's and those the move lays): read on the grid with the move's squares written in for
 * the while, and taken back (r->old: what the grid holds there) */
static int penalty_after(Core *s, const Resolved *r, const uint16_t *nw) {
    uint16_t *g = s->grid;
    for (int i = 0; i < 6; i++) g[r->pos[i]] = nw[i];
    int pen = 0;
    for (int j = 0, laid = r->laid; j < s->nsq || laid; j++) {
        int p;
        if (j < s->nsq) p = s->sq[j];
        else { p = r->pos[__builtin_ctz(laid)]; laid &= laid - 1; }
        pen += 1 + tree_die(g[p + 1]) + tree_die(g[p - 1]) + tree_die(g[p + GW]) + tree_die(g[p - GW]);
    }
    for (int i = 5; i >= 0; i--) g[r->pos[i]] = r->old[i];
    return pen;
}

/* the gain of the outcome `mask` of a resolved move. The penalty changes only on the move's
 * squares, by the squirrels next to each (near) where a die on a tree comes or goes, unless the
 * move lays a squirrel (penalty_after) */
static int outcome_gain(Core *s, const Resolved *r, int mask) {
    uint16_t nw[6];
    int td = r->tree_dice + outcome_squares(r, mask, nw, NULL), rise = 0;
    if (r->tokens_used != s->tokens_used) rise = penalty_after(s, r, nw) - s->penalty;
    else if (s->nsq)
        for (int i = 0; i < 6; i++) {
            int n = s->near[r->pos[i]];
            if (n) rise += n * (tree_die(nw[i]) - tree_die(r->old[i]));
        }
    return td - s->tree_dice - rise;
}

/* the best outcome of a resolved move: its gain, and its mask in *best_mask */
static int best_outcome(Core *s, const Resolved *r, int *best_mask) {
    Outcomes o;
    int best = NONE;
    outcomes_of(&r->w, r->supply, &o);
    for (int mask = 0; mask < o.top; mask++) {
        int use = outcome_mask(&r->w, &o, mask);
        if (use < 0) continue;
        int g = outcome_gain(s, r, use);
        if (g > best) { best = g; *best_mask = use; }
    }
    return best;
}

/* the placement of `card`'s orientation `o` at anchor `a`, onto tmp[n] if it is legal, with its
 * best gain; without `exact`, a placement the packed scan cannot score gets an upper bound on it.
 * With a `gate` not yet applied (`gated` 0), a legal placement its move cap cuts is dropped */
static inline int place(Core *s, MoveRec *tmp, int n, int card, int o, int a, int left, int exact, Gate *gate,
                        int gated) {
    const Orient *or_ = &s->orient[card][o];
    const uint16_t *g = s->grid + a;
    const uint64_t (*pk)[NCODES] = (const uint64_t (*)[NCODES])s->pk[s->wb];
    uint64_t v = pk[or_->k[0]][g[or_->off[0]]] + pk[or_->k[1]][g[or_->off[1]]] + pk[or_->k[2]][g[or_->off[2]]] +
                 pk[or_->k[3]][g[or_->off[3]]] + pk[or_->k[4]][g[or_->off[4]]] + pk[or_->k[5]][g[or_->off[5]]];
    if (!(v & 7) || (v & 070) || (int)((v >> P_MIS) & 7) > left) return n;
    if (gate && !gated) {
        int b = move_cap_at(s, gate->mc, card, o, a);
        if (b <= gate->need) {
            gate->dropped++;
            if (b > gate->open) gate->open = b;
            return n;
        }
    }
    if (n >= MAXMOVES) { s->cs.overflow = 1; return n; }
    tmp[n].card = (int16_t)card;
    tmp[n].orient = (int8_t)o;
    tmp[n].anchor = a;
    tmp[n].bound = 0;
    int near = 0;
    if (s->nsq) {  /* next to a squirrel, the penalty may change */
        const uint8_t *nr = s->near + a;
        near = nr[or_->off[0]] + nr[or_->off[1]] + nr[or_->off[2]] + nr[or_->off[3]] + nr[or_->off[4]] + nr[or_->off[5]];
    }
    int gain = near ? NONE : decode(s, v, 0, 0);
    if (gain == NONE) {
        if (exact) {
            Resolved r;
            int mask;
            resolve(s, &tmp[n], &r);
            gain = best_outcome(s, &r, &mask);
        } else {
            gain = decode(s, v, 1, near);
            tmp[n].bound = 1;
        }
    }
    tmp[n].gain = gain;
    return n + 1;
}

/* whether the move cap of every placement of hand card `hi`'s orientation `o` is at most the
 * gate's need: the layer cap with that card's caps those of the orientation (layer_caps_of);
 * then the gate counts the orientation as skipped, its bound open */
static inline int orient_cut(Core *s, Gate *gate, int hi, int o) {
    MoveCap *mc = gate->mc;
    uint64_t per = s->cap_orient[s->cs.depth][hi][o];
    int caps[NCAPS];
    for (int c = 0; c < NCAPS; c++) caps[c] = mc->others[hi][c] + (int)(per >> 8 * c & 255);
    int b = split_with(s, mc->V, &mc->sp, caps, gate->need);
    if (b > gate->need) return 0;
    gate->skipped++;
    if (b > gate->open) gate->open = b;
    return 1;
}

/* every legal placement of the hand cards with its best gain (`exact`) or an upper bound on it
 * where the packed scan cannot tell (place), best first (stable: ties in the order of
 * Engine.children); with a `gate`, those its move cap cuts are only counted (Gate) */
static int gen_moves_gated(Core *s, MoveRec *out, int exact, Gate *gate) {
    static MoveRec tmp[MAXMOVES];
    /* per shape of an orientation (w x h, 1 to 3 each) and row, the anchors whose placement covers
     * a visible square, worked out once a call for the shapes that come up: from the rows it covers */
    static __uint128_t shape_at[9][GW];
    int n = 0, left = s->tokens - s->tokens_used, shaped[9] = {0};
    for (int hi = 0; hi < s->nhand; hi++) {
        int card = s->hand[hi];
        for (int o = 0; o < s->norient[card]; o++) {
            const Orient *or_ = &s->orient[card][o];
            if (gate && orient_cut(s, gate, hi, o)) continue;
            /* the counts layer_caps() kept for the gate, per anchor, where it ran on this position */
            int ww = s->x1 - s->x0 + 3 + 2 * CAP_PAD, k = to_play(s);
            const uint64_t *win = gate && k <= KWIN && s->kwin_visit[k] == s->visit[s->cs.depth]
                                  ? s->kwin[k] + (size_t)((hi * 4 + o) * ww * (s->y1 - s->y0 + 3 + 2 * CAP_PAD)) : NULL;
            int sh = (or_->w - 1) * 3 + or_->h - 1;
            if (!shaped[sh]) {
                for (int ay = s->y0 - or_->h + 1; ay <= s->y1; ay++) {
                    __uint128_t rows = 0, at = 0;
                    for (int dy = 0; dy < or_->h; dy++) rows |= s->occ[ay + dy];
                    for (int dx = 0; dx < or_->w; dx++) at |= rows >> dx;
                    shape_at[sh][ay] = at;
                }
                shaped[sh] = 1;
            }
            for (int ay = s->y0 - or_->h + 1; ay <= s->y1; ay++) {
                const uint64_t *wrow = win ? win + (ay - s->y0 + 2 + CAP_PAD) * ww - s->x0 + 2 + CAP_PAD : NULL;
                __uint128_t at = shape_at[sh][ay];
                /* with the counts layer_caps() kept, the gate first, on each anchor (its memo read in
                 * registers, Gate's counts added once a row): a placement it cuts is not looked at
                 * further (legal or not), its bound left open; else place() tries the move cap on
                 * each legal placement */
                const int *memo = wrow ? gate->mc->memo[hi] : NULL;
                int need = gate ? gate->need : 0, skipped = 0, open = NONE;
                for (int half = 0; half < 2; half++) {  /* (the anchors 64 at a time) */
                    uint64_t bits = (uint64_t)(at >> 64 * half);
                    while (bits) {
                        int ax = 64 * half + __builtin_ctzll(bits);
                        bits &= bits - 1;
                        if (memo) {
                            uint64_t cv = wrow[ax];
                            int b = memo[mcap_index((int)(cv & 255), (int)(cv >> 8 & 255), (int)(cv >> 16 & 255))];
                            if (b == MCAP_UNKNOWN) {
                                int cnt[NFR] = {(int)(cv & 255), (int)(cv >> 8 & 255), (int)(cv >> 16 & 255)};
                                b = move_cap_of(s, gate->mc, hi, cnt);
                            }
                            if (b <= need) {
                                skipped++;
                                open = b > open ? b : open;
                                continue;
                            }
                        }
                        n = place(s, tmp, n, card, o, ay * GW + ax, left, exact, gate, memo != NULL);
                    }
                }
                if (memo) {
                    gate->skipped += skipped;
                    if (open > gate->open) gate->open = open;
                }
            }
        }
    }
    return sort_moves(tmp, out, n);
}

static int gen_moves(Core *s, MoveRec *out, int exact) { return gen_moves_gated(s, out, exact, NULL); }

typedef struct {
    int x0, x1, y0, y1, hand[2], nhand, drawn, tokens_used, wb, tree_dice, penalty, nsq, supply[NFR];
    uint64_t zh;
} Saved;

/* the hand once `card` is played from it (the other card, then the next one drawn): into hand,
 * with *drawn moved on; returns its size */
static inline int hand_after(const Core *s, int card, int *hand, int *drawn) {
    int other = -1, n = 0;
    for (int i = 0; i < s->nhand; i++)
        if (s->hand[i] != card) other = s->hand[i];
    if (other >= 0) hand[n++] = other;
    if (*drawn < s->ncards) hand[n++] = (*drawn)++;
    return n;
}

static inline void set_near(Core *s, int p, int by) {
    s->near[p + 1] += by; s->near[p - 1] += by; s->near[p + GW] += by; s->near[p - GW] += by;
}

/* GroveEngine._penalty on the layer as it is */
static int penalty_now(Core *s) {
    int pen = 0;
    for (int j = 0; j < s->nsq; j++) {
        int p = s->sq[j];
        pen++;
        const int nb[4] = {p + 1, p - 1, p + GW, p - GW};
        for (int q = 0; q < 4; q++) {
            int c = s->grid[nb[q]];
            pen += tree_die(c);
        }
    }
    return pen;
}

static void apply(Core *s, const MoveRec *m, const Resolved *r, int mask, Saved *sv) {
    s->win_ok = 0;
    sv->x0 = s->x0; sv->x1 = s->x1; sv->y0 = s->y0; sv->y1 = s->y1;
    memcpy(sv->hand, s->hand, sizeof s->hand);
    sv->nhand = s->nhand; sv->drawn = s->drawn; sv->tokens_used = s->tokens_used; sv->wb = s->wb;
    sv->tree_dice = s->tree_dice; sv->penalty = s->penalty; sv->nsq = s->nsq; sv->zh = s->zh;
    memcpy(sv->supply, s->supply, sizeof s->supply);
    uint16_t nw[6];
    memcpy(s->supply, r->supply, sizeof s->supply);
    s->tree_dice = r->tree_dice + outcome_squares(r, mask, nw, s->supply);
    s->tokens_used = r->tokens_used;
    s->wb = r->wb;
    for (int i = 0; i < 6; i++) {
        int p = r->pos[i];
        tally(s, r->old[i], -1);
        tally(s, nw[i], 1);
        if (r->old[i]) s->zh ^= key_zob(p, r->old[i]);
        s->zh ^= key_zob(p, nw[i]);
        s->grid[p] = nw[i];
        s->occ[p / GW] |= (__uint128_t)1 << (p % GW);
        if ((nw[i] >> 4 & 3) == SQUIRREL && (r->old[i] >> 4 & 3) != SQUIRREL) {
            s->sq[s->nsq++] = p;
            set_near(s, p, 1);
        }
        int x = p % GW, y = p / GW;
        stretch(&s->x0, &s->x1, x);
        stretch(&s->y0, &s->y1, y);
    }
    if (s->nsq) s->penalty = penalty_now(s);
    s->nhand = hand_after(s, m->card, s->hand, &s->drawn);
}

static void undo(Core *s, const Resolved *r, const Saved *sv) {
    s->win_ok = 0;
    for (int j = s->nsq - 1; j >= sv->nsq; j--) set_near(s, s->sq[j], -1);
    for (int i = 5; i >= 0; i--) {
        int p = r->pos[i];
        tally(s, s->grid[p], -1);
        tally(s, r->old[i], 1);
        s->grid[p] = r->old[i];
        if (!r->old[i]) s->occ[p / GW] &= ~((__uint128_t)1 << (p % GW));
    }
    s->x0 = sv->x0; s->x1 = sv->x1; s->y0 = sv->y0; s->y1 = sv->y1;
    memcpy(s->hand, sv->hand, sizeof s->hand);
    s->nhand = sv->nhand; s->drawn = sv->drawn; s->tokens_used = sv->tokens_used; s->wb = sv->wb;
    s->tree_dice = sv->tree_dice; s->penalty = sv->penalty; s->nsq = sv->nsq; s->zh = sv->zh;
    memcpy(s->supply, sv->supply, sizeof s->supply);
}

static void set_step(Step *st, const MoveRec *m, const Resolved *r, int mask) {
    int get[NFR], fmask[NFR];
    share_counts(&r->w, r->supply, get, fmask);
    st->card = m->card; st->orient = m->orient; st->anchor = m->anchor;
    st->dflt = mask == default_mask(&r->w, get);
    st->nchosen = 0;
    for (int i = 0; i < r->w.n; i++) {  /* the squares given dice of a fruit that ran short */
        int f = r->w.f[i];
        if ((mask >> i & 1) && get[f] < pop6((unsigned)fmask[f])) st->chosen[st->nchosen++] = r->pos[r->w.i[i]];
    }
}

/* a new best line: the path so far, and `extra` steps after it */
static void record(Core *s, int score, int extra) {
    s->cs.best = score;
    s->cs.nline = s->cs.depth + extra;
    memcpy(s->line, s->path, sizeof(Step) * (size_t)s->cs.nline);
    s->cs.improved = 1;
}

/* ------------------------------------------------------------------ search */

static inline uint64_t key_of(Core *s) { return s->zh ^ hand_key(s); }

/* a position where no card can be placed: the game is over (the recipes score) */
static int game_over(Core *s, int cur, uint64_t key, int *exact) {
    int v = s->nrec ? recipe_bonus(s) : 0;
    if (cur + v > s->cs.best) record(s, cur + v, 0);
    tt_store(s->tt, s->tt_mask, key, v, 1, to_play(s) + 1);
    *exact = 1;
    return v;
}

static void apply(Core *s, const MoveRec *m, const Resolved *r, int mask, Saved *sv);
static void undo(Core *s, const Resolved *r, const Saved *sv);

/* the last card to play with recipes (Searcher.last): placements best first, each finished (its
 * recipe bonus on the final layer) until `bonus`, the bound on the recipes, cannot close the gap */
static int last_recipes(Core *s, int cur, uint64_t key, int need, int bonus, const MoveRec *mv, int n, int *exact) {
    int depth = to_play(s) + 1, best_v = NONE, best_i = -1, best_mask = 0;
    for (int i = 0; i < n; i++) {
        const MoveRec *m = &mv[i];
        if (best_v != NONE && m->gain + bonus <= best_v) break;
        if (m->gain + bonus <= need) {  /* nothing left can beat `need`: a bound is enough */
            int value = best_v > m->gain + bonus ? best_v : m->gain + bonus;
            tt_store(s->tt, s->tt_mask, key, value, 0, depth);
            *exact = 0;
            return value;
        }
        Resolved r;
        Outcomes o;
        resolve(s, m, &r);
        outcomes_of(&r.w, r.supply, &o);
        for (int mask = 0; mask < o.top; mask++) {
            int use = outcome_mask(&r.w, &o, mask);
            if (use < 0) continue;
            int g = outcome_gain(s, &r, use);
            if (best_v != NONE && g + bonus <= best_v) continue;
            Saved sv;
            apply(s, m, &r, use, &sv);
            int v = g + recipe_bonus(s);
            undo(s, &r, &sv);
            if (v > best_v) { best_v = v; best_i = i; best_mask = use; }
        }
    }
    if (cur + best_v > s->cs.best) {
        Resolved r;
        resolve(s, &mv[best_i], &r);
        set_step(&s->path[s->cs.depth], &mv[best_i], &r, best_mask);
        record(s, cur + best_v, 1);
    }
    tt_store(s->tt, s->tt_mask, key, best_v, 1, depth);
    *exact = 1;
    return best_v;
}

/* the last card to play; `ub`: the knapsack's bound (and the recipes') */
static int last(Core *s, int cur, uint64_t key, int need, int ub, int *exact) {
    int depth = to_play(s) + 1;
    if (ub <= need) { tt_store(s->tt, s->tt_mask, key, ub, 0, depth); *exact = 0; return ub; }
    MoveRec *mv = s->moves[s->cs.depth];
    int n = gen_moves(s, mv, 0);
    s->cs.nodes += n;
    if (!n) return game_over(s, cur, key, exact);
    if (s->nrec) return last_recipes(s, cur, key, need, recipes_bound(s, NULL), mv, n, exact);
    /* best first: a move with only a bound on its gain is worked out when that bound comes first */
    int g = NONE, bi = 0, mask = 0;
    for (int i = 0; i < n && mv[i].gain > g; i++) {
        if (!mv[i].bound) { g = mv[i].gain; bi = i; break; }
        Resolved r;
        int use = 0;
        resolve(s, &mv[i], &r);
        int got = best_outcome(s, &r, &use);
        if (got > g) { g = got; bi = i; }
    }
    if (cur + g > s->cs.best) {
        Resolved r;
        resolve(s, &mv[bi], &r);
        best_outcome(s, &r, &mask);
        set_step(&s->path[s->cs.depth], &mv[bi], &r, mask);
        record(s, cur + g, 1);
    }
    tt_store(s->tt, s->tt_mask, key, g, 1, depth);
    *exact = 1;
    return g;
}

static int dfs(Core *s, int cur, int *exact);
static uint64_t child_key(Core *s, const MoveRec *m, const Resolved *r, int mask);

/* ------------------------------------------------------------------ the children's caps */

/* the layer as one outcome of a move leaves it, as the knapsack reads it: its squares, supply, its
 * fruits' views (FruitView), and the cells of its cards to play (cells_left) */
struct ChildView { uint16_t nw[6]; int supply[NFR]; FruitView v[NFR + 1]; int un[NFR]; };  /* (v[NFR]: view_step's spare) */

/* ChildView of the outcome `mask` of move `m` (`units`: cells_left here) */
static void child_view(Core *s, const MoveRec *m, const Resolved *r, int mask, const int *units, ChildView *cv) {
    for (int f = 0; f < NFR; f++) cv->un[f] = units[f] - s->card_cw[m->card][f];
    memcpy(cv->supply, r->supply, sizeof cv->supply);
    outcome_squares(r, mask, cv->nw, cv->supply);
    memcpy(cv->v, s->fv, sizeof cv->v);
    for (int i = 0; i < 6; i++) { view_step(cv->v, &s->vstep[r->old[i]], -1); view_step(cv->v, &s->vstep[cv->nw[i]], 1); }
}

/* The pattern of the new items a move of `card` in orientation `orient` made on the cells `set`
 * (a bit per cell of the orientation: trees, the items of their own fruit): for each card, the
 * anchors of each orientation whose placement lays cells on those items (an index into
 * pat_offs: the orientation, and the anchor's offset from the move's, two squares at most
 * either way) and the counts it lays there (cap_add per cell on an item of its fruit), an even
 * number of them (the last one again where needed). Worked out once a deal: the offset in
 * pat_hdr of (start, count) per card, or -1 out of memory */
static int pattern_of(Core *s, int card, int orient, int set) {
    int32_t *at = &s->pat_at[(card * 4 + orient) * 64 + set];
    if (*at >= 0) return *at;
    size_t nh = (size_t)s->ncards * 2, most = 4 * 25 + 1;
    if (s->pat_nhdr + nh > s->pat_cap_hdr) {
        size_t cap = (s->pat_cap_hdr + nh) * 2;
        int32_t *h = realloc(s->pat_hdr, cap * sizeof *h);
        if (!h) return -1;
        s->pat_hdr = h;
        s->pat_cap_hdr = cap;
    }
    const Orient *po = &s->orient[card][orient];
    int32_t *hdr = s->pat_hdr + s->pat_nhdr;
    for (int cd = 0; cd < s->ncards; cd++) {
        if (s->pat_nent + most > s->pat_cap_ent) {
            size_t cap = (s->pat_cap_ent + most) * 2;
            uint8_t *ix = realloc(s->pat_ix, cap * sizeof *ix);
            if (ix) s->pat_ix = ix;
            uint64_t *inc = realloc(s->pat_inc, cap * sizeof *inc);
            if (inc) s->pat_inc = inc;
            if (!ix || !inc) return -1;
            s->pat_cap_ent = cap;
        }
        int start = (int)s->pat_nent, n = 0;
        for (int o = 0; o < s->norient[cd]; o++) {
            uint64_t acc[25] = {0};
            const Orient *or_ = &s->orient[cd][o];
            for (int j = 0; j < 6; j++) {
                if (!(set >> j & 1)) continue;
                int f = po->f[j];
                for (int l = 0; l < 6; l++)
                    if (or_->f[l] == f) acc[(po->dy[j] - or_->dy[l] + 2) * 5 + po->dx[j] - or_->dx[l] + 2] += cap_add[f];
            }
            for (int a = 0; a < 25; a++)
                if (acc[a]) { s->pat_ix[start + n] = (uint8_t)(o * 25 + a); s->pat_inc[start + n] = acc[a]; n++; }
        }
        if (n & 1) { s->pat_ix[start + n] = s->pat_ix[start + n - 1]; s->pat_inc[start + n] = s->pat_inc[start + n - 1]; n++; }
        s->pat_nent += (size_t)n;
        hdr[cd * 2] = start;
        hdr[cd * 2 + 1] = n;
    }
    *at = (int32_t)s->pat_nhdr;
    s->pat_nhdr += nh;
    return *at;
}

/* The layer caps of the position one outcome of move `m` leaves (squares `nw`), from the position's
 * own windows (kwin; 0 where they are not there): a card's count at an anchor changes only where
 * the move changed a square, so it is at most the position's count there plus the card's cells
 * on the squares the move made dice or bare trees of a fruit they were not (new items: a tree
 * laid on an empty square, a die on a bare tree of another fruit's square...). Anchors that touch
 * none of those count at most the position's most (kmost); the others count the position's count
 * plus the new items' cells, from the pattern of the move's new items (pattern_of: those are
 * always some of its trees, of their own fruit; a new item lies at most two squares beyond the
 * visible ones, so its anchors are in the window, its CAP_PAD included, where the position counts
 * none). Never below the caps layer_caps() works out on that position (check: Core.check_cuts) */
static int child_caps(Core *s, const MoveRec *m, const Resolved *r, const uint16_t *nw, int *caps) {
    int k = to_play(s), W = s->x1 - s->x0 + 3 + 2 * CAP_PAD, H = s->y1 - s->y0 + 3 + 2 * CAP_PAD;
    long long visit = s->visit[s->cs.depth];
    if (k > KWIN || s->kwin_visit[k] != visit) return 0;
    const Orient *po = &s->orient[m->card][m->orient];
    int set = 0;
    for (int i = 0; i < 6; i++) {  /* the new items, a bit per cell */
        int f = s->ifruit[nw[i]];
        if (f < 0 || f == s->ifruit[r->old[i]]) continue;
        if (f != po->f[i]) return 0;  /* (never: only a tree makes a new item, of its fruit) */
        int x = r->pos[i] % GW - s->x0 + 2 + CAP_PAD, y = r->pos[i] / GW - s->y0 + 2 + CAP_PAD;
        if (x < 2 || x >= W || y < 2 || y >= H) return 0;  /* (never: a move covers a visible square) */
        set |= 1 << i;
    }
    int hdr = set ? pattern_of(s, m->card, m->orient, set) : 0;
    if (hdr < 0) return 0;
    if (set && s->pat_visit != visit) {  /* the patterns' offsets in this position's windows */
        for (int o = 0; o < 4; o++)
            for (int a = 0; a < 25; a++) s->pat_offs[o * 25 + a] = o * W * H + (a / 5 - 2) * W + a % 5 - 2;
        s->pat_visit = visit;
    }
    const int *offs = s->pat_offs;
    int base = (m->anchor / GW - s->y0 + 2 + CAP_PAD) * W + m->anchor % GW - s->x0 + 2 + CAP_PAD;
    uint64_t sum = 0;  /* (the cards' counts added byte by byte: at most KWIN cards of six cells, each byte under 256) */
    for (int i = 0; i < k; i++) {
        int cd = card_at(s, i);
        if (cd == m->card) continue;
        Most8 most = most8(most8_zero(), s->kmost[k][i]);
        if (set) {
            const uint64_t *w = s->kwin[k] + (size_t)(i * 4 * W * H) + base;
            const int32_t *h = s->pat_hdr + hdr + cd * 2;
            const uint8_t *ix = s->pat_ix + h[0];
            const uint64_t *inc = s->pat_inc + h[0];
            for (int t = 0; t < h[1]; t += 2) most = most8_2(most, w[offs[ix[t]]] + inc[t], w[offs[ix[t + 1]]] + inc[t + 1]);
        }
        sum += most8_get(most);
    }
    for (int c = 0; c < NCAPS; c++) caps[c] = (int)(sum >> 8 * c & 255);
    return 1;
}

/* check_cuts(): the position a child_capped() cut is played, and its own capped knapsack (without
 * a floor) held against that cut's bound, at or below the need (filter_wrong where not) */
static void apply(Core *s, const MoveRec *m, const Resolved *r, int mask, Saved *sv);
static void undo(Core *s, const Resolved *r, const Saved *sv);
static int capped_knapsack(Core *s, const Doubled *dd, int floor, CapTabs *ct);
/* what a square showing c adds to the dice on trees of the fruits `dd` doubles, as their recipes
 * score them (the wheelbarrow's 15 too), counted w - 1 times */
static inline int doubled_die(const Core *s, int c, const Doubled *dd) {
    int d = die_of(c), f = (c >> 11) & 3;
    return d && (c & 3) != CLEARING && f < s->nfruits ? d * (dd->w[f] - 1) : 0;
}

/* doubled_die() over the layer (check_cut) */
static int doubled_sums(const Core *s, const Doubled *dd) {
    int total = 0;
    for (int y = s->y0; y <= s->y1; y++)
        for (int x = s->x0; x <= s->x1; x++) total += doubled_die(s, s->grid[y * GW + x], dd);
    return total;
}

/* (`rise`: doubled_rise(), held against the doubled dice counted before and after the move) */
static void check_cut(Core *s, const MoveRec *m, const Resolved *r, int mask, int b, int need, const Doubled *dd,
                      int rise) {
    Saved sv;
    int before = dd ? doubled_sums(s, dd) : 0;
    apply(s, m, r, mask, &sv);
    s->cs.depth++;
    s->visit[s->cs.depth] = ++s->visits;
    /* (the fruits doubled as this position's: dd; but the salad's games apart with the fruits that
     * have a die high enough on the child's layer, as its own recipes' bound would have them. A
     * wheelbarrow the move makes is left out: child_capped() then adds the points, never less) */
    Doubled mine;
    if (dd && dd->salad) {
        mine = *dd;
        for (int f = 0; f < s->nfruits; f++)
            if (die_at_least((const int (*)[2])s->dice[f], dd->high)) mine.smet |= 1 << f;
        dd = &mine;
    }
    int own = capped_knapsack(s, dd, NONE, NULL);
    int after = dd ? doubled_sums(s, dd) : 0;
    s->cs.depth--;
    undo(s, r, &sv);
    if (own > b || own > need || after - before != rise) s->filter_wrong++;
}

/* the dice of each fruit (Core.dice) on the layer one outcome of a move leaves (cv) */
static void child_dice(Core *s, const Resolved *r, const ChildView *cv, int (*dice)[16][2]) {
    memcpy(dice, s->dice, sizeof s->dice);
    for (int i = 0; i < 6; i++) { dice_tally(dice, r->old[i], -1); dice_tally(dice, cv->nw[i], 1); }
}

/* fruit f's table (fruit_table_view, `met` as cell_table's) of the position one outcome of a move
 * leaves (cv): from the memo, else from that position's dice, worked out into `dice` the first time
 * a fruit needs them (*have) */
static inline void child_table(Core *s, const Resolved *r, const ChildView *cv, int f, int met, int (*dice)[16][2], int *have,
                        Table V) {
    if (fruit_table_view(s, &cv->v[f], NULL, cv->supply[f], cv->un[f], met, V)) return;
    if (!*have) { child_dice(s, r, cv, dice); *have = 1; }
    fruit_table_view(s, &cv->v[f], (const int (*)[2])dice[f], cv->supply[f], cv->un[f], met, V);
}

/* the fruits' tables (fruit_table_view) of the position one outcome of a move leaves (cv), with
 * whole cells only (else 0) */
static int child_tables(Core *s, const Resolved *r, const ChildView *cv, FruitTables V) {
    if (!celled(cv->un, to_play(s) - 1)) return 0;
    int dice[NFR][16][2], have = 0;
    for (int f = 0; f < s->nfruits; f++) child_table(s, r, cv, f, 0, dice, &have, V[f]);
    return 1;
}

/* child_tables() read in place: T[f] points at fruit f's table in the memo where it holds all of
 * them (most often: the tables a child's knapsack reads are then not copied, and most of those
 * children are cut by it), else at V[f], worked out there (0 without whole cells). The memo's
 * tables stay valid until it is next written (tables_copy() first) */
static int child_table_refs(Core *s, const Resolved *r, const ChildView *cv, FruitTables V, const int16_t **T) {
    if (!celled(cv->un, to_play(s) - 1)) return 0;
    for (int f = 0; f < s->nfruits; f++)
        if (!(T[f] = fruit_table_peek(s, &cv->v[f], cv->supply[f], cv->un[f], 0))) {
            /* (a miss writes the memo, maybe over a table found before: all of them copied) */
            child_tables(s, r, cv, V);
            for (int g = 0; g < s->nfruits; g++) T[g] = &V[g][0][0];
            return 1;
        }
    return 1;
}

/* the tables child_table_refs() points at, into V (before the memo is written again) */
static inline void tables_copy(const Core *s, const int16_t **T, FruitTables V) {
    for (int f = 0; f < s->nfruits; f++)
        if (T[f] != &V[f][0][0]) memcpy(V[f], T[f], sizeof(Table));
}

/* What the dice of the fruits a recipe doubles (Doubled: each counted w times) rise on trees with
 * one outcome of a move (cv), counted w - 1 times: the recipes' bound (recipes_bound_of) has the
 * position's dice there (sums, the wheelbarrow's 15 on a tree included) and leaves their rise to
 * the doubled tables, which a child's (child_capped) begin after the move */
static int doubled_rise(const Core *s, const Resolved *r, const ChildView *cv, const Doubled *dd) {
    int rise = 0;
    for (int i = 0; i < 6; i++) rise += doubled_die(s, cv->nw[i], dd) - doubled_die(s, r->old[i], dd);
    return rise;
}

/* the knapsack (knapsack_view, whole cells) from the tables child_table_refs() points at: each
 * table at its most cells is the fruit's cell_share() (V[0]) and its *with (V[1]); `wb`: the
 * wheelbarrow used */
static int tables_knapsack(const Core *s, const int16_t **T, int wb) {
    int total = 0, most = 0;
    for (int f = 0; f < s->nfruits; f++) {
        int v = T[f][TCELLS], d = T[f][TCELLS + 1 + TCELLS] - v;  /* (V[f][1][TCELLS]; TNONE: below 0) */
        total += v;
        if (d > most) most = d;
    }
    return wb ? total : total + most;
}

/* The capped knapsack of the position one outcome of move `m` leaves (cv), with child_caps()
 * for its caps, worked out here before it is played (`floor`: as capped_with's), from its tables
 * (child_tables(); doubled here as `dd` has them); NONE where it cannot be */
static int child_capped(Core *s, const MoveRec *m, const Resolved *r, const ChildView *cv, int floor, FruitTables V,
                        const Doubled *dd) {
    int caps[NCAPS];
    if (!child_caps(s, m, r, cv->nw, caps)) return NONE;
    int dice[NFR][16][2], have = 0;
    /* the salad recipe's games apart (split_with), as the position's fruits that have a die high
     * enough, but where the move makes the wheelbarrow (one of its fruit then: the points added) */
    Split sp;
    FruitTables Vm;
    salad_start(&sp, Vm, dd, V, NULL, r, cv, dice, &have);
    int salad = sp.points;
    if (r->wb && !s->wb) sp.points = 0;
    child_recipe_tables(s, r, cv, V, dd, dice, &have);
    /* (where the move makes the wheelbarrow, the child's tables no longer read the entries that
     * carry a wheelbarrow recipe's points: they are added here) */
    int made = (dd && dd->barrow && r->wb && !s->wb ? dd->barrow : 0) + (sp.points ? 0 : salad), wb = s->wb;
    s->wb = r->wb;  /* (capped_at() reads it) */
    int b = split_with(s, V, &sp, caps, floor == NONE ? NONE : floor - made);
    s->wb = wb;
    return b == NONE ? NONE : b + made;
}

/* a child's tables V (child_tables) with the recipes as `dd` has them: doubled, and the wheelbarrow's
 * and all-dice recipes' points folded in (not a line's: cpart; nor the salad's: Split) */
static void child_recipe_tables(Core *s, const Resolved *r, const ChildView *cv, FruitTables V, const Doubled *dd,
                                int (*dice)[16][2], int *have) {
    doubled_tables(s, V, dd);
    if (dd && dd->on) {
        for (int f = 0; f < s->nfruits; f++)
            if (dd->fold[f]) {
                Table M;
                child_table(s, r, cv, f, MET_ALL, dice, have, M);
                fold_table(V[f], M, dd->w[f], dd->fold[f]);
            }
        barrow_tables(s, V, dd);  /* (after the folds: recipe_tables) */
    }
}

/* the value of one outcome after `m`, searched */
static int child(Core *s, const MoveRec *m, const Resolved *r, int mask, int cur, int g, int *exact) {
    Saved sv;
    set_step(&s->path[s->cs.depth], m, r, mask);
    apply(s, m, r, mask, &sv);
    s->cs.depth++;
    int v = dfs(s, cur + g, exact);
    s->cs.depth--;
    undo(s, r, &sv);
    return v;
}

/* the knapsack of the position one outcome of a move leaves (cv), without playing it: from the
 * memo on its views (ChildView); where the memo does not know a fruit, the six squares, the supply
 * and the wheelbarrow are tallied into the layer's counts and taken out again */
static int child_knapsack(Core *s, const Resolved *r, const ChildView *cv) {
    int keep[NFR], wb = s->wb, miss = 0;
    {   /* most often the memo knows every fruit: the layer is then left as it is */
        int got = knapsack_view(s, cv->v, cv->supply, r->wb, 0, cv->un, to_play(s) - 1, &miss);
        if (!miss) return got;
    }
    memcpy(keep, s->supply, sizeof keep);
    memcpy(s->supply, cv->supply, sizeof keep);
    s->wb = r->wb;
    for (int i = 0; i < 6; i++) { tally(s, r->old[i], -1); tally(s, cv->nw[i], 1); }
    int v = knapsack_of(s, cv->un, to_play(s) - 1);
    for (int i = 5; i >= 0; i--) { tally(s, cv->nw[i], -1); tally(s, r->old[i], 1); }
    memcpy(s->supply, keep, sizeof keep);
    s->wb = wb;
    return v;
}

/* how often the knapsack cuts positions with `k` cards to play, lately: a parent works it out
 * for its children before playing their moves only where it cuts often enough to pay */
static inline void knap_seen(Core *s, int k, int cut) {
    s->knap_cuts[k] += cut;
    if (++s->knap_tries[k] >= 4096) { s->knap_tries[k] >>= 1; s->knap_cuts[k] >>= 1; }
}

/* wb_split_bound()'s bound of one family of games with these caps: the tables V, and where the
 * salad recipe scores (p: its points) the more of V's games and those that meet it (Vm, plus p) */
static inline int wb_family(Core *s, FruitTables V, FruitTables Vm, int p, const int *caps, int need) {
    int b = capped_with(s, V, caps, need);
    if (p && b <= need) {
        int m = capped_with(s, Vm, caps, need - p) + p;
        if (m > b) b = m;
    }
    return b;
}

/* how many cards a set of at most KWIN holds (no popcount instruction without -mpopcnt: a call) */
static inline int cards_in(unsigned set) {
    static const uint8_t nib[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    return nib[set & 15] + nib[set >> 4 & 15];
}

/* wb_split_bound()'s tables Vf (and Vmf, where the salad scores: p) with the wheelbarrow on fruit f
 * as V (and Vm) have it (`on`) or without it */
static inline void wb_fruit(FruitTables Vf, FruitTables Vmf, FruitTables V, FruitTables Vm, int p, int f, int on) {
    memcpy(Vf[f][1], on ? V[f][1] : Vf[f][0], sizeof Vf[f][1]);
    if (p) memcpy(Vmf[f][1], on ? Vm[f][1] : Vmf[f][0], sizeof Vmf[f][1]);
}

/* The wheelbarrow's games apart (positions with 2 to 4 cards to play, the wheelbarrow unused): the
 * games that do not make it are bounded by the tables without it; a game that makes it raises one
 * die past 10, `r` times (its value now and the cards' largest trees of its fruit tell at least how
 * often), each time with a tree of its fruit from another card laid on its square: a die of the
 * layer, or a new one on a bare tree of its fruit (a die on any other square takes more cards than
 * four: a tree laid there, a second on it, and raises past 10 and once more).
 * So those `r` cards lay on the layer what a placement covering that square with a tree of the
 * fruit lays (their counts per anchor, kwin), and the wheelbarrow helps that fruit only. The bound
 * is the most over the dice and sets of cards, and the games without it; as capped_with() about
 * `need` (it stops above it). Two things keep it cheap: a fruit whose wheelbarrow leaves the bound
 * at or below the need with every card's caps as they are has none of its dice tried (most often
 * all but one fruit), and the dice are tried those with the fewest raises first (their cards held
 * least: most often the one that keeps the bound above the need). With recipes, the tables are the
 * layer cap's (recipe_tables: doubled, folded, the wheelbarrow recipe's points on the entries that
 * make it), and `need` is in their units, as capped_knapsack()'s floor; with Three-Citrus Salad, each
 * family of games is bounded as split_with() bounds them: the more of the games that miss it and
 * of those that meet it (wb_family). NONE where it cannot tell */
static int wb_split_bound(Core *s, int k, int need, CapTabs *ct) {
    int d = s->cs.depth;
    if (!ct->ok || k > KWIN || s->kwin_visit[k] != s->visit[d] || s->cap_visit[d] != s->visit[d]) return NONE;
    const int *caps = s->cap_all[d];
    int each[MAXCARDS][NCAPS], inc[NFR] = {0};
    for (int i = 0; i < k; i++) {
        for (int b = 0; b < NCAPS; b++) each[i][b] = (int)(s->kmost[k][i] >> 8 * b & 255);
        for (int f = 0; f < s->nfruits; f++)
            if (s->card_top[card_at(s, i)][f] > inc[f]) inc[f] = s->card_top[card_at(s, i)][f];
    }
    /* (V, Vm: capped_knapsack()'s; Vf, Vmf: those without the wheelbarrow, but that of the fruit
     * tried) */
    FruitTables Vf, Vmf;
    Table *V = ct->V, *Vm = ct->sp.Vm;
    int p = ct->sp.points;
    if (p && !ct->sp.ready) salad_ready(s, &ct->sp);
    memcpy(Vf, V, sizeof Vf);
    if (p) memcpy(Vmf, Vm, sizeof Vmf);
    for (int f = 0; f < s->nfruits; f++) wb_fruit(Vf, Vmf, V, Vm, p, f, 0);
    int best = wb_family(s, Vf, Vmf, p, caps, need);  /* (the games that do not make it) */
    if (best > need) return best;
    int open = 0;  /* the fruits whose wheelbarrow, anywhere, keeps the bound above the need */
    for (int f = 0; f < s->nfruits; f++) {
        if (!inc[f]) continue;
        wb_fruit(Vf, Vmf, V, Vm, p, f, 1);
        if (wb_family(s, Vf, Vmf, p, caps, need) > need) open |= 1 << f;
        wb_fruit(Vf, Vmf, V, Vm, p, f, 0);
    }
    if (!open) return best;
    int pad = CAP_PAD, W = s->x1 - s->x0 + 3 + 2 * pad, H = s->y1 - s->y0 + 3 + 2 * pad;
    int cq[MAXCARDS * 6 * 4], nc = 0;  /* the dice to try: r << 24 | f << 20 | their window index */
    for (int i = 0; i < s->nksq[k]; i++) {
        /* (the squares of the caps, item_fruit(): no wheelbarrow is in the orchard here) */
        int g = s->ksq[k][i], x = g % GW, y = g / GW, c = s->grid[g], v = die_of(c), f = s->ifruit[c], r = 1;
        if (!(open >> f & 1)) continue;
        if (!v) v = ((c >> 2) & 3) + inc[f];  /* (a new die: the bare tree's fruits and its cover's) */
        while (v < TOP_DIE) { v = v + inc[f] > 6 ? TOP_DIE : v + inc[f]; r++; }
        if (!die_of(c)) r++;
        if (r > k || nc >= (int)(sizeof cq / sizeof cq[0])) continue;
        int e = r << 24 | f << 20 | ((y - s->y0 + 2 + pad) * W + x - s->x0 + 2 + pad), j = nc++;
        while (j > 0 && cq[j - 1] > e) { cq[j] = cq[j - 1]; j--; }
        cq[j] = e;
    }
    for (int ci = 0; ci < nc; ci++) {
        int r = cq[ci] >> 24, f = cq[ci] >> 20 & 15, q = cq[ci] & 0xfffff;
        /* each card's counts held to its placements that lay a tree of f on the square */
        int held[MAXCARDS][NCAPS], can = 0;
        for (int i = 0; i < k; i++) {
            int card = card_at(s, i);
            Most8 most = most8_zero();
            int any = 0;
            for (int o = 0; o < s->norient[card]; o++) {
                const Orient *or_ = &s->orient[card][o];
                const uint64_t *cell = s->kwin[k] + (size_t)((i * 4 + o) * W * H);
                for (int j = 0; j < 6; j++)
                    if (or_->f[j] == f) { most = most8(most, cell[q - (or_->dy[j] * W + or_->dx[j])]); any = 1; }
            }
            uint64_t got = most8_get(most);
            for (int b = 0; b < NCAPS; b++) held[i][b] = (int)(got >> 8 * b & 255);
            can |= any << i;
        }
        if (cards_in((unsigned)can) < r) continue;
        wb_fruit(Vf, Vmf, V, Vm, p, f, 1);
        for (int set = 0; set < 1 << k; set++) {
            if (cards_in((unsigned)set) != r || (set & can) != set) continue;
            int cp[NCAPS];
            memcpy(cp, caps, sizeof cp);
            for (int i = 0; i < k; i++)
                if (set >> i & 1)
                    for (int b = 0; b < NCAPS; b++) cp[b] += held[i][b] - each[i][b];
            int b = wb_family(s, Vf, Vmf, p, cp, need);
            if (b > best) best = b;
            if (best > need) break;
        }
        wb_fruit(Vf, Vmf, V, Vm, p, f, 0);
        if (best > need) return best;
    }
    return best;
}

#include "_search.h"

static int dfs(Core *s, int cur, int *exact) {
    int given = s->pre_at == s->cs.depth ? s->pre_knap : NONE;  /* the parent's child_knapsack() */
    s->pre_at = -1;
    s->cs.nodes++;
    {   /* for share_window() */
        int *b = s->bbox[s->cs.depth];
        s->visit[s->cs.depth] = ++s->visits;
        b[0] = s->x0; b[1] = s->x1; b[2] = s->y0; b[3] = s->y1; b[4] = conf_of(s, 0);
    }
    if (s->cs.nodes >= s->cs.next_check) core_check(&s->cs);
    Later L = {0};
    CapTabs ct;
    ct.ok = 0;
    if (s->cs.stopped) { *exact = 0; return future(s, &L, NONE); }
    int k = to_play(s), depth = k + 1;
    long long *stat = s->stat[k < MAXCARDS ? k : MAXCARDS];
    stat[0]++;
    int knap = given != NONE ? given : knapsack(s);  /* the parent's child_knapsack: no recipes */
    int need = incumbent(s) - cur;
    int bonus = 0;
    Doubled dd = NO_DOUBLE;
    if (s->nrec) {
        /* the parent's bound on the recipes holds here too, and most positions this close to
         * the end are cut with it, before their own is worked out */
        int d = s->cs.depth;
        if (d > 0 && k <= BOUND_FIRST && knap + s->rbound[d - 1] <= need) {
            if (k >= 2) knap_seen(s, k, 1);
            stat[2]++;
            *exact = 0;
            return knap + s->rbound[d - 1];
        }
        bonus = s->rbound[d] = recipes_bound(s, s->doubled || s->folds ? &dd : NULL);
        knap += bonus;
    }
    int tv, tex, ub = NONE;
    if (given == NONE && k >= 1 && k <= BOUND_FIRST) knap_seen(s, k, knap <= need);
    if (k <= BOUND_FIRST && !(k == 1 && s->nhand == 1)) {
        /* most positions this close to the end are cut by their bound: cheaper to work out
         * again than to look up, so the table is read and written only for the rest */
        ub = future_from(s, &L, need, knap, bonus);
        if (ub <= need) { stat[knap <= need ? 2 : 3]++; *exact = 0; return ub; }
    }
    uint64_t key = key_of(s);
    if (tt_find(s->tt, s->tt_mask, key, &tv, &tex) && (tex || tv <= need)) { stat[1]++; *exact = tex; return tv; }
    if (k == 1 && s->nhand == 1) return last(s, cur, key, need, knap, exact);
    if (ub == NONE) ub = future_from(s, &L, need, knap, bonus);
    if (ub <= need) { stat[knap <= need ? 2 : 3]++; tt_store(s->tt, s->tt_mask, key, ub, 0, depth); *exact = 0; return ub; }
    if (k >= s->cap_lo && k <= s->cap_hi) {
        int capped = capped_knapsack(s, &dd, need - bonus + dd.part, &ct) + bonus - dd.part;
        if (capped < ub) ub = capped;
        if (ub <= need) { stat[5]++; tt_store(s->tt, s->tt_mask, key, ub, 0, depth); *exact = 0; return ub; }
        if (s->wb_split && !s->wb && k >= 2 && k <= 4) {
            int b = wb_split_bound(s, k, need - bonus + dd.part, &ct);
            if (b != NONE) b += bonus - dd.part;
            if (b != NONE && b <= need) { stat[5]++; tt_store(s->tt, s->tt_mask, key, b, 0, depth); *exact = 0; return b; }
        }
    }
    stat[4]++;
    MoveRec *mv = s->moves[s->cs.depth];
    int rest[2] = {NONE, NONE};
    if (k <= s->slot_cards) {
        later_credits(s, &L);
        for (int i = 0; i < s->nhand; i++) rest[i] = (L.total - L.per[i]) / L.unit + bonus;
    }
    MoveCap mc;
    mc.on = 0;
    if (k >= s->mcap_lo && k <= s->mcap_hi) move_cap_start(s, &mc, &dd, &ct);
    /* the moves the move cap cuts are left out as they are found (most of them, with few cards to
     * play): counted as positions cut by the cap, their highest cap left open (the caps count
     * the fruits a recipe doubles twice: what the recipes add besides is `cbonus`) */
    int cbonus = bonus - dd.part;
    Gate gate = {&mc, incumbent(s) - cur - cbonus, 0, NONE, 0};
    mc.floor = gate.need;  /* (its caps matter only above the need: capped_with) */
    int n = gen_moves_gated(s, mv, 0, mc.on ? &gate : NULL);
    if (!n && !gate.dropped && !gate.skipped) return game_over(s, cur, key, exact);
    leave_hint(s, k);
    int best_exact = NONE, max_open = NONE;
    if (gate.dropped) count_cap_cuts(s, k, gate.dropped);
    if (gate.dropped || gate.skipped) max_open = gate.open + cbonus;
    /* children with 1 to BOUND_FIRST cards to play work out their knapsack before anything
     * else: where it has lately cut often enough (knap_seen), the parent does it for them */
    int pre = k - 1 >= 1 && k - 1 <= BOUND_FIRST && 5 * s->knap_cuts[k - 1] >= 2 * s->knap_tries[k - 1];
    /* children with their layer cap tried have their capped knapsack worked out here, from this
     * position's windows, and most of those it cuts are cut before they are played (child_capped).
     * Where a recipe doubles a fruit, the child's tables count it as this position's do (dd), whose
     * recipes' bound holds for the child too: the dice the move raises of that fruit, which this
     * position's bound counts as they are and its tables as a gain to come, are added back
     * (doubled_rise()). Until the thirtieth session those children were played first: a nine-card
     * pair with Candied Peel went from 61 s to 36 s on two cores */
    int filter = s->child_caps && (!dd.on || s->child_caps > 1) && k - 1 >= s->cap_lo && k - 1 <= s->cap_hi &&
                 k <= KWIN && s->kwin_visit[k] == s->visit[s->cs.depth];
    if (filter && k - 1 >= 1 && k - 1 <= BOUND_FIRST) pre = 1;  /* (its knapsack first: cheaper, and it cuts most) */
    int units[NFR];
    ChildView cv;
    if (pre || filter) cells_left(s, units);
    for (int i = 0; i < n; i++) {
        const MoveRec *m = &mv[i];
        int after = rest[0] == NONE ? NONE : rest[s->hand[0] == m->card ? 0 : 1];
        if (after != NONE && m->gain + after <= incumbent(s) - cur) {
            if (m->gain + after > max_open) max_open = m->gain + after;
            continue;
        }
        /* the move cap again, before the move is resolved, where the incumbent has risen since
         * gen_moves() (every move it kept is above its need) */
        if (mc.on && incumbent(s) - cur - cbonus > gate.need) {
            int need_now = incumbent(s) - cur;
            if (need_now - cbonus > mc.floor) move_cap_raise(&mc, need_now - cbonus);
            int b = move_cap(s, &mc, m) + cbonus;
            if (b <= need_now) {
                count_cap_cuts(s, k, 1);
                if (b > max_open) max_open = b;
                continue;
            }
        }
        Resolved r;
        Outcomes o;
        resolve(s, m, &r);
        outcomes_of(&r.w, r.supply, &o);
        for (int mask = 0; mask < o.top; mask++) {
            int use = outcome_mask(&r.w, &o, mask);
            if (use < 0) continue;
            /* one way to share the dice: its gain is the move's, where gen_moves worked it out */
            int g = o.scarce || m->bound ? outcome_gain(s, &r, use) : m->gain;
            if (after != NONE && g + after <= incumbent(s) - cur) {
                if (g + after > max_open) max_open = g + after;
                continue;
            }
            if (pre || filter) child_view(s, m, &r, use, units, &cv);
            int kn = NONE;
            FruitTables V;
            const int16_t *T[NFR];
            /* the child's tables first where its caps are tried: where its knapsack is too, it is
             * theirs at their most (read in the memo: copied only for the caps) */
            int tabled = filter && child_table_refs(s, &r, &cv, V, T);
            if (tabled && pre) kn = tables_knapsack(s, T, r.wb);
            if (pre) {
                /* (with recipes, this position's bound on them holds for the child too) */
                if (!tabled) kn = child_knapsack(s, &r, &cv);
                if (s->checking && tabled && kn != child_knapsack(s, &r, &cv)) s->filter_wrong++;
                int cut = kn + bonus <= incumbent(s) - cur - g;
                knap_seen(s, k - 1, cut);
                if (cut) {
                    count_pre_cut(&s->cs, s->stat[k - 1], g + kn + bonus, &max_open);
                    continue;
                }
            }
            if (tabled) {
                tables_copy(s, T, V);
                /* (where a recipe doubles a fruit: this position's doubling, and what the move adds to
                 * the dice it doubles, doubled_rise()) */
                int rise = dd.on ? doubled_rise(s, &r, &cv, &dd) : 0, add = bonus - dd.part + dd.cpart + rise;
                int need_c = incumbent(s) - cur - g - add,
                    b = child_capped(s, m, &r, &cv, need_c, V, dd.on ? &dd : NULL);
                s->filter_tries++;
                if (b != NONE && b <= need_c) {
                    s->filter_cuts++;
                    /* (the child's own tables fold a line's points in: cpart) */
                    if (s->checking) check_cut(s, m, &r, use, b + dd.cpart, need_c + dd.cpart, dd.on ? &dd : NULL, rise);
                    count_cap_cuts(s, k, 1);
                    if (g + b + add > max_open) max_open = g + b + add;
                    continue;
                }
            }
            if (pre) {
                s->pre_knap = kn;
                s->pre_at = s->cs.depth + 1;
                /* the child looks its key up in the table: fetched while it is played */
                __builtin_prefetch(tt_bucket(s->tt, s->tt_mask, child_key(s, m, &r, use)));
            }
            int ex;
            int v = child(s, m, &r, use, cur, g, &ex);
            if (s->cs.stopped) {
                /* unwind with a bound: what is finished, the open move's bound, and the bounds
                 * of the moves not yet tried (this one again included) */
                int value = max_open;
                if (best_exact > value) value = best_exact;
                if (m->gain + v > value) value = m->gain + v;
                value = unplayed_bound(s, mv, i, n, rest, value);
                *exact = 0;
                return value < ub ? value : ub;
            }
            int t = g + v;
            if (ex) { if (t > best_exact) best_exact = t; }
            else if (t > max_open) max_open = t;
        }
    }
    if (best_exact != NONE && best_exact >= max_open) {
        tt_store(s->tt, s->tt_mask, key, best_exact, 1, depth);
        *exact = 1;
        return best_exact;
    }
    int value = max_open > best_exact ? max_open : best_exact;
    if (ub < value) value = ub;
    tt_store(s->tt, s->tt_mask, key, value, 0, depth);
    *exact = 0;
    return value;
}

/* ------------------------------------------------------------------ beam */

/* Searcher.beam in C, for a first line that is better sooner: after each turn it keeps the `width`
 * best positions (best: the score so far; ties in the order they were reached, with that score),
 * every outcome of every placement of either hand card being one position, positions that are the
 * same (key_of) counted once, with the higher score. A position is kept as the move that led to
 * it and its parent one turn up, and played again from the start to be expanded.
 *
 * Ranked (deals without recipes), "best" is the score so far plus the knapsack's bound on the
 * rest (child_knapsack), and a position whose sum is at or below the incumbent is dropped: the
 * score alone prefers the turns that gain now to those that set up later gains. On the bench's
 * twenty nine-card Grove deals the ranked 6144-wide beam's line is at least the 24576-wide
 * score-ranked beam's on every deal, and the best there is on sixteen (eleven), for about 1.5
 * times the time a width (docs/solver.md). Where a recipe scores, the knapsack leaves it out,
 * and ranking by it (or by a bound on the recipes too) was better on some pairs and worse on
 * others: those keep the score, or (`ranked` 2, asked for the widest beam: search.RECIPE_RANKED)
 * rank by the score plus the knapsack without its cut at the incumbent (the recipes may lift a
 * line it would drop), and the last card's positions by their final score, recipes included. */
typedef struct { int32_t parent, score, mask; MoveRec m; } BeamEnt;
typedef struct { uint64_t key; int32_t score, parent, mask, real; MoveRec m; } BeamCand;
/* a turn's candidates, in the order they were reached with their score (a candidate reached again
 * with a higher score leaves a GONE behind and comes again at the end), and a hash on their keys */
typedef struct {
    BeamCand *c; int n, cap;
    int32_t *slot; uint64_t slots;  /* open addressing on the key: index + 1, 0 for free */
} BeamSet;
#define GONE NONE

/* the key of the position after the outcome `mask` of `m` (apply() would give it) */
static uint64_t child_key(Core *s, const MoveRec *m, const Resolved *r, int mask) {
    uint16_t nw[6];
    outcome_squares(r, mask, nw, NULL);
    uint64_t z = s->zh;
    for (int i = 0; i < 6; i++) {
        if (r->old[i]) z ^= key_zob(r->pos[i], r->old[i]);
        z ^= key_zob(r->pos[i], nw[i]);
    }
    int hand[2], drawn = s->drawn, n = hand_after(s, m->card, hand, &drawn);
    return z ^ hand_key_of(hand, n, drawn, r->wb);
}

static int beam_rehash(BeamSet *b, uint64_t slots) {
    int32_t *t = calloc(slots, sizeof *t);
    if (!t) return -1;
    for (int i = 0; i < b->n; i++) {
        if (b->c[i].score == GONE) continue;
        uint64_t h = mix64(b->c[i].key) & (slots - 1);
        while (t[h]) h = (h + 1) & (slots - 1);
        t[h] = i + 1;
    }
    free(b->slot);
    b->slot = t;
    b->slots = slots;
    return 0;
}

/* a new candidate, or a higher score for one already there; none scoring `bar` or less */
static int beam_offer(BeamSet *b, uint64_t key, int score, int bar, int parent, const MoveRec *m, int mask, int real) {
    if (score <= bar) return 0;
    if (2 * (uint64_t)(b->n + 1) > b->slots && beam_rehash(b, b->slots ? 2 * b->slots : 1 << 16)) return -1;
    uint64_t h = mix64(key) & (b->slots - 1);
    while (b->slot[h]) {
        BeamCand *c = &b->c[b->slot[h] - 1];
        if (c->key == key) {
            if (score <= c->score) return 0;
            c->score = GONE;  /* it comes again at the end */
            break;
        }
        h = (h + 1) & (b->slots - 1);
    }
    if (b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 1 << 15;
        BeamCand *c = realloc(b->c, sizeof *c * (size_t)cap);
        if (!c) return -1;
        b->c = c;
        b->cap = cap;
    }
    BeamCand *c = &b->c[b->n];
    c->key = key; c->score = score; c->parent = parent; c->mask = mask; c->m = *m; c->real = real;
    b->slot[h] = ++b->n;
    return 0;
}

/* the candidates in order of score, best first, ties in the order they came (a counting sort):
 * into order[], which has room for b->n; returns how many there are (-1: out of memory) */
static int beam_order(const BeamSet *b, int *order) {
    int lo = 0, hi = -1, n = 0;
    for (int i = 0; i < b->n; i++) {
        int v = b->c[i].score;
        if (v == GONE) continue;
        if (hi < lo) lo = hi = v;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
    }
    int *count = calloc((size_t)(hi - lo + 2), sizeof(int));
    if (!count) return -1;
    for (int i = 0; i < b->n; i++)
        if (b->c[i].score != GONE) count[hi - b->c[i].score + 1]++;
    for (int v = 1; v <= hi - lo + 1; v++) count[v] += count[v - 1];
    for (int i = 0; i < b->n; i++)
        if (b->c[i].score != GONE) { order[count[hi - b->c[i].score]++] = i; n++; }
    free(count);
    return n;
}

/* keeps only the candidates that can still be among the `width` best and returns the bar at or
 * under which none can, so a turn holds at most twice `width` candidates, not all. Once `width`
 * are kept, the rest never can: a later candidate scoring no more than the last kept comes after
 * `width` candidates scoring at least as much, and a kept one reached again with a higher score
 * only moves up. So the best `width` of a turn are the same as without it. (Ties on the last
 * kept score are cut too: keeping all of them made a turn of a nine-card deal sort its
 * candidates again at nearly every move, 8.3 s for a 24576-wide beam where others take 3.) */
static int beam_prune(BeamSet *b, int width, int bar, int *order, int *complete) {
    int live = beam_order(b, order), n = 0;
    if (live < 0) return GONE;
    if (live > width) *complete = 0;  /* (the turn had more than `width` positions) */
    if (live >= width) {
        bar = b->c[order[width - 1]].score;
        for (int i = width; i < live; i++) b->c[order[i]].score = GONE;
    }
    for (int i = 0; i < b->n; i++)  /* (every one left scores above the bar, or at it when kept) */
        if (b->c[i].score != GONE) b->c[n++] = b->c[i];
    b->n = n;
    if (beam_rehash(b, b->slots)) return GONE;
    return bar;
}

/* play the moves that lead to entry `i` of level `d` from the start (undone by beam_undo) */
static void beam_play(Core *s, BeamEnt **lvl, int d, int i, Resolved *rs, Saved *sv, BeamEnt *chain) {
    for (int j = d; j >= 1; j--) { chain[j - 1] = lvl[j][i]; i = lvl[j][i].parent; }
    for (int j = 0; j < d; j++) {
        resolve(s, &chain[j].m, &rs[j]);
        apply(s, &chain[j].m, &rs[j], chain[j].mask, &sv[j]);
    }
}

static void beam_undo(Core *s, int d, const Resolved *rs, const Saved *sv) {
    for (int j = d - 1; j >= 0; j--) undo(s, &rs[j], &sv[j]);
}

/* the beam from the loaded position (`cur` points so far): the best finished line it finds goes
 * to s->line and s->cs (best, nline, improved when it beats the best given); returns 1 when no
 * turn had more than `width` positions (then that line, or the best given where `ranked` dropped
 * every position that could beat it, is the proven best), 0 if not or if s->cs's tick stopped it,
 * -1 when out of memory, -2 when the tick raised */
static int beam(Core *s, int cur, int width, int hold, int ranked) {
    BeamEnt *lvl[MAXDEPTH] = {0}, chain[MAXDEPTH];
    Resolved rs[MAXDEPTH];
    Saved sv[MAXDEPTH];
    BeamSet b = {0};
    MoveRec *mv = s->moves[0];
    int nl = 1, complete = 1, fail = 0, best = NONE, best_d = 0, best_i = 0;
    int most = hold > width ? hold : 2 * width;  /* candidates a turn holds before beam_prune() */
    int *order = malloc(sizeof(int) * ((size_t)most + MAXMOVES * 64));
    lvl[0] = malloc(sizeof(BeamEnt));
    if (!lvl[0] || !order) { free(lvl[0]); free(order); return -1; }
    lvl[0][0].parent = -1;
    lvl[0][0].score = cur;
    for (int d = 0; nl > 0 && d + 1 < MAXDEPTH && !fail; d++) {
        b.n = 0;
        if (b.slots) memset(b.slot, 0, sizeof(int32_t) * b.slots);
        int bar = GONE;
        for (int i = 0; i < nl && !fail && !s->cs.stopped; i++) {
            int score = lvl[d][i].score;
            beam_play(s, lvl, d, i, rs, sv, chain);
            int n = gen_moves(s, mv, 1);
            int units[NFR];
            if (ranked) cells_left(s, units);
            /* (a recipe challenge's last card: no final position scores more than this, the
             * recipes' bound; one whose score with it is at or under the bar is not played) */
            int rb = ranked == 2 && to_play(s) <= 1 && s->nrec ? recipes_bound(s, NULL) : 0;
            if (!n) {  /* the game is over here: the recipes score */
                int total = score + (s->nrec ? recipe_bonus(s) : 0);
                if (total > best) { best = total; best_d = d; best_i = i; }
            }
            for (int k = 0; k < n && !fail; k++) {
                Resolved r;
                Outcomes o;
                resolve(s, &mv[k], &r);
                outcomes_of(&r.w, r.supply, &o);
                for (int mask = 0; mask < o.top; mask++) {
                    int use = outcome_mask(&r.w, &o, mask);
                    if (use < 0) continue;
                    s->cs.nodes++;
                    int score1 = score + outcome_gain(s, &r, use), rank = score1;
                    if (ranked && to_play(s) > 1) {
                        /* ranked by the score plus the knapsack's bound on the rest (no
                         * recipes: it does not count them); a position that bound says cannot
                         * beat the incumbent is dropped */
                        ChildView cv;
                        child_view(s, &mv[k], &r, use, units, &cv);
                        int kn = child_knapsack(s, &r, &cv);
                        if (ranked == 1 && score1 + kn <= s->cs.best) continue;
                        rank = score1 + kn;
                    } else if (ranked == 2) {
                        /* (a recipe challenge's last card: the final score, the recipes' too) */
                        if (score1 + rb <= bar) {
                            complete = 0;
                            continue;
                        }
                        Saved sv2;
                        apply(s, &mv[k], &r, use, &sv2);
                        rank += recipe_bonus(s);
                        undo(s, &r, &sv2);
                    }
                    if (rank <= bar) {  /* (no key to work out: beam_offer() would drop it) */
                        complete = 0;
                        continue;
                    }
                    if (beam_offer(&b, child_key(s, &mv[k], &r, use), rank, bar, i, &mv[k], use, score1)) {
                        fail = 1;
                        break;
                    }
                }
            }
            beam_undo(s, d, rs, sv);
            if (!fail && b.n >= most && (bar = beam_prune(&b, width, bar, order, &complete)) == GONE) fail = 1;
            if (s->cs.nodes >= s->cs.next_check) core_check(&s->cs);  /* a deadline or Ctrl-C: stop */
        }
        if (s->cs.stopped) {
            complete = 0;
            break;
        }
        int live = fail ? 0 : beam_order(&b, order);
        if (live <= 0) { fail = live < 0; break; }
        /* the `width` best */
        lvl[d + 1] = malloc(sizeof(BeamEnt) * (size_t)(live < width ? live : width));
        if (!lvl[d + 1]) { fail = 1; break; }
        complete = complete && live <= width;
        nl = live < width ? live : width;
        for (int i = 0; i < nl; i++) {
            const BeamCand *c = &b.c[order[i]];
            lvl[d + 1][i].parent = c->parent;
            lvl[d + 1][i].score = c->real;
            lvl[d + 1][i].mask = c->mask;
            lvl[d + 1][i].m = c->m;
        }
    }
    if (!fail && best > s->cs.best) {  /* its line, for Python */
        beam_play(s, lvl, best_d, best_i, rs, sv, chain);
        beam_undo(s, best_d, rs, sv);
        for (int j = 0; j < best_d; j++) {
            set_step(&s->line[j], &chain[j].m, &rs[j], chain[j].mask);
        }
        s->cs.best = best;
        s->cs.nline = best_d;
        s->cs.improved = 1;
    }
    for (int d = 0; d < MAXDEPTH; d++) free(lvl[d]);
    free(order);
    free(b.c);
    free(b.slot);
    return fail ? -1 : s->cs.failed ? -2 : complete;
}

/* ------------------------------------------------------------------ Python */

static void Core_dealloc(Core *s) {
    free(s->cred);
    free(s->wcred);
    memo_free(s->memo, MEMO_BYTES);
    memo_free(s->tmemo, TMEMO_BYTES);
    free(s->salad_vm);
    free(s->pat_hdr);
    free(s->pat_ix);
    free(s->pat_inc);
    tt_free(&s->tt, s->tt_bytes);
    Py_XDECREF(s->cs.tick);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

/* Core(nfruits, dice_per_fruit, squirrels, orients, credits, units, slot_cards, tt_bits)
 * orients: per card, a list of (rot, ((dy, dx, fruit, count) * 6)), fruit 3 a clearing (count 0);
 * credits: per later (0..), per wheelbarrow used
 * (0, 1), per squirrel left (0, 1), a list of (code, c0, ..., c6) (code 0: empty table);
 * units: the credit unit per later; recipes (optional): a list of (condition, its fruit or -1,
 * its count, reward, its fruit or -1, its count, the wheelbarrow counts) (see Recipe), and with
 * them card_cells: per card, its trees per fruit. */
static int Core_init(Core *s, PyObject *args, PyObject *kw) {
    PyObject *orients, *credits, *units, *recipes = NULL, *card_cells = NULL;
    int tt_bits;
    if (!PyArg_ParseTuple(args, "iiiOOOii|OO", &s->nfruits, &s->dice_per_fruit, &s->tokens, &orients,
                          &credits, &units, &s->slot_cards, &tt_bits, &recipes, &card_cells))
        return -1;
    if (s->nfruits > NFR || s->nfruits < 1) { PyErr_SetString(PyExc_ValueError, "1 to 3 fruits"); return -1; }
    if (s->dice_per_fruit < 0 || s->dice_per_fruit > 15) { PyErr_SetString(PyExc_ValueError, "dice per fruit"); return -1; }
    if (s->tokens < 0 || s->tokens > 7) { PyErr_SetString(PyExc_ValueError, "squirrels"); return -1; }
    Py_ssize_t nc = PySequence_Size(orients);
    if (nc < 0) return -1;
    if (nc > MAXCARDS) { PyErr_SetString(PyExc_ValueError, "too many cards"); return -1; }
    s->ncards = (int)nc;
    for (int c = 0; c < s->ncards; c++) {
        PyObject *lst = PySequence_GetItem(orients, c);
        if (!lst) return -1;
        Py_ssize_t no = PySequence_Size(lst);
        if (no < 1 || no > 4) { Py_DECREF(lst); PyErr_SetString(PyExc_ValueError, "orientations"); return -1; }
        s->norient[c] = (int)no;
        for (int o = 0; o < no; o++) {
            PyObject *item = PySequence_GetItem(lst, o), *cells;
            Orient *or_ = &s->orient[c][o];
            if (!item || !PyArg_ParseTuple(item, "iO", &or_->rot, &cells)) { Py_XDECREF(item); Py_DECREF(lst); return -1; }
            if (PySequence_Size(cells) != 6) { Py_DECREF(item); Py_DECREF(lst); PyErr_SetString(PyExc_ValueError, "six cells"); return -1; }
            or_->w = or_->h = 0;
            for (int i = 0; i < 6; i++) {
                PyObject *cell = PySequence_GetItem(cells, i);
                int dy, dx;
                if (!cell || !PyArg_ParseTuple(cell, "iiii", &dy, &dx, &or_->f[i], &or_->n[i])) {
                    Py_XDECREF(cell); Py_DECREF(item); Py_DECREF(lst); return -1;
                }
                Py_DECREF(cell);
                int f = or_->f[i], n = or_->n[i];
                if (dy < 0 || dy > 2 || dx < 0 || dx > 2 || f < 0 || f > CLEARING || (f < CLEARING && f >= s->nfruits) ||
                    (f == CLEARING ? n != 0 : (n < 1 || n > 2))) {
                    Py_DECREF(item); Py_DECREF(lst); PyErr_SetString(PyExc_ValueError, "card cell"); return -1;
                }
                or_->off[i] = dy * GW + dx;
                or_->dy[i] = dy;
                or_->dx[i] = dx;
                or_->k[i] = f == CLEARING ? 6 : 2 * f + n - 1;
                if (dx + 1 > or_->w) or_->w = dx + 1;
                if (dy + 1 > or_->h) or_->h = dy + 1;
            }
            Py_DECREF(item);
        }
        Py_DECREF(lst);
        for (int f = 0; f < NFR; f++) {  /* the most trees of f on one line of three: in one row or column */
            int most = 0;
            for (int o = 0; o < s->norient[c]; o++)
                for (int at = 0; at < 3; at++) {
                    int row = 0, col = 0;
                    for (int i = 0; i < 6; i++) {
                        row += s->orient[c][o].f[i] == f && s->orient[c][o].dy[i] == at;
                        col += s->orient[c][o].f[i] == f && s->orient[c][o].dx[i] == at;
                    }
                    if (row > most) most = row;
                    if (col > most) most = col;
                }
            s->line_reach[c][f] = most;
            s->card_top[c][f] = 0;
            for (int i = 0; i < 6; i++)
                if (s->orient[c][0].f[i] == f && s->orient[c][0].n[i] > s->card_top[c][f])
                    s->card_top[c][f] = s->orient[c][0].n[i];
        }
        for (int f = 0; f < NFR; f++) {  /* its cells (cells_left) */
            int n2 = 0, n1 = 0;
            const Orient *o0 = &s->orient[c][0];
            for (int i = 0; i < 6; i++)
                if (o0->f[i] == f) { if (o0->n[i] == 2) n2++; else n1++; }
            s->card_cw[c][f] = n2 | n1 << 5 | (n2 > 0) << 10 | (n1 > 0) << 15 | (n2 + n1 > 0) << 20;
        }
    }
    s->nrec = 0;
    if (recipes && recipes != Py_None) {
        Py_ssize_t nr = PySequence_Size(recipes);
        if (nr < 0) return -1;
        if (nr > MAXREC || !card_cells) { PyErr_SetString(PyExc_ValueError, "recipes"); return -1; }
        for (int i = 0; i < nr; i++) {
            PyObject *t = PySequence_GetItem(recipes, i);
            Recipe *r = &s->rec[i];
            if (!t || !PyArg_ParseTuple(t, "iiiiiip", &r->cond, &r->cf, &r->cn, &r->reward, &r->rf, &r->rn, &r->counted)) {
                Py_XDECREF(t);
                return -1;
            }
            Py_DECREF(t);
            if (r->cond < 0 || r->cond >= NCOND || r->reward < 0 || r->reward >= NREWARD ||
                r->cf < -1 || r->cf >= s->nfruits || r->rf < -1 || r->rf >= s->nfruits ||
                (r->reward == R_DOUBLE && r->rf < 0)) {
                PyErr_SetString(PyExc_ValueError, "recipe");
                return -1;
            }
        }
        for (int c = 0; c < s->ncards; c++)
            if (get_row(card_cells, c, s->nfruits, s->card_cells[c])) return -1;
        s->nrec = (int)nr;
        for (int i = 0; i < s->nrec; i++)
            for (int f = 0; f < s->nfruits; f++)
                if ((s->rec[i].cond == C_TOTAL_AT_LEAST && of_fruit(s->rec[i].cf, f)) ||
                    (s->rec[i].reward == R_DOUBLE && s->rec[i].rf == f))
                    s->rec_gains |= 1 << f;
    }
    s->ranks = !s->nrec;
    if (s->slot_cards < 0 || s->slot_cards > MAXLATER) { PyErr_SetString(PyExc_ValueError, "slot_cards"); return -1; }
    Py_ssize_t nl = PySequence_Size(credits);
    if (nl < s->slot_cards || nl > MAXLATER) { PyErr_SetString(PyExc_ValueError, "credits"); return -1; }
    free(s->cred);
    s->cred = malloc(sizeof(int32_t) * (size_t)NCONF * NCODES * NK);
    if (!s->cred) { PyErr_NoMemory(); return -1; }
    for (size_t i = 0; i < (size_t)NCONF * NCODES * NK; i++) s->cred[i] = NEVER;
    memset(s->known, 0, sizeof s->known);
    for (int l = 0; l < nl; l++) {
        if (get_int(units, l, &s->unit[l])) return -1;
        if (s->unit[l] < 1) { PyErr_SetString(PyExc_ValueError, "unit"); return -1; }
        PyObject *per_l = PySequence_GetItem(credits, l);
        if (!per_l) return -1;
        for (int conf = 0; conf < 4; conf++) {
            PyObject *per_wb = PySequence_GetItem(per_l, conf / 2), *rows = per_wb ? PySequence_GetItem(per_wb, conf % 2) : NULL;
            Py_XDECREF(per_wb);
            if (!rows) { Py_DECREF(per_l); return -1; }
            Py_ssize_t nr = PySequence_Size(rows);
            for (Py_ssize_t j = 0; j < nr; j++) {
                PyObject *row = PySequence_GetItem(rows, j);
                int code, v[NK];
                int bad = !row || get_int(row, 0, &code);
                for (int kk = 0; kk < NK && !bad; kk++) bad = get_int(row, kk + 1, &v[kk]);
                Py_XDECREF(row);
                if (bad) { Py_DECREF(rows); Py_DECREF(per_l); return -1; }
                if (code < 0 || code >= NCODES) { Py_DECREF(rows); Py_DECREF(per_l); PyErr_SetString(PyExc_ValueError, "code"); return -1; }
                s->known[code] = 1;
                for (int kk = 0; kk < NK; kk++)
                    if (v[kk] > NEVER && (v[kk] > WCREDIT_MAX || v[kk] < -WCREDIT_MAX)) {
                        Py_DECREF(rows); Py_DECREF(per_l);
                        PyErr_SetString(PyExc_ValueError, "a credit too large for the slot bound's 16-bit window");
                        return -1;
                    }
                for (int kk = 0; kk < NK; kk++)
                    s->cred[((size_t)(l * 4 + conf) * NCODES + code) * NK + kk] = v[kk] <= NEVER ? NEVER : v[kk];
            }
            Py_DECREF(rows);
        }
        Py_DECREF(per_l);
    }
    free(s->wcred);
    s->wcred = malloc(sizeof(int16_t) * (size_t)NCONF * NCODES * 8);
    if (!s->wcred) { PyErr_NoMemory(); return -1; }
    for (size_t i = 0; i < (size_t)NCONF * NCODES; i++)
        for (int kk = 0; kk < 8; kk++) {
            int32_t v = kk < NK ? s->cred[i * NK + kk] : NEVER;
            s->wcred[i * 8 + kk] = (int16_t)(v == NEVER ? WSENT : v);
        }
    for (int wb = 0; wb < 2; wb++)
        for (int kk = 0; kk < NK; kk++)
            for (int c = 0; c < NCODES; c++)
                s->pk[wb][kk][c] = pack(c, kk == 6 ? CLEARING : kk / 2, kk == 6 ? 0 : kk % 2 + 1, wb);
    for (int counted = 0; counted < 2; counted++)
        for (int f = 0; f < NFR; f++)
            for (int c = 0; c < NCODES; c++) s->line_need[counted][f][c] = (uint16_t)line_need_of(c, f, counted);
    for (int kk = 0; kk < NK; kk++)
        for (int c = 0; c < NCODES; c++)
            s->icount[kk][c] = (uint16_t)(kk < 6 && item_fruit(c) == kk / 2 ? 1u << (4 * (kk / 2)) : 0);
    for (int c = 0; c < NCODES; c++) s->ifruit[c] = (int8_t)item_fruit(c);
    for (int c = 0; c < NCODES; c++) {  /* vstep: view_tally() on views of nothing, read back */
        FruitView v[NFR + 1];
        memset(v, 0, sizeof v);
        view_tally(v, c, 1);
        ViewStep *t = &s->vstep[c];
        memset(t, 0, sizeof *t);
        t->f = NFR;
        for (int f = 0; f < NFR; f++) {
            if (!v[f].w) continue;
            t->f = (uint8_t)f;
            t->d = v[f].w;
        }
    }
    memo_free(s->memo, MEMO_BYTES);
    s->memo = memo_alloc(MEMO_BYTES);
    memo_free(s->tmemo, TMEMO_BYTES);
    s->tmemo = memo_alloc(TMEMO_BYTES);
    free(s->salad_vm);
    s->salad_vm = calloc(MAXDEPTH, sizeof(FruitTables));
    memset(s->pat_at, -1, sizeof s->pat_at);  /* (the patterns go with the cards) */
    s->pat_nhdr = s->pat_nent = 0;
    s->cap_lo = CAP_LO;
    s->doubled = 1;
    s->folds = 4;
    s->wb_split = 1;
    s->child_caps = 2;
    s->cap_hi = CAP_HI;
    s->mcap_lo = MCAP_LO;
    s->ext_gate = EXT_GATE;
    s->ext_gap = EXT_GAP;
    s->mcap_hi = MCAP_HI;
    if (!s->memo || !s->tmemo || !s->salad_vm) { PyErr_NoMemory(); return -1; }
    return tt_alloc(&s->tt, &s->tt_mask, &s->tt_bytes, tt_bits);
}

/* set the position up from Python's: 0, or -1 with an exception set */
static int load(Core *s, PyObject *cells, PyObject *hand, int drawn, int tokens_used, int tree_dice,
                PyObject *supply, int wb) {
    s->drawn = drawn;
    s->tokens_used = tokens_used;
    s->tree_dice = tree_dice;
    s->wb = wb ? 1 : 0;
    s->win_ok = 0;
    s->visit[0] = ++s->visits;  /* (what was kept for the last position loaded is not this one's) */
    memset(s->grid, 0, sizeof s->grid);
    memset(s->occ, 0, sizeof s->occ);
    memset(s->near, 0, sizeof s->near);
    memset(s->dice, 0, sizeof s->dice);
    memset(s->fv, 0, sizeof s->fv);
    s->zh = 0;
    s->nsq = 0;
    s->x0 = s->y0 = GW;
    s->x1 = s->y1 = -1;
    Py_ssize_t n = PySequence_Size(cells);
    if (n < 0) return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        int x, y, c;
        if (get_square(cells, i, &x, &y, &c)) return -1;
        if (s->slot_cards && !s->known[c]) { PyErr_SetString(PyExc_ValueError, "a square code without credits"); return -1; }
        int p = y * GW + x;
        s->grid[p] = (uint16_t)c;
        s->occ[p / GW] |= (__uint128_t)1 << (p % GW);
        tally(s, c, 1);
        s->zh ^= key_zob(p, c);
        if ((c >> 4 & 3) == SQUIRREL) {
            if (s->nsq >= MAXCARDS * 6) { PyErr_SetString(PyExc_ValueError, "squirrels"); return -1; }
            s->sq[s->nsq++] = p;
        }
        stretch(&s->x0, &s->x1, x);
        stretch(&s->y0, &s->y1, y);
    }
    for (int j = 0; j < s->nsq; j++) set_near(s, s->sq[j], 1);
    s->penalty = penalty_now(s);
    if ((s->nhand = get_hand(hand, s->ncards, s->hand)) < 0) return -1;
    if (get_counts(supply, s->nfruits, s->supply)) return -1;
    /* the knapsack's memo keys hold three bits a count of dice: every fruit's dice, those in the
     * supply and the one the wheelbarrow may free, all in one place, stay under 8 */
    s->memo_ok = 1;
    for (int f = 0; f < NFR; f++) {
        int n = s->supply[f] + 1;
        if (s->supply[f] < 0) { PyErr_SetString(PyExc_ValueError, "supply"); return -1; }
        for (int v = 0; v < 16; v++) n += s->dice[f][v][0] + s->dice[f][v][1];
        if (n > 7) s->memo_ok = 0;
    }
    if (s->drawn < 0 || s->drawn > s->ncards) { PyErr_SetString(PyExc_ValueError, "drawn"); return -1; }
    /* every card cell lands inside the grid with its margins, and the visible squares stay
     * within the slot bound's window (a card widens them by 2 at most) */
    int k = to_play(s), margin = 3 * k + 4;
    if (s->nhand && (s->x0 - margin < 0 || s->y0 - margin < 0 || s->x1 + margin >= GW || s->y1 + margin >= GW ||
                     s->x1 - s->x0 + 5 + 2 * k > WW || s->y1 - s->y0 + 5 + 2 * k > WH)) {
        PyErr_SetString(PyExc_ValueError, "the orchard could outgrow the grid");
        return -1;
    }
    return 0;
}

/* dfs(cells, hand, drawn, tokens_used, tree_dice, supply, wheelbarrow_used, cur, best, floor, tick)
 * cells: (x, y, code) of the visible squares; tick(nodes, best) is called now and then and
 * returns the best score found elsewhere, or None to stop.
 * Returns (value, exact, stopped, nodes, best, line): line is None unless this call found a better
 * score than `best`; else a list of (card, orient, x, y, dice), dice None for the reading-order
 * default or a list of (x, y) squares given scarce dice. */
static PyObject *Core_dfs(Core *s, PyObject *args) {
    PyObject *cells, *hand, *supply, *tick;
    int cur, best, floor, drawn, tokens_used, tree_dice, wb;
    if (!PyArg_ParseTuple(args, "OOiiiOpiiiO", &cells, &hand, &drawn, &tokens_used, &tree_dice,
                          &supply, &wb, &cur, &best, &floor, &tick))
        return NULL;
    if (load(s, cells, hand, drawn, tokens_used, tree_dice, supply, wb)) return NULL;
    int exact = 0, value;
    core_begin(&s->cs, tick, best, floor);
    s->pre_at = -1;
    value = dfs(s, cur, &exact);
    return core_result(&s->cs, value, exact, s->line);
}

/* beam(cells, hand, drawn, tokens_used, tree_dice, supply, wheelbarrow_used, cur, best, width,
 * hold=0, ranked=1, tick=None): Searcher.beam from one position (see beam()); tick(nodes, best)
 * is called now and then, as by dfs(), and None from it stops the beam; a turn holds at most about
 * `hold` candidates at once (0: twice the width; the result is the same); `ranked`: by the score
 * plus the knapsack where the core `ranks` (no recipe scores), else by the score alone; 2, with
 * recipes: as beam() says (without, as 1); 0: by the score alone. Returns
 * (complete, 0, 0, positions, best, line), line as dfs() gives it: None unless the beam found a
 * better score than `best`. */
static PyObject *Core_beam(Core *s, PyObject *args) {
    PyObject *cells, *hand, *supply, *tick = Py_None;
    int cur, best, width, drawn, tokens_used, tree_dice, wb, hold = 0, ranked = 1;
    if (!PyArg_ParseTuple(args, "OOiiiOpiii|iiO", &cells, &hand, &drawn, &tokens_used, &tree_dice, &supply, &wb,
                          &cur, &best, &width, &hold, &ranked, &tick))
        return NULL;
    if (width < 1 || width > (1 << 26) || hold < 0 || hold > (1 << 28)) {
        PyErr_SetString(PyExc_ValueError, "width or hold");
        return NULL;
    }
    if (load(s, cells, hand, drawn, tokens_used, tree_dice, supply, wb)) return NULL;
    core_begin(&s->cs, tick, best, NONE);
    int complete = beam(s, cur, width, hold, ranked >= 2 && s->nrec ? ranked : ranked && s->ranks);
    if (complete == -2) return NULL;
    if (complete < 0) return PyErr_NoMemory();
    return core_result(&s->cs, complete, 0, s->line);
}

/* bounds(cells, hand, drawn, tokens_used, tree_dice, supply, wheelbarrow_used[, upper]): the bounds
 * the search uses, for the tests to hold against Python's: (knapsack, per card to play its
 * slot_reach on the credits for the cards after the first, per hand card its slot_reach on
 * the credits for now, the legal placements as (card, orient, x, y, best gain)); with `upper`,
 * the placements as the search takes them: (card, orient, x, y, gain, 1 if the gain is only an
 * upper bound). */
static PyObject *Core_bounds(Core *s, PyObject *args) {
    PyObject *cells, *hand, *supply;
    int drawn, tokens_used, tree_dice, wb, upper = 0;
    if (!PyArg_ParseTuple(args, "OOiiiOp|p", &cells, &hand, &drawn, &tokens_used, &tree_dice, &supply, &wb, &upper))
        return NULL;
    if (load(s, cells, hand, drawn, tokens_used, tree_dice, supply, wb)) return NULL;
    int k = to_play(s);
    PyObject *later = PyList_New(0), *now = PyList_New(0), *moves = PyList_New(0);
    if (!later || !now || !moves) goto fail;
    for (int i = 0; k >= 1 && k <= s->slot_cards && i < k; i++) {
        PyObject *v = PyLong_FromLong(slot_reach(s, card_at(s, i), k - 1));
        if (!v || PyList_Append(later, v) < 0) { Py_XDECREF(v); goto fail; }
        Py_DECREF(v);
    }
    for (int i = 0; s->slot_cards && i < s->nhand; i++) {
        PyObject *v = PyLong_FromLong(slot_reach(s, s->hand[i], 0));
        if (!v || PyList_Append(now, v) < 0) { Py_XDECREF(v); goto fail; }
        Py_DECREF(v);
    }
    static MoveRec mv[MAXMOVES];
    s->cs.overflow = 0;
    int n = gen_moves(s, mv, !upper);
    for (int i = 0; i < n; i++) {
        int x = mv[i].anchor % GW - GO, y = mv[i].anchor / GW - GO;
        PyObject *v = upper ? Py_BuildValue("(iiiiii)", mv[i].card, mv[i].orient, x, y, mv[i].gain, mv[i].bound)
                            : Py_BuildValue("(iiiii)", mv[i].card, mv[i].orient, x, y, mv[i].gain);
        if (!v || PyList_Append(moves, v) < 0) { Py_XDECREF(v); goto fail; }
        Py_DECREF(v);
    }
    return Py_BuildValue("(iNNN)", knapsack(s), later, now, moves);
fail:
    Py_XDECREF(later); Py_XDECREF(now); Py_XDECREF(moves);
    return NULL;
}

/* recipes(cells, hand, drawn, tokens_used, tree_dice, supply, wheelbarrow_used): (the recipes'
 * bound from the position, what they add on its layer as it is), for the tests */
static PyObject *Core_recipes(Core *s, PyObject *args) {
    PyObject *cells, *hand, *supply;
    int drawn, tokens_used, tree_dice, wb;
    if (!PyArg_ParseTuple(args, "OOiiiOp", &cells, &hand, &drawn, &tokens_used, &tree_dice, &supply, &wb)) return NULL;
    if (load(s, cells, hand, drawn, tokens_used, tree_dice, supply, wb)) return NULL;
    return Py_BuildValue("(ii)", recipes_bound(s, NULL), recipe_bonus(s));
}

/* capped(cells, hand, drawn, tokens_used, tree_dice, supply, wheelbarrow_used[, floor]): (the
 * knapsack with the layer's caps, the seven caps (layer_caps_of), per fruit its cell_table() as
 * two lists), for the tests to hold against Python's; with `floor`, the knapsack as a search
 * that cuts at `floor` works it out (capped_with) */
static PyObject *Core_capped(Core *s, PyObject *args) {
    PyObject *cells, *hand, *supply, *floor_arg = Py_None;
    int drawn, tokens_used, tree_dice, wb, floor = NONE;
    if (!PyArg_ParseTuple(args, "OOiiiOp|O", &cells, &hand, &drawn, &tokens_used, &tree_dice, &supply, &wb, &floor_arg))
        return NULL;
    if (floor_arg != Py_None && (floor = (int)PyLong_AsLong(floor_arg)) == -1 && PyErr_Occurred()) return NULL;
    if (load(s, cells, hand, drawn, tokens_used, tree_dice, supply, wb)) return NULL;
    int words[NFR], seven[NCAPS], k = to_play(s);
    Table V;
    cells_left(s, words);
    layer_caps(s, seven);
    PyObject *caps = PyList_New(0), *tables = PyList_New(0);
    if (!caps || !tables) goto fail;
    for (int c = 0; c < NCAPS; c++) {
        PyObject *v = PyLong_FromLong(seven[c]);
        if (!v || PyList_Append(caps, v) < 0) { Py_XDECREF(v); goto fail; }
        Py_DECREF(v);
    }
    for (int f = 0; f < s->nfruits; f++) {
        if (!celled(words, k)) continue;
        fruit_table(s, f, words[f], V);
        PyObject *row = PyList_New(0);
        if (!row || PyList_Append(tables, row) < 0) { Py_XDECREF(row); goto fail; }
        Py_DECREF(row);
        for (int w = 0; w < 2; w++) {
            PyObject *lst = PyList_New(0);
            if (!lst || PyList_Append(row, lst) < 0) { Py_XDECREF(lst); goto fail; }
            Py_DECREF(lst);
            for (int t = 0; t <= TCELLS; t++) {
                PyObject *x = V[w][t] == TNONE ? Py_NewRef(Py_None) : PyLong_FromLong(V[w][t]);
                if (!x || PyList_Append(lst, x) < 0) { Py_XDECREF(x); goto fail; }
                Py_DECREF(x);
            }
        }
    }
    return Py_BuildValue("(iNN)", capped_knapsack(s, NULL, floor, NULL), caps, tables);
fail:
    Py_XDECREF(caps); Py_XDECREF(tables);
    return NULL;
}

/* Core.move_caps(cells, hand, drawn, tokens_used, tree_dice, supply, wb): the move cap of each
 * legal move of the position, as (card, orientation, x, y, bound); [] where it is off (not whole
 * cells) */
static PyObject *Core_move_caps(Core *s, PyObject *args) {
    PyObject *cells, *hand, *supply;
    int drawn, tokens_used, tree_dice, wb;
    if (!PyArg_ParseTuple(args, "OOiiiOp", &cells, &hand, &drawn, &tokens_used, &tree_dice, &supply, &wb)) return NULL;
    if (load(s, cells, hand, drawn, tokens_used, tree_dice, supply, wb)) return NULL;
    MoveCap mc;
    move_cap_start(s, &mc, NULL, NULL);
    PyObject *out = PyList_New(0);
    if (!out || !mc.on) return out;
    MoveRec *mv = s->moves[0];
    int n = gen_moves(s, mv, 0);
    for (int i = 0; i < n; i++) {
        PyObject *t = Py_BuildValue("(iiiii)", mv[i].card, mv[i].orient, mv[i].anchor % GW - GO, mv[i].anchor / GW - GO,
                                    move_cap(s, &mc, &mv[i]));
        if (!t || PyList_Append(out, t) < 0) { Py_XDECREF(t); Py_DECREF(out); return NULL; }
        Py_DECREF(t);
    }
    return out;
}

/* check_cuts(on): (tried, cut, wrong) so far of child_capped() (for the tests) */
static PyObject *Core_check_cuts(Core *s, PyObject *args) {
    int on;
    if (!PyArg_ParseTuple(args, "p", &on)) return NULL;
    s->checking = on;
    return Py_BuildValue("(LLL)", s->filter_tries, s->filter_cuts, s->filter_wrong);
}

/* check_windows(on): (reads, wrong) so far of the windows children share (for the tests) */
static PyObject *Core_check_windows(Core *s, PyObject *args) {
    int on;
    if (!PyArg_ParseTuple(args, "p", &on)) return NULL;
    s->checking = on;
    return Py_BuildValue("(LL)", s->shared_reads, s->shared_wrong);
}

static PyObject *Core_stats(Core *s, PyObject *unused) {
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int k = 0; k <= MAXCARDS; k++) {
        if (!s->stat[k][0]) continue;
        PyObject *t = Py_BuildValue("(iLLLLLL)", k, s->stat[k][0], s->stat[k][1], s->stat[k][2], s->stat[k][3],
                                    s->stat[k][4], s->stat[k][5]);
        if (!t || PyList_Append(out, t) < 0) { Py_XDECREF(t); Py_DECREF(out); return NULL; }
        Py_DECREF(t);
    }
    return out;
}

static PyObject *Core_clear(Core *s, PyObject *unused) {
    memset(s->tt, 0, s->tt_bytes);
    Py_RETURN_NONE;
}

static PyMethodDef Core_methods[] = {
    {"dfs", (PyCFunction)Core_dfs, METH_VARARGS, "The exact search from one position (see the C source)."},
    {"beam", (PyCFunction)Core_beam, METH_VARARGS, "The beam search from one position (see the C source)."},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS, "Empty the transposition table."},
    {"stats", (PyCFunction)Core_stats, METH_NOARGS,
     "Since the core was made, per number of cards to play: (cards, positions, table answers, cut by the "
     "knapsack, cut by the slot bound, expanded, cut by the layer cap)."},
    {"bounds", (PyCFunction)Core_bounds, METH_VARARGS,
     "The knapsack, slot reaches and moves of a position (see the C source); with a last argument true, the moves "
     "as the search makes them: where the packed scan cannot score one, an upper bound on its gain, and a flag"},
    {"capped", (PyCFunction)Core_capped, METH_VARARGS,
     "The knapsack with the layer's caps, the caps and the fruits' tables of a position (see the C source)."},
    {"move_caps", (PyCFunction)Core_move_caps, METH_VARARGS, "The move cap of each legal move of a position (see the C source)."},
    {"recipes", (PyCFunction)Core_recipes, METH_VARARGS, "The recipes' bound and bonus of a position (see the C source)."},
    {"check_cuts", (PyCFunction)Core_check_cuts, METH_VARARGS,
     "check_cuts(on): hold every child child_capped() cuts against its own capped knapsack (see the C source); "
     "returns (tried, cut, wrong) so far."},
    {"check_windows", (PyCFunction)Core_check_windows, METH_VARARGS,
     "Hold every slot bound read on a window children share against one built afresh, from now on (for the "
     "tests): (reads, wrong) so far."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef Core_members[] = {
    {"cap_lo", T_INT, offsetof(Core, cap_lo), 0, "The layer cap is tried with at least this many cards to play."},
    {"ext_gate", T_INT, offsetof(Core, ext_gate), 0,
     "The move cap's second bound (its trees off the layer as ready trees) with these numbers of cards to play: a bit each (0: never)."},
    {"ext_gap", T_INT, offsetof(Core, ext_gap), 0, "... where the plain cap is at most this far above the need."},
    {"cap_hi", T_INT, offsetof(Core, cap_hi), 0, "... and at most this many (0: never)."},
    {"mcap_lo", T_INT, offsetof(Core, mcap_lo), 0, "The move cap is tried on the moves of positions with at least this many cards to play."},
    {"mcap_hi", T_INT, offsetof(Core, mcap_hi), 0, "... and at most this many (0: never)."},
    {"ranks", T_INT, offsetof(Core, ranks), READONLY,
     "1 where the beam ranks by the score plus the knapsack's bound (no recipe scores), 0 by the score alone."},
    {"doubled", T_INT, offsetof(Core, doubled), 0,
     "The layer and move caps count a fruit whose dice a recipe doubles twice (0: the recipe's bound apart)."},
    {"wb_split", T_INT, offsetof(Core, wb_split), 0,
     "Positions with two to four cards to play bound the games that make the wheelbarrow apart (wb_split_bound)."},
    {"folds", T_INT, offsetof(Core, folds), 0,
     "The layer and move caps count the points of a recipe that wants all of one fruit's dice in play with "
     "that fruit's cells (1), those of a recipe that wants the wheelbarrow used where it is made too (2), and "
     "those of a line of three (3), and bound the games that meet Three-Citrus Salad apart from the others "
     "(4, the default: Split); 0: the recipes' bound apart."},
    {"child_caps", T_INT, offsetof(Core, child_caps), 0,
     "A position works out its children's layer caps from its own before they are played (0: never; 1: not "
     "where a recipe doubles a fruit; 2, the default: there too)."},
    {NULL, 0, 0, 0, NULL},
};

CORE_MODULE(_grove, "The exact Grove search for one deal.", "The exact Grove search of pnp's solver, compiled.", Core_members)
