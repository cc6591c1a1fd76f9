//! engine: the embeddable Control API and the mini-clingo command line.
#![forbid(unsafe_code)]

pub mod cli;
pub mod output;
