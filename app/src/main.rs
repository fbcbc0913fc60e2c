//! `dwarfs`: the desktop app (no subcommand) and the command-line interface.

mod bench;
mod bench_bots;
mod bench_nat;
mod bot_thread;
mod games;
mod gui;
mod net_cli;
mod relay_cli;
mod replay_cli;
mod simulate;
mod terminal;
mod web_cli;
mod web_link;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Serverless peer-to-peer Dwar7s and Dwarf Hold.
#[derive(Parser, Debug)]
#[command(name = "dwarfs", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play many games between random bots and print statistics.
    Simulate(simulate::Args),
    /// Measure performance, printing ratios measured side by side in one run.
    #[command(subcommand)]
    Bench(bench::BenchCommand),
    /// Verify or show a replay file.
    #[command(subcommand)]
    Replay(replay_cli::ReplayCommand),
    /// Host a game over the network: prints an invite ticket, runs the lobby and the game.
    Host(net_cli::HostArgs),
    /// Join a game from the ticket the host printed.
    Join(net_cli::JoinArgs),
    /// List the open lobbies on the LAN (mDNS), with the tickets to join them.
    Lan(net_cli::LanArgs),
    /// Come back to a game after your process stopped, from your own replay file.
    Resume(net_cli::ResumeArgs),
    /// Run a relay for players behind NAT (a public address needed), and an AutoNAT server.
    Relay(relay_cli::RelayArgs),
    /// Play a full bot game between peers as separate processes over libp2p, then verify it.
    Demo(net_cli::DemoArgs),
    /// Serve the web page (built by scripts/build-web.sh) to browsers on this machine or LAN.
    Web(web_cli::WebArgs),
    /// One peer of `demo` / `bench net` (started by them).
    #[command(name = "__net-peer", hide = true)]
    NetPeer,
}

fn main() -> ExitCode {
    init_logging();
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Simulate(args)) => simulate::run(&args),
        Some(Command::Bench(cmd)) => bench::run(&cmd),
        Some(Command::Replay(cmd)) => replay_cli::run(&cmd),
        Some(Command::Host(args)) => net_cli::run_host(&args),
        Some(Command::Join(args)) => net_cli::run_join(&args),
        Some(Command::Lan(args)) => net_cli::run_lan(&args),
        Some(Command::Resume(args)) => net_cli::run_resume(&args),
        Some(Command::Demo(args)) => net_cli::run_demo_cmd(&args),
        Some(Command::Relay(args)) => relay_cli::run(&args),
        Some(Command::Web(args)) => web_cli::run(&args),
        Some(Command::NetPeer) => net_cli::run_child(),
        None => gui::run(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("DWARFS_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

/// An error that ends a command, with the exit code it maps to.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The arguments are wrong; the message says how to fix them.
    #[error("{0}")]
    Usage(String),
    /// Something failed while running.
    #[error("{0}")]
    Failed(String),
    /// A replay did not verify: the first bad frame and move.
    #[error("{message}")]
    Verify {
        /// The first bad frame (0 is the header).
        frame: usize,
        /// The move concerned, if any.
        seq: Option<u32>,
        /// What is wrong, in words.
        message: String,
    },
}

impl CliError {
    fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Failed(_) | CliError::Verify { .. } => 1,
        }
    }
}

/// `println!` for the commands that print results: a closed pipe (`dwarfs simulate | head -1`)
/// ends the process quietly, as it ends any Unix tool, instead of a panic.
macro_rules! out {
    () => {
        $crate::emit_line("")
    };
    ($($arg:tt)*) => {
        $crate::emit_line(&format!($($arg)*))
    };
}
pub(crate) use out;

/// Writes one line to stdout for [`out!`]: a closed pipe exits with success (the reader has
/// what it wanted); any other failure to write is reported on stderr and exits with 1.
pub fn emit_line(line: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let written = writeln!(stdout, "{line}").and_then(|()| stdout.flush());
    match written {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => {
            eprintln!("error: cannot write to stdout: {e}");
            std::process::exit(1);
        }
    }
}

/// Writes text to stdout. A closed pipe (`dwarfs replay show FILE | head`) ends the output
/// quietly instead of failing.
pub fn emit(text: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(CliError::Failed(format!("cannot write to stdout: {e}")))
        }
        _ => Ok(()),
    }
}
