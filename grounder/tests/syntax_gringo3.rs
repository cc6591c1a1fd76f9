//! The gringo-3 rewrite: legacy text in, the modern program printed out.

use grounder::{syntax, Dialect, Source};

fn modern(text: &str, dialect: Dialect) -> String {
    match syntax::parse(&Source::new("t.lp", text), dialect) {
        Ok(program) => program.to_string(),
        Err(errors) => errors.iter().map(|e| format!("{e}\n")).collect(),
    }
}

#[test]
fn hide_and_show() {
    assert_eq!(
        modern("a. #hide. #show a/0.", Dialect::Auto),
        "a.\n#show.\n#show a/0.\n"
    );
    assert_eq!(modern("a. #hide b/1.", Dialect::Auto), "a.\n#hide b/1.\n");
    // Without `#hide.` a gringo-3 `#show p/n.` changes nothing: everything is shown anyway.
    assert_eq!(modern("a. #show a/0.", Dialect::Gringo3), "a.\n");
    assert_eq!(modern("a. #show a/0.", Dialect::Clingo), "a.\n#show a/0.\n");
}

#[test]
fn chained_conditions_and_body_pools() {
    let text = "#hide. 1 { move(T,P,X,Y) : piece(P) : coordinate(X;Y) } 1 :- turn(T;T+1).";
    assert_eq!(
        modern(text, Dialect::Auto),
        "#show.\n1 <= {move(T,P,X,Y): piece(P), coordinate(X), coordinate(Y)} <= 1 :- turn(T), turn(T+1).\n"
    );
    // Without a legacy marker the same body pool keeps clingo 5's meaning.
    assert_eq!(
        modern("a :- turn(T;T+1).", Dialect::Auto),
        "a :- turn((T;T+1)).\n"
    );
    // A second `:` alone makes a file gringo 3.
    assert_eq!(modern("a :- b : c : d.", Dialect::Auto), "a :- b: c, d.\n");
    assert_eq!(
        modern("a :- b : c, d.", Dialect::Gringo3),
        "a :- b: c; d.\n"
    );
    assert_eq!(modern("a :- b : c, d.", Dialect::Clingo), "a :- b: c, d.\n");
}

#[test]
fn weight_and_count_literals() {
    let text = "b(T,X,Y) :- at(T,X,Y), [ piece(T,X,Z) : Z < Y : c(Z) ] 0.";
    assert_eq!(
        modern(text, Dialect::Auto),
        "b(T,X,Y) :- at(T,X,Y), #sum{1,piece(T,X,Z): piece(T,X,Z), Z<Y, c(Z)} <= 0.\n"
    );
    assert_eq!(
        modern("w :- 2 [ a=2, b : c, not d = 3 ] 4, 1 { e, f : g } 2.", Dialect::Auto),
        "w :- 2 <= #sum{2,a: a; 1,b: b, c; 3,d,naf: not d} <= 4, 1 <= #count{e: e; f: f, g} <= 2.\n"
    );
    assert_eq!(
        modern("2 [ a=1, b=2 ] 3 :- q.", Dialect::Auto),
        "2 <= #sum{1,a: a; 2,b: b} <= 3 :- q.\n"
    );
    assert_eq!(modern("{a, b}.", Dialect::Auto), "{a; b}.\n");
}

#[test]
fn optimization_and_operators() {
    assert_eq!(
        modern("#minimize [ a=2@1, b ]. #maximize { c, d }.", Dialect::Auto),
        ":~ a. [2@1,a]\n:~ b. [1@0,b]\n:~ c. [-1@0,c]\n:~ d. [-1@0,d]\n"
    );
    assert_eq!(
        modern(
            "p(X) :- q(Y), X = #abs(Y), Z = 7 #mod 2, W = #pow(2,3), Y == 3.",
            Dialect::Auto
        ),
        "p(X) :- q(Y), X=|Y|, Z=7\\2, W=2**3, Y=3.\n"
    );
}

#[test]
fn domain_declarations() {
    assert_eq!(
        modern("#domain p(X). q(X) :- r(X). s :- t.", Dialect::Auto),
        "q(X) :- r(X), p(X).\ns :- t.\n"
    );
}

#[test]
fn legacy_keywords_are_lexer_errors_in_clingo() {
    assert_eq!(
        modern("#hide.", Dialect::Clingo),
        "t.lp:1:1-6: error: lexer error, unexpected #hide\nt.lp:1:1-7: error: syntax error, unexpected .\n"
    );
}
