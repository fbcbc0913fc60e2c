//! The terminal player: lines read from stdin, the legal actions printed as a numbered list.

use super::Driver;
use dwarfs_engine::{Game, Seat};
use std::time::Instant;
use tokio::sync::mpsc::UnboundedReceiver;

/// A player at the terminal.
pub(super) struct Terminal {
    lines: UnboundedReceiver<String>,
    /// The final move after which we last prompted.
    prompted_seq: u32,
}

impl Terminal {
    /// Starts reading stdin lines on a thread.
    pub(super) fn spawn() -> Self {
        Terminal {
            lines: spawn_stdin(),
            prompted_seq: u32::MAX,
        }
    }
}

/// Ends the process when stdin reaches its end (the parent holding the pipe is gone).
pub(super) fn exit_when_stdin_closes() {
    std::thread::spawn(|| {
        let mut buf = [0u8; 64];
        let mut stdin = std::io::stdin();
        loop {
            match std::io::Read::read(&mut stdin, &mut buf) {
                Ok(0) | Err(_) => {
                    eprintln!("the parent process is gone: stopping");
                    std::process::exit(3);
                }
                Ok(_) => {}
            }
        }
    });
}

fn spawn_stdin() -> tokio::sync::mpsc::UnboundedReceiver<String> {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut line = String::new();
        loop {
            line.clear();
            match stdin.read_line(&mut line) {
                Ok(0) | Err(_) => return,
                Ok(_) => {
                    if tx.send(line.trim().to_string()).is_err() {
                        return;
                    }
                }
            }
        }
    });
    rx
}

/// The next line from the terminal, if there is one.
pub(super) async fn recv_line(t: &mut Option<Terminal>) -> Option<String> {
    match t {
        Some(t) => t.lines.recv().await,
        None => std::future::pending().await,
    }
}

impl<G: Game> Driver<G> {
    pub(super) fn on_line(&mut self, line: Option<String>) {
        let Some(line) = line else {
            self.terminal = None;
            return;
        };
        if line == "/start" {
            self.lobby().start_now();
            self.apply_lobby();
            return;
        }
        let Some(s) = self.session.as_mut() else {
            println!(
                "The game has not started yet (the host can type /start to fill open seats with bots)."
            );
            return;
        };
        if let Some(text) = line.strip_prefix("/takeover ") {
            match text.trim().parse::<u8>() {
                Ok(n) if n >= 1 => match s.vote_takeover(Seat(n - 1)) {
                    Ok(()) => println!("You voted to hand seat {n} to the bot."),
                    Err(e) => println!("{e}"),
                },
                _ => println!("usage: /takeover SEAT"),
            }
            return;
        }
        if let Ok(n) = line.parse::<usize>() {
            if !s.is_my_turn() {
                println!("It is not your turn.");
                return;
            }
            let legal = s.state().legal_actions_vec();
            match n.checked_sub(1).and_then(|i| legal.get(i)) {
                Some(a) => {
                    let seq = s.final_seq() + 1;
                    match s.submit_local_action(a.clone()) {
                        Ok(()) => {
                            self.own_moves.insert(seq, Instant::now());
                        }
                        Err(e) => println!("{e}"),
                    }
                }
                None => println!("Choose a number from 1 to {}.", legal.len()),
            }
            return;
        }
        let text = line.strip_prefix("/say ").unwrap_or(&line);
        if !text.is_empty()
            && let Err(e) = s.send_chat(text)
        {
            println!("{e}");
        }
    }

    pub(super) fn prompt(&mut self) {
        let Some(t) = self.terminal.as_mut() else {
            return;
        };
        let Some(s) = &self.session else { return };
        if !s.is_my_turn() || t.prompted_seq == s.final_seq() {
            return;
        }
        t.prompted_seq = s.final_seq();
        let seat = s.local_seat().unwrap_or(Seat(0));
        println!(
            "\n{}",
            s.state().text_view(dwarfs_engine::Viewer::Seat(seat))
        );
        println!("Your turn ({}). Choose an action:", seat);
        for (i, a) in s.state().legal_actions_vec().iter().enumerate() {
            println!("  {:>3}. {}", i + 1, s.state().describe(a));
        }
        println!(
            "(type a number; other text is sent as chat; /takeover SEAT votes a silent seat to the bot)"
        );
    }
}
