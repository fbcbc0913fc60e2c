//! Keys and signatures: ed25519 through `libp2p-identity`, so a player's key is the same key as
//! its libp2p identity. Every signed payload is domain-separated by what it is.
//!
//! # One verification rule
//!
//! Every signature is checked by one rule, [ZIP 215] (ed25519-zebra): the key and R may be any
//! encoding of a curve point, s must be canonical, and the *cofactored* equation
//! `[8][s]B = [8]R + [8][k]A` must hold. Single checks ([`verify`], [`verify_bytes`]) and batch
//! checks ([`SigBatch`]) give the same verdict on every input, crafted ones included: a signer
//! who puts a small-order point into its R or key cannot make one peer (or one path: live,
//! batched, replay, resume, evidence) accept what another refuses. RFC 8032's cofactorless
//! equation, which ed25519-dalek's single `verify` uses while its batch is in effect cofactored
//! with a random weight, gave two verdicts for one signature; it is used nowhere. Every honest
//! signature (RFC 8032 signing) passes both rules, so replays signed before the change verify.
//!
//! [ZIP 215]: https://zips.z.cash/zip-0215

use libp2p_identity::{Keypair, PeerId, ed25519};
use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use thiserror::Error;

/// A raw ed25519 public key (32 bytes), as it appears in configs and replay headers.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PublicKeyBytes(pub [u8; 32]);

impl fmt::Debug for PublicKeyBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PublicKey({})", hex(&self.0[..6]))
    }
}

/// Why a key could not be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum KeyError {
    /// Only ed25519 identities can play.
    #[error("only ed25519 keys can sign game messages")]
    NotEd25519,
    /// The 32 bytes are not a valid ed25519 point.
    #[error("invalid ed25519 public key")]
    InvalidPublicKey,
}

impl PublicKeyBytes {
    /// The public key of a keypair.
    pub fn of(keypair: &Keypair) -> Result<Self, KeyError> {
        let pk = keypair
            .public()
            .try_into_ed25519()
            .map_err(|_| KeyError::NotEd25519)?;
        Ok(PublicKeyBytes(pk.to_bytes()))
    }

    /// The decoded key, ready to verify signatures: a key libp2p takes as an identity (so it
    /// has a peer id) that decodes under the one verification rule (see the module docs).
    pub fn verifier(&self) -> Result<VerifyingKey, KeyError> {
        self.libp2p()?;
        let key = ed25519_zebra::VerificationKey::try_from(self.0)
            .map_err(|_| KeyError::InvalidPublicKey)?;
        Ok(VerifyingKey { key, bytes: self.0 })
    }

    fn libp2p(&self) -> Result<ed25519::PublicKey, KeyError> {
        ed25519::PublicKey::try_from_bytes(&self.0).map_err(|_| KeyError::InvalidPublicKey)
    }

    /// The libp2p peer id of this key.
    pub fn peer_id(&self) -> Result<PeerId, KeyError> {
        Ok(libp2p_identity::PublicKey::from(self.libp2p()?).to_peer_id())
    }
}

/// A decoded public key that checks signatures by the one rule (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct VerifyingKey {
    key: ed25519_zebra::VerificationKey,
    bytes: [u8; 32],
}

impl fmt::Debug for VerifyingKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VerifyingKey({})", hex(&self.bytes[..6]))
    }
}

impl VerifyingKey {
    /// The key's 32 bytes, as signed configs and replays hold them.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.bytes
    }

    /// Whether `sig` is this key's signature over `message` (raw bytes, no domain).
    pub fn verify_raw(&self, message: &[u8], sig: &[u8; 64]) -> bool {
        let sig = ed25519_zebra::Signature::from_bytes(sig);
        self.key.verify(&sig, message).is_ok()
    }
}

/// An ed25519 signature (64 bytes), encoded without a length prefix.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Signature(pub [u8; 64]);

impl fmt::Debug for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sig({})", hex(&self.0[..6]))
    }
}

impl Serialize for Signature {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple;
        let mut t = s.serialize_tuple(64)?;
        for b in &self.0 {
            t.serialize_element(b)?;
        }
        t.end()
    }
}

impl<'de> Deserialize<'de> for Signature {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Signature;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("64 signature bytes")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Signature, A::Error> {
                let mut out = [0u8; 64];
                for (i, b) in out.iter_mut().enumerate() {
                    *b = seq
                        .next_element()?
                        .ok_or_else(|| de::Error::invalid_length(i, &self))?;
                }
                Ok(Signature(out))
            }
        }
        d.deserialize_tuple(64, V)
    }
}

/// What a signature covers; part of the signed bytes so one kind can never pass for another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Domain {
    /// A seed commit.
    Commit,
    /// A seed reveal.
    Reveal,
    /// A move.
    Move,
    /// An ack.
    Ack,
    /// A chat line.
    Chat,
    /// A seat-takeover vote.
    Takeover,
    /// A lobby ready.
    Ready,
    /// A commitment to a secret choice at a simultaneous step.
    SecretCommit,
    /// The reveal of a secret choice.
    SecretReveal,
    /// A host's offer of its game's configuration to the lobby.
    Offer,
    /// A refusal in the lobby, bound to the game.
    Refuse,
    /// A host's lobby roster (who sits where), bound to the game.
    Roster,
    /// A host's word on who may watch its game, bound to the game.
    Watchers,
}

impl Domain {
    fn tag(self) -> &'static [u8] {
        match self {
            Domain::Commit => b"dwarfs/commit/v1\0",
            Domain::Reveal => b"dwarfs/reveal/v1\0",
            Domain::Move => b"dwarfs/move/v1\0",
            Domain::Ack => b"dwarfs/ack/v1\0",
            Domain::Chat => b"dwarfs/chat/v1\0",
            Domain::Takeover => b"dwarfs/takeover/v1\0",
            Domain::Ready => b"dwarfs/ready/v1\0",
            Domain::SecretCommit => b"dwarfs/secret-commit/v1\0",
            Domain::SecretReveal => b"dwarfs/secret-reveal/v1\0",
            Domain::Offer => b"dwarfs/lobby-offer/v1\0",
            Domain::Refuse => b"dwarfs/lobby-refuse/v1\0",
            Domain::Roster => b"dwarfs/lobby-roster/v1\0",
            Domain::Watchers => b"dwarfs/lobby-watchers/v1\0",
        }
    }
}

/// The exact bytes that are signed: the domain tag then the canonical encoding of the body.
pub fn signed_bytes<T: Serialize>(domain: Domain, body: &T) -> Vec<u8> {
    let mut out = domain.tag().to_vec();
    dwarfs_engine::codec::encode_plain_into(body, &mut out);
    out
}

/// A signing key (the ed25519 half of a libp2p identity).
#[derive(Clone)]
pub struct Signer {
    pair: ed25519::Keypair,
    public: PublicKeyBytes,
}

impl fmt::Debug for Signer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Signer({:?})", self.public)
    }
}

impl Signer {
    /// The signer for a libp2p identity; it must be ed25519.
    pub fn new(keypair: &Keypair) -> Result<Self, KeyError> {
        let pair = keypair
            .clone()
            .try_into_ed25519()
            .map_err(|_| KeyError::NotEd25519)?;
        let public = PublicKeyBytes(pair.public().to_bytes());
        Ok(Signer { pair, public })
    }

    /// A deterministic key from 32 secret bytes (simulations and tests).
    pub fn from_secret(secret: [u8; 32]) -> Self {
        let kp = keypair_from_secret(secret);
        Signer::new(&kp).unwrap_or_else(|_| unreachable_ed25519())
    }

    /// A per-game secret derived from the signing key and the game's fresh secret (see
    /// [`crate::beacon::derive_secret`]).
    pub fn derive_secret(
        &self,
        game_secret: &crate::GameSecret,
        game_id: &[u8; 32],
        purpose: &str,
    ) -> [u8; 32] {
        let bytes = self.pair.to_bytes();
        let mut sk = [0u8; 32];
        sk.copy_from_slice(&bytes[..32]);
        crate::beacon::derive_secret(&sk, game_secret, game_id, purpose)
    }

    /// The public key.
    pub fn public(&self) -> PublicKeyBytes {
        self.public
    }

    /// Signs `body` under `domain`.
    pub fn sign<T: Serialize>(&self, domain: Domain, body: &T) -> Signature {
        let sig = self.pair.sign(&signed_bytes(domain, body));
        let mut out = [0u8; 64];
        out.copy_from_slice(&sig[..64.min(sig.len())]);
        Signature(out)
    }
}

fn unreachable_ed25519() -> Signer {
    // `keypair_from_secret` always builds an ed25519 key, so this is never reached; the crate
    // never panics, so it falls back to a fresh key.
    let pair = ed25519::Keypair::generate();
    let public = PublicKeyBytes(pair.public().to_bytes());
    Signer { pair, public }
}

/// A libp2p ed25519 identity made from 32 secret bytes.
pub fn keypair_from_secret(secret: [u8; 32]) -> Keypair {
    let sk = ed25519::SecretKey::try_from_bytes(secret)
        .unwrap_or_else(|_| ed25519::SecretKey::generate());
    Keypair::from(ed25519::Keypair::from(sk))
}

/// Checks a signature by `key` over `body` under `domain` (the one rule: see the module docs).
pub fn verify<T: Serialize>(key: &VerifyingKey, domain: Domain, body: &T, sig: &Signature) -> bool {
    key.verify_raw(&signed_bytes(domain, body), &sig.0)
}

/// Checks a signature by the key `key` (32 bytes) over `message` (raw signed bytes): false for
/// a key that does not decode. The same rule as [`verify`] and [`SigBatch`].
pub fn verify_bytes(key: &[u8; 32], message: &[u8], sig: &[u8; 64]) -> bool {
    PublicKeyBytes(*key)
        .verifier()
        .is_ok_and(|k| k.verify_raw(message, sig))
}

/// Signatures checked together, by the same rule as [`verify`] (cofactored, so a batch accepts
/// exactly what one-by-one checks accept, up to a chance of 2^-128 per batch). The batch's
/// random weights are drawn from blake3 over everything queued, so the verdict is a function of
/// the inputs (the same on every peer and every run) and unknown to a signer until it has fixed
/// every signature in the batch. A key that does not decode fails the batch.
#[derive(Default)]
pub struct SigBatch {
    items: Vec<ed25519_zebra::batch::Item>,
    transcript: Option<blake3::Hasher>,
    bad_key: bool,
    /// Keys already found to decode: a batch holds a few authors' many signatures, and
    /// decoding a key (a point decompression) costs a good part of a check.
    decoded: Vec<[u8; 32]>,
}

impl fmt::Debug for SigBatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SigBatch({} queued)", self.items.len())
    }
}

impl SigBatch {
    /// Queues `key`'s signature `sig` over `message`.
    pub fn queue(&mut self, key: &[u8; 32], message: &[u8], sig: &[u8; 64]) {
        if !self.decoded.contains(key) {
            if PublicKeyBytes(*key).verifier().is_err() {
                self.bad_key = true;
                return;
            }
            self.decoded.push(*key);
        }
        let t = self
            .transcript
            .get_or_insert_with(|| blake3::Hasher::new_derive_key("dwarfs sig batch weights v1"));
        t.update(key);
        t.update(&(message.len() as u64).to_le_bytes());
        t.update(message);
        t.update(sig);
        let vk = ed25519_zebra::VerificationKeyBytes::from(*key);
        let sig = ed25519_zebra::Signature::from_bytes(sig);
        self.items.push((vk, sig, message).into());
    }

    /// How many signatures are queued.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether nothing is queued.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Whether every queued signature holds; the batch is empty afterwards.
    pub fn verify_all(&mut self) -> bool {
        let items = std::mem::take(&mut self.items);
        let bad_key = std::mem::take(&mut self.bad_key);
        let transcript = self.transcript.take();
        self.decoded.clear();
        if bad_key {
            return false;
        }
        let Some(t) = transcript else {
            return true;
        };
        let mut verifier = ed25519_zebra::batch::Verifier::new();
        for item in items {
            verifier.queue(item);
        }
        verifier.verify(Weights(t.finalize_xof())).is_ok()
    }
}

/// The batch's random weights: blake3's output stream over the batch (see [`SigBatch`]).
struct Weights(blake3::OutputReader);

impl rand_core_06::RngCore for Weights {
    fn next_u32(&mut self) -> u32 {
        let mut b = [0; 4];
        self.0.fill(&mut b);
        u32::from_le_bytes(b)
    }

    fn next_u64(&mut self) -> u64 {
        let mut b = [0; 8];
        self.0.fill(&mut b);
        u64::from_le_bytes(b)
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.0.fill(dest);
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core_06::Error> {
        self.0.fill(dest);
        Ok(())
    }
}

impl rand_core_06::CryptoRng for Weights {}

/// Lowercase hex of some bytes.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
