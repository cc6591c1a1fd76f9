//! Out of memory: clingo's message and exit code 33 (Linux: the address space is limited with
//! the shell's `ulimit -v`).

#[cfg(target_os = "linux")]
#[test]
fn out_of_memory_exits_33_with_clingos_message() {
    let dir = std::env::temp_dir().join(format!("mini-clingo-oom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let program = dir.join("big.lp");
    // Below the grounding limit, but far more than 150 MB of atoms.
    std::fs::write(&program, "p(1..3000000).\n").unwrap();
    let binary = env!("CARGO_BIN_EXE_mini-clingo");
    let script = format!("ulimit -v 150000 && exec '{binary}' big.lp");
    let output = std::process::Command::new("sh")
        .current_dir(&dir)
        .arg("-c")
        .arg(script)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(33), "stderr: {stderr}");
    assert_eq!(stderr, "*** ERROR: (mini-clingo): std::bad_alloc\n");
    assert_eq!(
        stdout,
        format!(
            "mini-clingo version {}\nReading from big.lp\n",
            env!("CARGO_PKG_VERSION")
        )
    );
}
