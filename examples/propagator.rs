//! A user propagator: all-different over `assign(X,V)` atoms, as a theory solver would
//! implement it, instead of the rule `:- assign(X,V), assign(Y,V), X != Y.`
//!
//! Run: `cargo run --example propagator`. The program gives each of four people one of four
//! seats they accept; the propagator makes the seats all different. It watches every
//! `assign(X,V)` atom and keeps, per value `V`, the true atoms that took it (`propagate`
//! records, `undo` forgets): two of them are a conflict (a nogood), and when `assign(X,V)`
//! becomes true every unassigned `assign(Y,V)` is made false by the clause
//! `not assign(X,V) | not assign(Y,V)`, propagated at once. `check` verifies a total
//! assignment from the values themselves. `decide` seats the people in order, each on the
//! lowest seat still open, so the first answer is that greedy seating when it works out.
//! The example prints every seating and their number (clingo 5.8.3 finds the same 4 answers
//! for the program with the rule).

use std::collections::HashMap;

use engine::{
    ClauseKind, Control, Error, PartialAssignment, PropagateControl, PropagateInit, Propagator,
    SolverLiteral, Symbol,
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
    /// Per value: the true literals with that value passed to `propagate` (at most one
    /// after a call without conflict).
    taken_by: HashMap<Symbol, Vec<SolverLiteral>>,
    /// The `assign(X,V)` literals in symbol order (person by person, lowest seat first),
    /// the order `decide` tries them in.
    in_order: Vec<SolverLiteral>,
    /// Number of `propagate` calls (for the statistics).
    pub propagate_calls: u64,
}

impl Propagator for AllDifferent {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        self.value_of.clear();
        self.literals_of.clear();
        self.taken_by.clear();
        let mut atoms = init.atoms_with_signature("assign", 2);
        atoms.sort();
        self.in_order = atoms.iter().map(|&(_, lit)| lit).collect();
        for (symbol, lit) in atoms {
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
        // Record every change first: after a conflict the rest of `changes` is not passed again.
        for &lit in changes {
            if let Some(value) = self.value_of.get(&lit) {
                self.taken_by.entry(value.clone()).or_default().push(lit);
            }
        }
        for &lit in changes {
            let Some(value) = self.value_of.get(&lit) else {
                continue;
            };
            let holders = &self.taken_by[value];
            // The solver's contract: a literal passed and not undone is still true.
            debug_assert!(holders.iter().all(|&h| ctl.value(h) == Some(true)));
            if let [first, second, ..] = holders[..] {
                ctl.add_nogood(&[first, second], ClauseKind::Learnt);
                return;
            }
            for &other in &self.literals_of[value] {
                // clingo's idiom: propagate each clause at once, return when told to.
                if ctl.value(other).is_none()
                    && (!ctl.add_clause(&[!lit, !other], ClauseKind::Learnt) || !ctl.propagate())
                {
                    return;
                }
            }
        }
    }

    fn undo(&mut self, _: &PartialAssignment<'_>, changes: &[SolverLiteral]) {
        for lit in changes {
            if let Some(holders) = self
                .value_of
                .get(lit)
                .and_then(|v| self.taken_by.get_mut(v))
            {
                holders.retain(|h| h != lit);
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

    /// Seats the first person without a seat on the lowest seat still open to them.
    fn decide(
        &mut self,
        assignment: &PartialAssignment<'_>,
        _fallback: SolverLiteral,
    ) -> Option<SolverLiteral> {
        self.in_order
            .iter()
            .copied()
            .find(|&l| assignment.is_free(l))
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
