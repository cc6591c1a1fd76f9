//! The command line.

/// Runs the command line and returns the exit code.
pub fn main() -> i32 {
    0
}
