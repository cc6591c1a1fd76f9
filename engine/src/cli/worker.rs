//! The binary's run: on a worker thread, watched by the main thread, so that an interrupt
//! during reading and grounding ends the process promptly.
//!
//! The grounder polls the interrupt in its grounding loop, but not in every phase (parsing,
//! rewriting, building the output, reading aspif symbols, freeing what was built); on a
//! million-rule program such a phase takes seconds. [`run_and_exit`] runs the whole command
//! line on one worker thread (one thread allocates, so the memory freed after grounding is
//! reused by the solver) while the main thread looks at the interrupt every few
//! milliseconds. When the interrupt is set while the run is still reading or grounding and
//! [`GRACE`] later it still is, the main thread prints the UNKNOWN result clingo prints for
//! an interrupted grounding and ends the process; otherwise the worker ends the process when
//! the run is done. Neither frees what the run built: the system takes the memory back at
//! once, while freeing a million-atom program's many small vectors one by one takes about a
//! second.
//!
//! # Invariants
//! - The reading flag's lock is held by whichever thread is deciding how the run ends: the
//!   worker takes it to leave the reading phase, the main thread holds it while it prints the
//!   result and exits, so the two never both report.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::options::{CliOptions, Mode};
use super::Run;
use crate::Interrupt;

/// How long reading and grounding may still take after the interrupt.
const GRACE: Duration = Duration::from_millis(30);
/// How often the main thread looks at the interrupt.
const POLL: Duration = Duration::from_millis(5);
/// The worker's stack: the main thread's usual 8 MB and more, for the grounder's recursion on
/// deep terms (only what is used is mapped).
const STACK: usize = 256 << 20;
/// The exit code of a run whose thread panicked (Rust's for a panicking main).
const EXIT_PANIC: i32 = 101;

/// Runs `prepare` with the reading flag set (when there is one); see the invariants.
pub(super) fn reading<T>(flag: Option<&Mutex<bool>>, prepare: impl FnOnce() -> T) -> T {
    set(flag, true);
    let result = prepare();
    set(flag, false);
    result
}

fn set(flag: Option<&Mutex<bool>>, value: bool) {
    if let Some(mut guard) = flag.and_then(|f| f.lock().ok()) {
        *guard = value;
    }
}

/// Runs the command line with `options` and ends the process with its exit code (see the
/// module doc).
pub(super) fn run_and_exit(
    options: Box<CliOptions>,
    interrupt: Interrupt,
    release_free_memory: fn(),
) -> ! {
    let options: &'static CliOptions = Box::leak(options);
    let start = Instant::now();
    let flag = Arc::new(Mutex::new(false));
    let (worker_flag, worker_interrupt) = (Arc::clone(&flag), interrupt.clone());
    let work = move || -> ! {
        let (mut out, mut err) = (std::io::stdout(), std::io::stderr());
        let mut run = Run::new(options, worker_interrupt, &mut out, &mut err);
        run.start = start;
        run.reading = Some(worker_flag);
        run.release_free_memory = release_free_memory;
        let code = run.execute();
        let _ = run.out.flush();
        std::process::exit(code)
    };
    let spawned = std::thread::Builder::new()
        .name("run".into())
        .stack_size(STACK)
        .spawn(work);
    let Ok(worker) = spawned else {
        // No thread: run here, interruptible only where the grounder polls.
        let (mut out, mut err) = (std::io::stdout(), std::io::stderr());
        let code = Run::new(options, interrupt, &mut out, &mut err).execute();
        std::process::exit(code)
    };
    let mut interrupted_at: Option<Instant> = None;
    loop {
        std::thread::sleep(POLL);
        if worker.is_finished() {
            // A finished run exits the process: the worker panicked (the hook printed it).
            std::process::exit(EXIT_PANIC);
        }
        if !interrupt.is_set() {
            interrupted_at = None;
            continue;
        }
        if interrupted_at.get_or_insert_with(Instant::now).elapsed() < GRACE {
            continue;
        }
        let Ok(guard) = flag.lock() else { continue };
        if !*guard {
            continue;
        }
        let (mut out, mut err) = (std::io::stdout(), std::io::stderr());
        let mut run = Run::new(options, interrupt.clone(), &mut out, &mut err);
        run.start = start;
        run.time_limit_hit = options
            .solve
            .time_limit
            .is_some_and(|limit| start.elapsed() >= limit);
        let solving = matches!(options.mode, Mode::Clingo | Mode::Clasp);
        let code = run.finish_without_solving(solving);
        let _ = run.out.flush();
        drop(guard);
        std::process::exit(code)
    }
}
