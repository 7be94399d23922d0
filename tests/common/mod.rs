//! Helpers for driving the `hypertac` binary with a private record store.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// A command for the binary with `HYPERTAC_HOME` set to `home`.
pub fn hypertac(home: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hypertac"));
    cmd.env("HYPERTAC_HOME", home);
    cmd
}

/// Runs the binary with `args`, feeding `input` on stdin; returns the output.
pub fn run_with_input(home: &Path, args: &[&str], input: &str) -> Output {
    let mut child = hypertac(home)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary starts");
    // The binary may exit before reading everything (e.g. on a bad store).
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

/// Plain mode with these arguments and input lines; returns stdout (asserting exit 0).
pub fn play(home: &Path, args: &[&str], input: &str) -> String {
    let mut all = vec!["play", "--plain"];
    all.extend_from_slice(args);
    let out = run_with_input(home, &all, input);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "exit {:?}\nstdout:\n{stdout}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// `hypertac records ARGS`: (exit success, stdout, stderr).
pub fn records(home: &Path, args: &[&str]) -> (bool, String, String) {
    let out = hypertac(home).arg("records").args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The lines of `text` starting with `error:`.
pub fn errors(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("error:")).collect()
}

/// Runs the binary with `args` (no store involved); returns stdout, stderr
/// and the exit code.
pub fn run_args(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_hypertac"))
        .args(args)
        .output()
        .expect("run hypertac");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}
