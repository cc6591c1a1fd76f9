//! The `mini-clingo` command line: a thin layer over `engine::Control`.
#![forbid(unsafe_code)]

fn main() {
    std::process::exit(engine::cli::main());
}
