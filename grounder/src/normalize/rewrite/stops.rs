//! Where gringo's simplification stops reporting undefined operations.
//!
//! gringo simplifies a statement part by part and stops at the first part that is undefined
//! whatever its variables (it drops what holds that part): the parts after it give no
//! `operation undefined` info. The sequences, as clingo 5.8.3 reports:
//! - the statement: its head, then its body literals in written order. A body atom or
//!   comparison (under any sign), an interval in one, or an aggregate guard (of the head or of
//!   a body aggregate) that is undefined drops the statement: `a :- p(2/0), p(3/0).` reports
//!   `(2/0)` only, `a :- 1/0 < #sum{ W/0 : r(W) }.` `(1/0)` only (the guards come before the
//!   elements). A conditional literal or an aggregate element never stops the statement.
//! - an aggregate element (a body aggregate's, a choice's or a head aggregate's): its tuple
//!   terms, then its atom (choice and head aggregate), then its condition:
//!   `{ p(1/0) : q(2/0) }` reports `(1/0)` only.
//! - the literal of a conditional literal (body or disjunction) on its own, then the
//!   condition: `p(1/0) : q(2/0), r(3/0)` reports `(1/0)` and `(2/0)`.
//!
//! A sequence is a [`Converter::sequence`]; each part that may stop it is converted by
//! [`Converter::part`]. Within one atom the arguments stop each other (see `function_args`).
//!
//! # Invariants
//! - Only the infos of the sequence's own later parts (and of what is nested in them) are
//!   removed; a nested sequence restores the enclosing one's stop when it ends.

use super::Converter;

impl Converter<'_> {
    /// Runs `f` as a sequence of parts: when one of its parts was undefined, the infos given
    /// after that part are removed at the end.
    pub(super) fn sequence<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let outer = self.stop.take();
        let result = f(self);
        self.end_sequence();
        self.stop = outer;
        result
    }

    /// Removes the infos given after the current sequence's undefined part (if any).
    pub(super) fn end_sequence(&mut self) {
        if let Some(at) = self.stop.take() {
            self.infos.truncate(at);
        }
    }

    /// Converts one part of the current sequence with `f`: when it gives an `operation
    /// undefined` info, the sequence stops after it.
    pub(super) fn part<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let before = self.infos.len();
        let result = f(self);
        if self.stop.is_none() && self.infos.len() > before {
            self.stop = Some(self.infos.len());
        }
        result
    }
}
