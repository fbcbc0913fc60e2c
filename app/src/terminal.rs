//! The terminal player of `dwarfs host`, `join` and `resume`: drives a peer through its
//! [`PeerHandle`] like the GUI does, printing what happens and reading the player's lines from
//! stdin — a number picks one of the legal actions listed on each turn, `/start` (host) fills the
//! open seats with bots, `/takeover SEAT` votes a silent seat to the bot, anything else is chat.

use dwarfs_engine::{Game, Seat, Viewer};
use dwarfs_net::lobby::seat_label;
use dwarfs_net::spec::{Ending, PeerReport};
use dwarfs_net::{Command, PeerHandle, Update};
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};

/// What the terminal knows of the game.
struct Table<G: Game> {
    /// Our seat, once the game has started (`None` as a spectator).
    seat: Option<Seat>,
    /// The state as last shown.
    state: Option<Box<G>>,
    /// The last move applied (0 at the start).
    last_seq: u32,
    /// The move after which we last listed our choices.
    prompted: Option<u32>,
    /// Our seat was handed to the bot, or the game is over: no more choices.
    done: bool,
}

/// Plays at the terminal until the peer stops; returns its report. `open_seats` is how many
/// players a host waits for.
pub async fn play<G: Game>(mut peer: PeerHandle<G>, open_seats: Option<u8>) -> PeerReport {
    let mut lines = Some(spawn_stdin());
    let mut t = Table::<G> {
        seat: None,
        state: None,
        last_seq: 0,
        prompted: None,
        done: false,
    };
    let mut hosting = open_seats;
    if hosting.is_none() {
        // A player at the terminal is ready as soon as the seats are filled.
        peer.send(Command::Ready(true));
    }
    loop {
        tokio::select! {
            u = peer.recv() => match u {
                Some(Update::Ended(report)) => return *report,
                Some(u) => {
                    t.show(u, &mut hosting, &peer);
                    // What else is waiting goes first, so the choices come last.
                    while let Some(u) = peer.try_recv() {
                        match u {
                            Update::Ended(report) => return *report,
                            u => t.show(u, &mut hosting, &peer),
                        }
                    }
                }
                None => {
                    let mut r = PeerReport::new(String::new(), String::new(), None);
                    r.ending = Ending::Failed("the peer stopped without a report".into());
                    return r;
                }
            },
            line = recv_line(&mut lines) => match line {
                Some(line) => t.on_line(&line, &peer),
                None => lines = None,
            },
        }
        t.prompt();
    }
}

impl<G: Game> Table<G> {
    /// Prints an update of the peer.
    fn show(&mut self, u: Update<G>, hosting: &mut Option<u8>, peer: &PeerHandle<G>) {
        match u {
            Update::Status(line) => println!("{line}"),
            Update::Ticket(ticket) => {
                println!("Invite ticket (share it with the other players):\n\n{ticket}\n");
                if let Some(n) = hosting.take() {
                    println!("Waiting for {n} more player(s) to join with `dwarfs join TICKET`...");
                }
                println!("(type /start to fill the open seats with bots and start now)");
            }
            Update::Roster { seats, .. } => {
                println!("Lobby:");
                for s in &seats {
                    println!("  {}: {}", seat_label::<G>(s.seat), s.name);
                }
            }
            Update::Started { seat, state, .. } => {
                self.seat = seat;
                self.state = Some(state);
            }
            Update::Applied {
                seq,
                seat,
                description,
                by_bot,
                state,
                ..
            } => {
                let who = if by_bot { " (bot)" } else { "" };
                println!("{seq:>4}. seat {}{who}: {description}", seat.0 + 1);
                self.last_seq = seq;
                self.state = Some(state);
            }
            Update::Chance { state, .. } => self.state = Some(state),
            Update::Incident(i) => {
                let first = i.evidence.lines().next().unwrap_or_default();
                eprintln!("{} at move {}: {first}", i.kind, i.seq);
            }
            Update::Halted(why) => {
                eprintln!("The game stopped: {why}");
                self.done = true;
            }
            Update::WatchRequest { peer: who, name } => {
                // The terminal host follows its flag: with --anyone-may-watch nobody is asked.
                println!(
                    "{name} asked to watch; denied (host with --anyone-may-watch to let anyone watch)."
                );
                peer.send(Command::AnswerWatcher {
                    peer: who,
                    allow: false,
                });
            }
            Update::Refused(why) => println!("{why}"),
            Update::Link { peer, path } => match path {
                Some(p) => println!("Link to {peer}: {p}."),
                None => println!("Link to {peer}: lost."),
            },
            Update::PunchFailed { peer } => println!(
                "No direct connection to {peer} (its NAT or ours refuses hole punching): the game goes on over the relay."
            ),
            Update::Reachability(r) => println!("This computer is {r}."),
            Update::TakenOver { seat, .. } if Some(seat) == self.seat => self.done = true,
            Update::Over { .. } => self.done = true,
            // Chat lines, silences, takeovers and the end are told in status lines.
            Update::LobbyChat { .. }
            | Update::Chat { .. }
            | Update::Final { .. }
            | Update::Silent { .. }
            | Update::TakenOver { .. }
            | Update::Ended(_) => {}
        }
    }

    /// The state, when it is our turn to choose.
    fn my_turn(&self) -> Option<(&G, Seat)> {
        let (state, seat) = (self.state.as_deref()?, self.seat?);
        // Our turn, or our part of a secret simultaneous step.
        (!self.done && state.to_act().includes(seat)).then_some((state, seat))
    }

    /// Lists our choices once per turn.
    fn prompt(&mut self) {
        if self.prompted == Some(self.last_seq) {
            return;
        }
        let Some((state, seat)) = self.my_turn() else {
            return;
        };
        println!("\n{}", state.text_view(Viewer::Seat(seat)));
        println!("Your turn ({seat}). Choose an action:");
        for (i, a) in state.legal_actions_for_vec(seat).iter().enumerate() {
            println!("  {:>3}. {}", i + 1, state.describe(a));
        }
        println!(
            "(type a number; other text is sent as chat; /takeover SEAT votes a silent seat to the bot)"
        );
        self.prompted = Some(self.last_seq);
    }

    /// A line the player typed.
    fn on_line(&mut self, line: &str, peer: &PeerHandle<G>) {
        if line == "/start" {
            peer.send(Command::StartNow);
            return;
        }
        if self.state.is_none() {
            println!(
                "The game has not started yet (the host can type /start to fill open seats with bots)."
            );
            return;
        }
        if let Some(text) = line.strip_prefix("/takeover ") {
            match text.trim().parse::<u8>() {
                Ok(n) if n >= 1 => {
                    peer.send(Command::VoteTakeover(Seat(n - 1)));
                }
                _ => println!("usage: /takeover SEAT"),
            }
            return;
        }
        if let Ok(n) = line.parse::<usize>() {
            let Some((state, seat)) = self.my_turn() else {
                println!("It is not your turn.");
                return;
            };
            let legal = state.legal_actions_for_vec(seat);
            match n.checked_sub(1).and_then(|i| legal.get(i)) {
                Some(a) => {
                    peer.send(Command::Play(a.clone()));
                }
                None => println!("Choose a number from 1 to {}.", legal.len()),
            }
            return;
        }
        let text = line.strip_prefix("/say ").unwrap_or(line);
        if !text.is_empty() {
            peer.send(Command::Chat(text.to_string()));
        }
    }
}

/// Reads stdin lines on a thread (stdin blocks).
fn spawn_stdin() -> UnboundedReceiver<String> {
    let (tx, rx) = unbounded_channel();
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

async fn recv_line(rx: &mut Option<UnboundedReceiver<String>>) -> Option<String> {
    match rx {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}
