//! Round trips `parse(print(x)) == x` (spans aside) over hand-written programs, the seed
//! fixtures and generated ASTs; the fixtures parse; nesting limits hold.

use grounder::ast::{
    Atom, BinaryOp, BodyLiteral, Head, Literal, LiteralKind, Program, Sign, Span, Statement,
    StatementKind, Term, TermKind, UnaryOp,
};
use grounder::{syntax, Dialect, Source};
use proptest::prelude::*;

/// Debug text with every `Span { .. }` removed.
fn without_spans(debug: &str) -> String {
    let mut out = String::new();
    let mut rest = debug;
    while let Some(at) = rest.find("Span { file: ") {
        out.push_str(&rest[..at]);
        let mut depth = 0;
        let mut end = rest.len();
        for (i, c) in rest[at..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = at + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

fn parse(text: &str) -> Program {
    match syntax::parse(&Source::new("t.lp", text), Dialect::Auto) {
        Ok(program) => program,
        Err(errors) => panic!(
            "{text}\n{}",
            errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        ),
    }
}

/// parse(print(p)) == p and printing is stable.
fn assert_round_trip(program: &Program) {
    let printed = program.to_string();
    let again = parse(&printed);
    assert_eq!(
        without_spans(&format!("{program:?}")),
        without_spans(&format!("{again:?}")),
        "{printed}"
    );
    assert_eq!(printed, again.to_string());
}

const PROGRAMS: &[&str] = &[
    "p(1..6). q(X) :- p(X), X > 2, not r(X).",
    "a ; b :- c. a | b. {x(X) : p(X)} 2 :- q(1). 1 {y; z} 1. a : b ; c :- d.",
    "s(N) :- N = #count{X : p(X)}. t :- 2 <= #sum{X,Y : p(X), q(Y)} < 10. u :- #min{X:p(X)} = 1, #max{X:p(X)} > #inf.",
    ":- a, b. :- . :~ q(X). [X@2, X] :~ . [1] #minimize{X@1, a : p(X); 2 : b}. #maximize{1,x : y}.",
    "#show. #show p/1. #show -q/2. #show f(X) : p(X). #show (p/1). #show 3. #project p/1. #project a : b. #project c.",
    "#external e(X) : p(X). [true] #external f. #const n = 3. #const m = n*2. [override] #const k = 1. [default]",
    "#program base. #program step(t,k). #defined z/0. #include \"other.lp\".",
    "f(-5, -(5), 2**3**2, (2**3)**2, -2**2, (1,), (), (1,2), f(1;2), g(1,2;3,4), |X-Y|, ~1, ~(-1), 1..2, \"a\\\"b\\\\c\\n\", #inf, #sup, _, -2147483648, 2147483647).",
    "f(1-(2-3), (1-2)-3, 1/2*3, 1/(2*3), 1\\2, 1&2?3^4, (1^2)&3, -X, -(-X), - -X, -f(X), (a;b), ((1,2);(3,4)), (X..Y)..Z, 1..(2..3), |(1;2)|).",
    "h :- 1 < X < 5, X = 1..7, X == 3, a : b, c; d, not e : f; g.",
    "x :- not not a, not #count{ a } > 1, #sum+{ 1 : a }, not not 1 < #count{X : p(X)}, -p(1), not -q, #true, not #false.",
    "1 <= #sum{1,a : a : c; 2 : b} <= 3 :- d. #count{X : p(X) : q(X)} = 2. #min{ : x}. 1 != {a} >= 0.",
    "q(0x1F, 0o17, 0b101, 0) :- %* nested %* comment *% *% r. % line comment\n",
    "p(@f(1,X), @g, @h(), @k(1;2)) :- X = @f(2) + 1, #count{ @c(Y) : q(Y) } = 0. :~ p(X). [@w(X)@1, X]",
    "#edge (X,Y) : e(X,Y), not f(X). #edge (a,b). #heuristic p(X) : q(X). [X@2,level] #heuristic a. [1,sign]",
];

#[test]
fn programs_round_trip() {
    for text in PROGRAMS {
        assert_round_trip(&parse(text));
    }
}

#[test]
fn integers_read_like_clingo() {
    let program = parse("p(0x1F, 0o17, 0b101, -2147483648, -(5), - 5).");
    assert_eq!(program.to_string(), "p(31,15,5,-2147483648,-(5),-5).\n");
}

#[test]
fn non_decimal_integers_are_32_bit_patterns() {
    let program =
        parse("p(0x80000000, 0xFFFFFFFF, 0x100000000, 0o37777777777, 0b11, -0x80000000).");
    assert_eq!(
        program.to_string(),
        "p(-2147483648,-1,0,-1,3,-(-2147483648)).\n"
    );
    let program = parse("p(0x1FFFFFFFFFFFFFFFFFFFF).");
    assert_eq!(program.to_string(), "p(-1).\n");
}

#[test]
fn seed_programs_parse_as_gringo3() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/");
    for (name, show) in [
        ("flowerfinder.lp", "#show pieceloc/2."),
        ("dominoes.lp", "#show placement/4."),
    ] {
        let text = std::fs::read(format!("{dir}{name}")).unwrap();
        let program = syntax::parse(&Source::new(name, text), Dialect::Auto).unwrap();
        let printed = program.to_string();
        assert!(printed.contains("#show.\n"), "{printed}");
        assert!(printed.contains(show), "{printed}");
        assert_round_trip(&program);
    }
}

#[test]
fn puzzle_facts_parse() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/");
    for name in [
        "frog-cards.lp",
        "hinomaru-pieces.lp",
        "lunar-advsolitaire1-start.lp",
    ] {
        let text = std::fs::read(format!("{dir}{name}")).unwrap();
        let program = syntax::parse(&Source::new(name, text), Dialect::Clingo).unwrap();
        assert!(!program.statements.is_empty());
        assert_round_trip(&program);
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    // Parentheses alone add no depth to the AST: accepted, and the parser's stack is heap.
    let parens = format!("p({}1{}).", "(".repeat(100_000), ")".repeat(100_000));
    assert!(syntax::parse(&Source::new("t.lp", parens), Dialect::Clingo).is_ok());
    for text in [
        format!("p({}1).", "1+".repeat(100_000)),
        format!("p({}1).", "~".repeat(100_000)),
        format!("p({}1{}).", "f(".repeat(50_000), ")".repeat(50_000)),
        format!("p({}", "(".repeat(100_000)),
    ] {
        let errors = syntax::parse(&Source::new("t.lp", text), Dialect::Clingo).unwrap_err();
        assert!(!errors.is_empty() && errors.len() <= syntax::MAX_ERRORS);
    }
    let errors = syntax::parse(
        &Source::new(
            "t.lp",
            format!("p({}1).", "-(".repeat(2000) + &")".repeat(2000)),
        ),
        Dialect::Clingo,
    )
    .unwrap_err();
    assert!(
        errors[0].to_string().contains("nesting too deep"),
        "{}",
        errors[0]
    );
}

#[test]
fn bad_integers_and_bytes() {
    let errors =
        syntax::parse(&Source::new("t.lp", "p(2147483648)."), Dialect::Clingo).unwrap_err();
    assert_eq!(
        errors[0].to_string(),
        "t.lp:1:3-13: error: integer literal out of range"
    );
    let errors = syntax::parse(
        &Source::new("t.lp", b"a.\np(\xff)." as &[u8]),
        Dialect::Clingo,
    )
    .unwrap_err();
    assert_eq!(
        errors[0].to_string(),
        "t.lp:2:3-4: error: lexer error, invalid UTF-8 byte 0xff: the input must be UTF-8"
    );
}

#[test]
fn terms_parse_alone() {
    assert_eq!(syntax::parse_term("f(1,X)").unwrap().to_string(), "f(1,X)");
    assert_eq!(
        syntax::parse_term("-3").unwrap().kind,
        TermKind::Integer(-3)
    );
    assert!(syntax::parse_term("f(").is_err());
    assert!(syntax::parse_term("").is_err());
}

// ------------------------------------------------------------ generated ASTs

fn span() -> Span {
    Span::default()
}

fn term(kind: TermKind) -> Term {
    Term { kind, span: span() }
}

fn leaf() -> impl Strategy<Value = Term> {
    prop_oneof![
        any::<i32>().prop_map(|n| term(TermKind::Integer(n))),
        "[a-z][a-z0-9_]{0,3}"
            .prop_filter("keyword", |s| s != "not")
            .prop_map(|name| term(TermKind::Function { name, args: vec![] })),
        "[A-Z][a-z0-9]{0,2}".prop_map(|v| term(TermKind::Variable(v))),
        "[a-z \"\\\\\n]{0,4}".prop_map(|s| term(TermKind::String(s))),
        Just(term(TermKind::Infimum)),
        Just(term(TermKind::Supremum)),
        Just(term(TermKind::Anonymous)),
    ]
}

fn binary_op() -> impl Strategy<Value = BinaryOp> {
    prop_oneof![
        Just(BinaryOp::Add),
        Just(BinaryOp::Sub),
        Just(BinaryOp::Mul),
        Just(BinaryOp::Div),
        Just(BinaryOp::Mod),
        Just(BinaryOp::Pow),
        Just(BinaryOp::And),
        Just(BinaryOp::Or),
        Just(BinaryOp::Xor),
    ]
}

fn terms() -> impl Strategy<Value = Term> {
    leaf().prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            (binary_op(), inner.clone(), inner.clone())
                .prop_map(|(op, a, b)| term(TermKind::Binary(op, Box::new(a), Box::new(b)))),
            (
                prop_oneof![
                    Just(UnaryOp::Minus),
                    Just(UnaryOp::BitNot),
                    Just(UnaryOp::Abs)
                ],
                inner.clone()
            )
                .prop_map(|(op, a)| term(TermKind::Unary(op, Box::new(a)))),
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| term(TermKind::Interval(Box::new(a), Box::new(b)))),
            (
                "[a-z]{1,3}".prop_filter("keyword", |s| s != "not"),
                prop::collection::vec(inner.clone(), 0..3)
            )
                .prop_map(|(name, args)| term(TermKind::Function { name, args })),
            prop::collection::vec(inner.clone(), 0..3).prop_map(|args| term(TermKind::Function {
                name: String::new(),
                args
            })),
            prop::collection::vec(inner, 2..4).prop_map(|alts| term(TermKind::Pool(alts))),
        ]
    })
}

fn atom() -> impl Strategy<Value = Atom> {
    (
        any::<bool>(),
        "[a-z][a-z0-9]{0,2}".prop_filter("keyword", |s| s != "not"),
        prop::collection::vec(terms(), 0..3),
    )
        .prop_map(|(negative, name, args)| Atom {
            negative,
            name,
            args,
            span: span(),
        })
}

fn literal() -> impl Strategy<Value = Literal> {
    let sign = prop_oneof![Just(Sign::None), Just(Sign::Not), Just(Sign::NotNot)];
    let kind = prop_oneof![
        atom().prop_map(LiteralKind::Atom),
        (terms(), terms()).prop_map(|(first, t)| LiteralKind::Comparison {
            first,
            rest: vec![(grounder::ast::CompareOp::Le, t)]
        }),
        any::<bool>().prop_map(LiteralKind::Boolean),
    ];
    (sign, kind).prop_map(|(sign, kind)| Literal {
        sign,
        kind,
        span: span(),
    })
}

fn statement() -> impl Strategy<Value = Statement> {
    let rule = (atom(), prop::collection::vec(literal(), 0..4)).prop_map(|(head, body)| {
        StatementKind::Rule {
            head: Head::Literal(Literal {
                sign: Sign::None,
                kind: LiteralKind::Atom(head),
                span: span(),
            }),
            body: body.into_iter().map(BodyLiteral::Literal).collect(),
        }
    });
    let weak = (
        prop::collection::vec(literal(), 0..3),
        terms(),
        terms(),
        prop::collection::vec(terms(), 0..3),
    )
        .prop_map(|(body, weight, priority, terms)| StatementKind::Weak {
            body: body.into_iter().map(BodyLiteral::Literal).collect(),
            weight,
            priority,
            terms,
        });
    let show = (terms(), prop::collection::vec(literal(), 0..2)).prop_map(|(term, body)| {
        StatementKind::ShowTerm {
            term,
            body: body.into_iter().map(BodyLiteral::Literal).collect(),
        }
    });
    prop_oneof![rule, weak, show].prop_map(|kind| Statement { kind, span: span() })
}

/// Pools of one alternative and unary minus over integers are not produced by the parser,
/// and an atom's pooled argument tuples are not supported: skip such generated values.
fn parseable(program: &Program) -> bool {
    let debug = format!("{program:?}");
    !debug.contains("Pool([])")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    #[test]
    fn generated_programs_round_trip(statements in prop::collection::vec(statement(), 1..4)) {
        let program = Program { statements };
        prop_assume!(parseable(&program));
        let printed = program.to_string();
        let again = syntax::parse(&Source::new("t.lp", printed.clone()), Dialect::Clingo)
            .map_err(|e| TestCaseError::fail(format!("{printed}\n{e:?}")))?;
        prop_assert_eq!(without_spans(&format!("{program:?}")), without_spans(&format!("{again:?}")), "{}", printed);
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = syntax::parse(&Source::new("t.lp", bytes.clone()), Dialect::Auto);
        let _ = syntax::parse(&Source::new("t.lp", bytes), Dialect::Gringo3);
    }

    #[test]
    fn token_soup_never_panics(tokens in prop::collection::vec(prop::sample::select(vec![
        "p", "X", "_", "1", "\"s\"", "(", ")", "{", "}", "[", "]", ",", ";", ":", ".", ":-", ":~",
        "not", "#count", "#sum", "#min", "#show", "#hide", "#domain", "#minimize", "#const", "#external",
        "=", "<", "..", "+", "-", "*", "**", "|", "@", "/", "#abs", "#mod", "==", "%*", "*%", "%", "\n",
    ]), 0..40)) {
        let text = tokens.join(" ");
        let _ = syntax::parse(&Source::new("t.lp", text.clone()), Dialect::Auto);
        let _ = syntax::parse(&Source::new("t.lp", text), Dialect::Clingo);
    }
}

#[test]
fn pools_of_argument_tuples_expand_like_clingo() {
    let text = "e(1,2;2,3). p(X) :- e(X,Y;Y,X). {q(1,2;3)} :- p(1). :- r(1;2,3). #hide.";
    let printed = parse(&text.replace(" #hide.", "")).to_string();
    assert_eq!(
        printed,
        "e(1,2).\ne(2,3).\np(X) :- e(X,Y).\np(X) :- e(Y,X).\n{q(1,2); q(3)} :- p(1).\n:- r(1).\n:- r(2,3).\n"
    );
    // gringo 3: a body pool is a conjunction.
    let printed = parse(text).to_string();
    assert!(printed.contains("p(X) :- e(X,Y), e(Y,X).\n"), "{printed}");
    // In conditions: elements and body conditional literals are copied per alternative.
    let printed = parse("a :- #count{X : e(X,1;X,3)} > 0, b(X) : e(X,1;X,3).").to_string();
    assert_eq!(
        printed, "a :- #count{X: e(X,1); X: e(X,3)} > 0, b(X): e(X,1); b(X): e(X,3).\n",
        "{printed}"
    );
}
