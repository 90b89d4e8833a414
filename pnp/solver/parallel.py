"""The exact search on several cores: the root's moves shared out among processes.

Each worker process is a fork of the searcher, with the beam's line already
found. Workers take the root's moves one at a time from a shared counter
(best first, so the hard ones start early) and search each to the end. The
compiled searches' transposition table is mapped shared before the fork
(``_core.h``, ``tt_alloc``), so the workers fill one table together (an entry
torn by two writers never reads as valid); the Python search's table is each
worker's own copy. The best score any worker has found sits in a
shared integer that every worker reads at its regular checks, so each prunes
with the best line found anywhere. Values in a table never depend on that
incumbent (an entry is an exact value or a proven upper bound), so mixing
incumbents keeps the search exact.

The parent only waits, reports progress, and puts the answers together: the
root's value is the best of its moves; it is proven when every move was
searched to the end before the deadline.
"""
from __future__ import annotations

import multiprocessing
import queue
import time


def available() -> bool:
    """True when worker processes can be forked (not on Windows)."""
    return "fork" in multiprocessing.get_all_start_methods()


def raise_to(value, best: int) -> None:
    """Raise the shared ``value`` to ``best`` if it is lower (the lock only then)."""
    if best > value.value:
        with value.get_lock():
            if best > value.value:
                value.value = best


def search_root(searcher, start, cur: int, kids: list, jobs: int, first=None):
    """Search the root moves ``kids`` ((gain, child) pairs) with ``jobs`` processes.

    ``first``: what the first worker does before it takes moves (the widest
    beam, so that it runs while the others search rather than before); the
    best line it leaves on the searcher is shared like any other.

    Returns ``(best, moves, bound, proven, nodes)``: the best score and its
    line (``moves`` is None when no worker beat the searcher's own line), a
    proven upper bound on the best score, whether the search finished, and the
    positions the workers visited."""
    from ..workers import ignore_ctrl_c
    from .search import _Timeout

    ctx = multiprocessing.get_context("fork")
    shared = ctx.Value("q", max(searcher.best, searcher.floor))  # what prunes: a test's floor too (Searcher.descend)
    found = ctx.Value("q", searcher.best)  # the best line anywhere: what progress shows
    taken = ctx.Value("q", 0)
    counts = ctx.Array("q", jobs)
    halt = ctx.Value("b", 0)  # set by the parent when the searcher's stop() asks to end
    results = ctx.Queue()

    def worker(w: int) -> None:
        # the parent alone answers Ctrl-C (through stop() and halt), the workers
        # end at their next check
        ignore_ctrl_c()
        s = searcher
        s.progress = None
        s.stop = lambda: halt.value

        def share(best: int, nodes: int) -> int:
            counts[w] = nodes
            raise_to(found, best)
            raise_to(shared, best)
            return shared.value

        s.share = share
        s.nodes = 0
        s.next_check = 0
        own = s.best
        try:
            if w == 0 and first is not None:
                first()
                share(s.best, s.nodes)
            while True:
                with taken.get_lock():
                    i = taken.value
                    taken.value += 1
                if i >= len(kids):
                    break
                g, child = kids[i]
                s.path.append(child)
                try:
                    v, exact = s.dfs(s.engine.node(child), cur + g)
                except _Timeout as stop:
                    results.put(("open", i, g + stop.bound))
                    break
                finally:
                    s.path.pop()
                results.put(("exact" if exact else "open", i, g + v))
        except Exception as err:  # a bug: the parent raises it, never a silent half search
            results.put(("error", w, f"{type(err).__name__}: {err}"))
        finally:
            moves = [s.engine.move(c) for c in s.best_line] if s.best > own else None
            share(s.best, s.nodes)
            results.put(("done", w, s.best, moves, s.nodes))

    procs = [ctx.Process(target=worker, args=(w,), daemon=True) for w in range(jobs)]
    for p in procs:
        p.start()
    values: dict[int, tuple[str, int]] = {}
    best, moves, nodes = searcher.best, None, 0
    done = 0
    try:
        while done < jobs:
            if not halt.value and searcher.stopped():
                halt.value = 1
            try:
                msg = results.get(timeout=0.25)
            except queue.Empty:
                if searcher.progress is not None:
                    searcher.progress(searcher.nodes + sum(counts), max(best, found.value),
                                      time.perf_counter() - searcher.t0)
                if not any(p.is_alive() for p in procs) and results.empty():
                    raise RuntimeError("a solver process died")
                continue
            if msg[0] == "error":
                raise RuntimeError(f"solver process {msg[1]} failed: {msg[2]}")
            if msg[0] == "done":
                done += 1
                _, _, b, m, n = msg
                nodes += n
                if m is not None and b > best:
                    best, moves = b, m
            else:
                values[msg[1]] = (msg[0], msg[2])
    except BaseException:  # a bug, or Ctrl-C pressed twice: no worker is left running
        for p in procs:
            p.terminate()
        raise
    finally:
        for p in procs:
            p.join(timeout=5)
            if p.is_alive():
                p.terminate()
    bound = best
    for i, (g, child) in enumerate(kids):
        if i in values:
            bound = max(bound, cur + values[i][1])
        else:  # never started: its static bound
            bound = max(bound, cur + g + searcher.bounder.future(searcher.engine.node(child)))
    return best, moves, bound, bound <= best, nodes
