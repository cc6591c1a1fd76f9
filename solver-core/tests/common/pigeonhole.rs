//! A pigeonhole program whose pigeons are externals, for multi-shot tests and the
//! `incremental_gain` example: `{p(P,H) : hole(H)} :- in(P).`, `:- in(P), not 1 <= {p(P,H)}.`,
//! `:- p(P1,H), p(P2,H).` (a pigeon may take several holes).

use solver_core::{Atom, ExternalValue, GroundProgram, HeadKind, Literal, WeightedLiteral};

/// The program for `pigeons` pigeons and `holes` holes, every `in(P)` external (false), and
/// the `in` atoms.
pub fn pigeonhole(pigeons: usize, holes: usize) -> (GroundProgram, Vec<Atom>) {
    let mut p = GroundProgram::new();
    let present: Vec<Atom> = (0..pigeons).map(|_| p.new_atom()).collect();
    let cells: Vec<Vec<Atom>> = (0..pigeons)
        .map(|_| (0..holes).map(|_| p.new_atom()).collect())
        .collect();
    for (&pigeon, row) in present.iter().zip(&cells) {
        p.add_external(pigeon, ExternalValue::False);
        p.add_rule(
            HeadKind::Choice,
            row.clone(),
            vec![Literal::positive(pigeon)],
        );
        let placed = p.new_atom();
        let elements = row.iter().map(|&c| WeightedLiteral {
            literal: Literal::positive(c),
            weight: 1,
        });
        p.add_weight_rule(HeadKind::Disjunction, vec![placed], 1, elements.collect());
        p.add_constraint(vec![Literal::positive(pigeon), Literal::negative(placed)]);
    }
    for hole in 0..holes {
        let column: Vec<Atom> = cells.iter().map(|row| row[hole]).collect();
        for (index, &first) in column.iter().enumerate() {
            for &second in &column[index + 1..] {
                let both = vec![Literal::positive(first), Literal::positive(second)];
                p.add_constraint(both);
            }
        }
    }
    (p, present)
}
