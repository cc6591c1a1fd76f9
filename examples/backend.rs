//! The backend and symbolic atoms: a graph colouring whose search space is built in Rust.
//!
//! Run: `cargo run --example backend`. The program text only states the graph (`node/1`,
//! `edge/2`) and what a colouring must satisfy (`:- edge(X,Y), color(X,C), color(Y,C).`, in
//! a part `check` ground later). Rust reads the nodes from the symbolic atoms and adds,
//! through the backend, a choice of exactly one colour per node (a choice rule and a weight
//! constraint), and a minimize statement on the colours used (atoms `used(C)`, shown through
//! the backend). Then `check` is ground: its rules match the `color(N,C)` atoms the backend
//! added. The optimal colouring of the wheel with five spokes uses four colours.

use engine::{Atom, Backend, Control, Error, Literal, OptMode, Symbol};

const GRAPH: &str = "
node(0..5).
edge(0,X) :- node(X), X > 0.
edge(X,X+1) :- node(X), X > 0, X < 5.
edge(5,1).
#program check.
:- edge(X,Y), color(X,C), color(Y,C).
#show color/2.
";

const COLORS: i32 = 4;

fn color(node: &Symbol, c: i32) -> Symbol {
    Symbol::function("color", vec![node.clone(), Symbol::Number(c)])
}

/// Per node `{ color(N,1..k) }.`, `:- not color(N,1), ..., not color(N,k).` and
/// `:- 2 { color(N,1..k) }.` (through an auxiliary atom); `used(C) :- color(N,C).` and
/// `#minimize { 1,C : used(C) }.`, `used(C)` shown.
fn build(backend: &mut Backend<'_>, nodes: &[Symbol]) -> Result<(), Error> {
    let mut used = Vec::new();
    for c in 1..=COLORS {
        let atom = backend.add_atom(None)?;
        let name = Symbol::function("used", vec![Symbol::Number(c)]);
        backend.add_show(&name, &[Literal::positive(atom)]);
        used.push(atom);
    }
    for node in nodes {
        let colors: Vec<Atom> = (1..=COLORS)
            .map(|c| backend.add_atom(Some(&color(node, c))))
            .collect::<Result<_, _>>()?;
        backend.add_rule(&colors, &[], true);
        let none: Vec<Literal> = colors.iter().map(|&a| Literal::negative(a)).collect();
        backend.add_rule(&[], &none, false);
        let two = backend.add_atom(None)?;
        let counted: Vec<(Literal, i64)> =
            colors.iter().map(|&a| (Literal::positive(a), 1)).collect();
        backend.add_weight_rule(&[two], 2, &counted, false);
        backend.add_rule(&[], &[Literal::positive(two)], false);
        for (&u, &a) in used.iter().zip(&colors) {
            backend.add_rule(&[u], &[Literal::positive(a)], false);
        }
    }
    let costs: Vec<(Literal, i64)> = used.iter().map(|&u| (Literal::positive(u), 1)).collect();
    backend.add_minimize(0, &costs);
    Ok(())
}

fn main() -> Result<(), Error> {
    let mut ctl = Control::new();
    ctl.options_mut().opt_mode = OptMode::Opt;
    ctl.add("graph", GRAPH)?;
    ctl.ground()?;
    let nodes: Vec<Symbol> = ctl
        .symbolic_atoms()
        .by_signature("node", 1, true)
        .filter_map(|a| match a.symbol() {
            Symbol::Function { args, .. } => args.first().cloned(),
            _ => None,
        })
        .collect();
    ctl.backend(|backend| build(backend, &nodes))?;
    ctl.ground_parts(&[("check", &[])])?;
    let colored = ctl.symbolic_atoms().by_signature("color", 2, true).count();
    println!("nodes: {}, colour atoms: {colored}", nodes.len());
    let best = ctl
        .solve()?
        .last()
        .ok_or_else(|| Error::Usage("no colouring".into()))?;
    let mut shown = best.shown_names();
    shown.sort();
    println!("optimal colouring: {}", shown.join(" "));
    println!(
        "colours used: {}",
        best.costs().first().copied().unwrap_or(0)
    );
    Ok(())
}
