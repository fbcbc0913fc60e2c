//! Network envelopes: `open` refuses with a reason or yields a wire frame (then handed to the
//! wire decoder) or a network message that round-trips; the lobby info's ticket and the roster's
//! peer ids and addresses are parsed as the app parses them.
#![no_main]

use dwarfs_net::envelope::{Envelope, NetMsg, open, wrap_net, wrap_wire};
use dwarfs_net::ticket::Ticket;
use dwarfs_protocol::wire;
use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: dwarfs_fuzz::write_seeds("envelope"),
    |data: &[u8]| {
        match open(data) {
            Err(reason) => assert!(!reason.is_empty()),
            Ok(Envelope::Wire(frame)) => {
                assert_eq!(wrap_wire(frame), data);
                if let Ok(msg) = wire::decode(frame) {
                    let again = wire::encode(&msg).expect("re-encodes");
                    assert_eq!(wire::decode(&again).expect("re-decodes"), msg);
                }
            }
            Ok(Envelope::Net(msg)) => {
                let again = wrap_net(&msg);
                assert!(again.len() <= data.len(), "the canonical form is never longer");
                match open(&again) {
                    Ok(Envelope::Net(m)) => assert_eq!(m, msg),
                    other => panic!("a re-wrapped message does not open: {other:?}"),
                }
                match &msg {
                    NetMsg::LobbyInfo(info) => {
                        if let Ok(t) = Ticket::decode(&info.ticket) {
                            assert_eq!(Ticket::decode(&t.encode()).expect("re-decodes"), t);
                        }
                    }
                    NetMsg::Roster(roster) => {
                        for s in &roster.body.seats {
                            let _ = s.peer_id();
                            let _ = s.multiaddrs();
                        }
                    }
                    _ => {}
                }
            }
        }
    }
);
