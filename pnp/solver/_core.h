/* What pnp's compiled searches share (_orchard.c, _grove.c): the grid, the shared transposition table, the
 * hashing, the ordering of moves, the calls back to Python and the module's boilerplate. */
#ifndef PNP_CORE_H
#define PNP_CORE_H

#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
#ifndef _WIN32
#include <sys/mman.h>
#endif

#define GW 128
#define GO 64
#define GSIZE (GW * GW)
#define MAXCARDS 24
#define NFR 3
#define NCODES 8192
#define NEVER (-1000)
#define MAXLATER 8
#define NONE (-1000000000)
#define MAXMOVES 16384
#define MAXDEPTH (MAXCARDS + 2)
#define CHECK_EVERY 4096
/* with this many cards to play or fewer, a position works out its bound before it reads the
 * table, and one its bound cuts never reads or writes it (a table read is a cache miss) */
#ifndef BOUND_FIRST
#define BOUND_FIRST 4
#endif

/* a legal placement and its gain: its best outcome's, or with `bound`, only an upper bound on
 * that (Grove: a move the packed scan cannot score, worked out in full only where it matters) */
typedef struct { int16_t card; int8_t orient, bound; int32_t anchor; int32_t gain; } MoveRec;
typedef struct { int card, orient, anchor, dflt, nchosen; int chosen[6]; } Step;

static inline uint64_t mix64(uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

static inline uint64_t zob(int p, int c) { return mix64(((uint64_t)p << 13) | (uint64_t)c); }

/* the bits set in a mask of at most 8 bits (a move's dice choices; no library call) */
static inline int pop6(unsigned x) {
    x = x - ((x >> 1) & 0x55);
    x = (x & 0x33) + ((x >> 2) & 0x33);
    return (int)((x + (x >> 4)) & 0x0F);
}

/* counting sort of tmp[0..n) on the gain into out, best first, ties in generation order */
static inline int sort_moves(const MoveRec *tmp, MoveRec *out, int n) {
    int count[256], lo = 255, hi = 0;
    for (int i = 0; i < n; i++) {
        int b = 128 - tmp[i].gain;
        lo = b < lo ? b : lo;
        hi = b > hi ? b : hi;
    }
    if (lo > hi) return 0;
    memset(count + lo, 0, sizeof(int) * (size_t)(hi - lo + 1));
    for (int i = 0; i < n; i++) count[128 - tmp[i].gain]++;
    int start = 0;
    for (int b = lo; b <= hi; b++) { int c = count[b]; count[b] = start; start += c; }
    for (int i = 0; i < n; i++) out[count[128 - tmp[i].gain]++] = tmp[i];
    return n;
}

/* ------------------------------------------------------------------ sharing scarce dice */

/* the squares of a move that want a new die: their fruit, their cell's place in the move, the
 * die's value (Grove) and their square */
typedef struct { int n, f[6], i[6], v[6], p[6]; } Wants;

/* how many of the wants of each fruit get a die from `supply`; 1 when some fruit runs short (then
 * every mask of the wants that mask_ok() takes is one outcome), else 0 */
static inline int share_counts(const Wants *w, const int *supply, int *get, int *fmask) {
    int scarce = 0;
    for (int f = 0; f < NFR; f++) fmask[f] = 0;
    for (int i = 0; i < w->n; i++) fmask[w->f[i]] |= 1 << i;
    for (int f = 0; f < NFR; f++) {
        int m = pop6((unsigned)fmask[f]);
        get[f] = m < supply[f] ? m : supply[f];
        if (get[f] < m && get[f] > 0) scarce = 1;
    }
    return scarce;
}

static inline int mask_ok(int mask, const int *get, const int *fmask) {
    for (int f = 0; f < NFR; f++)
        if (pop6((unsigned)(mask & fmask[f])) != get[f]) return 0;
    return 1;
}

/* the first outcome: the reading-order default (the first wants of each fruit) */
static inline int default_mask(const Wants *w, const int *get) {
    int mask = 0, got[NFR] = {0};
    for (int i = 0; i < w->n; i++) {
        int f = w->f[i];
        if (got[f] < get[f]) { mask |= 1 << i; got[f]++; }
    }
    return mask;
}

/* the outcomes of a move whose squares `w` want new dice: when the supply runs short, every way
 * of sharing it out (each mask below `top` that outcome_mask() keeps), else the default share */
typedef struct { int get[NFR], fmask[NFR], scarce, top; } Outcomes;

static inline void outcomes_of(const Wants *w, const int *supply, Outcomes *o) {
    o->scarce = share_counts(w, supply, o->get, o->fmask);
    o->top = o->scarce ? 1 << w->n : 1;
}

/* the dice mask of outcome `i` (0 <= i < top), or -1 when that mask is not a way to share */
static inline int outcome_mask(const Wants *w, const Outcomes *o, int i) {
    if (!o->scarce) return default_mask(w, o->get);
    return mask_ok(i, o->get, o->fmask) ? i : -1;
}

/* ------------------------------------------------------------------ table */

/* a table entry: ``check`` is the key xor ``data``, so an entry torn by two processes writing
 * at once never passes as valid (the table is shared); data: the value (16 bits), exact (bit
 * 16), and the cards to play plus one (bits 24-31; 0 for an empty entry) */
typedef struct { uint64_t check, data; } Entry;

static inline int e_depth(uint64_t data) { return (int)(data >> 24 & 0xFF); }

static inline Entry *tt_bucket(Entry *tt, uint64_t mask, uint64_t key) { return tt + ((key & mask) & ~3ULL); }

/* the entry of `key`: 1 and its value, or 0 */
static inline int tt_find(Entry *tt, uint64_t mask, uint64_t key, int *value, int *exact) {
    Entry *b = tt_bucket(tt, mask, key);
    for (int i = 0; i < 4; i++) {
        uint64_t data = b[i].data;
        if ((b[i].check ^ data) == key && e_depth(data)) {
            *value = (int16_t)(data & 0xFFFF);
            *exact = (int)(data >> 16 & 1);
            return 1;
        }
    }
    return 0;
}

/* store `key`'s entry; a full bucket gives up the entry closest to the end of the game (the
 * cheapest to redo); `depth`: the cards to play plus one */
static inline void tt_store(Entry *tt, uint64_t mask, uint64_t key, int value, int exact, int depth) {
    Entry *b = tt_bucket(tt, mask, key);
    int at = -1, low = 1 << 30;
    for (int i = 0; i < 4; i++) {
        uint64_t data = b[i].data;
        if ((b[i].check ^ data) == key) { at = i; break; }
        int d = e_depth(data);
        if (d < low) { low = d; at = i; }
    }
    uint64_t data = (uint64_t)(uint16_t)(int16_t)value | (uint64_t)(exact ? 1 : 0) << 16 | (uint64_t)depth << 24;
    b[at].data = data;
    b[at].check = key ^ data;
}

/* a table of 2^bits entries, shared with the processes forked from here (the parallel search
 * fills one table together): 0, or -1 with an exception set */
static inline int tt_alloc(Entry **tt, uint64_t *mask, size_t *bytes, int bits) {
    if (bits < 10 || bits > 30) { PyErr_SetString(PyExc_ValueError, "tt_bits"); return -1; }
    if (*tt) {
#ifndef _WIN32
        munmap(*tt, *bytes);
#else
        free(*tt);
#endif
    }
    *bytes = ((size_t)1 << bits) * sizeof(Entry);
#ifndef _WIN32
    void *m = mmap(NULL, *bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    *tt = m == MAP_FAILED ? NULL : m;
#else
    *tt = calloc(1, *bytes);
#endif
    if (!*tt) { PyErr_NoMemory(); return -1; }
    *mask = ((uint64_t)1 << bits) - 1;
    return 0;
}

/* a zeroed block of `bytes` for a memo read at random (memo_free() gives it back; NULL where there
 * is no memory): on Linux, mapped afresh (zero pages, touched only as the memo fills) and asked for
 * in huge pages, where the system gives them on request (transparent huge pages, MADV_HUGEPAGE): a
 * look-up then seldom misses the address cache as well as the data cache */
static inline void *memo_alloc(size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    void *m = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return NULL;
    madvise(m, bytes, MADV_HUGEPAGE);  /* (a hint: without it, or refused, ordinary pages) */
    return m;
#else
    return calloc(1, bytes);
#endif
}

static inline void memo_free(void *m, size_t bytes) {
    if (!m) return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    munmap(m, bytes);
#else
    (void)bytes;
    free(m);
#endif
}

static inline void tt_free(Entry **tt, size_t bytes) {
    if (!*tt) return;
#ifndef _WIN32
    munmap(*tt, bytes);
#else
    free(*tt);
#endif
    *tt = NULL;
}

/* ------------------------------------------------------------------ search state */

/* what every search keeps besides its position: counts, the incumbent, the calls back */
typedef struct {
    long long nodes, next_check;
    int best, floor, stopped, failed, overflow;
    PyObject *tick;
    int depth, nline, improved;
} CoreSearch;

/* call tick(nodes, best) now and then: it returns the best score found elsewhere, or None to stop */
static inline void core_check(CoreSearch *c) {
    c->next_check = c->nodes + CHECK_EVERY;
    if (!c->tick || c->stopped) return;
    PyObject *r = PyObject_CallFunction(c->tick, "Li", c->nodes, c->best);
    if (!r) { c->failed = 1; c->stopped = 1; return; }
    if (r == Py_None) c->stopped = 1;
    else {
        long v = PyLong_AsLong(r);
        if (v == -1 && PyErr_Occurred()) { c->failed = 1; c->stopped = 1; }
        else if (v > c->floor) c->floor = (int)v;
    }
    Py_DECREF(r);
}

static inline void core_begin(CoreSearch *c, PyObject *tick, int best, int floor) {
    Py_XDECREF(c->tick);
    c->tick = tick == Py_None ? NULL : tick;
    Py_XINCREF(c->tick);
    c->best = best;
    c->floor = floor;
    c->nodes = 0;
    c->next_check = CHECK_EVERY;
    c->stopped = c->failed = c->overflow = 0;
    c->depth = 0;
    c->improved = 0;
    c->nline = 0;
}

/* (value, exact, stopped, nodes, best, line) for Python: line is None unless the search found a
 * better score than it was given; else a list of (card, orient, x, y, dice), dice None for the
 * reading-order default or a list of (x, y) squares given scarce dice */
static inline PyObject *core_result(CoreSearch *c, int value, int exact, const Step *steps) {
    Py_CLEAR(c->tick);
    if (c->failed) return NULL;
    if (c->overflow) { PyErr_SetString(PyExc_RuntimeError, "too many placements for the compiled search"); return NULL; }
    PyObject *line = Py_None;
    Py_INCREF(line);
    if (c->improved) {
        Py_DECREF(line);
        line = PyList_New(c->nline);
        if (!line) return NULL;
        for (int i = 0; i < c->nline; i++) {
            const Step *st = &steps[i];
            PyObject *dice;
            if (st->dflt) {
                dice = Py_None;
                Py_INCREF(dice);
            } else {
                dice = PyList_New(st->nchosen);
                if (!dice) { Py_DECREF(line); return NULL; }
                for (int j = 0; j < st->nchosen; j++)
                    PyList_SET_ITEM(dice, j, Py_BuildValue("(ii)", st->chosen[j] % GW - GO, st->chosen[j] / GW - GO));
            }
            PyObject *t = Py_BuildValue("(iiiiN)", st->card, st->orient, st->anchor % GW - GO,
                                        st->anchor / GW - GO, dice);
            PyList_SET_ITEM(line, i, t);
        }
    }
    return Py_BuildValue("(iiiLiN)", value, exact, c->stopped, c->nodes, c->best, line);
}

static inline int get_int(PyObject *seq, Py_ssize_t i, int *out) {
    PyObject *o = PySequence_GetItem(seq, i);
    if (!o) return -1;
    long v = PyLong_AsLong(o);
    Py_DECREF(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    *out = (int)v;
    return 0;
}

/* item `i` of `cells`, a visible square (x, y, code) in the caller's coordinates, into the grid's
 * (x and y moved by GO), checked to lie inside the grid's margins with a code below NCODES:
 * 0, or -1 with an exception set */
static inline int get_square(PyObject *cells, Py_ssize_t i, int *x, int *y, int *c) {
    PyObject *t = PySequence_GetItem(cells, i);
    if (!t || !PyArg_ParseTuple(t, "iii", x, y, c)) { Py_XDECREF(t); return -1; }
    Py_DECREF(t);
    *x += GO;
    *y += GO;
    if (*x < 8 || *y < 8 || *x >= GW - 8 || *y >= GW - 8 || *c <= 0 || *c >= NCODES) {
        PyErr_SetString(PyExc_ValueError, "square out of range");
        return -1;
    }
    return 0;
}

/* the hand, a sequence of at most two card indices below `ncards`, into out[]: its size, or -1
 * with an exception set */
static inline int get_hand(PyObject *hand, int ncards, int *out) {
    Py_ssize_t n = PySequence_Size(hand);
    if (n < 0 || n > 2) { PyErr_SetString(PyExc_ValueError, "hand"); return -1; }
    for (int i = 0; i < (int)n; i++) {
        if (get_int(hand, i, &out[i])) return -1;
        if (out[i] < 0 || out[i] >= ncards) { PyErr_SetString(PyExc_ValueError, "hand"); return -1; }
    }
    return (int)n;
}

/* [*lo, *hi] stretched to hold v */
static inline void stretch(int *lo, int *hi, int v) {
    if (v < *lo) *lo = v;
    if (v > *hi) *hi = v;
}

/* a child cut by the knapsack its parent worked out for it (child_knapsack), without being
 * played: counted as a position of its own in the child's row of per-level counts `stat`
 * (0: positions, 2: cut by the knapsack); `bound`, the move's gain plus that knapsack, is what
 * the parent still leaves open (*max_open) */
static inline void count_pre_cut(CoreSearch *cs, long long *stat, int bound, int *max_open) {
    cs->nodes++;
    stat[0]++;
    stat[2]++;
    if (bound > *max_open) *max_open = bound;
}

/* `seq`, a sequence of counts per fruit, into out[0..NFR-1] (0 past `nfruits`): 0, or -1 with an
 * exception set */
static inline int get_counts(PyObject *seq, int nfruits, int *out) {
    for (int f = 0; f < NFR; f++) {
        out[f] = 0;
        if (f < nfruits && get_int(seq, f, &out[f])) return -1;
    }
    return 0;
}

/* item `i` of `rows`, a sequence of counts per fruit, into out[0..NFR-1] (0 past `nfruits`):
 * 0, or -1 with an exception set */
static inline int get_row(PyObject *rows, Py_ssize_t i, int nfruits, int *out) {
    PyObject *row = PySequence_GetItem(rows, i);
    if (!row) return -1;
    int r = get_counts(row, nfruits, out);
    Py_DECREF(row);
    return r;
}

#ifndef SOURCE_DIGEST
#define SOURCE_DIGEST ""
#endif

/* the module `name` with one type, Core (Core_init, Core_dealloc, Core_methods, `members` or
 * NULL), and setup.py's digest of its sources (a test tells a stale build from a current one) */
#define CORE_MODULE(name, type_doc, module_doc, members)                                                     \
    static PyTypeObject CoreType = {                                                                  \
        PyVarObject_HEAD_INIT(NULL, 0)                                                                \
        .tp_name = "pnp.solver." #name ".Core",                                                      \
        .tp_basicsize = sizeof(Core),                                                                 \
        .tp_flags = Py_TPFLAGS_DEFAULT,                                                               \
        .tp_doc = type_doc,                                                                           \
        .tp_new = PyType_GenericNew,                                                                  \
        .tp_init = (initproc)Core_init,                                                               \
        .tp_dealloc = (destructor)Core_dealloc,                                                       \
        .tp_methods = Core_methods,                                                                   \
        .tp_members = members,                                                                        \
    };                                                                                                \
    static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, #name, module_doc, -1, NULL, NULL, NULL, NULL, NULL};          \
    PyMODINIT_FUNC PyInit_##name(void) {                                                              \
        if (PyType_Ready(&CoreType) < 0) return NULL;                                                 \
        PyObject *m = PyModule_Create(&module);                                                       \
        if (!m) return NULL;                                                                          \
        Py_INCREF(&CoreType);                                                                         \
        if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {                               \
            Py_DECREF(&CoreType); Py_DECREF(m); return NULL;                                          \
        }                                                                                             \
        if (PyModule_AddStringConstant(m, "SOURCE_DIGEST", SOURCE_DIGEST) < 0) { Py_DECREF(m); return NULL; } \
        return m;                                                                                     \
    }

#endif
