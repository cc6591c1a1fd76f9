"""The full-grammar profile of scripts/gen_program.py (`--grammar full`).

Where the default (`safe`) profile keeps to a subset whose seeds the CI's known-mismatches list
names, this one draws from every production of the clingo 5 language (Potassco guide, clingo 5)
that bears on answer sets, nested inside one another:
  terms       integers (decimal, hex 0x, octal 0o, binary 0b, negative), symbolic constants,
              strings, #inf/#sup, functions, tuples ((t,u) and the one-tuple (t,)), the anonymous
              variable, arithmetic (+ - * / \\ ** & ? ^ ~ |t| unary -), undefined arithmetic
              (c+1, X/0, X\\0), external calls @f(..) (no function is registered: clingo drops the
              instance with `info: operation undefined`), intervals and pools inside arguments
  literals    atoms, classical negation, `not`, `not not`, comparisons (< <= > >= = == !=),
              #true/#false, conditional literals `l : l1, l2` (conditions with pools, intervals,
              negation), body aggregates (#count #sum #sum+ #min #max and the `{..}` set form) with
              left, right, both or assignment guards, `not`/`not not` in front, symbolic, tuple
              and undefined bounds and weights, recursion through positive and negated aggregates
  heads       atoms (with pools and intervals), disjunctions with `;` and `|` of conditional,
              negated (`not`, `not not`) and classical literals, choices with bounds and conditional
              elements, head aggregates `#count { t : a : cond } >= k` etc., #false/#true heads
  statements  facts, rules, integrity constraints, weak constraints with priorities and tuples,
              #minimize/#maximize, #show (signatures, `-p/n`, terms with conditions, `#show.`),
              #project (signatures, atoms with conditions), #external with [true|false|free|
              release], #const (chains, symbolic and tuple values, [default|override], a
              redefinition or a cycle now and then), #edge, #heuristic (every modifier), #defined,
              #program base, comments (`%` and `%* *%`), the `;` body separator
Theory atoms, #script, #include and multi-shot directives are out of scope.

Every statement records the constructs it contains (Generator.tags, per statement); the
coverage report of gen_program.py (`--coverage N --grammar full`) counts, per construct, the
programs that contain it. Programs stay small (a domain of 1..3) and mostly safe: about one in
ten is rejected by clingo (unsafe variables, a #const cycle or redefinition, ...), and those are
compared on rejection.
"""

import random
import re

PREDICATES = {"p": 1, "q": 1, "r": 1, "s": 2, "a": 0, "b": 0}
VARIABLES = ["X", "Y", "Z"]
COMPARISONS = ["<", "<=", ">", ">=", "=", "!=", "=="]
AGGREGATES = ["#count", "#sum", "#sum+", "#min", "#max"]

# Every construct the generator tags (the coverage report lists each, also when no program has it).
PRODUCTIONS = [
    'aggregate:assignment',
    'aggregate:element without condition',
    'aggregate:left guard',
    'aggregate:no guard',
    'aggregate:right guard',
    'aggregate:tuple element',
    'aggregate:two guards',
    'body:; separator',
    'body:aggregate #count',
    'body:aggregate #max',
    'body:aggregate #min',
    'body:aggregate #sum',
    'body:aggregate #sum+',
    'body:conditional literal',
    'body:interval',
    'body:pool',
    'body:set aggregate {..}',
    'bound:#const',
    'bound:#inf/#sup',
    'bound:symbolic',
    'bound:tuple',
    'bound:undefined',
    'choice:bounds',
    'choice:conditional element',
    'choice:guard operator',
    'condition:empty',
    'condition:interval',
    'condition:pool',
    'condition:several literals',
    'const:[default|override]',
    'const:cycle',
    'const:defined from another',
    'const:order (used before definition)',
    'const:redefinition',
    'const:symbolic or tuple value',
    'external:[false]',
    'external:[free]',
    'external:[release]',
    'external:[true]',
    'head:#false',
    'head:aggregate #count',
    'head:aggregate #max',
    'head:aggregate #min',
    'head:aggregate #sum',
    'head:aggregate #sum+',
    'head:atom',
    'head:choice',
    'head:conditional literal',
    'head:disjunction',
    'head:disjunction with |',
    'head:negated literal alone',
    'heuristic:factor',
    'heuristic:false',
    'heuristic:init',
    'heuristic:level',
    'heuristic:sign',
    'heuristic:true',
    'literal:#false',
    'literal:#true',
    'literal:atom',
    'literal:classical negation',
    'literal:comparison !=',
    'literal:comparison <',
    'literal:comparison <=',
    'literal:comparison =',
    'literal:comparison ==',
    'literal:comparison >',
    'literal:comparison >=',
    'literal:not',
    'literal:not not',
    'optimize:non-integer weight',
    'optimize:priority',
    'optimize:tuple terms',
    'project:atom',
    'project:signature',
    'recursion:through aggregate',
    'recursion:through negated aggregate',
    'show:#show.',
    'show:-p/n',
    'show:signature',
    'show:term',
    'show:term without condition',
    'statement:#const',
    'statement:#defined',
    'statement:#edge',
    'statement:#external',
    'statement:#heuristic',
    'statement:#maximize',
    'statement:#minimize',
    'statement:#program',
    'statement:comment',
    'statement:fact',
    'statement:integrity constraint',
    'statement:rule',
    'statement:weak constraint',
    'term:#const-name',
    'term:#inf',
    'term:#sup',
    'term:@external call',
    'term:anonymous variable',
    'term:arith &',
    'term:arith *',
    'term:arith **',
    'term:arith +',
    'term:arith -',
    'term:arith /',
    'term:arith ?',
    'term:arith \\',
    'term:arith ^',
    'term:binary',
    'term:function',
    'term:hex',
    'term:integer',
    'term:interval',
    'term:negative',
    'term:octal',
    'term:pool',
    'term:pool of argument lists',
    'term:string',
    'term:symbol',
    'term:tuple',
    'term:unary -',
    'term:undefined arithmetic',
    'term:|t|',
    'term:~',
    'unsafe:condition',
    'unsafe:variable',
    'weight:#const',
    'weight:#inf/#sup',
    'weight:negative',
    'weight:symbolic',
    'weight:tuple',
    'weight:undefined',
]


class FullGenerator:
    """Builds one program of the full grammar; all choices come from one seeded random source."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.current = set()   # the constructs of the statement being built
        self.tags = []         # one set of constructs per statement
        self.unsafe = self.rng.random() < 0.06

    # ---- helpers ---------------------------------------------------------------------
    def chance(self, p):
        return self.rng.random() < p

    def pick(self, seq):
        return self.rng.choice(seq)

    def tag(self, *names):
        self.current.update(names)

    # ---- terms -----------------------------------------------------------------------
    def constant(self):
        """A constant term: mostly 1..3, else every other kind of constant."""
        roll = self.rng.random()
        if roll < 0.6:
            return self.pick(["1", "2", "3"])
        table = [("n", "term:#const-name"), ("m", "term:#const-name"), ("c", "term:symbol"),
                 ('"s"', "term:string"), ("#inf", "term:#inf"), ("#sup", "term:#sup"),
                 ("0x2", "term:hex"), ("0o3", "term:octal"), ("0b1", "term:binary"),
                 ("-1", "term:negative"), ("0", "term:integer")]
        text, name = self.pick(table)
        self.tag(name)
        return text

    def term(self, variables, depth=0, pools=False):
        """A term over the given (bound) variables."""
        roll = self.rng.random()
        if variables and roll < 0.55:
            base = self.pick(variables)
        else:
            base = self.constant()
        if depth < 1 and self.chance(0.25):
            kind = self.rng.random()
            other = self.pick(variables) if variables and self.chance(0.4) else self.pick(["1", "2", "3"])
            if kind < 0.45:
                op = self.pick(["+", "-", "*", "/", "\\", "**", "&", "?", "^"])
                if op == "**":
                    other = self.pick(["0", "1", "2", "-1"])
                self.tag(f"term:arith {op}")
                return f"{base}{op}{other}"
            if kind < 0.55:
                name = self.pick(["term:unary -", "term:~", "term:|t|"])
                self.tag(name)
                return {"term:unary -": f"-{base}", "term:~": f"~{base}"}.get(name, f"|{base}-2|")
            if kind < 0.65:
                self.tag("term:undefined arithmetic")
                return self.pick([f"c+{other}", f"{base}/0", f"{base}\\0", f'"s"*{other}', f"f({base})-1"])
            if kind < 0.75:
                self.tag("term:function")
                return f"f({base})" if self.chance(0.6) else f"g({base},{other})"
            if kind < 0.82:
                self.tag("term:tuple")
                return f"({base},{other})" if self.chance(0.7) else f"({base},)"
            if kind < 0.88:
                self.tag("term:@external call")
                return self.pick([f"@f({base})", "@g", f"@f({base},{other})"])
            if pools and kind < 0.94:
                self.tag("term:interval")
                return f"{base}..{other}" if self.chance(0.5) else f"1..{base}"
            if pools:
                self.tag("term:pool")
                return f"{base};{other}" if self.chance(0.5) else f"({base};{other})"
        return base

    def atom(self, variables, pred=None, classical=0.1, pools=False, local=None, anonymous=False):
        """An atom p(t1,...), sometimes classically negated; pools/intervals when allowed."""
        name = pred or self.pick(list(PREDICATES))
        arity = PREDICATES[name]
        sign = ""
        if self.chance(classical):
            sign = "-"
            self.tag("literal:classical negation")
        if arity == 0:
            return sign + name
        args = []
        pool_vars = variables + ([local] if local else [])
        for _ in range(arity):
            args.append(self.term(pool_vars, pools=pools))
        if anonymous and self.chance(0.1):
            self.tag("term:anonymous variable")
            args[self.rng.randrange(arity)] = "_"
        if len(args) > 1 and any(";" in a and not a.startswith("(") for a in args):
            self.tag("term:pool of argument lists")
        return f"{sign}{name}({','.join(args)})"

    # ---- body ------------------------------------------------------------------------
    def negation(self, p=0.35):
        if not self.chance(p):
            return ""
        if self.chance(0.6):
            self.tag("literal:not")
            return "not "
        self.tag("literal:not not")
        return "not not "

    def literal(self, variables, allow_cmp=True, pools=False):
        """A body literal: (negated) atom, comparison or boolean constant."""
        roll = self.rng.random()
        if allow_cmp and variables and roll < 0.15:
            op = self.pick(COMPARISONS)
            self.tag(f"literal:comparison {op}")
            return f"{self.term(variables)} {op} {self.term(variables)}"
        if roll < 0.19:
            value = self.pick(["#true", "#false"])
            self.tag(f"literal:{value}")
            return self.negation(0.3) + value
        self.tag("literal:atom")
        neg = self.negation()
        return neg + self.atom(variables, pools=pools, anonymous=True)

    def condition(self, local, outer=(), literal=""):
        """A condition binding the local variable W: a positive atom (sometimes with a pool or an
        interval), then maybe negative literals or comparisons. When the literal it conditions
        has W inside a compound term (f(W), W+1), W is bound by dom(W): a derived atom could
        otherwise feed its own condition (q(f(W)) : q(W)) and the grounding would not end."""
        roll = self.rng.random()
        if compound(literal, local):
            parts = [f"dom({local})"]
        elif roll < 0.12:
            self.tag("condition:interval")
            parts = [f"{local} = 1..{self.pick(['2', '3', 'n'])}"]
        elif roll < 0.2:
            self.tag("condition:pool")
            parts = [f"{self.pick(['p', 'q', 'dom'])}({local})", f"{local} = ({self.pick(['1', '2'])};3)"]
        else:
            parts = [f"{self.pick(['p', 'q', 'r', 'dom'])}({local})"]
        for _ in range(self.rng.randint(0, 2)):
            if self.chance(0.4):
                parts.append(self.literal([local, *outer]))
        if self.unsafe and self.chance(0.2):
            self.unsafe = False
            self.tag("unsafe:condition")
            parts[0] = f"not {parts[0]}" if "=" not in parts[0] else "#true"
        if len(parts) > 1:
            self.tag("condition:several literals")
        return ", ".join(parts)

    def conditional_literal(self, variables, in_head=False):
        """`l : cond` with a local variable W; the literal may carry pools and intervals."""
        self.tag("head:conditional literal" if in_head else "body:conditional literal")
        pools = self.chance(0.4)
        if not in_head and self.chance(0.1):
            self.tag("condition:empty")
            return f"{self.negation(0.35)}{self.atom(variables, pools=pools, classical=0.15)} :"
        head = self.atom(variables, local="W", pools=pools, classical=0.15)
        if "W" not in head and self.chance(0.7):
            name = self.pick(["p", "q", "r"])
            head = f"{name}(W)" if not pools else f"{name}(W;{self.pick(['1', '2'])})"
            if pools:
                self.tag("term:pool")
        head = self.negation(0.35) + head
        return f"{head} : {self.condition('W', variables, head)}"

    def bound(self, variables):
        """An aggregate bound: mostly a number, else a variable, a symbol, tuple or undefined."""
        roll = self.rng.random()
        if roll < 0.55:
            return self.pick(["0", "1", "2", "3", "4"])
        if roll < 0.7 and variables:
            return self.pick(variables)
        table = [("c", "bound:symbolic"), ('"s"', "bound:symbolic"), ("(1,2)", "bound:tuple"),
                 ("f(1)", "bound:symbolic"), ("c+1", "bound:undefined"), ("1/0", "bound:undefined"),
                 ("#inf", "bound:#inf/#sup"), ("#sup", "bound:#inf/#sup"), ("n", "bound:#const"),
                 ("m+1", "bound:#const")]
        text, name = self.pick(table)
        self.tag(name)
        return text

    def weight(self, function):
        roll = self.rng.random()
        if roll < 0.55:
            return self.pick(["W", "W", "1", "2", "-1", "W+1"])
        table = [("c", "weight:symbolic"), ("(W,1)", "weight:tuple"), ("W/0", "weight:undefined"),
                 ("c+W", "weight:undefined"), ("-W", "weight:negative"), ("n", "weight:#const"),
                 ("@f(W)", "term:@external call"), ("#sup", "weight:#inf/#sup"), ('"s"', "weight:symbolic")]
        text, name = self.pick(table)
        self.tag(name)
        return text

    def aggregate_elements(self, function, variables, head=False):
        elements = []
        for _ in range(self.rng.randint(1, 3)):
            weight = self.weight(function)
            tup = weight
            if self.chance(0.5):
                self.tag("aggregate:tuple element")
                tup = f"{weight},{self.pick(['W', 'k', 'x', 'f(W)'])}"
            if head:
                lit = self.atom(variables + ["W"], classical=0.1)
                if "W" not in lit:
                    lit = f"{self.pick(['p', 'q', 'r'])}(W)"
                # without a condition nothing binds W (the head atom does not): unsafe
                elements.append(f"{tup} : {lit} : {self.condition('W', variables, lit)}")
            else:
                if self.chance(0.05):
                    self.tag("aggregate:element without condition")
                    elements.append(self.pick(["1", "c", "1,k"]))
                    continue
                elements.append(f"{tup} : {self.condition('W', variables)}")
        return elements

    def guards(self, body, variables):
        """Attach one or two guards (left, right or both sides) to an aggregate."""
        roll = self.rng.random()
        op = self.pick(COMPARISONS)
        if roll < 0.35:
            self.tag("aggregate:right guard")
            return f"{body} {op} {self.bound(variables)}"
        if roll < 0.65:
            self.tag("aggregate:left guard")
            return f"{self.bound(variables)} {op} {body}"
        if roll < 0.9:
            self.tag("aggregate:two guards")
            return f"{self.bound(variables)} {self.pick(['<', '<='])} {body} {self.pick(['<', '<='])} {self.bound(variables)}"
        self.tag("aggregate:no guard")
        return body

    def body_aggregate(self, variables, assign=None):
        if self.chance(0.12) and not assign:
            self.tag("body:set aggregate {..}")
            elements = [self.conditional_literal(variables) if self.chance(0.5) else self.literal(variables, False)
                        for _ in range(self.rng.randint(1, 2))]
            return self.negation(0.3) + self.guards("{ " + "; ".join(elements) + " }", variables)
        function = self.pick(AGGREGATES)
        self.tag(f"body:aggregate {function}")
        text = f"{function} {{ {'; '.join(self.aggregate_elements(function, variables))} }}"
        if assign:
            self.tag("aggregate:assignment")
            return f"{assign} = {text}"
        return self.negation(0.3) + self.guards(text, variables)

    def body(self, variables, simple=False):
        """Binders for the variables, then some random literals."""
        parts = [f"dom({v})" for v in variables]
        if variables and self.unsafe and self.chance(0.4):
            self.unsafe = False
            self.tag("unsafe:variable")
            parts.pop(self.rng.randrange(len(parts)))
        for _ in range(self.rng.randint(0, 3)):
            roll = self.rng.random()
            if roll < 0.55 or simple:
                parts.append(self.literal(variables, pools=self.chance(0.1)))
            elif roll < 0.78:
                parts.append(self.body_aggregate(variables))
            else:
                parts.append(self.conditional_literal(variables))
        if self.chance(0.05):
            self.tag("body:pool", "term:pool")
            parts.append(f"dom({self.pick(['1', '2', '3'])};{self.pick(['1', '2', 'c'])})")
        if self.chance(0.05):
            self.tag("body:interval", "term:interval")
            parts.append(f"dom(1..{self.pick(['2', 'n'])})")
        return parts

    def variables(self):
        return VARIABLES[:self.pick([0, 1, 1, 1, 2, 2])]

    # ---- heads -----------------------------------------------------------------------
    def disjunction(self, variables):
        self.tag("head:disjunction")
        elements = []
        for _ in range(self.rng.randint(1, 3)):
            if self.chance(0.3):
                elements.append(self.conditional_literal(variables, in_head=True))
            else:
                elements.append(self.negation(0.3) + self.atom(variables, pools=self.chance(0.2)))
        if len(elements) == 1 and elements[0].startswith("not"):
            self.tag("head:negated literal alone")
        separator = self.pick([" ; ", " ; ", " | "])
        if separator == " | ":
            self.tag("head:disjunction with |")
        # a conditional literal's condition would swallow a following `;` element in the
        # text; clingo resolves `a : b ; c` as `(a : b) ; c`, which is what we mean
        return separator.join(elements)

    def choice_head(self, variables):
        self.tag("head:choice")
        elements = []
        for _ in range(self.rng.randint(1, 3)):
            if self.chance(0.45):
                self.tag("choice:conditional element")
                lit = self.atom(variables + ["W"], classical=0.2, pools=self.chance(0.2))
                elements.append(f"{lit} : {self.condition('W', variables, lit)}")
            else:
                elements.append(self.atom(variables, pools=self.chance(0.3), classical=0.15))
        inner = "{ " + "; ".join(elements) + " }"
        roll = self.rng.random()
        if roll < 0.4:
            return inner
        self.tag("choice:bounds")
        lower = self.bound(variables) if self.chance(0.7) else ""
        upper = self.bound(variables) if self.chance(0.5) else ""
        if roll > 0.9:
            self.tag("choice:guard operator")
            return f"{inner} {self.pick(['<=', '>=', '=', '!=', '<', '>'])} {self.bound(variables)}"
        return f"{lower} {inner} {upper}".strip()

    def head_aggregate(self, variables):
        function = self.pick(AGGREGATES)
        self.tag(f"head:aggregate {function}")
        elements = self.aggregate_elements(function, variables, head=True)
        body = f"{function} {{ {'; '.join(elements)} }}"
        return self.guards(body, variables)

    def rule(self):
        variables = self.variables()
        body = self.body(variables)
        roll = self.rng.random()
        if roll < 0.28:
            self.tag("head:atom")
            head = self.atom(variables, pools=self.chance(0.25))
        elif roll < 0.35:
            self.tag("statement:integrity constraint")
            head = "" if self.chance(0.8) else "#false"
            if head:
                self.tag("head:#false")
        elif roll < 0.55:
            head = self.disjunction(variables)
        elif roll < 0.75:
            head = self.choice_head(variables)
        elif roll < 0.85:
            head = self.head_aggregate(variables)
        elif roll < 0.93:
            head = self.recursive_aggregate_rule()
            return head
        else:
            self.tag("aggregate:assignment")
            body = body + [self.body_aggregate(variables, assign="N")]
            head = f"v(N,{self.term(variables)})" if variables else "v(N)"
        text = join_body(body)
        if head == "#true" or (not head and not text):
            return ":- a, b."
        if not head:
            return f":- {text}."
        self.tag("statement:rule" if text else "statement:fact")
        return f"{head} :- {text}." if text else f"{head}."

    def recursive_aggregate_rule(self):
        """A predicate defined through an aggregate over itself, positive or negated."""
        function = self.pick(AGGREGATES)
        pred = self.pick(["p", "q", "r"])
        neg = self.negation(0.5)
        self.tag("recursion:through " + ("negated aggregate" if neg else "aggregate"))
        weight = self.pick(["Y", "1", "Y,k"]) if function != "#count" else "Y"
        cond = f"{pred}(Y)" + (f", not {self.pick(['p', 'q', 'r'])}(Y)" if self.chance(0.3) else "")
        op = self.pick(COMPARISONS)
        return f"{pred}(X) :- dom(X), {neg}{function} {{ {weight} : {cond} }} {op} {self.pick(['X', 'X-1', '2', '1'])}."

    def fact(self):
        name = self.pick(["p", "q", "r", "s", "a"])
        self.tag("statement:fact")
        if PREDICATES[name] == 0:
            return f"{name}."
        roll = self.rng.random()
        if roll < 0.3:
            self.tag("term:pool")
            if name == "s" and self.chance(0.5):
                self.tag("term:pool of argument lists")
                return f"s({self.pick(['1', '2', 'c'])};{self.pick(['1', '2', '3'])},1)."
            return f"{name}(({self.pick(['1', '2', '3', 'c'])};{self.pick(['1', '2', '3'])})" + (",1)." if name == "s" else ").")
        if roll < 0.5:
            self.tag("term:interval")
            return f"{name}(1..{self.pick(['2', '3', 'n'])}" + (",1)." if name == "s" else ").")
        args = ",".join(self.term([]) for _ in range(PREDICATES[name]))
        sign = "-" if self.chance(0.1) else ""
        return f"{sign}{name}({args})."

    # ---- directives ------------------------------------------------------------------
    def weak(self):
        variables = self.variables()[:1] or ["X"]
        parts = self.body(variables, simple=self.chance(0.4))
        body = join_body(parts)
        weight = self.pick(["1", "2", "-1", variables[0], variables[0] + "+1"])
        if self.chance(0.1):
            weight = self.pick(["c", "1/0", "(1,2)"])
            self.tag("optimize:non-integer weight")
        level = self.pick(["", "@0", "@1", "@2", "@-1", "@n"])
        if level:
            self.tag("optimize:priority")
        terms = self.pick(["", f",{variables[0]}", f",{variables[0]},k", ",f(1)"])
        if terms:
            self.tag("optimize:tuple terms")
        if self.chance(0.5):
            self.tag("statement:weak constraint")
            return f":~ {body}. [{weight}{level}{terms}]"
        kind = self.pick(["#minimize", "#maximize"])
        if ":" in body or "#" in body or "{" in body:
            self.tag("statement:weak constraint")
            return f":~ {body}. [{weight}{level}{terms}]"
        self.tag(f"statement:{kind}")
        second = ""
        if self.chance(0.3):
            second = f"; 1@{self.pick(['0', '1', '3'])},a : a"
        return f"{kind} {{ {weight}{level}{terms} : {body}{second} }}."

    def show(self):
        roll = self.rng.random()
        if roll < 0.35:
            name = self.pick(list(PREDICATES))
            sign = ""
            if self.chance(0.15):
                sign = "-"
                self.tag("show:-p/n")
            self.tag("show:signature")
            return f"#show {sign}{name}/{PREDICATES[name]}."
        if roll < 0.85:
            self.tag("show:term")
            term = self.pick(["t(X)", "X", "(X,k)", "f(X,X+1)", '"s"', "c", "X/0", "@f(X)", "-p(X)", "p(X)"])
            if self.chance(0.2):
                self.tag("show:term without condition")
                return f"#show {self.pick(['c', 't(1)', '(1,2)', '1..2', 'n'])}."
            cond = f"{self.pick(['p', 'q', 'r'])}(X)"
            if self.chance(0.3):
                cond += f", not {self.pick(['p', 'q', 'r'])}(X)"
            return f"#show {term} : {cond}."
        self.tag("show:#show.")
        return "#show."

    def project(self):
        if self.chance(0.5):
            name = self.pick(["p", "q", "r", "a", "s"])
            self.tag("project:signature")
            return f"#project {name}/{PREDICATES[name]}."
        self.tag("project:atom")
        return f"#project {self.pick(['p', 'q', 'r'])}(X) : dom(X){self.pick(['', ', not q(X)', ', X > 1'])}."

    def external(self):
        self.tag("statement:#external")
        value = ""
        if self.chance(0.5):
            value = " [" + self.pick(["true", "false", "free", "release"]) + "]"
            self.tag("external:" + value.strip())
        if self.chance(0.5):
            return f"#external {self.pick(['p', 'q', 'r'])}({self.pick(['1', '2', '3'])}).{value}"
        return f"#external {self.pick(['p', 'q', 'a'])}{'(X)' if self.chance(0.8) else ''} : dom(X), X > 1.{value}"

    def edge(self):
        self.tag("statement:#edge")
        if self.chance(0.7):
            return f"#edge ({self.pick(['X', 'Y'])},{self.pick(['Y', 'X'])}) : s(X,Y){self.pick(['', ', X != Y', ', not p(X)'])}."
        self.tag("term:pool")
        return "#edge (X,Y;Y,X) : s(X,Y)."

    def heuristic(self):
        self.tag("statement:#heuristic")
        modifier = self.pick(["true", "false", "level", "sign", "factor", "init"])
        self.tag(f"heuristic:{modifier}")
        prio = self.pick(["", "@1", "@2"])
        atom = self.atom(["X"], pred=self.pick(["p", "q", "r"]), classical=0.1)
        return f"#heuristic {atom} : dom(X){self.pick(['', ', not q(X)'])}. [{self.pick(['1', '2', 'X', '-1'])}{prio},{modifier}]"

    def consts(self):
        """#const definitions: n always, m often from n; sometimes a chain, a symbolic or tuple
        value, [default|override], a redefinition, or (rarely) a cycle."""
        out = [f"#const n={self.pick(['1', '2', '3'])}."]
        self.tag("statement:#const")
        if self.chance(0.6):
            self.tag("const:defined from another")
            out.append(f"#const m={self.pick(['n+1', 'n', '2*n', 'n-1'])}.")
        else:
            value = self.pick(["c", "(1,2)", '"s"', "f(n)", "2"])
            if value != "2":
                self.tag("const:symbolic or tuple value")
            out.append(f"#const m={value}.")
        roll = self.rng.random()
        if roll < 0.08:
            self.tag("const:[default|override]")
            out[-1] += f" [{self.pick(['default', 'override'])}]"
        elif roll < 0.105:
            self.tag("const:redefinition")
            out.append(f"#const n={self.pick(['1', '3'])}.")
        elif roll < 0.115:
            self.tag("const:cycle")
            out.append("#const k=j. #const j=k+1.")
        elif roll < 0.18:
            self.tag("const:order (used before definition)")
            out.insert(0, "#const k=m+n.")
        return out

    def statement(self, make):
        self.current = set()
        text = make()
        if isinstance(text, list):
            return [(line, set(self.current)) for line in text]
        return [(text, set(self.current))]

    def program(self):
        pairs = [("dom(1..3).", {"statement:fact"})]
        if self.chance(0.05):
            pairs.append(("dom(c).", {"statement:fact"}))
        if self.chance(0.1):
            pairs.insert(0, ("#program base.", {"statement:#program"}))
        pairs += self.statement(self.consts)
        for _ in range(self.rng.randint(1, 3)):
            pairs += self.statement(self.fact)
        for _ in range(self.rng.randint(2, 6)):
            pairs += self.statement(self.rule)
        extras = [(0.3, self.weak), (0.1, self.weak), (0.3, self.show), (0.1, self.show),
                  (0.15, self.project), (0.1, self.external), (0.08, self.edge), (0.08, self.heuristic)]
        for probability, make in extras:
            if self.chance(probability):
                pairs += self.statement(make)
        if self.chance(0.05):
            pairs.append((f"#defined {self.pick(['p/1', 'z/2', 'a/0'])}.", {"statement:#defined"}))
        if self.chance(0.05):
            pairs.append(("%* block\ncomment *% % line comment", {"statement:comment"}))
        if self.chance(0.08):
            # the `;` separator between plain body literals
            pairs.append(("b :- dom(1); not a.", {"body:; separator", "statement:rule"}))
        self.tags = [tags for _, tags in pairs]
        return [line for line, _ in pairs]


def compound(literal, var):
    """True when var occurs in literal other than as a whole argument (inside f(..), W+1, ..)."""
    for match in re.finditer(rf"\b{var}\b", literal):
        before = literal[match.start() - 1] if match.start() else ""
        after = literal[match.end()] if match.end() < len(literal) else ""
        depth = literal[:match.start()].count("(") - literal[:match.start()].count(")")
        if depth != 1 or before not in "(,;" or after not in "),;":
            return True
    return False


def join_body(parts):
    """`,` between body literals, `;` after a conditional literal (whose condition would
    otherwise swallow the next literal)."""
    text = ""
    for index, part in enumerate(parts):
        if index:
            previous = parts[index - 1]
            text += "; " if " : " in previous.split("{")[-1].split("}")[-1] or previous.endswith(" :") else ", "
        text += part
    return text


def generate_full(seed):
    """(statements, per-statement construct tags) of the full-grammar program of a seed."""
    generator = FullGenerator(seed)
    statements = generator.program()
    return statements, generator.tags
