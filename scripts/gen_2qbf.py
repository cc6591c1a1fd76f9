#!/usr/bin/env python3
"""A random 2QBF (exists x, forall y: a DNF of three-literal terms) as a disjunctive ASP program
with the saturation technique; it is not head-cycle-free (the y guesses and `sat` form one
positive cycle). Its answer sets are the x assignments for which every y assignment satisfies
some term.

Usage: scripts/gen_2qbf.py SEED X_VARS Y_VARS TERMS > program.lp
"""
import random
import sys


def main():
    seed, x_vars, y_vars, terms = map(int, sys.argv[1:5])
    rng = random.Random(seed)
    print(f"xv(1..{x_vars}). yv(1..{y_vars}).")
    print("t(x,I) | f(x,I) :- xv(I).")
    print("t(y,J) | f(y,J) :- yv(J).")
    print("t(y,J) :- sat, yv(J). f(y,J) :- sat, yv(J).")
    print(":- not sat.")
    for _ in range(terms):
        literals = []
        for _ in range(3):
            kind = rng.choice("xy")
            index = rng.randint(1, x_vars if kind == "x" else y_vars)
            literals.append(f"{'t' if rng.random() < 0.5 else 'f'}({kind},{index})")
        print("sat :- " + ", ".join(literals) + ".")
    print("#show t/2.")


if __name__ == "__main__":
    main()
