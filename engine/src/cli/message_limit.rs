//! clingo's limit on the grounder's messages: at most 20 are printed in a run.
//!
//! # Rule (measured on clingo 5.8.3)
//! Each message shown (warnings silenced with `-W no-...` do not count) uses one of 20 slots.
//! Once the slots are used up, an info is dropped silently while no error has been printed;
//! after an error, the next message of either kind ends the run with
//! `*** ERROR: (clingo): too many messages.` (exit 65). An error that finds the slots used up
//! by infos alone is still printed. So 21 infos print 20; 21 errors print 20 and "too many";
//! 20 infos and one error print all 21; 20 infos and two errors print 21 and "too many".
//!
//! # Invariants
//! - `left` only decreases; `error` is set once an error was printed.

use grounder::{Diagnostic, Severity};

/// The number of messages clingo prints before it stops printing them.
const LIMIT: u32 = 20;

/// What to do with the next message.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Admit {
    /// Print it.
    Print,
    /// Leave it out.
    Drop,
    /// Stop: print `too many messages.` and end the run.
    TooMany,
}

/// The slots left and whether an error was printed (see the module doc).
#[derive(Debug)]
pub(super) struct MessageLimit {
    left: u32,
    error: bool,
}

impl Default for MessageLimit {
    fn default() -> MessageLimit {
        MessageLimit {
            left: LIMIT,
            error: false,
        }
    }
}

impl MessageLimit {
    /// Whether the next message, an error or not, is printed.
    pub(super) fn admit(&mut self, diagnostic: &Diagnostic) -> Admit {
        let is_error = diagnostic.severity == Severity::Error;
        if self.left == 0 {
            match (self.error, is_error) {
                (true, _) => return Admit::TooMany,
                (false, false) => return Admit::Drop,
                (false, true) => {}
            }
        }
        self.error |= is_error;
        self.left = self.left.saturating_sub(1);
        Admit::Print
    }

    /// The text of `messages` as clingo prints them (each followed by an empty line), and
    /// whether the limit ended the run.
    pub(super) fn render<'d>(
        &mut self,
        messages: impl IntoIterator<Item = &'d Diagnostic>,
    ) -> (String, bool) {
        let mut text = String::new();
        for diagnostic in messages {
            match self.admit(diagnostic) {
                Admit::Print => text.push_str(&format!("{diagnostic}\n\n")),
                Admit::Drop => {}
                Admit::TooMany => return (text, true),
            }
        }
        (text, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(severity: Severity) -> Diagnostic {
        Diagnostic {
            severity,
            span: None,
            message: "m".into(),
            notes: Vec::new(),
        }
    }

    /// The verdicts for a sequence of infos (`I`) and errors (`E`), as letters: `p` printed,
    /// `d` dropped, `!` too many (the run ends there).
    fn verdicts(sequence: &str) -> String {
        let mut limit = MessageLimit::default();
        let mut out = String::new();
        for c in sequence.chars() {
            let severity = match c {
                'E' => Severity::Error,
                _ => Severity::Info,
            };
            match limit.admit(&message(severity)) {
                Admit::Print => out.push('p'),
                Admit::Drop => out.push('d'),
                Admit::TooMany => {
                    out.push('!');
                    break;
                }
            }
        }
        out
    }

    #[test]
    fn clingo_counts_infos_and_errors_together() {
        let i = |n: usize| "I".repeat(n);
        let e = |n: usize| "E".repeat(n);
        let p = |n: usize| "p".repeat(n);
        assert_eq!(verdicts(&i(21)), p(20) + "d");
        assert_eq!(verdicts(&e(21)), p(20) + "!");
        assert_eq!(verdicts(&(i(21) + "E")), p(20) + "dp");
        assert_eq!(verdicts(&(i(20) + "EE")), p(21) + "!");
        assert_eq!(verdicts(&(i(19) + "EIE")), p(20) + "!");
        assert_eq!(verdicts(&("E".to_string() + &i(22))), p(20) + "!");
        assert_eq!(verdicts(&(i(10) + &e(11))), p(20) + "!");
    }
}
