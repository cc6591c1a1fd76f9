//! Fuzz target `aspif`: bytes read as aspif; a program that reads must survive a write/read
//! round trip (unchanged, or, with negative weight-body weights, rewritten once into clasp's
//! form and unchanged from then on), and both are solved with every model checked; the two
//! model sets must agree. Invariant: no panic, no hang.
#![no_main]
#![forbid(unsafe_code)]

use libfuzzer_sys::fuzz_target;
use mini_clingo_fuzz::{solve_and_check, Deadline};

/// Inputs longer than this are skipped (solving stays fast on tiny programs).
const MAX_INPUT: usize = 2048;

/// Programs declaring more atoms than this are read and written, not solved.
const MAX_ATOMS: u32 = 100_000;

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
    let again = match solver_core::aspif::read(&written) {
        Ok(again) => again,
        Err(error) => panic!("written aspif does not read back: {error}\n{written}"),
    };
    if program.atom_count > MAX_ATOMS {
        // Solving allocates per atom (clasp too: atom 266666666 takes it 56 s and 18 GB).
        return;
    }
    let models = solve_and_check(&program, &Deadline::start());
    if again != program {
        assert!(has_negative_body_weight(&program), "round trip changed:\n{written}");
        let rewritten = solver_core::aspif::write(&again);
        assert_eq!(rewritten, written, "the rewrite is not stable:\n{written}");
        let models_again = solve_and_check(&again, &Deadline::start());
        assert_eq!(models_again, models, "the rewrite changed the models:\n{written}");
    }
});

/// Whether some weight body has a negative weight (which the writer rewrites).
fn has_negative_body_weight(program: &solver_core::GroundProgram) -> bool {
    program.rules.iter().any(|rule| match &rule.body {
        solver_core::Body::Weight { elements, .. } => elements.iter().any(|e| e.weight < 0),
        solver_core::Body::Normal(_) => false,
    })
}
