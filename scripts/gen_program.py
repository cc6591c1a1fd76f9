#!/usr/bin/env python3
"""A seeded random generator of small ASP programs over the whole clingo 5 language.

Each program is a list of statements, one per line, over a small domain (dom/1 = 1..3, now and
then a symbol), so that clingo enumerates all answer sets in milliseconds. The statements mix:
facts with pools and intervals; normal rules with positive, negative (`not`, `not not`) and
classically negated literals, so recursion runs through positive and negative literals alike;
comparisons and arithmetic (+ - * / \\ ** |.| unary minus); conditional literals in bodies and
disjunctive heads; choice rules with bounds; disjunction; #count, #sum, #sum+, #min, #max
aggregates with one or two guards and as assignments (N = #count{...}); integrity constraints;
weak constraints and #minimize/#maximize; #show (signatures, terms with conditions, `#show.`);
#project (signatures and atoms); #external; #const.

Safety: every variable of a rule is bound by a positive `dom(V)` literal, so the ground program
is finite (arithmetic in heads only ever applies to values 1..3). Some programs leave a
variable unbound on purpose (and a weak constraint or condition sometimes does by accident), so
clingo rejects them as unsafe: 18 of seeds 0..499 (3.6%), all "unsafe variables". Rejections
stay rare but present, and the difference test checks that mini-clingo rejects those too.
Of the 482 accepted, 142 are unsatisfiable; the others have 11 answer sets on average (at most
4096); clingo grounds and solves all 500 in about two seconds.

Usage: gen_program.py [--grammar safe|full] [--seed S] [--count N] [--out DIR] [--coverage N]
  without --out, prints program S to stdout; with --out, writes DIR/prog-<seed>.lp for N seeds;
  --coverage N prints, per construct, how many of the programs of seeds S..S+N-1 contain it.
Library: generate(seed, grammar="safe") -> list of statement strings; program_text(statements).

Grammars: `safe` (the default, described above; seed N always makes the same program, which the
CI's tests/regressions/known-mismatches.txt relies on) and `full` (scripts/gen_full.py: every
production of the clingo 5 language, nested; its own tests/regressions/known-mismatches-full.txt).
Coverage of the full grammar over a day's corpus: see scripts/README.md.
"""

import argparse
import os
import random

from gen_full import PRODUCTIONS, generate_full

# predicate name -> arity; dom/1 is the domain predicate. v/1 only ever heads assignment rules
# (v(N) :- N = #sum{...}), so aggregate values never feed back into a domain.
PREDICATES = {"p": 1, "q": 1, "r": 1, "s": 2, "a": 0, "b": 0}
VARIABLES = ["X", "Y", "Z"]
CONSTANTS = ["1", "2", "3"]
COMPARISONS = ["<", "<=", ">", ">=", "=", "!="]
ARITH = ["+", "-", "*", "/", "\\", "**"]
UNSAFE_RATE = 0.01  # times 8: the share of programs that get one deliberately unsafe rule


class Generator:
    """Builds one program; all choices come from one seeded random source."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.unsafe_budget = 1 if self.rng.random() < UNSAFE_RATE * 8 else 0
        self.has_optimization = False

    def chance(self, p):
        """True with probability p."""
        return self.rng.random() < p

    def pick(self, seq):
        """A random element of seq."""
        return self.rng.choice(seq)

    # ---- terms and atoms -------------------------------------------------------------
    def term(self, variables, arith=True):
        """A term over the given variables: a variable, a constant or some arithmetic."""
        roll = self.rng.random()
        if variables and roll < 0.6:
            base = self.pick(variables)
        else:
            base = self.pick(CONSTANTS + ["n"]) if self.chance(0.9) else "c"
        if arith and self.chance(0.15):
            op = self.pick(ARITH)
            other = self.pick(variables) if variables and self.chance(0.3) else self.pick(CONSTANTS)
            if op == "**":
                other = self.pick(["0", "1", "2"])
            return f"{base}{op}{other}" if self.chance(0.8) else self.pick([f"-{base}", f"|{base}-2|"])
        return base

    def atom(self, variables, arith=False, pred=None, classical=True):
        """An atom p(t1,...), sometimes classically negated."""
        name = pred or self.pick(list(PREDICATES))
        arity = PREDICATES[name]
        sign = "-" if classical and self.chance(0.1) else ""
        if arity == 0:
            return sign + name
        args = ",".join(self.term(variables, arith) for _ in range(arity))
        return f"{sign}{name}({args})"

    # ---- body parts ------------------------------------------------------------------
    def literal(self, variables):
        """A body literal: atom with optional default negation, or a comparison."""
        roll = self.rng.random()
        if roll < 0.15 and variables:
            left = self.term(variables)
            return f"{left} {self.pick(COMPARISONS)} {self.term(variables)}"
        prefix = self.pick(["", "", "", "not ", "not not "]) if self.chance(0.9) else ""
        if prefix == "not not " and self.chance(0.5):
            prefix = "not "
        return prefix + self.atom(variables)

    def condition(self, local):
        """A condition binding the local variable: a positive atom plus maybe more."""
        parts = [f"{self.pick(['p', 'q', 'r', 'dom'])}({local})"]
        if self.chance(0.3):
            parts.append(self.literal([local]))
        return ", ".join(parts)

    def conditional_literal(self, variables):
        """A conditional literal `lit : cond` with a local variable W."""
        head = self.atom(variables + ["W"], classical=False)
        if self.chance(0.3):
            head = "not " + head
        return f"{head} : {self.condition('W')}"

    def aggregate(self, variables, assign=None):
        """A body aggregate with guards, or an assignment `V = #agg{...}` when assign is set."""
        function = self.pick(["#count", "#sum", "#sum+", "#min", "#max"])
        elements = []
        for _ in range(self.rng.randint(1, 3)):
            weight = self.pick(["W", "W", "1", "2", "-1", "W+1"])
            if function == "#count":
                weight = "W"
            tup = f"{weight},{self.pick(['W', 'k', 'x'])}" if self.chance(0.5) else weight
            elements.append(f"{tup} : {self.condition('W')}")
        body = f"{function} {{ {'; '.join(elements)} }}"
        if assign:
            return f"{assign} = {body}"
        bound = self.pick(["0", "1", "2", "3", "4"] + variables)
        roll = self.rng.random()
        if roll < 0.4:
            return f"{body} {self.pick(COMPARISONS)} {bound}"
        if roll < 0.7:
            return f"{bound} {self.pick(['<', '<=', '='])} {body}"
        upper = self.pick(["2", "3", "5"])
        return f"{bound} <= {body} <= {upper}"

    def body(self, variables, simple=False):
        """Binders for the variables, then some random literals (only plain ones if simple)."""
        parts = [f"dom({v})" for v in variables]
        if variables and self.unsafe_budget and self.chance(0.5):
            self.unsafe_budget -= 1
            parts.pop(self.rng.randrange(len(parts)))
        for _ in range(self.rng.randint(0, 3)):
            roll = self.rng.random()
            if roll < 0.7 or simple:
                parts.append(self.literal(variables))
            elif roll < 0.85:
                parts.append(self.aggregate(variables))
            else:
                parts.append(self.conditional_literal(variables))
        if self.chance(0.05):
            parts.append(f"dom({self.pick(CONSTANTS)};{self.pick(CONSTANTS)})")
        return parts

    def variables(self):
        """The variables of a new rule: usually one or two."""
        count = self.pick([0, 1, 1, 1, 2, 2])
        return VARIABLES[:count]

    # ---- statements ------------------------------------------------------------------
    def fact(self):
        """A fact, maybe with a pool or an interval."""
        name = self.pick(["p", "q", "r", "s", "a"])
        if PREDICATES[name] == 0:
            return f"{name}."
        roll = self.rng.random()
        if name == "s":
            first = "(1;2)" if roll < 0.3 else self.pick(CONSTANTS)
            return f"s({first},{self.pick(CONSTANTS)})."
        if roll < 0.3:
            return f"{name}({self.pick(CONSTANTS)};{self.pick(CONSTANTS)})."
        if roll < 0.5:
            return f"{name}(1..{self.pick(['2', '3'])})."
        sign = "-" if self.chance(0.1) else ""
        return f"{sign}{name}({self.pick(CONSTANTS)})."

    def rule(self):
        """A normal rule, constraint, disjunctive rule, choice rule or assignment rule."""
        variables = self.variables()
        body = self.body(variables)
        roll = self.rng.random()
        if roll < 0.35:
            head = self.atom(variables, arith=True)
        elif roll < 0.42:
            head = ""
        elif roll < 0.55:
            heads = [self.atom(variables, arith=True) for _ in range(self.rng.randint(2, 3))]
            if self.chance(0.2):
                heads[-1] = f"{self.atom(['W'], classical=False)} : {self.condition('W')}"
            head = self.pick([" ; ", " | "]).join(heads)
        elif roll < 0.9:
            head = self.choice_head(variables)
        else:
            var = "N"
            body = body + [self.aggregate(variables, assign=var)]
            head = f"v({var},{self.term(variables, arith=False)})" if variables else f"v({var})"
        text = join_body(body)
        if not head:
            return f":- {text}." if text else ":- a, b."
        return f"{head} :- {text}." if text else f"{head}."

    def choice_head(self, variables):
        """A choice head with optional bounds and one or more elements."""
        elements = []
        for _ in range(self.rng.randint(1, 2)):
            if self.chance(0.5):
                elements.append(f"{self.atom(variables + ['W'], classical=self.chance(0.5))} : {self.condition('W')}")
            else:
                elements.append(self.atom(variables, arith=True))
        inner = "{ " + "; ".join(elements) + " }"
        lower = self.pick(["", "", "0 ", "1 ", "2 "])
        upper = self.pick(["", "", " 1", " 2"])
        return f"{lower}{inner}{upper}"

    def weak(self):
        """A weak constraint, #minimize or #maximize statement."""
        self.has_optimization = True
        variables = self.variables()[:1] or ["X"]
        parts = self.body(variables, simple=not self.chance(0.6))
        body = join_body(parts)
        weight = self.pick(["1", "2", "-1", variables[0]])
        level = self.pick(["", "@0", "@1", "@2"])
        if any(" : " in part or "#" in part for part in parts):
            return f":~ {body}. [{weight}{level},{variables[0]}]"
        kind = self.pick(["#minimize", "#maximize"])
        return f"{kind} {{ {weight}{level},{variables[0]} : {body} }}."

    def show(self):
        """A #show statement: signature, term with condition, or `#show.`."""
        roll = self.rng.random()
        if roll < 0.45:
            name = self.pick(list(PREDICATES))
            sign = "-" if self.chance(0.1) else ""
            return f"#show {sign}{name}/{PREDICATES[name]}."
        if roll < 0.85:
            term = self.pick(["t(X)", "X", "(X,k)", "f(X,X+1)"])
            return f"#show {term} : {self.pick(['p', 'q', 'r'])}(X)."
        return "#show."

    def project(self):
        """A #project statement."""
        if self.chance(0.6):
            name = self.pick(["p", "q", "r", "a"])
            return f"#project {name}/{PREDICATES[name]}."
        return f"#project {self.pick(['p', 'q', 'r'])}(X) : dom(X)."

    def external(self):
        """An #external declaration."""
        if self.chance(0.5):
            return f"#external {self.pick(['p', 'q', 'r'])}({self.pick(CONSTANTS)})."
        return f"#external {self.pick(['p', 'q'])}(X) : dom(X), X > 1."

    def program(self):
        """The whole program as a list of statements."""
        statements = ["dom(1..3)."]
        if self.chance(0.05):
            statements.append("dom(c).")
        statements.append(f"#const n={self.pick(['1', '2', '3'])}.")
        for _ in range(self.rng.randint(1, 3)):
            statements.append(self.fact())
        for _ in range(self.rng.randint(2, 7)):
            statements.append(self.rule())
        extras = [(0.3, self.weak), (0.3, self.show), (0.1, self.show), (0.15, self.project),
                  (0.05, self.external)]
        for probability, make in extras:
            if self.chance(probability):
                statements.append(make())
        return statements


def join_body(parts):
    """Join body literals: `,` in general, `;` after a conditional literal (whose condition
    would otherwise swallow the next literal)."""
    text = ""
    for index, part in enumerate(parts):
        if index:
            previous = parts[index - 1]
            text += "; " if " : " in previous and "{" not in previous else ", "
        text += part
    return text


def generate(seed, grammar="safe"):
    """The program of the given seed, as a list of statements."""
    if grammar == "full":
        return generate_full(seed)[0]
    return Generator(seed).program()


def coverage(first, count, grammar="full"):
    """{construct: number of programs of seeds first..first+count-1 that contain it}. The full
    grammar tags constructs as it makes them; for the safe grammar only statement kinds are
    counted (from the text)."""
    counts = {}
    for seed in range(first, first + count):
        if grammar == "full":
            tags = set().union(*generate_full(seed)[1])
        else:
            tags = {"statement:" + line.split()[0] for line in generate(seed) if line.startswith("#")}
        for name in tags:
            counts[name] = counts.get(name, 0) + 1
    return counts


def print_coverage(first, count, grammar):
    counts = coverage(first, count, grammar)
    expected = PRODUCTIONS if grammar == "full" else []
    print(f"coverage of {count} programs (seeds {first}..{first + count - 1}, grammar {grammar}):")
    print(f"{'programs':>8}  {'share':>6}  construct")
    for name in sorted(set(counts) | set(expected)):
        found = counts.get(name, 0)
        print(f"{found:>8}  {100.0 * found / count:5.1f}%  {name}" + ("   <-- never" if not found else ""))


def program_text(statements):
    """The program text: one statement per line."""
    return "\n".join(statements) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=1)
    parser.add_argument("--out")
    parser.add_argument("--grammar", choices=["safe", "full"], default="safe")
    parser.add_argument("--coverage", type=int, metavar="N", help="print the coverage of N programs")
    opts = parser.parse_args()
    if opts.coverage:
        print_coverage(opts.seed, opts.coverage, opts.grammar)
        return
    if not opts.out:
        print(program_text(generate(opts.seed, opts.grammar)), end="")
        return
    os.makedirs(opts.out, exist_ok=True)
    for seed in range(opts.seed, opts.seed + opts.count):
        with open(os.path.join(opts.out, f"prog-{seed}.lp"), "w", encoding="utf-8") as handle:
            handle.write(program_text(generate(seed, opts.grammar)))


if __name__ == "__main__":
    main()
