//! The wall-clock times of a search that clingo's summary prints: the whole search, the time
//! to the first model, and the time from the last model to the end of a complete search.

use std::time::{Duration, Instant};

use crate::api::SolveTimes;

/// When a search started, found its first and last model, and ended.
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    start: Instant,
    first_model: Option<Duration>,
    last_model: Duration,
    end: Option<Duration>,
}

impl Clock {
    /// A clock started now.
    pub(crate) fn start() -> Clock {
        Clock {
            start: Instant::now(),
            first_model: None,
            last_model: Duration::ZERO,
            end: None,
        }
    }

    /// A model was found now.
    pub(super) fn on_model(&mut self) {
        let now = self.start.elapsed();
        self.first_model.get_or_insert(now);
        self.last_model = now;
    }

    /// The search ended now (the first call counts).
    pub(super) fn on_end(&mut self) {
        self.end.get_or_insert_with(|| self.start.elapsed());
    }

    /// The times so far; `unsat` only for an `exhausted` search.
    pub(super) fn times(&self, exhausted: bool) -> SolveTimes {
        let solve = self.end.unwrap_or_else(|| self.start.elapsed());
        SolveTimes {
            solve,
            first_model: self.first_model.unwrap_or_default(),
            unsat: match exhausted {
                true => solve.saturating_sub(self.last_model),
                false => Duration::ZERO,
            },
        }
    }
}
