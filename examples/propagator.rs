//! A user propagator: all-different over `assign(X,V)` atoms, as a theory solver would
//! implement it, instead of the rule `:- assign(X,V), assign(Y,V), X != Y.`
//!
//! Run: `cargo run --example propagator`. The program gives each of four people one of four
//! seats they accept; the propagator makes the seats all different. It watches every
//! `assign(X,V)` atom and keeps, per value `V`, the atom that took it (`propagate` records,
//! `undo` forgets): when `assign(X,V)` becomes true and another `assign(Y,V)` is true the
//! pair is a conflict (a nogood), and every unassigned `assign(Y,V)` is made false by the
//! clause `not assign(X,V) | not assign(Y,V)`. `check` verifies a total assignment from the
//! values themselves. The example prints every seating and their number (clingo 5.8.3 finds
//! the same 4 answers for the program with the rule).

use std::collections::HashMap;

use engine::{
    ClauseKind, Control, Error, PropagateControl, PropagateInit, Propagator, SolverLiteral, Symbol,
};

const PROGRAM: &str = "
person(ann;bob;cid;dan).
accepts(ann,1..2). accepts(bob,1..3). accepts(cid,2..4). accepts(dan,(1;4)).
1 { assign(P,S) : accepts(P,S) } 1 :- person(P).
#show assign/2.
";

/// All-different over the second argument of `assign/2` atoms.
#[derive(Default)]
pub struct AllDifferent {
    /// Per watched literal: its value (the second argument).
    value_of: HashMap<SolverLiteral, Symbol>,
    /// Per value: the literals of the atoms with that value.
    literals_of: HashMap<Symbol, Vec<SolverLiteral>>,
    /// Per value: the literal that took it on the current assignment (as far as propagated).
    taken_by: HashMap<Symbol, SolverLiteral>,
    /// Number of `propagate` calls (for the statistics).
    pub propagate_calls: u64,
}

impl Propagator for AllDifferent {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        self.value_of.clear();
        self.literals_of.clear();
        self.taken_by.clear();
        for (symbol, lit) in init.atoms_with_signature("assign", 2) {
            let Symbol::Function { args, .. } = &symbol else {
                continue;
            };
            init.add_watch(lit);
            self.value_of.insert(lit, args[1].clone());
            let lits = self.literals_of.entry(args[1].clone()).or_default();
            if !lits.contains(&lit) {
                lits.push(lit);
            }
        }
    }

    fn propagate(&mut self, ctl: &mut PropagateControl<'_>, changes: &[SolverLiteral]) {
        self.propagate_calls += 1;
        for &lit in changes {
            let Some(value) = self.value_of.get(&lit) else {
                continue;
            };
            if let Some(&other) = self.taken_by.get(value) {
                if other != lit {
                    ctl.add_nogood(&[lit, other], ClauseKind::Learnt);
                    return;
                }
            }
            self.taken_by.insert(value.clone(), lit);
            for &other in &self.literals_of[value] {
                if other != lit && ctl.value(other).is_none() {
                    ctl.add_clause(&[!lit, !other], ClauseKind::Learnt);
                }
            }
        }
    }

    fn undo(&mut self, changes: &[SolverLiteral]) {
        for lit in changes {
            if let Some(value) = self.value_of.get(lit) {
                if self.taken_by.get(value) == Some(lit) {
                    self.taken_by.remove(value);
                }
            }
        }
    }

    fn check(&mut self, ctl: &mut PropagateControl<'_>) {
        for lits in self.literals_of.values() {
            let holding: Vec<SolverLiteral> = lits
                .iter()
                .copied()
                .filter(|&l| ctl.value(l) == Some(true))
                .collect();
            if let [first, second, ..] = holding[..] {
                ctl.add_nogood(&[first, second], ClauseKind::Learnt);
                return;
            }
        }
    }
}

fn main() -> Result<(), Error> {
    let mut ctl = Control::new();
    ctl.options_mut().models = Some(0);
    ctl.register_propagator(AllDifferent::default());
    ctl.add("base", PROGRAM)?;
    ctl.ground()?;
    let mut count = 0;
    for model in ctl.solve()? {
        count += 1;
        println!("Answer {count}: {}", model.shown_names().join(" "));
    }
    println!("{count} seatings");
    Ok(())
}
