//! Tickets: any string is refused with a named error or decodes to a ticket whose encoding
//! decodes to the same ticket. An input starting with byte 0 is a raw ticket body, wrapped with a
//! valid checksum so the body decoder (peer id, multiaddrs) is reached.
#![no_main]

use dwarfs_net::ticket::Ticket;
use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: dwarfs_fuzz::write_seeds("ticket"),
    |data: &[u8]| {
        let text = match data.split_first() {
            Some((0, payload)) => dwarfs_fuzz::ticket::with_checksum(payload),
            _ => String::from_utf8_lossy(data).into_owned(),
        };
        match Ticket::decode(&text) {
            Err(e) => assert!(!e.to_string().is_empty()),
            Ok(t) => {
                assert!(!t.addrs.is_empty(), "a ticket without an address was accepted");
                let s = t.encode();
                assert_eq!(Ticket::decode(&s).expect("re-decodes"), t);
                assert_eq!(s.parse::<Ticket>().expect("parses"), t);
            }
        }
    }
);
