//! `dwarfs host --web` (issue 37): the host serves the page over HTTP and prints a link to it
//! with the ticket inside; the link's page is served, its ticket is the host's, and a desktop
//! player who joins with that ticket reaches the host over its WebSocket address alone and
//! plays the game to the end.

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Kills the process when the test ends, however it ends.
struct Kill(Child);
impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Runs `dwarfs ARGS --key DIR/WHO.key --replay DIR/WHO.replay`; the process and the lines it
/// prints, read on a thread.
fn dwarfs(args: &[&OsStr], dir: &Path, who: &str) -> (Kill, mpsc::Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dwarfs"))
        .args(args)
        .arg("--key")
        .arg(dir.join(format!("{who}.key")))
        .arg("--replay")
        .arg(dir.join(format!("{who}.replay")))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(out).lines().map_while(Result::ok) {
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    (Kill(child), rx)
}

/// The first line after which `f` finds something, within a minute.
fn find<T>(rx: &mpsc::Receiver<String>, what: &str, mut f: impl FnMut(&str) -> Option<T>) -> T {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match rx.recv_timeout(left) {
            Ok(l) => {
                if let Some(t) = f(&l) {
                    return t;
                }
            }
            Err(_) => panic!("no {what} in time"),
        }
    }
}

/// `GET path` from `host:port` over HTTP/1.0: the whole answer.
fn get(host_port: &str, path: &str) -> String {
    let mut s = std::net::TcpStream::connect(host_port).unwrap();
    write!(s, "GET {path} HTTP/1.0\r\nHost: {host_port}\r\n\r\n").unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).unwrap();
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn a_host_serves_the_page_with_a_link_and_a_player_joins_over_websocket() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let page = d.join("page");
    std::fs::create_dir(&page).unwrap();
    std::fs::write(page.join("index.html"), "<p>the dwarfs page</p>").unwrap();
    let os = |s: &'static str| OsStr::new(s);
    let (_host, out) = dwarfs(
        &[
            os("host"),
            os("--game"),
            os("pig"),
            os("--seats"),
            os("2"),
            os("--bot"),
            os("random"),
            os("--web"),
            os("--web-port"),
            os("0"),
            os("--web-dir"),
            page.as_os_str(),
            os("--listen"),
            os("/ip4/127.0.0.1/tcp/0/ws"),
        ],
        d,
        "host",
    );
    let mut ticket = None;
    let link = find(&out, "browser link", |l| {
        if ticket.is_none() && l.starts_with("dwarfs") && !l.trim().contains(' ') {
            ticket = Some(l.trim().to_string());
        }
        l.strip_prefix("Browser link (the page, with the ticket): ")
            .map(str::to_string)
    });
    let ticket = ticket.expect("the ticket printed before the link");
    let rest = link.strip_prefix("http://").expect("an http link");
    let (host_port, query) = rest.split_once("/?join=").expect("the ticket in the link");
    assert_eq!(query, ticket, "the link carries the host's ticket");
    assert!(host_port.starts_with("127.0.0.1:"), "{host_port}");
    let answer = get(host_port, &format!("/?join={query}"));
    assert!(
        answer.contains(" 200 ") && answer.ends_with("<p>the dwarfs page</p>"),
        "{answer}"
    );
    // A desktop player joins with the ticket: its only address is the WebSocket one.
    let (_join, joined) = dwarfs(
        &[os("join"), OsStr::new(&ticket), os("--bot"), os("random")],
        d,
        "join",
    );
    find(&joined, "the end of the game", |l| {
        l.starts_with("Game over after").then_some(())
    });
    find(&out, "the host's end of the game", |l| {
        l.starts_with("Game over after").then_some(())
    });
}
