//! `Interrupt` from another thread stops grounding and solving, and the callback form of
//! solving stops when asked. No test bounds wall-clock time: the interrupting thread sets the
//! handle again and again until the interrupted call has returned, so the outcome does not
//! depend on when the call starts, and the programs are far too long to finish first.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use engine::{Control, Error, Interrupt};

/// Runs `call` while another thread interrupts `handle` until `call` returns.
fn interrupted<T>(handle: Interrupt, call: impl FnOnce() -> T) -> T {
    let done = Arc::new(AtomicBool::new(false));
    let interrupter = {
        let done = Arc::clone(&done);
        thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                handle.interrupt();
                thread::sleep(Duration::from_millis(1));
            }
        })
    };
    let result = call();
    done.store(true, Ordering::Relaxed);
    interrupter.join().expect("interrupter");
    result
}

#[test]
fn interrupt_stops_grounding() {
    let mut ctl = Control::new();
    // About 8e9 rule instances: grounding would not end in any test's lifetime.
    ctl.add("t", "p(1..2000). q(X,Y,Z) :- p(X), p(Y), p(Z).")
        .expect("add");
    let handle = ctl.interrupt_handle();
    let result = interrupted(handle, || ctl.ground());
    let error = result.expect_err("interrupted");
    assert!(matches!(error, Error::Ground(_)), "{error:?}");
    assert_eq!(error.diagnostics()[0].message, "grounding interrupted");
}

/// Pigeons into fewer holes: unsatisfiable, and exponentially hard for resolution.
fn pigeons(n: u32) -> String {
    format!(
        "pigeon(1..{n}). hole(1..{}). 1 {{ in(P,H) : hole(H) }} 1 :- pigeon(P).
         :- in(P,H), in(Q,H), P < Q.",
        n - 1
    )
}

#[test]
fn interrupt_stops_solving() {
    let mut ctl = Control::new();
    ctl.add("t", &pigeons(14)).expect("add");
    ctl.ground().expect("ground");
    let handle = ctl.interrupt_handle();
    let summary = interrupted(handle, || ctl.solve().expect("solve").summary());
    assert!(summary.interrupted);
    assert_eq!(summary.satisfiable, None);
    assert!(!summary.exhausted);
}

#[test]
fn interrupt_from_a_callback_stops_enumeration() {
    let mut ctl = Control::new();
    ctl.options_mut().models = Some(0);
    ctl.add("t", "{ a(1..40) }.").expect("add");
    ctl.ground().expect("ground");
    let handle = ctl.interrupt_handle();
    let mut models = 0;
    let summary = ctl
        .solve_with(&[], |_| {
            models += 1;
            if models == 5 {
                let handle = handle.clone();
                thread::spawn(move || handle.interrupt())
                    .join()
                    .expect("thread");
            }
            true
        })
        .expect("solve");
    assert!(summary.interrupted);
    assert_eq!(summary.models, models);
    assert!(models >= 5 && !summary.exhausted);
}

#[test]
fn callback_stops_the_search() {
    let mut ctl = Control::new();
    ctl.options_mut().models = Some(0);
    ctl.add("t", "{ a(1..40) }.").expect("add");
    ctl.ground().expect("ground");
    let mut seen = Vec::new();
    let summary = ctl
        .solve_with(&[], |model| {
            solver_core::check::check_model(
                ctl.ground_program().expect("ground"),
                model.true_atoms(),
            )
            .expect("stable");
            seen.push(model.number());
            seen.len() < 10
        })
        .expect("solve");
    assert_eq!(seen, (1..=10).collect::<Vec<u64>>());
    assert_eq!((summary.models, summary.satisfiable), (10, Some(true)));
    assert!(!summary.interrupted && !summary.exhausted);
    // The control solves again afterwards, from the start.
    let again = ctl.solve_with(&[], |_| false).expect("solve again");
    assert_eq!(again.models, 1);
}
