//! Fuzz target `aspif`: bytes read as aspif; a program that reads must survive a write/read
//! round trip unchanged, and is solved with every model checked. Invariant: no panic, no hang.
#![no_main]
#![forbid(unsafe_code)]

use libfuzzer_sys::fuzz_target;

/// Inputs longer than this are skipped (solving stays fast on tiny programs).
const MAX_INPUT: usize = 2048;

fuzz_target!(|data: &[u8]| {
    if data.len() > MAX_INPUT {
        return;
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(program) = solver_core::aspif::read(text) else {
        return;
    };
    let written = solver_core::aspif::write(&program);
    match solver_core::aspif::read(&written) {
        Ok(again) => assert_eq!(again, program, "round trip changed the program:\n{written}"),
        Err(error) => panic!("written aspif does not read back: {error}\n{written}"),
    }
    mini_clingo_fuzz::solve_and_check(&program);
});
