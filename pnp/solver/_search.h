/* What pnp's two compiled searches (_orchard.c, _grove.c) share of the exact search itself, written
 * once against the names each core defines before it includes this file: Core, MoveRec, Resolved,
 * Outcomes, Saved, Later and resolve(), outcomes_of(), outcome_mask(), outcome_gain(), apply(),
 * future(), undo(). (_core.h comes first in each: what does not depend on a game's rules.) */
#ifndef PNP_SEARCH_H
#define PNP_SEARCH_H

/* A search stopped (a deadline, Ctrl-C) in the middle of a position's moves `mv[from..n)`: the most
 * `value` (what is finished and the open move's bound) and the bound of each move not yet tried can
 * give. `rest` is the slot bound's per hand card (NONE where it was not worked out): with it a
 * move's bound is its gain plus that; without it each way to share the dice is played and bounded. */
static int unplayed_bound(Core *s, const MoveRec *mv, int from, int n, const int *rest, int value) {
    for (int j = from; j < n; j++) {
        const MoveRec *mj = &mv[j];
        int aj = rest[0] == NONE ? NONE : rest[s->hand[0] == mj->card ? 0 : 1];
        if (aj != NONE) {
            if (mj->gain + aj > value) value = mj->gain + aj;
            continue;
        }
        Resolved rj;
        Outcomes oj;
        resolve(s, mj, &rj);
        outcomes_of(&rj.w, rj.supply, &oj);
        for (int mk = 0; mk < oj.top; mk++) {
            int u = outcome_mask(&rj.w, &oj, mk);
            if (u < 0) continue;
            Saved sv;
            Later Lj = {0};
            int b = outcome_gain(s, &rj, u);
            apply(s, mj, &rj, u, &sv);
            b += future(s, &Lj, NONE);
            undo(s, &rj, &sv);
            if (b > value) value = b;
        }
    }
    return value;
}

#endif
