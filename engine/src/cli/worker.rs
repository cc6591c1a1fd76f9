//! Reading and grounding on a worker thread, so that an interrupt stops the run promptly.
//!
//! The grounder polls the interrupt in its grounding loop, but not in every phase (parsing,
//! rewriting, building the output, reading aspif symbols, freeing what was built); on a
//! million-rule program a phase takes seconds. The command line therefore runs the control's
//! reading and grounding on a worker thread and waits for it, looking at the interrupt every
//! few milliseconds: once the interrupt is set and the worker has not finished [`GRACE`]
//! later, the run goes on without it (an UNKNOWN result, as clingo's), and the worker is left
//! to notice the interrupt on its own, or to be ended with the process.
//!
//! # Invariants
//! - The control comes back whenever the work finishes; after an abandoned run it is a fresh
//!   control with the same options and interrupt handle (the grounding is lost).

use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use crate::{Control, Interrupt};

/// How long the worker may still take after the interrupt.
const GRACE: Duration = Duration::from_millis(30);
/// How often the waiting thread looks at the interrupt.
const POLL: Duration = Duration::from_millis(5);
/// The worker's stack: the grounder's recursion on deep terms needs more than a spawned
/// thread's default, and the main thread has 8 MB.
const STACK: usize = 256 << 20;

/// Runs `work` on `control` on a worker thread; `None` when `interrupt` was set and the work
/// had not finished [`GRACE`] later (then `control` is a fresh one, see the invariants).
pub(super) fn interruptible<T: Send + 'static>(
    control: &mut Control,
    interrupt: &Interrupt,
    work: impl FnOnce(&mut Control) -> T + Send + 'static,
) -> Option<T> {
    let options = control.options().clone();
    let job = Arc::new(Mutex::new(Some((std::mem::take(control), work))));
    let (send, receive) = mpsc::channel();
    let worker_job = Arc::clone(&job);
    let spawned = std::thread::Builder::new()
        .name("ground".into())
        .stack_size(STACK)
        .spawn(move || {
            let taken = worker_job.lock().ok().and_then(|mut j| j.take());
            if let Some((mut taken, work)) = taken {
                let result = work(&mut taken);
                let _ = send.send((taken, result));
            }
        });
    let worker = match spawned {
        Ok(worker) => worker,
        Err(_) => {
            // No thread: the work runs here, not interruptible between polls.
            let taken = job.lock().ok().and_then(|mut j| j.take());
            let (mut taken, work) = taken?;
            let result = work(&mut taken);
            *control = taken;
            return Some(result);
        }
    };
    let mut interrupted_at: Option<Instant> = None;
    loop {
        match receive.recv_timeout(POLL) {
            Ok((back, result)) => {
                *control = back;
                return Some(result);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                // The worker panicked: the panic is the run's.
                if let Err(panic) = worker.join() {
                    std::panic::resume_unwind(panic);
                }
                break;
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if interrupt.is_set() {
            let since = *interrupted_at.get_or_insert_with(Instant::now);
            if since.elapsed() >= GRACE {
                break;
            }
        }
    }
    let mut fresh = Control::with_options(options);
    fresh.use_interrupt(interrupt.clone());
    *control = fresh;
    None
}
