//! Solves the Hinomaru tray puzzle with programs/hinomaru.lp and draws the 6x4 tray: each
//! square shows the letter of the piece on it, read from the answer's `p(Piece, Loc)` atoms
//! (Loc = the number X1Y1X2Y2 of the piece's two squares; X 1..6 left to right, Y 1..4 top to
//! bottom).
//!
//! Run: `cargo run --example hinomaru`. Prints the answer's atoms on one line, then the tray.

use std::path::Path;

use engine::{Control, Error, Symbol};

/// Tray width and height.
const WIDTH: usize = 6;
const HEIGHT: usize = 4;

/// The two squares (x, y) of a location X1Y1X2Y2, if they are on the tray.
fn squares(loc: i32) -> Option<[(usize, usize); 2]> {
    let digit = |shift: u32| usize::try_from(loc / 10_i32.pow(shift) % 10).ok();
    let cells = [(digit(3)?, digit(2)?), (digit(1)?, digit(0)?)];
    let on_tray = |&(x, y): &(usize, usize)| (1..=WIDTH).contains(&x) && (1..=HEIGHT).contains(&y);
    cells.iter().all(on_tray).then_some(cells)
}

/// The tray drawn with the pieces' letters (`?` on a square no piece covers).
fn draw(pieces: &[(String, i32)]) -> String {
    let mut tray = [["?"; WIDTH]; HEIGHT];
    for (piece, loc) in pieces {
        for (x, y) in squares(*loc).into_iter().flatten() {
            tray[y - 1][x - 1] = piece;
        }
    }
    tray.iter().map(|row| row.join(" ") + "\n").collect()
}

fn main() -> Result<(), Error> {
    let mut ctl = Control::new();
    ctl.load(Path::new(env!("CARGO_MANIFEST_DIR")).join("programs/hinomaru.lp"))?;
    ctl.ground()?;
    let Some(model) = ctl.solve()?.next() else {
        println!("no solution");
        return Ok(());
    };
    let symbols = model.symbols();
    let pieces: Vec<(String, i32)> = symbols
        .iter()
        .filter_map(|s| match s {
            Symbol::Function { name, args, .. } if name == "p" => match args.as_slice() {
                [Symbol::String(piece), Symbol::Number(loc)] => Some((piece.clone(), *loc)),
                _ => None,
            },
            _ => None,
        })
        .collect();
    let shown: Vec<String> = symbols.iter().map(Symbol::to_string).collect();
    println!("{}", shown.join(" "));
    print!("{}", draw(&pieces));
    Ok(())
}
