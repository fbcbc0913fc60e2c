//! Labs keep to themselves: unique names, and nothing left behind once dropped.

mod common;

use std::io::Read;
use std::net::{Ipv4Addr, TcpListener, TcpStream};

use common::{PATIENCE, lab, netns_list};
use dwarfs_netlab::{Host, Lab, Nat};

/// Every namespace of a lab holding `hosts`: the internet's, the hosts', the routers'.
fn namespaces_of(lab: &Lab, hosts: &[&Host]) -> Vec<String> {
    let mut names = vec![lab.internet_namespace().to_string()];
    for host in hosts {
        names.push(host.namespace().to_string());
        names.extend(host.router_namespace().map(str::to_string));
    }
    names
}

/// Builds a lab with a server and a home, connects the home to the server, and returns the
/// address the server saw, the lab's namespaces and the lab; `None` if labs cannot be built.
fn server_and_home(tag: &str) -> Option<(Ipv4Addr, Vec<String>, Lab)> {
    let lab = lab(tag)?;
    let server = lab.public_host("server").unwrap();
    let home = lab.home("home", Nat::Cone).unwrap();
    let listener = lab
        .run_in(&server, || TcpListener::bind("0.0.0.0:4001"))
        .unwrap()
        .unwrap();
    let to = (server.ip(), 4001).into();
    let _client = lab
        .run_in(&home, || TcpStream::connect_timeout(&to, PATIENCE))
        .unwrap()
        .unwrap();
    let (_, from) = listener.accept().unwrap();
    assert_eq!(from.ip(), home.public_ip());
    let names = namespaces_of(&lab, &[&server, &home]);
    let std::net::IpAddr::V4(from) = from.ip() else {
        panic!("an IPv4 lab saw {from}")
    };
    Some((from, names, lab))
}

#[test]
fn two_labs_built_at_once_do_not_collide() {
    let (first, second) = std::thread::scope(|scope| {
        let first = scope.spawn(|| server_and_home("twin"));
        let second = scope.spawn(|| server_and_home("twin"));
        (first.join().unwrap(), second.join().unwrap())
    });
    let (Some((seen_1, names_1, lab_1)), Some((seen_2, names_2, lab_2))) = (first, second) else {
        return; // skipped, reason printed
    };
    // Same tag, same host names, same addresses: each lab is a world of its own.
    assert_eq!(seen_1, seen_2);
    assert_eq!(names_1.len(), 4);
    assert!(
        names_1.iter().all(|name| !names_2.contains(name)),
        "{names_1:?} and {names_2:?} share a namespace"
    );
    let listed = netns_list();
    for name in names_1.iter().chain(&names_2) {
        assert!(listed.contains(name), "{name} is not in {listed:?}");
    }
    drop((lab_1, lab_2));
}

#[test]
fn dropping_a_lab_deletes_every_namespace_it_made() {
    let Some((_, names, lab)) = server_and_home("drop") else {
        return;
    };
    let listed = netns_list();
    assert!(
        names.iter().all(|name| listed.contains(name)),
        "{names:?} not all in {listed:?}"
    );
    drop(lab);
    let listed = netns_list();
    assert!(
        names.iter().all(|name| !listed.contains(name)),
        "{listed:?} still holds some of {names:?}"
    );
}

#[test]
fn a_test_that_panics_still_deletes_its_lab() {
    let (tx, rx) = std::sync::mpsc::channel();
    let outcome = std::thread::spawn(move || {
        let Some(lab) = lab("panic") else { return };
        let home = lab.home("home", Nat::Symmetric).unwrap();
        tx.send(namespaces_of(&lab, &[&home])).unwrap();
        panic!("a failing test");
    })
    .join();
    let Ok(names) = rx.recv() else {
        return; // skipped, reason printed
    };
    assert!(outcome.is_err(), "the thread was meant to panic");
    let listed = netns_list();
    assert!(
        names.iter().all(|name| !listed.contains(name)),
        "{listed:?} still holds some of {names:?}"
    );
}

#[test]
fn a_panic_inside_a_namespace_reaches_the_caller() {
    let Some(lab) = lab("run-in") else { return };
    let server = lab.public_host("server").unwrap();
    let caught = std::panic::catch_unwind(|| lab.run_in(&server, || panic!("inside")));
    assert!(caught.is_err());
    // The lab still works afterwards, and `run_in` is inside the host: its only interfaces are
    // loopback and its end of the veth pair (the thread's own view, not the process's).
    let devices = lab
        .run_in(&server, || {
            std::fs::read_to_string("/proc/thread-self/net/dev")
        })
        .unwrap()
        .unwrap();
    let mut names: Vec<&str> = devices
        .lines()
        .filter_map(|line| line.split_once(':'))
        .map(|(name, _)| name.trim())
        .collect();
    names.sort_unstable();
    assert_eq!(names, ["eth0", "lo"]);
}

#[test]
fn namespaces_left_by_a_dead_process_are_removed() {
    let Some(_live) = lab("live") else { return };
    // No process can have an id above the system's largest one.
    let mut pid_max = String::new();
    std::fs::File::open("/proc/sys/kernel/pid_max")
        .unwrap()
        .read_to_string(&mut pid_max)
        .unwrap();
    let dead = pid_max.trim().parse::<u64>().unwrap() + 1;
    let stale = format!("dwl{dead}-0-stale.net");
    let status = std::process::Command::new("ip")
        .args(["netns", "add", &stale])
        .status()
        .unwrap();
    assert!(status.success());

    let removed = Lab::remove_stale().unwrap();
    assert!(removed.contains(&stale), "{removed:?}");
    let listed = netns_list();
    assert!(!listed.contains(&stale));
    assert!(
        listed.contains(&_live.internet_namespace().to_string()),
        "a live lab was removed"
    );
}

#[test]
fn host_names_must_be_usable_and_distinct() {
    let Some(lab) = lab("names") else { return };
    lab.public_host("server").unwrap();
    // Names the lab itself might use are a host's like any other.
    lab.public_host("net").unwrap();
    lab.public_host("nat").unwrap();
    lab.home("home", Nat::Cone).unwrap();
    lab.home("home_nat", Nat::Cone).unwrap();
    assert!(lab.public_host("server").is_err());
    assert!(lab.home("server", Nat::Cone).is_err());
    assert!(lab.home("Bad Name", Nat::Cone).is_err());
}
