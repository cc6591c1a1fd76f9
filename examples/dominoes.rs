//! Counts the domino tilings of an m×n board with programs/dominoes.lp (the post's program,
//! gringo-3 dialect), setting its constants `xmax` and `ymax` as `-c` would.
//!
//! Run: `cargo run --release --example dominoes -- 6 4` prints `281`. Boards beyond 6x4 take
//! long (6x6 has 6728 tilings and takes clingo minutes).

use std::path::Path;

use engine::{Control, Error};

/// Counts the tilings of a `width` × `height` board.
fn count_tilings(width: u32, height: u32) -> Result<u64, Error> {
    let mut ctl = Control::new();
    ctl.set_const("xmax", &width.to_string())?;
    ctl.set_const("ymax", &height.to_string())?;
    ctl.options_mut().models = Some(0);
    ctl.load(Path::new(env!("CARGO_MANIFEST_DIR")).join("programs/dominoes.lp"))?;
    ctl.ground()?;
    let mut handle = ctl.solve()?;
    Ok(handle.by_ref().count() as u64)
}

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let [width, height] = args[..] else {
        eprintln!("usage: dominoes WIDTH HEIGHT (two positive integers, e.g. 6 4)");
        std::process::exit(2);
    };
    match count_tilings(width, height) {
        Ok(count) => println!("{count}"),
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(1);
        }
    }
}
