//! Grounding benchmarks: parse + ground through `engine::Control` for the puzzle programs and
//! for generated transitive-closure programs (a recursive component evaluated semi-naively) and
//! positive loops (one recursive component of `n` rules needing `n` rounds).
//!
//! Run: `cargo bench --bench ground`. Each input's ground size is checked before timing.

mod support;

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};

use support::{
    closure_chain, closure_graph, count_models, loop_distinct_predicates, loop_one_predicate, Run,
};

/// Nodes of the generated graphs.
const NODES: u32 = 200;

/// Atoms of the generated loops.
const LOOP: u32 = 5000;

/// The runs to ground, and the shown atoms of their first model where it pins the grounding.
fn runs() -> Vec<Run> {
    vec![
        Run::files("flowerfinder", &["programs/flowerfinder.lp"]),
        Run::files("hinomaru", &["programs/hinomaru.lp"]),
        Run::files(
            "nonogram-10x10",
            &["programs/nonogram.lp", "programs/10x10.lp"],
        ),
        Run::files("dominoes-6x4", &["programs/dominoes.lp"]).with_const("ymax", "4"),
        Run::text("closure-chain-200", closure_chain(NODES)),
        Run::text("closure-graph-200", closure_graph(NODES, 300, 7)),
        Run::text("loop-one-predicate-5000", loop_one_predicate(LOOP)),
        Run::text(
            "loop-distinct-predicates-5000",
            loop_distinct_predicates(LOOP),
        ),
    ]
}

/// The number of reachable pairs the closure programs must derive.
fn check_closures() {
    let chain = Run::text("closure-chain-200", closure_chain(NODES)).ground();
    assert_eq!(
        count_models(&chain),
        1,
        "a stratified program has one model"
    );
    let shown: Vec<String> = chain
        .solve()
        .ok()
        .and_then(|mut h| h.next())
        .map(|m| m.shown_names())
        .unwrap_or_default();
    let pairs = NODES * (NODES - 1) / 2;
    assert_eq!(shown, vec![format!("reach({pairs})")]);
}

/// Each loop has two models: nothing, or all `LOOP` atoms (`{p(0)}` chosen).
fn check_loops() {
    for text in [loop_one_predicate(LOOP), loop_distinct_predicates(LOOP)] {
        let ctl = Run::text("loop", text).all_models().ground();
        let mut sizes: Vec<usize> = ctl
            .solve()
            .expect("solve")
            .map(|m| m.shown_names().len())
            .collect();
        sizes.sort_unstable();
        assert_eq!(sizes, vec![0, LOOP as usize]);
    }
}

fn ground(c: &mut Criterion) {
    check_closures();
    check_loops();
    let mut group = c.benchmark_group("ground");
    for run in runs() {
        run.ground(); // panics on a grounding error before anything is timed
        group.bench_function(run.name, |b| b.iter(|| run.ground()));
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = ground
}
criterion_main!(benches);
