#!/usr/bin/env python3
"""Writes the generated instances of the benchmark suite (fixed seeds, so the files are the
same on every run): coloring graphs, a hamiltonian graph, knapsack items, a blocks-world
problem and a 25x25 nonogram. Usage: benches/suite/generate.py (writes next to itself).
The answers (model counts, optima) are recorded in benches/suite/runs.txt, from clingo 5.8.3."""

import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, header, lines):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as handle:
        handle.write("".join(f"% {line}\n" for line in header.splitlines()))
        handle.write("".join(line + "\n" for line in lines))


def random_graph(nodes, edges, seed):
    """`edges` distinct undirected edges X < Y among nodes 1..nodes."""
    rng = random.Random(seed)
    chosen = set()
    while len(chosen) < edges:
        x, y = rng.randint(1, nodes), rng.randint(1, nodes)
        if x != y:
            chosen.add((min(x, y), max(x, y)))
    return sorted(chosen)


def coloring(name, nodes, edges, seed):
    graph = random_graph(nodes, edges, seed)
    write(name, f"Random graph, {nodes} nodes, {edges} edges (seed {seed}); generate.py.",
          [f"node(1..{nodes})."] + [f"edge({x},{y})." for x, y in graph])


def hamilton(name, nodes, out_degree, seed):
    """A directed graph with a hidden hamiltonian cycle plus random arcs."""
    rng = random.Random(seed)
    order = list(range(2, nodes + 1))
    rng.shuffle(order)
    order = [1] + order
    arcs = {(order[i], order[(i + 1) % nodes]) for i in range(nodes)}
    while len(arcs) < nodes * out_degree:
        x, y = rng.randint(1, nodes), rng.randint(1, nodes)
        if x != y:
            arcs.add((x, y))
    write(name, f"Directed graph, {nodes} nodes, {len(arcs)} arcs with a hidden hamiltonian "
          f"cycle (seed {seed}); generate.py.",
          [f"node(1..{nodes})."] + [f"edge({x},{y})." for x, y in sorted(arcs)])


def knapsack(name, items, groups, seed):
    rng = random.Random(seed)
    lines, total = [], 0
    for i in range(1, items + 1):
        weight = rng.randint(10, 60)
        value = weight + rng.randint(-5, 15)
        total += weight
        lines.append(f"item({i},{weight},{value},{rng.randint(1, groups)}).")
    lines.append(f"capacity({total // 3}).")
    write(name, f"{items} items in {groups} groups (seed {seed}); generate.py.", lines)


def blocks(name, count, horizon, seed):
    """Random initial and goal towers over `count` blocks."""
    rng = random.Random(seed)

    def towers():
        order = list(range(1, count + 1))
        rng.shuffle(order)
        placed, below = [], {}
        for block in order:
            tops = [t for t in placed if t not in below.values()]
            if placed and rng.random() < 0.7:
                below[block] = rng.choice(tops)
            else:
                below[block] = "table"
            placed.append(block)
        return below

    init, goal = towers(), towers()
    lines = [f"#const t={horizon}.", f"block(1..{count})."]
    lines += [f"init({b},{l})." for b, l in sorted(init.items())]
    lines += [f"goal({b},{l})." for b, l in sorted(goal.items())]
    write(name, f"Blocks world, {count} blocks, horizon {horizon} (seed {seed}); generate.py.",
          lines)


def nonogram(name, size, seed):
    """Clues of a random picture smoothed into blobs (unique solution checked with clingo)."""
    rng = random.Random(seed)
    grid = [[rng.random() < 0.55 for _ in range(size)] for _ in range(size)]
    for _ in range(2):
        grid = [[smooth(grid, r, c) for c in range(size)] for r in range(size)]
    lines = [f"#const width={size}.", f"#const height={size}."]
    for r in range(size):
        lines.append(" ".join(f"rowrun({r + 1},{i + 1},{n})." for i, n in enumerate(runs(grid[r]))))
    for c in range(size):
        column = [grid[r][c] for r in range(size)]
        lines.append(" ".join(f"colrun({c + 1},{i + 1},{n})." for i, n in enumerate(runs(column))))
    write(name, f"Nonogram {size}x{size} (seed {seed}), for programs/nonogram.lp; generate.py.",
          lines)


def smooth(grid, r, c):
    """The majority value of the 3x3 block around (r, c)."""
    size = len(grid)
    rows, cols = range(max(0, r - 1), min(size, r + 2)), range(max(0, c - 1), min(size, c + 2))
    filled = sum(grid[rr][cc] for rr in rows for cc in cols)
    return 2 * filled > len(rows) * len(cols)


def runs(line):
    out, length = [], 0
    for value in line + [False]:
        if value:
            length += 1
        elif length:
            out.append(length)
            length = 0
    return out


def main():
    coloring("coloring-unsat.lp", 400, 960, 1)
    coloring("coloring-sat.lp", 400, 940, 2)
    hamilton("hamilton-graph.lp", 28, 4, 3)
    knapsack("knapsack-items.lp", 40, 12, 4)
    blocks("blocks-20.lp", 20, 20, 5)
    nonogram("nonogram-25x25.lp", 25, 4)


if __name__ == "__main__":
    main()
