//! Replay format 7: in a 2-player game every move stores the beacon links of the acks it is
//! final on (a survivor resumed with its partner gone needs them for its takeover record; see
//! `resume_takeover.rs`), games of 3 or more only at checkpoints, and format 6 files, which
//! stored links only at checkpoints, still verify.

mod common;
use common::{assemble, frames, recorded};

use dwarfs_engine::toy::Pig;
use dwarfs_protocol::lockstep;
use dwarfs_protocol::replay::format::{self, Frame};
use dwarfs_protocol::replay::{self, Fault};
use dwarfs_protocol::sim::fixture;
use dwarfs_protocol::{GameConfig, Session};

fn config(frames: &[Frame]) -> GameConfig {
    match &frames[0] {
        Frame::Header(h) => h.config.clone(),
        f => panic!("no header: {f:?}"),
    }
}

/// Whether move frame `f` is stored with every live seat's ack and link anyway (a checkpoint,
/// or a takeover at it).
fn stored(cfg: &GameConfig, f: &Frame) -> bool {
    match f {
        Frame::Move(m) => lockstep::is_checkpoint(cfg, m.seq) || m.reroll.is_some(),
        Frame::Secret(r) => lockstep::is_checkpoint(cfg, r.seq) || r.reroll.is_some(),
        _ => true,
    }
}

/// The file as format 6 wrote it: the header says 6 and only stored moves carry links.
fn as_format_6(bytes: &[u8]) -> Vec<u8> {
    let mut fr = frames(bytes);
    let cfg = config(&fr);
    for f in &mut fr {
        let keep = stored(&cfg, f);
        match f {
            Frame::Header(h) => h.format = 6,
            Frame::Move(m) if !keep => m.beacon.clear(),
            Frame::Secret(r) if !keep => r.beacon.clear(),
            _ => {}
        }
    }
    assemble(&fr)
}

#[test]
fn a_2_player_replay_stores_the_links_of_every_move_and_larger_games_only_at_checkpoints() {
    for (players, per_move) in [(2u8, 1usize), (3, 0)] {
        let bytes = recorded(players, 3);
        let fr = frames(&bytes);
        let cfg = config(&fr);
        let off_checkpoint: Vec<usize> = fr
            .iter()
            .filter(|f| !stored(&cfg, f))
            .filter_map(|f| match f {
                Frame::Move(m) => Some(m.beacon.len()),
                _ => None,
            })
            .collect();
        assert!(off_checkpoint.len() > 10, "{players} players");
        // A signed move of a 2-player game: the other seat's link (the mover's is its move's).
        assert!(
            off_checkpoint.iter().all(|&n| n == per_move),
            "{players} players: {off_checkpoint:?}"
        );
        replay::verify::<Pig>(&bytes).unwrap();
    }
}

#[test]
fn a_format_6_replay_still_verifies_to_the_same_game() {
    for players in [2u8, 3] {
        let bytes = recorded(players, 4);
        let old = as_format_6(&bytes);
        assert!(old.len() < bytes.len() || players > 2);
        assert_eq!(
            replay::verify::<Pig>(&old).unwrap(),
            replay::verify::<Pig>(&bytes).unwrap(),
            "{players} players"
        );
    }
}

#[test]
fn a_missing_extra_or_false_link_off_a_checkpoint_names_the_move() {
    let bytes = recorded(2, 5);
    let fr = frames(&bytes);
    let cfg = config(&fr);
    let k = fr
        .iter()
        .position(|f| matches!(f, Frame::Move(m) if m.seq > 3 && !stored(&cfg, f)))
        .unwrap();
    let Frame::Move(m) = &fr[k] else {
        unreachable!()
    };
    let seq = m.seq;
    let fails = |edit: &dyn Fn(&mut Vec<Frame>), why: &str| {
        let mut t = fr.clone();
        edit(&mut t);
        let e = replay::verify::<Pig>(&assemble(&t)).expect_err(why);
        assert_eq!(e.seq, Some(seq), "{why}: {e}");
        assert!(matches!(e.fault, Fault::Beacon(_)), "{why}: {e}");
    };
    fn beacon(t: &mut [Frame], k: usize) -> &mut Vec<[u8; 16]> {
        match &mut t[k] {
            Frame::Move(m) => &mut m.beacon,
            _ => unreachable!(),
        }
    }
    fails(
        &|t| beacon(t, k).clear(),
        "a 2-player move without its link",
    );
    fails(&|t| beacon(t, k)[0][3] ^= 1, "a false link");
    fails(
        &|t| {
            let l = beacon(t, k)[0];
            beacon(t, k).push(l)
        },
        "an extra link",
    );
    // Format 6 stored no links off checkpoints: one there is refused.
    let mut t = frames(&as_format_6(&bytes));
    *beacon(&mut t, k) = beacon(&mut fr.clone(), k).clone();
    let e = replay::verify::<Pig>(&assemble(&t)).unwrap_err();
    assert_eq!(e.seq, Some(seq), "{e}");
    assert!(e.to_string().contains("not a checkpoint"), "{e}");
}

#[test]
fn a_game_under_way_in_a_format_6_file_is_refused_on_resume_by_name() {
    let mut n = fixture::net(2, 9);
    assert!(n.run_until(1_000_000, |n| n.peers[1].session.final_seq() >= 12));
    let p = &n.peers[1];
    let resume = |bytes: &[u8]| {
        Session::<Pig>::resume_with_signer(
            bytes,
            p.signer.clone(),
            p.secret.clone(),
            fixture::settings(),
            n.now,
        )
    };
    assert!(resume(&p.replay).is_ok());
    let e = resume(&as_format_6(&p.replay)).err().unwrap().to_string();
    assert!(
        e.contains("format 6")
            && e.contains(&format!("format {}", format::FORMAT_VERSION))
            && e.contains("can still verify"),
        "{e}"
    );
}
