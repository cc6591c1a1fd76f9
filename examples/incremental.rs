//! Lunar Lockout searched turn by turn on one `Control` (clingo's multi-shot solving): the
//! program of `programs/lunar-incremental.lp` (parts `base`, `step(t)`, `check(t)`) with the
//! position of `programs/advsolitaire1.lp`. Turn `t` grounds `step(t)` and `check(t)`, makes
//! the external `query(t)` true (and releases `query(t-1)`), and solves; the first turn with
//! a model gives the fewest moves. No `maxturns` bound: the solver keeps what it learnt.
//!
//! Run: `cargo run --example incremental`. Prints one line per turn tried, then the moves
//! `move(1,4,0,-2)` and `move(2,x,0,0)`.

use std::path::Path;

use engine::{Control, Error, Symbol, TruthValue};

/// The most turns tried before giving up.
const MAX_TURNS: i32 = 20;

fn query(t: i32) -> Symbol {
    Symbol::function("query", vec![Symbol::Number(t)])
}

fn main() -> Result<(), Error> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut ctl = Control::new();
    ctl.load(root.join("programs/advsolitaire1.lp"))?;
    ctl.load(root.join("programs/lunar-incremental.lp"))?;
    // What `#include <incmode>.` declares: the external `query(t)` of each check part.
    ctl.add("<incmode>", "#program check(t). #external query(t).")?;
    for t in 0..=MAX_TURNS {
        let turn = [Symbol::Number(t)];
        if t == 0 {
            ctl.ground_parts(&[("base", &[]), ("check", &turn)])?;
        } else {
            ctl.release_external(&query(t - 1))?;
            ctl.ground_parts(&[("step", &turn), ("check", &turn)])?;
        }
        ctl.assign_external(&query(t), TruthValue::True)?;
        let Some(model) = ctl.solve()?.next() else {
            println!("turn {t}: no solution");
            continue;
        };
        println!("turn {t}: solved");
        let mut moves = model.symbols();
        moves.sort(); // move(T, ...) sorts by the turn T first
        for m in moves {
            println!("{m}");
        }
        return Ok(());
    }
    println!("no solution within {MAX_TURNS} turns");
    Ok(())
}
