//! Fuzz target `ground_solve`: a small program text is grounded under a tight size limit, then
//! solved (at most 50 models, 1 s) with every model checked for stability and, for tiny
//! programs, the model set compared with brute force; both phases under one
//! [`mini_clingo_fuzz::Deadline`]. Invariant: no panic, no hang.
#![no_main]
#![forbid(unsafe_code)]

use grounder::{Dialect, GroundOptions, Limits, Source};
use libfuzzer_sys::fuzz_target;

/// Inputs longer than this are skipped (the target is for tiny programs).
const MAX_INPUT: usize = 512;

/// The grounder's size limit (ground atoms plus rules).
const MAX_GROUND_SIZE: u64 = 20_000;

fuzz_target!(|data: &[u8]| {
    if data.len() > MAX_INPUT {
        return;
    }
    let deadline = mini_clingo_fuzz::Deadline::start();
    let options = GroundOptions {
        dialect: Dialect::Auto,
        limits: Limits {
            max_ground_size: MAX_GROUND_SIZE,
        },
        interrupt: Some(deadline.interrupt().clone()),
        ..GroundOptions::default()
    };
    let sources = [Source::new("<fuzz>", data)];
    if let Ok(grounded) = grounder::ground(&sources, &options) {
        mini_clingo_fuzz::solve_and_check(&grounded.program, &deadline);
    }
});
