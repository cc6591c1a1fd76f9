//! Restart and learnt-nogood deletion schedules.
//!
//! Restarts follow the Luby sequence (1, 1, 2, 1, 1, 2, 4, ...) times a unit of conflicts.
//! Deletion runs every `reduce_interval` conflicts, growing arithmetically; it keeps learnt
//! nogoods with LBD <= 2 ("glue") and those that are reasons, and deletes the worse half of the
//! rest ordered by LBD, then activity.

/// Conflicts per Luby unit.
const RESTART_UNIT: u64 = 128;
/// Conflicts before the first deletion.
const FIRST_REDUCE: u64 = 4000;
/// Growth of the deletion interval.
const REDUCE_STEP: u64 = 600;

/// When to restart and when to delete learnt nogoods.
pub(crate) struct Schedule {
    /// Index into the Luby sequence.
    luby_index: u64,
    /// Conflicts left before the next restart.
    until_restart: u64,
    /// Conflicts left before the next deletion.
    until_reduce: u64,
    /// The current deletion interval.
    reduce_interval: u64,
}

impl Schedule {
    /// The initial schedule.
    pub(crate) fn new() -> Schedule {
        Schedule {
            luby_index: 1,
            until_restart: RESTART_UNIT,
            until_reduce: FIRST_REDUCE,
            reduce_interval: FIRST_REDUCE,
        }
    }

    /// Counts a conflict; returns (restart now, reduce now).
    pub(crate) fn on_conflict(&mut self) -> (bool, bool) {
        self.until_restart = self.until_restart.saturating_sub(1);
        self.until_reduce = self.until_reduce.saturating_sub(1);
        let restart = self.until_restart == 0;
        if restart {
            self.luby_index += 1;
            self.until_restart = luby(self.luby_index) * RESTART_UNIT;
        }
        let reduce = self.until_reduce == 0;
        if reduce {
            self.reduce_interval += REDUCE_STEP;
            self.until_reduce = self.reduce_interval;
        }
        (restart, reduce)
    }
}

/// The `index`-th element (1-based) of the Luby sequence.
pub(crate) fn luby(index: u64) -> u64 {
    let mut i = index.max(1);
    loop {
        let mut k = 1u32;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence_prefix() {
        let prefix: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(prefix, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn first_restart_after_one_unit() {
        let mut s = Schedule::new();
        let restarts = (0..RESTART_UNIT).filter(|_| s.on_conflict().0).count();
        assert_eq!(restarts, 1);
    }
}
