//! What keeping learnt nogoods between solve calls gains: a sequence of solve calls on a
//! pigeonhole program whose pigeons are externals, toggled between calls, answered by one
//! `MultiShot` solver and by a fresh one-shot `Solver` per call (the program with the same
//! external values). Prints the CPU-relevant figures of both: time, conflicts, and the
//! nogoods kept.
//!
//! `cargo run --release -p solver-core --example incremental_gain [PIGEONS] [CALLS] [SPARE]`:
//! `PIGEONS - 1 - SPARE` holes; even calls have every pigeon, odd calls all but one (a
//! different one each time), so with `SPARE = 1` every call is unsatisfiable, each odd call
//! for another set of pigeons.

use std::time::{Duration, Instant};

#[path = "../tests/common/pigeonhole.rs"]
mod pigeonhole;

use pigeonhole::pigeonhole;
use solver_core::{ExternalValue, MultiShot, SolveOptions, Solver, Summary};

/// The pigeons present in call `call`: all of them on even calls, all but one (a different
/// one each time) on odd calls.
fn present_in(call: usize, pigeons: usize) -> Vec<bool> {
    (0..pigeons)
        .map(|p| call.is_multiple_of(2) || p != (call / 2) % pigeons)
        .collect()
}

/// Runs one call to its first model or its end.
fn first_model(next: &mut dyn FnMut() -> Option<solver_core::Model>) -> bool {
    next().is_some()
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a number"));
    let pigeons = args.next().unwrap_or(9);
    let calls = args.next().unwrap_or(10);
    let holes = pigeons - 1 - args.next().unwrap_or(0);
    let (program, present) = pigeonhole(pigeons, holes);
    let options = SolveOptions {
        models: 1,
        ..SolveOptions::default()
    };
    let mut kept = MultiShot::new();
    kept.add(&program).expect("the program translates");
    let (mut kept_time, mut scratch_time) = (Duration::ZERO, Duration::ZERO);
    let (mut kept_conflicts, mut scratch_conflicts) = (0, 0);
    println!("{pigeons} pigeons, {holes} holes, {calls} calls");
    println!("call  sat   kept: conflicts  ms  nogoods-kept   scratch: conflicts  ms");
    for call in 0..calls {
        let values = present_in(call, pigeons);
        let start = Instant::now();
        for (&atom, &on) in present.iter().zip(&values) {
            let value = if on {
                ExternalValue::True
            } else {
                ExternalValue::False
            };
            kept.assign_external(atom, value);
        }
        kept.solve(&[], options.clone()).expect("the call starts");
        let sat = first_model(&mut || kept.next_model());
        let with: Summary = kept.summary();
        let kept_ms = start.elapsed();
        let mut fresh_program = program.clone();
        for ((_, value), &on) in fresh_program.externals.iter_mut().zip(&values) {
            *value = if on {
                ExternalValue::True
            } else {
                ExternalValue::False
            };
        }
        let start = Instant::now();
        let mut fresh = Solver::new(&fresh_program, options.clone()).expect("translates");
        let fresh_sat = first_model(&mut || fresh.next_model());
        let without = fresh.summary();
        let scratch_ms = start.elapsed();
        assert_eq!(sat, fresh_sat, "both solvers agree");
        println!(
            "{call:>4}  {:<5} {:>15} {:>4} {:>13} {:>19} {:>4}",
            sat,
            with.statistics.conflicts,
            kept_ms.as_millis(),
            with.statistics.kept_nogoods,
            without.statistics.conflicts,
            scratch_ms.as_millis()
        );
        kept_time += kept_ms;
        scratch_time += scratch_ms;
        kept_conflicts += with.statistics.conflicts;
        scratch_conflicts += without.statistics.conflicts;
    }
    println!(
        "total: kept {} conflicts {:.2} s, scratch {} conflicts {:.2} s",
        kept_conflicts,
        kept_time.as_secs_f64(),
        scratch_conflicts,
        scratch_time.as_secs_f64()
    );
}
