//! Finds the fewest moves that solve the Lunar Lockout position of programs/advsolitaire1.lp
//! with programs/lunar.lp: grounds and solves with `-c maxturns=1`, 2, ... until a solution
//! exists, then prints its moves in turn order.
//!
//! Run: `cargo run --example lunar`. Prints one line per tried bound, then
//! `fewest moves: 2` and the moves `move(1,4,0,-2)` and `move(2,x,0,0)`.

use std::path::Path;

use engine::{Control, Error, Symbol};

/// The most turns tried before giving up.
const MAX_TURNS: u32 = 10;

/// The moves of the first solution within `turns` turns, sorted by turn, if there is one.
fn solve_within(turns: u32) -> Result<Option<Vec<Symbol>>, Error> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut ctl = Control::new();
    ctl.set_const("maxturns", &turns.to_string())?;
    ctl.load(root.join("programs/advsolitaire1.lp"))?;
    ctl.load(root.join("programs/lunar.lp"))?;
    ctl.ground()?;
    let first = ctl.solve()?.next();
    Ok(first.map(|model| {
        let mut moves = model.symbols();
        moves.sort(); // move(T, ...) sorts by the turn T first
        moves
    }))
}

fn main() -> Result<(), Error> {
    for turns in 1..=MAX_TURNS {
        match solve_within(turns)? {
            None => println!("maxturns={turns}: no solution"),
            Some(moves) => {
                println!("maxturns={turns}: solved");
                println!("fewest moves: {}", moves.len());
                for one in moves {
                    println!("{one}");
                }
                return Ok(());
            }
        }
    }
    println!("no solution within {MAX_TURNS} moves");
    Ok(())
}
