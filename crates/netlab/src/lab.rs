//! The lab: its internet namespace, its hosts and routers, and their removal.

use std::ffi::OsStr;
use std::net::Ipv4Addr;
use std::process::Command;
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::firewall::Firewall;
use crate::names::{check_host_name, creator_pid, lab_prefix};
use crate::netns::{NETNS_DIR, enter};
use crate::run::{in_ns, ip, unavailable};
use crate::{LabError, Nat};

/// The internet's bridge address; hosts and routers get the next ones, `203.0.113.2` onwards.
const BRIDGE_IP: Ipv4Addr = Ipv4Addr::new(203, 0, 113, 1);
/// Every home's router on its LAN.
const ROUTER_LAN_IP: Ipv4Addr = Ipv4Addr::new(192, 168, 1, 1);
/// Every home host on its LAN.
const HOME_IP: Ipv4Addr = Ipv4Addr::new(192, 168, 1, 2);
/// Prefix length of both the internet and the LANs.
const PREFIX_LEN: u8 = 24;

/// `ip netns add` is serialised within the process: the first one on a machine sets up the
/// shared mount of the namespace directory, which concurrent calls could stack.
static NETNS_ADD: Mutex<()> = Mutex::new(());

/// A network lab: an "internet" (a bridge on 203.0.113.0/24 inside a namespace of its own) with
/// public hosts and home routers on it, and a home behind each router. Every part lives in
/// namespaces the lab made; the machine's own network is never touched. Dropping the lab
/// deletes its namespaces (also when a test panics).
///
/// Methods take `&self`: a lab may be shared between threads.
#[derive(Debug)]
pub struct Lab {
    /// Start of every namespace name of this lab.
    prefix: String,
    /// The namespace holding the bridge.
    internet: String,
    /// The tool that writes the routers' rules.
    firewall: Firewall,
    /// What the lab made so far.
    state: Mutex<State>,
}

/// What a lab made so far.
#[derive(Debug, Default)]
struct State {
    /// Every namespace made, to delete on drop.
    namespaces: Vec<String>,
    /// Host names taken.
    names: Vec<String>,
    /// Public addresses handed out, after the bridge's.
    public_addresses: u8,
}

/// A host of a lab: a public host, or a home behind its router.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Host {
    name: String,
    namespace: String,
    ip: Ipv4Addr,
    public_ip: Ipv4Addr,
    router: Option<(String, Nat)>,
}

/// Packets a router drops for a while ([`Lab::cut`]). Dropping it does not end the outage: the
/// lab's namespaces go with the lab.
#[derive(Debug)]
#[must_use = "the outage lasts until `end` is called"]
pub struct Outage {
    router: String,
    ip: Ipv4Addr,
    firewall: Firewall,
}

impl Outage {
    /// The router forwards to and from the address again.
    pub fn end(self) -> Result<(), LabError> {
        self.firewall.restore(&self.router, self.ip)
    }
}

impl Host {
    /// The name the host was given in the lab.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The host's network namespace (for `ip netns exec`).
    pub fn namespace(&self) -> &str {
        &self.namespace
    }

    /// The host's own address: a public one for a public host, `192.168.1.2` for a home.
    pub fn ip(&self) -> Ipv4Addr {
        self.ip
    }

    /// The address the internet sees the host's connections come from: its own for a public
    /// host, its router's public (wan) address for a home.
    pub fn public_ip(&self) -> Ipv4Addr {
        self.public_ip
    }

    /// For a home, its router's namespace (to look at its rules or connection tracking); `None`
    /// for a public host.
    pub fn router_namespace(&self) -> Option<&str> {
        self.router.as_ref().map(|(ns, _)| ns.as_str())
    }

    /// For a home, the kind of NAT its router does; `None` for a public host.
    pub fn nat(&self) -> Option<Nat> {
        self.router.as_ref().map(|&(_, nat)| nat)
    }

    /// Moves the calling thread, for the rest of its life, into this host's namespace: sockets it
    /// opens afterwards live there (sockets keep their namespace wherever they are used). Meant
    /// for threads made for the purpose, such as a tokio runtime's (`on_thread_start`); prefer
    /// [`Lab::run_in`] otherwise. Other threads of the process are not moved.
    pub fn enter_current_thread(&self) -> Result<(), LabError> {
        enter(&self.namespace)
    }
}

impl Lab {
    /// Builds an empty lab: a namespace holding the internet's bridge (203.0.113.1/24). `tag`
    /// (cut to 12 characters) goes into the namespace names, to tell labs apart in `ip netns
    /// list`; names are unique per process and lab, so labs may be built at once by several
    /// threads and processes.
    ///
    /// [`LabError::Unavailable`] says this machine cannot build labs (a test then prints the
    /// reason and skips). Routers use nftables, or iptables where `nft` cannot be used.
    pub fn new(tag: &str) -> Result<Lab, LabError> {
        Lab::build(tag, None)
    }

    /// As [`Lab::new`], with the routers' rules written by the given tool (to test both).
    pub fn with_firewall(tag: &str, firewall: Firewall) -> Result<Lab, LabError> {
        Lab::build(tag, Some(firewall))
    }

    fn build(tag: &str, wanted: Option<Firewall>) -> Result<Lab, LabError> {
        ip(&["-V"]).map_err(unavailable("the `ip` program (iproute2) cannot be run"))?;
        let prefix = lab_prefix(tag);
        let mut lab = Lab {
            // Hosts' namespaces are `<prefix>.<name>`: the prefix alone is free for the internet.
            internet: prefix.clone(),
            prefix,
            // Replaced below once probed; the lab must exist first so that dropping it on an
            // error removes what was made.
            firewall: Firewall::Nft,
            state: Mutex::new(State::default()),
        };
        let net = lab.internet.clone();
        lab.add_namespace(&net)
            .map_err(unavailable("cannot make a network namespace"))?;
        let bridge = format!("{BRIDGE_IP}/{PREFIX_LEN}");
        ip(&["-n", &net, "link", "add", "br0", "type", "bridge"])
            .map_err(unavailable("cannot make a bridge"))?;
        ip(&["-n", &net, "addr", "add", &bridge, "dev", "br0"])?;
        ip(&["-n", &net, "link", "set", "br0", "up"])?;
        ip(&[
            "-n", &net, "link", "add", "probe0", "type", "veth", "peer", "name", "probe1",
        ])
        .map_err(unavailable("cannot make a veth pair"))?;
        ip(&["-n", &net, "link", "del", "probe0"])?;
        lab.firewall = Firewall::probe(&net, wanted)?;
        Ok(lab)
    }

    /// The namespace holding the internet's bridge `br0`, named `dwl<pid>-<counter>-<tag>`; a
    /// host's namespace adds `.<name>` to it, a home's router `.<name>.nat`.
    pub fn internet_namespace(&self) -> &str {
        &self.internet
    }

    /// The tool writing this lab's router rules.
    pub fn firewall(&self) -> Firewall {
        self.firewall
    }

    /// Adds a public host: a namespace with one interface, `eth0`, on the internet's bridge, and
    /// the next free public address (203.0.113.2 onwards). `name` has 1 to 24 characters among
    /// `a-z0-9_-` and is unique in the lab. Public hosts and routers reach each other directly on
    /// 203.0.113.0/24 and have no default route: there is nothing beyond that range.
    pub fn public_host(&self, name: &str) -> Result<Host, LabError> {
        self.take_name(name)?;
        let ns = format!("{}.{name}", self.prefix);
        self.add_namespace(&ns)?;
        let ip = self.attach(&ns, "eth0")?;
        Ok(Host {
            name: name.to_string(),
            namespace: ns,
            ip,
            public_ip: ip,
            router: None,
        })
    }

    /// Adds a home behind a NAT router: a router namespace (`wan` on the internet's bridge with
    /// the next free public address, `lan` 192.168.1.1/24) and the home's namespace (`eth0`
    /// 192.168.1.2/24, default route via the router). Every home has the same LAN range, as at
    /// real homes.
    ///
    /// The router forwards from its LAN to the internet and masquerades (see [`Nat`] for how
    /// ports are chosen); from the internet it forwards and accepts only what belongs to
    /// connections the home opened, and drops everything else without a reset. `name` follows
    /// the rules of [`Lab::public_host`].
    pub fn home(&self, name: &str, nat: Nat) -> Result<Host, LabError> {
        self.take_name(name)?;
        let router = format!("{}.{name}.nat", self.prefix);
        let home = format!("{}.{name}", self.prefix);
        self.add_namespace(&router)?;
        let public_ip = self.attach(&router, "wan")?;
        self.add_namespace(&home)?;
        let router_lan = format!("{ROUTER_LAN_IP}/{PREFIX_LEN}");
        let home_lan = format!("{HOME_IP}/{PREFIX_LEN}");
        let gateway = ROUTER_LAN_IP.to_string();
        ip(&[
            "-n", &router, "link", "add", "lan", "type", "veth", "peer", "name", "eth0", "netns",
            &home,
        ])?;
        ip(&["-n", &router, "addr", "add", &router_lan, "dev", "lan"])?;
        ip(&["-n", &router, "link", "set", "lan", "up"])?;
        ip(&["-n", &home, "addr", "add", &home_lan, "dev", "eth0"])?;
        ip(&["-n", &home, "link", "set", "eth0", "up"])?;
        ip(&["-n", &home, "route", "add", "default", "via", &gateway])?;
        // Rules first, forwarding after: nothing crosses the router unfiltered.
        self.firewall.make_router(&router, nat)?;
        in_ns(
            &router,
            "sh",
            &["-c", "echo 1 > /proc/sys/net/ipv4/ip_forward"],
            None,
        )?;
        Ok(Host {
            name: name.to_string(),
            namespace: home,
            ip: HOME_IP,
            public_ip,
            router: Some((router, nat)),
        })
    }

    /// A command that runs `program` inside `host`'s namespace (`ip netns exec NS program`); add
    /// arguments, environment and pipes as to any [`Command`]. Stop what it starts before the
    /// lab is dropped: a process keeps its namespace's network alive.
    pub fn command(&self, host: &Host, program: impl AsRef<OsStr>) -> Command {
        let mut command = Command::new("ip");
        command
            .args(["netns", "exec", host.namespace()])
            .arg(program);
        command
    }

    /// Runs `f` on a new thread inside `host`'s namespace and returns what it returns (a panic
    /// in `f` goes on in the caller). Sockets `f` opens live in that namespace and keep it when
    /// returned to, and used from, any other thread.
    pub fn run_in<T, F>(&self, host: &Host, f: F) -> Result<T, LabError>
    where
        F: FnOnce() -> T + Send,
        T: Send,
    {
        std::thread::scope(|scope| {
            let thread = scope.spawn(|| {
                host.enter_current_thread()?;
                Ok(f())
            });
            thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    }

    /// Makes `home`'s router drop every packet it would forward to or from `ip` (another
    /// router's or host's public address), until [`Outage::end`]: a path between two homes that
    /// loses everything for a while, while both still reach the rest of the internet. An error
    /// for a public host, which has no router.
    pub fn cut(&self, home: &Host, ip: Ipv4Addr) -> Result<Outage, LabError> {
        let Some(router) = home.router_namespace() else {
            return Err(LabError::NoRouter {
                host: home.name().to_string(),
            });
        };
        self.firewall.cut(router, ip)?;
        Ok(Outage {
            router: router.to_string(),
            ip,
            firewall: self.firewall,
        })
    }

    /// Deletes the namespaces of labs whose process is gone (a test killed before its lab was
    /// dropped), and returns their names. Labs of running processes are left alone.
    pub fn remove_stale() -> Result<Vec<String>, LabError> {
        let entries = match std::fs::read_dir(NETNS_DIR) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => {
                return Err(LabError::Command {
                    command: format!("ls {NETNS_DIR}"),
                    detail: e.to_string(),
                });
            }
        };
        let mut removed = Vec::new();
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(pid) = creator_pid(&name) else {
                continue;
            };
            if std::path::Path::new(&format!("/proc/{pid}")).exists() {
                continue;
            }
            ip(&["netns", "del", &name])?;
            removed.push(name);
        }
        Ok(removed)
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Reserves a host name.
    fn take_name(&self, name: &str) -> Result<(), LabError> {
        check_host_name(name)?;
        let mut state = self.state();
        if state.names.iter().any(|n| n == name) {
            return Err(LabError::Name {
                name: name.to_string(),
                why: "the lab already has a host of that name",
            });
        }
        state.names.push(name.to_string());
        Ok(())
    }

    /// Makes namespace `ns`, remembers it for the drop, and brings its loopback up.
    fn add_namespace(&self, ns: &str) -> Result<(), LabError> {
        {
            let _one_at_a_time = NETNS_ADD.lock().unwrap_or_else(PoisonError::into_inner);
            if let Err(e) = ip(&["netns", "add", ns]) {
                // Our names carry our process id and a counter never reused within a process:
                // one that exists was left by a killed process that had the same id. Replace it.
                if std::path::Path::new(&format!("{NETNS_DIR}/{ns}")).exists() {
                    ip(&["netns", "del", ns])?;
                    ip(&["netns", "add", ns])?;
                } else {
                    return Err(e);
                }
            }
        }
        self.state().namespaces.push(ns.to_string());
        ip(&["-n", ns, "link", "set", "lo", "up"]).map(drop)
    }

    /// Plugs namespace `ns` into the internet's bridge by a veth pair whose end in `ns` is
    /// `interface`, gives that end the next public address, and returns the address.
    fn attach(&self, ns: &str, interface: &str) -> Result<Ipv4Addr, LabError> {
        let n = {
            let mut state = self.state();
            if state.public_addresses >= 253 {
                return Err(LabError::Full);
            }
            state.public_addresses += 1;
            state.public_addresses
        };
        let [a, b, c, d] = BRIDGE_IP.octets();
        let address = Ipv4Addr::new(a, b, c, d + n);
        let port = format!("p{}", d + n);
        let net = &self.internet;
        let cidr = format!("{address}/{PREFIX_LEN}");
        ip(&[
            "-n", net, "link", "add", &port, "type", "veth", "peer", "name", interface, "netns", ns,
        ])?;
        ip(&["-n", net, "link", "set", &port, "master", "br0", "up"])?;
        ip(&["-n", ns, "addr", "add", &cidr, "dev", interface])?;
        ip(&["-n", ns, "link", "set", interface, "up"])?;
        Ok(address)
    }
}

impl Drop for Lab {
    /// Deletes every namespace the lab made. Deleting a namespace removes its interfaces, and
    /// with them the other ends of their veth pairs. Processes still running in a namespace are
    /// not killed (they keep its network alive until they end).
    fn drop(&mut self) {
        let namespaces = std::mem::take(&mut self.state().namespaces);
        for ns in namespaces.iter().rev() {
            let _ = ip(&["netns", "del", ns]);
        }
    }
}
