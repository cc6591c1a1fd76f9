//! Parsing benchmarks: `grounder::syntax::parse` (lexer, LALRPOP grammar, lowering) on a
//! generated 50,000-fact file and on the puzzle programs, and parse+ground of the fact file
//! through `engine::Control` (the cost of loading a large instance).
//!
//! Run: `cargo bench --bench parse`. Inputs are read or generated before timing.

mod support;

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grounder::{Dialect, Source};

use support::{fact_file, read, shown_count, Run};

/// Facts in the generated fact file.
const FACTS: u32 = 50_000;

/// The puzzle programs parsed one by one.
const PUZZLES: &[&str] = &[
    "programs/flowerfinder.lp",
    "programs/dominoes.lp",
    "programs/hinomaru.lp",
    "programs/nonogram.lp",
    "programs/10x10.lp",
    "programs/lunar.lp",
    "programs/pasquale.lp",
];

fn parse_facts(c: &mut Criterion) {
    let source = Source::new("facts.lp", fact_file(FACTS));
    let statements = grounder::syntax::parse(&source, Dialect::Auto)
        .map(|p| p.statements.len())
        .unwrap_or(0);
    assert_eq!(statements, FACTS as usize, "every fact parses");
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(source.text.len() as u64));
    group.bench_function("facts-50k", |b| {
        b.iter(|| grounder::syntax::parse(&source, Dialect::Auto).map(|p| p.statements.len()))
    });
    group.finish();
}

fn parse_puzzles(c: &mut Criterion) {
    let sources: Vec<Source> = PUZZLES.iter().map(|f| Source::new(*f, read(f))).collect();
    for source in &sources {
        let parsed = grounder::syntax::parse(source, Dialect::Auto);
        assert!(parsed.is_ok(), "{} parses", source.name);
    }
    c.bench_function("parse/puzzles", |b| {
        b.iter(|| {
            sources
                .iter()
                .filter(|s| grounder::syntax::parse(s, Dialect::Auto).is_ok())
                .count()
        })
    });
}

fn load_facts(c: &mut Criterion) {
    let run = Run::text("facts-50k", fact_file(FACTS));
    assert_eq!(
        shown_count(&run.ground()),
        FACTS as usize,
        "every fact is shown"
    );
    c.bench_function("load/facts-50k", |b| b.iter(|| run.ground()));
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = parse_facts, parse_puzzles, load_facts
}
criterion_main!(benches);
