//! Why a dial failed, in words a player can act on (`NetEvent::DialFailed`).

use libp2p::TransportError;
use libp2p::swarm::DialError;
use std::io;

/// The reason of a failed dial, in words: the most telling address's (a refusal says more than
/// a timeout, which says more than anything else), with what the player can check.
pub(crate) fn dial_error_words(error: &DialError) -> String {
    match error {
        DialError::Transport(errs) => {
            let rank = |e: &TransportError<io::Error>| match io_kind(e) {
                Some(io::ErrorKind::ConnectionRefused) => 0,
                Some(io::ErrorKind::TimedOut) => 1,
                Some(_) => 2,
                None => 3,
            };
            match errs.iter().min_by_key(|(_, e)| rank(e)) {
                Some((addr, e)) => {
                    // The address without the peer id the ticket already names.
                    let addr: libp2p::Multiaddr = addr
                        .iter()
                        .filter(|p| !matches!(p, libp2p::multiaddr::Protocol::P2p(_)))
                        .collect();
                    format!("{addr}: {}", transport_words(e))
                }
                None => "no address could be tried".to_string(),
            }
        }
        DialError::NoAddresses => "no address is known for it (check the ticket)".to_string(),
        DialError::WrongPeerId { address, .. } => format!(
            "{address} answered as another node (an old ticket, or another program listens there)"
        ),
        DialError::Denied { cause } => format!("this node refused the connection: {cause}"),
        DialError::LocalPeerId { address } => format!("{address} is this very node"),
        DialError::Aborted | DialError::DialPeerConditionFalse(_) => {
            "the attempt was cancelled".to_string()
        }
    }
}

/// One address's failure in words.
fn transport_words(e: &TransportError<io::Error>) -> String {
    match (io_kind(e), e) {
        (_, TransportError::MultiaddrNotSupported(_)) => {
            "an address this build cannot dial".to_string()
        }
        (Some(io::ErrorKind::ConnectionRefused), _) => {
            "the connection was refused (nothing listens there: is the host still running?)"
                .to_string()
        }
        (Some(io::ErrorKind::TimedOut), _) => {
            "no answer (the host is offline, or a firewall drops the connection)".to_string()
        }
        (Some(io::ErrorKind::HostUnreachable | io::ErrorKind::NetworkUnreachable), _) => {
            "no route to that address (another network, or the host is offline)".to_string()
        }
        (_, TransportError::Other(e)) => e.to_string(),
    }
}

/// The kind of the innermost I/O error behind a transport error, if one says more than "other".
fn io_kind(e: &TransportError<io::Error>) -> Option<io::ErrorKind> {
    let TransportError::Other(e) = e else {
        return None;
    };
    let mut kind = (e.kind() != io::ErrorKind::Other).then_some(e.kind());
    let mut source: Option<&(dyn std::error::Error + 'static)> = e.get_ref().map(|r| r as _);
    let mut depth = 0;
    while let Some(s) = source {
        if let Some(io) = s.downcast_ref::<io::Error>()
            && io.kind() != io::ErrorKind::Other
        {
            kind = Some(io.kind());
        }
        source = s.source();
        depth += 1;
        if depth > 8 {
            break;
        }
    }
    // Transports wrap the OS error in their own types, not all of which name it as a source:
    // the operating system's words are the last resort.
    kind.or_else(|| {
        let text = e.to_string().to_ascii_lowercase();
        if text.contains("connection refused") {
            Some(io::ErrorKind::ConnectionRefused)
        } else if text.contains("timed out") || text.contains("timeout") {
            Some(io::ErrorKind::TimedOut)
        } else if text.contains("unreachable") {
            Some(io::ErrorKind::HostUnreachable)
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn transport(kind: io::ErrorKind) -> DialError {
        let addr: libp2p::Multiaddr = "/ip4/127.0.0.1/tcp/9".parse().unwrap();
        DialError::Transport(vec![(
            addr,
            TransportError::Other(io::Error::new(kind, "from the OS")),
        )])
    }

    #[test]
    fn a_refused_dial_says_nothing_listens_and_a_silent_one_says_no_answer() {
        let refused = dial_error_words(&transport(io::ErrorKind::ConnectionRefused));
        assert!(refused.starts_with("/ip4/127.0.0.1/tcp/9: "), "{refused}");
        assert!(refused.contains("is the host still running?"), "{refused}");
        let silent = dial_error_words(&transport(io::ErrorKind::TimedOut));
        assert!(silent.contains("no answer"), "{silent}");
        // Wrapped: the kind is found under a transport's own error.
        let inner = io::Error::new(io::ErrorKind::ConnectionRefused, "refused");
        let wrapped = DialError::Transport(vec![(
            "/ip4/10.0.0.1/tcp/9".parse().unwrap(),
            TransportError::Other(io::Error::other(inner)),
        )]);
        assert!(dial_error_words(&wrapped).contains("refused"));
    }

    #[test]
    fn an_os_error_known_only_by_its_words_is_still_named() {
        let e = DialError::Transport(vec![(
            "/ip4/127.0.0.1/tcp/9/p2p/12D3KooWGzh3kCRhDtbErZ9Wsz8mwbB3LK6rBqaFhU4xKZ8PExAL"
                .parse()
                .unwrap(),
            TransportError::Other(io::Error::other("Connection refused (os error 111)")),
        )]);
        let words = dial_error_words(&e);
        assert!(
            words.starts_with("/ip4/127.0.0.1/tcp/9: the connection was refused"),
            "{words}"
        );
    }

    #[test]
    fn the_most_telling_address_is_chosen() {
        let e = DialError::Transport(vec![
            (
                "/ip4/10.0.0.1/udp/9/quic-v1".parse().unwrap(),
                TransportError::Other(io::Error::other("handshake timed out")),
            ),
            (
                "/ip4/127.0.0.1/tcp/9".parse().unwrap(),
                TransportError::Other(io::Error::new(io::ErrorKind::ConnectionRefused, "x")),
            ),
        ]);
        let words = dial_error_words(&e);
        assert!(words.starts_with("/ip4/127.0.0.1/tcp/9"), "{words}");
    }
}
