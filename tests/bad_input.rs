//! The bad-input suite of `tests/bad-input/` replayed on the built `mini-clingo` binary.
//!
//! Each case has its own `#[test]`: it runs the binary from the repository root with the
//! case's `args:` and compares
//! - the exit code with `mini-clingo-exit:` if the case has one, else `exit:` (the clingo
//!   5.8.3 executable's);
//! - standard error, byte for byte, with the `mini-clingo-stderr:` block if the case has one,
//!   else clingo's `stderr:` block, `PROGRAM` standing for `mini-clingo`; a case with
//!   `stderr-contains:` only needs that text. Newlines at the very start and end are not
//!   compared: scripts/bad_input.py records clingo's stderr with them trimmed to one.
//!
//! The `mini-clingo-*` sections mark the deliberate differences from clingo (integers beyond
//! 32 bits, non-UTF-8 bytes, a directory as input: clear errors here); tests/bad-input/README.md
//! explains the format. `every_case_has_a_test` keeps the list of tests in step with the files.

use std::path::Path;
use std::process::Command;

/// The repository root: the cases' paths are relative to it.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A parsed `.expected` file.
#[derive(Default)]
struct Case {
    /// The command-line arguments.
    args: Vec<String>,
    /// The exit code wanted.
    exit: i32,
    /// The exact standard error wanted (program name substituted), if compared exactly.
    stderr: Option<Vec<u8>>,
    /// Text standard error must contain, for cases without an exact answer.
    stderr_contains: Option<String>,
}

/// Splits `bytes` at the first occurrence of `separator`.
fn split_at<'a>(bytes: &'a [u8], separator: &[u8]) -> Option<(&'a [u8], &'a [u8])> {
    let at = bytes
        .windows(separator.len())
        .position(|w| w == separator)?;
    Some((&bytes[..at], &bytes[at + separator.len()..]))
}

/// Replaces every `PROGRAM` by `mini-clingo`.
fn with_program_name(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut rest = text;
    while let Some((before, after)) = split_at(rest, b"PROGRAM") {
        out.extend_from_slice(before);
        out.extend_from_slice(b"mini-clingo");
        rest = after;
    }
    out.extend_from_slice(rest);
    out
}

fn parse_case(raw: &[u8]) -> Case {
    let (head, clingo_stderr) = match split_at(raw, b"\nstderr:\n") {
        Some((head, stderr)) => (head, Some(stderr)),
        None => (raw, None),
    };
    let (head, own_stderr) = match split_at(head, b"\nmini-clingo-stderr:\n") {
        Some((head, stderr)) => (head, Some([stderr, b"\n"].concat())),
        None => (head, None),
    };
    let mut case = Case::default();
    let (mut exit, mut own_exit) = (None, None);
    for line in String::from_utf8_lossy(head).lines() {
        let (key, value) = line.split_once(": ").unwrap_or((line, ""));
        match key {
            "args" => case.args = value.split_whitespace().map(String::from).collect(),
            "exit" => exit = value.parse::<i32>().ok(),
            "mini-clingo-exit" => own_exit = value.parse::<i32>().ok(),
            "stderr-contains" => case.stderr_contains = Some(value.to_string()),
            _ => {}
        }
    }
    case.exit = own_exit.or(exit).expect("an exit: line");
    let stderr = own_stderr.or_else(|| clingo_stderr.map(<[u8]>::to_vec));
    case.stderr = stderr.map(|s| with_program_name(&s));
    case
}

/// Runs the case `name` and asserts its exit code and standard error.
fn check(name: &str) {
    let raw = std::fs::read(
        root()
            .join("tests/bad-input")
            .join(format!("{name}.expected")),
    )
    .expect("the .expected file");
    let case = parse_case(&raw);
    let output = Command::new(env!("CARGO_BIN_EXE_mini-clingo"))
        .args(&case.args)
        .current_dir(root())
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let code = output.status.code();
    assert_eq!(
        code,
        Some(case.exit),
        "{name}: exit {code:?}, expected {}; stderr:\n{stderr}",
        case.exit
    );
    if let Some(text) = &case.stderr_contains {
        assert!(
            stderr.contains(text.as_str()),
            "{name}: stderr lacks {text:?}:\n{stderr}"
        );
    } else {
        let want = case.stderr.expect("a stderr: block");
        let want = String::from_utf8_lossy(&want);
        assert_eq!(
            stderr.trim_matches('\n'),
            want.trim_matches('\n'),
            "{name}: stderr"
        );
    }
}

/// One `#[test]` per case: `test_name => "case name"`.
macro_rules! cases {
    ($($test:ident => $name:literal),* $(,)?) => {
        $(#[test] fn $test() { check($name); })*
        /// The case names that have a test.
        const TESTED: &[&str] = &[$($name),*];
    };
}

cases! {
    deep_nesting => "deep-nesting",
    directory_as_file => "directory-as-file",
    division_by_zero => "division-by-zero",
    empty_file => "empty-file",
    grounds_forever => "grounds-forever",
    integer_huge => "integer-huge",
    integer_too_large => "integer-too-large",
    missing_file => "missing-file",
    modulo_by_zero => "modulo-by-zero",
    non_utf8_identifier => "non-utf8-identifier",
    non_utf8_string => "non-utf8-string",
    syntax_error_aggregate => "syntax-error-aggregate",
    syntax_error_choice => "syntax-error-choice",
    syntax_error_const => "syntax-error-const",
    syntax_error_const_interval => "syntax-error-const-interval",
    syntax_error_const_pool => "syntax-error-const-pool",
    syntax_error_constraint => "syntax-error-constraint",
    syntax_error_disjunction => "syntax-error-disjunction",
    syntax_error_external => "syntax-error-external",
    syntax_error_fact => "syntax-error-fact",
    syntax_error_include => "syntax-error-include",
    syntax_error_minimize => "syntax-error-minimize",
    syntax_error_program => "syntax-error-program",
    syntax_error_project => "syntax-error-project",
    syntax_error_rule => "syntax-error-rule",
    syntax_error_show => "syntax-error-show",
    syntax_error_weak_constraint => "syntax-error-weak-constraint",
    undefined_operation => "undefined-operation",
    undefined_operation_drops_rule => "undefined-operation-drops-rule",
    unknown_directive => "unknown-directive",
    unsafe_aggregate_element => "unsafe-aggregate-element",
    unsafe_comparison => "unsafe-comparison",
    unsafe_condition => "unsafe-condition",
    unsafe_external => "unsafe-external",
    unsafe_head => "unsafe-head",
    unsafe_negative_body => "unsafe-negative-body",
    unsafe_show_term => "unsafe-show-term",
    unsafe_weak_constraint => "unsafe-weak-constraint",
    unterminated_block_comment => "unterminated-block-comment",
    unterminated_string => "unterminated-string",
}

#[test]
fn every_case_has_a_test() {
    let entries = std::fs::read_dir(root().join("tests/bad-input")).expect("the folder");
    let mut missing: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|f| f.strip_suffix(".expected").map(String::from))
        .filter(|case| !TESTED.contains(&case.as_str()))
        .collect();
    missing.sort();
    assert!(missing.is_empty(), "cases without a test: {missing:?}");
}

#[test]
fn the_parser_prefers_mini_clingo_sections() {
    let raw = b"# x\nargs: a.lp\nexit: 30\nmini-clingo-exit: 65\nnote: x\n\
mini-clingo-stderr:\nerror (PROGRAM)\nstderr:\nclingo's\n";
    let case = parse_case(raw);
    assert_eq!(case.args, ["a.lp"]);
    assert_eq!(case.exit, 65);
    assert_eq!(case.stderr.as_deref(), Some(&b"error (mini-clingo)\n"[..]));
}
