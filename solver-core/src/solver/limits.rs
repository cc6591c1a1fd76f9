//! When a search stops early: the user's interrupt handle and the time limit's deadline.
//!
//! Checked by the search every few steps, by the minimality tester's own search, and by any
//! long-running phase that can stop part-way.

use std::time::Instant;

use crate::api::Interrupt;

/// When to stop early.
#[derive(Clone, Debug, Default)]
pub(crate) struct Limits {
    /// The interrupt handle.
    pub(crate) interrupt: Option<Interrupt>,
    /// The deadline.
    pub(crate) deadline: Option<Instant>,
}

impl Limits {
    /// Whether the interrupt handle is set.
    pub(crate) fn interrupted(&self) -> bool {
        self.interrupt.as_ref().is_some_and(Interrupt::is_set)
    }

    /// Whether the deadline has passed.
    pub(crate) fn timed_out(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}
