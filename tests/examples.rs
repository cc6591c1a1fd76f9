//! Runs each example of `examples/` on a small input and asserts its real output.
//!
//! `cargo test` builds the examples next to the test binaries (`target/<profile>/examples/`);
//! the tests run those binaries. (`cargo test --test examples` alone does not build them: run
//! `cargo build --examples` first then.)

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The built example `name`.
fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>");
    let path = profile_dir.join("examples").join(name);
    assert!(
        path.exists(),
        "{} is not built: run `cargo build --examples`",
        path.display()
    );
    path
}

/// Runs the example with `args`; returns its standard output (it must succeed).
fn run(name: &str, args: &[&str]) -> String {
    let output = Command::new(example(name))
        .args(args)
        .output()
        .expect("the example runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{name} failed: {stderr}");
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

#[test]
fn embed_prints_its_three_models() {
    let text = run("embed", &[]);
    let mut answers: Vec<&str> = text.lines().filter(|l| l.starts_with("Answer")).collect();
    answers.sort_by_key(|line| line.split_once(": ").map(|(_, atoms)| atoms));
    let atoms: Vec<&str> = answers
        .iter()
        .map(|l| l.split_once(": ").expect("atoms").1)
        .collect();
    assert_eq!(atoms, ["", "a c", "b"]);
    assert!(text.ends_with("Models: 3\n"), "{text}");
}

/// The optimum clingo 5.8.3 finds with the same functions in Python, then the closure's
/// error at the call.
#[test]
fn functions_pick_coprime_numbers_and_report_a_failing_call() {
    let want = "pairwise coprime, largest sum: 14 15 (sum 29)\n\
coprime.lp:1:3-23: error: external function failed:\n  \
@numbers(\"6 ten 15\"): not a number: ten\n";
    assert_eq!(run("functions", &[]), want);
}

/// clingo 5.8.3 with the same `decide` in Python (and the rule for all-different) finds the
/// greedy seating first and these four in all.
#[test]
fn propagator_seats_greedily_first_and_finds_the_four_seatings() {
    let text = run("propagator", &[]);
    let answers: Vec<&str> = text
        .lines()
        .filter_map(|l| Some(l.strip_prefix("Answer ")?.split_once(": ")?.1))
        .collect();
    let greedy = "assign(ann,1) assign(bob,2) assign(cid,3) assign(dan,4)";
    assert_eq!(answers.first(), Some(&greedy), "{text}");
    let mut sorted = answers.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        [
            greedy,
            "assign(ann,1) assign(bob,3) assign(cid,2) assign(dan,4)",
            "assign(ann,2) assign(bob,1) assign(cid,3) assign(dan,4)",
            "assign(ann,2) assign(bob,3) assign(cid,4) assign(dan,1)",
        ]
    );
    assert!(text.ends_with("4 seatings\n"), "{text}");
}

#[test]
fn nonogram_draws_the_posts_grid() {
    let post = "\
X X X . .   . . . . .
. . X . .   . . . . .
. . . . .   . . X X X
. . . . .   . . X . X
X . X . X   X . X . .

X . X X X   X X X . X
. . X X X   X . X . X
X . X X X   X X X . X
X X X X X   X X X . .
X X . . X   X X X . .
OK
";
    assert_eq!(run("nonogram", &[]), post);
}

#[test]
fn dominoes_6x4_prints_281() {
    assert_eq!(run("dominoes", &["6", "4"]), "281\n");
    assert_eq!(run("dominoes", &["2", "2"]), "2\n");
}

#[test]
fn lunar_finds_the_two_moves() {
    let text = run("lunar", &[]);
    let want = "maxturns=1: no solution\nmaxturns=2: solved\nfewest moves: 2\n\
move(1,4,0,-2)\nmove(2,x,0,0)\n";
    assert_eq!(text, want);
}

#[test]
fn incremental_lunar_finds_the_two_moves_turn_by_turn() {
    let text = run("incremental", &[]);
    let want = "turn 0: no solution\nturn 1: no solution\nturn 2: solved\n\
move(1,4,0,-2)\nmove(2,x,0,0)\n";
    assert_eq!(text, want);
}

/// The post's answer and its drawing.
const POST_ANSWER: &str = "p(\"A\",2434) p(\"B\",5464) p(\"C\",3141) p(\"D\",6263) \
p(\"E\",5253) p(\"F\",2122) p(\"G\",4344) p(\"H\",5161) p(\"I\",1112) p(\"J\",3242) \
p(\"K\",2333) p(\"L\",1314)";
const POST_TRAY: &str = "I F C C H H\nI F J J E D\nL K K G E D\nL A A G B B\n";

/// The squares (x, y) -> letter an answer line puts on the tray, checked to be dominoes.
fn tray_of(answer: &str) -> BTreeMap<(usize, usize), String> {
    let mut tray = BTreeMap::new();
    for atom in answer.split_whitespace() {
        let inner = atom
            .strip_prefix("p(\"")
            .and_then(|a| a.strip_suffix(')'))
            .expect("p atom");
        let (letter, loc) = inner.split_once("\",").expect("p(\"X\",Loc)");
        let d: Vec<usize> = loc
            .chars()
            .map(|c| c.to_digit(10).expect("digit") as usize)
            .collect();
        let [x1, y1, x2, y2] = d[..] else {
            panic!("{loc} is not X1Y1X2Y2")
        };
        assert_eq!(
            x1.abs_diff(x2) + y1.abs_diff(y2),
            1,
            "{atom}: not two adjacent squares"
        );
        for square in [(x1, y1), (x2, y2)] {
            assert!(
                tray.insert(square, letter.to_string()).is_none(),
                "{atom} overlaps"
            );
        }
    }
    tray
}

#[test]
fn hinomaru_draws_its_answer() {
    let text = run("hinomaru", &[]);
    let (answer, drawing) = text.split_once('\n').expect("answer line then tray");
    if answer == POST_ANSWER {
        assert_eq!(drawing, POST_TRAY);
    }
    let tray = tray_of(answer);
    assert_eq!(tray.len(), 24, "the 6x4 tray is covered");
    let rows: Vec<String> = (1..=4)
        .map(|y| {
            (1..=6)
                .map(|x| tray[&(x, y)].as_str())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    assert_eq!(drawing, rows.concat());
    let expected = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("programs/expected/hinomaru-all.json"),
    )
    .expect("hinomaru-all.json");
    let record: serde_json::Value = serde_json::from_str(&expected).expect("json");
    let mut atoms: Vec<&str> = answer.split_whitespace().collect();
    atoms.sort_unstable();
    let answers = record["models"].as_array().expect("models");
    assert!(
        answers.iter().any(|m| m == &serde_json::json!(atoms)),
        "not an answer set"
    );
}

#[test]
fn the_post_tray_matches_the_post_answer() {
    let tray = tray_of(POST_ANSWER);
    let rows: Vec<String> = (1..=4)
        .map(|y| {
            (1..=6)
                .map(|x| tray[&(x, y)].as_str())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    assert_eq!(rows.concat(), POST_TRAY);
}

/// The wheel with five spokes needs four colours (an odd rim and the hub); the colouring the
/// backend's search space gives is proper: one colour per node, adjacent nodes differ.
#[test]
fn backend_colours_the_wheel_with_four_colours() {
    let text = run("backend", &[]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "nodes: 6, colour atoms: 24");
    assert_eq!(lines[2], "colours used: 4");
    let colouring = lines[1]
        .strip_prefix("optimal colouring: ")
        .expect("colouring");
    let mut colour = std::collections::HashMap::new();
    for atom in colouring.split(' ').filter(|a| a.starts_with("color(")) {
        let inner = atom.trim_start_matches("color(").trim_end_matches(')');
        let (node, c) = inner.split_once(',').expect("pair");
        assert!(
            colour.insert(node.to_string(), c.to_string()).is_none(),
            "{atom}"
        );
    }
    assert_eq!(colour.len(), 6);
    let rim = ["1", "2", "3", "4", "5"];
    let spokes = rim.iter().map(|&n| ("0", n));
    let ring = rim
        .iter()
        .zip(rim.iter().cycle().skip(1))
        .map(|(&a, &b)| (a, b));
    for (a, b) in spokes.chain(ring) {
        assert_ne!(colour[a], colour[b], "edge {a}-{b}");
    }
}
