//! Learnt-nogood deletion (`search/reduce.rs`, schedule in `restart.rs`) on searches long
//! enough for several deletion rounds: the answers stay exact while nogoods are deleted.

use solver_core::{Atom, GroundProgram, HeadKind, Literal, SolveOptions, Solver};

/// `pigeons` pigeons into `holes` holes: one hole per pigeon, no two pigeons in a hole.
fn pigeonhole(pigeons: usize, holes: usize) -> GroundProgram {
    let mut p = GroundProgram::new();
    let x: Vec<Vec<Atom>> = (0..pigeons)
        .map(|_| (0..holes).map(|_| p.new_atom()).collect())
        .collect();
    for row in &x {
        p.add_rule(HeadKind::Choice, row.clone(), vec![]);
        p.add_constraint(row.iter().map(|&a| Literal::negative(a)).collect());
        for (i, &a) in row.iter().enumerate() {
            for &b in &row[i + 1..] {
                p.add_constraint(vec![Literal::positive(a), Literal::positive(b)]);
            }
        }
    }
    for (i, first) in x.iter().enumerate() {
        for second in &x[i + 1..] {
            for (&a, &b) in first.iter().zip(second) {
                p.add_constraint(vec![Literal::positive(a), Literal::positive(b)]);
            }
        }
    }
    p
}

#[test]
fn unsatisfiable_pigeonhole_is_refuted_across_deletion_rounds() {
    let p = pigeonhole(8, 7);
    let mut solver = Solver::new(&p, SolveOptions::default()).expect("supported program");
    assert!(solver.next_model().is_none());
    let summary = solver.summary();
    assert_eq!(
        (summary.satisfiable, summary.exhausted),
        (Some(false), true)
    );
    assert!(
        summary.statistics.deleted_nogoods > 0,
        "{:?}",
        summary.statistics
    );
    assert!(summary.statistics.conflicts > 2000);
}
