//! The multi-shot growth benchmark: runs clingo's incremental loop (`engine::incmode::run`,
//! what `#include <incmode>.` does on the command line) over `benches/multishot/rooms.lp`,
//! whose every step adds the same number of atoms and rules, and prints the mean time per
//! step for each block of steps: grounding (the grounding and its delta given to the
//! accumulated program) and solving (the delta translated into the solver, the external
//! `query(t)` set, the call). A step costing what it adds shows flat figures from the first
//! block to the last; a cost growing with the steps so far shows rising ones. The tour is
//! asked for after the last step (`n` = STEPS + 1, `imax` = STEPS), so every call is
//! unsatisfiable and no call searches: the figures are the multi-shot machinery's.
//!
//! Run: `cargo run --release --example multishot_growth [STEPS [BLOCK]]` (default 200 steps
//! in blocks of 50).

use std::path::Path;
use std::time::{Duration, Instant};

use engine::incmode::{run, IncConfig, IncHandler};
use engine::{Control, Diagnostic, SolveHandle, Summary};

/// Times of each step, filled in by the loop.
struct Timer {
    /// When the current phase started.
    mark: Instant,
    /// Per step: (grounding, solving).
    steps: Vec<(Duration, Duration)>,
    /// The grounding time of the current step.
    grounding: Duration,
}

impl IncHandler for Timer {
    fn grounded(&mut self, _infos: &[Diagnostic]) {
        self.grounding = self.mark.elapsed();
        self.mark = Instant::now();
    }

    fn solved(&mut self, _ctl: &Control, _step: u64, mut handle: SolveHandle) -> Summary {
        let summary = handle.summary();
        self.steps.push((self.grounding, self.mark.elapsed()));
        self.mark = Instant::now();
        summary
    }
}

fn arg(index: usize, default: usize) -> usize {
    std::env::args()
        .nth(index)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}

fn millis(total: Duration, count: usize) -> f64 {
    total.as_secs_f64() * 1000.0 / count.max(1) as f64
}

fn main() -> Result<(), engine::Error> {
    let (steps, block) = (arg(1, 200).max(1), arg(2, 50).max(1));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut ctl = Control::new();
    ctl.options_mut().models = Some(1);
    // The tour is due after step `steps + 1`: every call is unsatisfiable.
    ctl.set_const("n", &(steps + 1).to_string())?;
    ctl.load(root.join("benches/multishot/rooms.lp"))?;
    let mut timer = Timer {
        mark: Instant::now(),
        steps: Vec::new(),
        grounding: Duration::ZERO,
    };
    let config = IncConfig {
        imax: Some(steps as u64),
        ..IncConfig::default()
    };
    let (summary, calls) = run(&mut ctl, &config, &mut timer)?;
    assert_eq!((calls as usize, summary.satisfiable), (steps, Some(false)));
    println!("{calls} calls; mean ms per step (grounding, solving):");
    for (k, chunk) in timer.steps.chunks(block).enumerate() {
        let ground: Duration = chunk.iter().map(|s| s.0).sum();
        let solve: Duration = chunk.iter().map(|s| s.1).sum();
        let (from, to) = (k * block, k * block + chunk.len() - 1);
        let (g, s) = (millis(ground, chunk.len()), millis(solve, chunk.len()));
        println!("steps {from:>4}-{to:<4}  {g:8.3}  {s:8.3}");
    }
    Ok(())
}
