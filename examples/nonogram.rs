//! Solves a nonogram with programs/nonogram.lp and a clue file (default programs/10x10.lp),
//! draws the grid as the post's display script did (`X` filled, `.` blank, a space between
//! cells and a gap every five columns and rows), then checks the grid against the clues and
//! prints `OK` (or what is wrong).
//!
//! Run: `cargo run --example nonogram [-- CLUE_FILE]`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use engine::{Control, Error, Symbol};

/// A solved puzzle: the filled cells and the clues.
#[derive(Default)]
struct Puzzle {
    /// Filled (row, column) cells.
    filled: BTreeSet<(i32, i32)>,
    /// Row -> run lengths, in order.
    row_runs: BTreeMap<i32, BTreeMap<i32, i32>>,
    /// Column -> run lengths, in order.
    col_runs: BTreeMap<i32, BTreeMap<i32, i32>>,
}

/// The numeric arguments of `symbol` if it is `name(...)` with numbers only.
fn numbers(symbol: &Symbol, name: &str) -> Option<Vec<i32>> {
    let Symbol::Function { name: n, args, .. } = symbol else {
        return None;
    };
    if n != name {
        return None;
    }
    args.iter()
        .map(|a| {
            if let Symbol::Number(v) = a {
                Some(*v)
            } else {
                None
            }
        })
        .collect()
}

/// Solves the puzzle in `clues`; `None` when it has no solution.
fn solve(clues: &Path) -> Result<Option<Puzzle>, Error> {
    let mut ctl = Control::new();
    ctl.load(Path::new(env!("CARGO_MANIFEST_DIR")).join("programs/nonogram.lp"))?;
    ctl.load(clues)?;
    ctl.ground()?;
    let Some(model) = ctl.solve()?.next() else {
        return Ok(None);
    };
    let mut puzzle = Puzzle::default();
    for atom in model.atoms() {
        if let Some([r, c]) = numbers(&atom, "filled").as_deref() {
            puzzle.filled.insert((*r, *c));
        } else if let Some([r, i, l]) = numbers(&atom, "rowrun").as_deref() {
            puzzle.row_runs.entry(*r).or_default().insert(*i, *l);
        } else if let Some([c, i, l]) = numbers(&atom, "colrun").as_deref() {
            puzzle.col_runs.entry(*c).or_default().insert(*i, *l);
        }
    }
    Ok(Some(puzzle))
}

/// The grid as text, the post's way.
fn draw(puzzle: &Puzzle, height: i32, width: i32) -> String {
    let mut text = String::new();
    for row in 1..=height {
        let cells: Vec<&str> = (1..=width)
            .map(|col| {
                if puzzle.filled.contains(&(row, col)) {
                    "X"
                } else {
                    "."
                }
            })
            .collect();
        let groups: Vec<String> = cells.chunks(5).map(|g| g.join(" ")).collect();
        text.push_str(&groups.join("   "));
        text.push('\n');
        if row % 5 == 0 && row < height {
            text.push('\n');
        }
    }
    text
}

/// The lengths of the runs of filled cells along a line.
fn runs_of(cells: impl Iterator<Item = bool>) -> Vec<i32> {
    let mut runs = vec![];
    let mut current = 0;
    for filled in cells.chain(std::iter::once(false)) {
        if filled {
            current += 1;
        } else if current > 0 {
            runs.push(current);
            current = 0;
        }
    }
    runs
}

/// The lines whose runs differ from their clues.
fn check(puzzle: &Puzzle, height: i32, width: i32) -> Vec<String> {
    let clue = |map: &BTreeMap<i32, BTreeMap<i32, i32>>, line| -> Vec<i32> {
        map.get(&line)
            .map(|m| m.values().copied().collect())
            .unwrap_or_default()
    };
    let mut wrong = vec![];
    for row in 1..=height {
        if runs_of((1..=width).map(|c| puzzle.filled.contains(&(row, c))))
            != clue(&puzzle.row_runs, row)
        {
            wrong.push(format!("row {row}"));
        }
    }
    for col in 1..=width {
        if runs_of((1..=height).map(|r| puzzle.filled.contains(&(r, col))))
            != clue(&puzzle.col_runs, col)
        {
            wrong.push(format!("column {col}"));
        }
    }
    wrong
}

fn main() -> Result<(), Error> {
    let clues = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("programs/10x10.lp"));
    let Some(puzzle) = solve(&clues)? else {
        println!("no solution");
        return Ok(());
    };
    // The size: the last row and column with a clue (a blank last line has none).
    let height = puzzle.row_runs.keys().max().copied().unwrap_or(0);
    let width = puzzle.col_runs.keys().max().copied().unwrap_or(0);
    print!("{}", draw(&puzzle, height, width));
    let wrong = check(&puzzle, height, width);
    if wrong.is_empty() {
        println!("OK");
    } else {
        println!("wrong: {}", wrong.join(", "));
    }
    Ok(())
}
