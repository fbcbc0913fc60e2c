//! The routers' NAT and filter rules, with nftables or, where `nft` is missing, iptables.

use crate::run::in_ns;
use crate::{LabError, Nat};

/// The tool that writes the routers' rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Firewall {
    /// `nft` (nftables).
    Nft,
    /// `iptables-restore` (legacy or nf_tables backend alike).
    Iptables,
}

/// A throwaway NAT table that uses what the routers need (masquerade, fully random), so a
/// machine lacking either fails here rather than in the middle of a test.
const NFT_PROBE: &str = "table ip dwarfs_probe {
    chain post {
        type nat hook postrouting priority 100; policy accept;
        oifname \"probe\" masquerade fully-random
    }
}
";

/// The same probe for iptables.
const IPTABLES_PROBE: &str = "*nat
-A POSTROUTING -o probe -j MASQUERADE --random-fully
COMMIT
";

impl Firewall {
    /// The program this tool's rules are written with.
    pub fn program(self) -> &'static str {
        match self {
            Firewall::Nft => "nft",
            Firewall::Iptables => "iptables-restore",
        }
    }

    /// Whether [`Firewall::program`] is installed (found on `PATH`). A machine may have one tool
    /// and not the other; a lab built with the one it has is as good.
    pub fn installed(self) -> bool {
        let program = self.program();
        std::env::var_os("PATH")
            .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
    }

    /// Finds a tool that can write NAT rules inside namespace `ns` (which the caller owns and
    /// may scribble on): `wanted` if given, else nftables first and iptables next.
    pub(crate) fn probe(ns: &str, wanted: Option<Firewall>) -> Result<Firewall, LabError> {
        let candidates = match wanted {
            Some(one) => vec![one],
            None => vec![Firewall::Nft, Firewall::Iptables],
        };
        let mut failures = Vec::new();
        for firewall in candidates {
            match firewall.try_nat(ns) {
                Ok(()) => return Ok(firewall),
                Err(e) => failures.push(format!("{firewall:?}: {e}")),
            }
        }
        Err(LabError::Unavailable(format!(
            "no firewall tool can do NAT here ({})",
            failures.join("; ")
        )))
    }

    /// Adds and removes a NAT rule like the routers' in namespace `ns`.
    fn try_nat(self, ns: &str) -> Result<(), LabError> {
        match self {
            Firewall::Nft => {
                in_ns(ns, "nft", &["-f", "-"], Some(NFT_PROBE))?;
                in_ns(ns, "nft", &["delete", "table", "ip", "dwarfs_probe"], None)?;
            }
            Firewall::Iptables => {
                in_ns(ns, "iptables-restore", &[], Some(IPTABLES_PROBE))?;
                in_ns(ns, "iptables", &["-t", "nat", "-F"], None)?;
            }
        }
        Ok(())
    }

    /// Makes namespace `ns` a home router: it masquerades what leaves by `wan` (keeping source
    /// ports where it can for [`Nat::Cone`], a random port per new flow for [`Nat::Symmetric`]),
    /// forwards `lan` to `wan`, and silently drops whatever arrives from `wan` unasked (neither
    /// forwarded nor answered with a reset, as hole punching needs).
    pub(crate) fn make_router(self, ns: &str, nat: Nat) -> Result<(), LabError> {
        match self {
            Firewall::Nft => in_ns(ns, "nft", &["-f", "-"], Some(&nft_router(nat))).map(drop),
            Firewall::Iptables => {
                in_ns(ns, "iptables-restore", &[], Some(&iptables_router(nat))).map(drop)
            }
        }
    }
}

impl Firewall {
    /// Makes the router in namespace `ns` drop everything it would forward to or from `ip`, in
    /// rules of their own that [`Firewall::restore`] removes.
    pub(crate) fn cut(self, ns: &str, ip: std::net::Ipv4Addr) -> Result<(), LabError> {
        match self {
            Firewall::Nft => {
                let table = outage_table(ip);
                let rules = format!(
                    "table inet {table} {{
    chain forward {{
        type filter hook forward priority -10; policy accept;
        ip daddr {ip} drop
        ip saddr {ip} drop
    }}
}}
"
                );
                in_ns(ns, "nft", &["-f", "-"], Some(&rules)).map(drop)
            }
            Firewall::Iptables => iptables_drops(ns, "-I", ip),
        }
    }

    /// Removes what [`Firewall::cut`] added for `ip` in namespace `ns`.
    pub(crate) fn restore(self, ns: &str, ip: std::net::Ipv4Addr) -> Result<(), LabError> {
        match self {
            Firewall::Nft => in_ns(
                ns,
                "nft",
                &["delete", "table", "inet", &outage_table(ip)],
                None,
            )
            .map(drop),
            Firewall::Iptables => iptables_drops(ns, "-D", ip),
        }
    }
}

/// The nftables table of the outage of `ip` (one per address, so that outages end one by one).
fn outage_table(ip: std::net::Ipv4Addr) -> String {
    format!("dwarfs_outage_{}", ip.to_string().replace('.', "_"))
}

/// Inserts (`-I`) or deletes (`-D`) the iptables rules that drop what namespace `ns` forwards to
/// or from `ip`.
fn iptables_drops(ns: &str, op: &str, ip: std::net::Ipv4Addr) -> Result<(), LabError> {
    let ip = ip.to_string();
    for side in ["-d", "-s"] {
        in_ns(
            ns,
            "iptables",
            &[op, "FORWARD", side, &ip, "-j", "DROP"],
            None,
        )?;
    }
    Ok(())
}

/// The router's ruleset for nftables.
fn nft_router(nat: Nat) -> String {
    let masquerade = match nat {
        Nat::Cone => "masquerade",
        Nat::Symmetric => "masquerade fully-random",
    };
    format!(
        "table ip nat {{
    chain postrouting {{
        type nat hook postrouting priority 100; policy accept;
        oifname \"wan\" {masquerade}
    }}
}}
table inet filter {{
    chain input {{
        type filter hook input priority 0; policy drop;
        iifname \"lo\" accept
        ct state established,related accept
        iifname \"lan\" accept
    }}
    chain forward {{
        type filter hook forward priority 0; policy drop;
        ct state established,related accept
        iifname \"lan\" oifname \"wan\" accept
    }}
}}
"
    )
}

/// The router's rules for iptables-restore.
fn iptables_router(nat: Nat) -> String {
    let random = match nat {
        Nat::Cone => "",
        Nat::Symmetric => " --random-fully",
    };
    format!(
        "*nat
-A POSTROUTING -o wan -j MASQUERADE{random}
COMMIT
*filter
:INPUT DROP [0:0]
:FORWARD DROP [0:0]
-A INPUT -i lo -j ACCEPT
-A INPUT -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
-A INPUT -i lan -j ACCEPT
-A FORWARD -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
-A FORWARD -i lan -o wan -j ACCEPT
COMMIT
"
    )
}
