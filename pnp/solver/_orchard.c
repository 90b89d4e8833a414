/* The exact search of pnp's solver for Orchard (``orchard``, ``orchard-pnp``), in C.
 *
 * The same depth-first branch and bound as ``Searcher.dfs`` in search.py,
 * over the same rules as ``OrchardEngine`` in engine.py, with the same
 * admissible bounds: the fruit-by-fruit knapsack (``Bounder.fruit_gains``)
 * and, with few cards to play, the geometric slot bound (``Bounder.slots``,
 * ``Bounder.rest``), whose per-square credits Python works out once and hands
 * over as tables (``Engine.credits``). Python keeps everything around it: the
 * beam, the parallel driver, turning lines into moves; search.py falls back
 * to its own dfs when this module is not built.
 *
 * Positions: the visible layer is a 128 x 128 grid of square codes (the
 * layout of engine.code; 0 is empty table), the start card's top-left square
 * at (64, 64). A placement is evaluated by summing six packed integers, one
 * per card cell (see pack()), as engine.py does.
 */
#define PY_SSIZE_T_CLEAN
#include "_core.h"
#include <structmember.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define PEN 3 /* ROTTEN_PENALTY */

/* packed fields of one cell's effect; sums over six cells never carry */
#define P_COV 0
#define P_ILL 3
#define P_MIS 6
#define P_RET 9   /* dice going back to the supply, 3 bits per fruit */
#define P_WANT 18 /* new dice wanted, 3 bits per fruit */
#define P_GAIN 32 /* score change, + GAIN_OFF per covered cell */
#define GAIN_OFF 16

/* a Tile: per fruit, the 8 x 8 squares of a set of planes from two left of and two above a
 * footprint (the squares a move changes), eight bytes a row, and room after them for the last
 * reads of tile_reach() */
#define TROW 8
#define TILE 96
/* a Win: per fruit, the window slot_reach() scans (from two left of and two above the visible
 * squares), sixteen bytes a row, where it is at most 16 squares wide and WMAX rows tall */
#define WROW 16
#define WMAX 24
#define WSIZE (WROW * (WMAX + 3))  /* a fruit's rows, and three for the last reads */
typedef struct { int n; int rot; int dy[6], dx[6], f[6], off[6], pofs[6], tofs[6], tsq[6]; int w, h; } Orient;
/* pofs: a cell's place in the planes of its fruit, from the first plane of a set (f * PLANE + off);
 * tofs: its place in a Tile (tile_reach()) from the first anchor row a footprint can touch;
 * tsq: the square it lays in the tile of its own footprint (tile_set()) */

/* what an expanded position leaves its children (child_slots): every card's reach on its layer
 * on the credits for `later` (the children's later pass) and, for the cards that can be in a
 * child's hand, for now */
typedef struct { int ok, later, left; int reach[MAXCARDS], now[MAXCARDS]; } Hint;

struct Tile;
typedef struct Core {
    PyObject_HEAD
    /* the deal */
    int ncards, nfruits, dice_per_fruit, tokens;
    int ladder[32];
    int norient[MAXCARDS];
    Orient orient[MAXCARDS][4];
    int card_fruits[MAXCARDS][NFR];
    int slot_cards;
    int32_t *cred;   /* [(later * 2 + left) * NCODES + code] * NFR: credits, NEVER where no card may go */
    uint64_t *lane16; /* the same, one word per code: a square's values in the planes (set_plane), 16 bits a fruit */
    uint32_t *lane8;  /* the same in 8 bits a fruit, for the `later` whose credits fit (byte_ok) */
    int8_t *p8;       /* the planes of set_plane(): [(later * 2 + left) * NFR + fruit] * PLANE */
    int16_t *p16;
    /* the squares the moves on the path have changed, in order (apply() adds six, undo() takes
     * them off), and per plane set (later * 2 + left) how many of them it shows */
    int logp[MAXDEPTH * 6], nlog, synced[MAXLATER * 2], zh_at;  /* zh_at: the log entries zh shows */
    uint16_t logold[MAXDEPTH * 6], lognew[MAXDEPTH * 6];
    /* per depth, what an expanded position leaves its children for their bounds (child_slots) */
    Hint hint[MAXDEPTH];
    int left_monotone;  /* no credit is larger with no mismatch left than with one (Core_init) */
    int tile_ok;  /* every card is 2 x 3 squares: child_slots() scans tiles (tile_reach()) */
    /* tile_reaches() or, where the processor has AVX2 (avx2: 1), tile_reaches_avx2(); the
     * environment's PNP_NO_AVX2 keeps the first (the tests check both) */
    void (*tile_reaches)(struct Core *, const struct Tile *, const int *, int, int, int, int *);
    int avx2;
    /* with AVX2, reaches() on a narrow window scans a copy of it (win_reaches_avx2()), else NULL */
    void (*win_reaches)(struct Core *, const int *, int, int, int, int *);
    int wofs[MAXCARDS][4][6];  /* per card, orientation and cell: its place in a Win */
    /* check_planes(): compare every set of planes read with the grid (for the tests) */
    int checking;
    long long plane_reads, other_checks, plane_wrong;
    int byte_ok[MAXLATER];
    /* every credit for now is at least 0 but a mismatch's, at least mis_min (Core_init):
     * gen_moves can find the legal placements on the planes */
    int legal_floor_ok, mis_min;
    int unit[MAXLATER];
    int scale[MAXLATER];  /* the credits and unit of each later as given, over these (Core_init) */
    uint64_t pk[NFR][NCODES];
    /* transposition table */
    Entry *tt;
    uint64_t tt_mask;
    size_t tt_bytes;
    /* the position */
    uint16_t grid[GSIZE];
    int x0, x1, y0, y1;
    int hand[2], nhand, drawn, tokens_used, tree_dice, supply[NFR];
    uint64_t zh;
    /* what the knapsack reads of the layer, kept up to date square by square (tally()):
     * per fruit, its dice by value and its trees with neither die nor token */
    int dice_count[NFR][32], bases[NFR];
    /* the same dice as one word per fruit, four bits a count at the die value's place
     * (vplace: the values a die climbs from or to, -1 for the others, which never climb
     * and so add nothing to the knapsack); `placed`: every such value has a place (at
     * most KEY_PLACES), else share_key counts the dice afresh */
    uint64_t dkey[NFR];
    int vplace[32], placed;
    /* the knapsack's answers per fruit, by share_key() */
    uint64_t *memo;
    CoreSearch cs;  /* the search's counts, incumbent and calls back (_core.h) */
    Step path[MAXDEPTH], line[MAXDEPTH];
    int pre_knap, pre_at;  /* the knapsack of the position at depth pre_at, worked out by its parent */
    int knap_tries[BOUND_FIRST + 1], knap_cuts[BOUND_FIRST + 1];  /* lately, per cards to play (knap_seen) */
    long long stat[MAXCARDS + 1][4];  /* per cards to play: positions, table answers, bound cuts, expanded */
    MoveRec moves[MAXDEPTH][MAXMOVES];
} Core;

static inline uint64_t hand_key(Core *s) {
    uint64_t k = mix64(0xA5A5000000ULL + (uint64_t)s->drawn);
    for (int i = 0; i < s->nhand; i++) k ^= mix64(0x5A5A0000ULL + (uint64_t)s->hand[i]);
    return k;
}

static inline int die_of(int c) { return (c >> 6) & 31; }

/* what a card cell of fruit f does to a square showing c, packed (engine.OrchardEngine._tables) */
static uint64_t pack(Core *s, int f, int c) {
    if (!c) return 0;
    uint64_t v = (1ULL << P_COV) + ((uint64_t)GAIN_OFF << P_GAIN);
    int d = die_of(c);
    if (c & 48) return v + (1ULL << P_ILL);
    if ((c & 3) == f) {
        if (d) return v + ((uint64_t)(s->ladder[d] - d) << P_GAIN);
        return v + (1ULL << (P_WANT + 3 * f));
    }
    v += (1ULL << P_MIS);
    v -= (uint64_t)(d + PEN) << P_GAIN;
    if (d) v += 1ULL << (P_RET + 3 * ((c >> 11) & 3));
    return v;
}

static inline int decode(Core *s, uint64_t v) {
    int g = (int)(v >> P_GAIN) - GAIN_OFF * (int)(v & 7);
    uint64_t w = (v >> P_WANT) & 0777;
    if (w) {
        for (int f = 0; f < s->nfruits; f++) {
            int n = (int)((w >> (3 * f)) & 7);
            if (n) {
                int k = s->supply[f] + (int)((v >> (P_RET + 3 * f)) & 7);
                g += n < k ? n : k;
            }
        }
    }
    return g;
}

static inline int incumbent(Core *s) { return s->cs.best > s->cs.floor ? s->cs.best : s->cs.floor; }

static inline int to_play(Core *s) { return s->nhand + s->ncards - s->drawn; }

static inline int card_at(Core *s, int i) { return i < s->nhand ? s->hand[i] : s->drawn + i - s->nhand; }

/* ------------------------------------------------------------------ bounds */

static int chain(Core *s, int v, int k, int *out) {
    int n = 0, now = v;
    for (int i = 0; i < k; i++) {
        int nv = s->ladder[v];
        if (nv - now > 0) out[n++] = nv - now;
        now = v = nv;
    }
    return n;
}

/* Bounder.best_share: the most `events` climbs add to the dice and new dice of one fruit */
static int best_share(Core *s, const int *dice, int ndice, int supply, int bases, int events, int k) {
    int best[128], nxt[128];
    if (events > 127) events = 127;
    for (int c = 0; c <= events; c++) best[c] = 0;
    int nitems = ndice + supply;
    int inc[16];
    for (int it = 0; it < nitems; it++) {
        int m, extra;
        if (it < ndice) { m = chain(s, dice[it], k, inc); extra = 0; }
        else if (it < ndice + bases) { m = chain(s, 0, k, inc); extra = 0; }
        else { m = chain(s, 0, k - 1, inc); extra = 1; }
        if (!m) continue;
        memcpy(nxt, best, sizeof(int) * (events + 1));
        int total = 0;
        for (int n = 1; n <= m; n++) {
            total += inc[n - 1];
            int cost = n + extra;
            for (int c = cost; c <= events; c++) {
                int v = best[c - cost] + total;
                if (v > nxt[c]) nxt[c] = v;
            }
        }
        memcpy(best, nxt, sizeof(int) * (events + 1));
    }
    return best[events];
}

/* one square's part in the knapsack's view of the layer, added (sign 1) or taken away (-1) */
static inline void tally(Core *s, int c, int sign) {
    if (!c) return;
    int d = die_of(c);
    if (d) {
        int f = (c >> 11) & 3;
        s->dice_count[f][d] += sign;
        if (s->vplace[d] >= 0) s->dkey[f] += (uint64_t)(int64_t)sign << (4 * s->vplace[d]);
    }
    else if (!(c & 48)) s->bases[c & 3] += sign;
}

/* best_share's arguments in one word (0: too large to pack): the dice by value, the supply,
 * the bases, the events and the cards to play. The packing is one-to-one for dice counts
 * under 16, which dice_per_fruit (at most 15: Core_init) guarantees. */
#define MEMO_BITS 18
#define MEMO_BYTES (sizeof(uint64_t) * ((size_t)2 << MEMO_BITS))  /* (memo_alloc) */
#define KEY_PLACES 10
static inline uint64_t share_key(Core *s, int f, int bases, int events, int k) {
    /* the usual case: the word kept by tally(), tagged by bit 62 (the counted keys stay below
     * 2^61); one-to-one as counts stay under 16 */
    if (s->placed)
        return 1ULL << 62 | ((((s->dkey[f] << 4 | (uint64_t)s->supply[f]) << 4 | (uint64_t)bases) << 8
                             | (uint64_t)events) << 5 | (uint64_t)k);
    uint64_t key = 1;
    for (int v = 1; v < 32; v++) {
        int n = s->dice_count[f][v];
        if (n) key = key * 32 * 16 + (uint64_t)(v * 16 + n);
        if (key >> 40) return 0;
    }
    return (((key << 4 | (uint64_t)s->supply[f]) << 4 | (uint64_t)bases) << 8 | (uint64_t)events) << 5 | (uint64_t)k;
}

/* per fruit, its cells on the cards still to play */
static inline void cells_left(Core *s, int *covers) {
    for (int f = 0; f < NFR; f++) covers[f] = 0;
    for (int i = 0, k = to_play(s); i < k; i++) {
        int c = card_at(s, i);
        for (int f = 0; f < s->nfruits; f++) covers[f] += s->card_fruits[c][f];
    }
}

/* Bounder.fruit_gains, summed, with `covers` (cells_left) and `k` cards to play */
static int knapsack_of(Core *s, const int *covers, int k) {
    int total = 0;
    for (int f = 0; f < s->nfruits; f++) {
        int b = s->bases[f] < s->supply[f] ? s->bases[f] : s->supply[f];
        uint64_t key = covers[f] < 256 && k < 32 ? share_key(s, f, b, covers[f], k) : 0;
        uint64_t *slot = s->memo + 2 * (mix64(key) & ((1u << MEMO_BITS) - 1));
        if (key && slot[0] == key) { total += (int)slot[1]; continue; }
        int dice[32 * 8], nd = 0;
        for (int v = 1; v < 32; v++)
            for (int n = 0; n < s->dice_count[f][v] && nd < 32 * 8; n++) dice[nd++] = v;
        int got = best_share(s, dice, nd, s->supply[f], b, covers[f], k);
        if (key) { slot[0] = key; slot[1] = (uint64_t)got; }
        total += got;
    }
    return total;
}

/* Bounder.fruit_gains, summed */
static int knapsack(Core *s) {
    int covers[NFR];
    cells_left(s, covers);
    return knapsack_of(s, covers, to_play(s));
}

/* Engine.lanes, kept square by square: per `later`, per `left` (a mismatch still allowed) and
 * per fruit, a plane over the whole grid holding the credit of a card cell of that fruit on
 * each square, SENT where no card may go (Core.p8 for the `later` whose credits fit a byte,
 * byte_ok; Core.p16 for the others). A bound never builds lanes: apply() logs the squares a
 * move changes, and a set of planes is brought up to date from the log only when a bound
 * reads it (sync_plane); undo() takes back what the planes show of the moves it undoes. A
 * position cut by its knapsack or the table costs the planes nothing.
 *
 * A card's reach is the largest sum over its six cells, for every anchor of the window (the
 * visible squares with a margin of two), sixteen anchors (8-bit) or eight (16-bit) to an SSE2
 * instruction, row by row. A run may go past the window's last anchor of a row: those
 * anchors lie right of the visible squares, on empty table only, where an anchor of the
 * window lies too, so the largest sum is the same. load() keeps the window far enough from
 * the grid's edges for every read.
 *
 * 16-bit: Core_init refuses credits beyond CREDIT_MAX, so a sum with a SENT in it stays below
 * 0 and below every sum without one. 8-bit (at most BYTE_MAX, NEVER as SENT8): sums saturate,
 * so a sum with a SENT8 in it stays below 0 (five other cells add at most 5 * BYTE_MAX), and
 * a sum that saturates low was below 0 anyway: the largest sum at least 0 is exact. */
#define SENT (-5000)
#define CREDIT_MAX 800
#define SENT8 (-128)
#define BYTE_MAX 21
#define PLANE (GSIZE + 64) /* a plane and a little room after it */

static inline int8_t *plane8(Core *s, int later, int left, int f) {
    return s->p8 + ((size_t)(later * 2 + left) * NFR + f) * PLANE;
}
static inline int16_t *plane16(Core *s, int later, int left, int f) {
    return s->p16 + ((size_t)(later * 2 + left) * NFR + f) * PLANE;
}

/* square `p` shows `code`: its values in the planes of `later`, `left` */
static inline void set_plane(Core *s, int later, int left, int p, int code) {
    size_t at = (size_t)(later * 2 + left) * NCODES + code;
    if (s->byte_ok[later]) {
        uint32_t q = s->lane8[at];
        int8_t *b = plane8(s, later, left, 0) + p;
        b[0] = (int8_t)q;
        b[PLANE] = (int8_t)(q >> 8);
        b[2 * PLANE] = (int8_t)(q >> 16);
    } else {
        uint64_t q = s->lane16[at];
        int16_t *b = plane16(s, later, left, 0) + p;
        b[0] = (int16_t)q;
        b[PLANE] = (int16_t)(q >> 16);
        b[2 * PLANE] = (int16_t)(q >> 32);
    }
}

/* every plane from the grid, and the log of moves emptied (load()) */
static void fill_planes(Core *s) {
    for (int later = 0; later < s->slot_cards; later++)
        for (int left = 0; left < 2; left++) {
            for (int p = 0; p < GSIZE; p++) set_plane(s, later, left, p, s->grid[p]);
            s->synced[later * 2 + left] = 0;
        }
    s->nlog = 0;
}

/* the planes of `later`, `left` brought up to the grid: the squares the moves since they were
 * last read have changed */
static inline void sync_plane(Core *s, int later, int left) {
    int *at = &s->synced[later * 2 + left];
    for (int j = *at; j < s->nlog; j++) set_plane(s, later, left, s->logp[j], s->lognew[j]);
    *at = s->nlog;
}

/* undo() took the log back to `n` squares: planes ahead of it go back too, last change first */
static inline void unsync_planes(Core *s, int n) {
    for (int later = 0; later < s->slot_cards; later++)
        for (int left = 0; left < 2; left++) {
            int *at = &s->synced[later * 2 + left];
            for (int j = *at - 1; j >= n; j--) set_plane(s, later, left, s->logp[j], s->logold[j]);
            if (*at > n) *at = n;
        }
}

/* The slot bound's scans: the most a placement's six cells' credits sum to over runs of anchors
 * (`l`: the six planes, one a cell, shifted so that index i is the anchor's), sixteen anchors at a
 * time in bytes (saturating) or eight in 16 bits, as the processor allows. `top8_get()` and
 * `top16_get()` give the most added so far. */
#if defined(__SSE2__)
typedef __m128i Top;
/* bytes are compared as unsigned with their top bit flipped (SSE2 has no signed byte max) */
static inline Top top8_start(void) { return _mm_set1_epi8((char)0x80); }
/* the sums at sixteen anchors (move generation sifts them too) */
static inline __m128i sum6_8(const int8_t *const *l, int i) {
    __m128i t = _mm_adds_epi8(_mm_loadu_si128((const __m128i *)(l[0] + i)), _mm_loadu_si128((const __m128i *)(l[1] + i)));
    for (int k = 2; k < 6; k++) t = _mm_adds_epi8(t, _mm_loadu_si128((const __m128i *)(l[k] + i)));
    return t;
}
static inline Top top8_add(Top top, const int8_t *const *l, int i) {
    return _mm_max_epu8(top, _mm_xor_si128(sum6_8(l, i), _mm_set1_epi8((char)0x80)));
}
static inline int top8_get(Top top) {
    top = _mm_max_epu8(top, _mm_srli_si128(top, 8));
    top = _mm_max_epu8(top, _mm_srli_si128(top, 4));
    top = _mm_max_epu8(top, _mm_srli_si128(top, 2));
    top = _mm_max_epu8(top, _mm_srli_si128(top, 1));
    return (_mm_cvtsi128_si32(top) & 0xFF) - 128;
}
static inline Top top16_start(void) { return _mm_setzero_si128(); }
static inline Top top16_add(Top top, const int16_t *const *l, int i) {
    __m128i t = _mm_add_epi16(_mm_loadu_si128((const __m128i *)(l[0] + i)), _mm_loadu_si128((const __m128i *)(l[1] + i)));
    for (int k = 2; k < 6; k++) t = _mm_add_epi16(t, _mm_loadu_si128((const __m128i *)(l[k] + i)));
    return _mm_max_epi16(top, t);
}
static inline int top16_get(Top top) {
    top = _mm_max_epi16(top, _mm_srli_si128(top, 8));
    top = _mm_max_epi16(top, _mm_srli_si128(top, 4));
    top = _mm_max_epi16(top, _mm_srli_si128(top, 2));
    return (int16_t)_mm_cvtsi128_si32(top);
}
#else
typedef int Top;
static inline Top top8_start(void) { return 0; }
static inline Top top8_add(Top top, const int8_t *const *l, int i) {
    for (int j = i; j < i + 16; j++) {
        int t = l[0][j] + l[1][j] + l[2][j] + l[3][j] + l[4][j] + l[5][j];
        if (t > top) top = t;
    }
    return top;
}
static inline int top8_get(Top top) { return top; }
static inline Top top16_start(void) { return 0; }
static inline Top top16_add(Top top, const int16_t *const *l, int i) {
    for (int j = i; j < i + 8; j++) {
        int t = l[0][j] + l[1][j] + l[2][j] + l[3][j] + l[4][j] + l[5][j];
        if (t > top) top = t;
    }
    return top;
}
static inline int top16_get(Top top) { return top; }
#endif

/* Engine.slot_reach: the most card `card` is credited by a placement in the window (at least 0) */
static int slot_reach(Core *s, int card, int later, int left) {
    int xa = s->x0 - 2, ya = s->y0 - 2, vw = s->x1 - s->x0 + 5, h = s->y1 - s->y0 + 5;
    if (s->byte_ok[later]) {
        const int8_t *base = plane8(s, later, left, 0) + ya * GW + xa;
        Top top = top8_start();
        for (int o = 0; o < s->norient[card]; o++) {
            const Orient *or_ = &s->orient[card][o];
            const int8_t *l[6];
            for (int i = 0; i < 6; i++) l[i] = base + or_->pofs[i];
            int nx = vw - or_->w + 1, ny = h - or_->h + 1;
            for (int r = 0; r < ny; r++) {
                int row = r * GW;
                for (int i = row; i < row + nx; i += 16) {
                    top = top8_add(top, l, i);
                }
            }
        }
        return top8_get(top);
    }
    const int16_t *base = plane16(s, later, left, 0) + ya * GW + xa;
    Top top = top16_start();
    for (int o = 0; o < s->norient[card]; o++) {
        const Orient *or_ = &s->orient[card][o];
        const int16_t *l[6];
        for (int i = 0; i < 6; i++) l[i] = base + or_->pofs[i];
        int nx = vw - or_->w + 1, ny = h - or_->h + 1;
        for (int r = 0; r < ny; r++) {
            int row = r * GW;
            for (int i = row; i < row + nx; i += 8) {
                top = top16_add(top, l, i);
            }
        }
    }
    return top16_get(top);
}

/* the planes of `later`, `left` against the grid, on every square a reach reads (check_planes) */
static void check_plane(Core *s, int later, int left) {
    s->plane_reads++;
    for (int y = s->y0 - 2; y <= s->y1 + 4; y++)
        for (int x = s->x0 - 2; x <= s->x1 + 21; x++) {
            int p = y * GW + x;
            size_t at = (size_t)(later * 2 + left) * NCODES + s->grid[p];
            for (int f = 0; f < NFR; f++) {
                int want = s->byte_ok[later] ? (int8_t)(s->lane8[at] >> (8 * f)) : (int16_t)(s->lane16[at] >> (16 * f));
                int got = s->byte_ok[later] ? plane8(s, later, left, f)[p] : plane16(s, later, left, f)[p];
                if (got != want) { s->plane_wrong++; return; }
            }
        }
}

/* slot_reach of the first `n` cards to play (card_at: the hand first) on the credits for
 * `later`, into `out`; their sum */
static int reaches(Core *s, int later, int n, int *out) {
    int left = s->tokens_used < s->tokens, total = 0;
    sync_plane(s, later, left);
    if (s->checking) check_plane(s, later, left);
    if (s->win_reaches && s->byte_ok[later] && s->x1 - s->x0 + 5 <= WROW && s->y1 - s->y0 + 5 <= WMAX) {
        int cards[MAXCARDS];
        for (int i = 0; i < n; i++) cards[i] = card_at(s, i);
        s->win_reaches(s, cards, n, later, left, out);
        for (int i = 0; i < n; i++) total += out[i];
        return total;
    }
    for (int i = 0; i < n; i++) total += out[i] = slot_reach(s, card_at(s, i), later, left);
    return total;
}

/* the later pass of the slot bound (have: per card, their total and unit); the pass for now of the
 * hand cards where slots_from() made it (have_now) */
typedef struct { int have, have_now; int per[MAXCARDS], now[2]; int total, unit; } Later;

/* the most card `card` is credited by an anchor that covers a square of the rectangle at
 * (fx, fy), fh tall (the squares the last move changed, 2 or 3 wide); with those of a few
 * anchors to their right, which only raises it. At most 5 anchors a row: one run of 16 (8-bit)
 * or 8 (16-bit) covers them, whatever the width. (The same scan as slot_reach, on another rectangle, with one run a
 * row: one function for both, even inlined, made 9-card proofs 12 % slower.) */
static int touch_reach(Core *s, int card, int later, int left, int fx, int fy, int fh) {
    if (s->byte_ok[later]) {
        const int8_t *first = plane8(s, later, left, 0);
        Top top = top8_start();
        for (int o = 0; o < s->norient[card]; o++) {
            const Orient *or_ = &s->orient[card][o];
            const int8_t *base = first + (fy - or_->h + 1) * GW + fx - or_->w + 1, *l[6];
            int rows = fh + or_->h - 1;
            for (int i = 0; i < 6; i++) l[i] = base + or_->pofs[i];
            for (int i = 0; i < rows * GW; i += GW) {
                top = top8_add(top, l, i);
            }
        }
        return top8_get(top);
    }
    const int16_t *first = plane16(s, later, left, 0);
    Top top = top16_start();
    for (int o = 0; o < s->norient[card]; o++) {
        const Orient *or_ = &s->orient[card][o];
        const int16_t *base = first + (fy - or_->h + 1) * GW + fx - or_->w + 1, *l[6];
        int rows = fh + or_->h - 1;
        for (int i = 0; i < 6; i++) l[i] = base + or_->pofs[i];
        for (int i = 0; i < rows * GW; i += GW) {
            top = top16_add(top, l, i);
        }
    }
    return top16_get(top);
}

#if defined(__SSE2__)
typedef struct Tile { _Alignas(32) int8_t t[NFR][TILE]; } Tile;

/* the tile of the planes of `later`, `left` at the footprint whose top left square is (fx, fy) */
static inline void tile_fill(Core *s, Tile *T, int later, int left, int fx, int fy) {
    const int8_t *src = plane8(s, later, left, 0) + (fy - 2) * GW + fx - 2;
    for (int f = 0; f < NFR; f++, src += PLANE) {
        for (int r = 0; r < TROW; r++) memcpy(T->t[f] + r * TROW, src + r * GW, TROW);
    }
}

/* the square at `at` (an Orient's tsq) shows `code` in the tile */
static inline void tile_set(Core *s, Tile *T, int later, int left, int at, int code) {
    uint32_t q = s->lane8[(size_t)(later * 2 + left) * NCODES + code];
    T->t[0][at] = (int8_t)q;
    T->t[1][at] = (int8_t)(q >> 8);
    T->t[2][at] = (int8_t)(q >> 16);
}

/* touch_reach() on a tile (8-bit credits), for a footprint `fw` x `fh`: the most card `card` is
 * credited by an anchor that covers a square of the footprint, and by those anchors only. A
 * tile's rows are eight squares apart, so one run of sixteen lanes sums two rows of anchors:
 * lanes 0-7 the anchors of one row, from two left of the footprint, and 8-15 the next row's.
 * An orientation of h rows touches the footprint from fh + h - 1 rows of anchors (two or three
 * runs, where touch_reach() runs once a row), and only lanes of touching anchors are kept: the
 * others may read past a row's eight squares. */
static int tile_reach(Core *s, const Tile *T, int card, int fw, int fh) {
    const int8_t *t = &T->t[0][0];
    const __m128i flip = _mm_set1_epi8((char)0x80), low = _mm_setr_epi32(-1, -1, 0, 0);
    __m128i wide = _mm_setzero_si128(), tall = _mm_setzero_si128();  /* 3 wide and 2 wide; 0: none */
    for (int o = 0; o < s->norient[card]; o++) {
        const Orient *or_ = &s->orient[card][o];
        const int8_t *l[6];
        for (int i = 0; i < 6; i++) l[i] = t + or_->tofs[i];
        /* three, four or five rows of anchors: two runs, and a third for five; a run with one
         * row left keeps its first half */
        __m128i top = _mm_xor_si128(sum6_8(l, 0), flip), v = _mm_xor_si128(sum6_8(l, 2 * TROW), flip);
        if (fh + or_->h == 4) v = _mm_and_si128(v, low);
        top = _mm_max_epu8(top, v);
        if (fh + or_->h == 6) top = _mm_max_epu8(top, _mm_and_si128(_mm_xor_si128(sum6_8(l, 4 * TROW), flip), low));
        if (or_->w == 3) wide = _mm_max_epu8(wide, top);
        else tall = _mm_max_epu8(tall, top);
    }
    /* the anchors that touch: 3 - w to 1 + fw squares from the tile's left */
    static const int8_t keep[2][16] = {{-1, -1, -1, -1, 0, 0, 0, 0, -1, -1, -1, -1, 0, 0, 0, 0},
                                       {-1, -1, -1, -1, -1, 0, 0, 0, -1, -1, -1, -1, -1, 0, 0, 0}};
    const __m128i k = _mm_loadu_si128((const __m128i *)keep[fw - 2]);
    return top8_get(_mm_max_epu8(_mm_and_si128(wide, k), _mm_and_si128(tall, _mm_andnot_si128(_mm_setr_epi32(0xFF, 0, 0xFF, 0), k))));
}

/* tile_reach() of the first `n` of `cards` into `out` */
static void tile_reaches(Core *s, const Tile *T, const int *cards, int n, int fw, int fh, int *out) {
    for (int i = 0; i < n; i++) out[i] = tile_reach(s, T, cards[i], fw, fh);
}

#if defined(__x86_64__) && defined(__GNUC__)
#define TILE_AVX2 1
#include <immintrin.h>
/* the sums at 32 anchors, in bytes (saturating), from `at` on the six cells' pointers `l` */
__attribute__((target("avx2"))) static inline __m256i sum6_32(const int8_t *const *l, int at) {
    __m256i v = _mm256_adds_epi8(_mm256_loadu_si256((const __m256i *)(l[0] + at)), _mm256_loadu_si256((const __m256i *)(l[1] + at)));
    for (int i = 2; i < 6; i++) v = _mm256_adds_epi8(v, _mm256_loadu_si256((const __m256i *)(l[i] + at)));
    return v;
}
/* the most of 32 signed bytes */
__attribute__((target("avx2"))) static inline int most32(__m256i top) {
    __m128i h = _mm_max_epi8(_mm256_castsi256_si128(top), _mm256_extracti128_si256(top, 1));
    h = _mm_max_epi8(h, _mm_srli_si128(h, 8));
    h = _mm_max_epi8(h, _mm_srli_si128(h, 4));
    h = _mm_max_epi8(h, _mm_srli_si128(h, 2));
    h = _mm_max_epi8(h, _mm_srli_si128(h, 1));
    return (int8_t)_mm_cvtsi128_si32(h);
}
/* tile_reaches() where the processor has AVX2 (Core_init asks): one run of 32 lanes sums four
 * rows of anchors, so an orientation takes one run, or two for five rows */
__attribute__((target("avx2"))) static void tile_reaches_avx2(Core *s, const Tile *T, const int *cards, int n,
                                                               int fw, int fh, int *out) {
    const int8_t *t = &T->t[0][0];
    const __m256i sent = _mm256_set1_epi8(-128);
    /* lanes k of a run: anchor row k / 8, column k % 8 from the tile's left; a mask keeps rows */
    const __m256i three = _mm256_setr_epi32(-1, -1, -1, -1, -1, -1, 0, 0), one = _mm256_setr_epi32(-1, -1, 0, 0, 0, 0, 0, 0);
    /* and the columns that touch: 3 - w to 1 + fw */
    static const int8_t keep[2][2][8] = {{{0, -1, -1, -1, 0, 0, 0, 0}, {-1, -1, -1, -1, 0, 0, 0, 0}},
                                         {{0, -1, -1, -1, -1, 0, 0, 0}, {-1, -1, -1, -1, -1, 0, 0, 0}}};
    int64_t k2, k3;
    memcpy(&k2, keep[fw - 2][0], 8);
    memcpy(&k3, keep[fw - 2][1], 8);
    const __m256i keep2 = _mm256_set1_epi64x(k2), keep3 = _mm256_set1_epi64x(k3);
    for (int c = 0; c < n; c++) {
        int card = cards[c];
        __m256i top = sent;
        for (int o = 0; o < s->norient[card]; o++) {
            const Orient *or_ = &s->orient[card][o];
            const int8_t *l[6];
            for (int i = 0; i < 6; i++) l[i] = t + or_->tofs[i];
            __m256i v = sum6_32(l, 0);
            int rows = fh + or_->h - 1;
            if (rows == 3) v = _mm256_blendv_epi8(sent, v, three);
            else if (rows == 5) v = _mm256_max_epi8(v, _mm256_blendv_epi8(sent, sum6_32(l, 4 * TROW), one));
            top = _mm256_max_epi8(top, _mm256_blendv_epi8(sent, v, or_->w == 3 ? keep3 : keep2));
        }
        out[c] = most32(top);
    }
}

typedef struct Win { _Alignas(32) int8_t t[NFR][WSIZE]; } Win;

/* slot_reach() of `n` cards on the planes of `later`, `left`, into `out`, where the window is at
 * most WROW squares wide and WMAX tall (reaches() asks): the window copied sixteen bytes a row,
 * so one run of 32 lanes sums two rows of anchors (lanes 0-15 one row's, 16-31 the next's), where
 * slot_reach() runs once a row; lanes of anchors past the window are dropped (slot_reach() sums
 * some, on empty squares only, whose sum an anchor in the window's empty margin has too).
 * check_planes: slot_reach() on the planes too, a wrong answer counted */
__attribute__((target("avx2"))) static void win_reaches_avx2(Core *s, const int *cards, int n, int later,
                                                              int left, int *out) {
    Win W;
    int vw = s->x1 - s->x0 + 5, h = s->y1 - s->y0 + 5;
    const int8_t *src = plane8(s, later, left, 0) + (s->y0 - 2) * GW + s->x0 - 2;
    for (int f = 0; f < NFR; f++, src += PLANE) {
        for (int r = 0; r < h; r++) memcpy(W.t[f] + r * WROW, src + r * GW, WROW);
        memset(W.t[f] + h * WROW, 0, 3 * WROW);  /* read only by lanes dropped */
    }
    const int8_t *t = &W.t[0][0];
    const __m256i sent = _mm256_set1_epi8(-128), upper = _mm256_setr_epi32(-1, -1, -1, -1, 0, 0, 0, 0);
    const __m256i lane = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                          0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    for (int c = 0; c < n; c++) {
        int card = cards[c];
        __m256i top = sent;
        for (int o = 0; o < s->norient[card]; o++) {
            const Orient *or_ = &s->orient[card][o];
            const int8_t *l[6];
            for (int i = 0; i < 6; i++) l[i] = t + s->wofs[card][o][i];
            int nx = vw - or_->w + 1, ny = h - or_->h + 1;
            const __m256i in = _mm256_cmpgt_epi8(_mm256_set1_epi8((char)nx), lane);  /* anchors in the window */
            for (int r = 0; r < ny; r += 2) {
                __m256i v = sum6_32(l, r * WROW), keep = r + 1 == ny ? _mm256_and_si256(in, upper) : in;
                top = _mm256_max_epi8(top, _mm256_blendv_epi8(sent, v, keep));
            }
        }
        out[c] = most32(top);
        if (s->checking) {
            s->other_checks++;
            if (out[c] != slot_reach(s, card, later, left)) s->plane_wrong++;
        }
    }
}
#endif
#endif

/* Bounder.slots from above, at a fraction of the cost, or NONE when that is above `need` (or
 * the parent left nothing that fits). The search works it out for each child in the parent,
 * before the move is played (child_slots(), the same answer); this is the bound on the child
 * itself, which check_planes holds child_slots() against. The parent left each card's reach on its own layer, for
 * the later pass and for now (with the same `left`), and only the anchors that cover a square
 * the move changed can be credited differently now (every other anchor of the new window lies
 * in the old one with the same credits, or on empty table only, like one there). So each
 * card's reach is at most the larger of its reach before the move and its best anchor on the
 * changed squares; the later pass and the pass for now are then bounded as in slots(). */
static int slots_from(Core *s, Later *L, int need);
static void later_credits(Core *s, Later *L);

static int quick_slots(Core *s, int need) {
    if (!s->cs.depth) return NONE;
    int later = to_play(s) - 1, left = s->tokens_used < s->tokens;
    const Hint *h = &s->hint[s->cs.depth - 1];
    /* a parent with a mismatch left may have a child without: its reaches still bound the
     * child's where no credit rises when mismatches run out (left_monotone) */
    if (!h->ok || h->later != later || (h->left != left && !(h->left && s->left_monotone))) return NONE;
    const Step *st = &s->path[s->cs.depth - 1];
    const Orient *fo = &s->orient[st->card][st->orient];
    int fx = st->anchor % GW, fy = st->anchor / GW, unit = s->unit[later];
    sync_plane(s, later, left);
    if (s->checking) check_plane(s, later, left);
    int total = 0, k = to_play(s), per[MAXCARDS];
    for (int i = 0; i < k; i++) {
        int c = card_at(s, i), t = touch_reach(s, c, later, left, fx, fy, fo->h);
        total += per[i] = t > h->reach[c] ? t : h->reach[c];
    }
    if (s->checking) {  /* check_planes: never below the later pass itself */
        Later exact = {0};
        later_credits(s, &exact);
        s->other_checks++;
        if (total < exact.total) s->plane_wrong++;
    }
    if (total / unit <= need) return total / unit;
    sync_plane(s, 0, left);
    int best = NONE;
    for (int i = 0; i < s->nhand; i++) {
        int c = s->hand[i], t = touch_reach(s, c, 0, left, fx, fy, fo->h);
        if (t < h->now[c]) t = h->now[c];
        int v = (t * unit + total - per[i]) / unit;
        if (v > best) best = v;
    }
    if (s->checking) {  /* check_planes: never below slots() */
        Later exact = {0};
        s->other_checks++;
        if (best < slots_from(s, &exact, NONE)) s->plane_wrong++;
    }
    return best <= need ? best : NONE;
}

/* Bounder.later */
static void later_credits(Core *s, Later *L) {
    if (L->have) return;
    int k = to_play(s), n = k - 1;
    L->unit = s->unit[n];
    L->total = reaches(s, n, k, L->per);
    L->have = 1;
}

/* Bounder.slots, worked out in full (its quick way, quick_slots(), ran in the parent: child_slots()) */
static int slots_from(Core *s, Later *L, int need) {
    later_credits(s, L);
    if (need != NONE && L->total / L->unit <= need) return L->total / L->unit;
    int best = NONE;
    reaches(s, 0, s->nhand, L->now);
    L->have_now = 1;
    for (int i = 0; i < s->nhand; i++) {
        int v = (L->now[i] * L->unit + L->total - L->per[i]) / L->unit;
        if (v > best) best = v;
    }
    return best;
}

/* Bounder.future, from the knapsack's answer `total` */
static int future_from(Core *s, Later *L, int need, int total) {
    if (need != NONE && total > need && to_play(s) <= s->slot_cards) {
        int sl = slots_from(s, L, need);
        if (sl < total) total = sl;
    }
    return total;
}

/* Bounder.future */
static int future(Core *s, Later *L, int need) { return future_from(s, L, need, knapsack(s)); }

/* ------------------------------------------------------------------ table */

/* the table of _core.h, with this position's cards to play as the depth */
static inline int tt_get(Core *s, uint64_t key, int *value, int *exact) { return tt_find(s->tt, s->tt_mask, key, value, exact); }
static inline void tt_put(Core *s, uint64_t key, int value, int exact) {
    tt_store(s->tt, s->tt_mask, key, value, exact, to_play(s) + 1);
}

/* ------------------------------------------------------------------ moves */

/* the placement of `card`'s orientation `o` at anchor `a`, onto tmp[n] if it is legal */
static inline int place(Core *s, MoveRec *tmp, int n, int card, int o, int a, int left) {
    const Orient *or_ = &s->orient[card][o];
    const uint16_t *g = s->grid + a;
    uint64_t v = s->pk[or_->f[0]][g[or_->off[0]]] + s->pk[or_->f[1]][g[or_->off[1]]] + s->pk[or_->f[2]][g[or_->off[2]]] +
                 s->pk[or_->f[3]][g[or_->off[3]]] + s->pk[or_->f[4]][g[or_->off[4]]] + s->pk[or_->f[5]][g[or_->off[5]]];
    if (!(v & 7) || (v & 070) || (int)((v >> P_MIS) & 7) > left) return n;
    if (n >= MAXMOVES) { s->cs.overflow = 1; return n; }
    tmp[n].card = (int16_t)card;
    tmp[n].orient = (int8_t)o;
    tmp[n].bound = 0;
    tmp[n].anchor = a;
    tmp[n].gain = decode(s, v);
    return n + 1;
}

/* every legal placement of `card`, tried anchor by anchor, onto tmp[n...]; the new n */
static int place_all(Core *s, MoveRec *tmp, int n, int card, int left) {
    for (int o = 0; o < s->norient[card]; o++) {
        const Orient *or_ = &s->orient[card][o];
        for (int ay = s->y0 - or_->h + 1; ay <= s->y1; ay++)
            for (int ax = s->x0 - or_->w + 1; ax <= s->x1; ax++) n = place(s, tmp, n, card, o, ay * GW + ax, left);
    }
    return n;
}

/* every legal placement of the hand cards with its gain, best first (stable); with `above`
 * (per hand card, or NULL), only those whose gain may be above it: a run over the planes of
 * credits for now (the most each cell can gain) finds the anchors worth working out, sixteen
 * to an SSE2 instruction, and the rest are never looked at */
static int gen_moves(Core *s, MoveRec *out, int only, const int *above) {
    static MoveRec tmp[MAXMOVES];
    int n = 0, left = s->tokens - s->tokens_used, sifted = 0;
    for (int hi = 0; hi < s->nhand; hi++) {
        if (only >= 0 && hi != only) continue;
        int card = s->hand[hi];
        /* the run over the planes also finds the legal placements alone: their credits for now
         * are at least 0 on every square but the mismatches, of which there are at most `left`
         * (legal_floor); a square no card may cover sinks the sum far below */
#if defined(__SSE2__)
        int floor_at = above && above[hi] != NONE ? above[hi] : s->legal_floor_ok ? left * s->mis_min - 1 : NONE;
        if (floor_at != NONE && s->byte_ok[0] && floor_at >= -100) {
            if (floor_at >= 6 * BYTE_MAX) continue;  /* no placement gains that much */
            if (!above || above[hi] == NONE) sifted = 1;
            int l01 = s->tokens_used < s->tokens;
            sync_plane(s, 0, l01);
            const __m128i floor = _mm_set1_epi8((char)floor_at);
            for (int o = 0; o < s->norient[card]; o++) {
                const Orient *or_ = &s->orient[card][o];
                int ax0 = s->x0 - or_->w + 1, nx = s->x1 - ax0 + 1;
                const int8_t *l[6];
                for (int i = 0; i < 6; i++) l[i] = plane8(s, 0, l01, 0) + ax0 + or_->pofs[i];
                for (int ay = s->y0 - or_->h + 1; ay <= s->y1; ay++) {
                    int row = ay * GW;
                    for (int c = 0; c < nx; c += 16) {
                        int i = row + c;
                        __m128i t = sum6_8(l, i);
                        unsigned bits = (unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(t, floor));
                        if (nx - c < 16) bits &= (1u << (nx - c)) - 1;
                        while (bits) {
                            int b = __builtin_ctz(bits);
                            bits &= bits - 1;
                            n = place(s, tmp, n, card, o, row + ax0 + c + b, left);
                        }
                    }
                }
            }
            continue;
        }
#endif
        n = place_all(s, tmp, n, card, left);
    }
    if (s->checking && sifted) {  /* check_planes: the legal placements found by the run are all of them */
        static MoveRec all[MAXMOVES];
        int na = 0, j = 0;
        for (int hi = 0; hi < s->nhand; hi++)
            if (only < 0 || hi == only) na = place_all(s, all, na, s->hand[hi], left);
        s->other_checks++;
        if (na != n) s->plane_wrong++;
        else for (; j < n; j++)
            if (all[j].anchor != tmp[j].anchor || all[j].orient != tmp[j].orient || all[j].card != tmp[j].card ||
                all[j].gain != tmp[j].gain) { s->plane_wrong++; break; }
    }
    return sort_moves(tmp, out, n);
}

typedef struct {
    int pos[6];
    uint16_t old[6], new_[6];
    int tree_dice, tokens_used, supply[NFR];
    Wants w;  /* the squares that want a new die */
} Resolved;

/* OrchardEngine._resolve, without the new dice */
static void resolve(Core *s, const MoveRec *m, Resolved *r) {
    const Orient *or_ = &s->orient[m->card][m->orient];
    r->tree_dice = s->tree_dice;
    r->tokens_used = s->tokens_used;
    memcpy(r->supply, s->supply, sizeof r->supply);
    r->w.n = 0;
    for (int i = 0; i < 6; i++) {
        int p = m->anchor + or_->off[i], f = or_->f[i], c = s->grid[p], nw;
        r->pos[i] = p;
        r->old[i] = (uint16_t)c;
        if (!c) nw = f | 4;
        else {
            int d = die_of(c);
            if ((c & 3) != f) {
                if (d) { r->supply[(c >> 11) & 3]++; r->tree_dice -= d; }
                nw = f | 4 | (1 << 4);
                r->tokens_used++;
            } else if (d) {
                int nd = s->ladder[d];
                r->tree_dice += nd - d;
                nw = f | 4 | (nd << 6) | (f << 11);
            } else {
                r->w.p[r->w.n] = p;
                r->w.f[r->w.n] = f;
                r->w.i[r->w.n] = i;
                r->w.n++;
                nw = f | 4;
            }
        }
        r->new_[i] = (uint16_t)nw;
    }
}


typedef struct {
    int x0, x1, y0, y1, hand[2], nhand, drawn, tokens_used, tree_dice, supply[NFR];
} Saved;

/* the Zobrist key of code `c` on square `p`, as the table keys the square: by what of it can still
 * change the game. A rotten tree is never covered and holds no die, so its fruit no longer does
 * (about 2 % fewer positions on a nine-card proof) */
static inline uint64_t key_zob(int p, int c) {
    if (c & 48) c &= 48;  /* (a rotten token: the only token in Orchard) */
    return zob(p, c);
}

/* what log entry `j` changes in the layer's hash */
static inline uint64_t log_zob(const Core *s, int j) {
    int p = s->logp[j], old = s->logold[j];
    return (old ? key_zob(p, old) : 0) ^ key_zob(p, s->lognew[j]);
}

/* the layer's hash, brought up to the log: apply() leaves it behind, as most positions near
 * the end are cut by their bound before anything reads it (undo() takes back what it showed) */
static inline uint64_t layer_hash(Core *s) {
    for (; s->zh_at < s->nlog; s->zh_at++) s->zh ^= log_zob(s, s->zh_at);
    if (s->checking) {  /* check_planes: the hash of the layer worked out afresh */
        uint64_t h = 0;
        for (int y = s->y0; y <= s->y1; y++)
            for (int x = s->x0; x <= s->x1; x++)
                if (s->grid[y * GW + x]) h ^= key_zob(y * GW + x, s->grid[y * GW + x]);
        s->other_checks++;
        if (h != s->zh) s->plane_wrong++;
    }
    return s->zh;
}

/* the six squares' codes after the outcome `mask` of a resolved move, the new dice taken from
 * `supply`; returns how many */
static inline int outcome_squares(const Resolved *r, int mask, uint16_t *nw, int *supply) {
    int n = 0;
    memcpy(nw, r->new_, sizeof(uint16_t) * 6);
    for (int i = 0; i < r->w.n; i++)
        if (mask >> i & 1) {
            int f = r->w.f[i];
            nw[r->w.i[i]] |= (uint16_t)((1 << 6) | (f << 11));
            supply[f]--;
            n++;
        }
    return n;
}

static void apply(Core *s, const MoveRec *m, const Resolved *r, int mask, Saved *sv);
static void undo(Core *s, const Resolved *r, const Saved *sv);

/* the knapsack after the outcome `mask` of `m`, without playing it: the six squares and the
 * supply are tallied in and taken out again (`covers`: cells_left now) */
static int child_knapsack(Core *s, const MoveRec *m, const Resolved *r, int mask, const int *covers) {
    int keep[NFR], cov[NFR];
    uint16_t nw[6];
    memcpy(keep, s->supply, sizeof keep);
    memcpy(s->supply, r->supply, sizeof keep);
    outcome_squares(r, mask, nw, s->supply);
    for (int f = 0; f < NFR; f++) cov[f] = covers[f] - s->card_fruits[m->card][f];
    for (int i = 0; i < 6; i++) { tally(s, r->old[i], -1); tally(s, nw[i], 1); }
    int v = knapsack_of(s, cov, to_play(s) - 1);
    for (int i = 0; i < 6; i++) { tally(s, nw[i], -1); tally(s, r->old[i], 1); }
    memcpy(s->supply, keep, sizeof keep);
    if (s->checking) {  /* check_planes: the knapsack of the move played */
        Saved sv;
        apply(s, m, r, mask, &sv);
        s->other_checks++;
        if (knapsack(s) != v) s->plane_wrong++;
        undo(s, r, &sv);
    }
    return v;
}

static void apply(Core *s, const MoveRec *m, const Resolved *r, int mask, Saved *sv) {
    sv->x0 = s->x0; sv->x1 = s->x1; sv->y0 = s->y0; sv->y1 = s->y1;
    memcpy(sv->hand, s->hand, sizeof s->hand);
    sv->nhand = s->nhand; sv->drawn = s->drawn; sv->tokens_used = s->tokens_used;
    sv->tree_dice = s->tree_dice; memcpy(sv->supply, s->supply, sizeof s->supply);
    s->tree_dice = r->tree_dice;
    s->tokens_used = r->tokens_used;
    memcpy(s->supply, r->supply, sizeof s->supply);
    uint16_t nw[6];
    s->tree_dice += outcome_squares(r, mask, nw, s->supply);
    for (int i = 0; i < 6; i++) {
        int p = r->pos[i];
        tally(s, r->old[i], -1);
        tally(s, nw[i], 1);
        s->grid[p] = nw[i];
        s->logp[s->nlog] = p;
        s->logold[s->nlog] = r->old[i];
        s->lognew[s->nlog++] = nw[i];
        int x = p % GW, y = p / GW;
        stretch(&s->x0, &s->x1, x);
        stretch(&s->y0, &s->y1, y);
    }
    int other = -1;
    for (int i = 0; i < s->nhand; i++)
        if (s->hand[i] != m->card) other = s->hand[i];
    s->nhand = 0;
    if (other >= 0) s->hand[s->nhand++] = other;
    if (s->drawn < s->ncards) s->hand[s->nhand++] = s->drawn++;
}

static void undo(Core *s, const Resolved *r, const Saved *sv) {
    for (int i = 0; i < 6; i++) {
        int p = r->pos[i];
        tally(s, s->grid[p], -1);
        tally(s, r->old[i], 1);
        s->grid[p] = r->old[i];
    }
    s->nlog -= 6;
    unsync_planes(s, s->nlog);
    for (; s->zh_at > s->nlog; s->zh_at--) s->zh ^= log_zob(s, s->zh_at - 1);
    s->x0 = sv->x0; s->x1 = sv->x1; s->y0 = sv->y0; s->y1 = sv->y1;
    memcpy(s->hand, sv->hand, sizeof s->hand);
    s->nhand = sv->nhand; s->drawn = sv->drawn; s->tokens_used = sv->tokens_used;
    s->tree_dice = sv->tree_dice; memcpy(s->supply, sv->supply, sizeof s->supply);
}

static void set_step(Step *st, const MoveRec *m, const Resolved *r, int mask, const int *get, const int *fmask) {
    st->card = m->card; st->orient = m->orient; st->anchor = m->anchor;
    st->dflt = mask == default_mask(&r->w, get);
    st->nchosen = 0;
    for (int i = 0; i < r->w.n; i++) {  /* the squares given dice of a fruit that ran short */
        int f = r->w.f[i], want = pop6(fmask[f]);
        if ((mask >> i & 1) && get[f] < want) st->chosen[st->nchosen++] = r->w.p[i];
    }
}

/* a new best line: the path so far, and `extra` steps after it */
static void record(Core *s, int score, int extra) {
    s->cs.best = score;
    s->cs.nline = s->cs.depth + extra;
    memcpy(s->line, s->path, sizeof(Step) * s->cs.nline);
    s->cs.improved = 1;
}

/* ------------------------------------------------------------------ search */

static int game_over(Core *s, int cur, uint64_t key, int *exact) {
    if (cur > s->cs.best) record(s, cur, 0);
    tt_put(s, key, 0, 1);
    *exact = 1;
    return 0;
}

/* the last card to play; `ub`: the knapsack's bound */
static int last(Core *s, int cur, uint64_t key, int need, int ub, int *exact) {
    if (ub <= need) { tt_put(s, key, ub, 0); *exact = 0; return ub; }
    MoveRec *mv = s->moves[s->cs.depth];
    int n = gen_moves(s, mv, 0, NULL);
    s->cs.nodes += n;
    if (!n) return game_over(s, cur, key, exact);
    int g = mv[0].gain;  /* sorted: the first is the best */
    if (cur + g > s->cs.best) {
        Resolved r;
        int get[NFR], fmask[NFR];
        resolve(s, &mv[0], &r);
        share_counts(&r.w, r.supply, get, fmask);
        set_step(&s->path[s->cs.depth], &mv[0], &r, default_mask(&r.w, get), get, fmask);
        record(s, cur + g, 1);
    }
    tt_put(s, key, g, 1);
    *exact = 1;
    return g;
}

static int dfs(Core *s, int cur, int *exact);

/* the value of one outcome after `m`, searched */
static int child(Core *s, const MoveRec *m, const Resolved *r, int mask, int cur, int g,
                 const int *get, const int *fmask, int *exact) {
    Saved sv;
    set_step(&s->path[s->cs.depth], m, r, mask, get, fmask);
    apply(s, m, r, mask, &sv);
    s->cs.depth++;
    int v = dfs(s, cur + g, exact);
    s->cs.depth--;
    undo(s, r, &sv);
    return v;
}

/* the gain of an outcome: the move's, less the dice the supply cannot give */
static int outcome_gain(const Core *s, const Resolved *r, int mask) {
    return r->tree_dice + pop6(mask) - PEN * r->tokens_used - (s->tree_dice - PEN * s->tokens_used);
}

/* how often the knapsack cuts positions with `k` cards to play, lately: a parent works it out
 * for its children before playing their moves only where it cuts often enough to pay */
static inline void knap_seen(Core *s, int k, int cut) {
    s->knap_cuts[k] += cut;
    if (++s->knap_tries[k] >= 4096) { s->knap_tries[k] >>= 1; s->knap_cuts[k] >>= 1; }
}

/* touch_reach() of the first `n` of `cards` into `out`, on the planes of `later`, `left` of this
 * layer with the six squares of a resolved move showing `nw`: on a tile of them where the
 * credits fit a byte (tile_reach(): a third to half fewer reads), else on the planes themselves, the
 * squares written in and taken back after */
static void touches(Core *s, int later, int left, const Orient *fo, int fx, int fy, const Resolved *r,
                    const uint16_t *nw, const int *cards, int n, int *out) {
    sync_plane(s, later, left);
#if defined(__SSE2__)
    if (s->tile_ok && s->byte_ok[later]) {
        /* one tile for every call (a worker is one process, one thread): the room after the rows,
         * read only by lanes tile_reach() drops, stays as it started, 0 */
        static Tile T;
        tile_fill(s, &T, later, left, fx, fy);
        for (int i = 0; i < 6; i++) tile_set(s, &T, later, left, fo->tsq[i], nw[i]);  /* r->pos[i]: cell i's */
        s->tile_reaches(s, &T, cards, n, fo->w, fo->h, out);
        return;
    }
#endif
    for (int i = 0; i < 6; i++) set_plane(s, later, left, r->pos[i], nw[i]);
    for (int i = 0; i < n; i++) out[i] = touch_reach(s, cards[i], later, left, fx, fy, fo->h);
    for (int i = 5; i >= 0; i--) set_plane(s, later, left, r->pos[i], r->old[i]);
}

/* quick_slots() of the child after the outcome `mask` of `m`, worked out here without playing
 * the move (`need`: the child's): the planes it reads are this layer's with the six squares the
 * move changes written in (touches(): on a tile of them). Most children with two to four cards to play
 * are cut by it (nine-card proofs: 18 of their 20 million positions), and a move played and
 * taken back for it cost more than the bound itself. NONE where the child would not be cut by
 * it, as quick_slots() answers there. */
static int child_slots(Core *s, const MoveRec *m, const Resolved *r, int mask, int need) {
    const Hint *h = &s->hint[s->cs.depth];
    int k = to_play(s) - 1, later = k - 1, left = r->tokens_used < s->tokens;
    if (!h->ok || h->later != later || (h->left != left && !(h->left && s->left_monotone))) return NONE;
    int cards[MAXCARDS], n = 0, nh;  /* the child's cards to play as card_at() gives them */
    for (int i = 0; i < s->nhand; i++)
        if (s->hand[i] != m->card) cards[n++] = s->hand[i];
    if (s->drawn < s->ncards) cards[n++] = s->drawn;
    nh = n;  /* its hand */
    for (int c = s->drawn + 1; c < s->ncards; c++) cards[n++] = c;
    int unit = s->unit[later], low = 0;
    /* each reach is at least what it was on this layer: where that alone keeps a hand card's
     * bound above `need`, the child is not cut (most that are not, at no scan) */
    for (int i = 0; i < n; i++) low += h->reach[cards[i]];
    for (int i = 0; i < nh; i++)
        if ((h->now[cards[i]] * unit + low - h->reach[cards[i]]) / unit > need) return NONE;
    const Orient *fo = &s->orient[m->card][m->orient];
    int fx = m->anchor % GW, fy = m->anchor / GW, supply[NFR];
    uint16_t nw[6];
    memcpy(supply, r->supply, sizeof supply);
    outcome_squares(r, mask, nw, supply);
    int total = 0, per[MAXCARDS], t[MAXCARDS];
    touches(s, later, left, fo, fx, fy, r, nw, cards, n, t);
    for (int i = 0; i < n; i++) total += per[i] = t[i] > h->reach[cards[i]] ? t[i] : h->reach[cards[i]];
    if (total / unit <= need) return total / unit;
    touches(s, 0, left, fo, fx, fy, r, nw, cards, nh, t);
    int best = NONE;
    for (int i = 0; i < nh; i++) {
        int c = cards[i], v = ((t[i] > h->now[c] ? t[i] : h->now[c]) * unit + total - per[i]) / unit;
        if (v > best) best = v;
    }
    return best <= need ? best : NONE;
}

#include "_search.h"

static int dfs(Core *s, int cur, int *exact) {
    int given = s->pre_at == s->cs.depth ? s->pre_knap : NONE;  /* the parent's child_knapsack() */
    s->pre_at = -1;
    s->cs.nodes++;
    if (s->cs.nodes >= s->cs.next_check) core_check(&s->cs);
    Later L = {0};
    if (s->cs.stopped) { *exact = 0; return future(s, &L, NONE); }
    int k = to_play(s);
    uint64_t key = 0;
    /* the table's line is far off in memory: fetch it while the knapsack works */
    if (k > BOUND_FIRST) {
        key = layer_hash(s) ^ hand_key(s);
        __builtin_prefetch(tt_bucket(s->tt, s->tt_mask, key));
    }
    int knap = given != NONE ? given : knapsack(s);
    int need = incumbent(s) - cur;
    if (given == NONE && k >= 2 && k <= BOUND_FIRST) knap_seen(s, k, knap <= need);
    long long *stat = s->stat[k < MAXCARDS ? k : MAXCARDS];
    stat[0]++;
    int tv, tex, ub = NONE;
    if (k <= BOUND_FIRST && !(k == 1 && s->nhand == 1)) {
        /* most positions this close to the end are cut by their bound: cheaper to work out
         * again than to look up, so the table is read and written only for the rest */
        ub = future_from(s, &L, need, knap);
        if (ub <= need) { stat[2]++; *exact = 0; return ub; }
    }
    if (k <= BOUND_FIRST) key = layer_hash(s) ^ hand_key(s);
    if (tt_get(s, key, &tv, &tex) && (tex || tv <= need)) { stat[1]++; *exact = tex; return tv; }
    if (k == 1 && s->nhand == 1) return last(s, cur, key, need, knap, exact);
    if (ub == NONE) ub = future_from(s, &L, need, knap);
    if (ub <= need) { stat[2]++; tt_put(s, key, ub, 0); *exact = 0; return ub; }
    stat[3]++;
    MoveRec *mv = s->moves[s->cs.depth];
    int rest[2] = {NONE, NONE}, above[2] = {NONE, NONE};
    if (k <= s->slot_cards) {
        later_credits(s, &L);
        for (int i = 0; i < s->nhand; i++) {
            rest[i] = (L.total - L.per[i]) / L.unit;
            above[i] = need - rest[i];  /* a move of that card gaining no more is cut */
        }
    }
    int n = gen_moves(s, mv, -1, above), dropped = 0;
    if (s->checking && above[0] != NONE) {
        /* check_planes: past the moves at most `above` (some may be left in), the same moves */
        static MoveRec all[MAXMOVES];
        int na = gen_moves(s, all, -1, NULL), a = 0, j = 0;
        s->other_checks++;
        for (;;) {
            while (a < na && all[a].gain <= above[s->hand[0] == all[a].card ? 0 : 1]) a++;
            while (j < n && mv[j].gain <= above[s->hand[0] == mv[j].card ? 0 : 1]) j++;
            if (a == na || j == n) break;
            if (all[a].anchor != mv[j].anchor || all[a].orient != mv[j].orient || all[a].card != mv[j].card ||
                all[a].gain != mv[j].gain) break;
            a++, j++;
        }
        if (a != na || j != n) s->plane_wrong++;
    }
    if (!n && above[0] != NONE) {  /* none worth playing; but is there any? */
        n = gen_moves(s, mv, -1, NULL);
        dropped = n;
        n = 0;
    }
    if (!n && !dropped) return game_over(s, cur, key, exact);
    /* for the children's quick slot bound (child_slots): every card's reach on this layer (where
     * the children's credits fit a byte: on 16-bit credits the quick way measured slower, as it
     * seldom cut) */
    Hint *hn = &s->hint[s->cs.depth];
    hn->ok = 0;
    if (k >= 2 && k - 1 <= s->slot_cards && s->byte_ok[k - 2]) {
        int per[MAXCARDS];
        hn->later = k - 2;
        hn->left = s->tokens_used < s->tokens;
        reaches(s, k - 2, k, per);
        for (int i = 0; i < k; i++) hn->reach[card_at(s, i)] = per[i];
        int m = k < 3 ? k : 3;  /* the children's hand cards are among the first three */
        if (L.have_now) {  /* the hand's, from the slot bound (slots_from) */
            for (int i = 0; i < s->nhand; i++) hn->now[s->hand[i]] = L.now[i];
            if (m > s->nhand) {
                sync_plane(s, 0, hn->left);
                for (int i = s->nhand; i < m; i++) hn->now[card_at(s, i)] = slot_reach(s, card_at(s, i), 0, hn->left);
            }
        } else {
            reaches(s, 0, m, per);
            for (int i = 0; i < m; i++) hn->now[card_at(s, i)] = per[i];
        }
        hn->ok = 1;
    }
    /* the moves gen_moves left out gain no more than `above`: with what follows them, no more
     * than `need` */
    int best_exact = NONE, max_open = NONE, i;
    /* children with 2 to BOUND_FIRST cards to play work out their knapsack before anything
     * else: where it has lately cut often enough (knap_seen), the parent does it for them */
    int pre = k - 1 >= 2 && k - 1 <= BOUND_FIRST && 5 * s->knap_cuts[k - 1] >= 2 * s->knap_tries[k - 1];
    int covers[NFR];
    if (pre) cells_left(s, covers);
    /* and their quick slot bound, where they would work it out (child_slots) */
    int pre_slots = hn->ok && k - 1 >= 2 && k - 1 <= BOUND_FIRST;
    if (above[0] != NONE) max_open = need;
    for (i = 0; i < n; i++) {
        const MoveRec *m = &mv[i];
        int after = rest[0] == NONE ? NONE : rest[s->hand[0] == m->card ? 0 : 1];
        if (after != NONE && m->gain + after <= incumbent(s) - cur) {
            if (m->gain + after > max_open) max_open = m->gain + after;
            continue;
        }
        Resolved r;
        Outcomes o;
        resolve(s, m, &r);
        outcomes_of(&r.w, r.supply, &o);
        for (int mask = 0; mask < o.top; mask++) {
            int use = outcome_mask(&r.w, &o, mask);
            if (use < 0) continue;
            int g = outcome_gain(s, &r, use);
            if (after != NONE && g + after <= incumbent(s) - cur) {
                if (g + after > max_open) max_open = g + after;
                continue;
            }
            if (pre) {
                /* the child would work out its knapsack first: here, without playing the move */
                int kn = child_knapsack(s, m, &r, use, covers), cut = kn <= incumbent(s) - cur - g;
                knap_seen(s, k - 1, cut);
                s->pre_knap = kn;
                s->pre_at = s->cs.depth + 1;
                if (cut) {
                    count_pre_cut(&s->cs, s->stat[k - 1], g + kn, &max_open);
                    continue;
                }
            }
            if (pre_slots) {
                int cneed = incumbent(s) - cur - g, q = child_slots(s, m, &r, use, cneed);
                if (s->checking) {  /* check_planes: what the child's quick_slots() says, played */
                    Saved sv;
                    set_step(&s->path[s->cs.depth], m, &r, use, o.get, o.fmask);
                    apply(s, m, &r, use, &sv);
                    s->cs.depth++;
                    int played = quick_slots(s, cneed);
                    s->cs.depth--;
                    undo(s, &r, &sv);
                    s->other_checks++;
                    if (played != q) s->plane_wrong++;
                }
                if (q != NONE) {
                    count_pre_cut(&s->cs, s->stat[k - 1], g + q, &max_open);
                    continue;
                }
            }
            int ex;
            int v = child(s, m, &r, use, cur, g, o.get, o.fmask, &ex);
            if (s->cs.stopped) {
                /* unwind with a bound: what is finished, the open move's bound,
                 * and the bounds of the moves not yet tried (this one again included) */
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
    /* settle */
    if (best_exact != NONE && best_exact >= max_open) {
        tt_put(s, key, best_exact, 1);
        *exact = 1;
        return best_exact;
    }
    int value = max_open > best_exact ? max_open : best_exact;
    if (ub < value) value = ub;
    tt_put(s, key, value, 0);
    *exact = 0;
    return value;
}

/* ------------------------------------------------------------------ Python */

static void Core_dealloc(Core *s) {
    free(s->cred);
    free(s->lane16);
    free(s->lane8);
    free(s->p8);
    free(s->p16);
    memo_free(s->memo, MEMO_BYTES);
    tt_free(&s->tt, s->tt_bytes);
    Py_XDECREF(s->cs.tick);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

/* Core(nfruits, dice_per_fruit, tokens, ladder, orients, card_fruits, credits, units, slot_cards, tt_bits)
 * ladder: 32 ints (ladder[0] = 1); orients: per card, a list of (rot, ((dy, dx, fruit) * 6));
 * card_fruits: per card, cells per fruit; credits: per later (0..), per left (0, 1), a list of
 * (code, c0, c1, c2) (code 0: empty table); units: the credit unit per later. */
static int Core_init(Core *s, PyObject *args, PyObject *kw) {
    PyObject *ladder, *orients, *card_fruits, *credits, *units;
    int tt_bits;
    if (!PyArg_ParseTuple(args, "iiiOOOOOii", &s->nfruits, &s->dice_per_fruit, &s->tokens, &ladder, &orients,
                          &card_fruits, &credits, &units, &s->slot_cards, &tt_bits))
        return -1;
    if (s->nfruits > NFR || s->nfruits < 1) { PyErr_SetString(PyExc_ValueError, "1 to 3 fruits"); return -1; }
    for (int i = 0; i < 32; i++) if (get_int(ladder, i, &s->ladder[i])) return -1;
    for (int i = 0; i < 32; i++)
        if (s->ladder[i] < 0 || s->ladder[i] > 31) { PyErr_SetString(PyExc_ValueError, "ladder"); return -1; }
    /* a place in the dice words for each value a die climbs to or from on the ladder */
    for (int v = 0; v < 32; v++) s->vplace[v] = -1;
    int places = 0;
    s->placed = 1;
    for (int u = 0; u < 32; u++) {
        if (s->ladder[u] == u) continue;
        int ends[2] = {u, s->ladder[u]};
        for (int e = 0; e < 2; e++)
            if (ends[e] && s->vplace[ends[e]] < 0) {
                if (places < KEY_PLACES) s->vplace[ends[e]] = places++;
                else s->placed = 0;
            }
    }
    Py_ssize_t nc = PySequence_Size(orients);
    if (nc < 0) return -1;
    if (nc > MAXCARDS) { PyErr_SetString(PyExc_ValueError, "too many cards"); return -1; }
    s->ncards = (int)nc;
    s->tile_ok = 1;
#if defined(__SSE2__)
    s->tile_reaches = tile_reaches;
#if defined(TILE_AVX2)
    __builtin_cpu_init();
    s->avx2 = __builtin_cpu_supports("avx2") && !getenv("PNP_NO_AVX2");
    if (s->avx2) s->tile_reaches = tile_reaches_avx2;
    s->win_reaches = s->avx2 ? win_reaches_avx2 : NULL;
#endif
#endif
    for (int c = 0; c < s->ncards; c++) {
        PyObject *lst = PySequence_GetItem(orients, c);
        if (!lst) return -1;
        Py_ssize_t no = PySequence_Size(lst);
        if (no < 1 || no > 4) { Py_DECREF(lst); PyErr_SetString(PyExc_ValueError, "orientations"); return -1; }
        s->norient[c] = (int)no;
        for (int o = 0; o < no; o++) {
            PyObject *item = PySequence_GetItem(lst, o);
            PyObject *cells;
            Orient *or_ = &s->orient[c][o];
            if (!item || !PyArg_ParseTuple(item, "iO", &or_->rot, &cells)) { Py_XDECREF(item); Py_DECREF(lst); return -1; }
            if (PySequence_Size(cells) != 6) { Py_DECREF(item); Py_DECREF(lst); PyErr_SetString(PyExc_ValueError, "six cells"); return -1; }
            or_->w = or_->h = 0;
            for (int i = 0; i < 6; i++) {
                PyObject *cell = PySequence_GetItem(cells, i);
                if (!cell || !PyArg_ParseTuple(cell, "iii", &or_->dy[i], &or_->dx[i], &or_->f[i])) {
                    Py_XDECREF(cell); Py_DECREF(item); Py_DECREF(lst); return -1;
                }
                Py_DECREF(cell);
                if (or_->f[i] < 0 || or_->f[i] >= s->nfruits || or_->dy[i] < 0 || or_->dy[i] > 2 ||
                    or_->dx[i] < 0 || or_->dx[i] > 2) {
                    Py_DECREF(item); Py_DECREF(lst); PyErr_SetString(PyExc_ValueError, "card cell"); return -1;
                }
                or_->off[i] = or_->dy[i] * GW + or_->dx[i];
                or_->pofs[i] = or_->f[i] * PLANE + or_->off[i];
                if (or_->dx[i] + 1 > or_->w) or_->w = or_->dx[i] + 1;
                if (or_->dy[i] + 1 > or_->h) or_->h = or_->dy[i] + 1;
            }
            /* the tiles need cards of 2 x 3 squares (every deck's), turned either way */
            if (or_->w * or_->h != 6) s->tile_ok = 0;
            for (int i = 0; i < 6; i++) {
                or_->tofs[i] = or_->f[i] * TILE + (3 - or_->h + or_->dy[i]) * TROW + or_->dx[i];
                or_->tsq[i] = (or_->dy[i] + 2) * TROW + or_->dx[i] + 2;
                s->wofs[c][o][i] = or_->f[i] * WSIZE + or_->dy[i] * WROW + or_->dx[i];
            }
            Py_DECREF(item);
        }
        Py_DECREF(lst);
        if (get_row(card_fruits, c, s->nfruits, s->card_fruits[c])) return -1;
    }
    if (s->slot_cards < 0 || s->slot_cards > MAXLATER) { PyErr_SetString(PyExc_ValueError, "slot_cards"); return -1; }
    Py_ssize_t nl = PySequence_Size(credits);
    if (nl < s->slot_cards || nl > MAXLATER) { PyErr_SetString(PyExc_ValueError, "credits"); return -1; }
    free(s->cred);
    s->cred = malloc(sizeof(int32_t) * (size_t)MAXLATER * 2 * NCODES * NFR);
    if (!s->cred) { PyErr_NoMemory(); return -1; }
    for (size_t i = 0; i < (size_t)MAXLATER * 2 * NCODES * NFR; i++) s->cred[i] = NEVER;
    for (int l = 0; l < nl; l++) {
        if (get_int(units, l, &s->unit[l])) return -1;
        if (s->unit[l] < 1) { PyErr_SetString(PyExc_ValueError, "unit"); return -1; }
        PyObject *pair = PySequence_GetItem(credits, l);
        if (!pair) return -1;
        for (int left = 0; left < 2; left++) {
            PyObject *rows = PySequence_GetItem(pair, left);
            if (!rows) { Py_DECREF(pair); return -1; }
            Py_ssize_t nr = PySequence_Size(rows);
            for (Py_ssize_t j = 0; j < nr; j++) {
                PyObject *row = PySequence_GetItem(rows, j);
                int code, v[NFR] = {NEVER, NEVER, NEVER};
                if (!row || get_int(row, 0, &code)) { Py_XDECREF(row); Py_DECREF(rows); Py_DECREF(pair); return -1; }
                for (int f = 0; f < s->nfruits; f++)
                    if (get_int(row, f + 1, &v[f])) { Py_DECREF(row); Py_DECREF(rows); Py_DECREF(pair); return -1; }
                Py_DECREF(row);
                if (code < 0 || code >= NCODES) { Py_DECREF(rows); Py_DECREF(pair); PyErr_SetString(PyExc_ValueError, "code"); return -1; }
                for (int f = 0; f < s->nfruits; f++)
                    if (v[f] != NEVER && (v[f] > CREDIT_MAX || v[f] < -CREDIT_MAX)) {
                        Py_DECREF(rows); Py_DECREF(pair);
                        PyErr_SetString(PyExc_ValueError, "a credit too large for the 16-bit lanes");
                        return -1;
                    }
                for (int f = 0; f < NFR; f++)
                    s->cred[((size_t)(l * 2 + left) * NCODES + code) * NFR + f] = v[f];
            }
            Py_DECREF(rows);
        }
        Py_DECREF(pair);
    }
    /* each later's credits and unit over their greatest common divisor: the slot bound divides
     * by the unit, so it is unchanged, and more of them fit a byte (Orchard's credits for
     * three cards to come are all multiples of 3: in sixths of a point up to 24, they are
     * halves up to 8) */
    for (int l = 0; l < nl; l++) {
        int g = s->unit[l];
        for (size_t i = (size_t)l * 2 * NCODES * NFR; i < (size_t)(l + 1) * 2 * NCODES * NFR; i++) {
            int a = s->cred[i] == NEVER ? 0 : abs(s->cred[i]);
            while (a) { int t = g % a; g = a; a = t; }
        }
        s->scale[l] = g;
        s->unit[l] /= g;
        for (size_t i = (size_t)l * 2 * NCODES * NFR; i < (size_t)(l + 1) * 2 * NCODES * NFR; i++)
            if (s->cred[i] != NEVER) s->cred[i] /= g;
    }
    for (int f = 0; f < NFR; f++)
        for (int c = 0; c < NCODES; c++) s->pk[f][c] = pack(s, f, c);
    free(s->lane16);
    s->lane16 = malloc(sizeof(uint64_t) * (size_t)MAXLATER * 2 * NCODES);
    if (!s->lane16) { PyErr_NoMemory(); return -1; }
    for (size_t i = 0; i < (size_t)MAXLATER * 2 * NCODES; i++) {
        uint64_t q = 0;
        for (int f = 0; f < NFR; f++) {
            int32_t c = s->cred[i * NFR + f];
            q |= (uint64_t)(uint16_t)(int16_t)(c == NEVER ? SENT : c) << (16 * f);
        }
        s->lane16[i] = q;
    }
    free(s->lane8);
    s->lane8 = malloc(sizeof(uint32_t) * (size_t)MAXLATER * 2 * NCODES);
    if (!s->lane8) { PyErr_NoMemory(); return -1; }
    for (int l = 0; l < MAXLATER; l++) {
        s->byte_ok[l] = l < nl;
        for (size_t i = (size_t)l * 2 * NCODES * NFR; i < (size_t)(l + 1) * 2 * NCODES * NFR; i++)
            if (s->cred[i] != NEVER && (s->cred[i] > BYTE_MAX || s->cred[i] < -127)) s->byte_ok[l] = 0;
    }
    for (size_t i = 0; i < (size_t)MAXLATER * 2 * NCODES; i++) {
        uint32_t q = 0;
        for (int f = 0; f < NFR; f++) {
            int32_t c = s->cred[i * NFR + f];
            q |= (uint32_t)(uint8_t)(int8_t)(c == NEVER ? SENT8 : c < -127 ? -127 : c > 127 ? 127 : c) << (8 * f);
        }
        s->lane8[i] = q;
    }
    s->legal_floor_ok = nl > 0;
    s->mis_min = 0;
    for (int c = 0; c < NCODES; c++)
        for (int f = 0; f < NFR; f++) {
            int32_t none = s->cred[(size_t)c * NFR + f], one = s->cred[((size_t)NCODES + c) * NFR + f];
            if (none != NEVER && (none < 0 || one < 0)) s->legal_floor_ok = 0;
            if (none == NEVER && one != NEVER && one < s->mis_min) s->mis_min = one;
        }
    s->left_monotone = 1;
    for (int l = 0; l < nl; l++)
        for (int c = 0; c < NCODES; c++)
            for (int f = 0; f < NFR; f++) {
                int32_t none = s->cred[((size_t)(l * 2) * NCODES + c) * NFR + f];
                int32_t one = s->cred[((size_t)(l * 2 + 1) * NCODES + c) * NFR + f];
                if (none != NEVER && (one == NEVER || none > one)) s->left_monotone = 0;
            }
    free(s->p8);
    free(s->p16);
    s->p8 = calloc((size_t)(s->slot_cards ? s->slot_cards : 1) * 2 * NFR * PLANE, 1);
    s->p16 = calloc((size_t)(s->slot_cards ? s->slot_cards : 1) * 2 * NFR * PLANE, sizeof(int16_t));
    if (!s->p8 || !s->p16) { PyErr_NoMemory(); return -1; }
    memset(s->grid, 0, sizeof s->grid);
    fill_planes(s);
    if (s->dice_per_fruit < 0 || s->dice_per_fruit > 15) { PyErr_SetString(PyExc_ValueError, "dice per fruit"); return -1; }
    memo_free(s->memo, MEMO_BYTES);
    s->memo = memo_alloc(MEMO_BYTES);
    if (!s->memo) { PyErr_NoMemory(); return -1; }
    return tt_alloc(&s->tt, &s->tt_mask, &s->tt_bytes, tt_bits);
}

/* set the position up from Python's: 0, or -1 with an exception set */
static int load(Core *s, PyObject *cells, PyObject *hand, int drawn, int tokens_used, int tree_dice,
                PyObject *supply) {
    s->drawn = drawn;
    s->tokens_used = tokens_used;
    s->tree_dice = tree_dice;
    memset(s->grid, 0, sizeof s->grid);
    memset(s->dice_count, 0, sizeof s->dice_count);
    memset(s->dkey, 0, sizeof s->dkey);
    memset(s->bases, 0, sizeof s->bases);
    s->zh = 0;
    s->zh_at = 0;
    s->x0 = s->y0 = GW;
    s->x1 = s->y1 = -1;
    Py_ssize_t n = PySequence_Size(cells);
    if (n < 0) return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        int x, y, c;
        if (get_square(cells, i, &x, &y, &c)) return -1;
        int p = y * GW + x;
        s->grid[p] = (uint16_t)c;
        tally(s, c, 1);
        s->zh ^= key_zob(p, c);
        stretch(&s->x0, &s->x1, x);
        stretch(&s->y0, &s->y1, y);
    }
    if ((s->nhand = get_hand(hand, s->ncards, s->hand)) < 0) return -1;
    if (get_counts(supply, s->nfruits, s->supply)) return -1;
    if (s->drawn < 0 || s->drawn > s->ncards) { PyErr_SetString(PyExc_ValueError, "drawn"); return -1; }
    int k = to_play(s);
    /* every card cell lands inside the grid with its margins, and so does every read of a
     * reach (a move widens the visible squares by 2 at most; a run of anchors reads up to 19
     * squares past them) */
    int margin = 3 * k + 4 > 2 * k + 24 ? 3 * k + 4 : 2 * k + 24;
    if (s->nhand && (s->x0 - margin < 0 || s->y0 - margin < 0 || s->x1 + margin >= GW || s->y1 + margin >= GW)) {
        PyErr_SetString(PyExc_ValueError, "the orchard could outgrow the grid");
        return -1;
    }
    fill_planes(s);
    return 0;
}

/* dfs(cells, hand, drawn, tokens_used, tree_dice, supply, cur, best, floor, tick)
 * cells: (x, y, code) of the visible squares; tick(nodes, best) is called now and then and
 * returns the best score found elsewhere, or None to stop.
 * Returns (value, exact, stopped, nodes, best, line): line is None unless this call found a better
 * score than `best`; else a list of (card, orient, x, y, dice), dice None for the reading-order
 * default or a list of (x, y) squares given scarce dice. */
static PyObject *Core_dfs(Core *s, PyObject *args) {
    PyObject *cells, *hand, *supply, *tick;
    int cur, best, floor, drawn, tokens_used, tree_dice;
    if (!PyArg_ParseTuple(args, "OOiiiOiiiO", &cells, &hand, &drawn, &tokens_used, &tree_dice,
                          &supply, &cur, &best, &floor, &tick))
        return NULL;
    if (load(s, cells, hand, drawn, tokens_used, tree_dice, supply)) return NULL;
    core_begin(&s->cs, tick, best, floor);
    s->pre_at = -1;
    int exact = 0;
    int value = dfs(s, cur, &exact);
    return core_result(&s->cs, value, exact, s->line);
}

/* bounds(cells, hand, drawn, tokens_used, tree_dice, supply): the bounds the search uses, for
 * the tests to hold against Python's: (knapsack, per card to play its slot_reach on the credits
 * for the cards after the first, per hand card its slot_reach on the credits for now). */
static PyObject *Core_bounds(Core *s, PyObject *args) {
    PyObject *cells, *hand, *supply;
    int drawn, tokens_used, tree_dice;
    if (!PyArg_ParseTuple(args, "OOiiiO", &cells, &hand, &drawn, &tokens_used, &tree_dice, &supply)) return NULL;
    if (load(s, cells, hand, drawn, tokens_used, tree_dice, supply)) return NULL;
    int k = to_play(s);
    if (k < 1 || k > s->slot_cards) { PyErr_SetString(PyExc_ValueError, "cards to play beyond slot_cards"); return NULL; }
    PyObject *later = PyList_New(k), *now = PyList_New(s->nhand);
    if (!later || !now) { Py_XDECREF(later); Py_XDECREF(now); return NULL; }
    int per[MAXCARDS], mine[2];
    reaches(s, k - 1, k, per);
    for (int i = 0; i < k; i++) PyList_SET_ITEM(later, i, PyLong_FromLong(per[i] * s->scale[k - 1]));  /* as given */
    reaches(s, 0, s->nhand, mine);
    for (int i = 0; i < s->nhand; i++) PyList_SET_ITEM(now, i, PyLong_FromLong(mine[i]));
    return Py_BuildValue("(iNN)", knapsack(s), later, now);
}

static PyObject *Core_stats(Core *s, PyObject *unused) {
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int k = 0; k <= MAXCARDS; k++) {
        if (!s->stat[k][0]) continue;
        PyObject *t = Py_BuildValue("(iLLLL)", k, s->stat[k][0], s->stat[k][1], s->stat[k][2], s->stat[k][3]);
        if (!t || PyList_Append(out, t) < 0) { Py_XDECREF(t); Py_DECREF(out); return NULL; }
        Py_DECREF(t);
    }
    return out;
}

static PyObject *Core_clear(Core *s, PyObject *unused) {
    memset(s->tt, 0, s->tt_bytes);
    Py_RETURN_NONE;
}

/* check_planes(on): from now on (or no longer), every bound compares the planes it reads with
 * the grid, every quick_slots answer with slots() worked out in full, every filtered move
 * generation with the full one and every hash of the layer with one worked out afresh; returns
 * (planes read, other checks, wrong) since the core was made */
static PyObject *Core_check_planes(Core *s, PyObject *args) {
    int on;
    if (!PyArg_ParseTuple(args, "p", &on)) return NULL;
    s->checking = on;
    return Py_BuildValue("(LLL)", s->plane_reads, s->other_checks, s->plane_wrong);
}

static PyMemberDef Core_members[] = {
    {"left_monotone", T_INT, offsetof(Core, left_monotone), READONLY,
     "1 when no credit is larger with no mismatch left than with one (children's bounds may then use "
     "the reaches their parent worked out with one left)."},
    {"avx2", T_INT, offsetof(Core, avx2), READONLY,
     "1 when the children's touch scans run 32 lanes at a time (the processor has AVX2 and the "
     "environment has no PNP_NO_AVX2), 0 when 16."},
    {NULL, 0, 0, 0, NULL},
};

static PyMethodDef Core_methods[] = {
    {"check_planes", (PyCFunction)Core_check_planes, METH_VARARGS,
     "Check the planes, quick bounds, filtered moves and hashes from now on (for the tests): (read, other checks, wrong) so far."},
    {"dfs", (PyCFunction)Core_dfs, METH_VARARGS, "The exact search from one position (see the C source)."},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS, "Empty the transposition table."},
    {"bounds", (PyCFunction)Core_bounds, METH_VARARGS, "The knapsack and slot reaches of a position (see the C source)."},
    {"stats", (PyCFunction)Core_stats, METH_NOARGS,
     "Since the core was made, per number of cards to play: (cards, positions, table answers, cut by a bound, expanded)."},
    {NULL, NULL, 0, NULL},
};

CORE_MODULE(_orchard, "The exact Orchard search for one deal.", "The exact Orchard search of pnp's solver, compiled.",
            Core_members)
