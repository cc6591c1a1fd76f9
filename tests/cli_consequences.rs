//! Brave and cautious reasoning: the intermediate answers and `Consequences: [l;u]` bounds
//! depend on the search order (clingo 5.8.3 prints two brave answers for
//! `tests/cli/consequences.lp`, we may print more), so they are checked for what they mean;
//! the final answer and bounds are clingo's.

mod common;

/// `(answer line, lower, upper)` of each answer.
fn answers(mode: &str) -> Vec<(String, usize, usize)> {
    let args = [
        "consequences.lp".to_string(),
        "-e".to_string(),
        mode.to_string(),
    ];
    let out = common::run(&args, "");
    assert_eq!(out.code, 30, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    let mut found = Vec::new();
    for window in lines.windows(3) {
        if let [answer, atoms, bounds] = window {
            if !answer.starts_with("Answer:") {
                continue;
            }
            let inner = bounds
                .strip_prefix("Consequences: [")
                .and_then(|b| b.strip_suffix(']'))
                .expect("bounds line");
            let (lower, upper) = inner.split_once(';').expect("two bounds");
            found.push((
                atoms.to_string(),
                lower.parse().unwrap(),
                upper.parse().unwrap(),
            ));
        }
    }
    found
}

#[test]
fn brave_bounds_grow_to_clingos_final_answer() {
    let found = answers("brave");
    for (atoms, lower, upper) in &found {
        // The answer is the union so far: its size is the lower bound.
        assert_eq!(atoms.split(' ').count(), *lower, "{atoms}");
        assert_eq!(*upper, 8);
    }
    assert!(found.windows(2).all(|w| w[0].1 < w[1].1), "{found:?}");
    let last = found.last().expect("an answer");
    assert_eq!(
        last,
        &("d(1) d(2) d(3) p(1) p(2) p(3) q r".to_string(), 8, 8)
    );
}

#[test]
fn cautious_bounds_shrink_to_clingos_final_answer() {
    let found = answers("cautious");
    for (atoms, lower, upper) in &found {
        // The answer is the intersection so far: its size is the upper bound; facts are certain.
        assert_eq!(atoms.split(' ').count(), *upper, "{atoms}");
        assert_eq!(*lower, 3);
    }
    assert!(found.windows(2).all(|w| w[0].2 > w[1].2), "{found:?}");
    assert_eq!(
        found.last().expect("an answer"),
        &("d(1) d(2) d(3)".to_string(), 3, 3)
    );
}
