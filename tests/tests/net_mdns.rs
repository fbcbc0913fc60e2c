//! LAN discovery by mDNS. mDNS ignores loopback, so this test builds its own LAN: two network
//! namespaces joined by a veth pair, a host in one and a player in the other who finds the lobby
//! by mDNS alone (no ticket) and plays a full game. Where namespaces cannot be made (not root,
//! no `ip`), the test is skipped with a message that says why.

mod net_common;
use net_common::*;
use std::process::Command;

child_entry!();

/// Two namespaces joined by a veth pair; removed on drop.
struct Lan {
    a: String,
    b: String,
}

fn ip(args: &[&str]) -> Result<(), String> {
    let out = Command::new("ip")
        .args(args)
        .output()
        .map_err(|e| format!("cannot run `ip`: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "`ip {}` failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

impl Lan {
    fn new() -> Result<Lan, String> {
        let id = std::process::id() % 100_000;
        let lan = Lan {
            a: format!("dwarfs-a-{id}"),
            b: format!("dwarfs-b-{id}"),
        };
        let (va, vb) = (format!("dwva{id}"), format!("dwvb{id}"));
        ip(&["netns", "add", &lan.a])?;
        ip(&["netns", "add", &lan.b])?;
        ip(&["link", "add", &va, "type", "veth", "peer", "name", &vb])?;
        ip(&["link", "set", &va, "netns", &lan.a])?;
        ip(&["link", "set", &vb, "netns", &lan.b])?;
        for (ns, dev, addr) in [(&lan.a, &va, "10.77.0.1/24"), (&lan.b, &vb, "10.77.0.2/24")] {
            ip(&["-n", ns, "addr", "add", addr, "dev", dev])?;
            ip(&["-n", ns, "link", "set", dev, "up", "multicast", "on"])?;
            ip(&["-n", ns, "link", "set", "lo", "up"])?;
            ip(&["-n", ns, "route", "add", "224.0.0.0/4", "dev", dev])?;
        }
        Ok(lan)
    }

    fn launcher(&self, ns: &str) -> Launcher {
        let exe = std::env::current_exe().unwrap();
        let mut args = vec!["netns".to_string(), "exec".into(), ns.into()];
        args.push(exe.display().to_string());
        args.extend(launcher().args);
        Launcher {
            exe: "ip".into(),
            args,
        }
    }
}

impl Drop for Lan {
    fn drop(&mut self) {
        // Deleting a namespace removes its end of the veth pair, and with it the other end.
        let _ = ip(&["netns", "del", &self.a]);
        let _ = ip(&["netns", "del", &self.b]);
    }
}

#[test]
fn a_player_finds_the_lobby_on_the_lan_by_mdns() {
    let lan = match Lan::new() {
        Ok(lan) => lan,
        Err(why) => {
            dwarfs_nettools::lab::skip_or_fail(&format!(
                "the mDNS test needs its own network namespaces and veth pair (mDNS ignores loopback), and they cannot be made here: {why}"
            ));
            return;
        }
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cfg = pig_demo(d, 2, Transport::Tcp);
    rt().block_on(async {
        let t0 = Instant::now();
        let mut host = demo_spec(
            &cfg,
            0,
            Role::Host {
                seats: 2,
                bots: 0,
                options: pig_options(40, 100),
            },
        );
        host.net.listen = vec!["/ip4/10.77.0.1/tcp/0".into()];
        host.net.mdns = true;
        host.timing.timeout_ms = 30_000;
        let mut joiner = demo_spec(&cfg, 1, Role::Lan);
        joiner.net.listen = vec!["/ip4/10.77.0.2/tcp/0".into()];
        joiner.net.mdns = true;
        joiner.timing.timeout_ms = 30_000;
        let mut h = lan
            .launcher(&lan.a)
            .spawn(&host, &d.join("peer1.log"))
            .unwrap();
        // The ticket is printed, but the joiner never sees it: it finds the lobby by mDNS.
        h.ticket(Duration::from_secs(20)).await.unwrap();
        let j = lan
            .launcher(&lan.b)
            .spawn(&joiner, &d.join("peer2.log"))
            .unwrap();
        let replays = vec![host.replay.clone().unwrap(), joiner.replay.clone().unwrap()];
        let o = collect::<Pig>(vec![h, j], replays, Duration::from_secs(40), t0).await;
        assert_verified(&o);
    });
}
