//! Restart and learnt-nogood deletion schedules.
//!
//! Restarts follow the Luby sequence (1, 1, 2, 1, 1, 2, 4, ...) times a unit of conflicts.
//! Deletion runs after `FIRST_REDUCE + i * REDUCE_STEP` conflicts for its `i`-th run in a
//! round; the first round has `REDUCE_ROUND` runs, each later round one more, and each round
//! starts again from `FIRST_REDUCE` (clasp's tweety schedule is `+,2000,100,20`; we start at
//! 1000, since a visit of a long learnt clause costs us more than clasp: BENCHMARKS.md,
//! "Cost per conflict on the cardinality programs"), so the learnt
//! database stays small whatever the length of the search (which nogoods go: `search/reduce.rs`).

/// Conflicts per Luby unit.
const RESTART_UNIT: u64 = 128;
/// Conflicts before the first deletion.
const FIRST_REDUCE: u64 = 1000;
/// Growth of the deletion interval.
const REDUCE_STEP: u64 = 100;
/// Deletions in the first round of the interval sequence.
const REDUCE_ROUND: u64 = 20;

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
    /// Deletions left before the interval starts again from `FIRST_REDUCE`.
    reduce_round_left: u64,
    /// Deletions in the current round of the interval sequence.
    reduce_round: u64,
}

impl Schedule {
    /// The initial schedule.
    pub(crate) fn new() -> Schedule {
        Schedule {
            luby_index: 1,
            until_restart: RESTART_UNIT,
            until_reduce: FIRST_REDUCE,
            reduce_interval: FIRST_REDUCE,
            reduce_round_left: REDUCE_ROUND,
            reduce_round: REDUCE_ROUND,
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
            self.next_reduce_interval();
        }
        (restart, reduce)
    }

    /// Moves to the next deletion interval: `FIRST_REDUCE + i * REDUCE_STEP` for the `i`-th
    /// deletion of a round; each round is one deletion longer than the last.
    fn next_reduce_interval(&mut self) {
        self.reduce_round_left -= 1;
        if self.reduce_round_left == 0 {
            self.reduce_round += 1;
            self.reduce_round_left = self.reduce_round;
            self.reduce_interval = FIRST_REDUCE;
        } else {
            self.reduce_interval += REDUCE_STEP;
        }
        self.until_reduce = self.reduce_interval;
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
    fn deletion_intervals_grow_within_a_round_and_restart_after_it() {
        let mut s = Schedule::new();
        let mut intervals = Vec::new();
        let mut since = 0;
        while intervals.len() < 2 * REDUCE_ROUND as usize + 2 {
            since += 1;
            if s.on_conflict().1 {
                intervals.push(since);
                since = 0;
            }
        }
        let first_round: Vec<u64> = (0..REDUCE_ROUND)
            .map(|i| FIRST_REDUCE + i * REDUCE_STEP)
            .collect();
        assert_eq!(intervals[..REDUCE_ROUND as usize], first_round[..]);
        assert_eq!(intervals[REDUCE_ROUND as usize], FIRST_REDUCE);
        let second_end = 2 * REDUCE_ROUND as usize + 1;
        assert_eq!(
            intervals[second_end - 1],
            FIRST_REDUCE + REDUCE_ROUND * REDUCE_STEP
        );
        assert_eq!(intervals[second_end], FIRST_REDUCE);
    }

    #[test]
    fn first_restart_after_one_unit() {
        let mut s = Schedule::new();
        let restarts = (0..RESTART_UNIT).filter(|_| s.on_conflict().0).count();
        assert_eq!(restarts, 1);
    }
}
