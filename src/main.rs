//! The `mini-clingo` command line: a thin layer over `engine::cli`.
//!
//! SIGINT and SIGTERM (Ctrl-C) set the run's interrupt handle for good (no later solve call
//! clears it): the search stops, and what was found is printed with the summary, as clingo
//! does. When memory runs out the run ends with
//! clingo's message and exit code 33 (see [`oom`]).
//!
//! Before the search, the memory freed since grounding goes back to the system (see
//! [`release`]).
//!
//! `unsafe_code` is denied here rather than forbidden only because a global allocator needs
//! `unsafe impl` and the allocator's trim is a C call: [`oom`] and [`release`] are the
//! modules that allow it (`forbid` could not be lifted for a single module).
#![deny(unsafe_code)]

mod oom;
mod release;

#[global_allocator]
static ALLOCATOR: oom::ExitOnOutOfMemory = oom::ExitOnOutOfMemory;

fn main() {
    let interrupt = engine::Interrupt::new();
    let handler_interrupt = interrupt.clone();
    let installed = ctrlc::set_handler(move || {
        if !handler_interrupt.is_set() {
            eprintln!("*** Info : (mini-clingo): INTERRUPTED by signal!");
        }
        handler_interrupt.interrupt_for_good();
    });
    if installed.is_err() {
        eprintln!("*** Warn : (mini-clingo): could not install the signal handler");
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    engine::cli::run_and_exit(&args, interrupt, release::release_free_memory)
}
