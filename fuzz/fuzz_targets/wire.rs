//! The wire decoder: any bytes are refused with a `WireError` or decode to a message whose
//! canonical encoding decodes to the same message and fits in a frame.
#![no_main]

use dwarfs_protocol::wire;
use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: dwarfs_fuzz::write_seeds("wire"),
    |data: &[u8]| {
        match wire::decode(data) {
            Err(e) => assert!(!e.to_string().is_empty()),
            Ok(msg) => {
                let _ = msg.kind();
                let bytes = wire::encode(&msg).expect("a decoded message re-encodes");
                assert!(bytes.len() <= data.len(), "the canonical form is never longer");
                assert_eq!(wire::decode(&bytes).expect("re-decodes"), msg);
            }
        }
    }
);
