//! Running the system's network tools (`ip`, `nft`, `iptables`) and reading their failures.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::LabError;

/// A command line as it would be typed, for error messages.
fn shown(program: &str, args: &[&str]) -> String {
    std::iter::once(program)
        .chain(args.iter().copied())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `program args`, feeding it `stdin` if given, and returns its stdout. A failure to start
/// the program or a non-zero exit is a [`LabError::Command`].
pub(crate) fn run(program: &str, args: &[&str], stdin: Option<&str>) -> Result<String, LabError> {
    let failed = |detail: String| LabError::Command {
        command: shown(program, args),
        detail,
    };
    let mut child = Command::new(program)
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| failed(format!("cannot start {program}: {e}")))?;
    if let (Some(text), Some(mut pipe)) = (stdin, child.stdin.take()) {
        // A program that exits before reading its input (it failed to start, say) closes the
        // pipe: its exit status and stderr below say more than the broken pipe.
        match pipe.write_all(text.as_bytes()) {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                return Err(failed(format!("cannot write its input: {e}")));
            }
            _ => {}
        }
    }
    let out = child
        .wait_with_output()
        .map_err(|e| failed(format!("cannot wait for it: {e}")))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        let stderr = String::from_utf8_lossy(&out.stderr);
        Err(failed(format!("{} ({})", stderr.trim(), out.status)))
    }
}

/// Runs `ip args`.
pub(crate) fn ip(args: &[&str]) -> Result<String, LabError> {
    run("ip", args, None)
}

/// Runs `program args` inside namespace `ns` (`ip netns exec ns program args`).
pub(crate) fn in_ns(
    ns: &str,
    program: &str,
    args: &[&str],
    stdin: Option<&str>,
) -> Result<String, LabError> {
    let mut full = vec!["netns", "exec", ns, program];
    full.extend_from_slice(args);
    run("ip", &full, stdin)
}

/// Turns a failure into [`LabError::Unavailable`], prefixed with what could not be done: used
/// while probing what the machine can do, where any failure means "this machine cannot".
pub(crate) fn unavailable(what: &str) -> impl FnOnce(LabError) -> LabError + '_ {
    move |e| match e {
        LabError::Unavailable(_) => e,
        other => LabError::Unavailable(format!("{what}: {other}")),
    }
}
