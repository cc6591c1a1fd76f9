//! clingo's clean-up after a solve call (`Control.cleanup`, automatic with
//! `Control.enable_cleanup`, on by default): the atoms the solver fixed true at level 0 become
//! facts of the grounder and those it fixed false leave its domains
//! (`grounder::Session::clean_up`), so a later step derives nothing from them, lists them no
//! more among the symbolic atoms, and a later step deriving one again makes a new atom.
//!
//! # When, as clingo 5.8.3 does it
//! - A solve call makes a clean-up *due*. The next clean-up point (a grounding, an external
//!   assignment, a backend) consumes it, cleaning up when the automatic clean-up is on;
//!   [`Control::cleanup`] cleans up when one is due. Without a solve since the last clean-up
//!   point nothing happens (clingo's `canClean_`).
//! - Each clean-up reads only the level-0 literals fixed since the last one
//!   (`solver_core::FixedCursor`): the clean-ups of a run cost the level-0 trail once. Level-0
//!   values only grow, so a clean-up holds every earlier one.

use std::sync::atomic::{AtomicBool, Ordering};

use solver_core::FixedCursor;

use super::Control;
use crate::backend;

/// The state of clingo's clean-up (see the module doc).
#[derive(Debug, Default)]
pub(crate) struct CleanUp {
    /// A solve call started since the last clean-up point.
    due: AtomicBool,
    /// The automatic clean-up is off (clingo's `enable_cleanup = False`).
    disabled: bool,
    /// How much of the solver's level-0 trail earlier clean-ups read.
    cursor: FixedCursor,
}

impl Control {
    /// Notes that a solve call started: a clean-up is due.
    pub(super) fn cleanup_due(&self) {
        self.cleanup.due.store(true, Ordering::Relaxed);
    }

    /// A clean-up point (a grounding, an external assignment, a backend): the clean-up due
    /// after a solve, if the automatic clean-up is on (see the module doc).
    pub(super) fn clean_up(&mut self) {
        let due = self.cleanup.due.swap(false, Ordering::Relaxed);
        if due && !self.cleanup.disabled {
            self.apply_fixed();
        }
    }

    /// Feeds the atoms fixed at level 0 since the last clean-up to the grounder.
    fn apply_fixed(&mut self) {
        if let (Some(shot), Some(session)) = (&self.shot, &mut self.session) {
            let fixed = backend::lock(shot).fixed_since(&mut self.cleanup.cursor);
            session.clean_up(&fixed);
        }
    }

    /// Cleans up the grounder's domains with what the last solve calls fixed (clingo's
    /// `Control.cleanup`): the atoms the solver fixed true at level 0 become facts, those it
    /// fixed false are removed, so later groundings instantiate nothing over them and a later
    /// definition of one makes a new atom. Does nothing unless a solve call came since the
    /// last grounding, external assignment or backend (which clean up by themselves unless
    /// [`Control::set_enable_cleanup`] turned that off).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.set_enable_cleanup(false);
    /// ctl.add("base", "{r}. :- r. q :- r. a :- not r.")?;
    /// ctl.ground()?;
    /// ctl.solve()?.for_each(drop);
    /// let listed = |ctl: &engine::Control| ctl.symbolic_atoms().iter().count();
    /// assert_eq!(listed(&ctl), 3);
    /// ctl.cleanup();
    /// // `r` and `q` are false at level 0: gone; `a` is a fact.
    /// let atoms = ctl.symbolic_atoms();
    /// assert_eq!(atoms.len(), 1);
    /// assert!(atoms.iter().all(|a| a.is_fact()));
    /// # Ok(()) }
    /// ```
    pub fn cleanup(&mut self) {
        if self.cleanup.due.swap(false, Ordering::Relaxed) {
            self.apply_fixed();
        }
    }

    /// Turns the automatic clean-up after each solve call on or off (clingo's
    /// `Control.enable_cleanup`; on by default). Off, later groundings see every atom ground
    /// so far, whatever the solver found, and [`Control::cleanup`] cleans up on request.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "{r}. :- r. #program step. s :- r. t :- not r.")?;
    /// ctl.ground()?;
    /// ctl.solve()?.for_each(drop);
    /// ctl.set_enable_cleanup(false);
    /// ctl.ground_parts(&[("step", &[])])?;
    /// // Without the clean-up `s :- r.` is ground (over the open `r`).
    /// assert!(ctl.symbolic_atoms().find(&engine::parse_term("s").unwrap()).is_some());
    /// assert!(ctl.enable_cleanup() == false);
    /// # Ok(()) }
    /// ```
    pub fn set_enable_cleanup(&mut self, enable: bool) {
        self.cleanup.disabled = !enable;
    }

    /// Whether the automatic clean-up after each solve call is on (see
    /// [`Control::set_enable_cleanup`]).
    ///
    /// ```
    /// let mut ctl = engine::Control::new();
    /// assert!(ctl.enable_cleanup()); // on by default, as in clingo
    /// ctl.set_enable_cleanup(false);
    /// assert!(!ctl.enable_cleanup());
    /// ```
    pub fn enable_cleanup(&self) -> bool {
        !self.cleanup.disabled
    }
}
