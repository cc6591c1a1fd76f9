//! Shared inputs of the criterion benchmarks: the puzzle programs read from `programs/`,
//! generated programs (a large fact file, transitive closure over a chain and a random graph),
//! and helpers that ground and solve through [`engine::Control`].
//!
//! Every generator is deterministic (a fixed linear congruential sequence, no clock, no
//! `rand`), so each run measures the same input. Each helper checks the answer it computes
//! (model counts, atom counts) before a benchmark times it, so a benchmark never times a wrong
//! result.

#![allow(dead_code)] // each bench binary uses a different subset of these helpers

use std::fmt::Write as _;
use std::path::PathBuf;

use engine::{Control, Projection};

/// Path of a file under the repository root.
pub fn repo_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// The text of a file under the repository root.
///
/// # Panics
/// If the file cannot be read (the repository is incomplete): a benchmark setup failure.
pub fn read(relative: &str) -> String {
    let path = repo_path(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// One program to ground and solve: its files, `-c` constants and solve options.
#[derive(Clone, Debug)]
pub struct Run {
    /// Name of the benchmark.
    pub name: &'static str,
    /// `(name, text)` of each source, read once before timing.
    pub sources: Vec<(String, String)>,
    /// `-c name=value` constants.
    pub constants: Vec<(&'static str, &'static str)>,
    /// Models to compute (`Some(0)`: all; `None`: clingo's default).
    pub models: Option<u64>,
    /// `--project` (projection onto `#project` atoms, else the shown atoms).
    pub project: bool,
}

impl Run {
    /// A run over files under the repository root.
    pub fn files(name: &'static str, files: &[&str]) -> Run {
        Run {
            name,
            sources: files.iter().map(|f| (f.to_string(), read(f))).collect(),
            constants: Vec::new(),
            models: None,
            project: false,
        }
    }

    /// A run over generated program text.
    pub fn text(name: &'static str, text: String) -> Run {
        Run {
            name,
            sources: vec![(format!("<{name}>"), text)],
            constants: Vec::new(),
            models: None,
            project: false,
        }
    }

    /// With the constant `name` set to `value`.
    pub fn with_const(mut self, name: &'static str, value: &'static str) -> Run {
        self.constants.push((name, value));
        self
    }

    /// Computing all models (`0`).
    pub fn all_models(mut self) -> Run {
        self.models = Some(0);
        self
    }

    /// With `--project`.
    pub fn projected(mut self) -> Run {
        self.project = true;
        self
    }

    /// A control with the sources added, the constants and options set, not yet grounded.
    pub fn control(&self) -> Control {
        let mut ctl = Control::new();
        ctl.options_mut().models = self.models;
        if self.project {
            ctl.options_mut().projection = Projection::Auto;
        }
        for (name, value) in &self.constants {
            ctl.set_const(name, value)
                .expect("set_const before grounding");
        }
        for (name, text) in &self.sources {
            ctl.add(name, text).expect("add before grounding");
        }
        ctl
    }

    /// Parses and grounds the run; returns the grounded control.
    ///
    /// # Panics
    /// If grounding fails: the benchmark's input is broken.
    pub fn ground(&self) -> Control {
        let mut ctl = self.control();
        if let Err(e) = ctl.ground() {
            panic!("{}: grounding failed: {e}", self.name);
        }
        ctl
    }
}

/// Solves a grounded control to the end and returns the number of models reported.
///
/// # Panics
/// If the control is not grounded.
pub fn count_models(ctl: &Control) -> u64 {
    let mut handle = ctl.solve().expect("solve after grounding");
    handle.summary().models
}

/// Number of shown atoms in the first model (0 if there is none).
pub fn shown_count(ctl: &Control) -> usize {
    let mut handle = ctl.solve().expect("solve after grounding");
    handle.next().map_or(0, |model| model.symbols().len())
}

/// A deterministic pseudo-random sequence (Knuth's MMIX linear congruential generator).
pub struct Lcg(u64);

impl Lcg {
    /// The sequence from `seed`.
    pub fn new(seed: u64) -> Lcg {
        Lcg(seed)
    }

    /// The next number below `bound` (`bound > 0`).
    pub fn below(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % bound.max(1)
    }
}

/// `count` facts of three shapes (numbers, strings, nested functions): a parser workload.
pub fn fact_file(count: u32) -> String {
    let mut text = String::with_capacity(count as usize * 32);
    for i in 0..count {
        let _ = match i % 3 {
            0 => writeln!(text, "edge({i},{}).", (i * 7 + 3) % count),
            1 => writeln!(text, "label({i},\"node {i}\",c{}).", i % 17),
            _ => writeln!(text, "pos(p({i},f(-{}, x)),{}).", i % 101, i / 3),
        };
    }
    text
}

/// Transitive closure over the chain `1 -> 2 -> ... -> nodes`: `nodes·(nodes-1)/2` path atoms,
/// derived by a linear recursive rule (semi-naive evaluation, `nodes - 1` rounds).
pub fn closure_chain(nodes: u32) -> String {
    format!(
        "node(1..{nodes}).\nedge(X,X+1) :- node(X), node(X+1).\n{CLOSURE_RULES}",
        nodes = nodes
    )
}

/// A positive loop over one predicate: `{p(0)}.` and `p(i) :- p(i+1 mod n).` (issue 15:
/// grounding it was quadratic in `n`).
pub fn loop_one_predicate(n: u32) -> String {
    let mut text = String::from("{p(0)}.\n");
    for i in 0..n {
        text.push_str(&format!("p({i}) :- p({}).\n", (i + 1) % n));
    }
    text
}

/// A positive loop over `n` distinct 0-ary predicates: `{p0}.` and `pi :- p(i+1 mod n).`
pub fn loop_distinct_predicates(n: u32) -> String {
    let mut text = String::from("{p0}.\n");
    for i in 0..n {
        text.push_str(&format!("p{i} :- p{}.\n", (i + 1) % n));
    }
    text
}

/// Transitive closure over a random graph of `nodes` nodes with `edges` edges (fixed seed).
pub fn closure_graph(nodes: u32, edges: u32, seed: u64) -> String {
    let mut rng = Lcg::new(seed);
    let mut text = format!("node(1..{nodes}).\n");
    for _ in 0..edges {
        let from = rng.below(u64::from(nodes)) + 1;
        let to = rng.below(u64::from(nodes)) + 1;
        let _ = writeln!(text, "edge({from},{to}).");
    }
    text.push_str(CLOSURE_RULES);
    text
}

/// The recursive rules of transitive closure, and a shown count of reachable pairs.
const CLOSURE_RULES: &str = "path(X,Y) :- edge(X,Y).
path(X,Z) :- path(X,Y), edge(Y,Z).
reach(N) :- N = #count{ X,Y : path(X,Y) }.
#show reach/1.
";
