//! The smallest complete use of the engine's API: add a program, ground it, iterate over its
//! models and read their symbols.
//!
//! Run: `cargo run --example embed`. Prints the three answer sets of `{ a; b } 1. c :- a.`,
//! one per line, as `Answer N: atoms`, then the number of models.

use engine::{Control, Error, Symbol};

fn main() -> Result<(), Error> {
    let mut ctl = Control::new();
    ctl.options_mut().models = Some(0); // all models, like `clingo 0`
    ctl.add("base", "{ a; b } 1. c :- a.")?;
    ctl.ground()?;
    let mut handle = ctl.solve()?;
    for model in handle.by_ref() {
        let symbols: Vec<String> = model.symbols().iter().map(Symbol::to_string).collect();
        println!("Answer {}: {}", model.number(), symbols.join(" "));
    }
    println!("Models: {}", handle.summary().models);
    Ok(())
}
