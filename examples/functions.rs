//! External functions: Rust closures the program calls as `@name(args)` while it is grounded.
//!
//! Run: `cargo run --example functions`. Two functions are registered: `@numbers(S)` splits
//! the string `S` at spaces into numbers (a `Vec` of symbols: one rule instance per number,
//! like a pool) and `@gcd(A,B)` is the greatest common divisor. The program picks the set of
//! pairwise coprime numbers with the largest sum and prints it (clingo 5.8.3 with the same
//! functions in Python picks 14 and 15 too); then a second program passes
//! `@numbers` a word that is no number, and the closure's error stops grounding with a
//! message at the call, which is printed.

use engine::{Control, Error, OptMode, Symbol};

const PROGRAM: &str = r#"
n(@numbers("6 10 15 7 9 14")).
shares(X,Y) :- n(X), n(Y), X < Y, @gcd(X,Y) > 1.
{ pick(X) : n(X) }.
:- shares(X,Y), pick(X), pick(Y).
#maximize { X : pick(X) }.
#show pick/1.
"#;

/// `@numbers(S)`: the numbers of the string `S`, separated by spaces.
fn numbers(args: &[Symbol]) -> Result<Vec<Symbol>, String> {
    let [Symbol::String(text)] = args else {
        return Err("numbers expects one string".into());
    };
    text.split_whitespace()
        .map(|word| {
            word.parse()
                .map(Symbol::Number)
                .map_err(|_| format!("not a number: {word}"))
        })
        .collect()
}

/// `@gcd(A,B)`: the greatest common divisor of two numbers.
fn gcd(args: &[Symbol]) -> Result<Symbol, String> {
    let [Symbol::Number(a), Symbol::Number(b)] = args else {
        return Err("gcd expects two numbers".into());
    };
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    Ok(Symbol::Number(i32::try_from(a).unwrap_or(i32::MAX)))
}

/// A control with the two functions and `program` added.
fn control(program: &str) -> Result<Control, Error> {
    let mut ctl = Control::new();
    ctl.register_function("numbers", numbers);
    ctl.register_function("gcd", gcd);
    ctl.add("coprime.lp", program)?;
    Ok(ctl)
}

fn main() -> Result<(), Error> {
    let mut ctl = control(PROGRAM)?;
    ctl.options_mut().opt_mode = OptMode::OptN;
    ctl.ground()?;
    let best = ctl.solve()?.filter(|m| m.is_optimal()).last();
    let mut picked: Vec<i32> = best
        .iter()
        .flat_map(|m| m.symbols())
        .filter_map(|s| match s {
            Symbol::Function { args, .. } => match args.as_slice() {
                [Symbol::Number(n)] => Some(*n),
                _ => None,
            },
            _ => None,
        })
        .collect();
    picked.sort_unstable();
    let text: Vec<String> = picked.iter().map(i32::to_string).collect();
    let sum: i32 = picked.iter().sum();
    println!(
        "pairwise coprime, largest sum: {} (sum {sum})",
        text.join(" ")
    );

    let mut bad = control(r#"n(@numbers("6 ten 15"))."#)?;
    match bad.ground() {
        Err(error) => {
            for diagnostic in error.diagnostics() {
                println!("{diagnostic}");
            }
        }
        Ok(()) => println!("grounded"),
    }
    Ok(())
}
