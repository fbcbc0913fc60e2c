//! ed25519 batch verification of a replay's signatures (ed25519-dalek's `verify_batch`).

use super::BatchVerifier;
use ed25519_dalek::{Signature, VerifyingKey, verify_batch};
use std::collections::BTreeMap;

/// Queues signatures and checks them in one batch. A key that is not a valid ed25519 point makes
/// the whole batch fail (the caller then checks one by one to name the culprit).
#[derive(Default)]
pub struct DalekBatch {
    keys: BTreeMap<[u8; 32], Option<VerifyingKey>>,
    messages: Vec<Vec<u8>>,
    signatures: Vec<Signature>,
    verifying: Vec<VerifyingKey>,
    bad_key: bool,
}

impl BatchVerifier for DalekBatch {
    fn queue(&mut self, key: &[u8; 32], message: &[u8], signature: &[u8; 64]) {
        let k = *self
            .keys
            .entry(*key)
            .or_insert_with(|| VerifyingKey::from_bytes(key).ok());
        match k {
            Some(k) => {
                self.messages.push(message.to_vec());
                self.signatures.push(Signature::from_bytes(signature));
                self.verifying.push(k);
            }
            None => self.bad_key = true,
        }
    }

    fn verify_all(&mut self) -> bool {
        let msgs: Vec<&[u8]> = self.messages.iter().map(|m| m.as_slice()).collect();
        let ok = !self.bad_key && verify_batch(&msgs, &self.signatures, &self.verifying).is_ok();
        self.messages.clear();
        self.signatures.clear();
        self.verifying.clear();
        self.bad_key = false;
        ok
    }
}
