//! Fuzz target `parse`: arbitrary bytes through the parser in the automatic and the gringo-3
//! dialect. Invariant: the parser returns `Ok` or `Err`, never panics.
#![no_main]
#![forbid(unsafe_code)]

use grounder::{Dialect, Source};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let source = Source::new("<fuzz>", data);
    for dialect in [Dialect::Auto, Dialect::Gringo3] {
        let _ = grounder::syntax::parse(&source, dialect);
    }
});
