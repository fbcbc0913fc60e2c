//! The terminal player of `dwarfs host`, `join` and `resume`: drives a peer through its
//! [`PeerHandle`] like the GUI does, printing what happens and reading the player's lines from
//! stdin — a number picks one of the legal actions listed on each turn, `/start` (host) fills the
//! open seats with bots, `/takeover SEAT` votes a silent seat to the bot, `/help` lists these,
//! `/quit` leaves, anything else is chat (in the lobby before the game).
//! With `--bot LEVEL` a bot chooses instead ([`Player::Bot`]): it searches on a thread of its
//! own ([`crate::bot_thread`]), so the peer's network task never waits for it, and plays its
//! answer only if the game is still where it was asked.

use crate::bot_thread::{self, Answer, Position, SendBot};
use crate::gui::words::count;
use dwarfs_engine::{Game, Seat, Viewer};
use dwarfs_net::lobby::seat_label;
use dwarfs_net::spec::{Ending, PeerReport};
use dwarfs_net::{Command, GameMirror, GameUpdate, LinkUpdate, LobbyUpdate, PeerHandle, Update};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

/// Who chooses the local seat's moves.
pub enum Player<G: Game> {
    /// The person at the terminal, by number.
    Person,
    /// A bot; the moves are printed only if `verbose`.
    Bot {
        /// The bot.
        bot: SendBot<G>,
        /// Print every move.
        verbose: bool,
    },
}

/// The bot that plays the local seat, between its searches.
struct LocalBot<G: Game> {
    /// The bot (`None` while it thinks).
    bot: Option<SendBot<G>>,
    /// Where its answers come.
    answers: UnboundedSender<Answer<G>>,
    /// Where its last choice was played (not asked again there).
    played_at: Option<Position>,
}

/// What the terminal knows of the game.
struct Table<G: Game> {
    /// The game, once it has started: its state, our seat, the seats' names, our move in
    /// flight.
    mirror: Option<GameMirror<G>>,
    /// The move after which we last listed our choices.
    prompted: Option<u32>,
    /// Our seat was handed to the bot, or the game is over: no more choices.
    done: bool,
    /// The bot that plays our seat, if one does.
    bot: Option<LocalBot<G>>,
    /// Print every move applied.
    print_moves: bool,
    /// The lobby as last printed (a roster is printed again only when it changed).
    roster: Option<String>,
    /// Each peer's link as last printed (printed again only when it changed).
    links: std::collections::BTreeMap<String, String>,
    /// With `dwarfs host --web`: the page's HTTP port, for the link printed with the ticket.
    web_port: Option<u16>,
}

/// What a player may type, for `/help`.
const HELP: &str = "Type a number to play one of the actions listed on your turn. Other text \
is chat (in the lobby before the game). /start (host): fill the open seats with bots and start. \
/takeover SEAT: vote to hand a silent seat to the bot. /quit: leave (the others hand your seat \
to the bot; after a crash instead, `dwarfs resume REPLAY` takes your seat up again). /help: this \
list.";

/// Plays at the terminal until the peer stops; returns its report. `open_seats` is how many
/// players a host waits for.
pub async fn play<G: Game>(
    mut peer: PeerHandle<G>,
    open_seats: Option<u8>,
    player: Player<G>,
    web_port: Option<u16>,
) -> PeerReport {
    let (answers_tx, mut answers) = unbounded_channel();
    let (bot, print_moves) = match player {
        Player::Person => (None, true),
        Player::Bot { bot, verbose } => (
            Some(LocalBot {
                bot: Some(bot),
                answers: answers_tx,
                played_at: None,
            }),
            verbose,
        ),
    };
    // A bot reads nothing from the terminal (it may run in the background).
    let mut lines = bot.is_none().then(spawn_stdin);
    let mut t = Table::<G> {
        mirror: None,
        prompted: None,
        done: false,
        bot,
        print_moves,
        roster: None,
        links: Default::default(),
        web_port,
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
            Some(answer) = answers.recv() => {
                if let Some(action) = t.on_answer(answer) {
                    t.play(action, &peer);
                }
            }
        }
        if t.bot.is_some() {
            t.ask_bot();
        } else {
            t.prompt();
        }
    }
}

impl<G: Game> Table<G> {
    /// Prints an update of the peer, and feeds the game's mirror.
    fn show(&mut self, u: Update<G>, hosting: &mut Option<u8>, peer: &PeerHandle<G>) {
        let u = match u {
            Update::Started(started) => {
                self.mirror = Some(GameMirror::new(*started));
                return;
            }
            u => u,
        };
        match &u {
            Update::Status(line) => println!("{line}"),
            Update::Lobby(l) => self.show_lobby(l, hosting),
            Update::Started(_) => {}
            Update::Game(g) => self.show_game(g),
            Update::WatchRequest { peer: who, name } => {
                // The terminal host follows its flag: with --anyone-may-watch nobody is asked.
                println!(
                    "{name} asked to watch; denied (host with --anyone-may-watch to let anyone watch)."
                );
                peer.send(Command::AnswerWatcher {
                    peer: who.clone(),
                    allow: false,
                });
            }
            Update::Refused(why) => {
                println!("{why}");
                if let Some(b) = self.bot.as_mut() {
                    // Ask the bot again where its choice was refused.
                    b.played_at = None;
                }
            }
            Update::Link(l) => self.show_link(l),
            // The end is told in status lines.
            Update::Ended(_) => {}
        }
        if let Some(m) = self.mirror.as_mut() {
            m.on_update(u);
        }
    }

    /// Prints the page's link with the ticket inside, and its QR code.
    fn show_web_link(&self, ticket: &str, port: u16) {
        let link = ticket
            .parse::<dwarfs_net::Ticket>()
            .ok()
            .and_then(|t| t.page_link(port));
        let Some(link) = link else {
            println!("No WebSocket address in the ticket: browsers cannot reach this game.");
            return;
        };
        println!("{}{link}\n", crate::web_link::LINK_LINE);
        if let Ok(qr) = crate::web_link::qr_text(&link) {
            println!("{qr}");
        }
        println!(
            "(A browser on the LAN joins with it. Two or more browsers at one game cannot reach \
             each other yet.)\n"
        );
    }

    /// Prints lobby news.
    fn show_lobby(&mut self, u: &LobbyUpdate, hosting: &mut Option<u8>) {
        match u {
            LobbyUpdate::Ticket(ticket) => {
                println!("Invite ticket (share it with the other players):\n\n{ticket}\n");
                if let Some(port) = self.web_port {
                    self.show_web_link(ticket, port);
                }
                if let Some(n) = hosting.take().filter(|&n| n > 0) {
                    println!(
                        "Waiting for {} to join with `dwarfs join TICKET`...",
                        count(n, "more player", "more players")
                    );
                }
                println!("(type /start to fill the open seats with bots and start now)");
            }
            LobbyUpdate::Roster { seats, .. } => {
                let mut text = "Lobby:".to_string();
                for s in seats {
                    text.push_str(&format!("\n  {}: {}", seat_label::<G>(s.seat), s.name));
                }
                // The host sends the roster again and again while the lobby waits: print it
                // only when it changed.
                if self.roster.as_ref() != Some(&text) {
                    println!("{text}");
                    self.roster = Some(text);
                }
            }
            LobbyUpdate::Chat { name, text } => println!("[lobby] {name}: {text}"),
        }
    }

    /// Prints game news (before the mirror takes it in: the events are worded in the state
    /// they happened in).
    fn show_game(&mut self, u: &GameUpdate<G>) {
        let Some(ours) = self.mirror.as_ref().map(|m| m.seats.ours) else {
            return;
        };
        match u {
            GameUpdate::Chat { seat, text } => {
                let name = self
                    .mirror
                    .as_ref()
                    .and_then(|m| m.seats.names.get(seat.index()).cloned())
                    .unwrap_or_else(|| seat_label::<G>(*seat));
                println!("[chat] {name}: {text}");
            }
            GameUpdate::Applied {
                seq,
                seat,
                description,
                events,
                by_bot,
                state,
            } => {
                let who = if *by_bot { " (bot)" } else { "" };
                if self.print_moves {
                    println!("{seq:>4}. seat {}{who}: {description}", seat.0 + 1);
                    self.print_events(state, events);
                }
            }
            GameUpdate::Chance { state, events, .. } => {
                if self.print_moves {
                    self.print_events(state, events);
                }
            }
            GameUpdate::Incident(i) => {
                let first = i.evidence.lines().next().unwrap_or_default();
                eprintln!("{} at move {}: {first}", i.kind, i.seq);
            }
            GameUpdate::Halted(why) => {
                eprintln!("The game stopped: {why}");
                self.done = true;
            }
            GameUpdate::TakenOver { seat, .. } if Some(*seat) == ours => self.done = true,
            GameUpdate::Over { .. } => self.done = true,
            // Silences and takeovers are told in status lines.
            GameUpdate::Final { .. } | GameUpdate::Silent { .. } | GameUpdate::TakenOver { .. } => {
            }
        }
    }

    /// Prints link news when it changes something.
    fn show_link(&mut self, u: &LinkUpdate) {
        match u {
            LinkUpdate::Path { peer, path } => {
                let now = path.map_or_else(|| "lost".to_string(), |p| p.to_string());
                if self.links.get(peer) != Some(&now) {
                    println!("Link to {peer}: {now}.");
                    self.links.insert(peer.clone(), now);
                }
            }
            LinkUpdate::PunchFailed { peer } => println!(
                "No direct connection to {peer} (its NAT or ours refuses hole punching): the game goes on over the relay."
            ),
            LinkUpdate::Reachability(r) => println!("This computer is {r}."),
        }
    }

    /// Sends our choice through the mirror (which knows whether one is still in flight).
    fn play(&mut self, action: G::Action, peer: &PeerHandle<G>) {
        let Some(m) = self.mirror.as_mut() else {
            return;
        };
        match m.play(vec![action]) {
            Ok(c) => {
                if !peer.send(c) {
                    m.send_failed();
                }
            }
            Err(e) => println!("{e}."),
        }
    }

    /// The log lines of `events` in the game's words, as our seat may see them (a spectator
    /// sees what every seat may).
    fn print_events(&self, state: &G, events: &[G::Event]) {
        let ours = self.mirror.as_ref().and_then(|m| m.seats.ours);
        let viewer = ours.map_or(Viewer::Spectator, Viewer::Seat);
        for event in events {
            if let Some(line) = state
                .redact_event(event, viewer)
                .and_then(|e| state.describe_event(&e))
            {
                println!("        {line}");
            }
        }
    }

    /// The state, when it is our turn to choose.
    fn my_turn(&self) -> Option<(&G, Seat)> {
        let m = self.mirror.as_ref()?;
        let (state, seat) = (&m.state, m.seats.ours?);
        // Our turn, or our part of a secret simultaneous step.
        (!self.done && state.to_act().includes(seat)).then_some((state, seat))
    }

    /// Where the game is now, if it is our turn to choose.
    fn my_position(&self) -> Option<Position> {
        self.my_turn()?;
        Some(Position::of(self.mirror.as_ref()?))
    }

    /// Asks the bot for our move when it is ours to choose, the bot is not already thinking and
    /// it has not chosen here yet. It thinks on a thread of its own.
    fn ask_bot(&mut self) {
        let Some(here) = self.my_position() else {
            return;
        };
        let Some((state, seat)) = self.my_turn().map(|(s, seat)| (s.clone(), seat)) else {
            return;
        };
        let Some(b) = self.bot.as_mut() else { return };
        if b.played_at == Some(here) {
            return;
        }
        let Some(bot) = b.bot.take() else {
            return; // thinking
        };
        let tx = b.answers.clone();
        if let Err(e) = bot_thread::think(state, seat, here, bot, move |a| {
            let _ = tx.send(a);
        }) {
            eprintln!("The bot cannot think on a thread of its own ({e}); it stops playing.");
            self.done = true;
        }
    }

    /// The bot's answer: the action to play, if the game is still where the bot was asked and
    /// ours to play; a stale answer is dropped (the bot is asked again).
    fn on_answer(&mut self, answer: Answer<G>) -> Option<G::Action> {
        let here = self.my_position();
        let b = self.bot.as_mut()?;
        b.bot = Some(answer.bot);
        let ours = self.mirror.as_ref().and_then(|m| m.seats.ours);
        if here != Some(answer.asked_at) || ours != Some(answer.seat) {
            return None;
        }
        let action = answer.action?;
        b.played_at = Some(answer.asked_at);
        Some(action)
    }

    /// Lists our choices once per turn.
    fn prompt(&mut self) {
        let seq = self.mirror.as_ref().map_or(0, |m| m.seq);
        if self.prompted == Some(seq) {
            return;
        }
        let Some((state, seat)) = self.my_turn() else {
            return;
        };
        println!("\n{}", state.text_view(Viewer::Seat(seat)));
        println!("{}", state.prompt(Viewer::Seat(seat)));
        println!("Your turn ({seat}). Choose an action:");
        for (i, a) in state.legal_actions_for_vec(seat).iter().enumerate() {
            println!("  {:>3}. {}", i + 1, state.describe(a));
        }
        println!("(type a number; other text is chat; /help for more)");
        self.prompted = Some(seq);
    }

    /// A line the player typed.
    fn on_line(&mut self, line: &str, peer: &PeerHandle<G>) {
        let line = line.trim();
        match line {
            "/start" => {
                peer.send(Command::StartNow);
                return;
            }
            "/help" => {
                println!("{HELP}");
                return;
            }
            "/quit" => {
                println!("Leaving.");
                peer.send(Command::Leave);
                return;
            }
            _ => {}
        }
        if line == "/takeover" || line.starts_with("/takeover ") {
            match line["/takeover".len()..].trim().parse::<u8>() {
                Ok(n) if n >= 1 => {
                    peer.send(Command::VoteTakeover(Seat(n - 1)));
                }
                _ => println!("usage: /takeover SEAT (the seat's number, from 1)"),
            }
            return;
        }
        if line.starts_with('/') && !line.starts_with("/say ") {
            println!("Unknown command {line}. {HELP}");
            return;
        }
        if self.mirror.is_none() {
            if line.parse::<usize>().is_ok() {
                println!(
                    "The game has not started yet (the host can type /start to fill open seats with bots)."
                );
            } else if !line.is_empty() {
                // Lobby chat.
                peer.send(Command::Chat(
                    line.strip_prefix("/say ").unwrap_or(line).to_string(),
                ));
            }
            return;
        }
        if let Ok(n) = line.parse::<usize>() {
            let Some((state, seat)) = self.my_turn() else {
                println!("It is not your turn.");
                return;
            };
            let legal = state.legal_actions_for_vec(seat);
            match n.checked_sub(1).and_then(|i| legal.get(i)).cloned() {
                Some(a) => self.play(a, peer),
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

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_engine::toy::{Pig, PigOptions};
    use dwarfs_engine::{Actor, RandomBot};

    /// A terminal table whose seat is played by a random bot, in a Pig game where that seat
    /// acts; the receiver of the bot's answers.
    fn bot_table() -> (Table<Pig>, UnboundedReceiver<Answer<Pig>>) {
        let mut g = Pig::new(&PigOptions::default(), 2).expect("2 players");
        g.resolve_chance([5; 32]).expect("setup");
        let Actor::Seat(seat) = g.to_act() else {
            unreachable!("a seat acts after setup")
        };
        let (tx, rx) = unbounded_channel();
        let t = Table {
            mirror: Some(GameMirror::new(dwarfs_net::Started {
                seat: Some(seat),
                names: vec!["A".into(), "B".into()],
                bots: vec![false, false],
                state: g,
                seed: [0; 32],
                seq: 0,
            })),
            prompted: None,
            done: false,
            bot: Some(LocalBot {
                bot: Some(Box::new(RandomBot::new(3))),
                answers: tx,
                played_at: None,
            }),
            print_moves: false,
            roster: None,
            links: Default::default(),
            web_port: None,
        };
        (t, rx)
    }

    #[test]
    fn the_bot_thinks_on_its_thread_and_its_answer_is_played_where_it_was_asked() {
        let (mut t, mut rx) = bot_table();
        t.ask_bot();
        assert!(t.bot.as_ref().is_some_and(|b| b.bot.is_none()), "thinking");
        t.ask_bot();
        let answer = rx.blocking_recv().expect("an answer");
        let legal = t.mirror.as_ref().expect("a game").state.legal_actions_vec();
        let action = t.on_answer(answer).expect("played");
        assert!(legal.contains(&action));
        assert!(
            rx.try_recv().is_err(),
            "asked once, though asked twice while thinking"
        );
        // Not asked again in the same position (the move is on its way).
        t.ask_bot();
        assert!(t.bot.as_ref().is_some_and(|b| b.bot.is_some()));
    }

    #[test]
    fn an_answer_for_a_position_gone_by_is_dropped_and_the_bot_asked_again() {
        let (mut t, mut rx) = bot_table();
        t.ask_bot();
        let answer = rx.blocking_recv().expect("an answer");
        // A move was applied meanwhile (the same state, but a later move number).
        if let Some(m) = t.mirror.as_mut() {
            m.seq += 1;
        }
        assert_eq!(t.on_answer(answer), None, "stale");
        assert!(
            t.bot.as_ref().is_some_and(|b| b.bot.is_some()),
            "the bot is back"
        );
        t.ask_bot();
        let answer = rx.blocking_recv().expect("asked again");
        assert_eq!(answer.asked_at.seq, 1);
        assert!(t.on_answer(answer).is_some());
    }
}
