//! Which addresses are on the local network (a LAN lobby answers only those).

use libp2p::Multiaddr;

/// Whether a connection's remote address is on the local network: a loopback, private
/// (RFC 1918), link-local or unique-local (IPv6 `fc00::/7`) address. Lobbies answer what they host
/// only to such peers.
pub fn is_local(addr: &Multiaddr) -> bool {
    addr.iter().any(|p| match p {
        libp2p::multiaddr::Protocol::Ip4(ip) => {
            ip.is_loopback() || ip.is_private() || ip.is_link_local()
        }
        libp2p::multiaddr::Protocol::Ip6(ip) => {
            ip.is_loopback()
                || (ip.segments()[0] & 0xfe00) == 0xfc00
                || (ip.segments()[0] & 0xffc0) == 0xfe80
        }
        _ => false,
    })
}

#[cfg(test)]
mod local_tests {
    use super::is_local;

    #[test]
    fn local_addresses_are_the_lan_and_loopback_only() {
        for a in [
            "/ip4/127.0.0.1/tcp/1",
            "/ip4/192.168.1.20/tcp/1",
            "/ip4/10.0.0.5/udp/1/quic-v1",
            "/ip4/172.16.3.4/tcp/1",
            "/ip4/169.254.1.1/tcp/1",
            "/ip6/::1/tcp/1",
            "/ip6/fe80::1/tcp/1",
            "/ip6/fd00::1/tcp/1",
        ] {
            assert!(is_local(&a.parse().unwrap()), "{a}");
        }
        for a in [
            "/ip4/8.8.8.8/tcp/1",
            "/ip4/172.32.0.1/tcp/1",
            "/ip6/2001:db8::1/tcp/1",
        ] {
            assert!(!is_local(&a.parse().unwrap()), "{a}");
        }
    }
}
